"""Who ranked where in a rated match: the sides (players, or belote's partnerships) in
order of their match scores (in hearts the lowest first), ties sharing a rank; a side
whose seat resigned, forfeited or let the match be abandoned on its turn ranks last."""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import Table
from ..tables.seats import player_of_holder

BOT_MARK = "bot:"


@dataclass(frozen=True)
class RatedMatch:
    game_id: str
    variant: str
    at: float
    teams: tuple[tuple[str, ...], ...]  # per side: its rated entities (player ids, "bot:<strength>")
    ranks: tuple[int, ...]  # per side: 1 for the first, equal for a tie

    @property
    def entities(self) -> tuple[str, ...]:
        return tuple(sorted({entity for team in self.teams for entity in team}))


def bot_entity(strength: str) -> str:
    return BOT_MARK + strength


def rated_match(table: Table, game_id: str, at: float) -> RatedMatch | None:
    """The rated match that ``table`` has just ended (None: not rated, or never started)."""
    if not table.spec.rated or table.spec.event is not None or not table.started or not table.is_over():
        return None  # an event's table: its deals are rated by their comparisons instead
    game = table.game
    teams: list[list[str]] = [[] for _ in range(game.sides)]
    for seat in range(game.players):
        spec = table.spec.seats[seat]
        entity = bot_entity(spec.strength.value) if spec.strength is not None else player_of_holder(table.hashes[seat])
        if entity is None:
            return None  # a human seat held by a token: never at a rated table
        teams[game.side_of(seat)].append(entity)
    ending = table.ending
    left = {game.side_of(seat) for seat in (ending.left if ending is not None else ())}
    sign = 1 if game.lower_is_better else -1
    stayed = [sign * score for side, score in enumerate(game.scores) if side not in left]
    ranks = tuple(
        len(stayed) + 1 if side in left else 1 + sum(1 for other in stayed if other < sign * score)
        for side, score in enumerate(game.scores)
    )
    return RatedMatch(game_id, game.variant, at, tuple(map(tuple, teams)), ranks)

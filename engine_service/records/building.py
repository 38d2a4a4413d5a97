"""A game's whole record, made by replaying its log on a fresh table: each deal as dealt
(captured as it starts), each entry with the deal it was made in, and the results."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Card, Deal, Deck, parse_move
from ..tables import ACTION_MARK, Actor, Table
from .model import DealRecord, Entry, GameRecord, SeatRecord, TableAction


@dataclass
class _Draft:
    number: int
    dealer: int
    dealt: Deal
    turned: Card | None
    entries: list[Entry] = field(default_factory=list)


class RecordBuilder:
    """Feed it a fresh table's log, entry by entry (``add``); ``record()`` is the record so far."""

    def __init__(self, table: Table, *, game_id: str = "", created_at: float | None = None) -> None:
        if table.version:
            raise ValueError("a record is built from a fresh table")
        self.table = table
        self.game_id = game_id
        self.created_at = created_at
        self._deals = [self._draft()]

    def _draft(self) -> _Draft:
        game = self.table.game
        return _Draft(game.deal_number, game.dealer, game.dealt, game.turned)

    def add(self, seat: int | None, text: str, at: float, actor: Actor | None = None) -> None:
        """Replays one entry of the log (its stored text form) and records it."""
        game = self.table.game
        number = game.deal_number
        self.table.apply(seat, text, at, actor)
        self._deals[-1].entries.append(_entry(self.table.version, seat, text, at, actor, game.deck))
        if game.deal_number != number:
            self._deals.append(self._draft())

    @property
    def deals_scored(self) -> int:
        """Deals played to their result so far."""
        return len(self.table.game.results)

    def record(self) -> GameRecord:
        table, game = self.table, self.table.game
        results = {result.deal_number: result for result in game.results}
        deals = tuple(
            DealRecord(draft.number, draft.dealer, draft.dealt.hands, draft.dealt.stock, draft.turned,
                       tuple(draft.entries), results.get(draft.number))
            for draft in self._deals
        )
        seats = tuple(SeatRecord(spec.kind, spec.strength, spec.invitation_hash is not None, player)
                      for spec, player in zip(table.spec.seats, table.players()))
        return GameRecord(
            game.variant, game.options, seats, deals, table.status, tuple(game.scores), table.ending,
            table.winners if table.is_over() else (), self.game_id, self.created_at, table.spec.rematch_of,
            table.rematch_id,
        )


def _entry(version: int, seat: int | None, text: str, at: float, actor: Actor | None, deck: Deck) -> Entry:
    if not text.startswith(ACTION_MARK):
        return Entry(version, seat, at, move=parse_move(text, deck), actor=actor)
    verb = text[len(ACTION_MARK):].partition(":")[0]
    # A claim's argument (its token's hash) and any other secret stay out of the record.
    return Entry(version, seat, at, action=TableAction(verb), actor=actor)


__all__ = ["RecordBuilder"]

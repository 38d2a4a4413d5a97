"""A rated event's ratings (docs/events.md): once the event is over, each deal is a rated
match per direction, among the sides that held those cards (at the tables that finished
it), ranked by their score on it; the raw match of a table moves nobody's rating, so a
bad deal costs nobody rating. Pure: the service applies each match once (its id)."""

from __future__ import annotations

from collections.abc import Sequence

from ..ratings import RatedMatch
from .model import EventSpec
from .scoring import Scorer, TableResults


def deal_match_id(event_id: str, deal: int, direction: int) -> str:
    return f"event:{event_id}:{deal}:{direction}"


def rated_deals(spec: EventSpec, scorer: Scorer, tables: Sequence[TableResults], ended: Sequence[bool],
                teams: Sequence[Sequence[tuple[str, ...]]], at: float) -> list[RatedMatch]:
    """The rated matches of the deals complete now: every players' table has finished the
    deal or ended its match; ``teams[table][side]`` are the rated entities of a table's side."""
    players = [table for table in tables if not table.par]
    matches = []
    for deal in range(spec.deals):
        if not all(len(table.results) > deal or done for table, done in zip(tables, ended) if not table.par):
            break  # later deals cannot be complete either
        comparison = scorer.compare(deal, players)
        for direction in range(scorer.sides):
            results = [item for item in comparison.results if item.direction == direction and teams[item.table][item.side]]
            if len(results) < 2:
                continue
            sign = 1 if scorer.lower_is_better else -1
            ranks = tuple(1 + sum(1 for other in results if sign * other.score < sign * item.score) for item in results)
            matches.append(RatedMatch(deal_match_id(spec.event_id, deal, direction), spec.variant, at,
                                      tuple(teams[item.table][item.side] for item in results), ranks))
    return matches


__all__ = ["deal_match_id", "rated_deals"]

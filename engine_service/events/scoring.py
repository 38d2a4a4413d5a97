"""Duplicate scoring (docs/events.md): each result of a deal compared with every other
result of that deal from the same direction, by matchpoints (1 per result beaten, ½ per
tie), and the standings summed over the deals. Pure: the tables' results in, numbers out.

A direction is a side of the deal as dealt (a seat, or a partnership in belote); at a
table turned by ``rotation`` seats it is held by the side of seat ``seat + rotation``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import Game
from ..rules.events import DealResult


@dataclass(frozen=True)
class TableResults:
    """What a table has finished: its results, deal by deal from the first."""

    number: int
    rotation: int
    par: bool
    results: tuple[DealResult, ...]


@dataclass(frozen=True)
class Result:
    """One table's result of one deal from one direction, compared with the others'."""

    table: int
    direction: int  # the side of the deal as dealt
    side: int  # the table's side that held it
    score: int  # that side's deal score (hearts: penalty points, lower is better)
    matchpoints: float
    top: int  # the results it was compared with: the most matchpoints it could have had
    versus_par: float | None  # 1 better than the par table's result, ½ equal, 0 worse; None: no par yet

    @property
    def percentage(self) -> float | None:
        return 100.0 * self.matchpoints / self.top if self.top else None


@dataclass(frozen=True)
class Comparison:
    """A deal's results at every table that finished it; the par table's apart."""

    deal: int
    results: tuple[Result, ...]  # by direction, then table
    par_scores: tuple[int, ...] | None  # per direction, once the par table finished the deal


@dataclass(frozen=True)
class Standing:
    """A side of a table across the deals compared."""

    table: int
    side: int
    matchpoints: float
    top: int
    deals: int  # deals it has a compared result in
    versus_par: float  # summed over the deals the par table finished too
    par_deals: int

    @property
    def percentage(self) -> float | None:
        return 100.0 * self.matchpoints / self.top if self.top else None


class Scorer:
    """The variant's sides and what a better score is, read from its rules."""

    def __init__(self, rules: Game) -> None:
        self.players = rules.players
        self.sides = rules.sides
        self.lower_is_better = rules.lower_is_better
        self._side_of = [rules.side_of(seat) for seat in range(rules.players)]
        # One seat holding each direction in the deal as dealt.
        self._seat_of = [self._side_of.index(side) for side in range(self.sides)]

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    def side_holding(self, direction: int, rotation: int) -> int:
        return self._side_of[(self._seat_of[direction] + rotation) % self.players]

    def _points(self, score: int, other: int) -> float:
        if score == other:
            return 0.5
        return 1.0 if (score < other) == self.lower_is_better else 0.0

    def compare(self, deal: int, tables: Sequence[TableResults]) -> Comparison:
        """Deal ``deal`` at the tables that finished it (the others are left out)."""
        finished = [table for table in tables if len(table.results) > deal]
        par = next((table for table in finished if table.par), None)
        par_scores = None if par is None else tuple(
            par.results[deal].own_scores[self.side_holding(direction, par.rotation)] for direction in range(self.sides))
        results: list[Result] = []
        for direction in range(self.sides):
            scored = [(table, self.side_holding(direction, table.rotation)) for table in finished if not table.par]
            scores = [table.results[deal].own_scores[side] for table, side in scored]
            for index, (table, side) in enumerate(scored):
                score = scores[index]
                points = sum(self._points(score, other) for other_index, other in enumerate(scores)
                             if other_index != index)
                versus = None if par_scores is None else self._points(score, par_scores[direction])
                results.append(Result(table.number, direction, side, score, points, len(scores) - 1, versus))
        return Comparison(deal, tuple(results), par_scores)

    def standings(self, deals: int, tables: Sequence[TableResults]) -> list[Standing]:
        """Every side of every players' table over deals ``0 .. deals - 1``, best first
        (percentage of the top, then matchpoints; no comparison yet last)."""
        totals: dict[tuple[int, int], list[float]] = {
            (table.number, side): [0.0, 0, 0, 0.0, 0] for table in tables if not table.par for side in range(self.sides)}
        for deal in range(deals):
            for result in self.compare(deal, tables).results:
                total = totals[(result.table, result.side)]
                total[0] += result.matchpoints
                total[1] += result.top
                total[2] += 1
                if result.versus_par is not None:
                    total[3] += result.versus_par
                    total[4] += 1
        rows = [Standing(table, side, total[0], int(total[1]), int(total[2]), total[3], int(total[4]))
                for (table, side), total in totals.items()]
        return sorted(rows, key=lambda row: (row.percentage is None, -(row.percentage or 0.0), -row.matchpoints,
                                             row.table, row.side))


__all__ = ["Comparison", "Result", "Scorer", "Standing", "TableResults"]

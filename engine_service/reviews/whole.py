"""A whole review in one thread (for batches: ``cardgames-analyze --review``, where the
records, not their decisions, are spread over the cores): every verdict in turn, then
the summaries."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass

from ..records import GameRecord
from ..rules import variant_class
from ..solver import Solver
from .decisions import Decision, decisions_of
from .model import DealSummary, DecisionReview, RealVerdict, SeatSummary
from .reviewing import known_verdict, real_verdicts
from .summary import deal_summary, seat_summaries


@dataclass(frozen=True)
class Review:
    decisions: tuple[DecisionReview, ...]  # in the order they were made
    deals: tuple[DealSummary, ...]
    seats: tuple[SeatSummary, ...]  # over every deal reviewed


def scored_deals(record: GameRecord) -> list[int]:
    return [deal.number for deal in record.deals if deal.result is not None]


def review_record(record: GameRecord, *, deals: Collection[int] | None = None, seats: Collection[int] = (),
                  seed: int = 0, samples: int = 64, budget: float | None = None,
                  solver: Solver | None = None) -> Review:
    """``record``'s review: ``deals`` (default every scored one), for ``seats`` (default all);
    each known verdict over at most ``samples`` deals within ``budget`` seconds (None: no
    time bound, reproducible)."""
    chosen = scored_deals(record) if deals is None else sorted(deals)
    cls = variant_class(record.variant)
    who = sorted(seats) or list(range(cls.players))
    curve_seat = None if cls.has_contract else who[0]
    decisions, plays = decisions_of(record, set(chosen), set(who), curve_seat)
    reviews = {(d.deal, d.entry): _known(d, seed, samples, budget) for d in decisions}
    curves: dict[int, list[int]] = {}
    solver = solver or Solver()
    for play in plays:
        found: list[tuple[Decision, RealVerdict, int]] = []
        start = real_verdicts(play, solver=solver, on_card=lambda *told, found=found: found.append(told))
        if play.makes_curve and start is not None:
            curves[play.deal] = [start, *(after for _, _, after in found)]
        for decision, verdict, _ in found:
            key = (decision.deal, decision.entry)
            if key in reviews:
                reviews[key] = dataclasses.replace(reviews[key], real=verdict)
    done = tuple(reviews.values())
    summaries = tuple(deal_summary(number, done, who, curve=curves.get(number, []), curve_unit=cls.value_unit,
                                   curve_seat=curve_seat, complete=True) for number in chosen)
    return Review(done, summaries, seat_summaries(done, who))


def _known(decision: Decision, seed: int, samples: int, budget: float | None) -> DecisionReview:
    known = None if decision.question is None else known_verdict(decision, seed=seed, deals=samples, budget=budget)
    return DecisionReview(decision.deal, decision.entry, decision.version, decision.seat, decision.played,
                          decision.forced, known, None)


__all__ = ["Review", "review_record", "scored_deals"]

"""A review's summaries: per seat (its judged decisions: counts per judgement, total loss
per unit, accuracy, and its cards' loss in the real deals), per deal with its curve."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from .judging import Judgement
from .model import DealSummary, DecisionReview, SeatSummary

COUNTED = (Judgement.INACCURACY, Judgement.MISTAKE, Judgement.BLUNDER)


def seat_summaries(reviews: Iterable[DecisionReview], seats: Sequence[int]) -> tuple[SeatSummary, ...]:
    by_seat: dict[int, list[DecisionReview]] = defaultdict(list)
    for review in reviews:
        by_seat[review.seat].append(review)
    return tuple(_seat(seat, by_seat.get(seat, [])) for seat in seats)


def _seat(seat: int, reviews: list[DecisionReview]) -> SeatSummary:
    judged = [review.known for review in reviews if review.known is not None and not review.forced]
    counts = Counter(known.judgement for known in judged)
    losses: dict[str, float] = defaultdict(float)
    for known in judged:
        losses[known.unit] += known.loss
    accuracy = sum(known.accuracy for known in judged) / len(judged) if judged else None
    real_loss = sum(review.real.loss for review in reviews if review.real is not None)
    return SeatSummary(seat, len(judged), sum(review.forced for review in reviews),
                       tuple((judgement, counts.get(judgement, 0)) for judgement in COUNTED),
                       tuple(sorted(losses.items())), accuracy, real_loss)


def deal_summary(deal: int, reviews: Iterable[DecisionReview], seats: Sequence[int], *, curve: Sequence[int],
                 curve_unit: str, curve_seat: int | None, complete: bool) -> DealSummary:
    mine = [review for review in reviews if review.deal == deal]
    return DealSummary(deal, seat_summaries(mine, seats), curve_unit, curve_seat, tuple(curve), complete)


__all__ = ["deal_summary", "seat_summaries"]

"""What a review says, as typed values: each decision's verdict (as its seat could know it,
and for a card also in the real deal), and the summaries per seat, deal and match."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Move
from .judging import Judgement


@dataclass(frozen=True)
class OptionValue:
    move: Move
    expected: float  # in the verdict's unit, for the seat's side
    stderr: float
    expected_deal_score: float | None
    behind_stderr: float  # of its shortfall behind the best, from their difference deal by deal


@dataclass(frozen=True)
class KnownVerdict:
    """The decision against the deals its seat could have been facing (the hint engine)."""

    unit: str
    options: tuple[OptionValue, ...]  # best first
    deals: int  # how many deals the values are the mean of
    seed: int  # the hint engine's seed for them (GetHint with it gives the same values)
    loss: float  # what the choice gave up against the best, >= 0
    judgement: Judgement
    accuracy: float
    loss_stderr: float  # the loss's standard error, from the two options' difference deal by deal


@dataclass(frozen=True)
class RealVerdict:
    """A card against the real deal, every hand visible (double dummy)."""

    unit: str
    values: tuple[tuple[str, int], ...]  # each legal card's value, for the mover's side
    played: int
    best: int
    loss: int
    judgement: Judgement


@dataclass(frozen=True)
class DecisionReview:
    deal: int
    entry: int  # its index among the deal's entries
    version: int
    seat: int
    played: Move
    forced: bool
    known: KnownVerdict | None  # None: forced, or a seat not reviewed
    real: RealVerdict | None  # card play only (None if its solve ran out of time)

    @property
    def judgement(self) -> Judgement:
        return Judgement.FORCED if self.forced or self.known is None else self.known.judgement


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    decisions: int  # judged (not forced)
    forced: int
    counts: tuple[tuple[Judgement, int], ...]  # inaccuracies, mistakes, blunders
    losses: tuple[tuple[str, float], ...]  # total loss per unit
    accuracy: float | None  # the mean of its decisions' (None: none judged)
    real_loss: int  # its cards' total loss in the real deals


@dataclass(frozen=True)
class DealSummary:
    deal: int
    seats: tuple[SeatSummary, ...]
    curve_unit: str
    curve_seat: int | None  # hearts: whose points the curve follows (else the taker's side)
    curve: tuple[int, ...]  # the real deal's value before the first card, then after each card
    complete: bool  # every decision was reviewed (a deadline may cut a review short)


__all__ = ["DealSummary", "DecisionReview", "KnownVerdict", "OptionValue", "RealVerdict", "SeatSummary"]

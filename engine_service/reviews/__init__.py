"""Reviews (docs/reviews.md): every decision of a played deal judged twice, against the
deals its seat could have been facing (the hint engine, from its knowledge then: a review
is a hint after the fact) and, for a card, against the real deal (double dummy); each
loss classed by thresholds per variant and unit; summaries per seat and deal, with the
deal's curve. The service runs the verdicts on its analysis slots (``service/reviewing.py``)."""

from .decisions import DealPlay, Decision, decisions_of
from .judging import THRESHOLDS, Judgement, Thresholds, thresholds
from .model import DealSummary, DecisionReview, KnownVerdict, OptionValue, RealVerdict, SeatSummary
from .reviewing import decision_seed, known_verdict, real_verdicts
from .summary import deal_summary, seat_summaries
from .whole import Review, review_record, scored_deals

__all__ = [
    "THRESHOLDS", "DealPlay", "DealSummary", "Decision", "DecisionReview", "Judgement", "KnownVerdict", "OptionValue",
    "RealVerdict", "Review", "SeatSummary", "Thresholds", "deal_summary", "decision_seed", "decisions_of", "known_verdict",
    "real_verdicts", "review_record", "scored_deals", "seat_summaries", "thresholds",
]

"""How a decision's loss is judged: thresholds per variant and unit (docs/reviews.md), and
the accuracy a loss maps to.

A loss is what the chosen option gave up against the best, in the unit of the values it
was measured in: tricks (euchre3 card play), card points (belote, belote3 card play),
penalty points (hearts card play and pass), or the seat's deal-score margin (bids, the
euchre3 discard, belote declarations). Below the first threshold a decision is good; then
an inaccuracy, a mistake, a blunder. A decision's accuracy is 100 · 2^(−loss / blunder):
100% for no loss, 50% at the blunder threshold, and the averages of a seat's decisions are
its accuracy, as chess sites average theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Judgement(str, Enum):
    FORCED = "forced"  # one legal option: not judged, not counted
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True)
class Thresholds:
    inaccuracy: float
    mistake: float
    blunder: float

    def judge(self, loss: float) -> Judgement:
        if loss >= self.blunder:
            return Judgement.BLUNDER
        if loss >= self.mistake:
            return Judgement.MISTAKE
        if loss >= self.inaccuracy:
            return Judgement.INACCURACY
        return Judgement.GOOD

    def accuracy(self, loss: float) -> float:
        return float(100.0 * 2.0 ** (-max(0.0, loss) / self.blunder))


# Per (variant, unit). Card play in hearts: taking the Q♠ (13) needlessly is a blunder, a
# heart or two an inaccuracy; in belote a ten or an ace (10, 11) given away is a blunder, a
# king or a queen (4, 3) an inaccuracy or a mistake.
THRESHOLDS: dict[tuple[str, str], Thresholds] = {
    ("euchre3", "tricks"): Thresholds(0.25, 0.5, 1.0),
    ("euchre3", "deal_score_margin"): Thresholds(0.15, 0.3, 0.6),
    ("belote3", "card_points"): Thresholds(3.0, 5.0, 8.0),
    ("belote3", "deal_score_margin"): Thresholds(10.0, 20.0, 40.0),
    ("belote", "card_points"): Thresholds(3.0, 5.0, 8.0),
    ("belote", "deal_score_margin"): Thresholds(10.0, 20.0, 40.0),
    ("hearts", "penalty_points"): Thresholds(1.5, 3.0, 6.0),
}


def thresholds(variant: str, unit: str) -> Thresholds:
    return THRESHOLDS[(variant, unit)]


__all__ = ["THRESHOLDS", "Judgement", "Thresholds", "thresholds"]

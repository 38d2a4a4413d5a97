"""belote3: belote for three, the taker against a coalition of two (seed 001, docs/rules.md § belote3)."""

from __future__ import annotations

from .belote_family import CARD_POINTS_TOTAL, BeloteFamily
from .cards import BELOTE3_DECK
from .dealing import DealLayout
from .events import Belote3Result, DealOutcome
from .options import Belote3Options

CAPOT_BONUS = 50


class Belote3(BeloteFamily):
    variant = "belote3"
    players = 3
    deck = BELOTE3_DECK  # 32 cards less 7♠ and 7♣
    layout = DealLayout(players=3, packets=(3, 3))  # 3 then 3 each, next card turned
    options_type = Belote3Options
    result_type = Belote3Result
    taker_completion = 3
    others_completion = 4

    def partner_of(self, seat: int) -> int | None:
        taker = self._deal.taker
        if taker is None or seat == taker:
            return None  # the taker has no partner
        return next(other for other in range(3) if other not in (seat, taker))

    def _scores_declarations_with(self, seat: int, best_seat: int) -> bool:
        return seat == best_seat  # announcements are individual

    def card_points_to_make(self) -> int:
        # Made: the taker's total T beats each defender's, so 3T > the sum of all totals
        # (162 + every announcement, his A included); with T = c + A: 3c > 162 - 2A.
        assert self._deal.taker is not None
        most = self.announcement_bound([self._deal.taker])
        return max(0, (CARD_POINTS_TOTAL - 2 * most) // 3 + 1)

    def card_points_surely_set(self) -> int:
        return self.card_points_to_make()  # a contract not made is dedans (no litige here)

    def score_deal(self) -> Belote3Result:
        """docs/rules.md § belote3 "Scoring": beat each defender, dedans transfer, capot bonus."""
        d = self._deal
        taker = d.taker
        assert taker is not None
        defenders = [self.next_seat(taker), self.next_seat(self.next_seat(taker))]  # in play order after the taker
        own = [d.points[s] + d.declaration_points[s] for s in range(3)]  # what can be transferred
        totals = [own[s] + d.belote_points[s] for s in range(3)]
        scores = list(totals)
        reached = [s for s in defenders if totals[s] >= totals[taker]]
        if not reached:
            outcome = DealOutcome.MADE
        else:
            outcome = DealOutcome.SET  # dedans: belote-rebelote stays with its holder
            scores[taker] = d.belote_points[taker]
            pot = own[taker]
            if len(reached) == 2 and totals[defenders[0]] != totals[defenders[1]]:
                reached = [max(reached, key=lambda s: totals[s])]
            if len(reached) == 1:
                scores[reached[0]] += pot
            else:  # [decided] tie between the defenders: split, odd point to the first after the taker
                scores[defenders[0]] += pot - pot // 2
                scores[defenders[1]] += pot // 2
        capots = [s for s in range(3) if d.trick_counts[s] == 0]
        for capot in capots:  # applied after the dedans transfer
            for other in range(3):
                if other != capot:
                    scores[other] += CAPOT_BONUS
        return Belote3Result(
            variant=self.variant, deal_number=d.number, outcome=outcome, taker=taker, trump=d.trump,
            tricks=tuple(d.trick_counts), card_points=tuple(d.points), scores=tuple(scores),
            capot_seats=tuple(capots), declarations=tuple(d.declaration_points),
            belote_rebelote=tuple(d.belote_points), totals=tuple(totals),
        )

    def _match_winners(self) -> tuple[int, ...]:
        # [decided] several over the target after one deal: the highest wins; a tie at the top plays on.
        return self._target_reached_highest_wins()

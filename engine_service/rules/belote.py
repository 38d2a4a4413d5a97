"""belote: classic belote, four players in two teams (seed 004, docs/rules.md § belote)."""

from __future__ import annotations

from .belote_family import CARD_POINTS_TOTAL, BeloteFamily
from .cards import PIQUET_DECK
from .dealing import DealLayout
from .events import BeloteResult, DealOutcome
from .options import BeloteOptions

CAPOT_TOTAL = 252  # [decided] capot: 252 instead of 162


class Belote(BeloteFamily):
    variant = "belote"
    players = 4
    deck = PIQUET_DECK
    layout = DealLayout(players=4, packets=(3, 2))  # 3 then 2 each, next card turned
    options_type = BeloteOptions
    result_type = BeloteResult
    taker_completion = 2
    others_completion = 3

    @property
    def sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat % 2  # partners sit opposite: seats 0+2 against 1+3

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4

    def _team_sum(self, per_seat: list[int], team: int) -> int:
        return sum(value for seat, value in enumerate(per_seat) if self.side_of(seat) == team)

    def card_points_to_make(self) -> int:
        # Made: the takers' total c + A beats the defenders', whose cards are at least
        # 162 - c (252 when capot): 2c > 162 - A.
        return max(0, (CARD_POINTS_TOTAL - self._takers_announcements()) // 2 + 1)

    def card_points_surely_set(self) -> int:
        # Dedans: the takers' c + A falls short of the defenders' cards, at least 162 - c:
        # 2c < 162 - A (at 2c = 162 - A a litige is possible).
        return max(0, (CARD_POINTS_TOTAL - self._takers_announcements() + 1) // 2)

    def _takers_announcements(self) -> int:
        assert self._deal.taker is not None
        team = self.side_of(self._deal.taker)
        return self.announcement_bound(seat for seat in range(self.players) if self.side_of(seat) == team)

    def score_deal(self) -> BeloteResult:
        """docs/rules.md § belote "Scoring": made, dedans, capot, litige (the takers' points
        held for the next deal's winner: ``held_out``, kept by the engine, not here)."""
        d = self._deal
        assert d.taker is not None
        tricks = [self._team_sum(d.trick_counts, team) for team in (0, 1)]
        capot = 8 in tricks
        cards = [self._team_sum(d.points, team) for team in (0, 1)]
        if capot:
            cards = [CAPOT_TOTAL if tricks[team] == 8 else 0 for team in (0, 1)]
        declared = [self._team_sum(d.declaration_points, team) for team in (0, 1)]
        belote = [self._team_sum(d.belote_points, team) for team in (0, 1)]
        outcome, scores, held = self._settled(cards, declared, belote, capot=capot)
        return BeloteResult(
            variant=self.variant, deal_number=d.number, outcome=outcome, taker=d.taker, trump=d.trump,
            tricks=tuple(d.trick_counts), card_points=tuple(d.points), scores=tuple(scores),
            capot=capot, team_card_points=tuple(cards), declarations=tuple(declared), belote_rebelote=tuple(belote),
            held_in=self.held_points, held_out=held,
        )

    def scores_from_value(self, value: int) -> tuple[float, ...] | None:
        # Each side wins a trick along the line unless one wins every card point: no capot.
        if not 0 < value < CARD_POINTS_TOTAL:
            return None
        assert self._deal.taker is not None
        takers = self.side_of(self._deal.taker)
        cards = [value if team == takers else CARD_POINTS_TOTAL - value for team in (0, 1)]
        declared, belote = self._announced_at_end()
        _, scores, _ = self._settled(
            cards, [self._team_sum(declared, team) for team in (0, 1)], [self._team_sum(belote, team) for team in (0, 1)],
            capot=False)
        return tuple(float(score) for score in scores)

    def _settled(self, cards: list[int], declared: list[int], belote: list[int], *, capot: bool
                 ) -> tuple[DealOutcome, list[int], int]:
        """(outcome, each team's score, the points held for the next deal) from each team's
        card points (252 to a capot), declarations and belote-rebelote."""
        assert self._deal.taker is not None
        takers = self.side_of(self._deal.taker)
        defenders = 1 - takers
        totals = [cards[t] + declared[t] + belote[t] for t in (0, 1)]
        scores = [0, 0]
        held = self.held_points
        if totals[takers] > totals[defenders]:
            outcome = DealOutcome.MADE
            scores = list(totals)
            scores[takers] += held
            held = 0
        elif totals[takers] < totals[defenders]:
            outcome = DealOutcome.SET  # dedans: the defenders take everything but the takers' belote
            scores[defenders] = (CAPOT_TOTAL if capot else CARD_POINTS_TOTAL) + sum(declared) + belote[defenders]
            scores[takers] = belote[takers]
            scores[defenders] += held
            held = 0
        else:
            outcome = DealOutcome.LITIGE  # the takers' points wait for the next deal's winner
            scores[defenders] = totals[defenders]
            scores[takers] = belote[takers]
            held += cards[takers] + declared[takers]
        return outcome, scores, held

    def _match_winners(self) -> tuple[int, ...]:
        # [decided] both teams over the target after the same deal: the higher wins; a tie plays on.
        return self._target_reached_highest_wins()

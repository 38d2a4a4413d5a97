"""belote3 (docs/rules.md § belote3): 30 cards, completion, coalition obligations, dedans, capot."""

from __future__ import annotations

import pytest

from engine_service.rules import DealOutcome, InvalidOption, Phase, Suit, new_game
from engine_service.rules.belote_family import PLAIN_POINTS, TRUMP_POINTS
from engine_service.rules.cards import BELOTE3_DECK
from tests.conftest import make, play, play_cards, rejected

# Dealer 2: seat 0 bids first, takes the turned 7H and leads. Final hands:
#   S0 7H JH 9H AS TS AD TD TC KC 8C   S1 AH TH KS QS KD QD AC QC JC 9C
#   S2 KH QH 8H JS 9S 8S JD 9D 8D 7D   (S2 is void in clubs)
DEAL = "0:AT.J9.AT. KQ.AT.KQ. J98.KQ8..;stock=7H TC KC 8C AC QC JC 9C JD 9D 8D 7D"


def hand(game, seat):
    return {card.code for card in game._deal.hands[seat]}


def test_deck_is_30_cards_without_black_sevens_still_162():
    codes = {c.code for c in BELOTE3_DECK.cards}
    assert len(codes) == 30 and "7S" not in codes and "7C" not in codes
    for trump in BELOTE3_DECK.suits:
        total = sum(TRUMP_POINTS[c.rank] if c.suit == trump else PLAIN_POINTS[c.rank] for c in BELOTE3_DECK.cards)
        assert total + 10 == 162
    assert new_game("belote3").options.announcements.value == "belote"  # [decided] default


def test_deal_three_then_three_then_completion_to_ten_each():
    game = make("belote3", DEAL, first_dealer=2)
    assert [len(h) for h in game._deal.hands] == [6, 6, 6] and len(game._deal.stock) == 12
    play(game, 0, "take")
    assert hand(game, 0) == {"7H", "JH", "9H", "AS", "TS", "AD", "TD", "TC", "KC", "8C"}
    assert hand(game, 2) == {"KH", "QH", "8H", "JS", "9S", "8S", "JD", "9D", "8D", "7D"}
    assert all(len(h) == 10 for h in game._deal.hands) and game.phase is Phase.PLAY


def test_void_pass_twice():  # [decided] all pass twice: void deal, next dealer
    game = make("belote3", DEAL, first_dealer=2)
    for _ in range(2):
        for seat in (0, 1, 2):
            play(game, seat, "pass")
    assert game.results[-1].outcome is DealOutcome.VOID
    play(game, 0, "next-deal")
    assert game._deal.dealer == 0


def test_defenders_are_partners_the_taker_has_none():
    game = make("belote3", DEAL, first_dealer=2)
    play(game, 0, "take")
    assert game.partner_of(0) is None and game.partner_of(1) == 2 and game.partner_of(2) == 1


def test_defender_may_discard_when_partner_is_master():
    game = make("belote3", DEAL, first_dealer=2)
    play(game, 0, "take")
    play_cards(game, "8C", "AC")
    assert len(game.legal_moves(2)) == 10  # void in clubs, partner master: anything


def test_defender_must_trump_when_the_taker_is_master():
    game = make("belote3", DEAL, first_dealer=2)
    play(game, 0, "take")
    play_cards(game, "KC", "9C")
    assert rejected(game, 2, "play:JS") == "MUST_TRUMP"
    assert {m.text() for m in game.legal_moves(2)} == {"play:KH", "play:QH", "play:8H"}


def test_trump_led_overtrump():
    game = make("belote3", DEAL, first_dealer=2)
    play(game, 0, "take")
    play_cards(game, "7H")
    assert rejected(game, 1, "play:AC") == "MUST_OVERTRUMP"
    play_cards(game, "TH")
    assert {m.text() for m in game.legal_moves(2)} == {"play:KH", "play:QH", "play:8H"}  # none beats T: any trump


class TestScoring:
    def scored(self, points, tricks=(4, 3, 3), declarations=(0, 0, 0), belote=(0, 0, 0), taker=0):
        game = make("belote3", DEAL, first_dealer=2)
        d = game._deal
        d.taker, d.trump = taker, Suit.HEARTS
        d.points, d.trick_counts = list(points), list(tricks)
        d.declaration_points, d.belote_points = list(declarations), list(belote)
        return game._score_deal()

    def test_made_the_taker_beats_each_defender_not_their_total(self):
        result = self.scored((70, 50, 42))  # no 82 threshold
        assert result.outcome is DealOutcome.MADE and result.scores == (70, 50, 42)

    def test_dedans_the_defender_at_or_above_takes_the_takers_points(self):
        result = self.scored((60, 60, 42))  # equality puts the taker dedans
        assert result.outcome is DealOutcome.SET and result.scores == (0, 120, 42)

    def test_dedans_both_defenders_above_the_one_with_more_takes_all(self):
        result = self.scored((50, 52, 60))
        assert result.scores == (0, 52, 110)

    def test_dedans_defenders_tied_split_odd_point_to_first_after_taker(self):  # [decided]
        assert self.scored((50, 56, 56)).scores == (0, 81, 81)
        assert self.scored((51, 56, 56)).scores == (0, 56 + 26, 56 + 25)  # an odd pot (not reachable in play)
        # Taker seat 1: the first defender after it in play order is seat 2.
        assert self.scored((56, 51, 56), taker=1, tricks=(3, 4, 3)).scores == (56 + 25, 0, 56 + 26)

    def test_belote_stays_with_its_holder_when_dedans(self):
        result = self.scored((50, 60, 52), belote=(20, 0, 0))  # 70 vs 60 and 52: made
        assert result.outcome is DealOutcome.MADE
        result = self.scored((40, 70, 52), belote=(20, 0, 0))  # 60 vs 70: dedans, 40 goes to seat 1
        assert result.scores == (20, 110, 52)

    def test_declarations_count_and_transfer(self):
        result = self.scored((50, 60, 52), declarations=(20, 0, 0))  # 70 beats 60 and 52
        assert result.outcome is DealOutcome.MADE and result.scores == (70, 60, 52)

    def test_capot_each_other_player_scores_50_after_the_transfer(self):
        result = self.scored((100, 62, 0), tricks=(6, 4, 0))
        assert result.scores == (150, 112, 0)
        result = self.scored((0, 100, 62), tricks=(0, 6, 4))  # taker capot and dedans
        assert result.outcome is DealOutcome.SET and result.scores == (0, 150, 112)

    def test_one_player_takes_every_trick(self):
        result = self.scored((162, 0, 0), tricks=(10, 0, 0))
        assert result.scores == (162 + 100, 50, 50)


@pytest.mark.parametrize("announcements", ["none", "belote"])
def test_card_points_to_make_beat_each_defender(announcements):
    # 55 against 107 beats 54 and 53; 54 against 108 meets a defender's 54 at best.
    game = make("belote3", DEAL, first_dealer=2, announcements=announcements)
    play(game, 0, "take")
    assert game.card_points_to_make() == 55  # the taker holds no king and queen of trump
    assert game.card_points_surely_set() == 55  # not made is dedans


def test_match_target_highest_wins_tie_plays_on():  # [decided]
    game = new_game("belote3", {"target_score": 500})
    game.scores = [510, 530, 100]
    assert game._match_winners() == (1,)
    game.scores = [530, 530, 100]
    assert game._match_winners() == ()
    with pytest.raises(InvalidOption):
        new_game("belote3", {"target_score": 700})

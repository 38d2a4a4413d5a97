"""belote (docs/rules.md § belote): auction, completion, obligations, announcements, scoring, match."""

from __future__ import annotations

import pytest

from engine_service.rules import Card, DealOutcome, Phase, PlayerView, Rank, Suit, new_game
from engine_service.rules.belote_family import PLAIN_POINTS, TRUMP_POINTS
from engine_service.rules.cards import PIQUET_DECK
from engine_service.rules.declarations import CombinationKind, best_set
from tests.conftest import make, play, play_cards, rejected

# Deal A: dealer 3, seat 0 takes the turned 7H. Final hands (worked out by hand):
#   S0 7H KH QH AS TS AD 8C 7C   S1 AH 8H KS QS TD 9D AC TC
#   S2 JH 9H JS 9S KD QD KC QC   S3 TH 8S 7S JD 8D 7D JC 9C
DEAL_A = "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;stock=7H 8C 7C 9D AC TC QD KC QC 7D JC 9C"
# Deal B: dealer 3, seat 0 passes and seat 1 takes the turned 7H. Final hands:
#   S0 AS KS QS JS TS 9S 8S 7S   S1 7H 9H TH AC KC QC KD QD
#   S2 QH KH TC 9C 8C TD 9D 8D   S3 JH AH 8H JC 7C AD JD 7D
DEAL_B = "0:AKQJT... .T9..AKQ .KQ..T98 .AJ8..J7;stock=7H 9S 8S 7S KD QD TD 9D 8D AD JD 7D"
PLAY_A = [
    "QH", "AH", "9H", "TH",  # trump led: S1 must overtrump, S2 too; S2 wins 38
    "KD", "7D", "AD", "9D",  # S0 wins 15
    "AS", "QS", "9S", "7S",  # S0 wins 14
    "TS", "KS", "JS", "8S",  # S0 wins 16
    "7C", "AC", "QC", "9C",  # S1 wins 14
    "TD", "QD", "8D", "7H",  # S0 void in diamonds, opponent master: must trump; wins 13
    "8C", "TC", "KC", "JC",  # S1 wins 16
    "8H", "JH", "JD", "KH",  # S2 wins 26 + 10 (dix de der); S0 completes belote-rebelote
]


def hand(game, seat):
    return {card.code for card in game._deal.hands[seat]}


def test_deck_is_32_cards_and_points_total_162():
    assert len(PIQUET_DECK) == 32
    for trump in PIQUET_DECK.suits:
        total = sum(TRUMP_POINTS[c.rank] if c.suit == trump else PLAIN_POINTS[c.rank] for c in PIQUET_DECK.cards)
        assert total + 10 == 162


def test_deal_is_three_then_two_and_completion_after_taking():
    game = make("belote", DEAL_A, first_dealer=3)
    assert [len(h) for h in game._deal.hands] == [5, 5, 5, 5] and game._deal.turned == Card(Rank.SEVEN, Suit.HEARTS)
    assert game.to_act() == (0,)
    play(game, 0, "take")
    # The taker gets the turned card and 2 more, the others 3 each, in seat order from next(dealer).
    assert hand(game, 0) == {"7H", "KH", "QH", "AS", "TS", "AD", "8C", "7C"}
    assert hand(game, 3) == {"TH", "8S", "7S", "JD", "8D", "7D", "JC", "9C"}
    assert all(len(h) == 8 for h in game._deal.hands) and not game._deal.stock


def test_dealing_from_a_shuffle_uses_three_then_two_packets():
    game = new_game("belote", seed="packets")
    assert [len(h) for h in game._deal.hands] == [5, 5, 5, 5] and len(game._deal.stock) == 12


def test_trump_and_plain_order():
    game = make("belote", DEAL_A, first_dealer=3, announcements="none")
    play(game, 0, "take")
    trumps = sorted(game.suit_cards(Suit.HEARTS), key=game.strength, reverse=True)
    assert [c.code for c in trumps] == ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]
    plain = sorted(game.suit_cards(Suit.SPADES), key=game.strength, reverse=True)
    assert [c.code for c in plain] == ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]


def test_full_deal_a_made_with_belote_rebelote():
    game = make("belote", DEAL_A, first_dealer=3, announcements="belote")
    play(game, 0, "take")
    play_cards(game, *PLAY_A[:4])
    assert game._deal.tricks[0].winner == 2 and game._deal.tricks[0].points == 38
    play_cards(game, *PLAY_A[4:])
    result = game.results[-1]
    assert [t.winner for t in game._deal.tricks] == [2, 0, 0, 0, 1, 0, 1, 2]
    assert result.team_card_points == (132, 30) and sum(result.card_points) == 162
    assert result.belote_rebelote == (20, 0)
    assert result.outcome is DealOutcome.MADE and game.scores == [152, 30]


@pytest.mark.parametrize(("announcements", "needed"), [("none", 82), ("belote", 72)])
def test_card_points_to_make_count_the_takers_belote(announcements, needed):
    # Seat 0 holds K and Q of hearts: 72 + 20 beats 90; 71 + 20 ties 91 (litige).
    game = make("belote", DEAL_A, first_dealer=3, announcements=announcements)
    play(game, 0, "take")
    assert game.card_points_to_make() == needed
    assert game.card_points_surely_set() == needed - 1  # 81 (or 71 + 20): a litige at most


def test_trump_led_must_overtrump_even_over_partner():
    game = make("belote", DEAL_A, first_dealer=3, announcements="none")
    play(game, 0, "take")
    play_cards(game, "QH")
    assert rejected(game, 1, "play:8H") == "MUST_OVERTRUMP"
    play_cards(game, "AH")
    # Seat 2's partner (seat 0) is not master, but the rule does not depend on it: go over the A.
    assert {m.text() for m in game.legal_moves(2)} == {"play:JH", "play:9H"}
    play_cards(game, "9H")
    assert rejected(game, 3, "play:8S") == "MUST_FOLLOW_SUIT"  # cannot go over: still follow trump


def test_must_trump_when_opponent_is_master():
    game = make("belote", DEAL_A, first_dealer=3, announcements="none")
    play(game, 0, "take")
    play_cards(game, *PLAY_A[:20], "TD", "QD", "8D")
    assert rejected(game, 0, "play:8C") == "MUST_TRUMP"
    assert {m.text() for m in game.legal_moves(0)} == {"play:7H", "play:KH"}


def test_must_undertrump_when_unable_to_overtrump():
    game = make("belote", DEAL_B, first_dealer=3, announcements="none")
    play(game, 0, "pass"); play(game, 1, "take")
    play_cards(game, "AS")
    assert rejected(game, 1, "play:AC") == "MUST_TRUMP"
    play_cards(game, "9H")
    assert rejected(game, 2, "play:TC") == "MUST_UNDERTRUMP"
    assert {m.text() for m in game.legal_moves(2)} == {"play:QH", "play:KH"}


def test_must_overtrump_an_opponents_trump_when_able():
    game = make("belote", DEAL_B, first_dealer=3, announcements="none")
    play(game, 0, "pass"); play(game, 1, "take")
    play_cards(game, "AS", "7H")
    assert rejected(game, 2, "play:TC") == "MUST_OVERTRUMP"
    assert {m.text() for m in game.legal_moves(2)} == {"play:QH", "play:KH"}


def test_partner_master_allows_any_card():
    game = make("belote", DEAL_B, first_dealer=3, announcements="none")
    play(game, 0, "pass"); play(game, 1, "take")
    play_cards(game, "AS", "9H", "QH")
    # Seat 3's partner (seat 1) is master: discard or trump freely, even under.
    assert len(game.legal_moves(3)) == 8
    play_cards(game, "7C")
    assert game._deal.tricks[0].winner == 1


def test_no_trump_discard_anything():
    game = make("belote", DEAL_B, first_dealer=3, announcements="none")
    play(game, 0, "pass"); play(game, 1, "take")
    play_cards(game, "AS", "9H", "QH", "7C", "KC", "8C", "JC")
    assert len(game.legal_moves(0)) == 7  # void in clubs, no trump: any spade


def test_all_pass_twice_is_void_and_next_dealer_deals():
    game = make("belote", DEAL_A, first_dealer=3)
    for _ in range(2):
        for seat in (0, 1, 2, 3):
            play(game, seat, "pass")
    assert game.results[-1].outcome is DealOutcome.VOID and game.phase is Phase.DEAL_OVER
    play(game, 1, "next-deal")
    assert game._deal.dealer == 0 and game.to_act() == (1,)


def test_round_two_call_and_completion():
    game = make("belote", DEAL_A, first_dealer=3)
    for seat in (0, 1, 2, 3):
        play(game, seat, "pass")
    assert rejected(game, 0, "call:H") == "CANNOT_CALL_TURNED_SUIT"
    play(game, 0, "pass")
    play(game, 1, "call:S")
    assert game._deal.trump is Suit.SPADES and game._deal.taker == 1
    assert "7H" in hand(game, 1) and len(hand(game, 1)) == 8  # the taker still gets the turned card


class TestDeclarations:
    def start(self, **options):
        game = make("belote", DEAL_B, first_dealer=3, **options)
        play(game, 0, "pass"); play(game, 1, "take")
        return game

    def test_values_and_best_disjoint_set(self):
        cards = lambda text: {PIQUET_DECK.parse(c) for c in text.split()}  # noqa: E731
        assert [c.value for c in best_set(cards("7S 8S 9S KD"), Suit.HEARTS)] == [20]
        assert [c.value for c in best_set(cards("7S 8S 9S TS"), Suit.HEARTS)] == [50]
        assert [c.value for c in best_set(cards("7S 8S 9S TS JS QS"), Suit.HEARTS)] == [100]
        assert [c.value for c in best_set(cards("JS JH JD JC"), Suit.HEARTS)] == [200]
        assert [c.value for c in best_set(cards("9S 9H 9D 9C"), Suit.HEARTS)] == [150]
        for rank in "ATKQ":
            four = cards(" ".join(rank + s for s in "SHDC"))
            assert [c.value for c in best_set(four, Suit.HEARTS)] == [100]
        assert best_set(cards("8S 8H 8D 8C 7S 7H 7D 7C"), Suit.HEARTS) == ()  # no four eights/sevens
        # A card counts in one combination only: four jacks beats the tierce that would reuse JS.
        assert sorted(c.value for c in best_set(cards("JS JH JD JC 9S TS"), Suit.HEARTS)) == [200]
        # [decided] the best set: eight in sequence = cent + tierce.
        assert sorted(c.value for c in best_set(cards("7S 8S 9S TS JS QS KS AS"), Suit.HEARTS)) == [20, 100]

    def test_phase_is_asked_of_every_player_in_the_first_trick(self):
        game = self.start()
        assert game.phase is Phase.DECLARATIONS and game.to_act() == (0,)
        assert rejected(game, 0, "play:AS") == "WRONG_PHASE"
        play(game, 0, "declare")
        assert game.phase is Phase.PLAY
        play_cards(game, "AS")
        assert game.phase is Phase.DECLARATIONS and game.to_act() == (1,)

    def test_the_seat_to_declare_alone_sees_what_it_would_announce(self):
        game = self.start()
        offered = PlayerView.of(game, 0).offered  # cent + tierce, as declaring would announce them
        assert sorted(c.value for c in offered) == [20, 100] and offered == game._combinations(0)
        assert PlayerView.of(game, 1).offered == () and PlayerView.of(game, None).offered == ()
        play(game, 0, "declare")
        assert PlayerView.of(game, 0).offered == ()  # declared: nothing more to offer

    def test_nothing_to_declare_is_rejected(self):
        game = self.start()
        play(game, 0, "no-declare"); play_cards(game, "AS")
        play(game, 1, "declare"); play_cards(game, "9H")
        play(game, 2, "declare"); play_cards(game, "QH")
        assert [m.text() for m in game.legal_moves(3)] == ["no-declare"]
        assert rejected(game, 3, "declare") == "NOTHING_TO_DECLARE"

    def test_only_the_team_with_the_best_declaration_scores_all_of_its_own(self):
        game = self.start()
        play(game, 0, "declare"); play_cards(game, "AS")  # cent + tierce (120)
        play(game, 1, "declare"); play_cards(game, "9H")  # tierce to the ace of clubs
        play(game, 2, "declare"); play_cards(game, "QH")  # two tierces (40)
        play(game, 3, "no-declare"); play_cards(game, "7C")
        assert game._deal.declaration_winners == (0, 2)
        assert game._deal.declaration_points == [120, 0, 40, 0]
        revealed = PlayerView.of(game, 1).revealed_declarations
        assert [r.seat for r in revealed] == [0, 2]
        # The losing declaration stays hidden; the winners' combinations are public.
        assert "AC" not in PlayerView.of(game, 3).visible_codes()
        assert {"KS", "9S"} <= PlayerView.of(game, 3).visible_codes()

    def test_comparison_sequence_length_then_top_then_trump_then_order(self):
        game = self.start()
        d = game._deal
        from engine_service.rules.declarations import candidates

        tierce_ace_clubs = next(c for c in candidates(d.hands[1], Suit.HEARTS) if c.kind is CombinationKind.TIERCE)
        tierce_ten_clubs = next(c for c in candidates(d.hands[2], Suit.HEARTS) if "TC" in {x.code for x in c.cards})
        assert tierce_ace_clubs.strength > tierce_ten_clubs.strength  # higher top card
        four_q = best_set({Card(Rank.QUEEN, s) for s in PIQUET_DECK.suits}, Suit.HEARTS)
        cent = best_set({Card(r, Suit.SPADES) for r in PIQUET_DECK.ranks[:5]}, Suit.HEARTS)
        assert four_q[0].strength > cent[0].strength  # a four of a kind beats any sequence
        trump_tierce = best_set({Card(r, Suit.HEARTS) for r in PIQUET_DECK.ranks[:3]}, Suit.HEARTS)
        plain_tierce = best_set({Card(r, Suit.SPADES) for r in PIQUET_DECK.ranks[:3]}, Suit.HEARTS)
        assert trump_tierce[0].strength > plain_tierce[0].strength  # trump over plain

    def test_equal_declarations_go_to_the_first_in_play_order(self):
        game = self.start()
        play(game, 0, "no-declare"); play_cards(game, "AS")
        play(game, 1, "declare"); play_cards(game, "9H")  # tierce A-K-Q of clubs
        play(game, 2, "declare"); play_cards(game, "QH")
        # Give seat 2 an equally strong plain tierce (A-K-Q of diamonds) instead of its own.
        game._deal.declarations[2] = best_set({Card(r, Suit.DIAMONDS) for r in (Rank.ACE, Rank.KING, Rank.QUEEN)}, Suit.HEARTS)
        assert game._deal.declarations[2][0].strength == game._deal.declarations[1][0].strength
        play(game, 3, "no-declare"); play_cards(game, "7C")
        assert game._deal.declaration_winners == (1,)  # seat 1 plays before seat 2 from leader 0
        assert game._deal.declaration_points == [0, 20, 0, 0]

    def test_declaring_is_optional_and_all_or_nothing(self):  # [decided]
        game = self.start()
        play(game, 0, "no-declare"); play_cards(game, "AS")  # holds cent + tierce but keeps quiet
        play(game, 1, "declare"); play_cards(game, "9H")
        play(game, 2, "no-declare"); play_cards(game, "QH")
        play(game, 3, "no-declare"); play_cards(game, "7C")
        assert game._deal.declaration_winners == (1,)
        assert game._deal.declaration_points == [0, 20, 0, 0]  # seat 1 scores every combination it has
        assert [c.kind for c in game._deal.declarations[1]] == [CombinationKind.TIERCE]

    def test_belote_mode_has_no_declarations_phase(self):
        game = self.start(announcements="belote")
        assert game.phase is Phase.PLAY


class TestScoring:
    def finished(self, taker_team_points, taker=0, tricks=(2, 2, 2, 2), declarations=(0, 0, 0, 0), belote=(0, 0, 0, 0)):
        game = make("belote", DEAL_A, first_dealer=3, announcements="all")
        game._deal.taker, game._deal.trump = taker, Suit.HEARTS
        points = [0, 0, 0, 0]
        points[taker] = taker_team_points
        points[(taker + 1) % 4] = 162 - taker_team_points
        game._deal.points, game._deal.trick_counts = points, list(tricks)
        game._deal.declaration_points, game._deal.belote_points = list(declarations), list(belote)
        return game

    def test_made_each_team_scores_its_points(self):
        result = self.finished(100)._score_deal()
        assert result.outcome is DealOutcome.MADE and result.scores == (100, 62)

    def test_dedans_defenders_take_162_and_all_declarations_belote_stays(self):
        game = self.finished(60, declarations=(20, 0, 0, 0), belote=(20, 0, 0, 0))
        result = game._score_deal()  # 100 vs 102: dedans
        assert result.outcome is DealOutcome.SET and result.scores == (20, 162 + 20)

    def test_capot_counts_252(self):
        result = self.finished(162, tricks=(4, 0, 4, 0))._score_deal()
        assert result.capot and result.scores == (252, 0)

    def test_capot_by_the_defenders_is_252_for_them(self):
        result = self.finished(0, tricks=(0, 4, 0, 4), declarations=(0, 50, 0, 0))._score_deal()
        assert result.outcome is DealOutcome.SET and result.scores == (0, 252 + 50)

    def test_litige_holds_takers_points_for_the_next_deal_winner(self):
        game = self.finished(81)
        result = game._score_deal()
        assert result.outcome is DealOutcome.LITIGE and result.scores == (0, 81)
        assert game.held_points == 81
        game._deal.taker = 1  # next deal: team 1 takes and makes it
        game._deal.points = [40, 122, 0, 0]
        result = game._score_deal()
        assert result.outcome is DealOutcome.MADE and result.scores == (40, 122 + 81)
        assert game.held_points == 0

    def test_litige_carried_over_a_void_deal_and_another_litige(self):
        game = make("belote", DEAL_A, first_dealer=3)
        game.held_points = 81
        for _ in range(2):
            for seat in range(4):
                play(game, seat, "pass")
        assert game.held_points == 81  # void deal: still held
        game._deal.taker, game._deal.trump = 0, Suit.HEARTS
        game._deal.points, game._deal.trick_counts = [81, 81, 0, 0], [2, 2, 2, 2]
        game._deal.declaration_points = game._deal.belote_points = [0, 0, 0, 0]
        assert game._score_deal().scores == (0, 81) and game.held_points == 162

    def test_dedans_after_litige_gives_held_points_to_defenders(self):
        game = self.finished(50)
        game.held_points = 81
        assert game._score_deal().scores == (0, 162 + 81)


def test_match_target_and_tie():
    game = new_game("belote", {"target_score": 501})
    game.scores = [510, 520]
    assert game._match_winners() == (1,)
    game.scores = [520, 520]
    assert game._match_winners() == ()  # [decided] a tie plays on
    game.scores = [400, 500]
    assert game._match_winners() == ()


@pytest.mark.parametrize("bad", [{"target_score": 700}, {"announcements": "some"}, {"colour": 1}, {"first_dealer": 4}])
def test_invalid_options(bad):
    from engine_service.rules import InvalidOption

    with pytest.raises(InvalidOption) as caught:
        new_game("belote", bad)
    assert caught.value.reason.value == "INVALID_OPTION" and caught.value.field in bad

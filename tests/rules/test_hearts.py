"""hearts (docs/rules.md § hearts): passing, the 2♣ lead, first trick, hearts broken, moon, match."""

from __future__ import annotations

from engine_service.rules import Card, DealOutcome, Phase, PlayerView, Rank, Suit, new_game
from engine_service.rules.cards import FULL_DECK
from engine_service.rules.dealing import Deal
from engine_service.rules.notation import format_deal
from tests.conftest import play, play_cards, rejected


def cards(text: str) -> frozenset[Card]:
    return frozenset(FULL_DECK.parse(code) for code in text.split())


def after_passing_left(post: list[str]):
    """A game whose hands, once everyone has passed 3 cards to the left, are ``post``."""
    post_hands = [cards(text) for text in post]
    gives = [frozenset(sorted(post_hands[(s + 1) % 4], key=FULL_DECK.index)[:3]) for s in range(4)]
    pre = [(post_hands[s] - gives[(s - 1) % 4]) | gives[s] for s in range(4)]
    game = new_game("hearts", deal=format_deal(FULL_DECK, Deal(tuple(pre))))
    for seat in range(4):
        play(game, seat, "give:" + " ".join(c.code for c in gives[seat]))
    assert [frozenset(h) for h in game._deal.hands] == post_hands
    return game


SUITS = {s: " ".join(r + s for r in "23456789TJQKA") for s in "SHDC"}
# Seat 0 holds every club: it leads each trick and takes every point card (a moon).
MOON = [SUITS["C"], SUITS["D"], " ".join(r + "H" for r in "23456789TJQK") + " QS",
        " ".join(r + "S" for r in "23456789TJKA") + " AH"]
# Seat 1 wins the first trick and keeps QS, hearts and diamonds.
BROKEN = ["2C 5C 6C 7C 2S 3S 4S 2D 3D 4D 5D 6D 7D", "AC QS AS 2H 3H 4H 5H 8D 9D TD JD QD KD",
          "3C 4C 8C 9C TC JC QC KC 5S 6S 7S 8S 9S", "6H 7H 8H 9H TH JH QH KH AH TS JS KS AD"]
# Seat 1 wins the first trick holding nothing but hearts.
ONLY_HEARTS = ["2C 3C 4C 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "AC " + " ".join(r + "H" for r in "23456789TJQK"),
               "5C 6C 7C 8C QS KS AS AH 2D 3D 4D 5D 6D", "9C TC JC QC KC 7D 8D 9D TD JD QD KD AD"]


def test_deck_and_deal():
    game = new_game("hearts", seed=3)
    assert len(FULL_DECK) == 52 and [len(h) for h in game._deal.hands] == [13] * 4
    assert game.phase is Phase.PASSING and set(game.to_act()) == {0, 1, 2, 3}


def test_passing_directions_by_deal_number():
    game = new_game("hearts", seed=3)
    receivers = []
    for number in range(5):
        assert game._deal.number == number
        receivers.append([game.receiver_of(s) for s in range(4)] if game.phase is Phase.PASSING else None)
        game._deal.hands = [set(), set(), set(), set()]  # end the deal at once for this test
        game.phase = Phase.DEAL_OVER
        play(game, 0, "next-deal")
    assert receivers == [[1, 2, 3, 0], [3, 0, 1, 2], [2, 3, 0, 1], None, [1, 2, 3, 0]]


def test_all_choose_before_any_card_moves_and_received_cards_stay_hidden():
    game = new_game("hearts", seed=5)
    before = [set(h) for h in game._deal.hands]
    give0 = sorted(game._deal.hands[0], key=FULL_DECK.index)[:3]
    play(game, 0, "give:" + " ".join(c.code for c in give0))
    assert [set(h) for h in game._deal.hands] == before  # nothing moved yet
    assert PlayerView.of(game, 1).received == () and PlayerView.of(game, 0).passed == tuple(give0)
    assert rejected(game, 0, "give:" + " ".join(c.code for c in sorted(before[0] - set(give0), key=FULL_DECK.index)[:3])) == "ALREADY_PASSED_CARDS"
    assert rejected(game, 1, "give:" + " ".join(c.code for c in sorted(before[1], key=FULL_DECK.index)[:2])) == "WRONG_CARD_COUNT"
    assert rejected(game, 1, "give:" + " ".join(c.code for c in give0)) == "CARD_NOT_IN_HAND"
    assert rejected(game, 1, "play:2C") == "WRONG_PHASE"
    for seat in (1, 2, 3):
        play(game, seat, "give:" + " ".join(c.code for c in sorted(game._deal.hands[seat], key=FULL_DECK.index)[:3]))
    assert set(give0) <= game._deal.hands[1] and PlayerView.of(game, 1).received == tuple(give0)
    assert game.phase is Phase.PLAY


def test_two_of_clubs_leads_and_first_trick_has_no_points():
    game = after_passing_left(MOON)
    assert game.to_act() == (0,)
    assert rejected(game, 0, "play:3C") == "MUST_LEAD_TWO_OF_CLUBS"
    play_cards(game, "2C", "2D")
    # Seat 2 holds only hearts and the Q♠: [decided] it may play them on the first trick.
    assert len(game.legal_moves(2)) == 13
    play_cards(game, "QS")
    # Seat 3 is void in clubs but holds spades: no heart on the first trick.
    assert rejected(game, 3, "play:AH") == "NO_POINTS_ON_FIRST_TRICK"
    play_cards(game, "2S")


def test_shooting_the_moon():
    game = after_passing_left(MOON)
    play_cards(game, "2C", "2D", "QS", "2S")
    for rank in "3456789TJQKA":
        seat2 = next(c.code for c in FULL_DECK.sorted(game._deal.hands[2]))
        seat3 = next((c.code for c in FULL_DECK.sorted(game._deal.hands[3]) if c.suit is Suit.SPADES), "AH")
        seat1 = next(c.code for c in FULL_DECK.sorted(game._deal.hands[1]))
        play_cards(game, rank + "C", seat1, seat2, seat3)
    result = game.results[-1]
    assert result.card_points == (26, 0, 0, 0)
    assert result.outcome is DealOutcome.MOON and game.scores == [0, 26, 26, 26]


def test_hearts_not_broken_and_queen_of_spades_does_not_break_them():
    game = after_passing_left(BROKEN)
    play_cards(game, "2C", "AC", "3C")
    assert rejected(game, 3, "play:6H") == "NO_POINTS_ON_FIRST_TRICK"
    play_cards(game, "AD")
    assert game._deal.tricks[0].winner == 1
    assert rejected(game, 1, "play:2H") == "HEARTS_NOT_BROKEN"
    play_cards(game, "QS", "5S", "KS", "2S")  # seat 3 takes the Q♠ (13 points)
    assert not game._deal.hearts_broken  # [decided] the Q♠ does not break hearts
    assert rejected(game, 3, "play:6H") == "HEARTS_NOT_BROKEN"
    play_cards(game, "TS", "3S", "AS", "6S")
    play_cards(game, "8D", "4C", "6H", "2D")  # seat 3 discards a heart: broken from the next trick
    assert game._deal.hearts_broken
    play_cards(game, "2H")
    assert game._deal.points == [0, 1, 0, 13]


def test_leading_hearts_with_only_hearts_left():
    game = after_passing_left(ONLY_HEARTS)
    play_cards(game, "2C", "AC", "5C", "9C")
    assert not game._deal.hearts_broken and len(game.legal_moves(1)) == 12


def test_points_sum_to_26_and_match_lowest_wins_tie_plays_on():  # [decided]
    game = new_game("hearts")
    game.scores = [100, 40, 40, 70]
    assert game._match_winners() == ()
    game.scores = [100, 40, 39, 70]
    assert game._match_winners() == (2,)
    game.scores = [90, 40, 39, 70]
    assert game._match_winners() == ()
    small = new_game("hearts", {"target_score": 50})
    small.scores = [50, 10, 20, 30]
    assert small._match_winners() == (1,)
    assert sum(1 for c in FULL_DECK.cards if c.suit is Suit.HEARTS) + 13 == 26
    assert Card(Rank.QUEEN, Suit.SPADES).name == "Queen of spades"

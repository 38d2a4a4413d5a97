"""What a seat learns about hidden cards: known cards, voids, obligations not met."""

from __future__ import annotations

from engine_service.rules import STOCK, Card, Knowledge, Rank, Suit
from tests.conftest import make, play, play_cards
from tests.rules.invariants import assert_knowledge_sound, true_placement
from tests.rules.test_belote import DEAL_B
from tests.rules.test_euchre3 import DEAL as EUCHRE_DEAL
from tests.rules.test_hearts import BROKEN, MOON, ONLY_HEARTS, after_passing_left


def test_euchre3_turned_card_known_in_takers_hand_and_discard_only_to_taker():
    game = make("euchre3", EUCHRE_DEAL)
    play(game, 1, "take", "discard:SA")
    for viewer in (0, 2):
        knowledge = assert_knowledge_sound(game, viewer)
        assert Card(Rank.COMPAGNON, Suit.ART) in knowledge.holder(1).known
        assert knowledge.holder(STOCK).size == 9 and not knowledge.holder(STOCK).known
    taker = Knowledge.of(game, 1)
    assert taker.holder(STOCK).known == {Card(Rank.SCRIBE, Suit.ARCHITECTURE)}


def test_euchre3_round_two_turned_card_is_known_in_the_stock():
    game = make("euchre3", EUCHRE_DEAL)
    for seat in (1, 2, 0):
        play(game, seat, "pass")
    play(game, 1, "call:P")
    assert Card(Rank.COMPAGNON, Suit.ART) in Knowledge.of(game, 0).holder(STOCK).known


def test_void_suit_shown_and_trump_obligation_inferences_in_belote():
    game = make("belote", DEAL_B, first_dealer=3, announcements="none")
    play(game, 0, "pass"); play(game, 1, "take")
    play_cards(game, "AS", "9H", "QH", "7C")
    knowledge = assert_knowledge_sound(game, 0)
    assert Suit.SPADES in knowledge.holder(1).void_suits
    # Seat 2 undertrumped: void in spades and holds no trump above the 9.
    assert {Card(Rank.JACK, Suit.HEARTS)} <= knowledge.holder(2).excluded
    assert Suit.HEARTS not in knowledge.holder(2).void_suits
    # Seat 3 discarded with its partner master: void in spades, nothing about trumps.
    assert Suit.SPADES in knowledge.holder(3).void_suits and Suit.HEARTS not in knowledge.holder(3).void_suits
    # The turned card is known to be in the taker's hand.
    assert Card(Rank.SEVEN, Suit.HEARTS) in knowledge.holder(1).known


def test_hearts_passed_cards_known_only_to_the_giver():
    game = after_passing_left(BROKEN)
    given_by_0 = game._deal.passed[0]
    assert given_by_0 <= Knowledge.of(game, 0).holder(1).known
    assert not given_by_0 & Knowledge.of(game, 2).holder(1).known


def test_hearts_heart_lead_before_broken_proves_only_hearts_left():
    game = after_passing_left(ONLY_HEARTS)
    play_cards(game, "2C", "AC", "5C", "9C", "2H")
    knowledge = assert_knowledge_sound(game, 0)
    assert knowledge.holder(1).void_suits == {Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS}


def test_hearts_first_trick_point_discard_proves_no_safe_card():
    game = after_passing_left(MOON)
    play_cards(game, "2C", "2D", "3H")  # seat 2 void in clubs plays a heart on the first trick
    knowledge = assert_knowledge_sound(game, 0)
    # It holds nothing but hearts and the Q♠: void in diamonds and clubs, no spade but the queen.
    assert {Suit.DIAMONDS, Suit.CLUBS} <= knowledge.holder(2).void_suits
    assert Card(Rank.ACE, Suit.SPADES) in knowledge.holder(2).excluded
    assert Card(Rank.QUEEN, Suit.SPADES) not in knowledge.holder(2).excluded


def test_declarations_tell_what_the_declarers_held():
    # Seat 0 holds every spade, seat 1 the tierce Q-K-A of clubs; seat 3 watches.
    game = make("belote", DEAL_B, first_dealer=3, announcements="all")
    play(game, 0, "pass"); play(game, 1, "take")
    play(game, 0, "declare"); play_cards(game, "AS")
    play(game, 1, "declare"); play_cards(game, "9H")
    knowledge = assert_knowledge_sound(game, 3)
    facts = {fact.holder: fact for fact in knowledge.declarations}
    assert set(facts) == {0, 1} and facts[0].played == {Card(Rank.ACE, Suit.SPADES)}
    assert not facts[1].allows(set()) and facts[1].shows is None and facts[1].loses_to is None
    # A hand of seat 1 without its tierce contradicts the declaration.
    truth = {seat: set(cards) for seat, cards in true_placement(game, 3).items()}
    tierce_card, other = Card(Rank.KING, Suit.CLUBS), Card(Rank.TEN, Suit.DIAMONDS)
    truth[1].remove(tierce_card); truth[1].add(other); truth[2].remove(other); truth[2].add(tierce_card)
    assert not knowledge.is_consistent(truth)
    play(game, 2, "declare"); play_cards(game, "QH")
    play(game, 3, "no-declare"); play_cards(game, "7C")
    # Resolved: seat 0 (cent and more) scores with its partner; seat 1 lost to it.
    knowledge = assert_knowledge_sound(game, 3)
    facts = {fact.holder: fact for fact in knowledge.declarations}
    assert facts[0].shows is not None and facts[2].shows is not None
    assert facts[1].loses_to is not None and facts[1].loses_to[1]  # after seat 0 in play order

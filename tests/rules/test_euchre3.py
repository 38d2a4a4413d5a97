"""euchre3 (docs/rules.md § euchre3): deck, auction, Oracle and Sage, play, scoring, match end."""

from __future__ import annotations

import pytest

from engine_service.rules import Card, DealOutcome, Phase, PlayerView, Rank, Suit, new_game
from engine_service.rules.cards import EUCHRE3_DECK, CardRole
from engine_service.rules.euchre3 import Euchre3, oracle, sage
from tests.conftest import make, play, play_cards, rejected

# Dealer 0. Seat 1 bids first and leads. Turned card: Compagnon d'Art (CR).
DEAL = "0:C.MS.E.E MS..MSI. I...SCAI;stock=CR AR EA AA IC EC AC CC MP"


def test_deck_has_24_cards_six_ranks_four_named_suits():  # [decided] six cards per suit
    assert len(EUCHRE3_DECK) == 24
    assert [s.label for s in EUCHRE3_DECK.suits] == ["Architecture", "Commandement", "Art", "Pensée"]
    assert [r.label for r in EUCHRE3_DECK.ranks] == ["Initié", "Étudiant", "Apprenti", "Compagnon", "Scribe", "Maître"]
    assert {s.colour for s in (Suit.ARCHITECTURE, Suit.COMMANDEMENT)} == {"red"}
    assert {s.colour for s in (Suit.ART, Suit.PENSEE)} == {"black"}
    assert Card(Rank.MAITRE, Suit.ARCHITECTURE).name == "Maître d'Architecture"
    assert Card(Rank.INITIE, Suit.PENSEE).name == "Initié de Pensée"


def test_deal_is_five_each_nine_undealt_top_turned():
    game = new_game("euchre3", seed=1)
    assert [len(hand) for hand in game._deal.hands] == [5, 5, 5]
    assert len(game._deal.stock) == 9 and game._deal.turned == game._deal.stock[0]
    assert game.phase is Phase.BIDDING and game.to_act() == (1,)


def test_accepting_takes_the_turned_card_and_discards_a_dealt_card():
    game = make("euchre3", DEAL)
    play(game, 1, "take")
    assert game.phase is Phase.DISCARD and game._deal.trump is Suit.ART and game._deal.taker == 1
    assert Card(Rank.COMPAGNON, Suit.ART) in game._deal.hands[1]
    assert rejected(game, 1, "discard:CR") == "CANNOT_DISCARD_TURNED_CARD"
    assert rejected(game, 1, "discard:MP") == "CARD_NOT_IN_HAND"
    assert rejected(game, 0, "discard:CA") == "NOT_YOUR_TURN"
    play(game, 1, "discard:SA")
    assert game.phase is Phase.PLAY and len(game._deal.hands[1]) == 5
    assert game.to_act() == (1,)  # [decided] next(dealer) leads the first trick


def test_discard_is_seen_only_by_the_taker():
    game = make("euchre3", DEAL)
    play(game, 1, "take", "discard:SA")
    assert PlayerView.of(game, 1).discard == Card(Rank.SCRIBE, Suit.ARCHITECTURE)
    for viewer in (0, 2, None):
        assert "SA" not in PlayerView.of(game, viewer).visible_codes()
        assert all("SA" not in str(e.for_viewer(viewer)) for e in game.events)


def test_round_two_names_another_suit_without_taking_the_card():
    game = make("euchre3", DEAL)
    play(game, 1, "pass"); play(game, 2, "pass"); play(game, 0, "pass")
    assert game._deal.bid_round == 2 and game.to_act() == (1,)
    assert rejected(game, 1, "call:R") == "CANNOT_CALL_TURNED_SUIT"
    assert rejected(game, 1, "take") == "WRONG_PHASE"
    play(game, 1, "call:P")
    assert game._deal.trump is Suit.PENSEE and game.phase is Phase.PLAY
    assert all(len(hand) == 5 for hand in game._deal.hands)


def test_all_pass_twice_voids_the_deal_and_the_next_dealer_deals():
    game = make("euchre3", DEAL)
    for _ in range(2):
        play(game, 1, "pass"); play(game, 2, "pass"); play(game, 0, "pass")
    assert game.phase is Phase.DEAL_OVER
    assert game.results[-1].outcome is DealOutcome.VOID and game.scores == [0, 0, 0]
    play(game, 2, "next-deal")
    assert game._deal.dealer == 1 and game.to_act() == (2,)


def test_oracle_and_sage_are_the_two_highest_trumps():
    assert oracle(Suit.ART) == Card(Rank.INITIE, Suit.ART)
    assert sage(Suit.ART) == Card(Rank.INITIE, Suit.PENSEE)
    assert sage(Suit.ARCHITECTURE) == Card(Rank.INITIE, Suit.COMMANDEMENT)
    game = make("euchre3", DEAL)
    play(game, 1, "take", "discard:SA")
    order = sorted(game.suit_cards(Suit.ART), key=game.strength, reverse=True)
    assert [c.code for c in order] == ["IR", "IP", "MR", "SR", "CR", "AR", "ER"]
    assert game.card_role(sage(Suit.ART)) is CardRole.SAGE and game.card_role(oracle(Suit.ART)) is CardRole.ORACLE
    assert game.card_role(Card(Rank.MAITRE, Suit.ART)) is CardRole.TRUMP
    assert game.card_role(Card(Rank.INITIE, Suit.ARCHITECTURE)) is CardRole.PLAIN
    # Held trumps first, the Oracle and the Sage at their head; then the suits in alternating colours.
    assert [c.code for c in game.holding_order()][:9] == ["IR", "IP", "MR", "SR", "CR", "AR", "ER", "MC", "SC"]
    # The two other Initiés keep their low value in their own suits.
    assert game.effective_suit(Card(Rank.INITIE, Suit.ARCHITECTURE)) is Suit.ARCHITECTURE


def test_sage_must_follow_trump_and_wins_over_the_maitre():
    game = make("euchre3", DEAL)
    play(game, 1, "take", "discard:SA")
    play_cards(game, "MR")
    # Seat 2's only trump is the Sage (printed Pensée): it must follow trump with it.
    assert [m.text() for m in game.legal_moves(2)] == ["play:IP"]
    assert rejected(game, 2, "play:SP") == "MUST_FOLLOW_SUIT"
    play_cards(game, "IP", "ER")
    assert game._deal.tricks[0].winner == 2


def test_sage_does_not_follow_its_printed_suit_and_void_means_free():
    game = make("euchre3", DEAL, first_dealer=2)  # seat 0 bids first and leads
    play(game, 0, "take", "discard:SC")
    play_cards(game, "EP")  # Pensée led
    # Seat 1 is void in Pensée: anything, no obligation to trump.
    assert {m.text() for m in game.legal_moves(1)} == {"play:MR", "play:SR", "play:IR", "play:MA", "play:SA"}
    play_cards(game, "SA")
    # Seat 2 holds the Sage (printed Pensée) and real Pensée cards: the Sage is trump, not Pensée.
    assert rejected(game, 2, "play:IP") == "MUST_FOLLOW_SUIT"
    assert {m.text() for m in game.legal_moves(2)} == {"play:SP", "play:CP", "play:AP"}
    play_cards(game, "AP")
    assert game._deal.tricks[0].winner == 2  # Apprenti beats Étudiant; the discard does not win


@pytest.mark.parametrize(
    ("taker_tricks", "outcome", "scores"),
    [(0, DealOutcome.SET, [1, 0, 1]), (2, DealOutcome.SET, [1, 0, 1]), (3, DealOutcome.MADE, [0, 1, 0]),
     (4, DealOutcome.MADE, [0, 1, 0]), (5, DealOutcome.MARCH, [0, 2, 0])],
)
def test_deal_score_by_taker_tricks(taker_tricks, outcome, scores):
    game = make("euchre3", DEAL)
    play(game, 1, "take", "discard:SA")
    game._deal.trick_counts = [5 - taker_tricks, taker_tricks, 0]
    result = game._score_deal()
    assert result.outcome is outcome and list(result.scores) == scores


def test_full_deal_taker_wins_every_trick_scores_two():
    # Seat 1 holds the three top trumps after taking; every trick is his.
    game = make("euchre3", "0:C.MS.E.E MS..MSI. I...SCAI;stock=CR AR EA AA IC EC AC CC MP")
    play(game, 1, "take", "discard:SA")
    play_cards(game, "IR", "IP", "ER")  # Oracle beats Sage
    assert game._deal.tricks[-1].winner == 1
    play_cards(game, "MR", "SP", "EP", "SR", "CP", "CA", "CR", "AP", "SC", "MA", "IA", "MC")
    assert game.phase is Phase.DEAL_OVER
    assert game.results[-1].outcome is DealOutcome.MARCH and game.scores == [0, 2, 0]


def test_match_needs_target_and_a_unique_top_score():
    game = Euchre3()
    game.scores = [7, 7, 3]
    assert game._match_winners() == ()  # tie at the top at or above 7: play on
    game.scores = [8, 7, 3]
    assert game._match_winners() == (0,)
    game.scores = [6, 5, 3]
    assert game._match_winners() == ()
    small = new_game("euchre3", {"target_score": 3})
    small.scores = [3, 1, 0]
    assert small._match_winners() == (0,)


def test_sage_led_is_a_trump_lead():  # [decided] the Sage is trump for leading too
    game = make("euchre3", DEAL, first_dealer=1)  # seat 2 bids first and leads
    play(game, 2, "take", "discard:IA")  # trump Art; seat 2's Initié de Pensée is the Sage
    play_cards(game, "IP")
    # Seat 0 holds ER (its only trump) and EP (Pensée): it must follow trump, not Pensée.
    assert [m.text() for m in game.legal_moves(0)] == ["play:ER"]
    assert rejected(game, 0, "play:EP") == "MUST_FOLLOW_SUIT"

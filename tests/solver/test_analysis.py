"""Deal analysis (engine_service.analysis): the play under a contract agrees with the
table, the engine's completion with the solver's, a game's deal is analysed from the cards
it played, and bad input is a RuleViolation naming its field."""

from __future__ import annotations

import copy
import random

import pytest

from engine_service.analysis import Contract, analyse_deal, analyse_played_deal, analyse_position, played_start
from engine_service.rules import DealOutcome, Phase, Reason, RuleViolation, new_game
from engine_service.rules.notation import format_deal, parse_position
from engine_service.solver import Solver, SolveStoppedError
from tests.conftest import MOON_DEAL

TRUMP_VARIANTS = ("euchre3", "belote3", "belote")


def deal_text(variant: str, seed: str) -> tuple[str, int]:
    game = new_game(variant, seed=seed)
    return format_deal(game.deck, game.dealt), game.dealer


@pytest.mark.parametrize("variant", TRUMP_VARIANTS)
def test_the_play_under_every_contract_equals_its_table_cell(variant):
    """The engine bids and completes the hands; the Rust table completes them itself: the two agree."""
    deal, dealer = deal_text(variant, f"analysis-{variant}")
    solver = Solver(memory_mb=32)
    table = analyse_deal(variant, deal, dealer=dealer, solver=solver).table
    assert table is not None
    for (trump, taker), value in table.entries.items():
        play = analyse_deal(variant, deal, dealer=dealer, contract=Contract(trump, taker), table=False, solver=solver).play
        assert play is not None and play.solution.value == value, (trump, taker)
        solution = play.solution
        best = max if solution.maximising else min  # the first leader is on the taker's side or not
        assert best(solution.card_values.values()) == value
        assert len(solution.line) == sum(len(hand) for hand in parse_position(new_game(variant).deck, play.position,
                                                                                  new_game(variant).players).hands)


def test_the_default_contract_is_the_turned_suit_taken_by_the_first_to_speak():
    deal, dealer = deal_text("belote", "analysis-default")
    analysis = analyse_deal("belote", deal, dealer=dealer, table=False)
    game = new_game("belote", {"first_dealer": dealer}, deal=deal)
    assert game.turned is not None and analysis.play is not None
    assert analysis.play.contract == Contract(game.turned.suit.code, (dealer + 1) % 4)
    assert analysis.unit == "card_points" and analysis.table is None


def test_euchre3_takes_the_turned_card_and_discards_the_best_card():
    deal, dealer = deal_text("euchre3", "analysis-discard")
    game = new_game("euchre3", {"first_dealer": dealer}, deal=deal)
    turned = game.turned
    taker = (dealer + 1) % 3
    analysis = analyse_deal("euchre3", deal, dealer=dealer, contract=Contract(turned.suit.code, taker), table=False)
    play = analysis.play
    assert play is not None and play.discard is not None
    hand = parse_position(game.deck, play.position, 3).hands[taker]
    assert turned in hand and game.deck.parse(play.discard) not in hand
    # No other discard leaves the taker more tricks.
    solver = Solver()
    game.push(taker, game.legal_moves(taker)[0].__class__())  # take
    for discard in game.legal_moves(taker):
        trial = copy.deepcopy(game)
        trial.push(taker, discard)
        assert solver.value("euchre3", trial.position()) <= play.solution.value


def test_a_hearts_deal_is_played_as_given_from_the_two_of_clubs():
    analysis = analyse_deal("hearts", MOON_DEAL, dealer=3)
    assert analysis.play is not None and analysis.table is not None
    assert analysis.play.contract == Contract(None, 0) and analysis.play.solution.card_values == {"2C": 0}
    assert analysis.table.by_taker(0) == {None: 0}
    assert [analysis.table[(None, seat)] for seat in (1, 2, 3)] == [26, 26, 26]
    assert analyse_deal("hearts", MOON_DEAL, contract=Contract(None, 2), table=False).play.solution.value == 26


def test_a_position_is_analysed_as_given():
    game = new_game("belote3", seed="analysis-position")
    rng = random.Random(5)
    while game.phase is not Phase.PLAY or len(game.tricks) < 6:
        seat = game.to_act()[0]
        game.push(seat, rng.choice(game.legal_moves(seat)))
    from engine_service.rules.notation import format_position

    text = format_position(game.deck, game.position())
    analysis = analyse_position("belote3", text)
    assert analysis.play is not None and analysis.table is None
    assert analysis.play.solution == Solver().solve("belote3", text)


@pytest.mark.parametrize("variant", TRUMP_VARIANTS)
def test_a_played_deal_starts_from_the_cards_each_seat_played_and_its_table_matches(variant):
    game = new_game(variant, seed=f"played-{variant}")
    rng = random.Random(variant)
    while not game.results or game.results[-1].outcome is DealOutcome.VOID:
        seat = game.to_act()[0]
        game.push(seat, rng.choice(game.legal_moves(seat)))
    number = len(game.results) - 1
    played: list[set] = [set() for _ in range(game.players)]
    for trick in game.tricks:
        for seat, card in ((entry.seat, entry.card) for entry in trick.cards):
            played[seat].add(card)
    start = played_start(new_game(variant, seed=f"played-{variant}"), list(game.history), number)
    assert start is not None and [set(hand) for hand in start.hands] == played
    assert start.trump == game.results[number].trump and start.taker == game.results[number].taker
    analysis = analyse_played_deal(game, start, 0)
    assert analysis.table is not None and analysis.play is not None
    assert analysis.table[(start.trump.code, start.taker)] == analysis.play.solution.value
    assert len(analysis.table.entries) == 4 * game.players


def test_a_void_deal_has_no_start_of_play():
    game = new_game("belote", seed="void-deal")
    while game.phase is Phase.BIDDING:
        game.push(game.to_act()[0], next(m for m in game.legal_moves(game.to_act()[0]) if type(m).__name__ == "Pass"))
    assert game.results[0].outcome is DealOutcome.VOID
    assert played_start(new_game("belote", seed="void-deal"), list(game.history), 0) is None


@pytest.mark.parametrize(
    "contract, reason, field",
    [
        (Contract("X", 1), Reason.UNKNOWN_SUIT, "contract.trump"),
        (Contract("H", 7), Reason.INVALID_SEAT, "contract.taker"),
        (Contract(None, 1), Reason.UNKNOWN_SUIT, "contract.trump"),
    ],
)
def test_a_contract_that_cannot_be_played_names_its_field(contract, reason, field):
    deal, dealer = deal_text("belote", "analysis-errors")
    with pytest.raises(RuleViolation) as caught:
        analyse_deal("belote", deal, dealer=dealer, contract=contract)
    assert caught.value.reason is reason and caught.value.field == field


def test_a_malformed_deal_is_a_rule_violation_and_a_spent_deadline_stops():
    with pytest.raises(RuleViolation) as caught:
        analyse_deal("belote", "0:AKQ. ...")
    assert caught.value.reason in (Reason.INVALID_NOTATION, Reason.INVALID_DEAL)
    deal, dealer = deal_text("belote", "analysis-deadline")
    with pytest.raises(SolveStoppedError):
        analyse_deal("belote", deal, dealer=dealer, deadline=0.0)
    with pytest.raises(RuleViolation):
        analyse_position("hearts", MOON_DEAL + ";leader=0")  # hearts needs the player

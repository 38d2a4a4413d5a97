"""The public hooks a variant offers hints, analysis and the service: pure deal scoring,
the objective the solver counts, and the blind copy of a game for a seat."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from engine_service.rules import VARIANTS, Card, DealOutcome, NextDeal, Phase, Suit, new_game
from engine_service.rules.options import Announcements, BeloteOptions
from tests.conftest import make
from tests.rules.invariants import knowable_codes, true_placement
from tests.rules.test_belote import DEAL_A


def _belote_at_the_end(taker_team_points: int, held: int = 0):
    game = make("belote", DEAL_A, first_dealer=3, announcements="all")
    d = game._deal
    d.taker, d.trump = 0, Suit.HEARTS
    d.points = [taker_team_points, 162 - taker_team_points, 0, 0]
    d.trick_counts = [2, 2, 2, 2]
    game.held_points = held
    return game


def test_scoring_a_litige_returns_the_points_held_over_without_keeping_them():
    # docs/rules.md § belote "Scoring": at an exact tie the takers' points wait for the next deal.
    game = _belote_at_the_end(81)
    before = (copy.deepcopy(game._deal), list(game.scores), list(game.results), game.held_points)
    result = game.score_deal()
    assert result.outcome is DealOutcome.LITIGE and result.held_out == 81 == result.points_held
    assert (game._deal, game.scores, game.results, game.held_points) == before
    assert game.score_deal() == result  # the same state, the same result


def test_scoring_after_a_litige_pays_the_held_points_out_in_the_result_only():
    game = _belote_at_the_end(100, held=81)
    result = game.score_deal()
    assert result.outcome is DealOutcome.MADE and result.scores == (100 + 81, 62) and result.held_out == 0
    assert game.held_points == 81  # the engine keeps the carry when the deal really ends


@pytest.mark.parametrize("variant", VARIANTS)
def test_score_deal_gives_the_result_the_engine_applied_and_changes_nothing(variant):
    rng = random.Random(variant)
    game = new_game(variant, {"announcements": "all"} if variant.startswith("belote") else {}, seed=variant)
    checked = 0
    while checked < 6 and not game.is_over():
        seat = rng.choice(game.to_act())
        game.push(seat, rng.choice(game.legal_moves(seat)))
        if game.phase is not Phase.DEAL_OVER or game.results[-1].outcome is DealOutcome.VOID:
            continue
        applied = game.results[-1]
        game.held_points = getattr(applied, "held_in", 0)  # what the deal started from
        before = (copy.deepcopy(game._deal), list(game.scores), list(game.results), game.held_points)
        assert game.score_deal() == applied
        assert (game._deal, game.scores, game.results, game.held_points) == before
        game.held_points = applied.points_held
        checked += 1
    assert checked >= 3


# ----------------------------------------------------------------------------- the objective


def _in_play(variant: str, seed: str):
    """A game of ``variant`` at a random point of a deal's play, and the seat to play."""
    rng = random.Random(seed)
    game = new_game(variant, seed=seed)
    while True:
        seat = rng.choice(game.to_act())
        game.push(seat, rng.choice(game.legal_moves(seat)))
        if game.phase is Phase.DEAL_OVER:
            game.push(0, NextDeal())
        if game.phase is Phase.PLAY and rng.random() < 0.2:
            return game, game.to_act()[0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_solved_value_is_the_takers_side_or_the_players_own(variant):
    for number in range(10):
        game, seat = _in_play(variant, f"objective-{number}")
        taker = game._deal.taker
        for other in range(game.players):
            if game.has_contract:
                assert game.objective_player(other) is None
                assert game.is_objective_side(other) == (game.side_of(other) == game.side_of(taker) or
                                                        game.partner_of(other) == taker)
            else:
                assert game.objective_player(other) == other and game.is_objective_side(other)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_deal_total_is_every_trick_or_every_card_point_in_play(variant):
    # The two sides' values add up to it: hints turn the MAX side's value into the other side's.
    totals = {"euchre3": 5, "belote3": 162, "belote": 162, "hearts": 26}
    for number in range(10):
        game, seat = _in_play(variant, f"total-{number}")
        assert game.deal_total() == totals[variant]
        if variant == "euchre3":
            assert game.deal_total() == len(game._deal.tricks) + len(game._deal.hands[seat])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_deal_is_scored_by_lines_exactly_where_the_value_does_not_decide_it(variant):
    rules = VARIANTS[variant]
    assert rules.scored_by_lines == (rules.deal_score_from_value(3, seat=0, taker=0) is None)
    assert rules.value_unit == {"euchre3": "tricks", "hearts": "penalty_points"}.get(variant, "card_points")
    assert rules.lower_is_better == (variant == "hearts")
    assert rules.table_trumps() == (list(rules.deck.suits) if rules.has_contract else [None])


def test_the_euchre3_deal_score_from_the_takers_tricks_is_the_scoring_rule():
    for tricks in range(6):
        game, _ = _in_play("euchre3", f"euchre-{tricks}")
        d = game._deal
        d.trick_counts = [0] * 3
        d.trick_counts[d.taker] = tricks
        scores = game.score_deal().scores
        for seat in range(3):
            assert game.deal_score_from_value(tricks, seat=seat, taker=d.taker) == scores[seat]


@pytest.mark.parametrize("announcements", list(Announcements))
def test_a_belote_deal_score_from_the_takers_card_points_is_the_scoring_rule(announcements):
    """From a point of a deal's play (the first trick's announcements to come or made), any
    line to its end, every player announcing what he holds: unless one side takes every
    trick (the takers' card points 0 or 162, capot possible), the takers' card points alone
    give each team's deal score, litige and points held from a previous deal included."""
    checked = {"valued": 0, "capot": 0, "held": 0, "kept quiet": 0}
    for number in range(300):
        rng = random.Random(number)
        game = new_game("belote", BeloteOptions(announcements=announcements), seed=f"from-value-{number}")
        for _ in range(rng.randrange(3)):  # later deals: a litige may hold points over
            _play_randomly(game, rng)
            game.push(0, NextDeal())
        quiet = False  # before the start, one may keep a combination quiet
        while game.phase not in (Phase.PLAY, Phase.DECLARATIONS) or rng.random() < 0.6:
            quiet |= _step(game, rng, announcing=False)
        game.held_points = game.held_points or rng.choice((0, 0, 81, 76))  # as a litige leaves them
        start = game.fork()
        while game.phase is not Phase.DEAL_OVER:
            _step(game, rng)
        result = game.results[-1]
        takers = result.taker % 2
        value = sum(points for seat, points in enumerate(result.card_points) if seat % 2 == takers)
        if 0 < value < 162:
            assert start.scores_from_value(value) == tuple(float(score) for score in result.scores)
            checked["valued"] += 1
            checked["held"] += start.held_points > 0
            checked["kept quiet"] += quiet
        else:
            assert start.scores_from_value(value) is None
            checked["capot"] += result.capot
    assert checked["valued"] >= 200 and checked["held"] >= 50
    assert checked["kept quiet"] >= (20 if announcements is Announcements.ALL else 0)


def _step(game, rng, announcing=True) -> bool:
    """One random move, but an announcement whenever the player holds one if ``announcing``;
    whether the player kept a combination quiet."""
    seat = game.to_act()[0]
    moves = game.legal_moves(seat)
    declaring = game.phase is Phase.DECLARATIONS
    move = max(moves, key=lambda move: move.declare) if declaring and announcing else rng.choice(moves)
    game.push(seat, move)
    return declaring and len(moves) == 2 and not move.declare


def _play_randomly(game, rng):
    while game.phase is not Phase.DEAL_OVER:
        _step(game, rng)


def test_a_hearts_deal_as_dealt_is_led_by_the_two_of_clubs_before_any_pass():
    game = new_game("hearts", seed="as-dealt")
    dealt = game._deal.dealt
    for seat in game.to_act():
        game.push(seat, game.legal_moves(seat)[0])  # every pass: the hands change
    position = game.position_as_dealt()
    assert position.hands == dealt.hands and game.deck.parse("2C") in position.hands[position.leader]
    assert game.pass_offset() == 1 and new_game("belote").pass_offset() == 0


# ----------------------------------------------------------------------------- blind copies


def _cards_held(value: object, found: set[Card]) -> set[Card]:
    """Every card anywhere in ``value`` (dataclasses, containers, combinations)."""
    if isinstance(value, Card):
        found.add(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            _cards_held(getattr(value, item.name), found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _cards_held(key, found)
            _cards_held(item, found)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _cards_held(item, found)
    return found


def _games_at_every_kind_of_decision(variant: str, count: int):
    """(game, seat) at random points of random games: bids, discards, passes, declarations, play."""
    rng = random.Random(variant)
    options = {"announcements": "all"} if variant.startswith("belote") else {}
    game = new_game(variant, options, seed=f"blind-{variant}")
    found = 0
    while found < count:
        if game.is_over():
            game = new_game(variant, options, seed=f"blind-{variant}-{found}")
        seat = rng.choice(game.to_act())
        if game.phase is not Phase.DEAL_OVER and rng.random() < 0.3:
            yield game, seat
            found += 1
        game.push(seat, rng.choice(game.legal_moves(seat)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_blind_copy_holds_no_card_its_seat_cannot_see(variant):
    for game, seat in _games_at_every_kind_of_decision(variant, 60):
        blind = game.blind_copy(seat)
        d = dataclasses.replace(blind._deal, excluded=[])  # the cards a seat is known not to hold locate nothing
        visible = {game.deck.parse(code) for code in knowable_codes(game, seat)} | game._deal.played
        assert _cards_held(d, set()) <= visible, game.phase
        assert not blind.history and not blind.events
        assert blind.phase is game.phase and blind.to_act() == game.to_act() and blind._deal.hands[seat] == game._deal.hands[seat]
        assert blind.legal_moves(seat) == game.legal_moves(seat)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_hidden_cards_put_back_give_the_game_back(variant):
    for game, seat in _games_at_every_kind_of_decision(variant, 60):
        if game.phase is Phase.PASSING:
            continue  # the others' passes are hidden, and no deal of the hands tells them
        back = game.blind_copy(seat).with_hidden_cards(seat, true_placement(game, seat), random.Random(0))
        assert back._deal.hands == game._deal.hands and back.position() == game.position()
        assert getattr(back._deal, "belote_holder", None) == getattr(game._deal, "belote_holder", None)
        assert getattr(back._deal, "declarations", None) == getattr(game._deal, "declarations", None)
        out_of_play = set(game.stock) | {game.discard} - {None}
        assert set(back.stock) | {back.discard} - {None} == out_of_play
        assert back.stock[:1] == game.stock[:1] or game.stock[:1] != (game.turned,)  # the turned card on top
        for other in game.to_act():
            assert back.legal_moves(other) == game.legal_moves(other)


def test_a_seat_own_hand_is_never_put_back():
    game = new_game("belote", seed="own-hand")
    seat = game.to_act()[0]
    with pytest.raises(ValueError):
        game.blind_copy(seat).with_hidden_cards(seat, true_placement(game, seat) | {seat: set()}, random.Random(0))

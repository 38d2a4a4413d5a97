"""Matches of a fixed number of deals (a duplicate event's tables) and deals turned by a
number of seats: the same deal played from other chairs."""

from __future__ import annotations

import random

import pytest

from engine_service.rules import Phase, RuleViolation, new_game, parse_move
from engine_service.rules.options import MAX_DEALS

VARIANTS = ["euchre3", "belote3", "hearts", "belote"]


def play_random(game, rng: random.Random, *, deals: int | None = None) -> None:
    while game.phase is not Phase.GAME_OVER and (deals is None or len(game.results) < deals):
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        game.push(seat, rng.choice(moves))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_match_of_n_deals_ends_after_its_last_deal_the_best_total_winning(variant):
    game = new_game(variant, {"deals": 3, "target_score": new_game(variant).options.allowed_targets[0]},
                    seed="fixed")
    play_random(game, random.Random(1))
    assert len(game.results) == 3 and game.phase is Phase.GAME_OVER
    best = min(game.scores) if game.lower_is_better else max(game.scores)
    assert game.winners == tuple(seat for seat in range(game.players) if game.scores[game.side_of(seat)] == best)


def test_a_tie_after_the_last_deal_shares_the_win():
    hearts = new_game("hearts", {"deals": 2}, seed="tie")
    hearts.scores = [5, 5, 10, 6]
    hearts.results = [object(), object()]  # white box: two deals over
    assert hearts._fixed_length_winners() == (0, 1)  # the lowest, shared
    hearts.results = [object()]
    assert hearts._fixed_length_winners() == ()  # a deal still to play
    belote = new_game("belote", {"deals": 1}, seed="tie")
    belote.scores, belote.results = [81, 81], [object()]
    assert belote._fixed_length_winners() == (0, 1)


@pytest.mark.parametrize("deals", [-1, MAX_DEALS + 1, True, "3"])
def test_a_deal_count_out_of_range_is_refused_naming_the_option(deals):
    with pytest.raises(RuleViolation) as caught:
        new_game("belote", {"deals": deals})
    assert caught.value.reason.value == "INVALID_OPTION" and caught.value.field == "deals"


def test_deals_unset_keeps_the_options_older_form():
    assert "deals" not in new_game("belote").options.to_dict()
    assert new_game("belote", {"deals": 4}).options.to_dict()["deals"] == 4


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("rotation", [1, 2])
def test_a_turned_deal_is_the_same_deal_played_from_other_chairs(variant, rotation):
    plain = new_game(variant, {"deals": 2}, seed="turned")
    players = plain.players
    turned = new_game(variant, {"deals": 2, "first_dealer": rotation % players}, seed="turned", rotation=rotation)
    rng = random.Random(4)
    for _ in range(2):
        assert turned.dealer == (plain.dealer + rotation) % players
        for seat in range(players):
            assert turned.hand((seat + rotation) % players) == plain.hand(seat)
        assert turned.stock == plain.stock
        # The same moves from the turned chairs make the same deal, card for card.
        while plain.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            seat = plain.to_act()[0]
            assert (seat + rotation) % players in turned.to_act()
            move = rng.choice(plain.legal_moves(seat))
            plain.push(seat, move)
            turned.push((seat + rotation) % players, move)
        mine, theirs = plain.results[-1], turned.results[-1]
        for seat in range(players):
            assert theirs.scores[turned.side_of((seat + rotation) % players)] == mine.scores[plain.side_of(seat)]
        if plain.phase is Phase.DEAL_OVER:
            plain.push(plain.to_act()[0], parse_move("next-deal", plain.deck))
            turned.push(turned.to_act()[0], parse_move("next-deal", turned.deck))

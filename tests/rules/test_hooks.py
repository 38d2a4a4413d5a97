"""The public hooks a variant offers hints, analysis and the service: pure deal scoring,
the objective the solver counts, and the blind copy of a game for a seat."""

from __future__ import annotations

import copy
import random

import pytest

from engine_service.rules import VARIANTS, DealOutcome, Phase, Suit, new_game
from tests.conftest import make
from tests.rules.test_belote import DEAL_A


def _belote_at_the_end(taker_team_points: int, held: int = 0):  # noqa: ANN202
    game = make("belote", DEAL_A, first_dealer=3, announcements="all")
    d = game.d
    d.taker, d.trump = 0, Suit.HEARTS
    d.points = [taker_team_points, 162 - taker_team_points, 0, 0]
    d.trick_counts = [2, 2, 2, 2]
    game.held_points = held
    return game


def test_scoring_a_litige_returns_the_points_held_over_without_keeping_them():
    # docs/rules.md § belote "Scoring": at an exact tie the takers' points wait for the next deal.
    game = _belote_at_the_end(81)
    before = (copy.deepcopy(game.d), list(game.scores), list(game.results), game.held_points)
    result = game.score_deal()
    assert result.outcome is DealOutcome.LITIGE and result.held_out == 81 == result.details["held_out"]
    assert (game.d, game.scores, game.results, game.held_points) == before
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
        game.held_points = applied.details.get("held_in", 0)  # what the deal started from
        before = (copy.deepcopy(game.d), list(game.scores), list(game.results), game.held_points)
        assert game.score_deal() == applied
        assert (game.d, game.scores, game.results, game.held_points) == before
        game.held_points = applied.held_out
        checked += 1
    assert checked >= 3

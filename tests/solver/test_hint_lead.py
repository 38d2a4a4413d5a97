"""Each hint option's shortfall behind the best, with the standard error measured on their
difference deal by deal (the deals every option is valued in)."""

from __future__ import annotations

import math
import random

import pytest

from engine_service import hints
from engine_service.hints.common import difference_error, mean_and_error
from engine_service.rules import Game, Phase
from tests.solver.test_decision_hints import reach

DEALS = 8


def _at(variant: str, wanted, seed: str) -> tuple[Game, int]:
    return reach(variant, seed, wanted, random.Random(seed))


def _deal_by_deal(question, move: str) -> list[float]:
    """``move``'s value in each of the first DEALS deals: a hint of k deals is the same
    whatever else, so the k-th deal's value is k times the mean of k less k-1 times that of k-1."""
    means = [0.0]
    for count in range(1, DEALS + 1):
        hint = hints.answer(question, seed=11, budget=None, min_samples=count, max_samples=count, threads=1)
        means.append(next(option.expected for option in hint.options if option.move == move))
    return [k * means[k] - (k - 1) * means[k - 1] for k in range(1, DEALS + 1)]


CASES = {
    "belote first bid": ("belote", lambda g: g.phase is Phase.BIDDING),
    "euchre3 first bid": ("euchre3", lambda g: g.phase is Phase.BIDDING),
    "belote3 card": ("belote3", lambda g: g.phase is Phase.PLAY and not g.tricks),
    "hearts card": ("hearts", lambda g: g.phase is Phase.PLAY and len(g.tricks) == 2),
    "hearts pass": ("hearts", lambda g: g.phase is Phase.PASSING),
}


@pytest.mark.parametrize("name", CASES)
def test_an_options_error_behind_the_best_is_that_of_their_difference_deal_by_deal(name):
    variant, wanted = CASES[name]
    game, seat = _at(variant, wanted, name)
    question = hints.hint_question(game, seat)
    hint = hints.answer(question, seed=11, budget=None, min_samples=DEALS, max_samples=DEALS, threads=1)
    best = _deal_by_deal(question, hint.options[0].move)
    assert hint.options[0].behind_stderr == 0.0
    for option in (hint.options[1], hint.options[-1]):
        differences = [a - b for a, b in zip(best, _deal_by_deal(question, option.move))]
        assert option.behind_stderr == pytest.approx(mean_and_error(differences)[1], abs=1e-6)
        assert hint.options[0].expected - option.expected == pytest.approx(sum(differences) / DEALS)
    assert len(set(differences)) > 1  # the options do not differ by the same in every deal
    assert hint.lead_stderr == hint.options[1].behind_stderr


def test_one_deal_leaves_the_errors_unknown_and_one_option_has_no_lead():
    game, seat = _at("belote", lambda g: g.phase is Phase.BIDDING, "one deal")
    one_deal = hints.answer(hints.hint_question(game, seat), seed=3, budget=None, min_samples=1, max_samples=1)
    assert len(one_deal.options) == 2 and all(math.isinf(option.behind_stderr) for option in one_deal.options)
    game, seat = _at("belote", lambda g: g.phase is Phase.PLAY and len(g.legal_moves(g.to_act()[0])) == 1, "forced")
    forced = hints.answer(hints.hint_question(game, seat), seed=3, budget=None, min_samples=4, max_samples=4)
    assert len(forced.options) == 1 and forced.options[0].behind_stderr == 0.0 and forced.lead_stderr is None


def test_the_difference_error_from_sums_equals_the_direct_one_and_is_zero_for_equal_options():
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randrange(2, 40)
        first = [rng.choice((rng.randrange(-300, 300), rng.randrange(-300, 300) / 2)) for _ in range(n)]
        second = [value - rng.randrange(0, 40) / 2 for value in first]
        assert difference_error(first, second) == pytest.approx(
            mean_and_error(a - b for a, b in zip(first, second))[1], rel=1e-9, abs=1e-9)
        assert difference_error(first, list(first)) == 0.0
        assert difference_error(first, [value + 7 for value in first]) == 0.0
    assert math.isinf(difference_error([3], [1]))

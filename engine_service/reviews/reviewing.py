"""The verdicts, each computed in a solver thread: a decision against the deals its seat
could have been facing (the hint engine, from its knowledge then), and a deal's cards
against the real deal (double dummy, one solver for the deal's positions in order, so each
solve starts from the last one's tables), with the deal's curve."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from .. import hints
from ..rules import Play, parse_move, variant_class
from ..solver import Solver, StopFlag
from .decisions import DealPlay, Decision
from .judging import thresholds
from .model import KnownVerdict, OptionValue, RealVerdict

# Told each card's real verdict as soon as it is known, with the curve's value after it.
OnCard = Callable[[Decision, RealVerdict, int], None]


def decision_seed(seed: int, decision: Decision) -> int:
    """The hint engine's seed for one decision: the review's seed and where the decision is,
    so a review is the same whatever else it reviews."""
    digest = hashlib.sha256(f"{seed}:{decision.deal}:{decision.entry}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def known_verdict(decision: Decision, *, seed: int, deals: int, budget: float | None,
                  stop: StopFlag | None = None) -> KnownVerdict:
    """``decision`` against the deals its seat could have been facing: each option's value by
    the hint engine (``deals`` at most, within ``budget`` seconds if given), the choice's loss."""
    assert decision.question is not None, "a forced decision is not judged"
    hint = hints.answer(decision.question, seed=decision_seed(seed, decision), budget=budget,
                        min_samples=min(deals, hints.MIN_SAMPLES), max_samples=deals, threads=1, stop=stop)
    deck = variant_class(decision.variant).deck
    options = tuple(OptionValue(parse_move(option.move, deck), option.expected, option.stderr,
                                option.expected_deal_score, option.behind_stderr) for option in hint.options)
    chosen = next(option for option in options if option.move == decision.played)
    lower_is_better = hint.unit == "penalty_points"
    best = options[0]
    loss = max(0.0, chosen.expected - best.expected if lower_is_better else best.expected - chosen.expected)
    judged = thresholds(decision.variant, hint.unit)
    return KnownVerdict(hint.unit, options, hint.samples, hint.seed, loss, judged.judge(loss), judged.accuracy(loss),
                        chosen.behind_stderr)


def real_verdicts(play: DealPlay, *, solver: Solver, on_card: OnCard, until: float | None = None) -> int | None:
    """Each card of ``play`` against the real deal, told to ``on_card`` in order with the
    curve's value after it; returns the curve's first value (the deal's value before its
    first card solved), None if none was. Past ``until`` (a ``time.monotonic()`` instant) the
    solver stops (``SolveStoppedError``): the cards not yet told are not solved."""
    unit = variant_class(play.variant).value_unit
    judged = thresholds(play.variant, unit)
    start: int | None = None
    for decision in play.cards:
        assert decision.position is not None and isinstance(decision.played, Play)
        solution = solver.solve(play.variant, decision.position, player=play.player, line=False, deadline=_left(until))
        card = decision.played.card.code
        if solution.maximising:
            best = max(solution.card_values.values())
            loss = best - solution.card_values[card]
        else:
            best = min(solution.card_values.values())
            loss = solution.card_values[card] - best
        if start is None:
            start = solution.value
        verdict = RealVerdict(unit, tuple(sorted(solution.card_values.items())), solution.card_values[card], best,
                              loss, judged.judge(loss))
        on_card(decision, verdict, solution.card_values[card])
    return start


def _left(until: float | None) -> float | None:
    return None if until is None else max(0.0, until - time.monotonic())


__all__ = ["OnCard", "decision_seed", "known_verdict", "real_verdicts"]

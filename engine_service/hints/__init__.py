"""Hints: every legal option of the seat to move, valued over deals it cannot tell apart.

A hint may use only what the asking seat knows. :func:`hint_question` turns a game into a
question built from the seat's knowledge alone; :func:`answer` has the Rust extension draw
deals of the unseen cards uniformly among those consistent with it and solve them double
dummy. Same question, same seed, same number of deals: same hint.

- card play (``cards.py``): each legal card's value in the variant's units;
- bids, euchre3's discard, belote declarations (``decisions.py``): each option played out
  to the end of the deal and scored by the rules;
- the hearts pass (``passes.py``): each choice of three cards valued by policy play-outs.
"""

from __future__ import annotations

import secrets
import time

from ..rules import Game, Phase, Reason, RuleViolation
from ..solver import StopFlag
from .cards import HintQuestion, answer_cards, card_question
from .common import DEFAULT_BUDGET_SECONDS, MAX_SAMPLES, MIN_SAMPLES, OVERRUNS, Hint, HintOption, Sampling
from .decisions import DECISION_PHASES, DecisionQuestion, answer_decision, decision_question
from .passes import PassQuestion, answer_passes, pass_question

Question = HintQuestion | DecisionQuestion | PassQuestion


def hint_question(game: Game, seat: int) -> Question:
    """The question for ``seat``'s decision; a :class:`RuleViolation` if it has none to make."""
    if game.is_over():
        raise RuleViolation(Reason.GAME_OVER, "the game is over")
    if seat not in game.to_act():
        raise RuleViolation(Reason.NOT_YOUR_TURN, f"seat {seat} has nothing to decide now")
    if game.phase is Phase.PLAY:
        return card_question(game, seat)
    if game.phase in DECISION_PHASES:
        return decision_question(game, seat)
    if game.phase is Phase.PASSING:
        return pass_question(game, seat)
    raise RuleViolation(Reason.HINT_UNAVAILABLE, f"no hint for the {game.phase.value} phase")


def answer(
    question: Question,
    *,
    seed: int | None = None,
    budget: float | None = DEFAULT_BUDGET_SECONDS,
    deadline: float | None = None,
    min_samples: int = MIN_SAMPLES,
    max_samples: int = MAX_SAMPLES,
    threads: int = 0,
    started: float | None = None,
    stop: StopFlag | None = None,
) -> Hint:
    """Solves sampled deals and ranks the options. ``budget`` and ``deadline`` are seconds
    from ``started`` (a ``time.monotonic()`` instant, default now: the service passes when
    the call arrived); the hint returns within the budget, but for its first
    ``min_samples`` deals.

    Raises ``SolveStoppedError`` when ``deadline`` passes before ``min_samples`` deals are
    solved, or once ``stop`` is set (the caller went away).
    """
    origin = time.monotonic() if started is None else started
    kind = f"{type(question).__name__}:{getattr(question, 'variant', '')}"
    aimed_end = None if budget is None else OVERRUNS.aimed_end(kind, origin, budget)
    sampling = Sampling(
        secrets.randbits(63) if seed is None else seed,
        aimed_end,
        None if deadline is None else origin + deadline,
        min_samples, max_samples, threads, stop,
    )
    if isinstance(question, HintQuestion):
        hint = answer_cards(question, sampling)
    elif isinstance(question, PassQuestion):
        hint = answer_passes(question, sampling)
    else:
        hint = answer_decision(question, sampling)
    if aimed_end is not None and min_samples < hint.samples < max_samples:  # the budget ended it
        OVERRUNS.measured(kind, aimed_end, time.monotonic())
    return hint


__all__ = [
    "DEFAULT_BUDGET_SECONDS", "DecisionQuestion", "Hint", "HintOption", "HintQuestion", "MAX_SAMPLES", "MIN_SAMPLES",
    "PassQuestion", "Question", "Sampling", "answer", "hint_question",
]

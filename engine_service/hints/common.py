"""What every hint shares: its answer's shape, the sampling defaults, the statistics."""

from __future__ import annotations

import math
import operator
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import solver
from ..rules import STOCK, Knowledge
from ..rules.declarations import DeclarationFact, strength_code
from ..solver import StopFlag

# The sampling defaults (see docs/architecture.md "Hints"): a hint ends within its budget
# with the deals solved by then, at most MAX_SAMPLES; only its first MIN_SAMPLES deals are
# solved whatever the budget (a hint needs one), and the call's deadline ends even those.
MIN_SAMPLES = 1
MAX_SAMPLES = 400
DEFAULT_BUDGET_SECONDS = 0.2

# What a holder's declaration tells (belote): (codes it played since, trump suit code,
# (value, strongest) if shown, (strongest, tie loses) if beaten), strengths as
# declarations.strength_code; see rules/knowledge.py DeclarationFact.
DeclarationArg = tuple[tuple[str, ...], str, tuple[int, int] | None, tuple[int, bool] | None]
# (seat or None for the stock, how many unseen cards it holds, cards known there, cards
# allowed there, its declaration if it made one)
HolderFacts = tuple[int | None, int, tuple[str, ...], tuple[str, ...], DeclarationArg | None]


@dataclass(frozen=True)
class Sampling:
    """How many deals a hint solves and until when: at least ``min_samples`` whatever the
    budget, at most ``max_samples``; no deal beyond the minimum is counted past
    ``budget_end``, and past ``deadline_end`` it stops (``SolveStoppedError`` if the minimum
    is not reached). Both ends are ``time.monotonic()`` instants, None for no end, so every
    part of the hint (sampling, solving, scoring) works to the same clock. Deal i is stream
    i of ``seed``."""

    seed: int
    budget_end: float | None = None
    deadline_end: float | None = None
    min_samples: int = MIN_SAMPLES
    max_samples: int = MAX_SAMPLES
    threads: int = 0  # 0: every core
    stop: StopFlag | None = None  # set when the caller went away: every solve stops at once

    def extension_args(self, reserve: float = 0.0) -> tuple[int, int, int, float | None, float | None, int]:
        """(seed, min_samples, max_samples, budget, deadline, threads), in the order the
        extension's sampled evaluations take them, the ends as seconds from now (the budget's
        ``reserve`` seconds earlier, for work the caller does after the extension)."""
        now = time.monotonic()
        budget = None if self.budget_end is None else max(0.0, self.budget_end - reserve - now)
        deadline = None if self.deadline_end is None else max(0.0, self.deadline_end - now)
        return (self.seed, self.min_samples, self.max_samples, budget, deadline, self.threads)

    def end_for(self, index: int) -> float | None:
        """When deal ``index`` is abandoned: the deadline for the minimum, else the earlier end."""
        if index < self.min_samples or self.budget_end is None:
            return self.deadline_end
        return self.budget_end if self.deadline_end is None else min(self.budget_end, self.deadline_end)

    def in_budget(self) -> bool:
        return not self.stopped() and (self.budget_end is None or time.monotonic() < self.budget_end)

    def stopped(self) -> bool:
        return self.stop is not None and self.stop.is_set()


class Smoothed:
    """A quantity measured again and again (smoothed exponentially), read and updated from
    any solver thread: the costs a hint learns about this machine."""

    def __init__(self, smoothing: float, value: float | None = None, *, least: float = -math.inf) -> None:
        self.smoothing = smoothing
        self.value = value  # None until the first measure
        self.least = least
        self._lock = threading.Lock()

    def measured(self, sample: float) -> None:
        with self._lock:
            before = self.value
            learned = sample if before is None else before + self.smoothing * (sample - before)
            self.value = max(self.least, learned)


class Overruns:
    """How far past the end it aims at each kind of hint has been finishing on this machine
    (abandoned deals winding down, the answer built), measured on every hint its budget
    ended and smoothed, so that the next one aims that much earlier and ends within its
    budget whatever the speed of the CPU."""

    SMOOTHING = 0.2
    # Never aim earlier than this share of the budget.
    MOST = 0.5
    # Before a kind's first measure, aim this share of the budget early (on the safe side).
    FIRST_GUESS = 0.1

    def __init__(self) -> None:
        self._seconds: dict[str, Smoothed] = {}
        self._lock = threading.Lock()

    def aimed_end(self, kind: str, start: float, budget: float) -> float:
        learned = self._of(kind).value
        early = budget * self.FIRST_GUESS if learned is None else learned
        return start + budget - min(early, budget * self.MOST)

    def measured(self, kind: str, aimed_end: float, done: float) -> None:
        self._of(kind).measured(done - aimed_end)

    def _of(self, kind: str) -> Smoothed:
        with self._lock:
            return self._seconds.setdefault(kind, Smoothed(self.SMOOTHING, least=0.0))


OVERRUNS = Overruns()


@dataclass(frozen=True)
class HintOption:
    move: str  # the move's text form ("play:QS", "take", "discard:MA", "declare")
    expected: float  # in `Hint.unit`, for the seat's side
    stderr: float
    expected_deal_score: float | None  # the seat's side's deal score, where it can be computed
    deal_score_stderr: float | None
    # The standard error of its shortfall behind the best option, from their difference deal
    # by deal (what a deal does to both cancels out): 0 for the best itself.
    behind_stderr: float = math.inf


@dataclass(frozen=True)
class Hint:
    seat: int
    version: int
    unit: str
    options: tuple[HintOption, ...]  # best first
    samples: int
    seed: int
    # Varies with thread scheduling (warm tables), as the deal scores of line-scored hints vary
    # with the time left to score them; everything else is reproducible.
    nodes: int

    @property
    def best(self) -> HintOption:
        return self.options[0]

    @property
    def lead_stderr(self) -> float | None:
        """The standard error of the best option's lead over the second; None with one option."""
        return self.options[1].behind_stderr if len(self.options) > 1 else None


def codes(cards: Iterable[Any]) -> tuple[str, ...]:
    return tuple(sorted(card.code for card in cards))


def holder_facts(knowledge: Knowledge) -> tuple[HolderFacts, ...]:
    """Every holder of cards the seat cannot see (other seats, the stock), as card codes."""
    declarations = {fact.holder: declaration_arg(fact) for fact in knowledge.declarations}
    return tuple(
        (None if facts.holder == STOCK else facts.holder, facts.size, codes(facts.known),
         codes(knowledge.unseen - facts.excluded), declarations.get(facts.holder))
        for facts in knowledge.holders
    )


def declaration_arg(fact: DeclarationFact) -> DeclarationArg:
    shows = None if fact.shows is None else (fact.shows[0], strength_code(fact.shows[1]))
    loses_to = None if fact.loses_to is None else (strength_code(fact.loses_to[0]), fact.loses_to[1])
    return codes(fact.played), fact.trump.code, shows, loses_to


def holder_arg(holder: HolderFacts) -> solver.HolderSpec:
    """A holder's facts as the extension takes them."""
    return solver.holder_spec(holder)


def sample_placements(
    variant: str, unseen: Sequence[str], holders: Sequence[HolderFacts], seed: int, count: int
) -> list[list[list[str]]]:
    """Deals ``0..count`` of the seed (the ones the extension's evaluations solve): each
    holder's cards, in the order of ``holders``."""
    return solver.sample_placements(variant, unseen, holders, seed, count)


def column_stats(columns: Iterable[Sequence[int]]) -> list[tuple[float, float]]:
    """For each column of integers (an option's values, one per deal), its mean and the
    mean's standard error (infinite with one value): sums of integers, exact and quick where
    a hint has hundreds of options and deals."""
    stats = []
    for column in columns:
        n, total, squares = len(column), sum(column), sum(map(operator.mul, column, column))
        if n < 2:
            stats.append((float(total), math.inf))
            continue
        variance = (n * squares - total * total) / (n * (n - 1))
        stats.append((total / n, math.sqrt(variance / n)))
    return stats


def behind_the_best(options: Sequence[HintOption], per_deal: Callable[[str], Sequence[float]]) -> tuple[HintOption, ...]:
    """``options`` (best first), each with the standard error of its shortfall behind the
    best (``behind_stderr``), from each option's values deal by deal, ``per_deal(move)``."""
    best = per_deal(options[0].move)
    sums = (sum(best), sum(map(operator.mul, best, best)))  # once for every option
    return tuple(replace(option, behind_stderr=difference_error(best, per_deal(option.move), sums))
                 for option in options)


def difference_error(first: Sequence[float], second: Sequence[float],
                     first_sums: tuple[float, float] | None = None) -> float:
    """The standard error of the mean of ``first[i] - second[i]`` (infinite with one pair),
    from sums (a hearts pass has hundreds of options over hundreds of deals); ``first_sums``:
    ``first``'s sum and sum of squares, if known."""
    n = len(first)
    if n < 2:
        return math.inf
    first_total, first_squares = first_sums or (sum(first), sum(map(operator.mul, first, first)))
    total = first_total - sum(second)
    squares = first_squares - 2 * sum(map(operator.mul, first, second)) + sum(map(operator.mul, second, second))
    return math.sqrt(max(0.0, (n * squares - total * total) / (n * (n - 1))) / n)


def mean_and_error(values: Iterable[float | int | None]) -> tuple[float, float]:
    """The mean and its standard error (infinite with one value); None values are skipped."""
    numbers = [float(v) for v in values if v is not None]
    n = len(numbers)
    mean = sum(numbers) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in numbers) / (n - 1)
    return mean, math.sqrt(variance / n)

"""The double-dummy solver: typed facade over the compiled Rust extension.

The extension (``engine_service._solver``) is private; use this module. Long solves run
with the GIL released, so other Python threads (the gRPC server) keep running.

Values are totals for the deal, for the side the variant's objective names (docs/rules.md
"What the solver optimises"): euchre3 and bridge, tricks won by the taker's (declarer's)
side; belote and belote3, card points won by the taker's side (last trick included);
hearts, the chosen ``player``'s score in the deal (moon included), that player minimising.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from . import _solver
from ._solver import (
    InvalidInputError,
    InvalidPositionError,
    NotationError,
    SolverError,
    SolveStoppedError,
    StopFlag,
    UnknownVariantError,
)
from .rules import VARIANTS, Position, format_position

__all__ = [
    "DDTable", "InvalidInputError", "InvalidPositionError", "NotationError", "Progress", "Solution", "Solver",
    "SolverError", "SolveStoppedError", "StopFlag", "UnknownVariantError", "core_version", "count_cards", "legal_cards",
    "interrupt_all", "seconds_until", "slowed_down", "solve_batch", "TrickResult", "trick_result",
    "DEFAULT_MEMORY_MB", "MAX_MEMORY_MB", "SOLVER_VARIANTS", "VALUE_UNITS", "ValueBounds",
    "CardEvaluation", "Holder", "PassEvaluation", "evaluate_cards", "evaluate_passes", "holder_spec",
    "sample_placements",
]

SOLVER_VARIANTS = ("bridge", *VARIANTS)

# A solver's table memory unless told otherwise, in MB (the extension's own default), and
# the most it accepts.
DEFAULT_MEMORY_MB = _solver.DEFAULT_MEMORY_MB
MAX_MEMORY_MB = _solver.MAX_MEMORY_MB

# What a solved value counts, per variant (see the module's docstring).
VALUE_UNITS = {name: rules.value_unit for name, rules in VARIANTS.items()}


@dataclass(frozen=True)
class Solution:
    value: int
    card_values: dict[str, int]  # every legal card of the player to move
    line: list[str]  # an optimal line to the end of the deal
    nodes: int
    to_play: int
    maximising: bool  # whether the player to move is on the side that maximises

    @classmethod
    def from_raw(cls, raw: dict[str, Any]) -> Solution:
        return cls(
            value=raw["value"],
            card_values=dict(raw["card_values"]),
            line=list(raw["line"]),
            nodes=raw["nodes"],
            to_play=raw["to_play"],
            maximising=raw["maximising"],
        )

    def best_cards(self) -> list[str]:
        """The legal cards that achieve the value."""
        return [card for card, value in self.card_values.items() if value == self.value]


@dataclass(frozen=True)
class ValueBounds:
    """A value known to lie in ``low..high``, both included."""

    low: int
    high: int

    @property
    def exact(self) -> bool:
        """The bounds have met: the value is proved."""
        return self.low == self.high

    def __contains__(self, value: int) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class Progress:
    """What an anytime analysis (:meth:`Solver.solve_anytime`) knows at one moment, in the
    units of :class:`Solution`."""

    value: ValueBounds
    card_values: dict[str, ValueBounds]  # every legal card of the player to move
    line: list[str]  # an optimal line, once every value is exact (when asked)
    nodes: int
    to_play: int
    maximising: bool
    stopped: bool  # the deadline or the observer came first: the bounds are the last proved

    @property
    def exact(self) -> bool:
        """The value and every card's value are exact."""
        return self.value.exact and all(bounds.exact for bounds in self.card_values.values())

    @classmethod
    def from_raw(cls, raw: dict[str, Any]) -> Progress:
        low, high = raw["value"]
        return cls(
            value=ValueBounds(low, high),
            card_values={card: ValueBounds(low, high) for card, low, high in raw["card_values"]},
            line=list(raw["line"]),
            nodes=raw["nodes"],
            to_play=raw["to_play"],
            maximising=raw["maximising"],
            stopped=raw["stopped"],
        )


# Gets each new bounds of an anytime analysis; False stops it (None goes on).
ProgressObserver = Callable[[Progress], "bool | None"]


@dataclass(frozen=True)
class DDTable:
    """Values for each (trump, taker); trump is a suit code, or None for no trump."""

    variant: str
    entries: dict[tuple[str | None, int], int]

    def __getitem__(self, key: tuple[str | None, int]) -> int:
        return self.entries[key]

    def by_taker(self, taker: int) -> dict[str | None, int]:
        return {trump: value for (trump, seat), value in self.entries.items() if seat == taker}


def _position_text(variant: str, position: str | Position) -> str:
    if isinstance(position, str):
        return position
    return format_position(VARIANTS[variant].deck, position)


class Solver:
    """A reusable solver; related solves share its transposition table (at most
    ``memory_mb``, by default 256; bridge and hearts use a partition table of their own
    within the same bound, and a solve gives back the memory of the table it does not use).

    Threads may share one: its calls then run one at a time (they share the table), a call
    waiting at most its ``deadline``. Solvers of their own run in parallel (the GIL is
    released while solving)."""

    def __init__(self, memory_mb: int = DEFAULT_MEMORY_MB) -> None:
        self._inner = _solver.Solver(memory_mb)
        self._lock = threading.Lock()

    @contextmanager
    def _turn(self, deadline: float | None = None) -> Iterator[float | None]:
        """This solver to one call at a time (the extension refuses a second one with a bare
        RuntimeError); yields what is left of ``deadline`` once it is this call's turn."""
        start = time.monotonic()
        if not self._lock.acquire(timeout=-1 if deadline is None else max(deadline, 0.0)):
            raise SolveStoppedError("the deadline passed while another thread used this solver")
        try:
            yield None if deadline is None else deadline - (time.monotonic() - start)
        finally:
            self._lock.release()

    @property
    def memory_bytes(self) -> int:
        with self._turn():
            return self._inner.memory_bytes

    def clear(self) -> None:
        with self._turn():
            self._inner.clear()

    @contextmanager
    def stopping(self, flag: StopFlag) -> Iterator[None]:
        """Every search of this solver in the block stops (``SolveStoppedError``) once
        ``flag`` is set: the work of a caller that went away ends within milliseconds."""
        with self._turn():
            self._inner.set_stop(flag)
        try:
            yield
        finally:
            with self._turn():
                self._inner.set_stop(None)

    def solve(
        self,
        variant: str,
        position: str | Position,
        *,
        player: int | None = None,
        all_cards: bool = True,
        line: bool = True,
        deadline: float | None = None,
    ) -> Solution:
        """``deadline``: seconds from now; past it, ``SolveStoppedError``."""
        text = _position_text(variant, position)
        with self._turn(deadline) as left:
            raw = self._inner.solve(variant, text, player, all_cards, line, left)
        return Solution.from_raw(raw)

    def solve_anytime(
        self,
        variant: str,
        position: str | Position,
        *,
        player: int | None = None,
        line: bool = True,
        deadline: float | None = None,
        on_progress: ProgressObserver | None = None,
        stop: StopFlag | None = None,
    ) -> Progress:
        """Anytime analysis: the value and every legal card's value as bounds, narrowed by
        null-window tests until exact, within the solver's table memory. ``on_progress`` gets
        the cheap bounds at once (no search), then the bounds after each test that narrowed
        one, the exact values last (with the line if ``line``), in the solver's thread; it
        stops the analysis by returning False, and what it raises is raised here. Returns the
        last bounds: ``stopped`` when ``deadline`` (seconds from now), ``stop`` (a
        :class:`StopFlag` another thread may set: the search sees it within a millisecond or
        so) or ``on_progress`` came first, which is no error (:class:`SolveStoppedError` only
        when the deadline passed while another thread held this solver)."""
        text = _position_text(variant, position)

        def observe(raw: dict[str, Any]) -> bool | None:
            return None if on_progress is None else on_progress(Progress.from_raw(raw))

        with self._turn(deadline) as left:
            raw = self._inner.solve_anytime(variant, text, observe, player, line, left, stop)
        return Progress.from_raw(raw)

    def reaches(
        self,
        variant: str,
        position: str | Position,
        target: int,
        *,
        player: int | None = None,
        deadline: float | None = None,
    ) -> bool:
        """Whether the MAX side ends the deal with at least ``target`` (what it has won
        included): one null-window search, much cheaper than the value when the answer is
        clear. ``deadline`` as for :meth:`solve`."""
        text = _position_text(variant, position)
        with self._turn(deadline) as left:
            return self._inner.reaches(variant, text, target, player, left)

    def line_short_of(
        self,
        variant: str,
        position: str | Position,
        target: int,
        *,
        player: int | None = None,
        deadline: float | None = None,
    ) -> list[str] | None:
        """A line (card codes) along which the MAX side ends below ``target``: the other
        side's cards keep it there, the MAX side's are any (none can lift it); None when the
        MAX side reaches ``target``. As cheap as :meth:`reaches` when the value is far below."""
        text = _position_text(variant, position)
        with self._turn(deadline) as left:
            return self._inner.line_short_of(variant, text, target, player, left)

    def value(self, variant: str, position: str | Position, *, player: int | None = None) -> int:
        return self.solve(variant, position, player=player, all_cards=False, line=False).value

    def dd_table(self, variant: str, deal: str, dealer: int = 0, *, deadline: float | None = None) -> DDTable:
        with self._turn(deadline) as left:
            rows = self._inner.dd_table(variant, deal, dealer, left)
        return DDTable(variant, {(trump, taker): value for trump, taker, value in rows})


def legal_cards(variant: str, position: str | Position) -> list[str]:
    return _solver.legal_cards(variant, _position_text(variant, position))


@dataclass(frozen=True)
class TrickResult:
    winner: int  # the seat that wins the trick
    points: int  # its card points, the last-trick bonus included (hearts: penalty points)


def trick_result(variant: str, position: str | Position, cards: Sequence[str]) -> TrickResult:
    """The trick in progress of ``position`` completed by ``cards`` (codes, in play order),
    by the solver's rules; :class:`InvalidInputError` unless they complete it, each card
    one its seat may play there."""
    winner, points = _solver.trick_result(variant, _position_text(variant, position), list(cards))
    return TrickResult(winner, points)


def solve_batch(
    jobs: Iterable[tuple[str, str | Position, int | None]],
    *,
    all_cards: bool = True,
    line: bool = False,
    threads: int = 0,
    memory_mb: int = 16,
) -> list[Solution | InvalidInputError]:
    """Solves many positions on ``threads`` threads (0: all cores), results in input order;
    an invalid job gets its error in its place instead of failing the batch."""
    prepared: Sequence[tuple[str, str, int | None]] = [
        (variant, _position_text(variant, position), player) for variant, position, player in jobs
    ]
    raw = _solver.solve_batch(list(prepared), all_cards, line, threads, memory_mb)
    return [InvalidInputError(item["error"]) if "error" in item else Solution.from_raw(item) for item in raw]


def seconds_until(end: float | None) -> float | None:
    """What is left before ``end`` (a ``time.monotonic()`` instant; None: no end), for a
    solve's ``deadline``; :class:`SolveStoppedError` once it has passed."""
    if end is None:
        return None
    left = end - time.monotonic()
    if left <= 0:
        raise SolveStoppedError("the deadline passed")
    return left


def interrupt_all() -> None:
    """Stops every search of the process, running or to come, as at their deadlines: for a
    server that shuts down (its solver threads end at once instead of finishing their work)."""
    _solver.interrupt_all()


@contextmanager
def slowed_down(factor: int) -> Iterator[None]:
    """Testing: every search in the process ``factor`` times slower within the block, as on a
    slower CPU (a time budget's test then holds whatever the speed of the machine)."""
    before = _solver.slowdown()
    _solver.set_slowdown(factor)
    try:
        yield
    finally:
        _solver.set_slowdown(before)


def core_version() -> str:
    """Version of the Rust core the extension was built from."""
    return _solver.core_version()


def count_cards(indices: Iterable[int]) -> int:
    """Number of distinct card indices; :class:`InvalidInputError` on a duplicate or out-of-range index."""
    return _solver.count_cards(list(indices))


# ----------------------------------------------------------------------------- sampled deals
# A holder of cards a seat cannot see, for the sampler: (its seat, None for the stock; how
# many unseen cards it holds; codes known there; codes allowed there; its belote declaration,
# if it made one: (codes played since, trump suit code, (value, strongest) if shown,
# (strongest, tie loses) if beaten), see rules/knowledge.py DeclarationFact).
Declaration = tuple[Sequence[str], str, tuple[int, int] | None, tuple[int, bool] | None]
Holder = tuple[int | None, int, Sequence[str], Sequence[str], Declaration | None]
# The same as the extension takes it (lists).
DeclarationSpec = tuple[list[str], str, tuple[int, int] | None, tuple[int, bool] | None]
HolderSpec = tuple[int | None, int, list[str], list[str], DeclarationSpec | None]


@dataclass(frozen=True)
class CardEvaluation:
    """Every legal card's value in each sampled deal (deals ``0..len(values)`` of the seed)."""

    cards: list[str]  # the legal cards, in the order of each deal's values
    values: list[list[int]]  # per deal, per card: the MAX side's value, or the chosen player's
    lines: list[list[list[str]]]  # per deal of the first ``line_deals``, per card: the solver's line after it
    nodes: int


@dataclass(frozen=True)
class PassEvaluation:
    """Every choice of three cards to pass, valued in each sampled deal by policy play-outs."""

    choices: list[list[str]]
    values: list[list[int]]  # per deal, per choice: the passing seat's penalty points


def holder_spec(holder: Holder) -> HolderSpec:
    """A holder as the extension takes it (lists where it has sequences)."""
    seat, size, known, allowed, declaration = holder
    spec: DeclarationSpec | None = None
    if declaration is not None:
        played, trump, shows, loses_to = declaration
        spec = (list(played), trump, shows, loses_to)
    return (seat, size, list(known), list(allowed), spec)


def sample_placements(
    variant: str, unseen: Sequence[str], holders: Sequence[Holder], seed: int, count: int
) -> list[list[list[str]]]:
    """Deals ``0..count`` of ``seed``, the ones the sampled evaluations solve: each holder's
    cards, in the order of ``holders``, drawn uniformly among the placements they allow."""
    _, placements = _solver.sample_placements(variant, list(unseen), [holder_spec(h) for h in holders], seed, count)
    return placements


def evaluate_cards(
    variant: str,
    template: str,
    unseen: Sequence[str],
    holders: Sequence[Holder],
    player: int | None,
    seed: int,
    min_samples: int,
    max_samples: int,
    budget: float | None = None,
    deadline: float | None = None,
    threads: int = 0,
    *,
    line_deals: int = 0,
    stop: StopFlag | None = None,
) -> CardEvaluation:
    """Every legal card of the seat to move in ``template`` (the position with only its hand)
    solved in sampled deals of ``unseen``: at least ``min_samples`` deals, more until ``budget``
    (seconds from now), at most ``max_samples``; past ``deadline``, ``SolveStoppedError`` if
    the minimum is not reached, as once ``stop`` is set. ``player``: hearts' (the asking seat)."""
    raw = _solver.evaluate_cards(
        variant, template, list(unseen), [holder_spec(h) for h in holders], player, seed, min_samples, max_samples,
        budget, deadline, threads, line_deals=line_deals, stop=stop,
    )
    return CardEvaluation(list(raw["cards"]), raw["values"], raw["lines"], raw["nodes"])


def evaluate_passes(
    template: str,
    unseen: Sequence[str],
    holders: Sequence[Holder],
    seat: int,
    offset: int,
    seed: int,
    min_samples: int,
    max_samples: int,
    budget: float | None = None,
    deadline: float | None = None,
    threads: int = 0,
    *,
    stop: StopFlag | None = None,
) -> PassEvaluation:
    """Every hearts pass of ``seat`` (to seat + ``offset``) valued in sampled deals, as
    :func:`evaluate_cards` samples them."""
    raw = _solver.evaluate_passes(
        template, list(unseen), [holder_spec(h) for h in holders], seat, offset, seed, min_samples, max_samples,
        budget, deadline, threads, stop=stop,
    )
    return PassEvaluation(raw["choices"], raw["values"])

"""Solver work for the service: a bounded number of solves at once, each off the event loop.

A solve runs in a worker thread with the GIL released (the Rust extension releases it),
so the server keeps answering other calls meanwhile. When every slot is taken a new
solve is refused at once (RESOURCE_EXHAUSTED) rather than queued behind long work: the
client can retry, and a queue would only turn saturation into time-outs. A slot stays
taken until its thread is done, even when the call that started it was cancelled: a
cancelled call cannot stop a solve early, and the count must match the busy cores.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from .. import analysis, hints
from .._solver import SolveStoppedError
from ..solver import Solver
from .errors import DeadlineExceeded, SolverBusy

T = TypeVar("T")

# When the call carries no deadline, a hint still ends after this long.
MAX_HINT_SECONDS = 30.0
# Time kept back from the call's deadline to convert and send the answer.
DEADLINE_MARGIN_SECONDS = 0.05
# Each solver thread keeps one analysis solver (its tables stay warm between deals).
ANALYSIS_MEMORY_MB = 64


def time_left(limit: float, time_remaining: float | None) -> float:
    """Seconds a solve may take: its own limit, or less if the call's deadline is nearer."""
    if time_remaining is None:
        return limit
    return max(0.0, min(limit, time_remaining - DEADLINE_MARGIN_SECONDS))


class Slot:
    """One taken slot: runs solver work in a thread, one piece at a time."""

    def __init__(self, owner: SolverSlots) -> None:
        self._owner = owner
        self._thread: Future[Any] | None = None

    async def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work`` in a solver thread; a stopped solve is :class:`DeadlineExceeded`."""
        self._thread = self._owner._threads.submit(functools.partial(work, *args, **kwargs))
        try:
            return await asyncio.wrap_future(self._thread)
        except SolveStoppedError:
            raise DeadlineExceeded("the time limit passed before the solver was done") from None

    def release(self) -> None:
        """Frees the slot now, or when its thread ends if the call was cancelled mid-solve."""
        thread, owner = self._thread, self._owner
        if thread is None or thread.done():
            owner._free_one()
            return
        loop = asyncio.get_running_loop()

        def free(_: Future[Any]) -> None:
            loop.call_soon_threadsafe(owner._free_one)

        thread.add_done_callback(free)


class SolverSlots:
    """At most ``slots`` solves at once (default: one per core)."""

    def __init__(self, slots: int | None = None) -> None:
        self.slots = slots or os.cpu_count() or 1
        self._busy = 0  # only touched from the event loop
        self._threads = ThreadPoolExecutor(max_workers=self.slots, thread_name_prefix="solver")
        self._local = threading.local()

    @contextlib.contextmanager
    def held(self, wanted: int = 1) -> Iterator[list[Slot]]:
        """Up to ``wanted`` free slots (at least one, else :class:`SolverBusy`), for the block."""
        if self._busy >= self.slots:
            raise SolverBusy("every solver slot is busy; retry shortly")
        count = max(1, min(wanted, self.slots - self._busy))
        self._busy += count
        taken = [Slot(self) for _ in range(count)]
        try:
            yield taken
        finally:
            for slot in taken:
                slot.release()

    async def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work`` on one slot."""
        with self.held(1) as (slot,):
            return await slot.run(work, *args, **kwargs)

    def _free_one(self) -> None:
        self._busy -= 1

    def thread_solver(self) -> Solver:
        """The calling solver thread's own analysis solver."""
        solver = getattr(self._local, "solver", None)
        if solver is None:
            solver = self._local.solver = Solver(memory_mb=ANALYSIS_MEMORY_MB)
        return solver

    async def hint(
        self,
        question: hints.Question,
        *,
        seed: int | None,
        budget: float,
        max_samples: int,
        time_remaining: float | None,
    ) -> hints.Hint:
        deadline = time_left(MAX_HINT_SECONDS, time_remaining)
        try:
            return await self.run(
                hints.answer, question, seed=seed, budget=min(budget, deadline), deadline=deadline,
                max_samples=max_samples,
            )
        except DeadlineExceeded:
            raise DeadlineExceeded(f"the deadline passed before {hints.MIN_SAMPLES} deals were solved") from None

    def analyse(self, work: Callable[..., analysis.DealAnalysis], *args: Any, **kwargs: Any) -> analysis.DealAnalysis:
        """In a solver thread: ``work`` with this thread's solver."""
        return work(*args, solver=self.thread_solver(), **kwargs)

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)

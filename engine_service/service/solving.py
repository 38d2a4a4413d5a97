"""Solver work for the service: a bounded number of solves at once, each off the event loop.

A solve runs in a worker thread with the GIL released (the Rust extension releases it),
so the server keeps answering other calls meanwhile. Hints and analyses have pools of
their own: players waiting at a table never wait behind an analyst's batch, and one
caller (a peer address) holds at most a configured share of the analysis slots. When a
pool's slots are all taken a new solve is refused at once (RESOURCE_EXHAUSTED) rather
than queued behind long work: the client can retry, and a queue would only turn
saturation into time-outs. A call that is cancelled, or whose deadline passes, sets its
slot's stop flag: its solves end within milliseconds (the search looks at the flag as at
its clock), and the slot is free once its thread is done, the count matching the busy
threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import functools
import os
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from .. import bots, hints
from ..bots import SeatKnowledge
from ..rules import Move
from ..solver import DEFAULT_MEMORY_MB, Solver, SolveStoppedError, StopFlag
from ..tables import Strength
from .errors import DeadlineExceeded, ServiceReason, SolverBusy

T = TypeVar("T")

# When the call carries no deadline, a hint still ends after this long.
MAX_HINT_SECONDS = 30.0
# Time kept back from the call's deadline to convert and send the answer.
DEADLINE_MARGIN_SECONDS = 0.05
# Kept from a hint's budget for what follows the solving: ranking, conversion, sending.
ANSWER_SECONDS = 0.003
# An analysis's solver tables grow to at most this (the solver's own bound: a whole hearts
# deal may need most of it); each analysis has a solver of its own, whose memory goes back
# when it is answered (a solver kept warm from one deal to the next was no faster: its
# tables start small and grow to the position).
ANALYSIS_MEMORY_MB = DEFAULT_MEMORY_MB
# How soon a bot tries again for a hint slot that players' hints hold.
BOT_RETRY_SECONDS = 0.02


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, where the C library is glibc (else None)."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


_TRIM = _malloc_trim()


def give_memory_back() -> None:
    """Returns the memory freed by a solver to the system. Its tables grow by doubling, and
    glibc serves the later sizes from its heaps rather than from fresh mappings (its mmap
    threshold rises with the sizes it has freed), which it keeps unless asked to trim them."""
    if _TRIM is not None:
        _TRIM(0)


def time_left(limit: float, time_remaining: float | None) -> float:
    """Seconds a solve may take: its own limit, or less if the call's deadline is nearer."""
    if time_remaining is None:
        return limit
    return max(0.0, min(limit, time_remaining - DEADLINE_MARGIN_SECONDS))


class Slot:
    """One taken slot: runs solver work in a thread, one piece at a time. Its ``stop`` flag
    is set when the call that holds it goes away: the work given it stops at once."""

    def __init__(self, owner: SolverPool, caller: str) -> None:
        self._owner = owner
        self._caller = caller
        self._thread: Future[Any] | None = None
        self.stop = StopFlag()

    async def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work`` in a solver thread; a stopped solve is :class:`DeadlineExceeded`."""
        return await self.finished(self.submit(work, *args, **kwargs))

    def submit(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> Future[T]:
        self._thread = self._owner._threads.submit(functools.partial(work, *args, **kwargs))
        return self._thread

    async def finished(self, thread: Future[T]) -> T:
        try:
            return await asyncio.wrap_future(thread)
        except asyncio.CancelledError:
            self.stop.set()  # nobody waits for the work any more: its solves end now
            raise
        except SolveStoppedError:
            raise DeadlineExceeded("the time limit passed before the solver was done") from None

    def follow(self, leader: Slot) -> None:
        """Counts this slot as busy for as long as ``leader``'s work runs (its extra threads)."""
        self._thread = leader._thread

    def release(self) -> None:
        """Frees the slot now, or when its thread ends if the call was cancelled mid-solve."""
        thread, owner, caller = self._thread, self._owner, self._caller
        if thread is None or thread.done():
            owner._free(caller)
            return
        loop = asyncio.get_running_loop()

        def free(_: Future[Any]) -> None:
            loop.call_soon_threadsafe(owner._free, caller)

        thread.add_done_callback(free)


class SolverPool:
    """At most ``slots`` solves at once on threads of their own, and at most ``per_caller`` of
    them for one caller."""

    def __init__(self, name: str, slots: int, per_caller: int | None = None) -> None:
        self.name = name
        self.slots = slots
        self.per_caller = per_caller or slots
        self._busy = 0  # only touched from the event loop
        self._callers: Counter[str] = Counter()
        self._threads = ThreadPoolExecutor(max_workers=slots, thread_name_prefix=f"solver-{name}")

    @property
    def busy(self) -> int:
        return self._busy

    @contextlib.contextmanager
    def held(self, wanted: int = 1, caller: str = "") -> Iterator[list[Slot]]:
        """Up to ``wanted`` free slots (at least one, else :class:`SolverBusy`), for the block."""
        if self._busy >= self.slots:
            raise SolverBusy(f"every {self.name} slot of the solver is busy; retry shortly")
        share_left = self.per_caller - self._callers[caller]
        if share_left <= 0:
            raise SolverBusy(f"this caller already holds its share of {self.per_caller} {self.name} slots; retry when "
                             "one of its solves ends", reason=ServiceReason.CALLER_SHARE_EXHAUSTED)
        count = max(1, min(wanted, self.slots - self._busy, share_left))
        self._busy += count
        self._callers[caller] += count
        taken = [Slot(self, caller) for _ in range(count)]
        try:
            yield taken
        finally:
            for slot in taken:
                slot.release()

    async def run(self, work: Callable[..., T], *args: Any, caller: str = "", stoppable: bool = False,
                  **kwargs: Any) -> T:
        """``work`` on one slot (given the slot's stop flag as ``stop``, if ``stoppable``)."""
        with self.held(1, caller) as (slot,):
            if stoppable:
                kwargs["stop"] = slot.stop
            return await slot.run(work, *args, **kwargs)

    async def run_threaded(self, work: Callable[..., T], *args: Any, threads: int, **kwargs: Any) -> T:
        """``work(..., threads=n, stop=flag)`` on up to ``threads`` free slots, one solver
        thread per slot: a solve never runs on more threads than the slots it holds."""
        with self.held(threads) as taken:
            first, *others = taken
            thread = first.submit(work, *args, threads=len(taken), stop=first.stop, **kwargs)
            for other in others:
                other.follow(first)
            return await first.finished(thread)

    def _free(self, caller: str) -> None:
        self._busy -= 1
        self._callers[caller] -= 1
        if self._callers[caller] <= 0:
            del self._callers[caller]

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)


class SolverSlots:
    """The hint pool and the analysis pool (each by default one slot per core)."""

    def __init__(self, analysis_slots: int = 0, hint_slots: int = 0, caller_slots: int = 0,
                 analysis_memory_mb: int = ANALYSIS_MEMORY_MB) -> None:
        self.analysis_memory_mb = analysis_memory_mb
        cores = os.cpu_count() or 1
        analysis_slots = analysis_slots or cores
        self.analysis = SolverPool("analysis", analysis_slots, caller_slots or max(1, analysis_slots // 2))
        self.hints = SolverPool("hint", hint_slots or cores)
        self._bot_turns = asyncio.Semaphore(max(1, self.hints.slots // 2))

    def analysis_solver(self) -> Solver:
        """A solver for one analysis: its tables are freed with it once the analysis is answered."""
        return Solver(memory_mb=self.analysis_memory_mb)

    async def hint(
        self,
        question: hints.Question,
        *,
        seed: int | None,
        budget: float,
        max_samples: int,
        time_remaining: float | None,
        started: float,
    ) -> hints.Hint:
        """The hint, within ``budget`` seconds from ``started`` (when the call arrived, a
        ``time.monotonic()`` instant) less the time its answer takes to send."""
        deadline = time_left(MAX_HINT_SECONDS, time_remaining) + (time.monotonic() - started)
        try:
            return await self.hints.run_threaded(
                hints.answer, question, threads=os.cpu_count() or 1, seed=seed, budget=max(0.0, min(budget, deadline) - ANSWER_SECONDS),
                deadline=deadline, max_samples=max_samples, started=started,
            )
        except DeadlineExceeded:
            raise DeadlineExceeded("the deadline passed before the hint's first deal was solved") from None

    async def bot_move(self, strength: Strength, knowledge: SeatKnowledge, budget: float) -> Move:
        """A bot's decision. ``hint`` bots solve on the hint pool, one thread each and at most
        half its slots at once, so players asking for hints are never shut out by bots."""
        rng = random.Random(secrets.randbits(64))
        if strength is not Strength.HINT:
            return bots.decide(strength, knowledge, rng)
        async with self._bot_turns:
            while True:
                try:
                    return await self.hints.run(bots.decide, strength, knowledge, rng, budget=budget, threads=1)
                except SolverBusy:
                    await asyncio.sleep(BOT_RETRY_SECONDS)  # a player's hint holds the slots: it ends soon

    def analyse(self, work: Callable[..., T], *args: Any, stop: StopFlag | None = None, **kwargs: Any) -> T:
        """In an analysis thread: ``work`` (an analysis, or an anytime one) with a solver of
        its own, whose every search stops once ``stop`` is set."""
        solver = self.analysis_solver()
        try:
            with solver.stopping(stop) if stop is not None else contextlib.nullcontext():
                return work(*args, solver=solver, **kwargs)
        finally:
            del solver
            give_memory_back()

    def close(self) -> None:
        self.analysis.close()
        self.hints.close()

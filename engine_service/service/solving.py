"""Solver work for the service: a bounded number of solves at once, each off the event loop.

A solve runs in a worker thread with the GIL released (the Rust extension releases it),
so the server keeps answering other calls meanwhile. Hints and analyses have pools of
their own: players waiting at a table never wait behind an analyst's batch, and one
caller (a peer address) holds at most a configured share of the analysis slots.

When the analysis slots are all taken a new analysis is refused at once
(RESOURCE_EXHAUSTED): analyses are long, and a queue would only turn saturation into
time-outs. Hints are short and bounded by their budget: one that cannot start at once
waits its turn (first come, first served; a caller holds at most a share of the waiting
places), unless the hints ahead of it would keep it past its deadline, which is refused at
once with the expected wait. Threads are shared among the hints in progress: a hint alone
takes every free slot, one that starts while others wait leaves a slot for each of them.

A call that is cancelled, or whose deadline passes, sets its slot's stop flag: its solves
end within milliseconds (the search looks at the flag as at its clock), and the slot is
free once its thread is done, the count matching the busy threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import functools
import heapq
import os
import random
import secrets
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
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
# A call is refused when the wait leaves it less than this to compute before its deadline.
LEAST_WORK_SECONDS = 0.05
# The hint bots' place in the hint queue, as one caller (at most half the slots: bot_move).
BOTS = "bots"
# Hints waiting for a slot, at most, per slot of the pool; and one caller's share of them.
WAITING_PER_SLOT = 8
WAITING_SHARE = 4


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

    def __init__(self, owner: SolverPool, caller: str, ends: float = 0.0) -> None:
        self._owner = owner
        self.caller = caller
        self.ends = ends  # when its work is expected to end (time.monotonic())
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
        thread, owner = self._thread, self._owner
        if thread is None or thread.done():
            owner._free(self)
            return
        loop = asyncio.get_running_loop()

        def free(_: Future[Any]) -> None:
            loop.call_soon_threadsafe(owner._free, self)

        thread.add_done_callback(free)


@dataclass(eq=False)
class _Waiter:
    """A call waiting for slots: how many it would use, and how long it will compute."""

    caller: str
    wanted: int
    cost: float
    granted: asyncio.Future[list[Slot]] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class SolverPool:
    """At most ``slots`` solves at once on threads of their own, and at most ``per_caller`` of
    them for one caller; calls that wait (``queued``) are served in their order."""

    def __init__(self, name: str, slots: int, per_caller: int | None = None) -> None:
        self.name = name
        self.slots = slots
        self.per_caller = per_caller or slots
        self.waiting_places = WAITING_PER_SLOT * slots
        self.waiting_share = max(1, min(WAITING_SHARE, self.waiting_places))
        self._busy = 0  # only touched from the event loop
        self._callers: Counter[str] = Counter()
        self._running: set[Slot] = set()
        self._waiting: deque[_Waiter] = deque()
        self._waiting_callers: Counter[str] = Counter()
        self._serving = False
        self._threads = ThreadPoolExecutor(max_workers=slots, thread_name_prefix=f"solver-{name}")

    @property
    def busy(self) -> int:
        return self._busy

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    @contextlib.contextmanager
    def held(self, wanted: int = 1, caller: str = "") -> Iterator[list[Slot]]:
        """Up to ``wanted`` free slots (at least one, else :class:`SolverBusy`), for the block."""
        if self._busy >= self.slots:
            raise SolverBusy(f"every {self.name} slot of the solver is busy; retry shortly")
        share_left = self.per_caller - self._callers[caller]
        if share_left <= 0:
            raise SolverBusy(f"this caller already holds its share of {self.per_caller} {self.name} slots; retry when "
                             "one of its solves ends", reason=ServiceReason.CALLER_SHARE_EXHAUSTED)
        taken = self._take(min(wanted, share_left), caller, 0.0)
        try:
            yield taken
        finally:
            for slot in taken:
                slot.release()

    @contextlib.asynccontextmanager
    async def queued(self, wanted: int, caller: str, cost: float, time_remaining: float | None, *,
                     shared: bool = True) -> AsyncIterator[list[Slot]]:
        """Up to ``wanted`` slots for the block, once the calls that came first have theirs. A
        call that would wait past ``time_remaining`` seconds (``cost``: how long it computes
        once started) is refused at once, told the expected wait; so is one past the waiting
        places, or (``shared``) past its caller's share of them."""
        if not self._waiting and self._busy < self.slots:
            taken = self._take(wanted, caller, cost)
        else:
            taken = await self._wait(wanted, caller, cost, time_remaining, shared)
        try:
            yield taken
        finally:
            for slot in taken:
                slot.release()

    def expected_wait(self) -> float:
        """Seconds until a call queued now would start: the slots free up as the running work
        and the calls ahead end (each of those on one slot)."""
        now = time.monotonic()
        free_at = [max(0.0, slot.ends - now) for slot in self._running] + [0.0] * (self.slots - self._busy)
        heapq.heapify(free_at)
        for waiter in self._waiting:
            heapq.heappush(free_at, heapq.heappop(free_at) + waiter.cost)
        return free_at[0]

    async def _wait(self, wanted: int, caller: str, cost: float, time_remaining: float | None,
                    shared: bool) -> list[Slot]:
        expected = self.expected_wait()
        if shared and self._waiting_callers[caller] >= self.waiting_share:
            raise SolverBusy(f"this caller already has {self.waiting_share} {self.name}s waiting; ask again when one is "
                             "answered", reason=ServiceReason.CALLER_WAITING_SHARE_EXHAUSTED, retry_after=expected)
        if shared and len(self._waiting) >= self.waiting_places:
            raise SolverBusy(f"{self.waiting_places} {self.name}s are waiting already; about {expected:.1f} s to wait",
                             retry_after=expected)
        if time_remaining is not None and expected + min(cost, LEAST_WORK_SECONDS) > time_remaining:
            raise SolverBusy(f"the {self.name}s ahead would keep this one waiting about {expected:.1f} s, past its "
                             "deadline", reason=ServiceReason.WAIT_PAST_DEADLINE, retry_after=expected)
        waiter = _Waiter(caller, wanted, cost)
        self._waiting.append(waiter)
        self._waiting_callers[caller] += 1
        try:
            return await asyncio.shield(waiter.granted)
        except asyncio.CancelledError:
            if waiter.granted.done() and not waiter.granted.cancelled():
                for slot in waiter.granted.result():  # given just as the call went away
                    slot.release()
            else:
                waiter.granted.cancel()
                self._waiting.remove(waiter)
                self._left_queue(caller)
            raise

    def _left_queue(self, caller: str) -> None:
        self._waiting_callers[caller] -= 1
        if self._waiting_callers[caller] <= 0:
            del self._waiting_callers[caller]

    def _take(self, wanted: int, caller: str, cost: float) -> list[Slot]:
        """Slots now: as many as wanted and free, less one for each call still waiting."""
        count = max(1, min(wanted, self.slots - self._busy - len(self._waiting)))
        self._busy += count
        self._callers[caller] += count
        ends = time.monotonic() + cost
        taken = [Slot(self, caller, ends) for _ in range(count)]
        self._running.update(taken)
        return taken

    def _serve(self) -> None:
        """Gives the free slots to the calls waiting, first come first served."""
        self._serving = False
        while self._waiting and self._busy < self.slots:
            waiter = self._waiting.popleft()
            self._left_queue(waiter.caller)
            waiter.granted.set_result(self._take(waiter.wanted, waiter.caller, waiter.cost))

    async def run(self, work: Callable[..., T], *args: Any, caller: str = "", stoppable: bool = False,
                  **kwargs: Any) -> T:
        """``work`` on one slot (given the slot's stop flag as ``stop``, if ``stoppable``)."""
        with self.held(1, caller) as (slot,):
            if stoppable:
                kwargs["stop"] = slot.stop
            return await slot.run(work, *args, **kwargs)

    async def run_threaded(self, work: Callable[..., T], *args: Any, threads: int, caller: str = "", cost: float = 0.0,
                           time_remaining: float | None = None, **kwargs: Any) -> T:
        """``work(..., threads=n, stop=flag)`` on up to ``threads`` slots once it is its turn
        (see ``queued``), one solver thread per slot: a solve never runs on more threads than
        the slots it holds."""
        async with self.queued(threads, caller, cost, time_remaining) as taken:
            first, *others = taken
            thread = first.submit(work, *args, threads=len(taken), stop=first.stop, **kwargs)
            for other in others:
                other.follow(first)
            return await first.finished(thread)

    def _free(self, slot: Slot) -> None:
        self._busy -= 1
        self._running.discard(slot)
        self._callers[slot.caller] -= 1
        if self._callers[slot.caller] <= 0:
            del self._callers[slot.caller]
        if self._waiting and not self._serving:
            # Once every slot a call releases together is free: the next call shares them all.
            self._serving = True
            asyncio.get_running_loop().call_soon(self._serve)

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
        caller: str = "",
    ) -> hints.Hint:
        """The hint, within ``budget`` seconds from ``started`` (when the call arrived, a
        ``time.monotonic()`` instant) less the time its answer takes to send, plus the time
        it waited for its turn (``caller``'s place in the queue)."""
        entered = time.monotonic()
        left = time_left(MAX_HINT_SECONDS, time_remaining)

        def answer(*, threads: int, stop: StopFlag) -> hints.Hint:  # in the solver thread, its turn come
            origin = started + (time.monotonic() - entered)  # the budget counts from the end of the wait
            deadline = entered + left - origin
            return hints.answer(question, threads=threads, stop=stop, seed=seed,
                                budget=max(0.0, min(budget, deadline) - ANSWER_SECONDS), deadline=deadline,
                                max_samples=max_samples, started=origin)

        try:
            return await self.hints.run_threaded(answer, threads=os.cpu_count() or 1, caller=caller,
                                                 cost=min(budget, left), time_remaining=left)
        except DeadlineExceeded:
            raise DeadlineExceeded("the deadline passed before the hint's first deal was solved") from None

    async def bot_move(self, strength: Strength, knowledge: SeatKnowledge, budget: float) -> Move:
        """A bot's decision. ``hint`` bots solve on the hint pool, one thread each and at most
        half its slots at once (waiting their turn in its queue with the players' hints), so
        players asking for hints are never shut out by bots."""
        rng = random.Random(secrets.randbits(64))
        if strength is not Strength.HINT:
            return bots.decide(strength, knowledge, rng)
        # Their count is bounded by _bot_turns, not by the callers' share of the waiting places.
        async with self._bot_turns, self.hints.queued(1, BOTS, budget, None, shared=False) as (slot,):
            return await slot.run(bots.decide, strength, knowledge, rng, budget=budget, threads=1)

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

"""The hint pool's queue: a hint that cannot start at once waits its turn, first come first
served; one caller holds at most its share of the waiting places; a hint whose deadline
the queue would pass is refused at once with the expected wait; threads are shared among
the hints in progress. Work here is held by events, never timed."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from engine_service.service.errors import ServiceReason, SolverBusy
from engine_service.service.solving import SolverPool


class Gate:
    """Work that runs until the test opens it; records the order work started in."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.opened: dict[str, threading.Event] = {}
        self.lock = threading.Lock()

    def work(self, name: str) -> Callable[..., int]:
        self.opened[name] = threading.Event()

        def run(*, threads: int, stop: object) -> int:
            with self.lock:
                self.started.append(name)
            assert self.opened[name].wait(30), f"{name} was never let go"
            return threads
        return run

    def open(self, name: str) -> None:
        self.opened[name].set()


async def until(condition: Callable[[], bool]) -> None:
    """Waits for the condition (a generous bound only turns a hang into a failure)."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.001)
    await asyncio.wait_for(poll(), timeout=30)


def test_waiting_hints_are_served_in_the_order_they_came_none_refused():
    async def scenario() -> None:
        pool = SolverPool("hint", slots=2)
        gate = Gate()
        try:
            first = [asyncio.create_task(pool.run_threaded(gate.work(f"run{n}"), threads=1, caller=f"c{n}", cost=1.0,
                                                           time_remaining=60)) for n in range(2)]
            await until(lambda: len(gate.started) == 2)  # both slots taken
            names = [f"wait{n}" for n in range(6)]
            waiting = []
            for n, name in enumerate(names):  # six callers queue, more than the threads
                waiting.append(asyncio.create_task(pool.run_threaded(gate.work(name), threads=2, caller=f"w{n}",
                                                                     cost=1.0, time_remaining=60)))
                await until(lambda n=n: len(pool._waiting) == n + 1)
            # One ends at a time: the next to start is always the first that came.
            for ending, starting in zip(["run0", "run1", *names], names, strict=False):
                gate.open(ending)
                await until(lambda starting=starting: starting in gate.started)
                assert gate.started[-1] == starting, gate.started
            for name in names[-2:]:
                gate.open(name)
            results = await asyncio.gather(*first, *waiting)
            assert gate.started == ["run0", "run1", *names]
            assert all(threads >= 1 for threads in results)
            assert pool.busy == 0 and not pool._waiting
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_hint_alone_takes_every_thread_and_hints_that_wait_share_them():
    async def scenario() -> None:
        pool = SolverPool("hint", slots=4)
        gate = Gate()
        try:
            alone = asyncio.create_task(pool.run_threaded(gate.work("alone"), threads=4, cost=1.0))
            await until(lambda: gate.started == ["alone"])
            assert pool.busy == 4
            later = [asyncio.create_task(pool.run_threaded(gate.work(f"w{n}"), threads=4, caller=f"w{n}", cost=1.0))
                     for n in range(3)]
            await until(lambda: len(pool._waiting) == 3)
            gate.open("alone")
            assert await alone == 4
            await until(lambda: len(gate.started) == 4)
            for n in range(3):
                gate.open(f"w{n}")
            # The four freed slots shared among the three: each one at least, none idle (the
            # first to start left a slot for each of the two behind it).
            assert await asyncio.gather(*later) == [2, 1, 1]
        finally:
            pool.close()

    asyncio.run(scenario())


def test_one_caller_cannot_take_more_than_its_share_of_the_waiting_places():
    async def scenario() -> None:
        pool = SolverPool("hint", slots=1)
        gate = Gate()
        try:
            running = asyncio.create_task(pool.run_threaded(gate.work("running"), threads=1, caller="other", cost=0.1))
            await until(lambda: gate.started == ["running"])
            greedy = [asyncio.create_task(pool.run_threaded(gate.work(f"g{n}"), threads=1, caller="greedy", cost=0.1,
                                                            time_remaining=60)) for n in range(pool.waiting_share)]
            await until(lambda: len(pool._waiting) == pool.waiting_share)
            with pytest.raises(SolverBusy) as refused:
                await pool.run_threaded(gate.work("one more"), threads=1, caller="greedy", cost=0.1, time_remaining=60)
            assert refused.value.reason == ServiceReason.CALLER_WAITING_SHARE_EXHAUSTED
            assert refused.value.retry_after > 0
            polite = asyncio.create_task(pool.run_threaded(gate.work("polite"), threads=1, caller="polite", cost=0.1,
                                                           time_remaining=60))
            await until(lambda: len(pool._waiting) == pool.waiting_share + 1)  # another caller still gets a place
            for name in ["running", *(f"g{n}" for n in range(pool.waiting_share)), "polite"]:
                gate.open(name)
            await asyncio.gather(running, *greedy, polite)
            assert gate.started[-1] == "polite"
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_hint_the_queue_would_keep_past_its_deadline_is_refused_at_once_with_the_wait():
    async def scenario() -> None:
        pool = SolverPool("hint", slots=1)
        gate = Gate()
        try:
            running = asyncio.create_task(pool.run_threaded(gate.work("long"), threads=1, cost=10.0))
            await until(lambda: gate.started == ["long"])
            queued = asyncio.create_task(pool.run_threaded(gate.work("next"), threads=1, caller="a", cost=5.0,
                                                           time_remaining=60))
            await until(lambda: len(pool._waiting) == 1)
            with pytest.raises(SolverBusy) as refused:  # 10 s running, 5 s ahead: 15 s to wait
                await pool.run_threaded(gate.work("hurried"), threads=1, caller="b", cost=0.2, time_remaining=3.0)
            assert refused.value.reason == ServiceReason.WAIT_PAST_DEADLINE
            # What is left of the running 10 s, then the 5 s of the one ahead.
            assert 5.0 < refused.value.retry_after <= 15.0, refused.value.retry_after
            assert f"about {refused.value.retry_after:.1f} s" in str(refused.value)
            assert len(pool._waiting) == 1  # the refused one never took a place
            gate.open("long")
            gate.open("next")
            await asyncio.gather(running, queued)
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_waiting_hint_whose_call_goes_away_gives_up_its_place():
    async def scenario() -> None:
        pool = SolverPool("hint", slots=1)
        gate = Gate()
        try:
            running = asyncio.create_task(pool.run_threaded(gate.work("running"), threads=1, cost=1.0))
            await until(lambda: gate.started == ["running"])
            gone = asyncio.create_task(pool.run_threaded(gate.work("gone"), threads=1, caller="a", cost=1.0))
            kept = asyncio.create_task(pool.run_threaded(gate.work("kept"), threads=1, caller="b", cost=1.0))
            await until(lambda: len(pool._waiting) == 2)
            gone.cancel()
            with pytest.raises(asyncio.CancelledError):
                await gone
            assert len(pool._waiting) == 1
            gate.open("running")
            gate.open("kept")
            await asyncio.gather(running, kept)
            assert gate.started == ["running", "kept"] and pool.busy == 0
        finally:
            pool.close()

    asyncio.run(scenario())

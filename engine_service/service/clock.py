"""The service's clock: what time it is for the tables (turn clocks, bots' delays,
abandonment), and how the table runner waits for an instant.

Everything that times a table reads one :class:`Clock`, so tests put their own in: a
:class:`ManualClock` in the process, or a :class:`FileClock` (``CARDGAMES_TEST_CLOCK``)
for a server process, whose time is what a file says. No test of a clock sleeps.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Protocol

# Testing only: a file holding the server's time (seconds since the Unix epoch).
TEST_CLOCK_ENV = "CARDGAMES_TEST_CLOCK"
# How often a FileClock looks at its file while the runner waits.
FILE_CLOCK_POLL = 0.01


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch."""

    async def sleep_until(self, at: float, wake: asyncio.Event) -> None:
        """Returns once it is ``at`` or later, or as soon as ``wake`` is set."""


async def _wait(wake: asyncio.Event, timeout: float) -> None:
    """Until ``wake`` is set or ``timeout`` passes. Not ``asyncio.wait_for``: before Python
    3.12 it can swallow a cancellation that arrives as the event is set, and a stopping
    server would then wait for its runner forever."""
    waiter = asyncio.ensure_future(wake.wait())
    try:
        await asyncio.wait({waiter}, timeout=timeout)
    finally:
        waiter.cancel()


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, at: float, wake: asyncio.Event) -> None:
        await _wait(wake, max(0.0, at - time.time()))


class ManualClock:
    """Time that moves only when a test says so."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._moved = asyncio.Event()

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        self._moved.set()
        self._moved = asyncio.Event()

    async def sleep_until(self, at: float, wake: asyncio.Event) -> None:
        while self._now < at and not wake.is_set():
            moved = self._moved
            waiters = [asyncio.ensure_future(moved.wait()), asyncio.ensure_future(wake.wait())]
            _, pending = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            for waiter in pending:
                waiter.cancel()


class FileClock:
    """A server process's clock for tests: the time written in ``path``."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)

    def now(self) -> float:
        try:
            return float(self.path.read_text().strip())
        except (OSError, ValueError):
            return 0.0

    async def sleep_until(self, at: float, wake: asyncio.Event) -> None:
        while self.now() < at and not wake.is_set():
            await _wait(wake, FILE_CLOCK_POLL)


def clock_from_environment() -> Clock:
    path = os.environ.get(TEST_CLOCK_ENV)
    return FileClock(path) if path else SystemClock()


__all__ = ["Clock", "FileClock", "ManualClock", "SystemClock", "TEST_CLOCK_ENV", "clock_from_environment"]

"""Solver work for the service: a bounded number of solves at once, each off the event loop.

A solve runs in a worker thread with the GIL released (the Rust extension releases it),
so the server keeps answering other calls meanwhile. When every slot is taken a new
solve is refused at once (RESOURCE_EXHAUSTED) rather than queued behind long work: the
client can retry, and a queue would only turn saturation into time-outs.
"""

from __future__ import annotations

import asyncio
import os

from .. import hints
from .._solver import SolveStoppedError
from .errors import DeadlineExceeded, SolverBusy

# When the call carries no deadline, a hint still ends after this long.
MAX_HINT_SECONDS = 30.0
# Time kept back from the call's deadline to convert and send the answer.
DEADLINE_MARGIN_SECONDS = 0.05


class SolverSlots:
    """At most ``slots`` solves at once (default: one per core)."""

    def __init__(self, slots: int | None = None) -> None:
        self.slots = slots or os.cpu_count() or 1
        self._busy = 0  # only touched from the event loop

    async def hint(
        self,
        question: hints.HintQuestion,
        *,
        seed: int | None,
        budget: float,
        max_samples: int,
        time_remaining: float | None,
    ) -> hints.Hint:
        deadline = MAX_HINT_SECONDS if time_remaining is None else max(0.0, time_remaining - DEADLINE_MARGIN_SECONDS)
        if self._busy >= self.slots:
            raise SolverBusy("every solver slot is busy; retry shortly")
        self._busy += 1
        try:
            return await asyncio.to_thread(
                hints.answer, question, seed=seed, budget=min(budget, deadline), deadline=deadline,
                max_samples=max_samples,
            )
        except SolveStoppedError:
            raise DeadlineExceeded(f"the deadline passed before {hints.MIN_SAMPLES} deals were solved") from None
        finally:
            self._busy -= 1

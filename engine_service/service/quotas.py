"""How much one caller may create: games a minute, tables waiting for players, games in
play (each 0: no limit). A caller over one is refused RESOURCE_EXHAUSTED with the quota's
reason and, where it is known, when to try again (``google.rpc.RetryInfo``).

The rate is counted by each server process in memory (replicas each allow it); the tables
and games a caller has are counted in the store, across every replica.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from .errors import QuotaExceeded, ServiceReason
from .store import GameStore

WINDOW_SECONDS = 60.0
IN_PLAY = ("WAITING", "ACTIVE")
# Callers remembered before those with no creation in the last minute are forgotten.
FORGET_ABOVE = 1024


@dataclass
class Quotas:
    creations_per_minute: int = 60
    open_tables: int = 50
    games_in_play: int = 500
    _created: dict[str, deque[float]] = field(default_factory=dict, repr=False)
    # One creation of a caller's at a time in this process, so racing calls cannot all
    # pass the count before any of them is stored.
    _locks: weakref.WeakValueDictionary[str, asyncio.Lock] = field(default_factory=weakref.WeakValueDictionary,
                                                                   repr=False)

    @contextlib.asynccontextmanager
    async def creation(self, store: GameStore, creator: str, now: float, *, has_open_seats: bool,
                       games: int = 1) -> AsyncIterator[None]:
        """Holds a creation of ``games`` games (an event's tables: one creation) by ``creator``
        (the caller's key) to its quotas: raises ``QuotaExceeded`` over one; the creation
        counts in the rate unless its block fails."""
        if not creator:
            yield
            return
        lock = self._locks.setdefault(creator, asyncio.Lock())
        async with lock:
            self._take_rate(creator, now)
            try:
                await self._check_counts(store, creator, has_open_seats, games)
                yield
            except BaseException:
                if self.creations_per_minute:
                    with contextlib.suppress(ValueError):
                        self._recent(creator, now).remove(now)  # nothing was created: it does not count
                raise

    def _take_rate(self, creator: str, now: float) -> None:
        if not self.creations_per_minute:
            return
        recent = self._recent(creator, now)
        if len(recent) >= self.creations_per_minute:
            raise QuotaExceeded(f"at most {self.creations_per_minute} games a minute from one caller",
                                reason=ServiceReason.CREATION_RATE_EXCEEDED, retry_after=recent[0] + WINDOW_SECONDS - now)
        recent.append(now)

    async def _check_counts(self, store: GameStore, creator: str, has_open_seats: bool, games: int) -> None:
        if has_open_seats and self.open_tables:
            waiting = await store.count_games(creator=creator, statuses=("WAITING",), open_seats=True)
            if waiting + games > self.open_tables:
                raise QuotaExceeded(f"at most {self.open_tables} tables of one caller waiting for players",
                                    reason=ServiceReason.OPEN_TABLES_EXCEEDED)
        if self.games_in_play:
            playing = await store.count_games(creator=creator, statuses=IN_PLAY)
            if playing + games > self.games_in_play:
                raise QuotaExceeded(f"at most {self.games_in_play} games of one caller in play",
                                    reason=ServiceReason.GAMES_IN_PLAY_EXCEEDED)

    def _recent(self, creator: str, now: float) -> deque[float]:
        """``creator``'s creations in the last minute (callers with none are forgotten)."""
        if len(self._created) > FORGET_ABOVE:
            for other in [key for key, times in self._created.items() if not times or times[-1] <= now - WINDOW_SECONDS]:
                del self._created[other]
        recent = self._created.setdefault(creator, deque())
        while recent and recent[0] <= now - WINDOW_SECONDS:
            recent.popleft()
        return recent

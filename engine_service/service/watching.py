"""The watch fan-out: each watcher of a game gets its snapshot, then every committed change
in order, as its viewer may see it, until the game ends. The live game's event wakes the
watchers of this process; the store's notices (``GameStore.follow``, polled or pushed)
bring other processes' entries, and a watcher left without notice for a while looks at the
database itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import Counter
from collections.abc import AsyncIterator

from ..tables import TableView
from . import metrics
from .changes import SeenChange
from .errors import OutOfRange, ServiceError
from .live import LiveGames

# The longest a watcher sleeps without looking at its game (the store's notices wake it sooner).
WATCH_SAFETY_SECONDS = float(os.environ.get("CARDGAMES_TEST_POLL_SECONDS", "1.0"))


class Watchers:
    """The games watched in this process, kept current for their watchers."""

    def __init__(self, games: LiveGames) -> None:
        self.games = games
        self._watched: Counter[str] = Counter()  # game id -> watchers in this process
        self._poller: asyncio.Task[None] | None = None  # follows other processes' entries in watched games
        self._refreshing: set[asyncio.Task[None]] = set()
        games.pinned = self.is_watched  # a watched game stays in memory

    def is_watched(self, game_id: str) -> bool:
        return game_id in self._watched

    async def watch(self, game_id: str, viewer: int | None, after_version: int | None) -> AsyncIterator[TableView | SeenChange]:
        """``viewer``'s snapshot (unless resuming after ``after_version``), then every change
        in order, until the game ends."""
        self._add(game_id)  # before the snapshot: a notice of what follows it is not missed
        try:
            async with self.games.locked(game_id) as live:
                if after_version is not None and after_version > live.table.version:
                    raise OutOfRange(f"after_version must be 0..{live.table.version}", field="after_version")
                snapshot = live.table.view(viewer, self.games.clock.now()) if after_version is None else None
            if snapshot is not None:
                yield snapshot
                sent = snapshot.version
            else:
                sent = after_version  # type: ignore[assignment]
            while True:
                live = await self.games.load(game_id)  # kept current by the store's notices
                waiter = live.changed
                while sent < live.committed:
                    change = live.changes[sent]
                    sent = change.version
                    yield change.for_viewer(viewer)
                # Over once the entry that ended it is sent (applied in memory is not yet committed).
                if live.table.is_over() and sent >= live.table.version:
                    return
                try:
                    await asyncio.wait_for(waiter.wait(), timeout=WATCH_SAFETY_SECONDS)
                except TimeoutError:  # no notice for a while: look at the database itself
                    with contextlib.suppress(ServiceError):  # away: the next wake looks again
                        async with self.games.locked(game_id):
                            pass
        finally:
            self._remove(game_id)

    def _add(self, game_id: str) -> None:
        metrics.WATCHERS.inc()
        self._watched[game_id] += 1
        if self._poller is None or self._poller.done():
            self._poller = asyncio.get_running_loop().create_task(
                self.games.store.follow(lambda: list(self._watched), self._changed_elsewhere))

    def _remove(self, game_id: str) -> None:
        metrics.WATCHERS.dec()
        self._watched[game_id] -= 1
        if self._watched[game_id] <= 0:
            del self._watched[game_id]
        if not self._watched and self._poller is not None:
            self._poller.cancel()
            self._poller = None

    def _changed_elsewhere(self, game_id: str, version: int) -> None:
        """Another process committed ``game_id`` up to ``version``: its watchers here catch up."""
        cached = self.games.cached(game_id)
        if game_id in self._watched and (cached is None or cached.stale or version > cached.committed):
            task = asyncio.get_running_loop().create_task(self._refresh(game_id))
            self._refreshing.add(task)
            task.add_done_callback(self._refreshing.discard)

    async def _refresh(self, game_id: str) -> None:
        try:
            async with self.games.locked(game_id):
                pass
        except ServiceError:
            pass  # the database is unavailable: the next notice, or the watcher's own wait, retries

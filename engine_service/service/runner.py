"""The table runner: makes the server's own entries when they are due (docs/tables.md):
bots' moves, the timeouts of turn clocks, the next deal at tables the server runs, and
the abandonment of idle games.

Every game tells the runner the next instant it is due after each entry
(``GameService.on_due``); every SWEEP_SECONDS, and at start-up, the runner reads the games
due soon from the database, so a bot due or a deadline passed while the server was down
is acted on at once. Of the processes on one database (workers, replicas), only the
holder of a lease in the database acts; another takes over when it dies. A turn
reads the table's state and its seat's knowledge under the game's lock, decides off the
lock, and makes its entry only at the version it read: a turn is applied once, however
many runners race for it (a human's move meanwhile voids it, and the runner reads again).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import sqlite3
import uuid

from . import logs
from .errors import ServiceError
from .games import GameService
from .solving import SolverSlots

# After a turn failed (the database busy...), the runner tries that game again this much later.
RETRY_SECONDS = 1.0
# How often the leading runner reads the games due soon from the database: those whose
# last entry another process made (or a process that died), which nobody told this one of.
SWEEP_SECONDS = 0.25
# One process at a time runs the tables (every replica or worker on one database has a
# runner): the holder of this lease, renewed every LEASE_RENEW_SECONDS. When it dies, another
# takes over within LEASE_SECONDS.
LEASE = "table-runner"
LEASE_SECONDS = 3.0
LEASE_RENEW_SECONDS = 1.0
# Games read per query of a sweep.
SWEEP_PAGE = 1000


class TableRunner:
    def __init__(self, games: GameService, solving: SolverSlots) -> None:
        self.games = games
        self.solving = solving
        self._due: dict[str, float] = {}  # game id -> when it is due
        self._heap: list[tuple[float, str]] = []  # may hold stale pairs: _due decides
        self._wake = asyncio.Event()
        self._busy: set[str] = set()  # games a turn is under way in
        self._again: dict[str, float] = {}  # due again while their turn was under way
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._stopping = False
        self._holder = uuid.uuid4().hex  # this process, as the lease knows it
        self.leading = False  # whether this process holds the lease: only then does it act
        self._leaser: asyncio.Task[None] | None = None
        self._asleep_until = 0.0  # what the loop waits for: a later due need not wake it
        self._log = logs.get_logger()
        games.on_due = self.schedule

    async def start(self) -> None:
        await self._renew()
        await self._sweep()
        loop = asyncio.get_running_loop()
        self._loop = loop.create_task(self._run())
        self._sweeper = loop.create_task(self._sweep_every(SWEEP_SECONDS))
        self._leaser = loop.create_task(self._renew_every(LEASE_RENEW_SECONDS))

    async def _renew(self) -> None:
        try:
            leading = await self.games.store.try_lease(LEASE, self._holder, LEASE_SECONDS)
        except (sqlite3.Error, ServiceError):
            leading = False  # the database is away: whoever holds the lease when it is back acts
        if leading and not self.leading:
            self._log.info("table_runner_leading")
            self.leading = True
            with contextlib.suppress(sqlite3.Error, ServiceError):
                await self._sweep()  # what the last leader left due
            self._wake.set()
        self.leading = leading

    async def _renew_every(self, seconds: float) -> None:
        while not self._stopping:
            await asyncio.sleep(seconds)
            await self._renew()

    async def _sweep(self) -> None:
        """Schedules every game the database says is due before the next sweep ends."""
        until = self.games.clock.now() + 4 * SWEEP_SECONDS
        after: tuple[float, str] | None = None
        while True:
            page = await self.games.store.due_games(until=until, after=after, limit=SWEEP_PAGE)
            for game_id, at in page:
                if game_id not in self._due or self._due[game_id] > at:
                    self.schedule(game_id, at)
            if len(page) < SWEEP_PAGE:
                return
            after = (page[-1][1], page[-1][0])

    async def _sweep_every(self, seconds: float) -> None:
        while not self._stopping:
            await asyncio.sleep(seconds)
            if not self.leading:
                continue  # it does not act: the leader sweeps
            try:
                await self._sweep()
            except (sqlite3.Error, ServiceError):
                continue  # the database is busy or away: the next sweep will see them

    async def stop(self) -> None:
        self._stopping = True
        self._wake.set()
        tasks = [task for task in (self._loop, self._sweeper, self._leaser, *self._tasks) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.leading:  # handed over at once: another process need not wait for it to expire
            with contextlib.suppress(sqlite3.Error, ServiceError):
                await self.games.store.try_lease(LEASE, self._holder, 0.0)

    def schedule(self, game_id: str, at: float | None) -> None:
        """``game_id`` is next due at ``at`` (None: never, as things stand)."""
        if game_id in self._busy:
            if at is not None:
                self._again[game_id] = at
            return
        if at is None:
            self._due.pop(game_id, None)
            return
        if self._due.get(game_id) == at:
            return
        self._due[game_id] = at
        heapq.heappush(self._heap, (at, game_id))
        if at < self._asleep_until:
            self._wake.set()

    @property
    def pending(self) -> int:
        return len(self._due) + len(self._busy)

    async def _run(self) -> None:
        clock = self.games.clock
        while not self._stopping:
            self._wake.clear()
            while self._heap and self._due.get(self._heap[0][1]) != self._heap[0][0]:
                heapq.heappop(self._heap)  # rescheduled or cancelled since
            if not self._heap or not self.leading:
                self._asleep_until = float("inf")
                await self._wake.wait()
                continue
            at, game_id = self._heap[0]
            if clock.now() < at:
                self._asleep_until = at
                await clock.sleep_until(at, self._wake)
                continue
            self._asleep_until = 0.0
            heapq.heappop(self._heap)
            del self._due[game_id]
            self._busy.add(game_id)
            task = asyncio.get_running_loop().create_task(self._take_turn(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _take_turn(self, game_id: str) -> None:
        retry = False
        try:
            turn = await self.games.server_turn(game_id)
            if turn is not None:
                move = None
                if turn.strength is not None and turn.knowledge is not None:
                    move = await self.solving.bot_move(turn.strength, turn.knowledge, turn.budget)
                if not await self.games.play_server_turn(turn, move):
                    self._again.setdefault(game_id, self.games.clock.now())  # moved meanwhile: read it again
        except asyncio.CancelledError:
            raise
        except ServiceError as error:
            self._log.warning("table_turn_failed", game_id=game_id, reason=error.reason)
            retry = True
        except Exception as error:  # a bug must not stop the tables: logged, tried again later
            self._log.error("table_turn_failed", game_id=game_id, error=type(error).__name__)
            retry = True
        finally:
            self._busy.discard(game_id)
        if retry:
            await asyncio.sleep(RETRY_SECONDS)
            self._again.setdefault(game_id, self.games.clock.now())
        again = self._again.pop(game_id, None)
        if again is not None:
            self.schedule(game_id, again)


__all__ = ["TableRunner"]

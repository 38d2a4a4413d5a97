"""The live games: each a :class:`Table` rebuilt from its stored record and log, kept in
memory (an LRU cache), guarded by one asyncio lock (the engine is not thread-safe, and an
entry must be durable before anyone sees it), and caught up with the database whenever
another process may have written to it.

:meth:`LiveGames.locked` is the one door to a game's state: under its lock, with every
committed entry applied. :meth:`LiveGames.append` is the one way an entry reaches the store:
made on the table, stored (compare-and-set), and only then shown to watchers.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..ratings import rated_match
from ..rules import Game, RuleViolation, new_game
from ..rules.events import Event
from ..tables import Actor, Table, TableEvent, TableSpec
from ..tables.events import SeatClaimedEvent
from ..tables.seats import player_of_holder
from . import metrics
from .changes import Change
from .clock import Clock
from .errors import GameNotFound, InvalidInput, VersionConflict
from .store import Facts, GameRecord, GameStore, MoveRecord

# How an entry is made on a table at an instant: its text for the log, and its events.
Apply = Callable[[Table, float], tuple[str, list[Event]]]
# Told the next instant the server must act in a game (None: never), after each entry.
OnDue = Callable[[str, float | None], None]


@dataclass
class LiveGame:
    record: GameRecord
    table: Table
    lock: asyncio.Lock  # shared by every copy of the same game (see LiveGames._lock_for)
    changes: list[Change] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    stale: bool = False  # in-memory state may differ from the database: reload before use
    committed: int = 0  # the version durably stored: watchers never see beyond it
    ended: bool = False  # the latest entry ended the match

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def game(self) -> Game:
        return self.table.game

    def facts(self, change: Change | None = None) -> Facts:
        """What the games row keeps after ``change`` (None: at creation), the next instant
        the server must act included, the player it seated and the rated match it ended."""
        due = self.table.due()
        claimed = next((event.seat for event in change.events if isinstance(event, SeatClaimedEvent)), None) \
            if change is not None else None
        seated = player_of_holder(self.table.hashes[claimed]) if claimed is not None else None
        rating = rated_match(self.table, self.game_id, self.table.last_at) if self.ended else None
        return Facts(self.table.status.value, list(self.game.scores), self.table.open_seats(),
                     None if due is None else due.at, seated=seated, rating=rating)

    def apply(self, seat: int | None, apply: Apply, at: float) -> tuple[str, Change]:
        over = self.table.is_over()
        text, events = apply(self.table, at)
        self.ended = not over and self.table.is_over()
        change = Change(self.table.version, seat, tuple(events), at, self.table.clocks(at))
        self.changes.append(change)
        return text, change

    def notify(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


def _no_event(event_id: str) -> None:
    """The default of ``on_table_over``: no event service listens."""


def _no_schedule(game_id: str, at: float | None) -> None:
    """The default of ``on_due``: nobody runs the tables (the runner replaces it)."""


def table_game(variant: str, options: Mapping[str, Any], seed: str, deal: str | None, event: TableEvent | None) -> Game:
    """A table's game as created: dealt from its seed (its first deal given, if ``deal``), or
    an event's table's: the event's deals, turned as the table plays them."""
    if event is None:
        return new_game(variant, options, seed=seed, deal=deal)
    return new_game(variant, options, seed=seed, deals=event.deals or None, rotation=event.rotation)


def stored_game(record: GameRecord) -> Game:
    """The stored game as created."""
    event = TableSpec.from_dict(record.table_spec).event if record.table_spec else None
    return table_game(record.variant, record.options, record.seed, record.deal, event)


class LiveGames:
    """The games in memory, in front of the store."""

    def __init__(self, store: GameStore, clock: Clock, *, cache_size: int = 4096, idle_limit: float | None = None) -> None:
        self.store = store
        self.clock = clock
        self.idle_limit = idle_limit  # a game with no entry for this long is abandoned, whatever its table
        self.on_due: OnDue = _no_schedule
        # Told the event of an event's table whose entry ended its match (events.py).
        self.on_table_over: Callable[[str], None] = _no_event
        # Games that stay in memory whatever their age (those watched here).
        self.pinned: Callable[[str], bool] = lambda game_id: False
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_size = cache_size
        # One lock per game id, alive while any copy of the game is in use, so a copy
        # reloaded after eviction or a failed commit is guarded by the same lock.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    # ----------------------------------------------------------------- reading
    @contextlib.asynccontextmanager
    async def locked(self, game_id: str, *, current: bool = True) -> AsyncIterator[LiveGame]:
        """The game under its lock, every committed entry applied; with ``current`` False,
        as this process has it (enough when no other process writes to the store)."""
        live = await self.load(game_id)
        async with live.lock:
            yield await (self.current(game_id) if current else self.load(game_id))

    async def load(self, game_id: str) -> LiveGame:
        """The cached game (maybe behind the database), loading it if needed."""
        if not game_id:
            raise InvalidInput("game_id is required", field="game_id")
        live = self._cache.get(game_id)
        if live is not None and not live.stale:
            self._cache.move_to_end(game_id)
            return live
        record = await self.store.load_game(game_id)
        if record is None:
            raise GameNotFound("no game has this id", field="game_id")
        fresh = LiveGame(record, self.fresh_table(record), self._lock_for(game_id))
        if live is not None:
            fresh.changed = live.changed  # wake the watchers of the replaced copy
        await self._catch_up(fresh)
        self._remember(fresh)
        return fresh

    def fresh_table(self, record: GameRecord) -> Table:
        """The stored game's table as created, before any entry of its log."""
        game = stored_game(record)
        spec = TableSpec.from_dict(record.table_spec) if record.table_spec else TableSpec.reserved(game.players)
        return Table(game, spec, record.credential_hashes, record.created_at, idle_limit=self.idle_limit)

    async def current(self, game_id: str) -> LiveGame:
        """The game with every committed entry applied (another process may have written);
        the caller holds its lock."""
        live = await self.load(game_id)
        stored = await self.store.version_of(game_id)
        if stored is not None and stored > live.table.version and await self._catch_up(live):
            live.notify()
            self.schedule(live)  # another process made entries: what is due may have changed
        return live

    def cached(self, game_id: str) -> LiveGame | None:
        return self._cache.get(game_id)

    # ----------------------------------------------------------------- writing
    async def create(self, record: GameRecord, game: Game, spec: TableSpec) -> LiveGame:
        """Stores a new game and keeps it."""
        table = Table(game, spec, record.credential_hashes, record.created_at, idle_limit=self.idle_limit)
        live = LiveGame(record, table, self._lock_for(record.game_id))
        facts = live.facts()
        with metrics.STORE_SECONDS.labels(operation="create").time():
            await self.store.create_game(record, facts)
        self._remember(live)
        self.on_due(record.game_id, facts.due)
        return live

    async def append(
        self, live: LiveGame, seat: int | None, apply: Apply, *, expected_version: int | None = None,
        request_id: str | None = None, actor: Actor | None = None,
    ) -> tuple[LiveGame, Change]:
        """Makes an entry (under the game's lock) and stores it: shown to nobody before it is
        durable. With a ``request_id``, the mover's answer is stored too, for its retries.
        Returns the game (maybe reloaded) and the change."""
        game_id = live.game_id
        at = self.clock.now()
        try:
            text, change = self._checked_apply(live, seat, apply, expected_version, at)
        except (RuleViolation, VersionConflict):
            # Decide on the latest state: another process may have moved unnoticed.
            if await self.store.version_of(game_id) == live.table.version:
                raise
            live = await self.current(game_id)
            text, change = self._checked_apply(live, seat, apply, expected_version, at)
        stored_answer = answer_data(change, seat, live.table.is_over()) if request_id is not None else None
        stored = MoveRecord(change.version, seat, text, request_id, stored_answer, at, actor.value if actor else None)
        facts = live.facts(change)
        try:
            with metrics.STORE_SECONDS.labels(operation="append").time():
                await self.store.append_move(game_id, stored, facts)
        except BaseException:
            live.stale = True  # not committed (or not known to be): rebuild from the database
            # A cancelled call's write may still commit: the runner reads the game again.
            self.on_due(game_id, self.clock.now())
            raise
        live.committed = change.version
        live.notify()
        event = live.table.spec.event
        if event is not None and live.ended:
            self.on_table_over(event.event_id)
        metrics.ENTRIES.labels(kind="table" if text.startswith("@") else "move").inc()
        self.on_due(game_id, facts.due)
        return live, change

    @staticmethod
    def _checked_apply(
        live: LiveGame, seat: int | None, apply: Apply, expected_version: int | None, at: float
    ) -> tuple[str, Change]:
        if expected_version is not None and expected_version != live.table.version:
            raise VersionConflict(f"expected version {expected_version}, the game is at {live.table.version}")
        return live.apply(seat, apply, at)

    def schedule(self, live: LiveGame) -> None:
        due = live.table.due()
        self.on_due(live.game_id, None if due is None else due.at)

    # ----------------------------------------------------------------- internals
    async def _catch_up(self, live: LiveGame) -> bool:
        moves = await self.store.moves_after(live.game_id, live.table.version)
        for record in moves:
            live.apply(record.seat, _replay(record), record.at)
        live.committed = live.table.version
        return bool(moves)

    def _lock_for(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def _remember(self, live: LiveGame) -> None:
        self._cache[live.game_id] = live
        self._cache.move_to_end(live.game_id)
        while len(self._cache) > self._cache_size:
            oldest_id, oldest = next(iter(self._cache.items()))
            if oldest.lock.locked() or self.pinned(oldest_id):
                break
            del self._cache[oldest_id]


def answer_data(change: Change, seat: int | None, game_over: bool) -> dict[str, Any]:
    """What a move's answer keeps for its retries: the change as its mover saw it."""
    return {"change": change.for_viewer(seat).to_dict(), "game_over": game_over}


def _replay(record: MoveRecord) -> Apply:
    """An entry of the log made again, as it was stored."""
    actor = Actor(record.actor) if record.actor else None

    def apply(table: Table, at: float) -> tuple[str, list[Event]]:
        return record.move, table.apply(record.seat, record.move, at, actor)

    return apply

"""Event-sourced game storage in SQLite: a creation record per game plus an append-only move log.

Durability: WAL mode, ``synchronous=FULL`` by default, and a move is acknowledged only
after the transaction holding it has committed. Group commit, as Redis does with
``appendfsync always``: writes are committed in batches, one transaction and one fsync
each, on the event loop's own thread (0.2 ms per fsync measured here; a writer thread
was slower, its GIL hand-offs cost more than it saved). A batch waits (at most
MAX_BATCH_WAIT) for the games that wrote lately to join it, and is committed as soon as
they all have; a lone game is never delayed. When another process holds the database's
write lock, the flush is retried later instead of blocking the loop.

Compare-and-set: the move that takes a game from version ``v`` to ``v + 1`` is inserted
only if the game row is still at ``v`` (one statement), under the primary key
``(game_id, version)``, and the row then moves to ``v + 1``; two writers (processes
sharing the file) can never both apply a move at the same version, and the log has no gap.

Reads use their own connection (WAL readers never wait for the writer).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Any

from ...ratings import RatedMatch
from ..errors import AlreadyExists, StorageUnavailable, VersionConflict
from .contract import OnChange, Watched
from .players import (
    RATING_COLUMNS,
    HistoryRow,
    LeaderPage,
    RatingRow,
    current_query,
    history_insert,
    history_params,
    insert_rating,
    leader_row,
    leaderboard_params,
    leaderboard_query,
    rating_of,
    rating_params,
    rating_update,
)
from .records import (
    EVENT_COLUMNS,
    EVENTS,
    MOVE_COLUMNS,
    NO_SEAT,
    DatabaseTooNew,
    EventRow,
    Facts,
    GameRecord,
    GameRow,
    MoveRecord,
    count_query,
    event_row,
    game_row,
    idle_bound_query,
    json_or_null,
    listing_query,
    loads_or_none,
    move_record,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,    -- creation order, for listing
    game_id TEXT NOT NULL UNIQUE,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,                    -- JSON, as validated at creation
    seed TEXT NOT NULL,                       -- secret unless the creator chose it
    deal TEXT,                                -- the given first deal, in deal notation
    credential_hashes TEXT NOT NULL,          -- JSON list of SHA-256 hex, per seat ("" while open)
    version INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,                     -- WAITING | ACTIVE | FINISHED | ABANDONED
    scores TEXT NOT NULL,                     -- JSON list, per side
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_filter ON games (variant, status, seq);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games (game_id),
    version INTEGER NOT NULL,                 -- the game's version after this move
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,                       -- the move's text form
    request_id TEXT,                          -- idempotency key, unique per game and seat
    answer TEXT,                              -- JSON: the first answer, kept if request_id is set
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS moves_by_request ON moves (game_id, seat, request_id)
    WHERE request_id IS NOT NULL;
"""

TABLES = """
ALTER TABLE games ADD COLUMN table_spec TEXT;                 -- JSON (docs/tables.md), NULL: every seat reserved
ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;  -- seats anyone may claim
ALTER TABLE games ADD COLUMN due REAL;                        -- when the server must act next (bot, clock)
ALTER TABLE moves ADD COLUMN actor TEXT;                      -- NULL: the seat's holder; bot, stand_in, table
CREATE INDEX games_by_due ON games (due) WHERE due IS NOT NULL;
CREATE INDEX games_with_open_seats ON games (variant, seq) WHERE open_seats > 0;
"""

LEASES = """
CREATE TABLE leases (
    name TEXT PRIMARY KEY,                    -- a duty one process at a time performs
    holder TEXT NOT NULL,
    expires_at REAL NOT NULL                  -- seconds since the Unix epoch
);
"""

# Versioned migrations: the database's PRAGMA user_version is how many have run.
CREATORS = """
ALTER TABLE games ADD COLUMN creator TEXT NOT NULL DEFAULT '';  -- a hash of who created it: its quotas' key
CREATE INDEX games_by_creator ON games (creator, status) WHERE creator != '';
"""

SEEDS = """
ALTER TABLE games ADD COLUMN seed_drawn INTEGER NOT NULL DEFAULT 0;  -- the server drew the seed (records: docs/records.md)
"""

PLAYERS = """
CREATE TABLE players (
    player_id TEXT PRIMARY KEY,               -- a digest of the login's issuer and subject (docs/players.md)
    name TEXT NOT NULL,                       -- the display name of the player's latest claim
    first_seen REAL NOT NULL,
    last_seen REAL NOT NULL
);
CREATE TABLE game_players (                   -- the games a signed-in player holds a seat in
    player_id TEXT NOT NULL,
    game_id TEXT NOT NULL,
    PRIMARY KEY (player_id, game_id)
) WITHOUT ROWID;
CREATE TABLE ratings (                        -- each player's and bot strength's rating, per variant
    variant TEXT NOT NULL,
    entity TEXT NOT NULL,                     -- a player id, or bot:<strength>
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    rating REAL NOT NULL,                     -- mu - 3 sigma, what leaderboards sort by
    last_seq INTEGER NOT NULL,                -- its latest rating_history row
    updated_at REAL NOT NULL,
    PRIMARY KEY (variant, entity)
);
CREATE INDEX ratings_by_rating ON ratings (variant, rating DESC, entity);
CREATE INDEX ratings_by_seq ON ratings (variant, last_seq);
CREATE TABLE rating_history (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    variant TEXT NOT NULL,
    entity TEXT NOT NULL,
    game_id TEXT NOT NULL,                    -- the rated match
    at REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    rating REAL NOT NULL
);
CREATE INDEX rating_history_by_entity ON rating_history (variant, entity, seq);
CREATE TABLE rated_matches (                  -- matches whose ratings are applied: each once
    game_id TEXT PRIMARY KEY,
    at REAL NOT NULL
);
"""

MIGRATIONS = (SCHEMA, TABLES, LEASES, CREATORS, SEEDS, PLAYERS, EVENTS)
# How often a process following watched games polls the file for other processes' entries.
FOLLOW_POLL_SECONDS = 0.05


_Write = Callable[[sqlite3.Connection], Any]
# The longest a write waits for writes of other games to join its batch (see Store._submit).
MAX_BATCH_WAIT = 0.005
# A game that wrote within this window is expected to write again (see _others_expected).
ACTIVE_WINDOW = 0.02
# After seeing another process's commit, assume the file is shared for this long.
SHARED_HOLD = 10.0
# How soon a flush tries again while another process holds the write lock (retrying
# sooner measured no better: the contention is for the CPU more than for the lock).
LOCKED_RETRY = 0.002


class SqliteStore:
    """The SQLite file: writes group-committed on the event loop; reads on a connection of
    their own (WAL readers never wait for the writer), answered at once."""

    def __init__(self, path: str, *, synchronous: str = "FULL", busy_timeout_ms: int = 10_000) -> None:
        self.path = path
        self._synchronous = synchronous
        self._busy_timeout = busy_timeout_ms / 1000
        self._migrate(busy_timeout_ms)
        self._writer = self._connect(busy_timeout_ms=0)  # never block the loop on another process's lock
        self._reader = self._connect(busy_timeout_ms=busy_timeout_ms)
        self._pending: list[tuple[_Write, asyncio.Future[Any]]] = []
        self._flush_handle: asyncio.Handle | None = None
        self._busy_since: float | None = None
        # The games that wrote lately, oldest first, with the time of their last write.
        self._recent: dict[str, float] = {}
        # Other processes writing to the file: SQLite's data_version of the writer connection
        # changes only when another connection commits (ours never writes through it).
        self._data_version = self._writer.execute("PRAGMA data_version").fetchone()[0]
        self._shared_until = 0.0

    def _connect(self, *, busy_timeout_ms: int) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        self._set_wal(conn)
        conn.execute(f"PRAGMA synchronous = {self._synchronous}")
        return conn

    def _set_wal(self, conn: sqlite3.Connection) -> None:
        """WAL mode, tried again while another process opening a new file at once holds it:
        SQLite answers that change "locked" at once, without waiting on the busy timeout."""
        deadline = time.monotonic() + self._busy_timeout
        while True:
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(LOCKED_RETRY)

    def _migrate(self, busy_timeout_ms: int) -> None:
        """Brings the schema up to date, in one transaction (another process may be migrating too)."""
        conn = self._connect(busy_timeout_ms=busy_timeout_ms)
        try:
            conn.execute("BEGIN IMMEDIATE")
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            if current > len(MIGRATIONS):
                conn.execute("ROLLBACK")
                raise DatabaseTooNew(f"schema version {current}: this server knows up to {len(MIGRATIONS)}")
            for script in MIGRATIONS[current:]:
                for statement in _statements(script):
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
            conn.execute("COMMIT")
        finally:
            conn.close()

    def is_shared(self) -> bool:
        """Whether another process has written to the database lately (SHARED_HOLD): then
        each move first catches up with the file; alone, the in-memory copy is current."""
        return time.monotonic() < self._shared_until

    def _note_other_writers(self) -> None:
        version = self._writer.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._data_version = version
            self._shared_until = time.monotonic() + SHARED_HOLD

    async def open(self) -> None:
        """Nothing to do: the file was opened and migrated by the constructor."""

    async def close(self) -> None:
        self.close_now()

    def close_now(self) -> None:
        if self._pending:
            self._flush()
        self._writer.close()
        self._reader.close()

    # ----------------------------------------------------------------- writes
    async def create_game(self, record: GameRecord, facts: Facts) -> None:
        """Stores a new game; :class:`AlreadyExists` if a game has its id."""

        def write(conn: sqlite3.Connection) -> None:
            inserted = conn.execute(
                "INSERT OR IGNORE INTO games (game_id, variant, options, seed, deal, credential_hashes, version,"
                " status, scores, created_at, updated_at, table_spec, open_seats, due, creator, seed_drawn, event_id)"
                " VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.game_id, record.variant, json.dumps(record.options), record.seed, record.deal,
                    json.dumps(record.credential_hashes), facts.status, json.dumps(facts.scores), record.created_at,
                    record.created_at, json_or_null(record.table_spec), facts.open_seats, facts.due, record.creator,
                    record.seed_drawn, record.event_id,
                ),
            )
            if inserted.rowcount != 1:
                raise AlreadyExists("a game with this id exists")

        await self._submit(write)

    async def create_event(self, event: EventRow) -> None:
        def write(conn: sqlite3.Connection) -> None:
            inserted = conn.execute(
                f"INSERT OR IGNORE INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?)",
                (event.event_id, event.variant, json.dumps(event.spec), event.created_at, event.creator))
            if inserted.rowcount != 1:
                raise AlreadyExists("an event with this id exists")

        await self._submit(write)

    async def apply_rating(self, match: RatedMatch) -> None:
        await self._submit(lambda conn: _apply_rating(conn, match))

    async def update_event(self, event_id: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
        def write(conn: sqlite3.Connection) -> bool:
            return bool(conn.execute("UPDATE events SET spec = ? WHERE event_id = ? AND spec = ?",
                                     (json.dumps(after), event_id, json.dumps(before))).rowcount == 1)

        return bool(await self._submit(write))

    async def load_event(self, event_id: str) -> EventRow | None:
        row = self._reader.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE event_id = ?", (event_id,)).fetchone()
        return None if row is None else event_row(row)

    async def append_move(self, game_id: str, move: MoveRecord, facts: Facts) -> None:
        """Appends ``move`` if the game is still at ``move.version - 1``; else :class:`VersionConflict`."""

        def write(conn: sqlite3.Connection) -> None:
            # Insert only if the game is at the version before this move (compare-and-set);
            # the primary key makes a second move at the same version impossible anyway.
            inserted = conn.execute(
                "INSERT OR IGNORE INTO moves (game_id, version, seat, move, request_id, answer, created_at, actor)"
                " SELECT ?, ?, ?, ?, ?, ?, ?, ? FROM games WHERE game_id = ? AND version = ?",
                (game_id, move.version, NO_SEAT if move.seat is None else move.seat, move.move, move.request_id,
                 json_or_null(move.answer), move.at, move.actor, game_id, move.version - 1),
            )
            if inserted.rowcount != 1:
                raise VersionConflict("the game has moved on; reload it")
            conn.execute(
                "UPDATE games SET version = ?, status = ?, scores = ?, updated_at = ?, open_seats = ?, due = ?"
                " WHERE game_id = ?",
                (move.version, facts.status, json.dumps(facts.scores), move.at, facts.open_seats, facts.due, game_id),
            )
            if facts.seated is not None:
                conn.execute("INSERT OR IGNORE INTO game_players (player_id, game_id) VALUES (?, ?)",
                             (facts.seated, game_id))
            if facts.rating is not None:
                _apply_rating(conn, facts.rating)

        await self._submit(write, game_id)

    async def save_player(self, player_id: str, name: str, at: float) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO players (player_id, name, first_seen, last_seen) VALUES (?, ?, ?, ?)"
                         " ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen",
                         (player_id, name, at, at))

        await self._submit(write)

    async def _submit(self, write: _Write, game_id: str = "") -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        self._schedule_flush(MAX_BATCH_WAIT if self._others_expected(game_id) else 0.0)
        return await future

    def _others_expected(self, game_id: str) -> bool:
        """Whether writes of other games are likely to join this batch soon: some game that
        wrote within ACTIVE_WINDOW has nothing pending yet. A game has at most one write
        pending (its lock is held until the commit), so once every active game has one,
        the batch is complete and is committed at once; a lone game never waits."""
        now = time.monotonic()
        recent = self._recent
        recent.pop(game_id, None)
        recent[game_id] = now
        while recent:
            oldest, when = next(iter(recent.items()))
            if now - when <= ACTIVE_WINDOW:
                break
            del recent[oldest]
        return len(self._pending) < len(recent)

    def _schedule_flush(self, delay: float) -> None:
        handle = self._flush_handle
        if handle is not None:
            if delay > 0 or not isinstance(handle, asyncio.TimerHandle):
                return  # a flush is already due at least this soon
            handle.cancel()
        loop = asyncio.get_running_loop()
        self._flush_handle = loop.call_soon(self._flush) if delay <= 0 else loop.call_later(delay, self._flush)

    def _flush(self) -> None:
        self._flush_handle = None
        batch, self._pending = self._pending, []
        if not batch:
            return
        try:
            self._note_other_writers()
            self._writer.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:  # another process holds the write lock: retry soon
            self._shared_until = time.monotonic() + SHARED_HOLD
            self._retry_later(batch)
            return
        self._busy_since = None
        outcomes = self._commit_batch(batch)
        for (_, future), (ok, value) in zip(batch, outcomes):
            if future.done():  # the request was cancelled; the write stands (or not) all the same
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def _retry_later(self, batch: list[tuple[_Write, asyncio.Future[Any]]]) -> None:
        now = time.monotonic()
        self._busy_since = self._busy_since or now
        if now - self._busy_since > self._busy_timeout:
            self._busy_since = None
            for _, future in batch:
                if not future.done():
                    future.set_exception(StorageUnavailable("the database stayed locked; retry"))
            return
        self._pending = batch + self._pending
        self._schedule_flush(LOCKED_RETRY)

    def _commit_batch(self, batch: list[tuple[_Write, asyncio.Future[Any]]]) -> list[tuple[bool, Any]]:
        """Runs a batch in the open transaction and commits it. A write refuses (VersionConflict)
        before changing anything, so a refusal spoils nothing; any other failure stores none of it."""
        conn = self._writer
        outcomes: list[tuple[bool, Any]] = []
        try:
            for write, _ in batch:
                try:
                    outcomes.append((True, write(conn)))
                except (VersionConflict, AlreadyExists) as conflict:
                    outcomes.append((False, conflict))
            conn.execute("COMMIT")
        except Exception as error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            failure = StorageUnavailable("the database could not commit; retry") if isinstance(error, sqlite3.Error) else error
            outcomes = [(False, failure)] * len(batch)
        return outcomes

    # ----------------------------------------------------------------- reads
    async def load_game(self, game_id: str) -> GameRecord | None:
        row = self._reader.execute(
            "SELECT game_id, variant, options, seed, deal, credential_hashes, created_at, table_spec, creator, seed_drawn FROM games"
            " WHERE game_id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        return GameRecord(row[0], row[1], json.loads(row[2]), row[3], row[4], json.loads(row[5]), row[6],
                          loads_or_none(row[7]), row[8], bool(row[9]))

    async def version_of(self, game_id: str) -> int | None:
        row = self._reader.execute("SELECT version FROM games WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    async def versions_of(self, game_ids: list[str]) -> dict[str, int]:
        versions: dict[str, int] = {}
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._reader.execute(f"SELECT game_id, version FROM games WHERE game_id IN ({marks})", chunk)
            versions.update(rows.fetchall())
        return versions

    async def moves_after(self, game_id: str, version: int, limit: int | None = None) -> list[MoveRecord]:
        rows = self._reader.execute(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ? AND version > ? ORDER BY version LIMIT ?",
            (game_id, version, -1 if limit is None else limit),
        ).fetchall()
        return [move_record(row) for row in rows]

    async def find_request(self, game_id: str, seat: int, request_id: str) -> MoveRecord | None:
        row = self._reader.execute(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ? AND seat = ? AND request_id = ?",
            (game_id, seat, request_id),
        ).fetchone()
        return None if row is None else move_record(row)

    async def due_games(
        self, *, until: float, after: tuple[float, str] | None = None, limit: int = 1000
    ) -> list[tuple[str, float]]:
        """Games the server must act in before ``until`` (a bot to move, a clock running...),
        soonest first, a page at a time: those after ``after`` (due, game id)."""
        start_due, start_id = after if after is not None else (float("-inf"), "")
        rows = self._reader.execute(
            "SELECT game_id, due FROM games WHERE due IS NOT NULL AND due <= ? AND (due > ? OR (due = ? AND game_id > ?))"
            " ORDER BY due, game_id LIMIT ?",
            (until, start_due, start_due, start_id, limit),
        ).fetchall()
        return [(row[0], float(row[1])) for row in rows]

    async def bound_idle(self, idle_seconds: float) -> None:
        query, params = idle_bound_query("?", idle_seconds)

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(query, params)

        await self._submit(write)

    async def try_lease(self, name: str, holder: str, seconds: float) -> bool:
        now = time.time()

        def write(conn: sqlite3.Connection) -> bool:
            taken = conn.execute(
                "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                " SET holder = excluded.holder, expires_at = excluded.expires_at"
                " WHERE leases.holder = excluded.holder OR leases.expires_at < ?",
                (name, holder, now + seconds, now),
            )
            return taken.rowcount == 1

        return bool(await self._submit(write))

    async def follow(self, watched: Watched, on_change: OnChange) -> None:
        """Polls the file (one query for every watched game): SQLite has no notifications."""
        while True:
            await asyncio.sleep(FOLLOW_POLL_SECONDS)
            games = watched()
            if not games:
                continue
            try:
                versions = await self.versions_of(games)
            except sqlite3.Error:
                continue  # the database is busy: the next round will see the entries
            for game_id, version in versions.items():
                on_change(game_id, version)

    async def ping(self) -> bool:
        try:
            self._reader.execute("SELECT 1").fetchone()
        except sqlite3.Error:
            return False
        return True

    async def count_games(self, *, creator: str, statuses: Sequence[str], open_seats: bool = False) -> int:
        query, params = count_query("?", creator=creator, statuses=statuses, open_seats=open_seats)
        return int(self._reader.execute(query, params).fetchone()[0])

    async def list_games(
        self, *, variant: str | None, status: str | None, before_seq: int | None, limit: int, open_seats: bool = False,
        player: str | None = None,
    ) -> list[GameRow]:
        query, params = listing_query("?", variant=variant, status=status, before_seq=before_seq, limit=limit,
                                      open_seats=open_seats, player=player)
        return [game_row(row) for row in self._reader.execute(query, params).fetchall()]

    # ----------------------------------------------------------------- players
    async def player_name(self, player_id: str) -> str | None:
        row = self._reader.execute("SELECT name FROM players WHERE player_id = ?", (player_id,)).fetchone()
        return None if row is None else str(row[0])

    async def ratings_of(self, entity: str) -> list[RatingRow]:
        rows = self._reader.execute(
            f"SELECT variant, {RATING_COLUMNS} FROM ratings WHERE entity = ? ORDER BY variant", (entity,)).fetchall()
        return [RatingRow(row[0], entity, rating_of(row[1:])) for row in rows]

    async def rating_history(self, entity: str, variant: str, limit: int) -> list[HistoryRow]:
        rows = self._reader.execute(
            f"SELECT seq, game_id, at, {RATING_COLUMNS} FROM rating_history WHERE variant = ? AND entity = ?"
            " ORDER BY seq DESC LIMIT ?", (variant, entity, limit)).fetchall()
        return [HistoryRow(row[0], variant, row[1], row[2], rating_of(row[3:])) for row in rows]

    async def leaderboard(self, variant: str, snapshot: int | None, after: tuple[float, str] | None,
                          limit: int) -> LeaderPage:
        conn = self._reader
        conn.execute("BEGIN")  # one snapshot for the seq and the page
        try:
            if snapshot is None:
                snapshot = int(conn.execute("SELECT COALESCE(MAX(seq), 0) FROM rating_history").fetchone()[0])
            rows = conn.execute(leaderboard_query("?", after=after),
                                leaderboard_params(variant, snapshot, after, limit)).fetchall()
        finally:
            conn.execute("COMMIT")
        return LeaderPage([leader_row(row) for row in rows], snapshot)


def _apply_rating(conn: sqlite3.Connection, match: RatedMatch) -> None:
    """Moves the ratings of ``match``'s players and bots, unless that match was applied already."""
    if conn.execute("INSERT OR IGNORE INTO rated_matches (game_id, at) VALUES (?, ?)",
                    (match.game_id, match.at)).rowcount != 1:
        return
    entities = match.entities
    rows = conn.execute(current_query("?", len(entities)), (match.variant, *entities)).fetchall()
    for entity, rating in sorted(rating_update(match, rows).items()):
        seq = conn.execute(history_insert("?"), history_params(match, entity, rating)).lastrowid
        conn.execute(insert_rating("?", replace=True), rating_params(match, entity, rating, int(seq or 0)))


def _statements(script: str) -> list[str]:
    """A script's statements, one by one (executescript would commit the migration's transaction)."""
    lines = (line.split("--", 1)[0] for line in script.splitlines())
    return [statement.strip() for statement in "\n".join(lines).split(";") if statement.strip()]




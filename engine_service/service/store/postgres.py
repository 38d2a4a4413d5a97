"""Event-sourced game storage in PostgreSQL, for several server replicas on one database.

The same guarantees as the SQLite store (``contract.py``), from PostgreSQL's own means:
- an entry is answered only after its transaction has committed (each entry is one
  statement, so one transaction and one round trip; PostgreSQL flushes the WAL of
  concurrent commits together: group commit);
- compare-and-set: the entry that takes a game from ``v`` to ``v + 1`` is inserted only if
  the game row is at ``v``, under the primary key (game, version) and the unique request
  id; a second writer at the same version waits for the first, then inserts nothing and
  gets ``VersionConflict``;
- no transaction that writes an entry notifies: PostgreSQL serialises the commits of every
  transaction that has notified behind one lock, so notices in the entries' own
  transactions capped all replicas together at that lock's rate. After its commits, each
  replica sends the versions it reached in notices of their own, coalesced (one notice for
  what it committed while the previous one was sent, ``'<game id>:<version>,...'``).
  Replicas following a game read its new entries from the database, never from the notice;
  a replica that reconnects catches up on every game it follows, and a notice that never
  came (its replica stopped between the commit and the notice) is made up for by reading
  the followed games' versions every FOLLOW_CHECK_SECONDS.

Connections come from a pool (psycopg 3, async). A lost connection or a database that is
down makes calls fail with ``StorageUnavailable`` (UNAVAILABLE) until it is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from ...ratings import DEFAULT, RatedMatch
from .. import logs
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
CREATE TABLE games (
    seq BIGSERIAL PRIMARY KEY,                -- creation order, for listing
    game_id TEXT NOT NULL UNIQUE,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,                    -- JSON, as validated at creation
    seed TEXT NOT NULL,                       -- secret unless the creator chose it
    deal TEXT,                                -- the given first deal, in deal notation
    credential_hashes TEXT NOT NULL,          -- JSON list of SHA-256 hex, per seat ("" while open)
    version BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL,                     -- WAITING | ACTIVE | FINISHED | ABANDONED
    scores TEXT NOT NULL,                     -- JSON list, per side
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    table_spec TEXT,                          -- JSON (docs/tables.md), NULL: every seat reserved
    open_seats INTEGER NOT NULL DEFAULT 0,    -- seats anyone may claim
    due DOUBLE PRECISION                      -- when the server must act next (bot, clock)
);
CREATE INDEX games_by_filter ON games (variant, status, seq);
CREATE INDEX games_by_due ON games (due) WHERE due IS NOT NULL;
CREATE INDEX games_with_open_seats ON games (variant, seq) WHERE open_seats > 0;
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (game_id),
    version BIGINT NOT NULL,                  -- the game's version after this entry
    seat INTEGER NOT NULL,                    -- -1: the table's own entry
    move TEXT NOT NULL,                       -- the move's text form, or a table action (@...)
    request_id TEXT,                          -- idempotency key, unique per game and seat
    answer TEXT,                              -- JSON: the first answer, kept if request_id is set
    created_at DOUBLE PRECISION NOT NULL,     -- the entry's instant (clocks replay from it)
    actor TEXT,                               -- NULL: the seat's holder; bot, stand_in, table
    PRIMARY KEY (game_id, version)
);
CREATE UNIQUE INDEX moves_by_request ON moves (game_id, seat, request_id) WHERE request_id IS NOT NULL;
CREATE TABLE leases (
    name TEXT PRIMARY KEY,                    -- a duty one replica at a time performs
    holder TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL      -- seconds since the Unix epoch, the database's clock
);
"""

# Versioned migrations; the version is kept in cardgames_schema.
CREATORS = """
ALTER TABLE games ADD COLUMN creator TEXT NOT NULL DEFAULT '';  -- a hash of who created it: its quotas' key
CREATE INDEX games_by_creator ON games (creator, status) WHERE creator != '';
"""

SEEDS = """
ALTER TABLE games ADD COLUMN seed_drawn BOOLEAN NOT NULL DEFAULT FALSE;  -- the server drew the seed (records: docs/records.md)
"""

PLAYERS = """
CREATE TABLE players (
    player_id TEXT PRIMARY KEY,               -- a digest of the login's issuer and subject (docs/players.md)
    name TEXT NOT NULL,                       -- the display name of the player's latest claim
    first_seen DOUBLE PRECISION NOT NULL,
    last_seen DOUBLE PRECISION NOT NULL
);
CREATE TABLE game_players (                   -- the games a signed-in player holds a seat in
    player_id TEXT NOT NULL,
    game_id TEXT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE TABLE ratings (                        -- each player's and bot strength's rating, per variant
    variant TEXT NOT NULL,
    entity TEXT NOT NULL,                     -- a player id, or bot:<strength>
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL,         -- mu - 3 sigma, what leaderboards sort by
    last_seq BIGINT NOT NULL,                 -- its latest rating_history row
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (variant, entity)
);
CREATE INDEX ratings_by_rating ON ratings (variant, rating DESC, entity);
CREATE INDEX ratings_by_seq ON ratings (variant, last_seq);
CREATE TABLE rating_history (
    seq BIGSERIAL PRIMARY KEY,
    variant TEXT NOT NULL,
    entity TEXT NOT NULL,
    game_id TEXT NOT NULL,                    -- the rated match
    at DOUBLE PRECISION NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL
);
CREATE INDEX rating_history_by_entity ON rating_history (variant, entity, seq);
CREATE TABLE rated_matches (                  -- matches whose ratings are applied: each once
    game_id TEXT PRIMARY KEY,
    at DOUBLE PRECISION NOT NULL
);
"""

MIGRATIONS = (SCHEMA, CREATORS, SEEDS, PLAYERS, EVENTS)
CHANNEL = "cardgames_entries"
# One advisory lock key for migrations: replicas starting at once migrate one after the other.
MIGRATION_LOCK = 0x63617264  # "card"
POOL_SIZE = 20
# How long a call waits for a connection before it is UNAVAILABLE: short, so a database
# that is away fails calls at once rather than at the caller's deadline.
CONNECT_TIMEOUT = 2.0
# After losing its listening connection, a follower tries again this often.
RECONNECT_SECONDS = 0.5
# A follower reads the versions of its games itself this often (a notice never sent). The
# variable is for tests that must see the notices alone at work (watching.py reads it too).
FOLLOW_CHECK_SECONDS = float(os.environ.get("CARDGAMES_TEST_POLL_SECONDS", "2.0"))
# A notice's payload stays under PostgreSQL's 8,000 bytes.
NOTICE_BYTES = 7000
_NOW = "extract(epoch from clock_timestamp())"

T = TypeVar("T")


class PostgresStore:
    def __init__(self, url: str) -> None:
        self.url = url
        # The driver's warnings (a refused connection, retried) as the server's JSON lines.
        logs.bridge(("psycopg", "psycopg.pool"), "database_driver")
        self._pool: AsyncConnectionPool | None = None
        self._checking: asyncio.Task[None] | None = None
        self._notices = _Notices(self._connection)

    # ----------------------------------------------------------------- lifecycle
    async def open(self) -> None:
        self._pool = AsyncConnectionPool(self.url, min_size=2, max_size=POOL_SIZE, open=False, timeout=CONNECT_TIMEOUT,
                                         kwargs={"autocommit": True, "connect_timeout": int(CONNECT_TIMEOUT)})
        try:
            await self._pool.open(wait=True, timeout=CONNECT_TIMEOUT * 2)
        except PoolTimeout:
            await self._pool.close()
            raise StorageUnavailable("cannot connect to the PostgreSQL server") from None
        try:
            await self._migrate()
        except (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout):
            await self._pool.close()
            raise StorageUnavailable("the PostgreSQL server went away while the schema was migrated") from None
        except BaseException:
            await self._pool.close()
            raise

    async def _migrate(self) -> None:
        async with self._connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            await conn.execute("CREATE TABLE IF NOT EXISTS cardgames_schema (version INTEGER NOT NULL)")
            row = await (await conn.execute("SELECT version FROM cardgames_schema")).fetchone()
            current = 0 if row is None else int(row[0])
            if current > len(MIGRATIONS):
                raise DatabaseTooNew(f"schema version {current}: this server knows up to {len(MIGRATIONS)}")
            for script in MIGRATIONS[current:]:
                await conn.execute(script.encode())
            await conn.execute("DELETE FROM cardgames_schema")
            await conn.execute("INSERT INTO cardgames_schema VALUES (%s)", (len(MIGRATIONS),))

    async def close(self) -> None:
        try:
            await self._notices.close()
        finally:
            if self._pool is not None:
                await self._pool.close()

    def is_shared(self) -> bool:
        """False: a move is decided on the replica's copy, and compare-and-set refuses it
        if another replica moved first (the copy is then reloaded and the move decided again),
        which saves a query per move. Reads still catch up with the database first."""
        return False

    def _connection(self) -> Any:
        assert self._pool is not None, "open() first"
        return self._pool.connection()

    async def _run(self, work: Callable[[psycopg.AsyncConnection[Any]], Awaitable[T]]) -> T:
        """``work`` on a pooled connection; a database away is StorageUnavailable."""
        try:
            async with self._connection() as conn:
                return await work(conn)
        except (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout):
            self._check_pool()
            raise StorageUnavailable("the database is unavailable; retry") from None

    def _check_pool(self) -> None:
        """After a lost connection, the idle ones are tested (and replaced) in the background,
        so after a database restart one call fails, not one per pooled connection. Testing
        each connection before every use instead cost a quarter of the throughput."""
        if self._pool is not None and (self._checking is None or self._checking.done()):
            self._checking = asyncio.get_running_loop().create_task(self._pool.check())

    # ----------------------------------------------------------------- writes
    async def create_game(self, record: GameRecord, facts: Facts) -> None:
        async def write(conn: psycopg.AsyncConnection[Any]) -> None:
            cursor = await conn.execute(
                "INSERT INTO games (game_id, variant, options, seed, deal, credential_hashes, version, status, scores,"
                " created_at, updated_at, table_spec, open_seats, due, creator, seed_drawn, event_id)"
                " VALUES (%s, %s, %s, %s, %s, %s, 0, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (record.game_id, record.variant, json.dumps(record.options), record.seed, record.deal,
                 json.dumps(record.credential_hashes), facts.status, json.dumps(facts.scores), record.created_at,
                 record.created_at, json_or_null(record.table_spec), facts.open_seats, facts.due, record.creator,
                 record.seed_drawn, record.event_id),
            )
            if cursor.rowcount != 1:
                raise AlreadyExists("a game with this id exists")

        await self._run(write)

    async def create_event(self, event: EventRow) -> None:
        async def write(conn: psycopg.AsyncConnection[Any]) -> None:
            cursor = await conn.execute(
                f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (event.event_id, event.variant, json.dumps(event.spec), event.created_at, event.creator))
            if cursor.rowcount != 1:
                raise AlreadyExists("an event with this id exists")

        await self._run(write)

    async def apply_rating(self, match: RatedMatch) -> None:
        async def write(conn: psycopg.AsyncConnection[Any]) -> None:
            async with conn.transaction():
                await _apply_rating(conn, match)

        await self._run(write)

    async def update_event(self, event_id: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
        async def write(conn: psycopg.AsyncConnection[Any]) -> bool:
            cursor = await conn.execute("UPDATE events SET spec = %s WHERE event_id = %s AND spec = %s",
                                        (json.dumps(after), event_id, json.dumps(before)))
            return cursor.rowcount == 1

        return bool(await self._run(write))

    async def load_event(self, event_id: str) -> EventRow | None:
        rows = await self._rows(f"SELECT {EVENT_COLUMNS} FROM events WHERE event_id = %s", (event_id,))
        return event_row(rows[0]) if rows else None

    async def append_move(self, game_id: str, move: MoveRecord, facts: Facts) -> None:
        async def write(conn: psycopg.AsyncConnection[Any]) -> None:
            if facts.seated is None and facts.rating is None:
                await entry(conn)
                return
            async with conn.transaction():  # the seat's player, or the match's ratings, with the entry
                await entry(conn)
                if facts.seated is not None:
                    await conn.execute("INSERT INTO game_players (player_id, game_id) VALUES (%s, %s)"
                                       " ON CONFLICT DO NOTHING", (facts.seated, game_id))
                if facts.rating is not None:
                    await _apply_rating(conn, facts.rating)

        async def entry(conn: psycopg.AsyncConnection[Any]) -> None:
            # One statement, so one transaction and one round trip: the entry is inserted only
            # if the game is at the version before (compare-and-set; a racing insert at the
            # same version, or of the same request id, inserts nothing) and the row follows it.
            cursor = await conn.execute(
                "WITH inserted AS ("
                " INSERT INTO moves (game_id, version, seat, move, request_id, answer, created_at, actor)"
                " SELECT %s, %s, %s, %s, %s, %s, %s, %s FROM games WHERE game_id = %s AND version = %s"
                " ON CONFLICT DO NOTHING RETURNING version),"
                " updated AS ("
                " UPDATE games SET version = %s, status = %s, scores = %s, updated_at = %s, open_seats = %s, due = %s"
                " WHERE game_id = %s AND EXISTS (SELECT 1 FROM inserted) RETURNING version)"
                " SELECT version FROM updated",
                (game_id, move.version, NO_SEAT if move.seat is None else move.seat, move.move, move.request_id,
                 json_or_null(move.answer), move.at, move.actor, game_id, move.version - 1,
                 move.version, facts.status, json.dumps(facts.scores), move.at, facts.open_seats, facts.due, game_id),
            )
            if await cursor.fetchone() is None:
                raise VersionConflict("the game has moved on; reload it")

        await self._run(write)
        self._notices.committed(game_id, move.version)  # after the commit, apart from it

    async def bound_idle(self, idle_seconds: float) -> None:
        query, params = idle_bound_query("%s", idle_seconds)

        async def write(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.execute(query, tuple(params))

        await self._run(write)

    async def try_lease(self, name: str, holder: str, seconds: float) -> bool:
        async def write(conn: psycopg.AsyncConnection[Any]) -> bool:
            cursor = await conn.execute(
                f"INSERT INTO leases (name, holder, expires_at) VALUES (%s, %s, {_NOW} + %s)"
                " ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at"
                f" WHERE leases.holder = excluded.holder OR leases.expires_at < {_NOW}",
                (name, holder, seconds),
            )
            return cursor.rowcount == 1

        return await self._run(write)

    # ----------------------------------------------------------------- reads
    async def _rows(self, query: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        async def read(conn: psycopg.AsyncConnection[Any]) -> list[tuple[Any, ...]]:
            return await (await conn.execute(query, params)).fetchall()

        return await self._run(read)

    async def load_game(self, game_id: str) -> GameRecord | None:
        rows = await self._rows(
            "SELECT game_id, variant, options, seed, deal, credential_hashes, created_at, table_spec, creator, seed_drawn FROM games"
            " WHERE game_id = %s", (game_id,))
        if not rows:
            return None
        row = rows[0]
        return GameRecord(row[0], row[1], json.loads(row[2]), row[3], row[4], json.loads(row[5]), row[6],
                          loads_or_none(row[7]), row[8], bool(row[9]))

    async def version_of(self, game_id: str) -> int | None:
        rows = await self._rows("SELECT version FROM games WHERE game_id = %s", (game_id,))
        return int(rows[0][0]) if rows else None

    async def versions_of(self, game_ids: list[str]) -> dict[str, int]:
        rows = await self._rows("SELECT game_id, version FROM games WHERE game_id = ANY(%s)", (game_ids,))
        return {row[0]: int(row[1]) for row in rows}

    async def moves_after(self, game_id: str, version: int, limit: int | None = None) -> list[MoveRecord]:
        rows = await self._rows(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = %s AND version > %s ORDER BY version LIMIT %s",
            (game_id, version, limit))
        return [move_record(row) for row in rows]

    async def find_request(self, game_id: str, seat: int, request_id: str) -> MoveRecord | None:
        rows = await self._rows(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = %s AND seat = %s AND request_id = %s",
            (game_id, seat, request_id))
        return move_record(rows[0]) if rows else None

    async def due_games(
        self, *, until: float, after: tuple[float, str] | None = None, limit: int = 1000
    ) -> list[tuple[str, float]]:
        start_due, start_id = after if after is not None else (float("-inf"), "")
        rows = await self._rows(
            "SELECT game_id, due FROM games WHERE due IS NOT NULL AND due <= %s AND (due, game_id) > (%s, %s)"
            " ORDER BY due, game_id LIMIT %s", (until, start_due, start_id, limit))
        return [(row[0], float(row[1])) for row in rows]

    async def count_games(self, *, creator: str, statuses: Sequence[str], open_seats: bool = False) -> int:
        query, params = count_query("%s", creator=creator, statuses=statuses, open_seats=open_seats)
        return int((await self._rows(query, tuple(params)))[0][0])

    async def save_player(self, player_id: str, name: str, at: float) -> None:
        async def write(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.execute(
                "INSERT INTO players (player_id, name, first_seen, last_seen) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen",
                (player_id, name, at, at))

        await self._run(write)

    async def player_name(self, player_id: str) -> str | None:
        rows = await self._rows("SELECT name FROM players WHERE player_id = %s", (player_id,))
        return str(rows[0][0]) if rows else None

    async def ratings_of(self, entity: str) -> list[RatingRow]:
        rows = await self._rows(
            f"SELECT variant, {RATING_COLUMNS} FROM ratings WHERE entity = %s ORDER BY variant", (entity,))
        return [RatingRow(row[0], entity, rating_of(row[1:])) for row in rows]

    async def rating_history(self, entity: str, variant: str, limit: int) -> list[HistoryRow]:
        rows = await self._rows(
            f"SELECT seq, game_id, at, {RATING_COLUMNS} FROM rating_history WHERE variant = %s AND entity = %s"
            " ORDER BY seq DESC LIMIT %s", (variant, entity, limit))
        return [HistoryRow(int(row[0]), variant, row[1], row[2], rating_of(row[3:])) for row in rows]

    async def leaderboard(self, variant: str, snapshot: int | None, after: tuple[float, str] | None,
                          limit: int) -> LeaderPage:
        async def read(conn: psycopg.AsyncConnection[Any]) -> LeaderPage:
            async with conn.transaction():  # one snapshot for the seq and the page
                await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                seq = snapshot
                if seq is None:
                    row = await (await conn.execute("SELECT COALESCE(MAX(seq), 0) FROM rating_history")).fetchone()
                    seq = int(row[0]) if row else 0
                rows = await (await conn.execute(leaderboard_query("%s", after=after),
                                                 leaderboard_params(variant, seq, after, limit))).fetchall()
            return LeaderPage([leader_row(row) for row in rows], seq)

        return await self._run(read)

    async def list_games(
        self, *, variant: str | None, status: str | None, before_seq: int | None, limit: int, open_seats: bool = False,
        player: str | None = None,
    ) -> list[GameRow]:
        query, params = listing_query("%s", variant=variant, status=status, before_seq=before_seq, limit=limit,
                                      open_seats=open_seats, player=player)
        return [game_row(row) for row in await self._rows(query, tuple(params))]

    async def ping(self) -> bool:
        try:
            await self._rows("SELECT 1", ())
        except StorageUnavailable:
            return False
        return True

    # ----------------------------------------------------------------- notices
    async def follow(self, watched: Watched, on_change: OnChange) -> None:
        """LISTENs on its own connection; after each (re)connection it reads the versions of
        every watched game, so notices missed while it was away are made up for."""
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                             connect_timeout=int(CONNECT_TIMEOUT))
            except psycopg.OperationalError:
                await asyncio.sleep(RECONNECT_SECONDS)
                continue
            try:
                await conn.execute(f"LISTEN {CHANNEL}")
                games = watched()
                if games:
                    for game_id, version in (await self.versions_of(games)).items():
                        on_change(game_id, version)
                while True:
                    # A notice never sent, or a connection dropped silently (an idle TCP link cut,
                    # no error): every FOLLOW_CHECK_SECONDS, notices or not, the versions are read again.
                    async for notice in conn.notifies(timeout=FOLLOW_CHECK_SECONDS):
                        for changed, reached in _reached(notice.payload):
                            on_change(changed, reached)
                    games = watched()
                    if games:
                        for game_id, version in (await self.versions_of(games)).items():
                            on_change(game_id, version)
            except (psycopg.OperationalError, psycopg.InterfaceError, StorageUnavailable):
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                await conn.close()


class _Notices:
    """Tells the other replicas which versions this one committed, after the commits, in
    notices of their own: what is committed while one notice is sent goes in the next one
    (a game once, at its latest version), so a replica sends at most one notice at a time
    however many entries it commits. A notice that cannot be sent (the database away) is
    kept for the next try; the followers' own reads of their games' versions cover the rest."""

    def __init__(self, connection: Callable[[], Any]) -> None:
        self._connection = connection
        self._reached: dict[str, int] = {}
        self._wake = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None
        self._closed = False

    def committed(self, game_id: str, version: int) -> None:
        if self._closed:
            return
        self._keep({game_id: version})
        self._wake.set()
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        while not self._closed:
            await self._wake.wait()
            self._wake.clear()
            reached, self._reached = self._reached, {}
            try:
                async with self._connection() as conn:
                    for payload in _payloads(reached):
                        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except Exception as error:  # whatever it was, the notice is tried again
                self._keep(reached)
                if not isinstance(error, (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout)):
                    logs.get_logger().warning("notice_failed", error=type(error).__name__)
                await asyncio.sleep(RECONNECT_SECONDS)
                self._wake.set()

    def _keep(self, reached: dict[str, int]) -> None:
        """Adds versions to the next notice (a game once, at its latest version)."""
        for game_id, version in reached.items():
            self._reached[game_id] = max(version, self._reached.get(game_id, 0))

    async def close(self) -> None:
        self._closed = True
        if self._sender is not None:
            self._sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sender


def _payloads(reached: dict[str, int]) -> list[str]:
    """``'<game id>:<version>,...'``, cut into notices PostgreSQL accepts."""
    payloads: list[str] = []
    current: list[str] = []
    size = 0
    for game_id, version in reached.items():
        item = f"{game_id}:{version}"
        if current and size + len(item) + 1 > NOTICE_BYTES:
            payloads.append(",".join(current))
            current, size = [], 0
        current.append(item)
        size += len(item) + 1
    if current:
        payloads.append(",".join(current))
    return payloads


def _reached(payload: str) -> list[tuple[str, int]]:
    """The games and versions a notice names (anything else in it is ignored)."""
    found = []
    for item in payload.split(","):
        game_id, _, version = item.rpartition(":")
        if game_id and version.isdigit():
            found.append((game_id, int(version)))
    return found


async def _apply_rating(conn: psycopg.AsyncConnection[Any], match: RatedMatch) -> None:
    """Moves the ratings of ``match``'s players and bots, unless that match was applied
    already; their rows are locked in one order (entity), so two matches sharing players
    wait for each other instead of deadlocking."""
    cursor = await conn.execute("INSERT INTO rated_matches (game_id, at) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                                (match.game_id, match.at))
    if cursor.rowcount != 1:
        return
    entities = match.entities
    for entity in entities:  # a row to lock for a newcomer too
        await conn.execute(insert_rating("%s"), rating_params(match, entity, DEFAULT, 0))
    rows = await (await conn.execute(current_query("%s", len(entities), for_update=True),
                                     (match.variant, *entities))).fetchall()
    for entity, rating in sorted(rating_update(match, rows).items()):
        row = await (await conn.execute(history_insert("%s") + " RETURNING seq",
                                        history_params(match, entity, rating))).fetchone()
        await conn.execute(insert_rating("%s", replace=True), rating_params(match, entity, rating, int(row[0]) if row else 0))

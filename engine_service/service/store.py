"""Event-sourced game storage in SQLite: a creation record per game plus an append-only move log.

Durability: WAL mode, ``synchronous=FULL`` by default, and a move is acknowledged only
after the transaction holding it has committed. Writes go through one writer thread that
commits whatever is queued in a single transaction (group commit: one fsync for many
moves, each isolated by a savepoint), so throughput does not stop at one fsync per move.

Compare-and-set: appending the move that takes a game from version ``v`` to ``v + 1``
updates the game row only ``WHERE version = v`` and inserts the move under the primary key
``(game_id, version)``; two writers (threads or processes sharing the file) can never both
apply a move at the same version, and the log has no gap.

Reads use their own connection (WAL readers never wait for the writer).
"""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from .errors import StorageUnavailable, VersionConflict

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,    -- creation order, for listing
    game_id TEXT NOT NULL UNIQUE,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,                    -- JSON, as validated at creation
    seed TEXT NOT NULL,                       -- secret unless the creator chose it
    deal TEXT,                                -- the given first deal, in deal notation
    credential_hashes TEXT NOT NULL,          -- JSON list of SHA-256 hex, per seat
    version INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,                     -- ACTIVE | FINISHED
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
    answer TEXT NOT NULL,                     -- JSON: the first answer, replayed on retry
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS moves_by_request ON moves (game_id, seat, request_id)
    WHERE request_id IS NOT NULL;
"""


@dataclass(frozen=True)
class GameRecord:
    """What creates a game: replaying its moves on it gives the current state."""

    game_id: str
    variant: str
    options: dict[str, Any]
    seed: str
    deal: str | None
    credential_hashes: list[str]
    created_at: float


@dataclass(frozen=True)
class MoveRecord:
    version: int
    seat: int
    move: str
    request_id: str | None
    answer: dict[str, Any]


@dataclass(frozen=True)
class GameRow:
    """A game as listed: public facts only."""

    seq: int
    game_id: str
    variant: str
    status: str
    version: int
    scores: list[int]
    created_at: float
    updated_at: float


_Write = Callable[[sqlite3.Connection], Any]


class Store:
    """The database: async writes through the group-commit writer, synchronous reads."""

    def __init__(self, path: str, *, synchronous: str = "FULL", busy_timeout_ms: int = 10_000) -> None:
        self.path = path
        self._synchronous = synchronous
        self._busy_timeout_ms = busy_timeout_ms
        writer = self._connect()
        writer.executescript(SCHEMA)
        self._reader = self._connect()
        self._queue: queue.SimpleQueue[tuple[_Write, asyncio.Future[Any]] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._write_loop, args=(writer,), name="store-writer", daemon=True)
        self._thread.start()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {self._synchronous}")
        return conn

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join()
        self._reader.close()

    # ----------------------------------------------------------------- writes
    async def create_game(self, record: GameRecord, status: str, scores: list[int]) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO games (game_id, variant, options, seed, deal, credential_hashes, version, status,"
                " scores, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (
                    record.game_id, record.variant, json.dumps(record.options), record.seed, record.deal,
                    json.dumps(record.credential_hashes), status, json.dumps(scores), record.created_at,
                    record.created_at,
                ),
            )

        await self._submit(write)

    async def append_move(self, game_id: str, move: MoveRecord, status: str, scores: list[int]) -> None:
        """Appends ``move`` if the game is still at ``move.version - 1``; else :class:`VersionConflict`."""

        def write(conn: sqlite3.Connection) -> None:
            now = time.time()
            updated = conn.execute(
                "UPDATE games SET version = ?, status = ?, scores = ?, updated_at = ? WHERE game_id = ? AND version = ?",
                (move.version, status, json.dumps(scores), now, game_id, move.version - 1),
            )
            if updated.rowcount != 1:
                raise VersionConflict("the game has moved on; reload it")
            try:
                conn.execute(
                    "INSERT INTO moves (game_id, version, seat, move, request_id, answer, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, move.version, move.seat, move.move, move.request_id, json.dumps(move.answer), now),
                )
            except sqlite3.IntegrityError:
                raise VersionConflict("the game has moved on; reload it") from None

        await self._submit(write)

    async def _submit(self, write: _Write) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put((write, future))
        return await future

    def _write_loop(self, conn: sqlite3.Connection) -> None:
        stopping = False
        while not stopping:
            item = self._queue.get()
            batch = []
            while item is not None:
                batch.append(item)
                if len(batch) >= 512:
                    break
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            else:
                stopping = True
            if batch:
                self._commit_batch(conn, batch)
        conn.close()

    def _commit_batch(self, conn: sqlite3.Connection, batch: list[tuple[_Write, asyncio.Future[Any]]]) -> None:
        outcomes: list[tuple[bool, Any]] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for write, _ in batch:
                conn.execute("SAVEPOINT item")
                try:
                    outcomes.append((True, write(conn)))
                    conn.execute("RELEASE item")
                except Exception as error:  # noqa: BLE001 - handed to the waiting request
                    conn.execute("ROLLBACK TO item")
                    conn.execute("RELEASE item")
                    outcomes.append((False, error))
            conn.execute("COMMIT")
        except sqlite3.Error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            failure = StorageUnavailable("the database could not commit; retry")
            outcomes = [(False, failure)] * len(batch)
        for (_, future), (ok, value) in zip(batch, outcomes):
            loop = future.get_loop()
            loop.call_soon_threadsafe(_settle, future, ok, value)

    # ----------------------------------------------------------------- reads
    def load_game(self, game_id: str) -> GameRecord | None:
        row = self._reader.execute(
            "SELECT game_id, variant, options, seed, deal, credential_hashes, created_at FROM games WHERE game_id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        return GameRecord(row[0], row[1], json.loads(row[2]), row[3], row[4], json.loads(row[5]), row[6])

    def version_of(self, game_id: str) -> int | None:
        row = self._reader.execute("SELECT version FROM games WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def moves_after(self, game_id: str, version: int) -> list[MoveRecord]:
        rows = self._reader.execute(
            "SELECT version, seat, move, request_id, answer FROM moves WHERE game_id = ? AND version > ?"
            " ORDER BY version",
            (game_id, version),
        ).fetchall()
        return [MoveRecord(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    def find_request(self, game_id: str, seat: int, request_id: str) -> MoveRecord | None:
        row = self._reader.execute(
            "SELECT version, seat, move, request_id, answer FROM moves WHERE game_id = ? AND seat = ? AND request_id = ?",
            (game_id, seat, request_id),
        ).fetchone()
        return None if row is None else MoveRecord(row[0], row[1], row[2], row[3], json.loads(row[4]))

    def list_games(self, *, variant: str | None, status: str | None, before_seq: int | None, limit: int) -> list[GameRow]:
        clauses, params = [], []
        for column, value in (("variant", variant), ("status", status)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if before_seq is not None:
            clauses.append("seq < ?")
            params.append(before_seq)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self._reader.execute(
            "SELECT seq, game_id, variant, status, version, scores, created_at, updated_at FROM games"
            f" {where} ORDER BY seq DESC LIMIT ?",
            (*params, limit),
        ).fetchall()
        return [GameRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], r[7]) for r in rows]


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():  # the request was cancelled; the write stands (or not) all the same
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)

"""What the stores keep, whatever the database: a creation record per game, its log of
entries, and the facts of its row."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...ratings import RatedMatch


@dataclass(frozen=True)
class GameRecord:
    """What creates a game: replaying its log on it gives the current state."""

    game_id: str
    variant: str
    options: dict[str, Any]
    seed: str
    deal: str | None
    credential_hashes: list[str]
    created_at: float
    table_spec: dict[str, Any] | None = None  # JSON of TableSpec; None: every seat reserved
    creator: str = ""  # a hash of who created it (its quotas' key); "": unknown (a rematch, an older game)
    seed_drawn: bool = False  # the server drew the seed (False: the creator gave it, or a deal, or not known)

    @property
    def event_id(self) -> str | None:
        """The duplicate event whose table this game is (TableSpec.event), if any."""
        event = (self.table_spec or {}).get("event")
        return None if event is None else str(event["event_id"])


@dataclass(frozen=True)
class EventRow:
    """A duplicate event as stored: its parameters (events.EventSpec's JSON)."""

    event_id: str
    variant: str
    spec: dict[str, Any]
    created_at: float
    creator: str = ""


@dataclass(frozen=True)
class MoveRecord:
    """One entry of a game's log: a move, or a table action (its text starts with "@")."""

    version: int
    seat: int | None  # None: the table's own (abandonment, a rematch's link)
    move: str
    request_id: str | None
    answer: dict[str, Any] | None
    at: float = 0.0  # when it was made (seconds since the Unix epoch): the clocks replay from it
    actor: str | None = None  # who moved for the seat, if not its holder (tables.Actor)


@dataclass(frozen=True)
class Facts:
    """What the games row keeps of a game's state, for listing and for the server's own moves."""

    status: str
    scores: list[int]
    open_seats: int = 0
    due: float | None = None
    seated: str | None = None  # the player id this entry gave a seat to ("my games")
    rating: RatedMatch | None = None  # the rated match this entry ended: its ratings move in the same transaction


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
    open_seats: int = 0


class DatabaseTooNew(Exception):
    """The database was migrated by a newer server than this one."""


# How a table's own entry (no seat) is stored in the NOT NULL seat column.
NO_SEAT = -1
# The columns of a log entry, in the order move_record reads them.
MOVE_COLUMNS = "version, seat, move, request_id, answer, created_at, actor"
GAME_ROW_COLUMNS = "seq, game_id, variant, status, version, scores, created_at, updated_at, open_seats"


def move_record(row: tuple[Any, ...] | Any) -> MoveRecord:
    """A log entry from its MOVE_COLUMNS."""
    seat = None if row[1] == NO_SEAT else row[1]
    return MoveRecord(row[0], seat, row[2], row[3], loads_or_none(row[4]), row[5], row[6])


def game_row(row: tuple[Any, ...] | Any) -> GameRow:
    """A listed game from its GAME_ROW_COLUMNS."""
    return GameRow(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6], row[7], row[8])


def count_query(mark: str, *, creator: str, statuses: Sequence[str], open_seats: bool) -> tuple[str, list[Any]]:
    """The query counting ``creator``'s games in ``statuses`` (only those with an open seat
    if ``open_seats``), with the database's parameter ``mark``, and its parameters."""
    marks = ", ".join(mark for _ in statuses)
    query = f"SELECT COUNT(*) FROM games WHERE creator = {mark} AND status IN ({marks})"
    return query + (" AND open_seats > 0" if open_seats else ""), [creator, *statuses]


def idle_bound_query(mark: str, idle_seconds: float) -> tuple[str, list[Any]]:
    """The update that makes every game in play due at the latest ``idle_seconds`` after its
    last entry (games stored before the bound, or under a longer one), and its parameters."""
    query = (f"UPDATE games SET due = updated_at + {mark} WHERE status IN ('WAITING', 'ACTIVE')"
             f" AND (due IS NULL OR due > updated_at + {mark})")
    return query, [idle_seconds, idle_seconds]


def listing_query(mark: str, *, variant: str | None, status: str | None, before_seq: int | None, limit: int,
                  open_seats: bool, player: str | None = None) -> tuple[str, list[Any]]:
    """The query listing games newest first under the filters (``player``: only the games
    that player holds a seat in), with the database's parameter ``mark`` ("?" for SQLite,
    "%s" for PostgreSQL), and its parameters."""
    clauses: list[str] = ["event_id IS NULL"]  # an event's tables are listed by their event
    if open_seats:
        clauses.append("open_seats > 0")
    params: list[Any] = []
    if player is not None:
        clauses.append(f"game_id IN (SELECT game_id FROM game_players WHERE player_id = {mark})")
        params.append(player)
    for column, value in (("variant", variant), ("status", status)):
        if value is not None:
            clauses.append(f"{column} = {mark}")
            params.append(value)
    if before_seq is not None:
        clauses.append(f"seq < {mark}")
        params.append(before_seq)
    where = f"WHERE {' AND '.join(clauses)}"
    return f"SELECT {GAME_ROW_COLUMNS} FROM games {where} ORDER BY seq DESC LIMIT {mark}", [*params, limit]


# The duplicate events, and the games that are their tables (both databases).
EVENTS = """
ALTER TABLE games ADD COLUMN event_id TEXT;             -- the duplicate event this game is a table of
CREATE INDEX games_by_event ON games (event_id) WHERE event_id IS NOT NULL;
CREATE TABLE events (
    event_id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    spec TEXT NOT NULL,                                 -- JSON: its deals and tables (docs/events.md)
    created_at DOUBLE PRECISION NOT NULL,
    creator TEXT NOT NULL DEFAULT ''                    -- a hash of who created it
);
"""
EVENT_COLUMNS = "event_id, variant, spec, created_at, creator"


def event_row(row: tuple[Any, ...] | Any) -> EventRow:
    return EventRow(row[0], row[1], json.loads(row[2]), float(row[3]), row[4])


def json_or_null(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


def loads_or_none(text: str | None) -> Any:
    return None if text is None else json.loads(text)

"""What the stores keep, whatever the database: a creation record per game, its log of
entries, and the facts of its row."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


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


def json_or_null(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


def loads_or_none(text: str | None) -> Any:
    return None if text is None else json.loads(text)

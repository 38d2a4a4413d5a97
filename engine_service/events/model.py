"""A duplicate event's parameters (docs/events.md): its variant, how many deals, and its
tables, each the game of one table and the chairs it plays the deals from. Fixed at
creation; what happens later is in the tables' own games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_TABLES = 64  # tables of one event, the par table not counted


@dataclass(frozen=True)
class EventTable:
    game_id: str
    # Seats each deal is turned by here: seat s holds what seat s - rotation holds in the deal
    # as dealt (a partnership plays the other side's cards at every other table).
    rotation: int = 0
    par: bool = False  # the all-bot table every result is also measured against

    def to_dict(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "rotation": self.rotation, "par": self.par}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EventTable:
        return cls(data["game_id"], data["rotation"], data["par"])


@dataclass(frozen=True)
class EventSpec:
    event_id: str
    variant: str
    deals: int
    tables: tuple[EventTable, ...]  # in table order, the par table (if any) last
    created_at: float
    rated: bool = False  # ratings move by each deal's comparison (events.rating), not by the tables' matches

    @property
    def players_tables(self) -> tuple[int, ...]:
        """The numbers of the tables people (or their bots) play at: every one but the par."""
        return tuple(number for number, table in enumerate(self.tables) if not table.par)

    def to_dict(self) -> dict[str, Any]:
        return {"deals": self.deals, "tables": [table.to_dict() for table in self.tables], "rated": self.rated}

    @classmethod
    def from_dict(cls, event_id: str, variant: str, created_at: float, data: dict[str, Any]) -> EventSpec:
        return cls(event_id, variant, data["deals"], tuple(EventTable.from_dict(item) for item in data["tables"]),
                   created_at, data.get("rated", False))


def rotation(number: int, *, partnerships: bool) -> int:
    """The movement: with partnerships, every other table plays the deals turned by one seat,
    so each deal's cards are held by one partnership at a table and by the other at the next
    (results compare seat for seat); players alone keep their chairs. ``number``: the
    table's among the players' tables."""
    return number % 2 if partnerships else 0


def rotations(tables: int, *, partnerships: bool) -> tuple[int, ...]:
    """The movement of ``tables`` players' tables (``rotation`` of each)."""
    return tuple(rotation(number, partnerships=partnerships) for number in range(tables))


__all__ = ["MAX_TABLES", "EventSpec", "EventTable", "rotation", "rotations"]

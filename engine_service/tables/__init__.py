"""Tables: the seats, clocks and lifecycle around a game of the engine (docs/tables.md)."""

from .clocks import ClockSpec, TimeoutPolicy
from .seats import SeatKind, SeatPlayer, SeatSpec, Strength
from .spec import TableEvent, TableSpec
from .table import ACTION_MARK, Actor, Due, DueKind, Ending, SeatClock, Status, Table, TableView, action_text, claim_text

__all__ = [
    "ACTION_MARK", "Actor", "ClockSpec", "Due", "DueKind", "Ending", "SeatClock", "SeatKind", "SeatPlayer", "SeatSpec", "Status",
    "Strength", "Table", "TableEvent", "TableSpec", "TableView", "TimeoutPolicy", "action_text", "claim_text",
]

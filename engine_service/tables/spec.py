"""A table's parameters, fixed at creation (apart from the game's state, as the variant's
options are): its seats, its clock, and the pace of the server's bots."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules.errors import Reason, RuleViolation
from .clocks import MAX_SECONDS, ClockSpec
from .seats import SeatKind, SeatSpec

DEFAULT_BOT_DELAY = 0.3  # a human can follow the play
DEFAULT_DEAL_PAUSE = 3.0  # a finished deal stays on the table this long before bots deal the next
DEFAULT_BOT_BUDGET = 0.2  # time per move of a `hint` bot (the hints' default budget)
DEFAULT_ABANDON_AFTER = 24 * 3600.0
MAX_BOT_BUDGET = 10.0


@dataclass(frozen=True)
class TableEvent:
    """The duplicate event a table belongs to (docs/events.md), and how it plays its deals."""

    event_id: str
    table: int  # its number in the event
    rotation: int = 0  # seats each of the event's deals is turned by here
    deals: tuple[str, ...] = ()  # the event's deals as given, in the deal notation (none: from the seed)

    def to_dict(self) -> dict[str, Any]:
        return {"event_id": self.event_id, "table": self.table, "rotation": self.rotation, "deals": list(self.deals)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableEvent:
        return cls(data["event_id"], data["table"], data["rotation"], tuple(data["deals"]))


@dataclass(frozen=True)
class TableSpec:
    seats: tuple[SeatSpec, ...]
    clock: ClockSpec = field(default_factory=ClockSpec)
    bot_delay: float = DEFAULT_BOT_DELAY  # seconds before a bot moves
    deal_pause: float = DEFAULT_DEAL_PAUSE  # seconds between a deal's end and the next, at tables the server runs
    bot_budget: float = DEFAULT_BOT_BUDGET  # seconds a `hint` bot thinks
    abandon_after: float = DEFAULT_ABANDON_AFTER  # a game with no move for this long is abandoned; 0: never
    rematch_of: str | None = None  # the finished game this one replays
    rated: bool = False  # every human seat is claimed by a signed-in player; the match moves their ratings
    event: TableEvent | None = None  # a duplicate event's table: its deals are the event's

    def __post_init__(self) -> None:
        for name in ("bot_delay", "deal_pause", "abandon_after"):
            if not 0 <= getattr(self, name) <= MAX_SECONDS:
                raise RuleViolation(Reason.INVALID_OPTION, f"{name} must be 0..{MAX_SECONDS:.0f} seconds",
                                    field=f"table.{name}_ms")
        if self.rated and any(seat.kind is SeatKind.RESERVED for seat in self.seats):
            raise RuleViolation(Reason.INVALID_OPTION, "a rated table has no reserved seat: each human seat is open, "
                                "claimed by a signed-in player", field="table.rated")
        if not 0 < self.bot_budget <= MAX_BOT_BUDGET:
            raise RuleViolation(Reason.INVALID_OPTION, f"bot_budget must be above 0 and at most {MAX_BOT_BUDGET:.0f}"
                                " seconds", field="table.bot_budget_ms")

    @classmethod
    def reserved(cls, players: int) -> TableSpec:
        """Every seat's token to the creator, no clock, never abandoned: a game run by its
        callers (a game created without table options)."""
        return cls(tuple(SeatSpec() for _ in range(players)), abandon_after=0.0)

    def check_players(self, players: int) -> None:
        if len(self.seats) != players:
            raise RuleViolation(Reason.INVALID_OPTION, f"this variant has {players} seats, not {len(self.seats)}",
                                field="table.seats")

    @property
    def bot_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, spec in enumerate(self.seats) if spec.kind is SeatKind.BOT)

    @property
    def is_run_by_server(self) -> bool:
        """Whether the server moves on its own here: bots play, or clocks run (and it deals
        the next deal after ``deal_pause``)."""
        return bool(self.bot_seats) or self.clock.is_running

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [seat.to_dict() for seat in self.seats], "clock": self.clock.to_dict(),
            "bot_delay": self.bot_delay, "deal_pause": self.deal_pause, "bot_budget": self.bot_budget,
            "abandon_after": self.abandon_after, "rematch_of": self.rematch_of, "rated": self.rated,
            **({"event": self.event.to_dict()} if self.event is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSpec:
        return cls(
            tuple(SeatSpec.from_dict(seat) for seat in data["seats"]), ClockSpec.from_dict(data["clock"]),
            data["bot_delay"], data["deal_pause"], data["bot_budget"], data["abandon_after"], data.get("rematch_of"),
            data.get("rated", False), TableEvent.from_dict(data["event"]) if data.get("event") else None,
        )


__all__ = ["DEFAULT_ABANDON_AFTER", "DEFAULT_BOT_BUDGET", "DEFAULT_BOT_DELAY", "DEFAULT_DEAL_PAUSE", "TableEvent",
           "TableSpec"]

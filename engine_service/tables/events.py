"""What happens to a table around its game: seats taken, time running out, the ending.

Typed as the game's events are (``rules.events``), named as the API's messages name them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..rules.events import Event
from .clocks import TimeoutPolicy


@dataclass(frozen=True, kw_only=True)
class SeatClaimedEvent(Event):
    KIND: ClassVar[str] = "seat_claimed"


@dataclass(frozen=True, kw_only=True)
class GameStartedEvent(Event):
    """Every seat is taken: the first deal's events follow."""

    KIND: ClassVar[str] = "game_started"


@dataclass(frozen=True, kw_only=True)
class ResignedEvent(Event):
    KIND: ClassVar[str] = "resigned"


@dataclass(frozen=True, kw_only=True)
class TimedOutEvent(Event):
    """The seat's time ran out: its stand-in moves next (``BOT``), or it forfeits."""

    KIND: ClassVar[str] = "timed_out"
    policy: TimeoutPolicy


@dataclass(frozen=True, kw_only=True)
class ForfeitedEvent(Event):
    KIND: ClassVar[str] = "forfeited"


@dataclass(frozen=True, kw_only=True)
class AbandonedEvent(Event):
    KIND: ClassVar[str] = "abandoned"


@dataclass(frozen=True, kw_only=True)
class RematchCreatedEvent(Event):
    KIND: ClassVar[str] = "rematch_created"
    game_id: str


TABLE_EVENTS: tuple[type[Event], ...] = (
    SeatClaimedEvent, GameStartedEvent, ResignedEvent, TimedOutEvent, ForfeitedEvent, AbandonedEvent,
    RematchCreatedEvent,
)

"""What happened, as typed values, redacted per viewer.

One frozen dataclass per kind of event, named as the API's messages name them, with the
same fields. A field a seat may know alone (its hand, its discard, the cards it passed)
is :class:`Hidden`: a value per seat, put there by the code that creates the event.
:meth:`Event.for_viewer` keeps, in each hidden field, the viewer's own value only, so
nothing can leak by forgetting to strip it; a redacted field holds at most one value
(:meth:`Hidden.seen`), which is how the API layer tells it was redacted at all.

The table's own events (a seat claimed, a resignation...) are in ``tables.events``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, ClassVar, Generic, Self, TypeVar

from .cards import Card, Suit
from .declarations import Combination
from .moves import Move

T = TypeVar("T")


@dataclass(frozen=True)
class Hidden(Generic[T]):
    """A value per seat, each seen by its own seat only (a hand, a discard, a pass)."""

    by_seat: Mapping[int, T] = field(default_factory=dict)

    def only(self, viewer: int | None) -> Hidden[T]:
        """What ``viewer`` may see: its own value, or nothing (a spectator, another seat)."""
        if viewer is None or viewer not in self.by_seat:
            return Hidden()
        return Hidden({viewer: self.by_seat[viewer]})

    def seen(self) -> T | None:
        """The one value a redacted copy holds (None: it holds none). An unredacted value
        with several seats' parts is refused: it must never reach a viewer whole."""
        if len(self.by_seat) > 1:
            raise ValueError("a hidden value with several seats' parts was not redacted")
        return next(iter(self.by_seat.values()), None)


def internal() -> dict[str, bool]:
    """Metadata of a field the engine keeps for itself: not part of the API's message."""
    return {"internal": True}


def codes(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in a stable order (by code), as events and results list them."""
    return tuple(sorted(cards, key=lambda card: card.code))


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened at a table; ``seat``: whose doing it was, if anybody's."""

    KIND: ClassVar[str]  # the name of the API's Event payload case
    SCHEMA_VERSION: ClassVar[int] = 1  # of the events' fields, as stored and exported

    seat: int | None = None

    @property
    def kind(self) -> str:
        return self.KIND

    def for_viewer(self, viewer: int | None) -> Self:
        """The event as ``viewer`` sees it (``None``: a spectator, public part only)."""
        hidden: dict[str, Any] = {
            item.name: value.only(viewer) for item in fields(self) if isinstance(value := getattr(self, item.name), Hidden)
        }
        return replace(self, **hidden) if hidden else self


# ----------------------------------------------------------------- results


class DealOutcome(str, Enum):
    """How a deal ended."""

    VOID = "VOID"  # everybody passed twice: nobody scores
    MADE = "MADE"  # the taker (or taking team) made the contract
    SET = "SET"  # the taker failed: euchred (euchre3) or "dedans" (belote, belote3)
    MARCH = "MARCH"  # euchre3: the taker won all five tricks
    LITIGE = "LITIGE"  # belote: exact tie, the takers' points are held
    PLAYED = "PLAYED"  # hearts: an ordinary deal
    MOON = "MOON"  # hearts: one player took every point card


@dataclass(frozen=True, kw_only=True)
class DealResult:
    """The outcome of one deal: its common part, as a void deal has it; each variant's
    played deals carry their own details (a subclass). ``scores`` is what each side adds
    to its match total (a team in belote, a seat otherwise)."""

    DETAILS: ClassVar[str | None] = None  # the case of the API's variant details, if any
    VARIANT: ClassVar[str | None] = None  # the variant whose played deals it is (None: any, void)

    variant: str = field(metadata=internal())  # the API names it by the details' case
    deal_number: int
    outcome: DealOutcome
    taker: int | None
    trump: Suit | None
    tricks: tuple[int, ...]  # per seat
    card_points: tuple[int, ...]  # per seat, last-trick bonus included
    scores: tuple[int, ...]  # per side

    @property
    def points_held(self) -> int:
        """What this deal holds over for a later deal's winner (belote's litige)."""
        return 0

    @property
    def own_scores(self) -> tuple[int, ...]:
        """Each side's score for this deal's cards alone, what a duplicate event compares:
        ``scores`` less what an earlier deal held over for its winner (belote's litige)."""
        return self.scores


@dataclass(frozen=True, kw_only=True)
class Euchre3Result(DealResult):
    """euchre3: tricks decide, no details beyond the common part."""

    VARIANT: ClassVar[str | None] = "euchre3"


@dataclass(frozen=True, kw_only=True)
class BeloteResult(DealResult):
    DETAILS: ClassVar[str | None] = "belote"
    VARIANT: ClassVar[str | None] = "belote"

    capot: bool
    team_card_points: tuple[int, ...]  # per team, 252 to a capot
    declarations: tuple[int, ...]  # per team
    belote_rebelote: tuple[int, ...]  # per team
    held_in: int  # points a litige held before this deal
    held_out: int  # points this deal holds for the next one's winner

    @property
    def points_held(self) -> int:
        return self.held_out

    @property
    def own_scores(self) -> tuple[int, ...]:
        if self.taker is None or self.outcome not in (DealOutcome.MADE, DealOutcome.SET):
            return self.scores  # a litige holds what it was given: nobody took it this deal
        takers = self.taker % 2  # partners sit opposite
        paid = takers if self.outcome is DealOutcome.MADE else 1 - takers
        return tuple(score - self.held_in if team == paid else score for team, score in enumerate(self.scores))


@dataclass(frozen=True, kw_only=True)
class Belote3Result(DealResult):
    DETAILS: ClassVar[str | None] = "belote3"
    VARIANT: ClassVar[str | None] = "belote3"

    capot_seats: tuple[int, ...]  # seats that won no trick
    declarations: tuple[int, ...]  # per seat
    belote_rebelote: tuple[int, ...]  # per seat
    totals: tuple[int, ...]  # per seat: card points, declarations and belote-rebelote


@dataclass(frozen=True, kw_only=True)
class HeartsResult(DealResult):
    DETAILS: ClassVar[str | None] = "hearts"
    VARIANT: ClassVar[str | None] = "hearts"

    moon_shooter: int | None  # who took every penalty card


# ----------------------------------------------------------------- parts of events and views


@dataclass(frozen=True)
class PlayedCard:
    seat: int
    card: Card


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[PlayedCard, ...]
    winner: int
    points: int


@dataclass(frozen=True)
class RevealedDeclaration:
    """A scoring seat's declarations, shown to the table after the first trick."""

    seat: int
    combinations: tuple[Combination, ...]


# ----------------------------------------------------------------- the game's events


@dataclass(frozen=True, kw_only=True)
class DealStartedEvent(Event):
    KIND: ClassVar[str] = "deal_started"
    deal_number: int
    dealer: int
    hand_counts: tuple[int, ...]
    hand: Hidden[tuple[Card, ...]]  # each seat's own


@dataclass(frozen=True, kw_only=True)
class CardTurnedEvent(Event):
    KIND: ClassVar[str] = "card_turned"
    card: Card


@dataclass(frozen=True, kw_only=True)
class BidEvent(Event):
    KIND: ClassVar[str] = "bid"
    move: Move
    round: int


@dataclass(frozen=True, kw_only=True)
class TrumpChosenEvent(Event):
    KIND: ClassVar[str] = "trump_chosen"
    trump: Suit
    round: int


@dataclass(frozen=True, kw_only=True)
class HandsCompletedEvent(Event):
    KIND: ClassVar[str] = "hands_completed"
    turned_to: int
    hand_counts: tuple[int, ...]
    received: Hidden[tuple[Card, ...]]  # each seat's own completion


@dataclass(frozen=True, kw_only=True)
class DiscardedEvent(Event):
    KIND: ClassVar[str] = "discarded"
    card: Hidden[Card]  # the taker's own


@dataclass(frozen=True, kw_only=True)
class CardsPassedEvent(Event):
    KIND: ClassVar[str] = "cards_passed"
    cards: Hidden[tuple[Card, ...]]  # the giver's own


@dataclass(frozen=True, kw_only=True)
class CardsReceivedEvent(Event):
    KIND: ClassVar[str] = "cards_received"
    cards: Hidden[tuple[Card, ...]]  # each receiver's own
    giver: Hidden[int]


@dataclass(frozen=True, kw_only=True)
class DeclaredEvent(Event):
    KIND: ClassVar[str] = "declared"
    declared: bool


@dataclass(frozen=True, kw_only=True)
class DeclarationsResolvedEvent(Event):
    KIND: ClassVar[str] = "declarations_resolved"
    winners: tuple[int, ...]
    revealed: tuple[RevealedDeclaration, ...]


@dataclass(frozen=True, kw_only=True)
class BeloteRebeloteEvent(Event):
    KIND: ClassVar[str] = "belote_rebelote"
    points: int


@dataclass(frozen=True, kw_only=True)
class CardPlayedEvent(Event):
    KIND: ClassVar[str] = "card_played"
    card: Card


@dataclass(frozen=True, kw_only=True)
class TrickWonEvent(Event):
    KIND: ClassVar[str] = "trick_won"
    points: int
    trick: int  # its number in the deal, from 1


@dataclass(frozen=True, kw_only=True)
class DealScoredEvent(Event):
    KIND: ClassVar[str] = "deal_scored"
    result: DealResult
    scores: tuple[int, ...]  # the match totals after it


@dataclass(frozen=True, kw_only=True)
class GameOverEvent(Event):
    KIND: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    scores: tuple[int, ...]


GAME_EVENTS: tuple[type[Event], ...] = (
    DealStartedEvent, CardTurnedEvent, BidEvent, TrumpChosenEvent, HandsCompletedEvent, DiscardedEvent,
    CardsPassedEvent, CardsReceivedEvent, DeclaredEvent, DeclarationsResolvedEvent, BeloteRebeloteEvent,
    CardPlayedEvent, TrickWonEvent, DealScoredEvent, GameOverEvent,
)
RESULTS: tuple[type[DealResult], ...] = (DealResult, Euchre3Result, BeloteResult, Belote3Result, HeartsResult)

"""A game record as typed values: the table, every deal as dealt with its entries and
result, and how the match ended. One record type serves the whole truth (what the builder
makes from a game's log, what an import replays) and a reader's share of it (``reading``):
a hidden hand, stock or move content is None there, never a made-up value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ..rules import Card, Deal, Move, Options
from ..rules.events import DealResult
from ..tables import Actor, Ending, SeatKind, SeatPlayer, Status, Strength

FORMAT = 1  # the record's shape; a reader refuses another


class TableAction(str, Enum):
    """An entry of the log that is not a move (its text form: ``@<value>``)."""

    CLAIM = "claim"
    RESIGN = "resign"
    FORFEIT = "forfeit"
    ABANDON = "abandon"
    REMATCH = "rematch"


@dataclass(frozen=True)
class Entry:
    """One entry of the log: a move, or a table action; ``hidden_kind`` names a move whose
    cards are held back from the reader (then ``move`` is None)."""

    version: int  # the game's version once made (0: not said, in an imported record)
    seat: int | None
    at: float | None  # seconds since the Unix epoch; None: not known
    move: Move | None = None
    action: TableAction | None = None
    actor: Actor | None = None
    hidden_kind: str | None = None


@dataclass(frozen=True)
class DealRecord:
    number: int
    dealer: int | None  # None: not said (an imported record; the rules deal in turn)
    hands: tuple[frozenset[Card] | None, ...]  # per seat as dealt; None: hidden from the reader
    stock: tuple[Card, ...] | None  # the undealt cards in order, turned card first; None: hidden
    turned: Card | None  # the turned card, public from the deal's start (None in hearts)
    entries: tuple[Entry, ...]
    result: DealResult | None  # None while the deal is played

    @property
    def is_hidden(self) -> bool:
        """Whether anything of it is held back from the reader."""
        return (self.stock is None or any(hand is None for hand in self.hands)
                or any(entry.hidden_kind is not None for entry in self.entries))

    @property
    def deal(self) -> Deal | None:
        """The deal as dealt, when nothing of it is hidden."""
        if self.stock is None or any(hand is None for hand in self.hands):
            return None
        return Deal(tuple(hand for hand in self.hands if hand is not None), self.stock)


@dataclass(frozen=True)
class SeatRecord:
    kind: SeatKind = SeatKind.RESERVED
    strength: Strength | None = None
    invitation: bool = False
    player: SeatPlayer | None = None  # the signed-in player who held the seat (public, as at the table)


@dataclass(frozen=True)
class GameRecord:
    FORMAT: ClassVar[int] = FORMAT

    variant: str
    options: Options
    seats: tuple[SeatRecord, ...]
    deals: tuple[DealRecord, ...]
    status: Status
    scores: tuple[int, ...]  # the match totals, per side
    ending: Ending | None  # how it ended early (resigned, forfeited, abandoned)
    winners: tuple[int, ...]  # once over
    game_id: str = ""
    created_at: float | None = None
    rematch_of: str | None = None
    rematch_game_id: str | None = None

    @property
    def is_over(self) -> bool:
        return self.status in (Status.FINISHED, Status.ABANDONED)


__all__ = ["FORMAT", "DealRecord", "Entry", "GameRecord", "SeatRecord", "TableAction"]

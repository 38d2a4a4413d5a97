"""The moves a seat can make, with a text form that round-trips.

Text forms: ``pass``, ``take``, ``call:H``, ``discard:MA``, ``give:2C 3C 4C``,
``declare``, ``no-declare``, ``play:QS``, ``next-deal``. Each class's ``KIND`` is the
name of the case of the API's ``Move`` message that carries it, as messages name moves;
``PRIVATE`` says whether its cards are the mover's secret while the deal is played (the
hearts pass, the euchre3 discard): others learn only that it was made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import Card, Deck, Suit
from .errors import Reason, RuleViolation, echo


@dataclass(frozen=True, slots=True)
class Pass:
    """Bidding: decline the turned card (round 1) or decline to name a suit (round 2)."""

    KIND: ClassVar[str] = "pass"
    PRIVATE: ClassVar[bool] = False

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Take:
    """Bidding round 1: accept the turned card's suit as trump."""

    KIND: ClassVar[str] = "take"
    PRIVATE: ClassVar[bool] = False

    def text(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Call:
    """Bidding round 2: name another suit as trump."""

    KIND: ClassVar[str] = "call"
    PRIVATE: ClassVar[bool] = False

    suit: Suit

    def text(self) -> str:
        return f"call:{self.suit.code}"


@dataclass(frozen=True, slots=True)
class Discard:
    """euchre3: the taker of the turned card discards one of his five dealt cards."""

    KIND: ClassVar[str] = "discard"
    PRIVATE: ClassVar[bool] = True

    card: Card

    def text(self) -> str:
        return f"discard:{self.card.code}"


@dataclass(frozen=True, slots=True)
class PassCards:
    """hearts: the three cards given to the receiving player of this deal."""

    KIND: ClassVar[str] = "give"
    PRIVATE: ClassVar[bool] = True

    cards: frozenset[Card]

    def text(self) -> str:
        return "give:" + " ".join(sorted(card.code for card in self.cards))


@dataclass(frozen=True, slots=True)
class Declare:
    """belote: declare (or not) one's combinations with one's first card."""

    KIND: ClassVar[str] = "declare"
    PRIVATE: ClassVar[bool] = False

    declare: bool

    def text(self) -> str:
        return "declare" if self.declare else "no-declare"


@dataclass(frozen=True, slots=True)
class Play:
    KIND: ClassVar[str] = "play"
    PRIVATE: ClassVar[bool] = False
    card: Card

    def text(self) -> str:
        return f"play:{self.card.code}"


@dataclass(frozen=True, slots=True)
class NextDeal:
    """After a deal is over: any seat starts the next deal."""

    KIND: ClassVar[str] = "next_deal"
    PRIVATE: ClassVar[bool] = False

    def text(self) -> str:
        return "next-deal"


Move = Pass | Take | Call | Discard | PassCards | Declare | Play | NextDeal


# Moves without an argument are values: one instance each serves every parse.
_SIMPLE: dict[str, Move] = {
    "pass": Pass(),
    "take": Take(),
    "declare": Declare(True),
    "no-declare": Declare(False),
    "next-deal": NextDeal(),
}


def passed_cards(cards: list[Card]) -> PassCards:
    """The hearts pass of these cards; ``DUPLICATE_CARD`` if one is given twice."""
    if len(set(cards)) != len(cards):
        raise RuleViolation(Reason.DUPLICATE_CARD, "the same card is given twice")
    return PassCards(frozenset(cards))


def parse_move(text: str, deck: Deck) -> Move:
    """Parses a move's text form; an unknown form is ``UNKNOWN_MOVE``, a bad card ``UNKNOWN_CARD``."""
    if not isinstance(text, str):
        raise RuleViolation(Reason.UNKNOWN_MOVE, "a move is a string such as 'play:QS'")
    verb, _, argument = text.strip().partition(":")
    verb = verb.strip().lower()
    if verb in _SIMPLE and not argument:
        return _SIMPLE[verb]
    if verb == "call":
        return Call(deck.parse_suit(argument))
    if verb == "discard":
        return Discard(deck.parse(argument))
    if verb == "play":
        return Play(deck.parse(argument))
    if verb == "give":
        return passed_cards([deck.parse(code) for code in argument.replace(",", " ").split()])
    raise RuleViolation(Reason.UNKNOWN_MOVE, f"{echo(text)} is not a move")

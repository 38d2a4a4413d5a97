"""Why a request is rejected: one machine-readable reason per rule.

A :class:`RuleViolation` carries a stable UPPER_SNAKE :class:`Reason` (what clients
switch on) and a message for humans. Messages speak only of what the asking seat may
know: never of another hand, the undealt cards or the seed.
"""

from __future__ import annotations

from enum import Enum

# The most characters of a caller's input that an error message repeats.
ECHO_LIMIT = 40


def echo(text: object, limit: int = ECHO_LIMIT) -> str:
    """A caller's input as an error message quotes it: its repr, cut to ``limit`` characters
    (with how long it was), so a huge input cannot make a huge answer."""
    text = text if isinstance(text, str) else str(text)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


class Reason(str, Enum):
    # Input that does not describe a move, card, option or deal.
    UNKNOWN_CARD = "UNKNOWN_CARD"
    UNKNOWN_SUIT = "UNKNOWN_SUIT"
    UNKNOWN_MOVE = "UNKNOWN_MOVE"
    INVALID_SEAT = "INVALID_SEAT"
    INVALID_OPTION = "INVALID_OPTION"
    INVALID_DEAL = "INVALID_DEAL"
    INVALID_NOTATION = "INVALID_NOTATION"
    DUPLICATE_CARD = "DUPLICATE_CARD"
    INVALID_RECORD = "INVALID_RECORD"  # a game record whose deals, moves or results do not agree
    # A well-formed move at the wrong time or by the wrong seat.
    GAME_OVER = "GAME_OVER"
    WRONG_PHASE = "WRONG_PHASE"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    ALREADY_PASSED_CARDS = "ALREADY_PASSED_CARDS"
    HINT_UNAVAILABLE = "HINT_UNAVAILABLE"  # nothing to hint (between deals: only next-deal)
    # The table around the game (docs/tables.md).
    GAME_NOT_STARTED = "GAME_NOT_STARTED"  # a seat is still open
    GAME_NOT_OVER = "GAME_NOT_OVER"  # a rematch follows a finished game
    SEAT_TAKEN = "SEAT_TAKEN"
    SEAT_NOT_OPEN = "SEAT_NOT_OPEN"  # a bot's or a reserved seat
    NO_OPEN_SEAT = "NO_OPEN_SEAT"
    INVALID_INVITATION = "INVALID_INVITATION"  # the seat is kept for another invitation code
    REMATCH_EXISTS = "REMATCH_EXISTS"
    OUT_OF_TIME = "OUT_OF_TIME"  # the seat's clock ran out: the server decides for it
    # A move the rules forbid.
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    CANNOT_CALL_TURNED_SUIT = "CANNOT_CALL_TURNED_SUIT"
    CANNOT_DISCARD_TURNED_CARD = "CANNOT_DISCARD_TURNED_CARD"
    WRONG_CARD_COUNT = "WRONG_CARD_COUNT"
    NOTHING_TO_DECLARE = "NOTHING_TO_DECLARE"
    MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
    MUST_OVERTRUMP = "MUST_OVERTRUMP"
    MUST_TRUMP = "MUST_TRUMP"
    MUST_UNDERTRUMP = "MUST_UNDERTRUMP"
    MUST_LEAD_TWO_OF_CLUBS = "MUST_LEAD_TWO_OF_CLUBS"
    NO_POINTS_ON_FIRST_TRICK = "NO_POINTS_ON_FIRST_TRICK"
    HEARTS_NOT_BROKEN = "HEARTS_NOT_BROKEN"


class RuleViolation(Exception):
    """A rejected move, option, card or deal. The game state is never changed by one."""

    def __init__(self, reason: Reason, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.field = field  # the offending input field, for BadRequest details

    def __repr__(self) -> str:
        return f"RuleViolation({self.reason.value}, {self.message!r})"

    def __str__(self) -> str:
        return f"{self.reason.value}: {self.message}"


class InvalidOption(RuleViolation):
    """A variant option outside its allowed values."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(Reason.INVALID_OPTION, message, field=field)

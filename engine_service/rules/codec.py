"""Events and results as plain JSON data, and back.

A card is its code, a suit its code, a move its text form, an enumeration its value, a
hidden value an object keyed by seat, a dataclass an object of its fields (an event's
also names its ``kind``). Reading needs the game's deck: the themed euchre3 deck reuses
the standard one's letters.

Hand-written over a general library (cattrs, msgspec) because cards, suits and moves
parse only against a deck, and the shapes are few: the dataclasses' own annotations
drive both directions, so a new field needs nothing here.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, TypeVar, Union

from .cards import Card, Deck, Suit
from .errors import Reason, RuleViolation
from .events import RESULTS, DealOutcome, DealResult, Event, Hidden
from .moves import Move, parse_move

T = TypeVar("T")


def to_data(value: object) -> Any:
    """The JSON form of an event, a result or any part of them."""
    if isinstance(value, Card | Suit):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Hidden):
        return {str(seat): to_data(part) for seat, part in value.by_seat.items()}
    if isinstance(value, Event):
        return {"kind": value.kind, **_fields_data(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "text"):  # a move
            return value.text()
        return _fields_data(value)
    if isinstance(value, tuple | list):
        return [to_data(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted(to_data(item) for item in value)
    return value


def _fields_data(value: object) -> dict[str, Any]:
    return {item.name: to_data(getattr(value, item.name)) for item in dataclasses.fields(value)}  # type: ignore[arg-type]


def event_from_data(data: Mapping[str, Any], deck: Deck) -> Event:
    """The event written by :func:`to_data`; ``INVALID_NOTATION`` for data naming no kind."""
    cls = event_types().get(data.get("kind"))  # type: ignore[arg-type]
    if cls is None:
        raise RuleViolation(Reason.INVALID_NOTATION, "unknown event kind")
    return _dataclass_from(cls, data, deck)


def result_from_data(data: Mapping[str, Any], deck: Deck) -> DealResult:
    return _dataclass_from(_result_type(data), data, deck)


@cache
def event_types() -> dict[str, type[Event]]:
    """Every kind of event by its name: the game's and the table's."""
    found: dict[str, type[Event]] = {}
    pending = list(Event.__subclasses__())
    while pending:
        cls = pending.pop()
        found[cls.KIND] = cls
        pending.extend(cls.__subclasses__())
    return found


def _result_type(data: Mapping[str, Any]) -> type[DealResult]:
    if data.get("outcome") == DealOutcome.VOID.value:
        return DealResult
    return next(cls for cls in RESULTS if cls.VARIANT == data["variant"])


def _dataclass_from(cls: type[T], data: Mapping[str, Any], deck: Deck) -> T:
    hints = _hints(cls)  # type: ignore[arg-type]
    values = {
        item.name: _from(hints[item.name], data[item.name], deck)
        for item in dataclasses.fields(cls)  # type: ignore[arg-type]
        if item.name in data
    }
    return cls(**values)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _from(hint: Any, value: Any, deck: Deck) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Move:
        return parse_move(value, deck)
    if origin in (Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [arg for arg in args if arg is not type(None)]
        return _from(inner, value, deck)
    if hint is Card:
        return deck.parse(value)
    if hint is Suit:
        return deck.parse_suit(value)
    if origin is tuple:
        return tuple(_from(args[0], item, deck) for item in value)
    if origin is frozenset:
        return frozenset(_from(args[0], item, deck) for item in value)
    if origin is Hidden:
        return Hidden({int(seat): _from(args[0], part, deck) for seat, part in value.items()})
    if hint is DealResult:
        return result_from_data(value, deck)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_from(hint, value, deck)
    return value

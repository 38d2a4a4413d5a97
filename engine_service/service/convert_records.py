"""Game records between their messages (record.proto) and the typed records of
``engine_service.records``: out field for field; in with every field checked, a fault
named by its path under ``record`` (``record.deals[1].hands[2]``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from cardgames.moves import move as move_message
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import record_pb2 as rec

from .. import records
from ..rules import Card, Deck, Options, Reason, RuleViolation, format_deal, variant_class
from ..rules.events import DealOutcome, DealResult
from ..tables import Actor, SeatKind, Status
from . import convert
from .errors import InvalidInput

T = TypeVar("T")

ACTORS = {Actor.BOT: rec.ENTRY_ACTOR_BOT, Actor.STAND_IN: rec.ENTRY_ACTOR_STAND_IN, Actor.TABLE: rec.ENTRY_ACTOR_TABLE}
ACTOR_VALUES = {value: actor for actor, value in ACTORS.items()}
ACTIONS = {action: cast(rec.TableAction, rec.TableAction.Value(f"TABLE_ACTION_{action.name}"))
           for action in records.TableAction}
ACTION_VALUES = {value: action for action, value in ACTIONS.items()}
OUTCOMES = {pb.DealOutcome.Value(f"DEAL_OUTCOME_{outcome.name}"): outcome for outcome in DealOutcome}


# ----------------------------------------------------------------------------- out
def game_record(record: records.GameRecord) -> rec.GameRecord:
    deck = variant_class(record.variant).deck
    message = rec.GameRecord(
        format=record.FORMAT, game_id=record.game_id, variant=convert.VARIANT_ENUMS[record.variant],
        options=options_message(record.variant, record.options), status=convert.STATUS_ENUMS[record.status.value],
        scores=record.scores, created_at_ms=_ms(record.created_at), rematch_of=record.rematch_of or "",
        rematch_game_id=record.rematch_game_id or "",
    )
    for seat in record.seats:
        added = message.seats.add(kind=convert.SEAT_KIND_ENUMS[seat.kind], invitation=seat.invitation,
                                  strength=convert.STRENGTH_ENUMS[seat.strength] if seat.strength
                                  else pb.BOT_STRENGTH_UNSPECIFIED)
        if seat.player is not None:
            added.player.player_id, added.player.name = seat.player.id, seat.player.name
    for deal in record.deals:
        _deal(message.deals.add(), deal, deck)
    if record.is_over:
        ending = record.ending
        message.outcome.end = convert.END_KINDS[ending.kind] if ending is not None else pb.END_KIND_PLAYED_OUT
        message.outcome.winners.extend(record.winners)
        if ending is not None and ending.seat is not None:
            message.outcome.seat = ending.seat
    return message


def options_message(variant: str, options: Options) -> pb.GameOptions:
    """Every option's value, in the variant's case of GameOptions."""
    message = pb.GameOptions()
    chosen = getattr(message, variant)
    for name, value in options.to_dict().items():
        if name == "announcements":
            chosen.announcements = pb.Announcements.Value(f"ANNOUNCEMENTS_{str(value).upper()}")
        else:
            setattr(chosen.common, name, value)
    return message


def _deal(message: rec.RecordDeal, deal: records.DealRecord, deck: Deck) -> None:
    message.number = deal.number
    if deal.dealer is not None:
        message.dealer = deal.dealer
    for hand in deal.hands:
        message.hands.add(cards=[card.code for card in deck.sorted(hand)] if hand is not None else [],
                          hidden=hand is None)
    message.stock.extend(card.code for card in deal.stock or ())
    message.turned = deal.turned.code if deal.turned is not None else ""
    message.hidden = deal.is_hidden
    whole = deal.deal
    message.notation = format_deal(deck, whole) if whole is not None else ""
    for entry in deal.entries:
        _entry(message.entries.add(), entry)
    if deal.result is not None:
        message.result.CopyFrom(convert.deal_result(deal.result))


def _entry(message: rec.RecordEntry, entry: records.Entry) -> None:
    message.version = entry.version
    if entry.seat is not None:
        message.seat = entry.seat
    message.at_ms = _ms(entry.at)
    if entry.move is not None:
        message.move.CopyFrom(move_message(entry.move.text()))
    elif entry.hidden_kind is not None:
        getattr(message.move, entry.hidden_kind).SetInParent()  # its kind only
        message.hidden = True
    elif entry.action is not None:
        message.action = ACTIONS[entry.action]
    if entry.actor is not None:
        message.actor = ACTORS[entry.actor]


def _ms(seconds: float | None) -> int:
    return round(seconds * 1000) if seconds else 0


# ----------------------------------------------------------------------------- in
def record_from_message(message: rec.GameRecord) -> records.GameRecord:
    """The typed record a message states (for a replay to check): malformed values are
    INVALID_ARGUMENT naming their field under ``record``."""
    if message.format not in (0, records.FORMAT):
        raise InvalidInput(f"record format {message.format} is not known here (1 is)",
                           reason=Reason.INVALID_RECORD, field="record.format")
    variant = convert.variant_name(message.variant)
    assert variant is not None
    cls = variant_class(variant)
    options = _read("record.options", lambda: cls.options_type.from_mapping(
        convert.options_mapping(variant, message.options)))
    seats = tuple(records.SeatRecord(convert.SEAT_KINDS.get(seat.kind, SeatKind.RESERVED), None, seat.invitation)
                  for seat in message.seats) or tuple(records.SeatRecord() for _ in range(cls.players))
    deals = tuple(_deal_from(deal, cls.deck, f"record.deals[{index}]") for index, deal in enumerate(message.deals))
    return records.GameRecord(variant, options, seats, deals, Status.ACTIVE, tuple(message.scores), None, (),
                              message.game_id[:64], _seconds(message.created_at_ms))


def _deal_from(message: rec.RecordDeal, deck: Deck, where: str) -> records.DealRecord:
    hands = tuple(
        None if hand.hidden else _read(f"{where}.hands[{seat}]", lambda hand=hand: _cards(deck, hand.cards))  # type: ignore[misc]
        for seat, hand in enumerate(message.hands)
    )
    stock = None if message.hidden else _read(f"{where}.stock", lambda: tuple(deck.parse(code) for code in message.stock))
    turned = _read(f"{where}.turned", lambda: deck.parse(message.turned)) if message.turned else None
    entries = tuple(_entry_from(entry, deck, f"{where}.entries[{index}]") for index, entry in enumerate(message.entries))
    result = _result_from(message.result, deck, f"{where}.result") if message.HasField("result") else None
    dealer = message.dealer if message.HasField("dealer") else None
    return records.DealRecord(message.number, dealer, hands, stock, turned, entries, result)


def _cards(deck: Deck, codes: Any) -> frozenset[Card]:
    cards = [deck.parse(code) for code in codes]
    if len(set(cards)) != len(cards):
        raise RuleViolation(Reason.DUPLICATE_CARD, "a card appears twice in this hand")
    return frozenset(cards)


def _entry_from(message: rec.RecordEntry, deck: Deck, where: str) -> records.Entry:
    seat = message.seat if message.HasField("seat") else None
    actor = ACTOR_VALUES.get(message.actor)
    case = message.WhichOneof("entry")
    if case == "action":
        action = ACTION_VALUES.get(message.action)
        if action is None:
            raise InvalidInput("unknown table action", reason=Reason.INVALID_RECORD, field=f"{where}.action")
        return records.Entry(message.version, seat, _seconds(message.at_ms), action=action, actor=actor)
    if case is None or message.hidden:
        raise InvalidInput("an entry is a move or a table action, in full", reason=Reason.INVALID_RECORD,
                           field=where)
    read = _read(f"{where}.move", lambda: convert.move_reader(message.move))
    return records.Entry(message.version, seat, _seconds(message.at_ms), move=_read(f"{where}.move", lambda: read(deck)),
                         actor=actor)


def _result_from(message: pb.DealResult, deck: Deck, where: str) -> DealResult:
    """What a record says of a deal's result: the common part, each field unset where it is not said."""
    trump = _read(f"{where}.trump", lambda: deck.parse_suit(message.trump)) if message.HasField("trump") else None
    return DealResult(variant="", deal_number=message.deal_number, outcome=OUTCOMES.get(message.outcome),  # type: ignore[arg-type]
                      taker=message.taker if message.HasField("taker") else None, trump=trump,
                      tricks=tuple(message.tricks), card_points=tuple(message.card_points), scores=tuple(message.scores))


def _seconds(milliseconds: int) -> float | None:
    return milliseconds / 1000 if milliseconds else None


def _read(field: str, read: Callable[[], T]) -> T:
    """``read()``, its rule violation INVALID_ARGUMENT naming ``field``."""
    try:
        return read()
    except InvalidInput as error:
        error.field = field
        raise
    except RuleViolation as violation:
        raise InvalidInput(violation.message, reason=violation.reason, field=field) from None


def replay_fault(violation: RuleViolation, prefix: str) -> InvalidInput:
    """A replay's fault as the caller's error: its field under ``prefix`` (``record``, ``text``)."""
    field = f"{prefix}.{violation.field}" if violation.field else prefix
    return InvalidInput(violation.message, reason=violation.reason, field=field)


__all__ = ["game_record", "options_message", "record_from_message", "replay_fault"]

"""Conversions between the protobuf messages of cardgames.v1 and the domain."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, cast

from cardgames.moves import move as move_message  # the one text -> Move message mapping, shared with the client
from cardgames.v1 import analysis_service_pb2 as analysis_api
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import game_service_pb2 as api
from google.protobuf import message_factory
from google.protobuf.message import Message

from .. import rules
from ..analysis import DealAnalysis
from ..hints import Hint
from ..rules import PlayerView, Reason, RuleViolation
from ..rules.cards import Card, Deck, Suit
from ..rules.events import DealResult, Hidden
from ..rules.moves import Call, Declare, Discard, Move, NextDeal, Pass, PassCards, Play, Take, passed_cards
from ..rules.views import CardInfo
from ..tables import (
    ClockSpec,
    SeatClock,
    SeatKind,
    SeatPlayer,
    SeatSpec,
    Status,
    Strength,
    TableSpec,
    TableView,
    TimeoutPolicy,
)
from ..tables import spec as table_defaults
from .errors import InvalidInput, ServiceReason
from .games import SeenChange
from .store import GameRow

# The API names each variant of the rules VARIANT_<NAME>.
VARIANTS: dict[pb.Variant, str] = {
    cast(pb.Variant, pb.Variant.Value(f"VARIANT_{name.upper()}")): name for name in rules.VARIANTS
}
VARIANT_ENUMS = {name: value for value, name in VARIANTS.items()}
STATUSES: dict[pb.GameStatus, str] = {
    pb.GAME_STATUS_ACTIVE: Status.ACTIVE.value, pb.GAME_STATUS_FINISHED: Status.FINISHED.value,
    pb.GAME_STATUS_WAITING: Status.WAITING.value, pb.GAME_STATUS_ABANDONED: Status.ABANDONED.value,
}
STATUS_ENUMS = {name: value for value, name in STATUSES.items()}
SEAT_KINDS: dict[pb.SeatKind, SeatKind] = {
    pb.SEAT_KIND_UNSPECIFIED: SeatKind.RESERVED, pb.SEAT_KIND_RESERVED: SeatKind.RESERVED,
    pb.SEAT_KIND_OPEN: SeatKind.OPEN, pb.SEAT_KIND_BOT: SeatKind.BOT,
}
SEAT_KIND_ENUMS = {SeatKind.RESERVED: pb.SEAT_KIND_RESERVED, SeatKind.OPEN: pb.SEAT_KIND_OPEN, SeatKind.BOT: pb.SEAT_KIND_BOT}
STRENGTHS: dict[pb.BotStrength, Strength] = {
    pb.BOT_STRENGTH_RANDOM: Strength.RANDOM, pb.BOT_STRENGTH_GREEDY: Strength.GREEDY, pb.BOT_STRENGTH_HINT: Strength.HINT,
}
STRENGTH_ENUMS = {name: value for value, name in STRENGTHS.items()}
POLICIES: dict[pb.TimeoutPolicy, TimeoutPolicy] = {
    pb.TIMEOUT_POLICY_UNSPECIFIED: TimeoutPolicy.BOT, pb.TIMEOUT_POLICY_BOT: TimeoutPolicy.BOT,
    pb.TIMEOUT_POLICY_FORFEIT: TimeoutPolicy.FORFEIT,
}
END_KINDS = {"resigned": pb.END_KIND_RESIGNED, "forfeited": pb.END_KIND_FORFEITED, "abandoned": pb.END_KIND_ABANDONED}
ANNOUNCEMENTS: dict[pb.Announcements, str] = {pb.ANNOUNCEMENTS_NONE: "none", pb.ANNOUNCEMENTS_BELOTE: "belote", pb.ANNOUNCEMENTS_ALL: "all"}


def variant_name(value: pb.Variant, *, required: bool = True) -> str | None:
    if value == pb.VARIANT_UNSPECIFIED and not required:
        return None
    try:
        return VARIANTS[value]
    except KeyError:
        raise InvalidInput(f"variant must be one of {', '.join(pb.Variant.Name(value) for value in VARIANTS)}",
                           reason=ServiceReason.INVALID_VARIANT, field="variant") from None


def status_name(value: pb.GameStatus) -> str | None:
    if value == pb.GAME_STATUS_UNSPECIFIED:
        return None
    try:
        return STATUSES[value]
    except KeyError:
        raise InvalidInput("unknown status", reason=ServiceReason.INVALID_STATUS, field="status") from None


def _enum(table: Mapping[Any, Any], value: int, field: str, default: Any = None) -> Any:
    if value == 0 and default is not None:
        return default
    try:
        return table[value]
    except KeyError:
        raise InvalidInput(f"{field} has no value {value}", reason=Reason.INVALID_OPTION, field=field) from None


def _seconds(options: Message, name: str, default: float, field: str) -> float:
    """A duration field in milliseconds with presence, as seconds (unset: ``default``)."""
    return _milliseconds(getattr(options, name), field) if options.HasField(name) else default


def _milliseconds(value: int, field: str) -> float:
    if value < 0:
        raise InvalidInput(f"{field} must not be negative", reason=Reason.INVALID_OPTION, field=field)
    return value / 1000


def table_spec(options: pb.TableOptions, players: int) -> tuple[TableSpec | None, tuple[int, ...]]:
    """The table a creation asks for (None: the default, every seat reserved), and the
    open seats to draw invitation codes for."""
    if not options.ListFields():
        return None, ()  # every seat reserved, no clock, never abandoned
    invited: list[int] = []
    seats = []
    for index, setup in enumerate(options.seats):
        field = f"table.seats[{index}]"
        kind = _enum(SEAT_KINDS, setup.kind, f"{field}.kind")
        strength = None
        if kind is SeatKind.BOT:
            strength = _enum(STRENGTHS, setup.strength, f"{field}.strength", Strength.GREEDY)
        elif setup.strength:
            raise InvalidInput("only a bot seat has a strength", reason=Reason.INVALID_OPTION, field=f"{field}.strength")
        if setup.invitation:
            if kind is not SeatKind.OPEN:
                raise InvalidInput("only an open seat takes an invitation", reason=Reason.INVALID_OPTION,
                                   field=f"{field}.invitation")
            invited.append(index)
        seats.append(SeatSpec(kind, strength))
    clock = options.clock
    try:
        spec = TableSpec(
            tuple(seats) or tuple(SeatSpec() for _ in range(players)),
            ClockSpec(
                per_move=_milliseconds(clock.per_move_ms, "table.clock.per_move_ms"),
                bank=_milliseconds(clock.bank_ms, "table.clock.bank_ms"),
                increment=_milliseconds(clock.increment_ms, "table.clock.increment_ms"),
                policy=_enum(POLICIES, clock.timeout_policy, "table.clock.timeout_policy"),
                stand_in=_enum(STRENGTHS, clock.stand_in, "table.clock.stand_in", Strength.GREEDY),
            ),
            bot_delay=_seconds(options, "bot_delay_ms", table_defaults.DEFAULT_BOT_DELAY, "table.bot_delay_ms"),
            deal_pause=_seconds(options, "deal_pause_ms", table_defaults.DEFAULT_DEAL_PAUSE, "table.deal_pause_ms"),
            bot_budget=_seconds(options, "bot_budget_ms", table_defaults.DEFAULT_BOT_BUDGET, "table.bot_budget_ms"),
            abandon_after=_seconds(options, "abandon_after_ms", table_defaults.DEFAULT_ABANDON_AFTER,
                                   "table.abandon_after_ms"),
            rated=options.rated,
        )
    except RuleViolation as violation:
        raise InvalidInput(violation.message, reason=violation.reason, field=violation.field) from None
    return spec, tuple(invited)


def options_mapping(variant: str, options: pb.GameOptions) -> dict[str, Any]:
    """Plain option values for the engine (which validates them); unset fields keep defaults."""
    case = options.WhichOneof("variant_options")
    if case is None:
        return {}
    if case != variant:  # the oneof's cases are named after the variants
        raise InvalidInput(f"options.{case} do not apply to {variant}", reason=Reason.INVALID_OPTION, field=f"options.{case}")
    chosen = getattr(options, case)
    values: dict[str, Any] = {}
    for name in ("target_score", "first_dealer", "deals"):
        if chosen.common.HasField(name):
            values[name] = getattr(chosen.common, name)
    if hasattr(chosen, "announcements") and chosen.announcements != pb.ANNOUNCEMENTS_UNSPECIFIED:
        if chosen.announcements not in ANNOUNCEMENTS:
            raise InvalidInput("unknown announcements value", reason=Reason.INVALID_OPTION,
                               field=f"options.{case}.announcements")
        values["announcements"] = ANNOUNCEMENTS[chosen.announcements]
    return values


def move_reader(message: pb.Move) -> Callable[[Deck], Move]:
    """The engine's move for a Move message, read against the game's deck once the game is
    loaded (its cards and suits); a malformed one is the engine's rejection (UNKNOWN_CARD...)."""
    case = message.WhichOneof("kind")
    if case is None:
        raise InvalidInput("move must set one of its cases", reason=Reason.UNKNOWN_MOVE, field="move")
    simple = _SIMPLE_MOVES.get(case)
    if simple is not None:
        return lambda deck: simple
    if case == "declare":
        declare = Declare(message.declare.declare)
        return lambda deck: declare
    if case == "call":
        return lambda deck: Call(deck.parse_suit(message.call.suit))
    if case == "discard":
        return lambda deck: Discard(deck.parse(message.discard.card))
    if case == "play":
        return lambda deck: Play(deck.parse(message.play.card))
    return lambda deck: passed_cards([deck.parse(code) for code in message.give.cards])


_SIMPLE_MOVES: dict[str, Move] = {"pass": Pass(), "take": Take(), "next_deal": NextDeal()}


def _is_wire(item: dataclasses.Field[Any]) -> bool:
    """Whether a dataclass field is part of the API's message (the engine keeps some for itself)."""
    return not item.metadata.get("internal")


def wire_fields(cls: type) -> list[str]:
    """The fields of an engine type that its message has, by the same names."""
    return [item.name for item in dataclasses.fields(cls) if _is_wire(item)]


def fill(message: Message, value: object, names: Iterable[str] | None = None) -> Message:
    """Sets each field of ``message`` from the engine value's field of the same name: the
    one mapping from every typed event, result and their parts to their messages. A field
    the message lacks is an error, never dropped; a hidden value must have been redacted."""
    fields = message.DESCRIPTOR.fields_by_name
    for name in names if names is not None else wire_fields(type(value)):
        field = fields.get(name)
        if field is None:
            raise ValueError(f"{message.DESCRIPTOR.name} has no field for {name!r}")
        item = getattr(value, name)
        if isinstance(item, Hidden):
            item = item.seen()
        if item is None:  # an optional field left unset
            continue
        if field.is_repeated:
            items = sorted(item, key=lambda card: card.code) if isinstance(item, frozenset) else item
            if field.message_type is not None:
                getattr(message, name).extend(_message(field.message_type, entry) for entry in items)
            else:
                getattr(message, name).extend(_scalar(field, entry) for entry in items)
        elif field.message_type is not None:
            getattr(message, name).CopyFrom(_message(field.message_type, item))
        else:
            setattr(message, name, _scalar(field, item))
    return message


def _scalar(field: Any, value: object) -> object:
    if field.enum_type is not None:  # DealOutcome.MADE -> DEAL_OUTCOME_MADE, Suit.HEARTS -> SUIT_HEARTS
        assert isinstance(value, Enum), f"{field.full_name} is an enumeration"
        return _enum_number(field.enum_type, value.name)
    if isinstance(value, Card | Suit):
        return value.code
    return value


@functools.cache
def _enum_number(enum_type: Any, name: str) -> int:
    prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum_type.name).upper()
    return int(enum_type.values_by_name[f"{prefix}_{name}"].number)


def _message(descriptor: Any, value: object) -> Message:
    if descriptor is pb.Move.DESCRIPTOR:
        return move_message(value.text())  # type: ignore[attr-defined]
    if isinstance(value, DealResult):
        return deal_result(value)
    message = message_factory.GetMessageClass(descriptor)()
    return fill(message, value)


def deal_result(result: DealResult) -> pb.DealResult:
    """The common part into the message, the variant's own into its details case."""
    message = pb.DealResult()
    fill(message, result, wire_fields(DealResult))
    if result.DETAILS is not None:
        details = getattr(message, result.DETAILS)
        details.SetInParent()  # set even when every field is unset (hearts, nobody shot the moon)
        own = set(wire_fields(DealResult))
        fill(details, result, [name for name in wire_fields(type(result)) if name not in own])
    return message


def seat_infos(into: Any, seats: Sequence[SeatSpec], occupied: Sequence[bool],
               players: Sequence[SeatPlayer | None]) -> None:
    """Who sits at each seat, as everyone sees it, added to the repeated SeatInfo ``into``."""
    for seat, (spec, taken, player) in enumerate(zip(seats, occupied, players)):
        info = into.add(seat=seat, kind=SEAT_KIND_ENUMS[spec.kind],
                        strength=STRENGTH_ENUMS[spec.strength] if spec.strength else pb.BOT_STRENGTH_UNSPECIFIED,
                        taken=taken, invitation_only=spec.invitation_hash is not None)
        if player is not None:
            info.player.player_id, info.player.name = player.id, player.name


def game_view(game_id: str, table: TableView) -> pb.GameView:
    """The view of a table: who sits where, the clocks, the ending, and the game once dealt."""
    message = pb.GameView(game_id=game_id, variant=VARIANT_ENUMS[table.variant], status=STATUS_ENUMS[table.status.value],
                          version=table.version)
    if table.game is not None:
        _fill_game(message, table.game)
    elif table.viewer is not None:
        message.viewer = table.viewer
    seat_infos(message.seats, table.spec.seats, table.occupied, table.players)
    _clocks(message.clocks, table.clocks, table.at)
    if table.status in (Status.FINISHED, Status.ABANDONED):
        ending = table.ending
        message.outcome.end = END_KINDS[ending.kind] if ending is not None else pb.END_KIND_PLAYED_OUT
        message.outcome.winners.extend(ending.winners if ending is not None else message.winners)
        if ending is not None and ending.seat is not None:
            message.outcome.seat = ending.seat
    message.rematch_of = table.spec.rematch_of or ""
    message.rematch_game_id = table.rematch_id or ""
    message.rated = table.spec.rated
    message.event_id = table.spec.event.event_id if table.spec.event is not None else ""
    return message


def _clocks(into: Any, clocks: Iterable[SeatClock], now: float) -> None:
    for seat, clock in enumerate(clocks):
        entry = into.add(seat=seat, bank_ms=round(clock.bank * 1000))
        if clock.deadline is not None:
            entry.deadline = clock.deadline
            entry.time_left_ms = max(0, round((clock.deadline - now) * 1000))


# The view's fields that GameView takes as they are (the table's own are set from the table).
_VIEW_FIELDS = [name for name in wire_fields(PlayerView) if name not in ("variant", "version", "legal_moves", "deck")]


def _fill_game(message: pb.GameView, view: PlayerView) -> None:
    fill(message, view, _VIEW_FIELDS)
    message.deck.extend(_deck(view.deck))
    _legal_moves(message, view.legal_moves)


@functools.cache
def _deck(deck: tuple[CardInfo, ...]) -> tuple[pb.CardInfo, ...]:
    """A deck's messages, made once for each variant and trump (the views share their decks)."""
    return tuple(_message(pb.CardInfo.DESCRIPTOR, info) for info in deck)  # type: ignore[misc]


def _legal_moves(message: pb.GameView, moves: Iterable[Move]) -> None:
    """The moves as messages, but a choice of several cards (the hearts pass), which is one
    selection: every card of any legal choice, and how many to choose."""
    selectable: set[str] = set()
    count = 0
    for move in moves:
        if isinstance(move, PassCards):
            selectable.update(card.code for card in move.cards)
            count = len(move.cards)
        else:
            message.legal_moves.append(move_message(move.text()))
    if selectable:
        order = list(message.hand)
        message.card_selection.count = count
        message.card_selection.cards.extend(sorted(selectable, key=order.index))


def game_change(change: SeenChange, into: pb.GameChange | None = None) -> pb.GameChange:
    """The change as a message; filled in place when ``into`` is given (no copy)."""
    message = into if into is not None else pb.GameChange()
    message.version = change.version
    if change.seat is not None:
        message.seat = change.seat
    message.at = change.at
    _clocks(message.clocks, change.clocks, change.at)
    for event in change.events:
        item = message.events.add(kind=event.kind)
        if event.seat is not None:
            item.seat = event.seat
        payload = getattr(item, event.kind)  # the payload cases are named after the kinds
        payload.SetInParent()  # set even when the viewer may see none of its fields
        fill(payload, event, [name for name in wire_fields(type(event)) if name != "seat"])
    return message


def game_summary(row: GameRow) -> pb.GameSummary:
    return pb.GameSummary(
        game_id=row.game_id,
        variant=VARIANT_ENUMS[row.variant],
        status=STATUS_ENUMS[row.status],
        version=row.version,
        scores=row.scores,
        created_at=row.created_at,
        updated_at=row.updated_at,
        open_seats=row.open_seats,
    )



def hint(answer: Hint) -> api.Hint:
    return api.Hint(
        seat=answer.seat,
        version=answer.version,
        unit=answer.unit,
        options=[
            api.HintOption(
                move=move_message(option.move),
                expected=option.expected,
                stderr=option.stderr,
                expected_deal_score=option.expected_deal_score,
                deal_score_stderr=option.deal_score_stderr,
                behind_stderr=option.behind_stderr,
            )
            for option in answer.options
        ],
        samples=answer.samples,
        seed=answer.seed,
        nodes=answer.nodes,
    )


def deal_analysis(result: DealAnalysis) -> analysis_api.DealAnalysis:
    message = analysis_api.DealAnalysis(variant=VARIANT_ENUMS[result.variant], unit=result.unit)
    if result.play is not None:
        play, solution = result.play, result.play.solution
        message.play.CopyFrom(
            analysis_api.PlayAnalysis(
                position=play.position,
                contract=analysis_api.Contract(trump=play.contract.trump or "", taker=play.contract.taker),
                discard=play.discard,
                value=solution.value,
                cards=[analysis_api.CardValue(card=card, value=value) for card, value in solution.card_values.items()],
                line=solution.line,
                to_play=solution.to_play,
                maximising=solution.maximising,
                nodes=solution.nodes,
            )
        )
    if result.table is not None:
        message.table.extend(
            analysis_api.TableCell(trump=trump or "", taker=taker, value=value)
            for (trump, taker), value in result.table.entries.items()
        )
    return message

"""Conversions between the protobuf messages of cardgames.v1 and the domain."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardgames.moves import move as move_message  # the one text -> Move message mapping, shared with the client
from cardgames.v1 import analysis_service_pb2 as analysis_api
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import game_service_pb2 as api
from google.protobuf.message import Message

from ..analysis import DealAnalysis
from ..hints import Hint
from ..rules import PlayerView
from ..rules.cards import Deck
from ..rules.moves import Call, Declare, Discard, Move, NextDeal, Pass, Play, Take, passed_cards
from .errors import InvalidInput
from .games import FINISHED, SeenChange
from .store import GameRow

VARIANTS: dict[pb.Variant, str] = {
    pb.VARIANT_EUCHRE3: "euchre3",
    pb.VARIANT_BELOTE3: "belote3",
    pb.VARIANT_HEARTS: "hearts",
    pb.VARIANT_BELOTE: "belote",
}
VARIANT_ENUMS = {name: value for value, name in VARIANTS.items()}
STATUSES: dict[pb.GameStatus, str] = {pb.GAME_STATUS_ACTIVE: "ACTIVE", pb.GAME_STATUS_FINISHED: "FINISHED"}
ANNOUNCEMENTS: dict[pb.Announcements, str] = {pb.ANNOUNCEMENTS_NONE: "none", pb.ANNOUNCEMENTS_BELOTE: "belote", pb.ANNOUNCEMENTS_ALL: "all"}


def variant_name(value: pb.Variant, *, required: bool = True) -> str | None:
    if value == pb.VARIANT_UNSPECIFIED and not required:
        return None
    try:
        return VARIANTS[value]
    except KeyError:
        raise InvalidInput("variant must be one of VARIANT_EUCHRE3, VARIANT_BELOTE3, VARIANT_HEARTS, VARIANT_BELOTE",
                           reason="INVALID_VARIANT", field="variant") from None


def status_name(value: pb.GameStatus) -> str | None:
    if value == pb.GAME_STATUS_UNSPECIFIED:
        return None
    try:
        return STATUSES[value]
    except KeyError:
        raise InvalidInput("unknown status", reason="INVALID_STATUS", field="status") from None


def options_mapping(variant: str, options: pb.GameOptions) -> dict[str, Any]:
    """Plain option values for the engine (which validates them); unset fields keep defaults."""
    case = options.WhichOneof("variant_options")
    if case is None:
        return {}
    if case != variant:  # the oneof's cases are named after the variants
        raise InvalidInput(f"options.{case} do not apply to {variant}", reason="INVALID_OPTION", field=f"options.{case}")
    chosen = getattr(options, case)
    values: dict[str, Any] = {}
    for name in ("target_score", "first_dealer"):
        if chosen.common.HasField(name):
            values[name] = getattr(chosen.common, name)
    if hasattr(chosen, "announcements") and chosen.announcements != pb.ANNOUNCEMENTS_UNSPECIFIED:
        if chosen.announcements not in ANNOUNCEMENTS:
            raise InvalidInput("unknown announcements value", reason="INVALID_OPTION",
                               field=f"options.{case}.announcements")
        values["announcements"] = ANNOUNCEMENTS[chosen.announcements]
    return values


def move_reader(message: pb.Move) -> Callable[[Deck], Move]:
    """The engine's move for a Move message, read against the game's deck once the game is
    loaded (its cards and suits); a malformed one is the engine's rejection (UNKNOWN_CARD...)."""
    case = message.WhichOneof("kind")
    if case is None:
        raise InvalidInput("move must set one of its cases", reason="UNKNOWN_MOVE", field="move")
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

# How an engine key fills a field: the field's name and a conversion of the value (None: as is).
_Keys = Mapping[str, tuple[str, Callable[[Any], Any] | None]]


def _fill(message: Message, values: Mapping[str, Any], keys: _Keys | None = None) -> Message:
    """Sets one field per engine key; a key without a field is an error, never dropped."""
    fields = message.DESCRIPTOR.fields_by_name
    for key, value in values.items():
        name, convert = (keys or {}).get(key, (key, None))
        field = fields.get(name)
        if field is None:
            raise ValueError(f"{message.DESCRIPTOR.name} has no field for {key!r}")
        if value is None:  # an optional field left unset
            continue
        if convert is not None:
            value = convert(value)
        if field.is_repeated:
            getattr(message, name).extend(value)
        elif field.message_type is not None:
            getattr(message, name).CopyFrom(value)
        else:
            setattr(message, name, value)
    return message


def _revealed(entry: Mapping[str, Any]) -> pb.RevealedDeclaration:
    return pb.RevealedDeclaration(
        seat=entry["seat"],
        combinations=[
            pb.Combination(kind=f"COMBINATION_KIND_{combination['kind'].upper()}",
                           cards=combination["cards"], value=combination["value"])
            for combination in entry["combinations"]
        ],
    )


def game_view(game_id: str, view: PlayerView) -> pb.GameView:
    data = view.to_dict()
    message = pb.GameView(
        game_id=game_id,
        variant=VARIANT_ENUMS[view.variant],
        status=pb.GAME_STATUS_FINISHED if view.phase == "GAME_OVER" else pb.GAME_STATUS_ACTIVE,
        version=view.version,
        phase=f"PHASE_{view.phase}",
        deal_number=view.deal_number,
        dealer=view.dealer,
        to_act=view.to_act,
        scores=view.scores,
        hand=data["hand"] or (),
        hand_counts=view.hand_counts,
        stock_count=view.stock_count,
        bids=[pb.Bid(seat=seat, move=move_message(text)) for seat, text in view.bids],
        passed=data["passed"],
        received=data["received"],
        passed_seats=view.passed_seats,
        declarations=[pb.Declaration(seat=seat, declared=declared) for seat, declared in view.declared],
        revealed_declarations=[_revealed(entry) for entry in view.revealed_declarations],
        leader=view.leader,
        trick=[pb.PlayedCard(seat=seat, card=card.code) for seat, card in view.trick],
        tricks=[_trick(trick) for trick in data["tricks"]],
        trick_counts=view.trick_counts,
        card_points=view.card_points,
        hearts_broken=view.hearts_broken,
        results=[deal_result(result) for result in view.results],
        winners=view.winners,
    )
    for name in ("viewer", "turned", "taker", "trump", "discard"):
        if data[name] is not None:
            setattr(message, name, data[name])
    _legal_moves(message, data["legal_moves"])
    return message


def _legal_moves(message: pb.GameView, texts: Iterable[str]) -> None:
    selectable: set[str] = set()
    count = 0
    for text in texts:
        if text.startswith("give:"):
            cards = text.partition(":")[2].split()
            selectable.update(cards)
            count = len(cards)
        else:
            message.legal_moves.append(move_message(text))
    if selectable:
        order = list(message.hand)
        message.card_selection.count = count
        message.card_selection.cards.extend(sorted(selectable, key=order.index))


def _trick(trick: dict[str, Any]) -> pb.Trick:
    return pb.Trick(
        leader=trick["leader"],
        cards=[pb.PlayedCard(seat=entry["seat"], card=entry["card"]) for entry in trick["cards"]],
        winner=trick["winner"],
        points=trick["points"],
    )


_RESULT_FIELDS = {"deal_number", "outcome", "taker", "trump", "tricks", "card_points", "scores"}
# A result does not name its variant, but each variant's details have their own keys.
_DETAILS_CASES = {
    frozenset({"capot", "team_card_points", "declarations", "belote", "held_in", "held_out"}): "belote",
    frozenset({"capot", "declarations", "belote", "totals"}): "belote3",
    frozenset({"moon"}): "hearts",
}
_DETAILS_KEYS: dict[str, _Keys] = {
    "belote": {"belote": ("belote_rebelote", None)},
    "belote3": {"capot": ("capot_seats", None), "belote": ("belote_rebelote", None)},
    "hearts": {"moon": ("moon_shooter", None)},
}


def deal_result(result: Mapping[str, Any]) -> pb.DealResult:
    message = pb.DealResult(
        deal_number=result["deal_number"],
        outcome=f"DEAL_OUTCOME_{result['outcome']}",
        tricks=result["tricks"],
        card_points=result["card_points"],
        scores=result["scores"],
    )
    if result["taker"] is not None:
        message.taker = result["taker"]
    if result["trump"] is not None:
        message.trump = result["trump"]
    details = {key: value for key, value in result.items() if key not in _RESULT_FIELDS}
    if details:  # none in euchre3 or for a void deal
        case = _DETAILS_CASES.get(frozenset(details))
        if case is None:
            raise ValueError(f"deal result details {sorted(details)} match no variant")
        chosen = getattr(message, case)
        chosen.SetInParent()  # set even when every field is unset (hearts, nobody shot the moon)
        _fill(chosen, details, _DETAILS_KEYS[case])
    return message


_EVENT_CASES = frozenset(field.name for field in pb.Event.DESCRIPTOR.oneofs_by_name["payload"].fields)
# Engine keys of an event's payload that become a field of another name or type.
_EVENT_KEYS: dict[str, _Keys] = {
    "bid": {"bid": ("move", move_message)},
    "cards_received": {"from": ("giver", None)},
    "declarations_resolved": {"revealed": ("revealed", lambda entries: [_revealed(entry) for entry in entries])},
    "deal_scored": {"result": ("result", deal_result)},
}


def game_change(change: SeenChange, into: pb.GameChange | None = None) -> pb.GameChange:
    """The change as a message; filled in place when ``into`` is given (no copy)."""
    message = into if into is not None else pb.GameChange()
    message.version = change.version
    message.seat = change.seat
    for event in change.events:
        kind = event["kind"]
        if kind not in _EVENT_CASES:
            raise ValueError(f"no Event payload for the event kind {kind!r}")
        item = message.events.add(kind=kind)
        if "seat" in event:
            item.seat = event["seat"]
        payload = getattr(item, kind)  # the payload cases are named after the kinds
        payload.SetInParent()  # set even when the viewer may see none of its fields
        _fill(payload, {key: value for key, value in event.items() if key != "kind" and key != "seat"},
             _EVENT_KEYS.get(kind))
    return message


def game_summary(row: GameRow) -> pb.GameSummary:
    return pb.GameSummary(
        game_id=row.game_id,
        variant=VARIANT_ENUMS[row.variant],
        status=pb.GAME_STATUS_FINISHED if row.status == FINISHED else pb.GAME_STATUS_ACTIVE,
        version=row.version,
        scores=row.scores,
        created_at=row.created_at,
        updated_at=row.updated_at,
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

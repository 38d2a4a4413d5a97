"""Event payloads and deal results arrive typed through a real server, as each viewer may see them."""

from __future__ import annotations

import json
import random

import pytest
from cardgames_client import Client, move_text, pb
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.json_format import MessageToDict
from google.protobuf.message import Message

from engine_service.rules import VARIANTS, DealOutcome, DealResult, Event, HeartsResult, PlayerView, new_game, parse_move
from engine_service.rules.codec import event_from_data, event_types, to_data
from engine_service.rules.declarations import Combination
from engine_service.rules.events import RESULTS, PlayedCard, RevealedDeclaration, Trick
from engine_service.rules.views import Bid, CardInfo, Declaration
from engine_service.service import convert
from engine_service.service.convert import wire_fields
from engine_service.service.games import SeenChange
from tests.service.players import QUICK_OPTIONS, next_move

# belote3 with every announcement, so that declarations happen there too.
OPTIONS = {**QUICK_OPTIONS, "belote3": {**QUICK_OPTIONS["belote3"], "announcements": "all"}}
# Every kind a match of the variant shows in its changes (the first deal's start is part of the creation).
KINDS = {
    "euchre3": {"deal_started", "card_turned", "bid", "trump_chosen", "discarded", "card_played", "trick_won",
                "deal_scored", "game_over"},
    "belote3": {"deal_started", "card_turned", "bid", "trump_chosen", "hands_completed", "declared",
                "declarations_resolved", "belote_rebelote", "card_played", "trick_won", "deal_scored", "game_over"},
    "hearts": {"deal_started", "cards_passed", "cards_received", "card_played", "trick_won", "deal_scored",
               "game_over"},
    "belote": {"deal_started", "card_turned", "bid", "trump_chosen", "hands_completed", "declared",
               "declarations_resolved", "belote_rebelote", "card_played", "trick_won", "deal_scored", "game_over"},
}
# Fields only their own seat may see: never set in a spectator's events.
PRIVATE = {("deal_started", "hand"), ("hands_completed", "received"), ("discarded", "card"),
           ("cards_passed", "cards"), ("cards_received", "cards"), ("cards_received", "giver")}
DETAILS_CASE = {"euchre3": None, "belote3": "belote3", "hearts": "hearts", "belote": "belote"}
INTEGERS = {FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64}


def _play_match(client: Client, variant: str, seed: str) -> tuple[object, list[tuple[int, str]]]:
    game = client.create_game(variant, OPTIONS[variant], seed=seed)
    rng = random.Random(seed)
    moves = []
    while (chosen := next_move(client, game, rng)) is not None:
        seat, view, text = chosen
        client.submit_move(game.game_id, seat, game.tokens[seat], text, expected_version=view.version)
        moves.append((seat, text))
    return game, moves


def _assert_typed(message: Message, where: str) -> None:
    """No floating-point field anywhere, and every integer field holds Python ints."""
    for field, value in message.ListFields():
        assert field.type not in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT), f"{where}.{field.name}"
        values = list(value) if field.is_repeated else [value]
        for item in values:
            if field.message_type is not None:
                _assert_typed(item, f"{where}.{field.name}")
            elif field.type in INTEGERS:
                assert type(item) is int, f"{where}.{field.name} = {item!r}"


def _assert_matches_engine(event: pb.Event, expected: Event, where: str) -> None:
    """The payload holds exactly the engine's event as this viewer sees it, in the event's
    JSON form and the message's proto3 JSON (its names, cards as codes, enums by name)."""
    payload = MessageToDict(getattr(event, event.kind), preserving_proto_field_name=True)
    if "move" in payload:  # a move message: its text form, as the engine writes it
        payload["move"] = move_text(getattr(event, event.kind).move)
    if "result" in payload:  # the variant's details sit in their case; the engine's result holds them itself
        case = payload["result"].pop(getattr(event, event.kind).result.WhichOneof("variant_details") or "", {})
        payload["result"].update(case)
    wanted = {key: value for key, value in to_data(expected).items() if key not in ("kind", "seat")}
    for key, value in list(wanted.items()):
        if isinstance(value, dict) and all(seat.isdigit() for seat in value):  # hidden: the one value seen
            assert len(value) <= 1, where
            wanted[key] = next(iter(value.values()), None)
    assert _comparable(payload) == _comparable({key: value for key, value in wanted.items() if value not in (None, [])}), where


def _comparable(value: object) -> object:
    """Both forms alike: enums by their last word, no empty or unset field, the engine's own fields dropped."""
    if isinstance(value, dict):
        return {key: _comparable(item) for key, item in value.items()
                if item not in (None, [], False, 0, "") and key not in ("strength", "variant")}
    if isinstance(value, list):
        return [_comparable(item) for item in value]
    if isinstance(value, str) and value.isupper() and "_" in value:
        return value.rsplit("_", 1)[-1]  # DEAL_OUTCOME_MADE: MADE
    return value


def _first_changes(stream, count: int) -> list:
    """The first changes of a watch of a game still in play (the stream is closed after them)."""
    changes = [next(stream).change for _ in range(count)]
    stream.close()
    return changes


@pytest.mark.parametrize("variant", list(KINDS))
def test_every_event_kind_arrives_typed_and_redacted(server, client, variant):
    """A whole match, then every viewer's changes from the start: each event's payload case
    is its kind, with integers as ints, holding exactly what the replica's engine gives that
    viewer; a spectator's events hold no private field and no card it may not know."""
    seen_kinds: set[str] = set()
    for attempt in range(4):  # a random match may lack a rare kind (belote-rebelote, a discard)
        seed = f"typed-{variant}-{attempt}"
        game, moves = _play_match(client, variant, seed)
        replica = new_game(variant, OPTIONS[variant], seed=seed)
        engine_events = [replica.push(seat, parse_move(text, replica.deck)) for seat, text in moves]
        for viewer in [None, *range(len(game.tokens))]:
            token = None if viewer is None else game.tokens[viewer]
            changes = [item.change for item in client.watch(game.game_id, viewer, token, after_version=0, timeout=60)]
            assert [change.version for change in changes] == list(range(1, len(moves) + 1))
            for change, events in zip(changes, engine_events, strict=True):
                expected = [event.for_viewer(viewer) for event in events]
                assert [event.kind for event in change.events] == [event.kind for event in expected]
                for event, wanted in zip(change.events, expected, strict=True):
                    where = f"{variant} v{change.version} viewer {viewer} {event.kind}"
                    assert event.WhichOneof("payload") == event.kind, where
                    assert (event.seat if event.HasField("seat") else None) == wanted.seat, where
                    _assert_typed(event, where)
                    _assert_matches_engine(event, wanted, where)
                    if viewer is None:
                        set_fields = {field.name for field, _ in getattr(event, event.kind).ListFields()}
                        assert not {name for kind, name in PRIVATE if kind == event.kind} & set_fields, where
                    seen_kinds.add(event.kind)
        final = client.get_game(game.game_id)
        for result in final.results:
            _assert_typed(result, f"{variant} result {result.deal_number}")
            case = None if result.outcome == pb.DEAL_OUTCOME_VOID else DETAILS_CASE[variant]
            assert result.WhichOneof("variant_details") == case
        if seen_kinds >= KINDS[variant]:
            break
    assert seen_kinds == KINDS[variant]


def test_a_spectator_never_sees_a_hand_or_passed_cards(server, client):
    """hearts, plainly: the spectator's deal start has no hand and the passes no cards, while
    each seat sees its own."""
    game = client.create_game("hearts", OPTIONS["hearts"], seed="typed-spectator")
    for seat in range(4):
        view = client.get_game(game.game_id, seat, game.tokens[seat])
        client.submit_move(game.game_id, seat, game.tokens[seat], "give:" + " ".join(list(view.card_selection.cards)[:3]))
    spectator = _first_changes(client.watch(game.game_id, after_version=0, timeout=30), 4)
    seat_2 = _first_changes(client.watch(game.game_id, 2, game.tokens[2], after_version=0, timeout=30), 4)
    assert [event.kind for change in spectator for event in change.events] == ["cards_passed"] * 3 + [
        "cards_passed", "cards_received"]
    for change in spectator:
        for event in change.events:
            payload = getattr(event, event.kind)
            assert not payload.ListFields(), f"the spectator was shown {payload}"
    passed = {change.version: change.events[0].cards_passed for change in seat_2}
    assert len(passed[3].cards) == 3 and all(not passed[v].cards for v in (1, 2, 4))
    received = seat_2[-1].events[-1].cards_received
    assert len(received.cards) == 3 and received.HasField("giver") and type(received.giver) is int


def _message_fields(descriptor) -> set[str]:
    return set(descriptor.fields_by_name)


def test_every_event_and_result_maps_field_for_field_onto_its_message():
    """The conversion is mechanical: each engine event type is named as its message, has a
    payload case of its kind, and the message's fields are exactly the type's (its seat on
    the Event itself); each result's common part fills DealResult and its details their case."""
    kinds = event_types()
    payloads = {field.name: field.message_type for field in pb.Event.DESCRIPTOR.oneofs_by_name["payload"].fields}
    assert set(kinds) == set(payloads)
    for kind, cls in kinds.items():
        assert cls.__name__ == payloads[kind].name, kind
        assert set(wire_fields(cls)) - {"seat"} == _message_fields(payloads[kind]), kind
    common = set(wire_fields(DealResult))
    assert common == _message_fields(pb.DealResult.DESCRIPTOR) - {"belote", "belote3", "hearts"}
    cases = {field.name: field.message_type for field in pb.DealResult.DESCRIPTOR.oneofs_by_name["variant_details"].fields}
    for cls in RESULTS:
        details = set(wire_fields(cls)) - common
        if cls.DETAILS is None:
            assert not details, cls
        else:
            assert details == _message_fields(cases[cls.DETAILS]), cls
    assert {cls.DETAILS for cls in RESULTS} - {None} == set(cases)
    assert {cls.result_type for cls in VARIANTS.values()} == set(RESULTS) - {DealResult}
    for part, message in ((Trick, pb.Trick), (PlayedCard, pb.PlayedCard), (RevealedDeclaration, pb.RevealedDeclaration),
                          (Combination, pb.Combination), (CardInfo, pb.CardInfo), (Bid, pb.Bid), (Declaration, pb.Declaration)):
        assert set(wire_fields(part)) == _message_fields(message.DESCRIPTOR), part
    game_view = _message_fields(pb.GameView.DESCRIPTOR)
    assert set(wire_fields(PlayerView)) - {"legal_moves"} <= game_view


def test_conversion_refuses_an_event_that_was_not_redacted():
    """A hidden field with several seats' values cannot become a message: only a viewer's copy can."""
    game = new_game("hearts", seed="unredacted")
    dealt = game.events[0]
    with pytest.raises(ValueError, match="not redacted"):
        convert.game_change(SeenChange(1, None, (dealt,)))
    message = convert.game_change(SeenChange(1, None, (dealt.for_viewer(2),)))
    assert len(message.events[0].deal_started.hand) == 13


@pytest.mark.parametrize("variant", list(KINDS))
def test_events_read_back_from_their_json_data_as_they_were(variant):
    """What a stored answer keeps: every event of a match, whole and as each seat saw it."""
    game = new_game(variant, OPTIONS[variant], seed=f"data-{variant}")
    rng = random.Random(variant)
    while not game.is_over():
        seat = rng.choice(game.to_act())
        game.push(seat, rng.choice(game.legal_moves(seat)))
    for event in game.events:
        for shown in (event, *(event.for_viewer(viewer) for viewer in (None, *range(game.players)))):
            data = json.loads(json.dumps(to_data(shown)))
            assert event_from_data(data, game.deck) == shown


def test_an_answer_stored_before_events_had_a_schema_reads_as_its_seat_saw_it():
    """Answers kept for retries by an earlier version of the server: flat redacted values, and
    the keys named as they were then."""
    old = {"version": 3, "seat": 1, "at": 5.0, "clocks": [], "events": [
        {"kind": "cards_received", "cards": ["2C", "3C", "4C"], "from": 0},
        {"kind": "deal_started", "deal_number": 1, "dealer": 0, "hand_counts": [13] * 4, "hand": ["AS"]},
        {"kind": "bid", "seat": 1, "bid": "call:H", "round": 2},
        {"kind": "deal_scored", "scores": [1, 2, 3, 4], "result": {
            "deal_number": 0, "outcome": "MOON", "taker": None, "trump": None, "tricks": [13, 0, 0, 0],
            "card_points": [26, 0, 0, 0], "scores": [0, 26, 26, 26], "moon": 0}},
    ]}
    game = new_game("hearts", seed="old")
    change = SeenChange.from_dict(old, game.deck, "hearts", 1)
    received, dealt, bid, scored = change.events
    assert received.cards.seen() == tuple(game.deck.parse(code) for code in ("2C", "3C", "4C"))
    assert received.giver.seen() == 0 and dealt.hand.seen() == (game.deck.parse("AS"),)
    assert bid.move.text() == "call:H" and bid.seat == 1
    assert isinstance(scored.result, HeartsResult) and scored.result.moon_shooter == 0
    assert scored.result.outcome is DealOutcome.MOON
    assert SeenChange.from_dict(change.to_dict(), game.deck, "hearts", 1) == change


def test_each_variant_names_the_result_type_that_names_it_back():
    for name, cls in VARIANTS.items():
        assert cls.result_type.VARIANT == name

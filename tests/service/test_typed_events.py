"""Event payloads and deal results arrive typed through a real server, as each viewer may see them."""

from __future__ import annotations

import random

import pytest
from cardgames_client import Client, move_text, pb
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from engine_service.rules import new_game, parse_move
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
# Engine payload keys whose field has another name.
FIELD_OF = {("bid", "bid"): "move", ("cards_received", "from"): "giver"}
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


def _assert_matches_engine(event: pb.Event, expected: dict, where: str) -> None:
    """The payload holds exactly the engine's fields for this viewer: each value, and nothing more."""
    kind = event.kind
    payload = getattr(event, kind)
    keys = {key for key in expected if key not in ("kind", "seat")}
    assert {field.name for field, _ in payload.ListFields()} <= {FIELD_OF.get((kind, key), key) for key in keys}, where
    for key in keys:
        value, got = expected[key], getattr(payload, FIELD_OF.get((kind, key), key))
        if key == "bid":
            assert move_text(got) == value, where
        elif key == "revealed":
            assert [(r.seat, [list(c.cards) for c in r.combinations]) for r in got] == [
                (r["seat"], [c["cards"] for c in r["combinations"]]) for r in value], where
        elif key == "result":
            assert (got.deal_number, list(got.scores), list(got.tricks), list(got.card_points)) == (
                value["deal_number"], value["scores"], value["tricks"], value["card_points"]), where
        elif isinstance(value, list):
            assert list(got) == value, f"{where}.{key}"
        else:
            assert got == value and type(got) is type(value), f"{where}.{key}: {got!r} != {value!r}"


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
                assert [event.kind for event in change.events] == [event["kind"] for event in expected]
                for event, wanted in zip(change.events, expected, strict=True):
                    where = f"{variant} v{change.version} viewer {viewer} {event.kind}"
                    assert event.WhichOneof("payload") == event.kind, where
                    assert (event.seat if event.HasField("seat") else None) == wanted.get("seat"), where
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

"""AnalyzeDealProgress through a real server: bounds first (before any exact value), narrower
ones as the search proves them, then the exact values AnalyzeDeal gives; a deadline ends
the stream with the bounds proved, not an error; malformed input and a game's deal follow
AnalyzeDeal's rules (its players only, a finished deal only)."""

from __future__ import annotations

import asyncio
import random
import time

import grpc
import pytest
from cardgames_client import AsyncClient, CardgamesError, Client, analysis, deal_input, pb

from engine_service.rules import new_game
from engine_service.rules.notation import format_deal, parse_position
from tests.conftest import MOON_DEAL
from tests.service.players import choose, error_of


def seeded_deal(variant: str, seed: str) -> tuple[str, int]:
    game = new_game(variant, seed=seed)
    return format_deal(game.deck, game.dealt), game.dealer


QUICK_HEARTS = seeded_deal("hearts", "progress-rpc-0")  # a whole deal solved in about a tenth of a second
SLOW_HEARTS = seeded_deal("hearts", "progress-rpc-3")  # a whole deal: minutes of search


def inside(outer: analysis.ValueBounds, inner: analysis.ValueBounds) -> bool:
    return outer.low <= inner.low <= inner.high <= outer.high


def check_stream(messages: list[analysis.AnalyzeDealProgressResponse]) -> None:
    """Bounds only narrow, `exact` says whether they met, and every message holds the same cards."""
    assert messages, "at least the first bounds"
    for before, after in zip(messages, messages[1:]):
        assert inside(before.value, after.value)
        assert [card.card for card in before.cards] == [card.card for card in after.cards]
        assert all(inside(a.value, b.value) for a, b in zip(before.cards, after.cards))
        assert before.nodes <= after.nodes and before.position == after.position
    for message in messages:
        for bounds in (message.value, *(card.value for card in message.cards)):
            assert bounds.low <= bounds.high and bounds.exact == (bounds.low == bounds.high)
        assert message.exact == (message.value.exact and all(card.value.exact for card in message.cards))


@pytest.mark.parametrize("item", [
    deal_input("hearts", deal=QUICK_HEARTS[0], dealer=QUICK_HEARTS[1], skip_table=True),
    deal_input("belote", deal=seeded_deal("belote", "progress-rpc")[0], dealer=0, skip_table=True),
    deal_input("belote3", deal=seeded_deal("belote3", "progress-rpc")[0], dealer=1, skip_table=True),
])
def test_bounds_come_first_and_the_exact_values_are_analyze_deals(client, item):
    messages = list(client.analyze_deal_progress(item))
    check_stream(messages)
    first, last = messages[0], messages[-1]
    assert not first.exact and first.nodes == 0, "the first message comes before any exact value"
    assert all(not message.exact for message in messages[:-1]) and last.exact and not last.stopped
    whole = client.analyze_deal(item).play
    assert (last.value.low, last.position, last.contract, last.to_play, last.maximising) == (
        whole.value, whole.position, whole.contract, whole.to_play, whole.maximising)
    assert {card.card: card.value.low for card in last.cards} == {card.card: card.value for card in whole.cards}
    for message in messages:
        assert message.value.low <= whole.value <= message.value.high
        assert all(bounds.value.low <= exact.value <= bounds.value.high for bounds, exact in zip(message.cards, whole.cards))
    assert len(last.line) == len(whole.line) and last.line[0] in {c.card for c in whole.cards if c.value == whole.value}
    assert last.unit == client.analyze_deal(item).unit and last.variant == item.variant
    assert not any(message.line for message in messages[:-1])


def wait_for_a_free_slot(client: Client) -> None:
    """Until the caller's analysis slot is free again (a stopped search ends within a few
    milliseconds of its deadline, the slot with it)."""
    quick = deal_input("hearts", deal=MOON_DEAL, player=0)
    deadline = time.monotonic() + 30
    while True:
        try:
            list(client.analyze_deal_progress(quick, time_limit_ms=1))
            return
        except CardgamesError as error:
            assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and time.monotonic() < deadline, error
            time.sleep(0.05)


def test_the_time_limit_ends_the_stream_with_the_bounds_proved(client):
    item = deal_input("hearts", deal=SLOW_HEARTS[0], dealer=SLOW_HEARTS[1])
    messages = list(client.analyze_deal_progress(item, time_limit_ms=300))
    check_stream(messages)
    last = messages[-1]
    assert last.stopped and not last.exact and not last.line
    assert (last.value, list(last.cards)) == (messages[-2].value, list(messages[-2].cards)), "the bounds so far"
    assert all(not message.stopped for message in messages[:-1])


def test_the_calls_deadline_ends_the_stream_with_bounds_not_an_error(client):
    item = deal_input("hearts", deal=SLOW_HEARTS[0], dealer=SLOW_HEARTS[1])
    messages = list(client.analyze_deal_progress(item, timeout=1.0))  # no error raised
    check_stream(messages)
    assert not messages[-1].exact and messages[0].nodes == 0
    wait_for_a_free_slot(client)


def test_the_async_client_streams_the_same_bounds(server):
    item = deal_input("belote", deal=seeded_deal("belote", "progress-async")[0], dealer=2, skip_table=True)

    async def stream() -> list[analysis.AnalyzeDealProgressResponse]:
        async with AsyncClient(server.address) as client:
            return [message async for message in client.analyze_deal_progress(item)]

    messages = asyncio.run(stream())
    check_stream(messages)
    assert messages[-1].exact and not messages[0].exact
    with Client(server.address) as client:
        assert messages[-1].value.low == client.analyze_deal(item).play.value


def test_a_call_left_early_frees_its_slot(client):
    """Reading the first message only: the search stops at once, and its slot serves the
    caller again (one analysis slot per caller on a two-core machine)."""
    item = deal_input("hearts", deal=SLOW_HEARTS[0], dealer=SLOW_HEARTS[1])
    stream = client.analyze_deal_progress(item, time_limit_ms=600_000)
    assert next(stream).nodes == 0
    stream.close()
    wait_for_a_free_slot(client)


@pytest.mark.parametrize(
    "item, reason, field",
    [
        (deal_input("belote", deal="0:AK. ..."), "INVALID_NOTATION", "input.deal"),
        (deal_input("belote", deal=seeded_deal("belote", "bad")[0], contract=("X", 1)), "UNKNOWN_SUIT", "input.contract.trump"),
        (deal_input("belote", deal=seeded_deal("belote", "bad")[0], dealer=4), "INVALID_SEAT", "input.dealer"),
        (deal_input("hearts", position="0:A... K... Q... J...;leader=0", player=0), "INVALID_POSITION", "input.position"),
        (deal_input("hearts", position=QUICK_HEARTS[0].split(";")[0] + ";leader=0"), "INVALID_SEAT", "input.player"),
        (deal_input("hearts", deal=QUICK_HEARTS[0], player=7), "INVALID_SEAT", "input.player"),
    ],
)
def test_a_malformed_input_is_invalid_argument_with_a_reason(client, item, reason, field):
    error = error_of(lambda: list(client.analyze_deal_progress(item)))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason), error
    assert field in error.fields or reason == "INVALID_SEAT"
    same = error_of(lambda: client.analyze_deal(item))
    assert (same.code, same.reason) == (error.code, error.reason)


def test_request_limits_are_checked(client):
    item = deal_input("hearts", deal=QUICK_HEARTS[0])
    for call, field in [
        (lambda: list(client.analyze_deal_progress(item, time_limit_ms=-1)), "time_limit_ms"),
        (lambda: list(client.analyze_deal_progress(item, game_id="g", seat=0)), "input"),
        (lambda: list(client.analyze_deal_progress()), "input"),
    ]:
        error = error_of(call)
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and field in error.fields


def play_one_deal(client: Client, game, rng: random.Random) -> pb.GameView:
    while (table := client.get_game(game.game_id)).phase not in (pb.PHASE_DEAL_OVER, pb.PHASE_GAME_OVER):
        seat = table.to_act[0]
        client.submit_move(game.game_id, seat, game.tokens[seat],
                           choose(client.get_game(game.game_id, seat, game.tokens[seat]), rng))
    return table


def test_a_games_deal_is_analysed_for_its_players_once_over_as_analyze_deal_does(client):
    game = client.create_game("hearts", {"target_score": 100}, seed="progress-game")
    refused = error_of(lambda: list(client.analyze_deal_progress(game_id=game.game_id, seat=0, token=game.tokens[0])))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "DEAL_IN_PROGRESS"
    table = play_one_deal(client, game, random.Random(5))
    # Players only, with their own token.
    anonymous = error_of(lambda: list(client.analyze_deal_progress(game_id=game.game_id, seat=1)))
    assert anonymous.code == grpc.StatusCode.UNAUTHENTICATED
    wrong = error_of(lambda: list(client.analyze_deal_progress(game_id=game.game_id, seat=1, token=game.tokens[2])))
    assert wrong.code == grpc.StatusCode.PERMISSION_DENIED
    missing = error_of(lambda: list(client.analyze_deal_progress(game_id=game.game_id, token=game.tokens[0])))
    assert missing.code == grpc.StatusCode.INVALID_ARGUMENT and "seat" in missing.fields
    # From the 8th trick: every card of the position was played face up, after it.
    messages = list(client.analyze_deal_progress(game_id=game.game_id, seat=1, token=game.tokens[1], from_trick=7))
    check_stream(messages)
    later = [set() for _ in range(4)]
    for trick in table.tricks[7:]:
        for entry in trick.cards:
            later[entry.seat].add(entry.card)
    for message in messages:
        hands = parse_position(new_game("hearts").deck, message.position, 4).hands
        assert [{card.code for card in hand} for hand in hands] == later
    whole = client.analyze_deal(game_id=game.game_id, seat=1, token=game.tokens[1], from_trick=7).play
    last = messages[-1]
    assert last.exact and (last.value.low, last.position, last.contract) == (whole.value, whole.position, whole.contract)
    assert {card.card: card.value.low for card in last.cards} == {card.card: card.value for card in whole.cards}
    beyond = error_of(lambda: list(client.analyze_deal_progress(game_id=game.game_id, seat=1, token=game.tokens[1],
                                                                from_trick=13)))
    assert (beyond.code, beyond.reason) == (grpc.StatusCode.OUT_OF_RANGE, "TRICK_OUT_OF_RANGE")

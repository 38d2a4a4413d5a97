"""AnalysisService through a real server: deals in notation, a game's finished deals (for
its players only, never a deal in progress), and a streamed batch mixing good and
malformed deals."""

from __future__ import annotations

import random

import grpc
import pytest
from cardgames_client import Client, deal_input, pb

from engine_service.rules import new_game
from engine_service.rules.notation import format_deal, format_position, parse_position
from tests.conftest import MOON_DEAL
from tests.service.players import choose, error_of


def seeded_deal(variant: str, seed: str) -> str:
    game = new_game(variant, seed=seed)
    return format_deal(game.deck, game.dealt)


def play_one_deal(client: Client, game, rng: random.Random) -> pb.GameView:
    """Random legal moves until a deal is over (a void deal counts); the spectator's view then."""
    while (table := client.get_game(game.game_id)).phase not in (pb.PHASE_DEAL_OVER, pb.PHASE_GAME_OVER):
        seat = table.to_act[0]
        client.submit_move(game.game_id, seat, game.tokens[seat],
                           choose(client.get_game(game.game_id, seat, game.tokens[seat]), rng))
    return table


def test_a_deal_in_notation_gets_its_value_every_card_its_line_and_its_table(client):
    analysis = client.analyze_deal(deal_input("belote", deal=seeded_deal("belote", "rpc-analysis"), dealer=0))
    play = analysis.play
    assert analysis.variant == pb.VARIANT_BELOTE and analysis.unit == "card_points"
    assert play.contract.taker == 1 and len(play.contract.trump) == 1
    assert len(play.cards) >= 1 and len(play.line) == 32 and play.nodes > 0
    best = max if play.maximising else min
    assert best(card.value for card in play.cards) == play.value
    assert len(analysis.table) == 16
    cell = next(c for c in analysis.table if (c.trump, c.taker) == (play.contract.trump, play.contract.taker))
    assert cell.value == play.value
    # A named contract, a round-2 suit, and no table.
    other = next(s for s in "SHDC" if s != play.contract.trump)
    named = client.analyze_deal(deal_input("belote", deal=seeded_deal("belote", "rpc-analysis"), contract=(other, 2),
                                           skip_table=True))
    assert not named.table and named.play.contract.trump == other
    assert named.play.value == next(c.value for c in analysis.table if (c.trump, c.taker) == (other, 2))


def test_hearts_deals_and_positions_solve_for_the_named_player(client):
    moon = client.analyze_deal(deal_input("hearts", deal=MOON_DEAL, dealer=3))
    assert moon.unit == "penalty_points" and moon.play.value == 0 and moon.play.contract.trump == ""
    assert sorted((cell.taker, cell.value) for cell in moon.table) == [(0, 0), (1, 26), (2, 26), (3, 26)]
    position = client.analyze_deal(deal_input("hearts", position=MOON_DEAL + ";leader=0", player=1))
    assert position.play.value == 26 and not position.table
    error = error_of(lambda: client.analyze_deal(deal_input("hearts", position=MOON_DEAL + ";leader=0")))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.reason == "INVALID_SEAT"


@pytest.mark.parametrize(
    "item, reason, field",
    [
        (deal_input("belote", deal="0:AK. ..."), "INVALID_NOTATION", "input.deal"),
        (deal_input("belote", deal=seeded_deal("belote", "bad"), contract=("X", 1)), "UNKNOWN_SUIT", "input.contract.trump"),
        (deal_input("belote", deal=seeded_deal("belote", "bad"), contract=("H", 9)), "INVALID_SEAT", "input.contract.taker"),
        (deal_input("belote", deal=seeded_deal("belote", "bad"), dealer=4), "INVALID_SEAT", "input.dealer"),
        (deal_input("euchre3", position="0:MA. . ;trump=Z;leader=0"), "INVALID_NOTATION", "input.position"),
        # Every heart played, but nobody's points given: who may shoot the moon is unknown.
        (deal_input("hearts", position="0:A... K... Q... J...;leader=0", player=0), "INVALID_POSITION",
         "input.position"),
        (deal_input("hearts", position="0:A... K... Q... J...;leader=0;points=30 0 0 0", player=0),
         "INVALID_POSITION", "input.position"),
        # A whole deal led by a seat without the 2♣.
        (deal_input("hearts", position="0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432;leader=0",
                    player=0), "INVALID_POSITION", "input.position"),
        # West threw a heart on the spade led though he still holds a spade.
        (deal_input("hearts", position="0:K.A.. 3..2. .3.. 4...;leader=2;trick=5S 5H;points=0 0 0 23", player=0),
         "INVALID_POSITION", "input.position"),
        (pb.Variant.Value("VARIANT_UNSPECIFIED"), "INVALID_VARIANT", "variant"),
    ],
)
def test_a_malformed_input_is_invalid_argument_naming_its_field(client, item, reason, field):
    if isinstance(item, int):
        item = deal_input("belote", deal="x")
        item.variant = pb.VARIANT_UNSPECIFIED
    error = error_of(lambda: client.analyze_deal(item))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert error.reason == reason and field in error.fields


def test_a_game_deal_is_analysed_for_its_players_once_over_never_in_progress(client):
    game = client.create_game("belote3", {"target_score": 1000}, seed="rpc-game-analysis")
    refused = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=0, token=game.tokens[0]))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "DEAL_IN_PROGRESS"
    rng = random.Random(11)
    table = play_one_deal(client, game, rng)
    number = len(table.results) - 1
    if table.results[-1].outcome == pb.DEAL_OUTCOME_VOID:
        void = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=0, token=game.tokens[0]))
        assert void.code == grpc.StatusCode.FAILED_PRECONDITION and void.reason == "DEAL_NOT_PLAYED"
        client.submit_move(game.game_id, table.to_act[0], game.tokens[table.to_act[0]], "next-deal")
        table = play_one_deal(client, game, rng)
        number = len(table.results) - 1
    assert table.results[-1].outcome != pb.DEAL_OUTCOME_VOID
    # Every card of the analysed start of play was played face up in this deal.
    played = [set() for _ in range(3)]
    for trick in table.tricks:
        for entry in trick.cards:
            played[entry.seat].add(entry.card)
    for seat in range(3):
        analysis = client.analyze_deal(game_id=game.game_id, seat=seat, token=game.tokens[seat])
        position = new_game("belote3")
        start = format_position(position.deck, _position_of(analysis.play.position))
        hands = _position_of(analysis.play.position).hands
        assert [{card.code for card in hand} for hand in hands] == played, start
        assert analysis.play.contract.taker == table.results[-1].taker
        assert len(analysis.table) == 12
        cell = next(c for c in analysis.table if (c.trump, c.taker) == (analysis.play.contract.trump,
                                                                           analysis.play.contract.taker))
        assert cell.value == analysis.play.value
    again = client.analyze_deal(game_id=game.game_id, seat=1, token=game.tokens[1], deal_number=number)
    assert again.play.value == analysis.play.value
    later = client.analyze_deal(game_id=game.game_id, seat=1, token=game.tokens[1], deal_number=number, from_trick=5)
    assert sum(len(hand) for hand in _position_of(later.play.position).hands) == 15 and not later.table
    # The next deal is in progress: refused, however asked.
    client.submit_move(game.game_id, table.to_act[0], game.tokens[table.to_act[0]], "next-deal")
    refused = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=0, token=game.tokens[0],
                                                   deal_number=number + 1))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "DEAL_IN_PROGRESS"
    beyond = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=0, token=game.tokens[0],
                                                  deal_number=number + 2))
    assert (beyond.code, beyond.reason, beyond.fields) == (grpc.StatusCode.OUT_OF_RANGE, "DEAL_OUT_OF_RANGE",
                                                           ("deal_number",))
    negative = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=0, token=game.tokens[0],
                                                    deal_number=-1))  # never a deal, whatever comes next
    assert (negative.code, negative.fields) == (grpc.StatusCode.INVALID_ARGUMENT, ("deal_number",))
    # Players only.
    assert error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=0)).code == grpc.StatusCode.UNAUTHENTICATED
    wrong = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=0, token=game.tokens[1]))
    assert wrong.code == grpc.StatusCode.PERMISSION_DENIED
    missing = error_of(lambda: client.analyze_deal(game_id=game.game_id, token=game.tokens[0]))
    assert missing.code == grpc.StatusCode.INVALID_ARGUMENT and "seat" in missing.fields


def _position_of(text: str):
    from engine_service.rules.notation import parse_position

    return parse_position(new_game("belote3").deck, text, 3)


def test_a_mixed_batch_streams_every_item_with_its_own_result_and_progress(client):
    good = [deal_input("belote3", deal=seeded_deal("belote3", f"batch-{i}"), skip_table=i % 2 == 0) for i in range(4)]
    items = [
        good[0],
        deal_input("belote3", deal="0:JT. . ;stock="),  # malformed
        good[1],
        deal_input("euchre3", deal=seeded_deal("euchre3", "batch-e")),
        deal_input("belote3", deal=seeded_deal("belote3", "batch-x"), contract=("Q", 0)),  # no such suit
        good[2],
        deal_input("hearts", position=MOON_DEAL + ";leader=0", player=3),
        good[3],
    ]
    messages = list(client.analyze_deals(items, parallelism=2))
    assert [m.completed for m in messages] == list(range(1, len(items) + 1))
    assert all(m.total == len(items) for m in messages)
    by_index = {m.index: m for m in messages}
    assert sorted(by_index) == list(range(len(items)))
    for index in (1, 4):
        error = by_index[index].error
        assert by_index[index].WhichOneof("result") == "error"
        assert error.code == "INVALID_ARGUMENT" and error.reason and error.message
    assert by_index[1].error.field == "deal" and by_index[4].error.field == "contract.trump"
    for index in (0, 2, 3, 5, 6, 7):
        assert by_index[index].WhichOneof("result") == "analysis"
    assert by_index[6].analysis.play.value == 26
    # Each good item has the values of its analysis on its own (node counts and the choice
    # among equally good lines depend on what the solver's tables hold already).
    alone, batched = client.analyze_deal(good[1]), by_index[2].analysis
    assert (batched.play.value, list(batched.play.cards), list(batched.table)) == (
        alone.play.value, list(alone.play.cards), list(alone.table))
    assert batched.play.position == alone.play.position and batched.play.contract == alone.play.contract


def test_batch_limits_are_checked(client):
    error = error_of(lambda: list(client.analyze_deals([])))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "inputs" in error.fields
    item = deal_input("hearts", deal=MOON_DEAL)
    error = error_of(lambda: list(client.analyze_deals([item], time_limit_ms=-5)))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "time_limit_ms" in error.fields


def test_an_analysis_past_its_time_limit_is_deadline_exceeded_alone_and_in_a_batch(client):
    hearts = seeded_deal("hearts", "rpc-slow")  # 52 cards from the first trick: minutes of search
    error = error_of(lambda: client.analyze_deal(deal_input("hearts", deal=hearts), time_limit_ms=200))
    assert error.code == grpc.StatusCode.DEADLINE_EXCEEDED
    messages = list(client.analyze_deals([deal_input("hearts", deal=hearts), deal_input("hearts", deal=MOON_DEAL, player=0)],
                                         time_limit_ms=200))
    results = {m.index: m for m in messages}
    assert results[0].error.code == "DEADLINE_EXCEEDED" and results[1].analysis.play.value == 0


def test_a_finished_hearts_deal_is_analysed_from_a_late_trick_with_each_players_points(client):
    """A whole 52-card hearts deal is minutes of search; from its 8th trick it is quick."""
    game = client.create_game("hearts", {"target_score": 100}, seed="rpc-hearts-analysis")
    table = play_one_deal(client, game, random.Random(12))
    later = [set() for _ in range(4)]
    for trick in table.tricks[7:]:
        for entry in trick.cards:
            later[entry.seat].add(entry.card)
    analysis = client.analyze_deal(game_id=game.game_id, seat=2, token=game.tokens[2], from_trick=7)
    hands = parse_position(new_game("hearts").deck, analysis.play.position, 4).hands
    assert [{card.code for card in hand} for hand in hands] == later
    assert analysis.play.contract.taker == 2 and analysis.unit == "penalty_points"
    assert sorted(cell.taker for cell in analysis.table) == [0, 1, 2, 3]
    assert next(cell.value for cell in analysis.table if cell.taker == 2) == analysis.play.value
    beyond = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=2, token=game.tokens[2], from_trick=13))
    assert (beyond.code, beyond.reason, beyond.fields) == (grpc.StatusCode.OUT_OF_RANGE, "TRICK_OUT_OF_RANGE",
                                                           ("from_trick",))
    negative = error_of(lambda: client.analyze_deal(game_id=game.game_id, seat=2, token=game.tokens[2], from_trick=-1))
    assert negative.code == grpc.StatusCode.INVALID_ARGUMENT and "from_trick" in negative.fields


def analysis_request(items, time_limit_ms):
    from cardgames_client import analysis

    return analysis.AnalyzeDealsRequest(inputs=items, time_limit_ms=time_limit_ms)

"""A caller that stops reading a stream and goes away leaves the server's log as it promises:
JSON lines only, one per call, the dropped call's code CANCELLED. (The stream's generator is
then closed by the event loop's finalizer, in a context of its own.)"""

from __future__ import annotations

import json

from cardgames_client import CardgamesError, Client, deal_input, table_options

from engine_service.rules import new_game
from engine_service.rules.notation import format_deal

DROPS = 12


def test_dropping_every_kind_of_stream_early_leaves_only_json_log_lines(server):
    deals = []
    for number in range(6):
        game = new_game("belote", seed=f"dropped-{number}")
        deals.append(format_deal(game.deck, game.dealt))
    before = len(server.logs)
    hearts = deal_input("hearts", deal=format_deal(*_hearts_deal()), player=0)
    for _ in range(DROPS):
        with Client(server.address) as client:
            table = client.create_game("hearts", table=table_options(["reserved", "bot:greedy", "bot:greedy", "bot:greedy"]))
            next(iter(client.watch(table.game_id, 0, table.tokens[0], after_version=0)))
        for open_stream in (lambda client: client.analyze_deals([deal_input("belote", deal=deal) for deal in deals]),
                            lambda client: client.analyze_deal_progress(hearts, time_limit_ms=5_000)):
            with Client(server.address) as client:
                try:
                    next(iter(open_stream(client)))  # one message, then the caller goes away without reading on
                except CardgamesError as error:  # the last dropped solve still holds this caller's analysis slot
                    assert error.reason in ("SOLVER_BUSY", "CALLER_SHARE_EXHAUSTED"), error
    # Each dropped call ends with its own log line: wait for the last ones, then read everything.
    server.wait_for_log(lambda record: record.get("method") == "AnalyzeDealProgress" and record.get("status") == "CANCELLED",
                        timeout=30)
    lines = server.logs[before:]
    not_json = []
    for line in lines:
        try:
            json.loads(line)
        except ValueError:
            not_json.append(line)
    assert not not_json, "".join(not_json[:20])
    cancelled = [json.loads(line) for line in lines if '"CANCELLED"' in line]
    assert {record["method"] for record in cancelled} >= {"WatchGame", "AnalyzeDeals", "AnalyzeDealProgress"}


def _hearts_deal():
    game = new_game("hearts", seed="dropped-hearts")
    return game.deck, game.dealt

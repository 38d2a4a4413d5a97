"""A call that goes away stops its solver work and frees its slot at once, rather than when
the solve would have ended: AnalyzeDeal, AnalyzeDeals, AnalyzeDealProgress and GetHint,
each cancelled mid-solve on a server whose searches are made ten times slower (the solve
would hold its slot for minutes), then the slot asked for again."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable

import grpc
import pytest
from cardgames_client import Client, analysis, api, deal_input

from tests.conftest import MOON_DEAL
from tests.service.server_process import ServerProcess
from tests.service.test_analysis_rpc import seeded_deal

SLOWED = {"CARDGAMES_TEST_SLOWDOWN": "10"}
SLOW_DEAL = deal_input("hearts", deal=seeded_deal("hearts", "rpc-cancel"))
QUICK_DEAL = deal_input("hearts", deal=MOON_DEAL, player=0)
LONG = 600_000  # ms: the limit the slow work is given


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("cancel") / "games.db", "--solver-slots", "1", "--caller-slots", "1",
                            "--hint-slots", "1", "--metrics-address", "127.0.0.1:0", env=SLOWED).start()
    process.metrics = process.wait_for_log(lambda record: record.get("event") == "metrics_started")["address"]
    yield process
    process.stop()


def _busy_slots(server: ServerProcess, pool: str) -> float:
    """The pool's busy slots, as the server's metrics say (asking for a slot would race for it)."""
    with urllib.request.urlopen(f"http://{server.metrics}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    line = next(line for line in text.splitlines() if line.startswith(f'cardgames_solver_slots_busy{{pool="{pool}"}}'))
    return float(line.rsplit(" ", 1)[1])


def _until(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> float:
    """Seconds until ``condition`` holds (polled); an AssertionError past ``timeout``."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < timeout, f"timed out waiting for {what}"
        time.sleep(0.02)
    return time.monotonic() - started


def _cancel_and_see_the_slot_freed(server: ServerProcess, call: grpc.Future | grpc.Call, pool: str) -> float:
    """Seconds from the call's cancellation to its slot's freedom (its work would have taken minutes)."""
    _until(lambda: _busy_slots(server, pool) >= 1, "the slow call to hold its slot")
    assert not (isinstance(call, grpc.Future) and call.done()), "the slow call ended by itself"
    call.cancel()
    return _until(lambda: _busy_slots(server, pool) == 0, "the cancelled call's slot to be free")


def test_a_cancelled_analyze_deal_frees_its_slot(server):
    with Client(server.address) as client:
        call = client.analysis.AnalyzeDeal.future(analysis.AnalyzeDealRequest(input=SLOW_DEAL, time_limit_ms=LONG))
        _cancel_and_see_the_slot_freed(server, call, "analysis")
        assert client.analyze_deal(QUICK_DEAL).play.value == 0  # the slot serves again


def test_a_cancelled_analyze_deals_frees_its_slot(server):
    with Client(server.address) as client:
        stream = client.analysis.AnalyzeDeals(analysis.AnalyzeDealsRequest(inputs=[QUICK_DEAL, SLOW_DEAL],
                                                                           time_limit_ms=LONG))
        assert next(stream).index == 0  # the quick one is in: the slow one holds the slot now
        _cancel_and_see_the_slot_freed(server, stream, "analysis")


def test_a_cancelled_analyze_deal_progress_frees_its_slot(server):
    with Client(server.address) as client:
        stream = client.analysis.AnalyzeDealProgress(
            analysis.AnalyzeDealProgressRequest(input=deal_input("hearts", deal=SLOW_DEAL.deal, player=0),
                                                time_limit_ms=LONG))
        next(stream)  # its first bounds: the search runs
        _cancel_and_see_the_slot_freed(server, stream, "analysis")


def test_a_cancelled_hint_frees_its_slot(server):
    with Client(server.address) as client:
        game = client.create_game("belote", seed="cancel-hint")  # a bid's hint plays whole deals out: seconds, slowed
        seat = client.get_game(game.game_id).to_act[0]
        request = api.GetHintRequest(game_id=game.game_id, seat=seat, budget_ms=60_000, max_samples=400)
        metadata = (("authorization", f"Bearer {game.tokens[seat]}"),)
        call = client.stub.GetHint.future(request, metadata=metadata)
        _cancel_and_see_the_slot_freed(server, call, "hint")
        assert client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=1, max_samples=1).samples >= 1

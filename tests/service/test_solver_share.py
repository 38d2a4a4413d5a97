"""Players keep their hints while an analyst's batch runs, and one caller holds no more than
its share of the analysis slots: a real batch in flight on a real server."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
from cardgames_client import Client, analysis, deal_input

from engine_service.service.errors import SolverBusy
from engine_service.service.solving import SolverPool
from tests.conftest import MOON_DEAL
from tests.service.players import error_of
from tests.service.server_process import ServerProcess
from tests.service.test_analysis_rpc import seeded_deal
from tests.service.test_hints_rpc import play_until_card_play

# A whole hearts deal that takes minutes of search, on servers whose searches are ten times
# slower still (the test hook): it holds its slot for the whole test on any machine.
SLOW = "rpc-cancel"
SLOWED = {"CARDGAMES_TEST_SLOWDOWN": "10"}


def _batch_in_flight(client: Client, slow_items: int):
    """A batch of a quick item and slow ones, once its first answer is in: from then on it
    holds its slots (and the next item is being solved)."""
    quick = deal_input("hearts", deal=MOON_DEAL, player=0)
    slow = deal_input("hearts", deal=seeded_deal("hearts", SLOW))
    stream = client.analysis.AnalyzeDeals(analysis.AnalyzeDealsRequest(inputs=[quick, *[slow] * slow_items],
                                                                       time_limit_ms=120_000))
    first = next(stream)
    assert first.index == 0 and first.analysis.play.value == 0
    return stream


def test_hints_answer_while_a_batch_holds_every_analysis_slot(tmp_path):
    process = ServerProcess(tmp_path / "games.db", "--solver-slots", "1", env=SLOWED).start()
    try:
        with Client(process.address, timeout=30) as client:
            games = [client.create_game(variant, seed=f"share-{variant}") for variant in ("belote", "hearts", "euchre3")]
            stream = _batch_in_flight(client, 3)
            busy = error_of(lambda: client.analyze_deal(deal_input("hearts", deal=MOON_DEAL, player=0)))
            assert (busy.code, busy.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "SOLVER_BUSY")
            for game in games:  # a player at each table asks, at the table's first decision and in play
                seat = client.get_game(game.game_id).to_act[0]
                assert client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=50).samples >= 1
                seat = play_until_card_play(client, game, random.Random(1)).to_act[0]
                assert client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=50).samples >= 1
            stream.cancel()
    finally:
        process.stop()


def test_one_caller_holds_at_most_its_share_of_the_analysis_slots(tmp_path):
    process = ServerProcess(tmp_path / "games.db", "--solver-slots", "2", "--caller-slots", "1", env=SLOWED).start()
    try:
        with Client(process.address, timeout=30) as client:
            stream = _batch_in_flight(client, 2)
            refused = error_of(lambda: client.analyze_deal(deal_input("hearts", deal=MOON_DEAL, player=0)))
            assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "CALLER_SHARE_EXHAUSTED")
            refused = error_of(lambda: list(client.analyze_deals([deal_input("hearts", deal=MOON_DEAL, player=0)])))
            assert refused.reason == "CALLER_SHARE_EXHAUSTED"
            stream.cancel()
    finally:
        process.stop()


def test_a_pool_gives_each_caller_its_share_and_no_more():
    async def scenario() -> None:
        pool = SolverPool("analysis", slots=3, per_caller=2)
        try:
            with pool.held(5, "ipv4:10.0.0.1") as first:
                assert len(first) == 2  # its share, though it asked for more
                with pytest.raises(SolverBusy) as caught:
                    with pool.held(1, "ipv4:10.0.0.1"):
                        pass
                assert caught.value.reason == "CALLER_SHARE_EXHAUSTED"
                with pool.held(5, "ipv4:10.0.0.2") as second:
                    assert len(second) == 1  # what is left of the pool
                    with pytest.raises(SolverBusy) as caught:
                        with pool.held(1, "ipv4:10.0.0.3"):
                            pass
                    assert caught.value.reason == "SOLVER_BUSY"
            with pool.held(5, "ipv4:10.0.0.1") as again:
                assert len(again) == 2 and pool.busy == 2
            assert pool.busy == 0
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_hint_runs_on_as_many_threads_as_the_slots_it_holds():
    async def scenario() -> None:
        pool = SolverPool("hint", slots=3)
        try:
            assert await pool.run_threaded(lambda threads, stop: threads, threads=8) == 3
            with pool.held(2):  # two slots taken: a hint gets the one left
                assert await pool.run_threaded(lambda threads, stop: threads, threads=8) == 1
            assert pool.busy == 0
        finally:
            pool.close()

    asyncio.run(scenario())

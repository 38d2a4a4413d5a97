"""Creation from a given deal, listing with filters and pages, idempotency across a restart."""

from __future__ import annotations

import random

import pytest
from cardgames_client import Client, pb

from engine_service.rules import format_deal, new_game
from tests.service.players import play_to_end
from tests.service.server_process import ServerProcess


def test_create_from_a_complete_deal(client):
    dealt = new_game("belote", seed="some table").dealt
    text = format_deal(new_game("belote").deck, dealt)
    game = client.create_game("belote", deal=text)
    for seat, token in enumerate(game.tokens):
        hand = client.get_game(game.game_id, seat, token).hand
        assert set(hand) == {card.code for card in dealt.hands[seat]}
    assert client.get_game(game.game_id).turned == dealt.stock[0].code


def test_list_games_filters_and_pages(server):
    with Client(server.address) as client:
        mine = {client.create_game("euchre3", {"target_score": 1}, seed=f"list-{i}").game_id for i in range(5)}
        hearts = client.create_game("hearts", seed="list-hearts").game_id
        finished = client.create_game("euchre3", {"target_score": 1}, seed="list-done")
        play_to_end(server.address, finished, random.Random(1))

        pages, token = [], ""
        while True:
            page = client.list_games("euchre3", page_size=2, page_token=token)
            assert len(page.games) <= 2
            pages.append(page)
            token = page.next_page_token
            if not token:
                break
        listed = [summary.game_id for page in pages for summary in page.games]
        assert len(listed) == len(set(listed)), "a game listed twice"
        assert mine | {finished.game_id} <= set(listed) and hearts not in listed
        created = [summary.created_at for page in pages for summary in page.games]
        assert created == sorted(created, reverse=True), "newest first"

        done = {s.game_id: s for s in client.iter_games(status="finished")}
        assert finished.game_id in done and not mine & set(done)
        assert done[finished.game_id].status == pb.GAME_STATUS_FINISHED and done[finished.game_id].version > 0
        active = {s.game_id for s in client.iter_games(status="active", page_size=3)}
        assert mine | {hearts} <= active and finished.game_id not in active


@pytest.mark.parametrize("stop", ["kill", "terminate"])
def test_a_retry_after_a_restart_applies_nothing_twice(tmp_path, stop):
    server = ServerProcess(tmp_path / "retry.db").start()
    with Client(server.address) as client:
        game = client.create_game("euchre3", seed="retry-restart")
        seat = client.get_game(game.game_id).to_act[0]
        first = client.submit_move(game.game_id, seat, game.tokens[seat], "pass", request_id="once")
    getattr(server, stop)()
    restarted = ServerProcess(tmp_path / "retry.db").start()
    try:
        with Client(restarted.address) as client:
            again = client.submit_move(game.game_id, seat, game.tokens[seat], "pass", request_id="once")
            assert again == first
            assert client.get_game(game.game_id).version == 1
    finally:
        restarted.stop()

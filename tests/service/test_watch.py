"""Watching a game: snapshot first, every change once and in order, resumable, ends with the game."""

from __future__ import annotations

import random
import threading

from cardgames_client import Client

from tests.service.players import QUICK_OPTIONS, next_move, play_to_end
from tests.service.server_process import ServerProcess


def _changes(items) -> list:
    return [item.change for item in items if item.HasField("change")]


def test_resume_after_a_broken_stream_misses_nothing(server, client):
    game = client.create_game("euchre3", QUICK_OPTIONS["euchre3"], seed="resume")
    play_to_end(server.address, game, random.Random(7))
    full = list(client.watch(game.game_id, 1, game.tokens[1], after_version=0))
    assert [c.version for c in _changes(full)] == list(range(1, len(full) + 1))

    # Break a stream after a few changes, then resume from the last version seen.
    stream = client.watch(game.game_id, 1, game.tokens[1], after_version=0)
    first = [next(stream) for _ in range(5)]
    stream.close()
    rest = list(client.watch(game.game_id, 1, game.tokens[1], after_version=first[-1].change.version))
    assert [c.SerializeToString() for c in _changes(first + rest)] == [c.SerializeToString() for c in _changes(full)]


def test_watch_of_a_finished_game_is_its_snapshot(server, client):
    game = client.create_game("euchre3", {"target_score": 1}, seed="finished")
    play_to_end(server.address, game, random.Random(2))
    items = list(client.watch(game.game_id))
    assert len(items) == 1 and items[0].snapshot.winners


def test_watch_sees_moves_made_live_and_through_another_process(server, client):
    """A watcher on one server sees, in order, moves made on it and on a second server process."""
    game = client.create_game("belote", QUICK_OPTIONS["belote"], seed="live-watch")
    seen: list = []
    watcher = threading.Thread(target=lambda: seen.extend(client.watch(game.game_id, timeout=120)))
    watcher.start()
    second = ServerProcess(server.database).start()
    try:
        rng = random.Random(11)
        moves = 0
        while True:
            address = server.address if moves % 2 else second.address
            with Client(address) as player:
                chosen = next_move(player, game, rng)
                if chosen is None:
                    break
                seat, _, text = chosen
                player.submit_move(game.game_id, seat, game.tokens[seat], text)
                moves += 1
    finally:
        second.stop()
    watcher.join(timeout=60)
    assert not watcher.is_alive()
    assert seen[0].HasField("snapshot")
    assert [c.version for c in _changes(seen)] == list(range(1, moves + 1))

"""Multi-core mode: worker processes on one port and one database, as one service."""

from __future__ import annotations

import random
import threading

import grpc
from cardgames_client import Client

from tests.service.players import QUICK_OPTIONS, next_move
from tests.service.server_process import ServerProcess


def _own_connection(address: str) -> Client:
    """A client on its own TCP connection, which the kernel may give to either worker."""
    channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
    return Client(address, channel=channel)


def test_a_game_played_across_workers(tmp_path):
    server = ServerProcess(tmp_path / "workers.db", "--workers", "2").start()
    try:
        records = server.log_records()
        workers = {r["pid"] for r in records if r.get("event") == "worker_started"}
        assert len(workers) == 2
        with _own_connection(server.address) as creator:
            game = creator.create_game("hearts", QUICK_OPTIONS["hearts"], seed="across-workers")
        # Many connections: the kernel spreads them, so both workers serve some (all 24 on
        # one worker would happen once in 2^23 runs).
        seats = [_own_connection(server.address) for _ in range(24)]
        watched: list = []
        watcher = _own_connection(server.address)
        thread = threading.Thread(target=lambda: watched.extend(watcher.watch(game.game_id, timeout=120)))
        thread.start()
        rng = random.Random(3)
        moves = 0
        while True:
            client = rng.choice(seats)  # each move through any connection, so through either worker
            chosen = next_move(client, game, rng)
            if chosen is None:
                break
            seat, view, text = chosen
            client.submit_move(game.game_id, seat, game.tokens[seat], text, expected_version=view.version)
            moves += 1
        thread.join(timeout=60)
        assert not thread.is_alive()
        changes = [item.change.version for item in watched if item.HasField("change")]
        assert changes == list(range(1, moves + 1))
        served_by = {r.get("worker") for r in server.log_records() if r.get("method") == "SubmitMove"}
        assert served_by == workers, "one worker served every move"
        for client in (*seats, watcher):
            client.close()
    finally:
        assert server.terminate() == 0
    events = [r["event"] for r in server.log_records()]
    assert events.count("worker_stopped") == 2 and events[-1] == "server_stopped"


def test_a_dead_worker_stops_the_service(tmp_path):
    """Fail fast: if a worker dies, the supervisor stops the others and exits non-zero, so a
    process manager restarts the whole service instead of leaving half of it running."""
    import os
    import signal

    server = ServerProcess(tmp_path / "dead.db", "--workers", "2").start()
    pids = [r["pid"] for r in server.log_records() if r.get("event") == "worker_started"]
    os.kill(pids[0], signal.SIGKILL)
    assert server.process.wait(timeout=30) == 1
    records = server.log_records()
    assert any(r.get("event") == "worker_died" for r in records)
    assert [r for r in records if r.get("event") == "worker_stopped" and r.get("worker") == pids[1]]

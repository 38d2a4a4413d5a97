"""Multi-core mode: worker processes on one port and one database, as one service."""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import socket
import threading
import time
from pathlib import Path

import grpc
from cardgames_client import Client, CreatedGame

from engine_service.service.settings import OPTIONS, Settings, parse_settings
from engine_service.service.workers import RESTART_ATTEMPTS, worker_command, worker_environment
from tests.service.players import QUICK_OPTIONS, next_move
from tests.service.server_process import ServerProcess


def _own_connection(address: str) -> Client:
    """A client on its own TCP connection, which the kernel may give to either worker."""
    channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
    return Client(address, channel=channel)


def _worker_pids(server: ServerProcess) -> list[int]:
    return [r["pid"] for r in server.log_records() if r.get("event") == "worker_started"]


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has exited (a zombie, which nothing may reap here, has closed its sockets)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def _wait_until(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _move_in_each(address: str, games: list[CreatedGame], rng: random.Random) -> None:
    """One move in each game, each call on a new connection; each game's version goes up by one."""
    for game in games:
        with _own_connection(address) as client:
            before = client.get_game(game.game_id).version
            seat, view, text = next_move(client, game, rng)
            assert client.submit_move(game.game_id, seat, game.tokens[seat], text, expected_version=view.version).version == before + 1


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


def test_the_worker_command_carries_every_setting_and_the_database_in_its_environment():
    database = "postgresql://cardgames:s3cret@db:5432/cardgames"
    settings = dataclasses.replace(Settings(), address="127.0.0.1:0", database=database, sync="NORMAL", grace=2.5,
                                   log_level="debug", workers=3)
    command = worker_command(settings, "127.0.0.1:4321", "127.0.0.1:4322")
    assert {option.flag for option in OPTIONS} - {"--database"} <= set(command)
    assert not any("s3cret" in part for part in command)  # a command line is public (ps)
    # Read back as a worker does: its flags over the environment it is given.
    assert parse_settings(command[3:], environ=worker_environment(settings)) == dataclasses.replace(
        settings, workers=1, address="127.0.0.1:4321", web_address="127.0.0.1:4322")


def test_a_database_password_never_reaches_the_logs():
    from engine_service.service.store import database_for_logs

    assert database_for_logs("postgresql://cg:s3cret@db:5432/cg") == "postgresql://cg@db:5432/cg"
    assert database_for_logs("postgresql://db/cg?sslmode=require&password=s3cret") == "postgresql://db/cg?sslmode=require"
    assert database_for_logs("postgresql://db/cg?password=s3cret") == "postgresql://db/cg"
    assert database_for_logs("games.db") == "games.db"


def test_a_held_address_is_refused_to_a_second_server(tmp_path):
    """Neither a second multi-worker server nor a lone one can join the port, whatever their database."""
    first = ServerProcess(tmp_path / "first.db", "--workers", "2").start()
    try:
        with _own_connection(first.address) as client:
            game = client.create_game("hearts", QUICK_OPTIONS["hearts"], seed="held")
        for args in (("--workers", "2"), ()):
            second = ServerProcess(tmp_path / "second.db", *args, listen=first.address)
            assert second.launch().started_or_exited() == 1
            assert second.log_records()[-1]["event"] == "address_unavailable"
            # Nothing but JSON lines: gRPC's core says nothing of its own.
            assert second.logs and all(line.startswith("{") for line in second.logs), second.logs
        # Every new connection still reaches the first server's workers, which know the game.
        for _ in range(8):
            with _own_connection(first.address) as client:
                assert client.get_game(game.game_id).game_id == game.game_id
        assert len(_worker_pids(first)) == 2
    finally:
        assert first.terminate() == 0


def test_an_address_held_by_another_program_is_refused_to_workers(tmp_path):
    lone = ServerProcess(tmp_path / "lone.db").start()
    try:
        refused = ServerProcess(tmp_path / "workers.db", "--workers", "2", listen=lone.address)
        assert refused.launch().started_or_exited() == 1
        assert refused.log_records()[-1]["event"] == "address_unavailable"
        assert not (tmp_path / "workers.db").exists()
        with Client(lone.address) as client:
            client.create_game("hearts", QUICK_OPTIONS["hearts"])
    finally:
        assert lone.terminate() == 0
    # A program that listens with SO_REUSEPORT itself, as the workers do.
    with socket.socket() as other:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        other.bind(("127.0.0.1", 0))
        other.listen()
        refused = ServerProcess(tmp_path / "workers.db", "--workers", "2", listen=f"127.0.0.1:{other.getsockname()[1]}")
        assert refused.launch().started_or_exited() == 1
        assert refused.log_records()[-1]["event"] == "address_unavailable"


def test_of_two_servers_started_at_once_on_one_port_one_starts(tmp_path):
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    servers = [ServerProcess(tmp_path / f"{name}.db", "--workers", "2", listen=f"127.0.0.1:{port}") for name in "ab"]
    try:
        for server in servers:
            server.launch()
        outcomes = [server.started_or_exited() for server in servers]
        assert sorted(outcomes, key=str) == [1, None], outcomes
        loser = servers[outcomes.index(1)]
        assert loser.log_records()[-1]["event"] == "address_unavailable"
        winner = servers[outcomes.index(None)]
        assert winner.terminate() == 0
    finally:
        for server in servers:
            server.stop()


def test_workers_stop_when_their_supervisor_is_killed(tmp_path):
    server = ServerProcess(tmp_path / "orphans.db", "--workers", "2").start()
    pids = _worker_pids(server)
    with _own_connection(server.address) as client:
        game = client.create_game("hearts", QUICK_OPTIONS["hearts"], seed="orphans")
        server.kill()
        _wait_until(lambda: all(_gone(pid) for pid in pids), "the workers to exit")
    records = server.log_records()
    for pid in pids:
        events = [r["event"] for r in records if r.get("worker") == pid]
        assert "supervisor_gone" in events and events[-1] == "worker_stopped"
    restarted = ServerProcess(tmp_path / "orphans.db", "--workers", "2", listen=server.address).start()
    try:
        with _own_connection(restarted.address) as client:
            assert client.get_game(game.game_id).game_id == game.game_id
    finally:
        assert restarted.terminate() == 0


def test_a_killed_worker_is_replaced_while_the_other_serves(tmp_path):
    server = ServerProcess(tmp_path / "replace.db", "--workers", "2").start()
    try:
        killed, survivor = _worker_pids(server)
        with _own_connection(server.address) as client:
            games = [client.create_game("hearts", QUICK_OPTIONS["hearts"], seed=f"replace-{i}") for i in range(4)]
        rng = random.Random(5)
        os.kill(killed, signal.SIGKILL)
        died = server.wait_for_log(lambda r: r.get("event") == "worker_died" and r.get("pid") == killed, timeout=30)
        assert died["exit_code"] == -signal.SIGKILL
        _move_in_each(server.address, games, rng)  # whether or not the replacement listens yet
        restarted = server.wait_for_log(lambda r: r.get("event") == "worker_restarted", timeout=30)
        assert restarted["replaced"] == killed
        replacement = restarted["pid"]
        server.wait_for_log(lambda r: r.get("event") == "worker_started" and r.get("pid") == replacement, timeout=30)
        # Many connections: the replacement serves some (none of 24 once in 2^24 runs).
        clients = [_own_connection(server.address) for _ in range(24)]
        for index, client in enumerate(clients):
            assert client.get_game(games[index % len(games)].game_id).version == 1
            client.close()
        _move_in_each(server.address, games, rng)
        assert replacement in {r.get("worker") for r in server.log_records() if r.get("method") == "GetGame"}
    finally:
        code = server.terminate()
    assert code == 0
    records = server.log_records()
    assert {r.get("worker") for r in records if r["event"] == "worker_stopped"} == {survivor, replacement}
    assert records[-1]["event"] == "server_stopped"


def test_replacements_that_keep_dying_stop_the_service(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    server = ServerProcess(run / "loop.db", "--workers", "2").start()
    killed, survivor = _worker_pids(server)
    run.rename(tmp_path / "moved")  # new workers cannot open the database any more
    server.log_path = tmp_path / "moved" / server.log_path.name
    os.kill(killed, signal.SIGKILL)
    assert server.process.wait(timeout=60) == 1
    records = server.log_records()
    assert len([r for r in records if r["event"] == "worker_died"]) == 1 + RESTART_ATTEMPTS
    assert len([r for r in records if r["event"] == "database_unavailable"]) == RESTART_ATTEMPTS
    assert [r for r in records if r["event"] == "worker_restarts_failed"]
    assert [r for r in records if r["event"] == "worker_stopped" and r.get("worker") == survivor]
    assert records[-1]["event"] == "server_stopped"

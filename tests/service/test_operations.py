"""Operations: health, reflection, graceful shutdown, structured logs without secrets, configuration."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import threading

import grpc
from cardgames_client import CardgamesError, Client
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from engine_service.service.server import parse_settings
from tests.service.players import QUICK_OPTIONS, next_move, play_to_end
from tests.service.server_process import ServerProcess

CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|[IEACSM][ACRP])\b")


def test_health_and_reflection(server):
    with grpc.insecure_channel(server.address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", "cardgames.v1.GameService"):
            assert health.Check(health_pb2.HealthCheckRequest(service=service)).status == \
                health_pb2.HealthCheckResponse.SERVING
        database = ProtoReflectionDescriptorDatabase(channel)
        assert "cardgames.v1.GameService" in database.get_services()
        method = database.FindFileContainingSymbol("cardgames.v1.GameService")
        assert method.name == "cardgames/v1/game_service.proto"


def test_logs_are_json_with_context_and_no_secrets(server, client):
    game = client.create_game("hearts", QUICK_OPTIONS["hearts"], seed="log-check")
    play_to_end(server.address, game, random.Random(4))
    try:
        client.submit_move(game.game_id, 0, game.tokens[0], "play:QS")
    except CardgamesError:
        pass
    server.wait_for_log(lambda r: r.get("game_id") == game.game_id and r.get("reason") == "GAME_OVER")
    records = server.log_records()
    calls = [r for r in records if r.get("event") == "rpc" and r.get("game_id") == game.game_id]
    assert calls
    for record in calls:
        assert {"request_id", "method", "status", "latency_ms", "level", "timestamp"} <= set(record)
    submits = [r for r in calls if r["method"] == "SubmitMove"]
    assert all("seat" in r for r in submits)
    assert any(r["status"] == "FAILED_PRECONDITION" and r["reason"] == "GAME_OVER" for r in submits)
    text = "".join(server.logs)
    for token in game.tokens:
        assert token not in text
    assert "log-check" not in text
    assert not CARD.findall(text), "a card appeared in the logs"


def test_sigterm_finishes_in_flight_calls(tmp_path):
    """SIGTERM while moves are being submitted: exit 0, every acknowledged move stored."""
    server = ServerProcess(tmp_path / "term.db").start()
    with Client(server.address) as client:
        games = [client.create_game("belote", seed=f"term-{i}") for i in range(4)]
    acked: list[tuple[str, int]] = []
    started = threading.Barrier(len(games) + 1)

    def keep_playing(game, seed):
        rng = random.Random(seed)
        with Client(server.address, timeout=10) as client:
            started.wait()
            while True:
                try:
                    chosen = next_move(client, game, rng)
                    if chosen is None:
                        return  # the match is over
                    seat, _, text = chosen
                    answer = client.submit_move(game.game_id, seat, game.tokens[seat], text)
                except CardgamesError as error:
                    # Refused: the call reached a closed port, or arrived while the server was
                    # draining and was never handed to a handler.
                    assert error.code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED), error
                    return
                acked.append((game.game_id, answer.version))

    threads = [threading.Thread(target=keep_playing, args=(g, i)) for i, g in enumerate(games)]
    for thread in threads:
        thread.start()
    started.wait()
    threading.Event().wait(0.5)
    assert server.terminate() == 0
    for thread in threads:
        thread.join(timeout=30)
    records = server.log_records()
    events = [r["event"] for r in records]
    assert "server_stopping" in events and events[-1] == "server_stopped"
    assert not [r for r in records if r.get("status") == "CANCELLED"], "an in-flight call was cut short"
    with sqlite3.connect(server.database) as db:
        stored = set(db.execute("SELECT game_id, version FROM moves"))
    assert acked and set(acked) <= stored


def test_configuration_from_flags_and_environment(monkeypatch):
    monkeypatch.setenv("CARDGAMES_DATABASE", "/tmp/from-env.db")
    monkeypatch.setenv("CARDGAMES_SYNC", "normal")
    settings = parse_settings(["--address", "127.0.0.1:6000"])
    assert (settings.address, settings.database, settings.sync) == ("127.0.0.1:6000", "/tmp/from-env.db", "NORMAL")
    assert parse_settings(["--database", "x.db"]).database == "x.db"
    assert json.loads(json.dumps(settings.__dict__))


def test_a_second_server_cannot_take_the_port(server, tmp_path):
    """Without --workers, a server does not share its port (no SO_REUSEPORT by mistake)."""
    import subprocess
    import sys

    port = server.address.rsplit(":", 1)[1]
    second = subprocess.run(
        [sys.executable, "-m", "engine_service.service.server", "--address", f"127.0.0.1:{port}",
         "--database", str(tmp_path / "second.db")],
        capture_output=True, text=True, timeout=60,
    )
    assert second.returncode == 1
    assert json.loads(second.stderr.strip().splitlines()[-1])["event"] == "address_unavailable"


def test_an_unusable_database_is_a_clean_startup_error(tmp_path):
    import subprocess
    import sys

    started = subprocess.run(
        [sys.executable, "-m", "engine_service.service.server", "--address", "127.0.0.1:0",
         "--database", str(tmp_path / "missing" / "dir" / "games.db")],
        capture_output=True, text=True, timeout=60,
    )
    assert started.returncode == 1
    record = json.loads(started.stderr.strip().splitlines()[-1])
    assert record["event"] == "database_unavailable" and "Traceback" not in started.stderr

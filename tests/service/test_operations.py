"""Operations: health, reflection, graceful shutdown, structured logs without secrets, configuration."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import threading

import grpc
import pytest
from cardgames_client import CardgamesError, Client
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from engine_service.service.server import Server
from engine_service.service.settings import parse_settings
from engine_service.solver import DEFAULT_MEMORY_MB
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


def test_help_names_every_setting_with_its_variable_and_default(capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_settings(["--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for flag, variable, default in [("--address", "CARDGAMES_ADDRESS", "127.0.0.1:50051"),
                                    ("--database", "CARDGAMES_DATABASE", "cardgames.db"),
                                    ("--sync", "CARDGAMES_SYNC", "FULL"), ("--grace", "CARDGAMES_GRACE", "10.0"),
                                    ("--log-level", "CARDGAMES_LOG_LEVEL", "info"),
                                    ("--workers", "CARDGAMES_WORKERS", "1"),
                                    ("--solver-slots", "CARDGAMES_SOLVER_SLOTS", "0"),
                                    ("--analysis-memory-mb", "CARDGAMES_ANALYSIS_MEMORY_MB", "256")]:
        assert flag in text and f"[env {variable}, default {default}]" in text


@pytest.mark.parametrize(("argv", "environ", "named", "why"), [
    ([], {"CARDGAMES_WORKERS": "abc"}, "CARDGAMES_WORKERS", "is not a number"),
    ([], {"CARDGAMES_WORKERS": "0"}, "CARDGAMES_WORKERS", "must be at least 1"),
    ([], {"CARDGAMES_SYNC": "off"}, "CARDGAMES_SYNC", "must be one of FULL, NORMAL"),
    ([], {"CARDGAMES_LOG_LEVEL": "loud"}, "CARDGAMES_LOG_LEVEL", "must be one of debug"),
    ([], {"CARDGAMES_GRACE": "-1"}, "CARDGAMES_GRACE", "must be at least 0"),
    ([], {"CARDGAMES_GRACE": "nan"}, "CARDGAMES_GRACE", "is not a finite number"),
    ([], {"CARDGAMES_SOLVER_SLOTS": "1.5"}, "CARDGAMES_SOLVER_SLOTS", "is not a number"),
    (["--workers", "x"], {}, "--workers", "is not a number"),
    (["--sync", "nope"], {}, "--sync", "must be one of FULL, NORMAL"),
    (["--solver-slots", "-2"], {}, "--solver-slots", "must be at least 0"),
    (["--analysis-memory-mb", "8"], {}, "--analysis-memory-mb", "must be at least 16"),
    (["--address", "127.0.0.1:99999"], {}, "--address", "a port from 0 to 65535"),
    (["--address", "localhost"], {}, "--address", "must be host:port"),
    (["--web-address", ":8080"], {}, "--web-address", "must be host:port"),
    ([], {"CARDGAMES_METRICS_ADDRESS": "127.0.0.1:-1"}, "CARDGAMES_METRICS_ADDRESS", "must be host:port"),
    ([], {"CARDGAMES_ANALYSIS_MEMORY_MB": "100000"}, "CARDGAMES_ANALYSIS_MEMORY_MB", "must be at most 4096"),
])
def test_a_bad_setting_stops_with_a_message_naming_it(capsys, argv, environ, named, why):
    with pytest.raises(SystemExit) as exit_:
        parse_settings(argv, environ)
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert named in error and why in error


def test_the_analysis_solvers_get_the_memory_configured(tmp_path):
    async def analysis_memory(*flags: str) -> int:
        settings = parse_settings(["--address", "127.0.0.1:0", "--database", str(tmp_path / "games.db"),
                                   "--web-address", "", *flags])
        server = Server(settings)
        try:
            return server.solving.analysis_solver().memory_bytes
        finally:  # not Server.stop: it stops every search of the process for good
            await server.grpc.stop(0)
            server.solving.close()
            await server.store.close()

    assert asyncio.run(analysis_memory("--analysis-memory-mb", "64")) == 64 << 20
    # By default the solver's own bound, what a whole hearts deal is measured with.
    assert asyncio.run(analysis_memory()) == DEFAULT_MEMORY_MB << 20


def test_a_flag_wins_over_its_variable_even_a_bad_one():
    settings = parse_settings(["--workers", "2", "--log-level", "WARNING"], {"CARDGAMES_WORKERS": "abc",
                                                                              "CARDGAMES_LOG_LEVEL": "debug"})
    assert (settings.workers, settings.log_level) == (2, "warning")


def test_the_server_refuses_a_bad_variable_before_it_starts(tmp_path):
    run = subprocess.run([sys.executable, "-m", "engine_service.service.entry", "--database", str(tmp_path / "x.db")],
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "CARDGAMES_SYNC": "OFF"})
    assert run.returncode == 2
    assert "environment variable CARDGAMES_SYNC: 'OFF': must be one of FULL, NORMAL" in run.stderr
    assert not (tmp_path / "x.db").exists()


def test_a_server_whose_database_is_unreachable_stops_with_json_lines_only(tmp_path):
    """The driver's retries and the refusal are log lines like any other, and nothing else is
    written on the way out."""
    run = subprocess.run([sys.executable, "-m", "engine_service.service.entry", "--address", "127.0.0.1:0",
                          "--web-address", "", "--database", "postgresql://nobody:secret@127.0.0.1:1/none"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    lines = [json.loads(line) for line in run.stderr.splitlines()]  # every line is JSON
    assert lines[-1]["event"] == "database_unavailable"
    assert any(line["event"] == "database_driver" for line in lines[:-1])
    assert "secret" not in run.stderr


def test_a_second_server_cannot_take_the_port(server, tmp_path):
    """Without --workers, a server does not share its port (no SO_REUSEPORT by mistake)."""
    port = server.address.rsplit(":", 1)[1]
    second = subprocess.run(
        [sys.executable, "-m", "engine_service.service.entry", "--address", f"127.0.0.1:{port}",
         "--database", str(tmp_path / "second.db")],
        capture_output=True, text=True, timeout=60,
    )
    assert second.returncode == 1
    assert json.loads(second.stderr.strip().splitlines()[-1])["event"] == "address_unavailable"
    assert not (tmp_path / "second.db").exists(), "a refused server left a database behind"


def test_an_unusable_database_is_a_clean_startup_error(tmp_path):
    started = subprocess.run(
        [sys.executable, "-m", "engine_service.service.entry", "--address", "127.0.0.1:0", "--web-address", "",
         "--database", str(tmp_path / "missing" / "dir" / "games.db")],
        capture_output=True, text=True, timeout=60,
    )
    assert started.returncode == 1
    record = json.loads(started.stderr.strip().splitlines()[-1])
    assert record["event"] == "database_unavailable" and "Traceback" not in started.stderr

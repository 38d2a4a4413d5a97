"""cardgames-analyze --export and --review: a server's finished games written as records,
then reviewed one line per game (the same verdicts as ReviewGame), a bad record a line
of its own, resumable, and the same lines on a real local Dask cluster."""

from __future__ import annotations

import json
import os
import random
import sys

import pytest
from cardgames.v1 import record_pb2
from google.protobuf import json_format

from engine_service.analyze_cli import main
from tests.service.players import QUICK_OPTIONS, next_move


def _lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def exported(server, tmp_path_factory) -> tuple[list[str], object]:
    """Three finished games of the module's server, exported."""
    from cardgames_client import Client

    with Client(server.address) as client:
        for variant, seed in (("euchre3", 1), ("belote3", 2), ("euchre3", 3)):
            game = client.create_game(variant, QUICK_OPTIONS[variant])
            rng = random.Random(seed)
            while (step := next_move(client, game, rng)) is not None:
                seat, _, text = step
                client.submit_move(game.game_id, seat, game.tokens[seat], text)
    path = tmp_path_factory.mktemp("export") / "records.jsonl"
    assert main(["--export", server.address, "--output", str(path)]) == 0
    return path.read_text().splitlines(), path


def test_export_writes_every_finished_game_as_a_record(exported, client):
    lines, _ = exported
    records = [json_format.Parse(line, record_pb2.GameRecord()) for line in lines]
    finished = {summary.game_id for summary in client.iter_games(status="finished")}
    assert {record.game_id for record in records} == finished and len(records) >= 3
    assert all(not deal.hidden for record in records for deal in record.deals)


def test_reviews_are_one_line_per_game_with_the_servers_verdicts_and_a_bad_record_is_its_own_line(
        exported, client, tmp_path):
    lines, _ = exported
    records = tmp_path / "records.jsonl"
    broken = json.loads(lines[0])
    broken["deals"][0]["hands"][0]["cards"][0] = broken["deals"][0]["hands"][1]["cards"][0]  # a card dealt twice
    records.write_text("\n".join([lines[0], "not json", json.dumps(broken), *lines[1:]]) + "\n")
    output = tmp_path / "reviews.jsonl"
    assert main(["--review", str(records), "--output", str(output), "--deals", "2", "--seed", "4",
                 "--processes", "2"]) == 0
    out = _lines(output)
    assert [line["index"] for line in out] == list(range(len(lines) + 2))
    assert out[1]["error"].startswith("MALFORMED_RECORD") and out[2]["error"].startswith("DUPLICATE_CARD")
    good = [line for line in out if "review" in line]
    assert len(good) == len(lines)
    first = good[0]
    served = [message for message in client.review_game(first["game_id"], budget_ms=0, deals=2, seed=4, timeout=300)]
    decisions = {(m.decision.deal_number, m.decision.entry): json_format.MessageToDict(m.decision)
                 for m in served if m.HasField("decision")}
    assert {(d.get("dealNumber", 0), d.get("entry", 0)): d for d in first["review"]["decisions"]} == decisions
    assert first["review"]["match"] == json_format.MessageToDict(served[-1].match)


def test_a_review_run_resumes_after_its_last_whole_line_and_refuses_other_options(exported, tmp_path, capsys):
    _, records = exported
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    arguments = ["--review", str(records), "--deals", "1", "--processes", "1"]
    assert main([*arguments, "--output", str(whole)]) == 0
    first_line = whole.read_text().splitlines()[0]
    resumed.write_text(first_line + "\n" + '{"index": 1, "rec')  # as if killed in the middle of a line
    assert main([*arguments, "--output", str(resumed)]) == 0
    assert resumed.read_text() == whole.read_text()
    capsys.readouterr()
    assert main(["--review", str(records), "--deals", "3", "--processes", "1", "--output", str(resumed)]) == 2
    assert "other options" in capsys.readouterr().err


def test_reviews_on_a_local_dask_cluster_are_the_same_lines(exported, tmp_path):
    from distributed import LocalCluster

    _, records = exported
    local, clustered = tmp_path / "local.jsonl", tmp_path / "cluster.jsonl"
    common = ["--review", str(records), "--deals", "1", "--seats", "0"]
    assert main([*common, "--output", str(local), "--processes", "2"]) == 0
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      env={"PYTHONPATH": os.pathsep.join(sys.path)}) as cluster:
        assert main([*common, "--output", str(clustered), "--cluster", cluster.scheduler_address]) == 0
    assert clustered.read_text() == local.read_text()

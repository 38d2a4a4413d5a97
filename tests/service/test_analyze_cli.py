"""cardgames-analyze: the same answers as the server, resumable, and the same output on a
real local Dask cluster."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from cardgames_client import deal_input

from engine_service.analyze_cli import analyse_one, main, random_deals

ROOT = Path(__file__).resolve().parents[2]


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_its_lines_equal_the_servers_answers_and_a_bad_deal_is_a_line_of_its_own(client, tmp_path):
    deals = random_deals("belote", 50, "cli-vs-server")
    source = tmp_path / "deals.txt"
    source.write_text("\n".join(deals[:25] + ["0:not a deal"] + deals[25:]) + "\n")
    output = tmp_path / "out.jsonl"
    assert main([str(source), "--variant", "belote", "--table", "--output", str(output), "--processes", "2"]) == 0
    lines = lines_of(output)
    assert [line["index"] for line in lines] == list(range(51))
    assert "error" in lines[25] and lines[25]["deal"] == "0:not a deal"
    for line in lines[:25] + lines[26:]:
        answer = client.analyze_deal(deal_input("belote", deal=line["deal"]))
        assert line["value"] == answer.play.value
        assert line["cards"] == {card.card: card.value for card in answer.play.cards}
        assert line["contract"] == {"trump": answer.play.contract.trump, "taker": answer.play.contract.taker}
        assert {(cell["trump"], cell["taker"]): cell["value"] for cell in line["table"]} == {
            (cell.trump, cell.taker): cell.value for cell in answer.table}


def _run(arguments: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "engine_service.analyze_cli", *arguments], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _survivors(processes: list[psutil.Process]) -> list[psutil.Process]:
    """Those of ``processes`` still running a minute on (killed then, so no test leaves them behind)."""
    _, alive = psutil.wait_procs(processes, timeout=60)
    for process in alive:
        process.kill()
    return alive


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen[bytes]) -> None:
    """Until the output holds ``count`` lines (or the run ended)."""
    while process.poll() is None and (not path.exists() or path.read_bytes().count(b"\n") < count):
        time.sleep(0.02)


def test_a_run_interrupted_then_killed_resumes_and_has_every_deal_once_in_order(tmp_path):
    output = tmp_path / "resumed.jsonl"
    arguments = ["--variant", "belote3", "--random", "300", "--seed", "resume", "--output", str(output),
                 "--processes", "2"]
    first = _run(arguments)
    _wait_for_lines(output, 20, first)
    first.send_signal(signal.SIGINT)
    assert first.wait(timeout=60) in (0, 130)
    after_interrupt = output.read_bytes().count(b"\n")
    second = _run(arguments)
    _wait_for_lines(output, after_interrupt + 20, second)
    workers = psutil.Process(second.pid).children(recursive=True)
    assert len(workers) >= 2
    second.send_signal(signal.SIGKILL)
    second.wait(timeout=60)
    # Its pool workers end with it, rather than wait for work forever.
    alive = _survivors(workers)
    assert not alive, f"workers outlived the killed run: {[worker.pid for worker in alive]}"
    with open(output, "ab") as cut:  # as if the kill came in the middle of a line
        cut.write(b'{"index": 99')
    third = _run(arguments)
    assert third.wait(timeout=600) == 0
    lines = lines_of(output)
    assert [line["index"] for line in lines] == list(range(300))
    deals = random_deals("belote3", 300, "resume")
    assert [line["deal"] for line in lines] == deals
    for index in (0, after_interrupt - 1, after_interrupt, 299):  # spot checks against a direct analysis
        assert lines[index] == analyse_one("belote3", False, index, deals[index])


# A run holding a pool of two workers started by the given method, until it is killed.
_POOL_RUN = """
import multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from engine_service.analyze_cli import _end_with_the_run
context = multiprocessing.get_context(sys.argv[1])
with ProcessPoolExecutor(2, mp_context=context, initializer=_end_with_the_run) as pool:
    futures = [pool.submit(time.sleep, 0.2) for _ in range(2)]
    [future.result() for future in futures]
    print(len(multiprocessing.active_children()), flush=True)
    time.sleep(600)
"""


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_pool_workers_end_with_a_killed_run_however_they_were_started(method):
    run = subprocess.Popen([sys.executable, "-c", _POOL_RUN, method], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert run.stdout is not None and int(run.stdout.readline()) >= 2
        processes = psutil.Process(run.pid).children(recursive=True)  # the workers, and the helpers of the method
    finally:
        run.kill()
        run.wait(timeout=60)
    alive = _survivors(processes)
    assert not alive, f"{method}: {[process.cmdline() for process in alive]} outlived the killed run"


def test_a_file_it_cannot_read_or_write_is_a_one_line_error(tmp_path, capsys):
    not_utf8 = tmp_path / "latin1.txt"
    not_utf8.write_bytes(b"\xff\xfe deals\n")
    for arguments, why in [([str(tmp_path / "missing.txt")], "missing.txt: No such file or directory"),
                           ([str(not_utf8)], "the deals are not UTF-8 text"),
                           (["--random", "2", "--output", str(tmp_path / "no" / "out.jsonl")], "out.jsonl: No such file")]:
        assert main([*arguments, "--variant", "belote", "--processes", "1"]) == 2
        error = capsys.readouterr().err.strip()
        assert error.startswith("cardgames-analyze: ") and why in error and "\n" not in error


def test_a_reader_that_leaves_early_ends_the_run_quietly():
    """As with `cardgames-analyze ... | head -1`: more lines than a pipe holds, so the run is
    still writing when the reader leaves."""
    run = subprocess.Popen([sys.executable, "-m", "engine_service.analyze_cli", "--variant", "euchre3", "--random", "5000",
                            "--processes", "1"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert run.stdout is not None and run.stderr is not None
    assert json.loads(run.stdout.readline())["index"] == 0
    run.stdout.close()
    assert run.wait(timeout=120) == 141
    assert b"Traceback" not in run.stderr.read()


def test_an_output_of_other_deals_is_never_resumed(tmp_path):
    output = tmp_path / "out.jsonl"
    assert main(["--variant", "euchre3", "--random", "3", "--seed", "one", "--output", str(output)]) == 0
    before = output.read_text()
    assert main(["--variant", "euchre3", "--random", "5", "--seed", "other", "--output", str(output)]) == 2
    assert output.read_text() == before


def test_the_cluster_mode_on_a_local_dask_cluster_gives_the_same_output(tmp_path):
    from distributed import LocalCluster

    local, clustered = tmp_path / "local.jsonl", tmp_path / "cluster.jsonl"
    common = ["--variant", "euchre3", "--random", "40", "--seed", "cluster", "--table"]
    assert main([*common, "--output", str(local), "--processes", "1"]) == 0
    with LocalCluster(n_workers=2, threads_per_worker=2, processes=True, dashboard_address=None,
                      env={"PYTHONPATH": os.pathsep.join(sys.path)}) as cluster:
        assert main([*common, "--output", str(clustered), "--cluster", cluster.scheduler_address]) == 0
    assert clustered.read_text() == local.read_text()


@pytest.mark.parametrize("changed", [["--table"], ["--variant", "belote3"]])
def test_an_output_made_with_other_options_is_never_resumed(tmp_path, capsys, changed):
    """With --table, then without: the two kinds of line would otherwise mix silently."""
    output = tmp_path / "out.jsonl"
    common = ["--random", "3", "--seed", "same", "--output", str(output)]
    assert main(["--variant", "euchre3", *common]) == 0
    before = output.read_text()
    assert all(json.loads(line)["options"] == {"variant": "euchre3", "table": False} for line in before.splitlines())
    variant = ["--variant", "euchre3"] if "--variant" not in changed else []
    capsys.readouterr()
    assert main([*variant, *changed, *common]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and ("other options" in error or "other deals" in error), error
    assert output.read_text() == before
    assert main(["--variant", "euchre3", *common]) == 0 and output.read_text() == before  # the same options: done already


def test_a_cluster_where_no_scheduler_answers_is_a_one_line_error_leaving_no_output(tmp_path, capsys):
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{unused.getsockname()[1]}"  # nothing listens there
    output = tmp_path / "out.jsonl"
    started = time.monotonic()
    code = main(["--variant", "euchre3", "--random", "3", "--output", str(output), "--cluster", address,
                 "--connect-timeout", "1"])
    error = capsys.readouterr().err
    assert code == 2 and error.count("\n") == 1 and address in error and "Traceback" not in error, error
    assert not output.exists()
    assert time.monotonic() - started < 30  # the wait is bounded by --connect-timeout, not Dask's default

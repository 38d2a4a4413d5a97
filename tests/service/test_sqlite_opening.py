"""Server processes started at once on a new SQLite file (the workers of one server) all
open it: the switch to WAL mode, which SQLite refuses at once while another process holds
the file, is tried again."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

from engine_service.service.store import SqliteStore

ROUNDS = 40  # without the retry, about one opening in nine failed here
OPENERS = 3


def _open(path: str, start: multiprocessing.synchronize.Barrier, answers: multiprocessing.Queue) -> None:
    start.wait()
    try:
        SqliteStore(path).close_now()
        answers.put("opened")
    except sqlite3.Error as error:
        answers.put(f"{type(error).__name__}: {error}")


def test_processes_opening_a_new_file_at_once_all_open_it(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    for round_number in range(ROUNDS):
        path = str(tmp_path / f"games-{round_number}.db")
        start, answers = context.Barrier(OPENERS), context.Queue()
        openers = [context.Process(target=_open, args=(path, start, answers)) for _ in range(OPENERS)]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join()
        assert [answers.get() for _ in openers] == ["opened"] * OPENERS, round_number

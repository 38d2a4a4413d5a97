"""A real server process on a loopback port, for the service tests and benchmarks."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_SERVERS = itertools.count()
# A test's client is one caller that creates many games: no quota unless a flag sets one.
NO_QUOTAS = {"CARDGAMES_CREATIONS_PER_MINUTE": "0", "CARDGAMES_OPEN_TABLES_PER_CALLER": "0",
             "CARDGAMES_GAMES_IN_PLAY_PER_CALLER": "0"}


class ServerProcess:
    """``python -m engine_service.service.entry`` on 127.0.0.1, port chosen by the OS.

    Its log (stderr) goes to a file beside the database, as in production, rather than
    through a pipe that this process would have to drain.
    """

    def __init__(self, database: Path | str, *extra_args: str, env: dict[str, str] | None = None,
                 listen: str = "127.0.0.1:0", log_dir: Path | None = None, web: bool = False) -> None:
        self.database = str(database)
        self.listen = listen
        # The web port only when asked for: two servers of a run must never both try the default one.
        self.web_listen = "127.0.0.1:0" if web else ""
        self.web_address = ""
        self.extra_args = extra_args
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.address = ""
        # Beside a SQLite file; a PostgreSQL URL needs ``log_dir``.
        base = Path(log_dir) / "server" if log_dir is not None else Path(self.database)
        # A name no other server of this run has (an object's id is reused once it is freed).
        self.log_path = Path(f"{base}.{os.getpid()}.{next(_SERVERS)}.log")

    def launch(self) -> ServerProcess:
        """Starts the process without waiting for it to listen."""
        command = [sys.executable, "-m", "engine_service.service.entry", "--address", self.listen,
                   "--database", self.database, "--grace", "5", "--web-address", self.web_listen, *self.extra_args]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, stderr=log, stdout=subprocess.DEVNULL,
                                            env={**os.environ, **NO_QUOTAS, **(self.env or {})})
        return self

    def start(self, timeout: float = 30.0) -> ServerProcess:
        process = self.launch().process
        assert process is not None
        deadline = time.monotonic() + timeout
        while not self.address:
            for record in self.log_records():
                if record.get("event") == "server_started":
                    self.address = record["address"]
                    self.web_address = record.get("web_address", "")
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("server did not start:\n" + "".join(self.logs))
            time.sleep(0.02)
        return self

    @property
    def logs(self) -> list[str]:
        try:
            return self.log_path.read_text().splitlines(keepends=True)
        except FileNotFoundError:
            return []

    def kill(self) -> None:
        """SIGKILL: no chance to flush or clean up."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def terminate(self, timeout: float = 30.0) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.terminate()

    def wait_for_log(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        """The first log record matching ``predicate``, waiting for the log to catch up."""
        deadline = time.monotonic() + timeout
        while True:
            for record in self.log_records():
                if predicate(record):
                    return record
            if time.monotonic() > deadline:
                raise AssertionError("no such log record")
            time.sleep(0.02)

    def started_or_exited(self, timeout: float = 30.0) -> int | None:
        """After ``launch``: None once the server has started, or its exit status if it exits first."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            for record in self.log_records():
                if record.get("event") == "server_started":
                    self.address = record["address"]
                    self.web_address = record.get("web_address", "")
                    return None
            if self.process.poll() is not None:
                return self.process.returncode
            if time.monotonic() > deadline:
                raise AssertionError("the server neither started nor exited:\n" + "".join(self.logs))
            time.sleep(0.02)

    def log_records(self) -> list[dict[str, Any]]:
        records = []
        for line in self.logs:
            if line.startswith("{") and line.endswith("\n"):
                records.append(json.loads(line))
        return records

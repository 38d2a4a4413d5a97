"""A real server process on a loopback port, for the service tests and benchmarks."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path


class ServerProcess:
    """``python -m engine_service.service.server`` on 127.0.0.1, port chosen by the OS."""

    def __init__(self, database: Path | str, *extra_args: str, env: dict[str, str] | None = None) -> None:
        self.database = str(database)
        self.extra_args = extra_args
        self.env = env
        self.process: subprocess.Popen[str] | None = None
        self.address = ""
        self.logs: list[str] = []

    def start(self, timeout: float = 30.0) -> "ServerProcess":
        command = [sys.executable, "-m", "engine_service.service.server", "--address", "127.0.0.1:0",
                   "--database", self.database, "--grace", "5", *self.extra_args]
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                                        env={**os.environ, **(self.env or {})})
        deadline = time.monotonic() + timeout
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.logs.append(line)
            if '"server_started"' in line:
                self.address = json.loads(line)["address"]
                break
            if time.monotonic() > deadline:
                break
        if not self.address:
            self.process.kill()
            raise RuntimeError("server did not start:\n" + "".join(self.logs))
        threading.Thread(target=self._drain, args=(self.process,), daemon=True).start()
        return self

    def _drain(self, process: subprocess.Popen[str]) -> None:
        assert process.stderr is not None
        for line in process.stderr:
            self.logs.append(line)

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

    def wait_for_log(self, predicate, timeout: float = 10.0) -> dict:
        """The first log record matching ``predicate``, waiting for the log to catch up."""
        deadline = time.monotonic() + timeout
        while True:
            for record in self.log_records():
                if predicate(record):
                    return record
            if time.monotonic() > deadline:
                raise AssertionError("no such log record")
            time.sleep(0.02)

    def log_records(self) -> list[dict]:
        return [json.loads(line) for line in self.logs if line.startswith("{")]

"""A throwaway PostgreSQL server for the tests and benchmarks, started from the machine's
own PostgreSQL binaries (Debian's `postgresql` package: scripts/setup installs it when
missing). PostgreSQL refuses to run as root, so under root it runs as `nobody`."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

NOBODY = 65534


def binaries() -> Path | None:
    """The directory of initdb and postgres, if the machine has them."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """``initdb`` into a fresh directory, then ``postgres`` on a free loopback port, trust
    authentication for the user ``cardgames``, database ``cardgames``."""

    def __init__(self, *settings: str) -> None:
        """``settings``: more ``name=value`` server settings (``-c``)."""
        self.settings = [argument for setting in settings for argument in ("-c", setting)]
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError("no PostgreSQL server binaries: scripts/setup installs Debian's postgresql")
        self.bin = bin_dir
        # Outside pytest's 0700 directories: `nobody` must reach it.
        self.root = Path(tempfile.mkdtemp(prefix="cardgames-pg-", dir="/tmp"))
        self.root.chmod(0o755)
        self.data = self.root / "data"
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = self.root / "postgres.log"

    @property
    def url(self) -> str:
        return f"postgresql://cardgames@127.0.0.1:{self.port}/cardgames"

    def _as_owner(self, command: list[str]) -> list[str]:
        if os.geteuid() != 0:
            return command
        return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--", *command]

    def _owner_files(self) -> None:
        if os.geteuid() == 0:
            for path in (self.root, *self.root.rglob("*")):
                os.chown(path, NOBODY, NOBODY)

    def start(self, timeout: float = 60.0) -> PostgresServer:
        if not self.data.exists():
            self._owner_files()
            subprocess.run(self._as_owner([str(self.bin / "initdb"), "-D", str(self.data), "-U", "cardgames",
                                           "--auth=trust", "-E", "UTF8", "--no-sync"]),
                           check=True, capture_output=True)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                self._as_owner([str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port),
                                "-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={self.root}",
                                "-c", "max_connections=200", "-c", "shared_buffers=64MB", *self.settings]),
                stdout=log, stderr=log, cwd=self.root)
        deadline = time.monotonic() + timeout
        while subprocess.run([str(self.bin / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)],
                             capture_output=True).returncode != 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL did not start:\n" + self.log.read_text())
            time.sleep(0.05)
        subprocess.run([str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "cardgames",
                        "cardgames"], capture_output=True)  # exists already after a restart
        return self

    def stop(self) -> None:
        """A fast shutdown (SIGINT): clients are disconnected, the data stays."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(2)
            self.process.wait(timeout=60)

    def restart(self) -> None:
        self.stop()
        self.start()

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def fresh_database(self, name: str) -> str:
        """A new empty database on this server; its URL."""
        subprocess.run([str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "cardgames", name],
                       check=True, capture_output=True)
        return f"postgresql://cardgames@127.0.0.1:{self.port}/{name}"

"""Several server processes on one port: the multi-core mode (``--workers N``).

Python runs one thread of Python at a time, so one server process uses about one core.
With ``--workers N`` a supervisor starts N worker processes that listen on the same port
(SO_REUSEPORT: the kernel spreads connections among them) and share the database; the
store's compare-and-set keeps them consistent, and each worker catches up with the
others' commits before it reads or writes a game (games.py). The supervisor forwards
SIGTERM/SIGINT, and stops every worker if one of them dies (a process manager restarts
the whole; a half-alive service is worse).
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from typing import TYPE_CHECKING

from . import logs
from .store import Store

if TYPE_CHECKING:
    from .server import Settings

READY_FD_ENV = "CARDGAMES_READY_FD"


def reserve_port(address: str) -> tuple[socket.socket, str]:
    """Binds (without listening) the address with SO_REUSEPORT, so port 0 becomes a fixed port
    that the workers can all listen on; the socket is kept open until they do."""
    host, _, port = address.rpartition(":")
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    reserved = socket.socket(family, socket.SOCK_STREAM)
    reserved.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    reserved.bind((host.strip("[]"), int(port)))
    return reserved, f"{host}:{reserved.getsockname()[1]}"


def supervise(settings: Settings) -> int:
    log = logs.get_logger()
    try:
        Store(settings.database, synchronous=settings.sync).close()  # the schema, once, before the workers
        reserved, address = reserve_port(settings.address)
    except (sqlite3.Error, OSError, ValueError) as error:
        log.error("startup_failed", detail=str(error))
        logs.flush()
        return 1
    ready_read, ready_write = os.pipe()
    command = [sys.executable, "-m", "engine_service.service.server", "--workers", "1", "--address", address,
               "--database", settings.database, "--sync", settings.sync, "--grace", str(settings.grace),
               "--log-level", settings.log_level, "--solver-slots", str(settings.solver_slots)]
    env = {**os.environ, READY_FD_ENV: str(ready_write)}
    workers = [subprocess.Popen(command, env=env, pass_fds=(ready_write,)) for _ in range(settings.workers)]
    os.close(ready_write)
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    ready = 0
    while ready < len(workers) and not stopping:
        chunk = os.read(ready_read, 64)
        if not chunk:  # every worker closed the pipe: some died before starting
            break
        ready += len(chunk)
    os.close(ready_read)
    reserved.close()
    if ready == len(workers):
        log.info("server_started", address=address, database=settings.database, sync=settings.sync,
                 workers=len(workers))
        logs.flush()
    else:
        stopping = True
    while not stopping and all(worker.poll() is None for worker in workers):
        time.sleep(0.1)
    if not stopping:
        log.error("worker_died", exit_codes=[worker.poll() for worker in workers])
        logs.flush()
    log.info("server_stopping", grace_seconds=settings.grace)
    logs.flush()
    for worker in workers:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
    codes = [worker.wait() for worker in workers]
    log.info("server_stopped", exit_codes=codes)
    logs.flush()
    return 0 if ready == len(workers) and not any(codes) and stopping else 1


# Whether this process is a worker under a supervisor (read once: the variable is then
# removed so that processes this one starts do not inherit it).
_READY_FD = os.environ.pop(READY_FD_ENV, None)


def notify_ready() -> None:
    """In a worker: tells the supervisor this worker is listening."""
    if _READY_FD is not None:
        os.write(int(_READY_FD), b"1")
        os.close(int(_READY_FD))


def is_worker() -> bool:
    return _READY_FD is not None


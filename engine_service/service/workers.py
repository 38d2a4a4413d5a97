"""Several server processes on one port: the multi-core mode (``--workers N``, Linux).

Python runs one thread of Python at a time, so one server process uses about one core.
With ``--workers N`` a supervisor starts N worker processes that listen on the same port
(SO_REUSEPORT: the kernel spreads connections among them) and share the database; the
store's compare-and-set keeps them consistent, and each worker catches up with the
others' commits before it reads or writes a game (games.py).

The address is the supervisor's alone. It first binds the port without SO_REUSEPORT (with
SO_REUSEADDR, so that an earlier server's TIME_WAIT connections do not count), which fails
if something listens there: a lone server, another supervisor's workers, any program.
Then it swaps that socket for one bound with SO_REUSEPORT, which the workers join and
which it keeps until it exits: no socket without SO_REUSEPORT can bind the port meanwhile,
and another supervisor's first bind fails on it, even while no worker listens. The swap
is made under a lock named after the port (an abstract unix socket, which the kernel
releases with its process: no stale file), so that two supervisors started at once cannot
both bind in the gap between the other's two binds. Port 0 is resolved by the first bind,
once, for every worker. A refused address is logged as ``address_unavailable`` (as by a
lone server), with exit status 1.

Workers die with the supervisor: each watches the read end of a pipe (the lifeline) whose
write end only the supervisor holds; end-of-file means the supervisor has exited, whatever
the cause (SIGKILL included), and the worker then stops as on SIGTERM. The supervisor
waits for events (signals, through ``signal.set_wakeup_fd``, and the workers' "ready"
messages on a pipe), restarts a worker that dies (``worker_died``, ``worker_restarted``;
the new worker logs ``worker_started`` once it listens), and gives up, stopping every
worker and exiting with status 1, if replacements die before they are ready
``RESTART_ATTEMPTS`` times in a row: a crash loop is for a process manager to see. A worker
that dies during the startup fails the startup. SIGTERM/SIGINT are forwarded to the
workers for a graceful stop.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import selectors
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from typing import TYPE_CHECKING

from . import logs
from .settings import OPTIONS, Settings
from .store import DatabaseTooNew, SqliteStore, database_for_logs, is_postgres, sqlite_path

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Callable


READY_FD_ENV = "CARDGAMES_READY_FD"
LIFELINE_FD_ENV = "CARDGAMES_LIFELINE_FD"

# Replacement workers in a row that may die before they are ready before the supervisor gives up.
RESTART_ATTEMPTS = 3
# Seconds a worker may take to stop beyond its grace period before it is killed.
STOP_MARGIN_SECONDS = 10.0
# Seconds a supervisor waits for another one's swap of its socket on the same port (microseconds, normally).
PORT_LOCK_SECONDS = 5.0


def _port_lock(port: int) -> socket.socket:
    """Binds the abstract unix socket named after ``port``, waiting while another supervisor holds it."""
    lock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    deadline = time.monotonic() + PORT_LOCK_SECONDS
    while True:
        try:
            lock.bind(f"\0cardgames-server-port-{port}")
            return lock
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                lock.close()
                raise
            if time.monotonic() > deadline:
                lock.close()
                raise OSError(error.errno, f"another server is starting on port {port}") from None
            time.sleep(0.001)


def reserve_address(address: str) -> tuple[socket.socket, str]:
    """Binds (without listening) ``address`` with SO_REUSEPORT for the workers to join, after
    checking that nothing listens there; returns that socket and the address with its port
    resolved (port 0)."""
    host, _, port = address.rpartition(":")
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host.strip("[]"), int(port)))
        port_number = probe.getsockname()[1]
        lock = _port_lock(port_number)
    try:
        reserved = socket.socket(family, socket.SOCK_STREAM)
        try:
            reserved.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            reserved.bind((host.strip("[]"), port_number))
        except OSError:
            reserved.close()
            raise
    finally:
        lock.close()
    return reserved, f"{host}:{port_number}"


def worker_command(settings: Settings, address: str, web_address: str = "") -> list[str]:
    """The command line of a worker: every setting as its flag, one process, the reserved addresses."""

    worker = dataclasses.replace(settings, workers=1, address=address, web_address=web_address)
    # Not the database: a URL may hold a password, and a command line is public (ps); the
    # workers read it from their environment (worker_environment).
    return [sys.executable, "-m", "engine_service.service.entry",
            *(text for option in OPTIONS if option.field != "database"
              for text in (option.flag, str(getattr(worker, option.field))))]


def worker_environment(settings: Settings) -> dict[str, str]:
    """What a worker gets in its environment beside the supervisor's: the database."""
    return {option.env: settings.database for option in OPTIONS if option.field == "database"}


def supervise(settings: Settings) -> int:
    """Runs ``settings.workers`` workers until SIGTERM/SIGINT; the exit status."""
    log = logs.get_logger()
    with contextlib.ExitStack() as held:
        try:
            address = _reserve(held, settings.address)
            web_address = _reserve(held, settings.web_address) if settings.web_address else ""
        except (OSError, ValueError) as error:
            log.error("address_unavailable", detail=f"cannot listen on {error}")
            logs.flush()
            return 1
        try:
            if not is_postgres(settings.database):  # the file's schema, once, before the workers
                SqliteStore(sqlite_path(settings.database), synchronous=settings.sync).close_now()
        except (sqlite3.Error, DatabaseTooNew) as error:
            log.error("database_unavailable", detail=f"cannot open {settings.database}: {error}")
            logs.flush()
            return 1
        return _Supervisor(settings, address, web_address).run()


def _reserve(held: contextlib.ExitStack, address: str) -> str:
    """:func:`reserve_address`, held until ``held`` closes; the address with its port resolved."""
    try:
        reserved, resolved = reserve_address(address)
    except (OSError, ValueError) as error:
        raise OSError(f"{address}: {error}") from None
    held.enter_context(reserved)
    return resolved


class _Supervisor:
    """The workers, their pipes, and the loop that waits for signals and workers' messages."""

    def __init__(self, settings: Settings, address: str, web_address: str) -> None:
        self.log = logs.get_logger()
        self.settings = settings
        self.address = address
        self.web_address = web_address
        self.command = worker_command(settings, address, web_address)
        self.workers: dict[int, subprocess.Popen[bytes]] = {}
        self.ready: set[int] = set()
        self.stopping = False
        self._unread = b""

    def run(self) -> int:
        self.ready_read, self.ready_write = os.pipe()
        self.lifeline_read, self.lifeline_write = os.pipe()  # the write end only here, never inherited
        os.set_blocking(self.ready_read, False)
        self.wakeup, wakeup_write = socket.socketpair()
        self.wakeup.setblocking(False)
        wakeup_write.setblocking(False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.wakeup, selectors.EVENT_READ)
        self.selector.register(self.ready_read, selectors.EVENT_READ)
        previous_wakeup = signal.set_wakeup_fd(wakeup_write.fileno(), warn_on_full_buffer=False)
        handlers = {signum: signal.signal(signum, self._stop_requested) for signum in (signal.SIGTERM, signal.SIGINT)}
        handlers[signal.SIGCHLD] = signal.signal(signal.SIGCHLD, lambda signum, frame: None)  # only to wake the selector
        try:
            return self._run()
        finally:
            for signum, handler in handlers.items():
                signal.signal(signum, handler)
            signal.set_wakeup_fd(previous_wakeup)
            self.selector.close()
            self.wakeup.close()
            wakeup_write.close()
            for fd in (self.ready_read, self.ready_write, self.lifeline_read, self.lifeline_write):
                os.close(fd)

    def _stop_requested(self, signum: int, frame: object) -> None:
        self.stopping = True

    def _spawn(self) -> subprocess.Popen[bytes]:
        env = {**os.environ, **worker_environment(self.settings), READY_FD_ENV: str(self.ready_write),
               LIFELINE_FD_ENV: str(self.lifeline_read)}
        worker = subprocess.Popen(self.command, env=env, pass_fds=(self.ready_write, self.lifeline_read))
        self.workers[worker.pid] = worker
        return worker

    def _wait(self, timeout: float | None = None) -> tuple[set[int], list[subprocess.Popen[bytes]]]:
        """Waits for a signal or a message; the workers that became ready and those that exited since."""
        for key, _ in self.selector.select(timeout):
            if key.fileobj is self.wakeup:
                while True:
                    try:
                        if not self.wakeup.recv(4096):
                            break
                    except BlockingIOError:
                        break
        newly_ready: set[int] = set()
        while True:
            try:
                chunk = os.read(self.ready_read, 4096)
            except BlockingIOError:
                break
            self._unread += chunk
            *lines, self._unread = self._unread.split(b"\n")
            newly_ready.update(int(line) for line in lines)
        self.ready |= newly_ready
        exited = [worker for worker in self.workers.values() if worker.poll() is not None]
        for worker in exited:
            del self.workers[worker.pid]
        return newly_ready, exited

    def _died(self, worker: subprocess.Popen[bytes]) -> None:
        self.log.error("worker_died", pid=worker.pid, exit_code=worker.returncode)  # -N: killed by signal N

    def _run(self) -> int:
        for _ in range(self.settings.workers):
            self._spawn()
        exited: list[subprocess.Popen[bytes]] = []
        while len(self.ready) < self.settings.workers and not exited and not self.stopping:
            _, exited = self._wait()
        if self.stopping:
            return self._stop(exited)
        if exited:
            for worker in exited:
                self._died(worker)
            self.log.error("startup_failed", detail="a worker exited before it was ready")
            return self._stop(exited, failed=True)
        self.log.info("server_started", address=self.address, web_address=self.web_address,
                      database=database_for_logs(self.settings.database), sync=self.settings.sync,
                      workers=self.settings.workers)
        logs.flush()
        failures = 0  # replacements in a row that died before they were ready
        while not self.stopping:  # checked before each wait: a signal that came just before is not missed
            newly_ready, exited = self._wait()
            if self.stopping:
                return self._stop(exited)
            if newly_ready:
                failures = 0
            for worker in exited:
                self._died(worker)
                if worker.pid not in self.ready:
                    failures += 1
                self.ready.discard(worker.pid)
            if failures >= RESTART_ATTEMPTS:
                self.log.error("worker_restarts_failed", attempts=failures,
                               detail="replacement workers keep exiting before they are ready")
                return self._stop(exited, failed=True)
            for worker in exited:
                self.log.info("worker_restarted", pid=self._spawn().pid, replaced=worker.pid)
            logs.flush()
        return self._stop([])

    def _stop(self, exited: list[subprocess.Popen[bytes]], failed: bool = False) -> int:
        """Forwards SIGTERM to every worker and waits for them (killing those still there well
        after their grace period); 0 if asked to stop and every worker, ``exited`` included,
        stopped cleanly."""
        self.log.info("server_stopping", grace_seconds=self.settings.grace)
        logs.flush()
        for worker in self.workers.values():
            worker.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + self.settings.grace + STOP_MARGIN_SECONDS
        codes = {worker.pid: worker.returncode for worker in exited}
        killed = False
        while self.workers:
            _, exited = self._wait(None if killed else max(0.0, deadline - time.monotonic()))
            codes.update((worker.pid, worker.returncode) for worker in exited)
            if self.workers and not killed and time.monotonic() >= deadline:
                for worker in self.workers.values():
                    self.log.error("worker_killed", pid=worker.pid, detail="still running after its grace period")
                    worker.kill()
                killed = True
        self.log.info("server_stopped", exit_codes=list(codes.values()))
        logs.flush()
        return 1 if failed or any(codes.values()) else 0


# Whether this process is a worker under a supervisor, and its pipes (read once: the
# variables are then removed so that processes this one starts do not inherit them).
_READY_FD = os.environ.pop(READY_FD_ENV, None)
_LIFELINE_FD = os.environ.pop(LIFELINE_FD_ENV, None)


def notify_ready() -> None:
    """In a worker: tells the supervisor this worker is listening."""
    if _READY_FD is not None:
        try:
            os.write(int(_READY_FD), f"{os.getpid()}\n".encode())
        except BrokenPipeError:
            pass  # the supervisor is gone: the lifeline stops this worker
        os.close(int(_READY_FD))


def watch_supervisor(loop: asyncio.AbstractEventLoop, stop: Callable[[], object]) -> None:
    """In a worker: calls ``stop`` once the supervisor has exited (the lifeline reads
    end-of-file), at once if it already has."""
    if _LIFELINE_FD is None:
        return
    lifeline = int(_LIFELINE_FD)

    def gone() -> None:
        loop.remove_reader(lifeline)
        logs.get_logger().warning("supervisor_gone")
        stop()

    loop.add_reader(lifeline, gone)


def is_worker() -> bool:
    return _READY_FD is not None

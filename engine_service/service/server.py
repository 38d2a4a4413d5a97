"""The gRPC server: wiring, health, reflection, graceful shutdown (its settings are in
``settings.py``)."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sqlite3
import sys
from collections.abc import Sequence
from typing import Any

import grpc
from cardgames.v1 import (
    analysis_service_pb2,
    analysis_service_pb2_grpc,
    event_service_pb2,
    event_service_pb2_grpc,
    game_service_pb2,
    game_service_pb2_grpc,
    player_service_pb2,
    player_service_pb2_grpc,
)
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from ..solver import interrupt_all, slowed_down
from . import logs, metrics, workers
from .analysis_servicer import AnalysisServiceServicer
from .callers import Callers
from .clock import clock_from_environment
from .errors import StorageUnavailable
from .event_servicer import EventServiceServicer
from .events import EventService
from .games import GameService
from .interceptor import ServiceInterceptor, add_intercepted, service_handlers
from .logins import LoginSettings, LoginVerifier
from .player_servicer import PlayerServiceServicer
from .players import Players
from .quotas import Quotas
from .runner import TableRunner
from .servicer import GameServiceServicer
from .settings import Settings, parse_settings
from .solving import SolverSlots
from .store import DatabaseTooNew, database_for_logs, open_store
from .web import Draining, WebServer, bind, endpoints, web_application

DAY = 24 * 3600.0
SERVICE_NAME = game_service_pb2.DESCRIPTOR.services_by_name["GameService"].full_name
ANALYSIS_SERVICE_NAME = analysis_service_pb2.DESCRIPTOR.services_by_name["AnalysisService"].full_name
PLAYER_SERVICE_NAME = player_service_pb2.DESCRIPTOR.services_by_name["PlayerService"].full_name
EVENT_SERVICE_NAME = event_service_pb2.DESCRIPTOR.services_by_name["EventService"].full_name


def _origins(text: str) -> list[str]:
    return [origin.strip() for origin in text.split(",") if origin.strip()]


class StartupError(Exception):
    """The server cannot start; ``event`` names why in the log."""

    def __init__(self, event: str, detail: str) -> None:
        super().__init__(detail)
        self.event = event
        self.detail = detail


class Server:
    """A started server; ``stop`` drains it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # SO_REUSEPORT lets the workers of one supervisor listen on one port (workers.py);
        # a lone server must not share its port with another server started by mistake.
        self.grpc = grpc.aio.server(options=[("grpc.so_reuseport", 1 if workers.is_worker() else 0)])
        try:  # the address first: a server refused its address leaves no database behind
            self.port = self.grpc.add_insecure_port(settings.address)
        except RuntimeError:
            raise StartupError("address_unavailable", f"cannot listen on {settings.address}") from None
        self.address = f"{settings.address.rsplit(':', 1)[0]}:{self.port}"
        web_socket = None
        if settings.web_address:
            try:  # the workers of one supervisor share its port, as the gRPC one
                web_socket = bind(settings.web_address, reuse_port=workers.is_worker())
            except (OSError, ValueError) as error:
                raise StartupError("address_unavailable", f"cannot listen on {settings.web_address}: {error}") from None
        try:
            self.store = open_store(settings.database, synchronous=settings.sync)
        except sqlite3.Error as error:
            raise StartupError("database_unavailable", f"cannot open {settings.database}: {error}") from None
        except DatabaseTooNew as error:
            raise StartupError("database_too_new", f"{settings.database}: {error}") from None
        quotas = Quotas(settings.creations_per_minute, settings.open_tables_per_caller, settings.games_in_play_per_caller)
        self.games = GameService(self.store, clock=clock_from_environment(), quotas=quotas,
                                 idle_limit=settings.idle_days * DAY if settings.idle_days else None)
        logins = LoginVerifier(LoginSettings(settings.auth_issuer, settings.auth_audience, settings.auth_jwks_url,
                                             settings.auth_name_claim)) if settings.auth_issuer else None
        callers = Callers(settings.trusted_proxies.split(","), logins)
        self.health = health.aio.HealthServicer()  # type: ignore[attr-defined]  # grpc-stubs predates health.aio
        self.solving = SolverSlots(settings.solver_slots, settings.hint_slots, settings.caller_slots,
                                   analysis_memory_mb=settings.analysis_memory_mb)
        self.runner = TableRunner(self.games, self.solving)
        # The gauges hold the pools, not the server: the registry is global and outlives it.
        solving = self.solving
        metrics.watch_slots("hint", lambda: solving.hints.busy, lambda: solving.hints.waiting)
        metrics.watch_slots("analysis", lambda: solving.analysis.busy, lambda: solving.analysis.waiting)
        self._database_watch: asyncio.Task[None] | None = None
        interceptor = ServiceInterceptor()
        services = (
            service_handlers(game_service_pb2_grpc.add_GameServiceServicer_to_server,
                             GameServiceServicer(self.games, self.solving, callers)),
            service_handlers(analysis_service_pb2_grpc.add_AnalysisServiceServicer_to_server,
                             AnalysisServiceServicer(self.games, self.solving, callers)),
            service_handlers(player_service_pb2_grpc.add_PlayerServiceServicer_to_server,
                             PlayerServiceServicer(Players(self.store), callers)),
            service_handlers(event_service_pb2_grpc.add_EventServiceServicer_to_server,
                             EventServiceServicer(EventService(self.games), callers)),
        )
        for service, handlers in services:
            add_intercepted(self.grpc, service, handlers, interceptor)
        self.web: WebServer | None = None
        if web_socket is not None:
            # The same handlers and interceptor over HTTP, for browsers (web.py).
            draining = Draining()
            application = web_application(endpoints(services, interceptor, draining), _origins(settings.web_origins))
            self.web = WebServer(application, web_socket, grace=settings.grace, draining=draining)
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self.grpc)
        reflection.enable_server_reflection(
            (SERVICE_NAME, ANALYSIS_SERVICE_NAME, PLAYER_SERVICE_NAME, EVENT_SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
            self.grpc,
        )

    @property
    def web_address(self) -> str:
        """Where the web table and the browser API listen; empty if nowhere."""
        return self.web.address if self.web is not None else ""

    async def start(self) -> None:
        try:
            await self.store.open()
            if self.games.live.idle_limit:  # games stored before the bound (or a longer one) are held to it
                await self.store.bound_idle(self.games.live.idle_limit)
        except DatabaseTooNew as error:
            raise StartupError("database_too_new", str(error)) from None
        except (sqlite3.Error, StorageUnavailable) as error:
            raise StartupError("database_unavailable", f"cannot open the database: {error}") from None
        await self.runner.start()
        await self.grpc.start()
        if self.web is not None:
            await self.web.start()
        await self._set_health(True)
        metrics.DATABASE_UP.set(1)  # it answered: the store is open
        self._database_watch = asyncio.get_running_loop().create_task(self._watch_database())

    async def _set_health(self, serving: bool) -> None:
        status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
        for name in ("", SERVICE_NAME, ANALYSIS_SERVICE_NAME):
            await self.health.set(name, status)

    async def _watch_database(self) -> None:
        """Readiness follows the database: NOT_SERVING while it does not answer."""
        up = True
        while True:
            await asyncio.sleep(DATABASE_CHECK_SECONDS)
            answers = await self.store.ping()
            metrics.DATABASE_UP.set(1 if answers else 0)
            if answers != up:
                up = answers
                logs.get_logger().warning("database_up" if up else "database_down")
                await self._set_health(up)

    async def stop(self) -> None:
        """Stops accepting calls, lets in-flight calls finish within the grace period, closes the database."""
        if self._database_watch is not None:
            self._database_watch.cancel()
        await self._set_health(False)
        await self.runner.stop()  # no entry of the server's own after this: its turns resume at the next start
        await asyncio.gather(self.grpc.stop(self.settings.grace), *([self.web.stop()] if self.web is not None else []))
        interrupt_all()  # the solves of calls the grace period ended: their threads would hold up the exit
        self.solving.close()
        await self.store.close()


# How often readiness checks that the database answers.
DATABASE_CHECK_SECONDS = 1.0
# Log lines are buffered (no system call per line) and written out this often.
LOG_FLUSH_SECONDS = 0.1


async def _flush_logs_every(seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        logs.flush()


async def serve(settings: Settings) -> None:
    log = logs.get_logger()
    try:
        server = Server(settings)
    except StartupError as error:
        log.error(error.event, detail=error.detail)
        logs.flush()
        raise SystemExit(1) from None
    try:
        await server.start()
    except StartupError as error:
        log.error(error.event, detail=error.detail)
        logs.flush()
        # Its gRPC server, bound but never started, is stopped while the loop runs rather
        # than left to the interpreter's exit (which reports a failed hook).
        await server.stop()
        raise SystemExit(1) from None
    if workers.is_worker():
        log.info("worker_started", address=server.address, web_address=server.web_address, pid=os.getpid())
        logs.flush()
        workers.notify_ready()
    else:
        log.info("server_started", address=server.address, web_address=server.web_address,
                 database=database_for_logs(settings.database), sync=settings.sync)
        logs.flush()
    if settings.metrics_address and not workers.is_worker():
        log.info("metrics_started", address=metrics.serve(settings.metrics_address))
        logs.flush()
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    flusher = loop.create_task(_flush_logs_every(LOG_FLUSH_SECONDS))
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopping.set)
    workers.watch_supervisor(loop, stopping.set)  # a worker stops with its supervisor, as on SIGTERM
    await stopping.wait()
    stopping_event, stopped_event = ("worker_stopping", "worker_stopped") if workers.is_worker() else (
        "server_stopping", "server_stopped")
    log.info(stopping_event, grace_seconds=settings.grace)
    logs.flush()
    await server.stop()
    flusher.cancel()
    log.info(stopped_event)
    logs.flush()


# Python's cyclic garbage collector, tuned for a server whose heap grows with its games:
# with the default thresholds (700, 10, 10) full collections ran about once a second at
# 64 games, up to 65 ms each, 6% of the event loop and most of the p99 latency (measured
# with gc.callbacks under benchmarks/service_bench.py). Young collections every 50,000
# allocations instead of 700, full ones ten times rarer; what the imports built is frozen
# out of every collection.
GC_THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# Testing only: every search of the server this many times slower, as on a slower CPU, so
# that tests of time limits and deadlines hold whatever the speed of the machine.
TEST_SLOWDOWN_ENV = "CARDGAMES_TEST_SLOWDOWN"


def _test_slowdown() -> int:
    text = os.environ.get(TEST_SLOWDOWN_ENV, "1")
    return int(text) if text.isdigit() and int(text) > 0 else 1


def main(argv: Sequence[str] | None = None) -> None:
    settings = parse_settings(argv)
    static: dict[str, Any] = {"worker": os.getpid()} if workers.is_worker() else {}
    logs.configure(settings.log_level, **static)
    logs.bridge_the_rest()
    if settings.workers > 1:
        sys.exit(workers.supervise(settings))
    tune_gc()
    with slowed_down(_test_slowdown()):
        asyncio.run(serve(settings))
    # Stopped cleanly: a late second SIGTERM (the supervisor forwarding one the process
    # group already received) must not turn a clean exit into a kill.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

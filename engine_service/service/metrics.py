"""Prometheus metrics (prometheus-client), served on their own port (``--metrics-address``).

| metric | type | labels |
|---|---|---|
| `cardgames_rpcs_total` | counter | method, status |
| `cardgames_rpc_seconds` | histogram | method |
| `cardgames_entries_committed_total` | counter | kind (`move`, `table`: claims, resignations...) |
| `cardgames_watchers` | gauge | |
| `cardgames_solver_slots_busy` | gauge | pool (`hint`, `analysis`) |
| `cardgames_solver_waiting` | gauge | pool (`hint`: hints waiting their turn) |
| `cardgames_store_seconds` | histogram | operation (`append`, `create`) |
| `cardgames_database_up` | gauge | 1 while the database answers |
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

REGISTRY = CollectorRegistry()
RPCS = Counter("cardgames_rpcs", "RPCs answered, by method and status", ["method", "status"], registry=REGISTRY)
RPC_SECONDS = Histogram("cardgames_rpc_seconds", "RPC latency", ["method"], registry=REGISTRY,
                        buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
ENTRIES = Counter("cardgames_entries_committed", "Log entries committed", ["kind"], registry=REGISTRY)
WATCHERS = Gauge("cardgames_watchers", "Watch streams open", registry=REGISTRY)
SOLVER_SLOTS = Gauge("cardgames_solver_slots_busy", "Solver slots in use", ["pool"], registry=REGISTRY)
SOLVER_WAITING = Gauge("cardgames_solver_waiting", "Solves waiting for a slot", ["pool"], registry=REGISTRY)
STORE_SECONDS = Histogram("cardgames_store_seconds", "Store write latency, to the commit", ["operation"],
                          registry=REGISTRY,
                          buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5))
DATABASE_UP = Gauge("cardgames_database_up", "1 while the database answers", registry=REGISTRY)


def watch_slots(pool: str, busy: Callable[[], int], waiting: Callable[[], int]) -> None:
    """The gauges of a solver pool read its busy and waiting counts when scraped."""
    SOLVER_SLOTS.labels(pool=pool).set_function(busy)
    SOLVER_WAITING.labels(pool=pool).set_function(waiting)


def serve(address: str) -> str:
    """Serves /metrics on ``address`` (host:port, port 0 picks one) in a thread; the address bound."""
    host, _, port = address.rpartition(":")
    server, _ = start_http_server(int(port), addr=host or "127.0.0.1", registry=REGISTRY)
    bound_host, bound_port = server.server_address[:2]
    host_text = bound_host.decode() if isinstance(bound_host, bytes) else str(bound_host)
    return f"{host_text}:{bound_port}"

"""Service throughput: durable moves per second over loopback, against the no-op ceiling.

Starts a real server process (SQLite file, synchronous=FULL unless --sync NORMAL; with
--database, also PostgreSQL with one replica and with two replicas on one database, the
PostgreSQL server started by the script from the machine's binaries), then for each
concurrency level N: creates N games (the four variants in turn), plays them to the
end with N concurrent asyncio clients, each submitting its game's moves one after the
other (a move is acknowledged only once committed). The move sequences are computed
beforehand on a local replica of each game (same seed), so the client spends its CPU on
RPCs, not on rules. In the same run, at the same concurrency, N clients call the
server's health Check (a no-op RPC through the same server): the ceiling.

    .venv/bin/python benchmarks/service_bench.py --concurrency 16,64,256 --seconds 10
    .venv/bin/python benchmarks/service_bench.py --database sqlite,postgresql,postgresql-2 --workers 1
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames_client import AsyncClient, CardgamesError, api, move  # noqa: E402

from engine_service.rules import new_game  # noqa: E402
from tests.service.postgres_server import PostgresServer  # noqa: E402
from tests.service.server_process import ServerProcess  # noqa: E402

VARIANTS = ("euchre3", "belote3", "hearts", "belote")


def move_sequence(variant: str, seed: str, rng: random.Random, limit: int) -> list[tuple[int, str]]:
    """(seat, move text) of a random game on a replica, up to ``limit`` moves."""
    game = new_game(variant, seed=seed)
    moves = []
    while not game.is_over() and len(moves) < limit:
        seat = rng.choice(game.to_act())
        move = rng.choice(game.legal_moves(seat))
        game.push(seat, move)
        moves.append((seat, move.text()))
    return moves


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of processes so far (Linux /proc)."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def server_pids(server: ServerProcess) -> list[int]:
    """The server process and its workers (children), if any."""
    root = server.process.pid
    children = Path(f"/proc/{root}/task/{root}/children").read_text().split()
    return [root, *(int(pid) for pid in children)]


def spread(addresses: str | list[str], index: int) -> str:
    """The server address of client connection ``index``: connections alternate among replicas."""
    return addresses if isinstance(addresses, str) else addresses[index % len(addresses)]


def connect(address: str) -> grpc.aio.Channel:
    """A channel with its own TCP connection (channels otherwise share one per target), so
    that the kernel can spread the connections among the server's workers."""
    return grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def timed(pids: list[int], calls, seconds: float) -> dict[str, float]:
    """Runs every coroutine function of ``calls`` in a loop (each yields RPCs to await) for
    ``seconds``; latency per RPC, and the server's and this client's CPU per RPC."""
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def loop(next_call) -> None:
        while time.perf_counter() < deadline:
            call = next_call()
            if call is None:
                return
            started = time.perf_counter()
            await call
            latencies.append(time.perf_counter() - started)

    server_before, client_before = cpu_seconds(pids) if pids else 0, time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*(loop(next_call) for next_call in calls))
    elapsed = time.perf_counter() - started
    return {
        "per_second": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "server_cpu_us": ((cpu_seconds(pids) if pids else 0) - server_before) / len(latencies) * 1e6,
        "client_cpu_us": (time.process_time() - client_before) / len(latencies) * 1e6,
    }


async def run_moves(address: str | list[str], pids: list[int], concurrency: int, channels: int, seconds: float,
                    rng: random.Random) -> dict[str, float]:
    """``concurrency`` games in play at every moment: each slot plays its games one after
    the other (all created beforehand), so a game that ends is replaced at once."""
    clients = [AsyncClient(spread(address, index), channel=connect(spread(address, index)), timeout=60)
               for index in range(channels)]
    # Enough moves per slot for the whole measurement, even at twice the best rate seen.
    moves_per_slot = max(100, int(seconds * 8000 / concurrency))
    slots = []
    for slot in range(concurrency):
        client = clients[slot % channels]
        requests: list[tuple[api.SubmitMoveRequest, tuple]] = []
        while len(requests) < moves_per_slot:
            variant = VARIANTS[(slot + len(requests)) % len(VARIANTS)]
            seed = f"bench-{concurrency}-{slot}-{rng.random()}"
            created = await client.create_game(variant, seed=seed)
            # Requests and credentials built beforehand: the timed loop only makes RPCs.
            requests += [
                (api.SubmitMoveRequest(game_id=created.game_id, seat=seat, move=move(text)),
                 (("authorization", f"Bearer {created.tokens[seat]}"),))
                for seat, text in move_sequence(variant, seed, rng, limit=moves_per_slot - len(requests))
            ]
        slots.append((client.stub.SubmitMove, iter(requests)))
    exhausted = []

    def caller(submit, requests):
        def next_call():
            request = next(requests, None)
            if request is None:
                exhausted.append(True)
                return None
            return submit(request[0], metadata=request[1])
        return next_call

    figures = await timed(pids, [caller(submit, requests) for submit, requests in slots], seconds)
    if exhausted:
        print(f"warning: {len(exhausted)} of {concurrency} slots ran out of moves before the end", file=sys.stderr)
    for client in clients:
        await client.close()
    return figures


async def run_noop(address: str | list[str], pids: list[int], concurrency: int, channels: int,
                   seconds: float) -> dict[str, float]:
    opened = [connect(spread(address, index)) for index in range(channels)]
    stubs = [health_pb2_grpc.HealthStub(channel) for channel in opened]
    request = health_pb2.HealthCheckRequest(service="cardgames.v1.GameService")
    calls = [(lambda stub=stubs[i % channels]: stub.Check(request)) for i in range(concurrency)]
    figures = await timed(pids, calls, seconds)
    for channel in opened:
        await channel.close()
    return figures


def start_servers(database: str, workers: int, sync: str, directory: Path,
                  postgres: PostgresServer | None) -> list[ServerProcess]:
    """The servers of one row: a SQLite file (with ``workers``), or replicas on PostgreSQL."""
    if database == "sqlite":
        return [ServerProcess(directory / "bench.db", "--sync", sync, "--workers", str(workers)).start()]
    assert postgres is not None
    url = postgres.fresh_database(f"bench_{directory.name.lower().replace('-', '_')}")
    replicas = 2 if database == "postgresql-2" else 1
    return [ServerProcess(url, log_dir=directory).start() for _ in range(replicas)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--concurrency", default="16,64,256", help="comma-separated numbers of concurrent games")
    parser.add_argument("--workers", default="1,2", help="comma-separated server worker counts (--workers, SQLite)")
    parser.add_argument("--database", default="sqlite",
                        help="comma-separated: sqlite, postgresql (one replica), postgresql-2 (two replicas)")
    parser.add_argument("--channels", type=int, default=4, help="client connections (spread among workers)")
    parser.add_argument("--seconds", type=float, default=10.0, help="duration of each measurement")
    parser.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    databases = args.database.split(",")
    postgres = PostgresServer().start() if any(name != "sqlite" for name in databases) else None
    print(f"SQLite synchronous={args.sync}, {args.seconds:.0f} s per figure, {args.channels} client connections; "
          "CPU in microseconds per request (server: all its processes)")
    print(f"{'database':>12} {'workers':>7} {'games':>6} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'srv us':>7} "
          f"{'cli us':>7} | {'no-op/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'srv us':>7} {'cli us':>7} | {'ratio':>6}")
    try:
        for database in databases:
            for workers in (int(n) for n in args.workers.split(",")) if database == "sqlite" else (1,):
                with tempfile.TemporaryDirectory() as directory:
                    servers = start_servers(database, workers, args.sync, Path(directory), postgres)
                    addresses = [server.address for server in servers]
                    try:
                        pids = [pid for server in servers for pid in server_pids(server)]
                        for concurrency in (int(n) for n in args.concurrency.split(",")):
                            noop = asyncio.run(run_noop(addresses, pids, concurrency, args.channels, args.seconds))
                            moves = asyncio.run(run_moves(addresses, pids, concurrency, args.channels, args.seconds,
                                                          rng))
                            ratio = moves["per_second"] / noop["per_second"]
                            cells = [
                                f"{f['per_second']:>9.0f} {f['p50_ms']:>8.2f} {f['p99_ms']:>8.2f} "
                                f"{f['server_cpu_us']:>7.0f} {f['client_cpu_us']:>7.0f}"
                                for f in (moves, noop)
                            ]
                            print(f"{database:>12} {workers:>7} {concurrency:>6} {cells[0]} | {cells[1]} | {ratio:>6.2f}",
                                  flush=True)
                    except CardgamesError as error:
                        print("failed:", error)
                        raise
                    finally:
                        for server in servers:
                            server.stop()
    finally:
        if postgres is not None:
            postgres.destroy()


if __name__ == "__main__":
    main()

"""Service throughput: durable moves per second over loopback, against the no-op ceiling.

Starts a real server process (SQLite file, synchronous=FULL unless --sync NORMAL), then for
each concurrency level N: creates N games (the four variants in turn), plays them to the
end with N concurrent asyncio clients, each submitting its game's moves one after the
other (a move is acknowledged only once committed). The move sequences are computed
beforehand on a local replica of each game (same seed), so the client spends its CPU on
RPCs, not on rules. In the same run, at the same concurrency, N clients call the
server's health Check (a no-op RPC through the same server): the ceiling.

    .venv/bin/python benchmarks/service_bench.py --concurrency 16,64,256 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(pid: int, run) -> dict[str, float]:
    """Runs a phase; adds the server's and this client's CPU time per request (microseconds)."""
    server_before, client_before = cpu_seconds(pid), time.process_time()
    figures = asyncio.run(run)
    figures["server_cpu_us"] = (cpu_seconds(pid) - server_before) / figures["count"] * 1e6
    figures["client_cpu_us"] = (time.process_time() - client_before) / figures["count"] * 1e6
    return figures


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_moves(address: str, concurrency: int, seconds: float, rng: random.Random) -> dict[str, float]:
    client = AsyncClient(address, timeout=60)
    games = []
    for index in range(concurrency):
        variant = VARIANTS[index % len(VARIANTS)]
        seed = f"bench-{concurrency}-{index}"
        created = await client.create_game(variant, seed=seed)
        # Requests and credentials built beforehand: the timed loop only makes RPCs.
        requests = [
            (api.SubmitMoveRequest(game_id=created.game_id, seat=seat, move=move(text)),
             (("authorization", f"Bearer {created.tokens[seat]}"),))
            for seat, text in move_sequence(variant, seed, rng, limit=100_000)
        ]
        games.append(requests)
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    submit = client.stub.SubmitMove

    async def play(requests) -> None:
        for request, metadata in requests:
            if time.perf_counter() > deadline:
                return
            started = time.perf_counter()
            await submit(request, metadata=metadata)
            latencies.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(play(requests) for requests in games))
    elapsed = time.perf_counter() - started
    await client.close()
    return {
        "per_second": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "count": len(latencies),
    }


async def run_noop(address: str, concurrency: int, seconds: float) -> dict[str, float]:
    channel = grpc.aio.insecure_channel(address)
    stub = health_pb2_grpc.HealthStub(channel)
    request = health_pb2.HealthCheckRequest(service="cardgames.v1.GameService")
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def loop() -> None:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            await stub.Check(request)
            latencies.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(loop() for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    await channel.close()
    return {
        "per_second": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "count": len(latencies),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--concurrency", default="16,64,256", help="comma-separated numbers of concurrent games")
    parser.add_argument("--seconds", type=float, default=10.0, help="duration of each measurement")
    parser.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as directory:
        server = ServerProcess(Path(directory) / "bench.db", "--sync", args.sync, "--log-level", "info").start()
        try:
            print(f"server {server.address}, SQLite synchronous={args.sync}, {args.seconds:.0f} s per figure")
            print(f"{'games':>6} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'srv us':>7} {'cli us':>7} | "
                  f"{'no-op/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'srv us':>7} {'cli us':>7} | {'ratio':>6}")
            pid = server.process.pid
            for concurrency in (int(n) for n in args.concurrency.split(",")):
                noop = measured(pid, run_noop(server.address, concurrency, args.seconds))
                moves = measured(pid, run_moves(server.address, concurrency, args.seconds, rng))
                ratio = moves["per_second"] / noop["per_second"]
                row = [f"{concurrency:>6}"]
                for figures in (moves, noop):
                    row.append(f"{figures['per_second']:>9.0f} {figures['p50_ms']:>8.2f} {figures['p99_ms']:>8.2f} "
                               f"{figures['server_cpu_us']:>7.0f} {figures['client_cpu_us']:>7.0f}")
                print(" ".join(row[:1]) + " " + " | ".join(row[1:]) + f" | {ratio:>6.2f}", flush=True)
        except CardgamesError as error:
            print("failed:", error)
            raise
        finally:
            server.stop()


if __name__ == "__main__":
    main()

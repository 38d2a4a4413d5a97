"""Scaling with the machine: durable moves a second through R replicas on one PostgreSQL
(and through one SQLite server with N workers), with client processes enough that they
are never the bottleneck, and the database's own commit ceiling with and without
notifications, in one run.

For each R (default 1, 2, 4... up to the machine's cores) the script starts R replicas on a
fresh database of a PostgreSQL server it starts itself (fsync on), then client processes,
each with its share of the games in play (every game always in play: one that ends is
replaced), submitting moves computed beforehand, each acknowledged once committed. It
reports moves a second, the latency (p50, p99), and the CPU used by the replicas,
PostgreSQL and each client process (in cores). Then, with two replicas, the notice's
latency: a move acknowledged on one replica until a watcher on the other has it.

The commit ceiling: one-row insert transactions from many connections, plain, with
``pg_notify`` in the transaction, and with the notice sent after the commit in a
transaction of its own.

    .venv/bin/python benchmarks/scale_bench.py [--replicas 1,2,4] [--games 256] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cardgames_client import CardgamesError, Client  # noqa: E402
from service_bench import cpu_seconds, percentile, run_moves, server_pids  # noqa: E402

from tests.service.players import choose  # noqa: E402
from tests.service.postgres_server import PostgresServer  # noqa: E402
from tests.service.server_process import ServerProcess  # noqa: E402


def postgres_pids(server: PostgresServer) -> list[int]:
    """The postmaster and every backend (its children)."""
    assert server.process is not None
    root = server.process.pid
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        try:
            todo += [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except FileNotFoundError:
            continue
    return found


def live_cpu(pids: list[int]) -> float:
    """cpu_seconds of the processes still there."""
    return cpu_seconds([pid for pid in pids if Path(f"/proc/{pid}").exists()])


def cpu_by_pid(pids: list[int]) -> dict[int, float]:
    found = {}
    for pid in pids:
        try:
            found[pid] = cpu_seconds([pid])
        except FileNotFoundError:
            continue
    return found


def cpu_between(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two readings (a process born since counts whole)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def client_process(addresses: list[str], games: int, seconds: float, seed: int, out: multiprocessing.Queue) -> None:
    started_cpu = time.process_time()
    figures = asyncio.run(run_moves(addresses, [], games, max(1, min(4, games)), seconds, random.Random(seed)))
    figures["cpu"] = time.process_time() - started_cpu
    figures["moves"] = figures["per_second"] * seconds
    out.put(figures)


def measure_moves(addresses: list[str], replica_pids: list[int], postgres: PostgresServer | None, games: int,
                  processes: int, seconds: float) -> dict[str, object]:
    context = multiprocessing.get_context("spawn")  # fresh interpreters: no copy of this one's state
    queue = context.Queue()
    share = [games // processes + (index < games % processes) for index in range(processes)]
    workers = [context.Process(target=client_process, args=(addresses, count, seconds, index, queue))
               for index, count in enumerate(share) if count]
    servers_before = live_cpu(replica_pids)
    database_before = cpu_by_pid(postgres_pids(postgres)) if postgres else {}
    started = time.monotonic()
    for worker in workers:
        worker.start()
    results = [queue.get() for _ in workers]
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - started
    return {
        "moves_per_second": sum(float(result["per_second"]) for result in results),
        "p50_ms": statistics.median(float(result["p50_ms"]) for result in results),
        "p99_ms": max(float(result["p99_ms"]) for result in results),
        "replicas_cores": (live_cpu(replica_pids) - servers_before) / elapsed,
        "database_cores": cpu_between(database_before, cpu_by_pid(postgres_pids(postgres))) / elapsed if postgres else 0.0,
        "clients_cores": [round(float(result["cpu"]) / seconds, 2) for result in results],
    }


def notice_latency(first: str, second: str, moves: int = 300) -> tuple[float, float]:
    """Seconds from a move's acknowledgement on ``first`` to its arrival at a watcher on
    ``second``: p50 and p99."""
    rng = random.Random(7)
    arrived: dict[int, float] = {}
    with Client(first) as mover:
        game = mover.create_game("hearts", {"target_score": 1000}, seed="notice-latency")
        watching = Client(second)
        stream = watching.watch(game.game_id, timeout=600)

        def watch() -> None:
            try:
                for item in stream:
                    if item.HasField("change"):
                        arrived[item.change.version] = time.monotonic()
            except CardgamesError:
                return  # the stream closed at the end

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        acknowledged: dict[int, float] = {}
        while len(acknowledged) < moves:
            table = mover.get_game(game.game_id)
            if not table.to_act:
                break
            seat = table.to_act[0]
            view = mover.get_game(game.game_id, seat, game.tokens[seat])
            answer = mover.submit_move(game.game_id, seat, game.tokens[seat], choose(view, rng))
            acknowledged[answer.version] = time.monotonic()
            time.sleep(0.01)  # one move at a time, the notice's own latency, not a queue's
        deadline = time.monotonic() + 30
        while not set(acknowledged) <= set(arrived) and time.monotonic() < deadline:
            time.sleep(0.01)
        watching.close()
    latencies = sorted(max(0.0, arrived[v] - acknowledged[v]) for v in acknowledged if v in arrived)
    return percentile(latencies, 0.5), percentile(latencies, 0.99)


async def commit_ceiling(url: str, connections: int, seconds: float, notify: str) -> float:
    """One-row insert transactions a second from ``connections`` connections: ``notify`` is
    "none", "inside" (pg_notify in the transaction) or "after" (in a transaction of its own)."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as setup:
        await setup.execute("CREATE TABLE IF NOT EXISTS ceiling (id bigserial PRIMARY KEY, payload text)")
    done = 0
    deadline = time.monotonic() + seconds

    async def writer() -> None:
        nonlocal done
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            while time.monotonic() < deadline:
                if notify == "inside":
                    await conn.execute("WITH i AS (INSERT INTO ceiling (payload) VALUES ('x') RETURNING id)"
                                       " SELECT pg_notify('ceiling', id::text) FROM i")
                else:
                    await conn.execute("INSERT INTO ceiling (payload) VALUES ('x')")
                    if notify == "after":
                        await conn.execute("SELECT pg_notify('ceiling', 'x')")
                done += 1

    started = time.monotonic()
    await asyncio.gather(*(writer() for _ in range(connections)))
    return done / (time.monotonic() - started)


def ceiling_process(url: str, connections: int, seconds: float, notify: str, out: multiprocessing.Queue) -> None:
    out.put(asyncio.run(commit_ceiling(url, connections, seconds, notify)))


def ceilings(url: str, connections: int, processes: int, seconds: float) -> dict[str, float]:
    found = {}
    for notify in ("none", "inside", "after"):
        context = multiprocessing.get_context("spawn")
        queue = context.Queue()
        workers = [context.Process(target=ceiling_process, args=(url, connections // processes, seconds, notify, queue))
                   for _ in range(processes)]
        for worker in workers:
            worker.start()
        found[notify] = sum(queue.get() for _ in workers)
        for worker in workers:
            worker.join()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cores = os.cpu_count() or 1
    default_replicas = ",".join(str(2 ** power) for power in range(cores.bit_length()) if 2 ** power <= cores)
    parser.add_argument("--replicas", default=default_replicas, help="comma-separated (default: 1, 2, 4... to the cores)")
    parser.add_argument("--games", type=int, default=256, help="games in play at every moment")
    parser.add_argument("--clients", type=int, default=max(1, cores // 2), help="client processes")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--sqlite-workers", default=default_replicas, help="comma-separated --workers of a SQLite server")
    parser.add_argument("--connections", type=int, default=64, help="connections of the commit ceiling")
    args = parser.parse_args()
    print(f"machine: {cores} cores; {args.games} games in play; {args.clients} client processes; {args.seconds:.0f} s each")
    postgres = PostgresServer().start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            url = postgres.fresh_database("ceiling")
            found = ceilings(url, args.connections, args.clients, args.seconds)
            print(f"commit ceiling, {args.connections} connections: no notice {found['none']:,.0f}/s; pg_notify in"
                  f" the transaction {found['inside']:,.0f}/s; notice after the commit {found['after']:,.0f}/s")
            print("| replicas | moves/s | p50 ms | p99 ms | replicas (cores) | PostgreSQL (cores) | each client (cores) |")
            print("|---|---|---|---|---|---|---|")
            for count in (int(text) for text in args.replicas.split(",")):
                url = postgres.fresh_database(f"scale_{count}_{random.randrange(10 ** 6)}")
                replicas = [ServerProcess(url, log_dir=Path(folder)).start() for _ in range(count)]
                try:
                    pids = [pid for replica in replicas for pid in server_pids(replica)]
                    row = measure_moves([replica.address for replica in replicas], pids, postgres,
                                        args.games, args.clients, args.seconds)
                    if count >= 2:
                        p50, p99 = notice_latency(replicas[0].address, replicas[1].address)
                        latency = f" (notice to the other replica: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms)"
                    else:
                        latency = ""
                finally:
                    for replica in replicas:
                        replica.stop()
                print(f"| {count} | {row['moves_per_second']:,.0f} | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} |"
                      f" {row['replicas_cores']:.2f} | {row['database_cores']:.2f} | {row['clients_cores']} |{latency}")
            print("| SQLite workers | moves/s | p50 ms | p99 ms | server (cores) | | each client (cores) |")
            print("|---|---|---|---|---|---|---|")
            for count in (int(text) for text in args.sqlite_workers.split(",") if text):
                server = ServerProcess(Path(folder) / f"scale-{count}.db", "--workers", str(count)).start()
                try:
                    row = measure_moves([server.address], server_pids(server), None, args.games, args.clients,
                                        args.seconds)
                finally:
                    server.stop()
                print(f"| {count} | {row['moves_per_second']:,.0f} | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} |"
                      f" {row['replicas_cores']:.2f} | | {row['clients_cores']} |")
    finally:
        postgres.destroy()


if __name__ == "__main__":
    main()

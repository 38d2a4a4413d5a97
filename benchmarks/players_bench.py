"""Ratings and leaderboards on PostgreSQL, with 100,000 rated players.

Starts a PostgreSQL server (the machine's binaries, as the tests do), fills a fresh
database with ``--players`` rated hearts players (each with a rating and one history row),
then measures on the same database:

1. the store: entries per second of plain moves (the baseline: one compare-and-set
   statement each) and of entries that end a rated match (the entry, the rated-match key,
   four ratings read under lock, four history rows and four ratings written, in one
   transaction), ``--concurrency`` writers at once for ``--seconds`` each;
2. a real server process: the latency of ListLeaderboard's first page and of pages deep
   in the board (following the tokens), and of GetGame on the same server for scale.

    .venv/bin/python benchmarks/players_bench.py --players 100000 --seconds 8 --concurrency 16
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from cardgames_client import Client  # noqa: E402

from engine_service.ratings import RatedMatch  # noqa: E402
from engine_service.service.store import Facts, GameRecord, MoveRecord  # noqa: E402
from engine_service.service.store.postgres import PostgresStore  # noqa: E402
from tests.service.postgres_server import PostgresServer  # noqa: E402
from tests.service.server_process import ServerProcess  # noqa: E402

VARIANT = "hearts"


def fill(url: str, players: int, rng: random.Random) -> None:
    """``players`` rated players, most past their provisional matches, written with COPY."""
    with psycopg.connect(url) as conn, conn.cursor() as cursor:
        with cursor.copy("COPY players (player_id, name, first_seen, last_seen) FROM STDIN") as copy:
            for index in range(players):
                copy.write_row((f"p{index:07d}", f"Player {index}", 1.0, 1.0))
        with cursor.copy("COPY rating_history (seq, variant, entity, game_id, at, mu, sigma, matches, rating)"
                         " FROM STDIN") as copy:
            for index in range(players):
                mu, sigma = rng.gauss(25, 4), rng.uniform(3, 8)
                copy.write_row((index + 1, VARIANT, f"p{index:07d}", "seed", 1.0, mu, sigma, 20, mu - 3 * sigma))
        cursor.execute("SELECT setval('rating_history_seq_seq', %s)", (players,))
        cursor.execute("INSERT INTO ratings (variant, entity, mu, sigma, matches, rating, last_seq, updated_at)"
                       " SELECT variant, entity, mu, sigma, matches, rating, seq, at FROM rating_history")
        cursor.execute("ANALYZE")


async def store_rates(url: str, players: int, concurrency: int, seconds: float, rng: random.Random) -> dict[str, float]:
    store = PostgresStore(url)
    await store.open()
    try:
        versions: dict[str, int] = {}
        for index in range(concurrency * 2):
            game_id = f"bench{index}"
            await store.create_game(GameRecord(game_id, VARIANT, {}, "s", None, [""] * 4, 1.0), Facts("ACTIVE", [0] * 4))
            versions[game_id] = 0
        rates = {}
        for kind in ("plain", "rated", "plain again"):
            done = 0
            stop = time.monotonic() + seconds
            matches = 0

            async def writer(game_ids: list[str], kind: str = kind, stop: float = stop) -> None:
                nonlocal done, matches
                while time.monotonic() < stop:
                    game_id = rng.choice(game_ids)
                    versions[game_id] += 1
                    rating = None
                    if kind == "rated":
                        matches += 1
                        entities = tuple((f"p{rng.randrange(players):07d}",) for _ in range(4))
                        rating = RatedMatch(f"m{kind}{matches}-{rng.random()}", VARIANT, 2.0, entities, (1, 2, 3, 4))
                    await store.append_move(game_id, MoveRecord(versions[game_id], 0, "next-deal", None, None, 2.0),
                                            Facts("ACTIVE", [0] * 4, rating=rating))
                    done += 1

            games = list(versions)
            started = time.monotonic()
            await asyncio.gather(*(writer(games[index::concurrency]) for index in range(concurrency)))
            rates[kind] = done / (time.monotonic() - started)
        return rates
    finally:
        await store.close()


def latencies(call, count: int) -> tuple[float, float]:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--calls", type=int, default=50)
    args = parser.parse_args()
    rng = random.Random(1)
    postgres = PostgresServer().start()
    try:
        url = postgres.fresh_database("bench_players")
        asyncio.run(PostgresStore(url).open())  # the schema
        started = time.monotonic()
        fill(url, args.players, rng)
        print(f"filled {args.players:,} rated players in {time.monotonic() - started:.1f} s")
        rates = asyncio.run(store_rates(url, args.players, args.concurrency, args.seconds, rng))
        baseline = (rates["plain"] + rates["plain again"]) / 2
        print(f"store, {args.concurrency} writers: plain entries {rates['plain']:.0f}/s and {rates['plain again']:.0f}/s;"
              f" entries ending a rated match {rates['rated']:.0f}/s ({rates['rated'] / baseline:.2f} of plain)")
        with tempfile.TemporaryDirectory() as directory:
            server = ServerProcess(url, log_dir=Path(directory)).start()
            try:
                with Client(server.address) as client:
                    game = client.create_game("hearts", seed="bench")
                    first = latencies(lambda: client.list_leaderboard(VARIANT, page_size=50), args.calls)
                    token, page = "", 0
                    deep = []
                    while page < 200:
                        started_call = time.perf_counter()
                        answer = client.list_leaderboard(VARIANT, page_size=50, page_token=token)
                        deep.append((time.perf_counter() - started_call) * 1000)
                        token, page = answer.next_page_token, page + 1
                    deep.sort()
                    view = latencies(lambda: client.get_game(game.game_id), args.calls)
                    last_rank = answer.entries[-1].rank
            finally:
                server.stop()
        print(f"ListLeaderboard first page of 50: median {first[0]:.1f} ms, p95 {first[1]:.1f} ms")
        print(f"ListLeaderboard pages 1..200 (to rank {last_rank:,}) by token: median {statistics.median(deep):.1f} ms,"
              f" p95 {deep[int(len(deep) * 0.95) - 1]:.1f} ms")
        print(f"GetGame on the same server: median {view[0]:.2f} ms, p95 {view[1]:.2f} ms")
    finally:
        postgres.destroy()


if __name__ == "__main__":
    main()

"""Bot throughput: moves per second the server's own bots make in 64 concurrent all-bot
games, beside the human-move throughput of the same server in the same run.

For each bot strength (`random`, `hint`) it starts a real server process (SQLite file,
synchronous=FULL) and measures on it, in turn:
- human moves: N concurrent clients each playing its games' moves one after the other
  (benchmarks/service_bench.py's load): the baseline;
- bot moves: N all-bot games (the four variants in turn), no bot delay, no pause between
  deals, nobody connected; the rate is the games' versions gained over the window (read
  with ListGames at its start and end). `hint` bots think --hint-budget-ms a move, at most
  half the server's hint slots at once (one per two cores).
Each bot rate is also given as a ratio to the human-move rate of the same server.

    .venv/bin/python benchmarks/tables_bench.py --games 64 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cardgames_client import Client, table_options  # noqa: E402
from service_bench import VARIANTS, run_moves, server_pids  # noqa: E402

from tests.service.server_process import ServerProcess  # noqa: E402

PLAYERS = {"euchre3": 3, "belote3": 3, "hearts": 4, "belote": 4}


def versions(client: Client, game_ids: set[str]) -> tuple[int, int]:
    """The versions of the games summed, and how many of them are over."""
    total = finished = 0
    for summary in client.iter_games(page_size=1000):
        if summary.game_id in game_ids:
            total += summary.version
            finished += summary.status not in (1, 3)  # neither active nor waiting
    return total, finished


def bot_rate(address: str, games: int, strength: str, seconds: float, budget_ms: int) -> tuple[float, int]:
    """Bot moves per second over the window, and the games that ended within it."""
    with Client(address) as client:
        created = {
            client.create_game(variant, table=table_options(
                [f"bot:{strength}"] * PLAYERS[variant], bot_delay_ms=0, deal_pause_ms=0, bot_budget_ms=budget_ms,
            )).game_id
            for variant in (VARIANTS[index % len(VARIANTS)] for index in range(games))
        }
        time.sleep(1.0)  # let every game get going: the window measures a steady load
        start, started_over = versions(client, created), time.perf_counter()
        time.sleep(seconds)
        end, ended = versions(client, created), time.perf_counter()
    return (end[0] - start[0]) / (ended - started_over), end[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=64, help="concurrent games of each kind")
    parser.add_argument("--seconds", type=float, default=10.0, help="duration of each measurement")
    parser.add_argument("--hint-budget-ms", type=int, default=200, help="time a hint bot thinks per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.games} concurrent games, {args.seconds:.0f} s per figure, hint bots {args.hint_budget_ms} ms a move")
    print(f"{'bots':>7} {'human moves/s':>14} {'bot moves/s':>12} {'ratio':>7} {'games over':>11}")
    for strength in ("random", "hint"):
        with tempfile.TemporaryDirectory() as directory:
            server = ServerProcess(Path(directory) / "tables.db").start()
            try:
                humans = asyncio.run(run_moves(server.address, server_pids(server), args.games, 4, args.seconds,
                                               random.Random(args.seed)))["per_second"]
                rate, over = bot_rate(server.address, args.games, strength, args.seconds, args.hint_budget_ms)
                print(f"{strength:>7} {humans:>14.0f} {rate:>12.1f} {rate / humans:>7.3f} {over:>6} of {args.games}",
                      flush=True)
            finally:
                server.stop()


if __name__ == "__main__":
    main()

"""The server's resident memory through 300 watch streams and 50 analyses: before, at the
peak, and once every stream is closed and every analysis answered.

Starts a real server process (SQLite file), reads its resident set size (VmRSS, Linux
/proc) while, first, 300 watch streams are open on 100 games (``--games``; bots play them
meanwhile, so changes flow to every stream), then closed; second, 50 whole-deal analyses are asked, as
many at once as the server has analysis slots. RSS is sampled every 50 ms during each phase.

    .venv/bin/python benchmarks/memory_bench.py [--streams 300] [--analyses 50]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames_client import Client, deal_input, table_options  # noqa: E402

from engine_service.rules import new_game  # noqa: E402
from engine_service.rules.notation import format_deal  # noqa: E402
from tests.service.server_process import ServerProcess  # noqa: E402


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Sampler:
    """The process's peak RSS while it runs (a sample every 50 ms)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = rss_mb(pid)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._done.wait(0.05):
            self.peak = max(self.peak, rss_mb(self.pid))

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._done.set()
        self._thread.join()
        self.peak = max(self.peak, rss_mb(self.pid))


def streams(server: ServerProcess, count: int, games_count: int) -> tuple[float, float, float]:
    pid = server.process.pid
    before = rss_mb(pid)
    with Client(server.address) as client, Sampler(pid) as sampler:
        games = [client.create_game("hearts", seed=f"memory-{number}", table=table_options(
            ["bot:random"] * 4, bot_delay_ms=200, deal_pause_ms=200)) for number in range(games_count)]
        opened = [client.watch(games[number % games_count].game_id) for number in range(count)]
        for stream in opened:
            next(iter(stream))  # the snapshot: the stream is open on the server
        time.sleep(5)  # changes flow to every stream meanwhile
        for stream in opened:
            stream.close()
    time.sleep(2)  # the server sees every stream closed
    return before, sampler.peak, rss_mb(pid)


def analyses(server: ServerProcess, count: int, slots: int) -> tuple[float, float, float]:
    pid = server.process.pid
    before = rss_mb(pid)
    deals = []
    for number in range(count):
        variant = ("belote", "belote3", "euchre3")[number % 3]
        game = new_game(variant, seed=f"memory-analysis-{number}")
        deals.append(deal_input(variant, deal=format_deal(game.deck, game.dealt)))
    with Client(server.address, timeout=600) as client, Sampler(pid) as sampler:
        with ThreadPoolExecutor(slots) as pool:
            list(pool.map(client.analyze_deal, deals))
    time.sleep(2)
    return before, sampler.peak, rss_mb(pid)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--games", type=int, default=100, help="the games the streams watch (bots play them)")
    parser.add_argument("--analyses", type=int, default=50)
    args = parser.parse_args()
    slots = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "games.db", "--solver-slots", str(slots), "--caller-slots", str(slots)).start()
        try:
            started = rss_mb(server.process.pid)
            print(f"server started: {started:.1f} MB resident ({slots} analysis slots)")
            print("| phase | before MB | peak MB | after MB |")
            print("|---|---|---|---|")
            before, peak, after = streams(server, args.streams, args.games)
            print(f"| {args.streams} watch streams on {args.games} games | {before:.1f} | {peak:.1f} | {after:.1f} |")
            before, peak, after = analyses(server, args.analyses, slots)
            print(f"| {args.analyses} whole-deal analyses, {slots} at once | {before:.1f} | {peak:.1f} | {after:.1f} |")
        finally:
            server.stop()


if __name__ == "__main__":
    main()

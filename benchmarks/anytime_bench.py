"""Anytime analysis latency: AnalyzeDealProgress on whole hearts deals from the first card,
through a real server (one solver slot, whose solver keeps its tables between deals as a
server does).

Per deal, measured at the client: the first message (the cheap bounds), the first message
that narrowed them (a proved bound), and the exact values; with `--solve`, the same deal's
`Solver.solve` in this process, for the cost of reporting as it goes. A deal still inexact
at `--limit` seconds counts as the limit (its figures are then lower bounds).

    .venv/bin/python benchmarks/anytime_bench.py [--deals 20] [--limit 60] [--solve]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cardgames_client import Client, deal_input

from engine_service.rules import format_deal, format_position, new_game
from engine_service.solver import Solver

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.service.server_process import ServerProcess


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(client: Client, deal: str, dealer: int, limit: float) -> tuple[float, float, float, bool]:
    """Seconds to the first message, to the first narrower bounds, to the exact values (or
    the limit), and whether they were reached."""
    started = time.perf_counter()
    first = narrowed = None
    width = None
    item = deal_input("hearts", deal=deal, dealer=dealer)
    for message in client.analyze_deal_progress(item, time_limit_ms=int(limit * 1000)):
        now = time.perf_counter() - started
        first = now if first is None else first
        span = message.value.high - message.value.low
        if width is not None and span < width and narrowed is None:
            narrowed = now
        width = span
        if message.exact:
            return first, narrowed if narrowed is not None else now, now, True
    assert first is not None, "at least the first bounds"
    return first, narrowed if narrowed is not None else limit, limit, False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per deal")
    parser.add_argument("--solve", action="store_true", help="also time Solver.solve on each deal")
    args = parser.parse_args()
    deals = []
    for number in range(args.deals):
        game = new_game("hearts", seed=f"anytime-bench-{number}")
        deals.append((format_deal(game.deck, game.dealt), game.dealer, format_position(game.deck, game.position_as_dealt()),
                      game.next_seat(game.dealer)))
    firsts, narrowed, exacts, solves, late = [], [], [], [], 0
    with tempfile.TemporaryDirectory() as directory:
        server = ServerProcess(Path(directory) / "bench.db", "--solver-slots", "1", "--caller-slots", "1").start()
        try:
            with Client(server.address, timeout=None) as client:
                for number, (deal, dealer, position, player) in enumerate(deals):
                    first, narrower, exact, reached = measure(client, deal, dealer, args.limit)
                    firsts.append(first)
                    narrowed.append(narrower)
                    exacts.append(exact)
                    late += not reached
                    line = f"deal {number:3}: first {first * 1000:7.1f} ms  narrower {narrower:7.2f} s  exact {exact:7.2f} s"
                    if args.solve:
                        started = time.perf_counter()
                        Solver().solve("hearts", position, player=player, line=True)  # the server's memory
                        solves.append(time.perf_counter() - started)
                        line += f"  solve {solves[-1]:7.2f} s"
                    print(line + ("" if reached else "  (limit)"), flush=True)
        finally:
            server.stop()
    print(f"\n{'':22} {'median':>9} {'p90':>9}")
    print(f"{'first message (ms)':22} {statistics.median(firsts) * 1000:9.1f} {percentile(firsts, 0.9) * 1000:9.1f}")
    print(f"{'first narrower (s)':22} {statistics.median(narrowed):9.2f} {percentile(narrowed, 0.9):9.2f}")
    print(f"{'exact (s)':22} {statistics.median(exacts):9.2f} {percentile(exacts, 0.9):9.2f}")
    if solves:
        print(f"{'Solver.solve (s)':22} {statistics.median(solves):9.2f} {percentile(solves, 0.9):9.2f}")
        ratios = [e / s for e, s in zip(exacts, solves) if s > 0]
        print(f"anytime / solve, median of the deals: {statistics.median(ratios):.2f}")
    print(f"{late} of {len(deals)} deals not exact within {args.limit:g} s")


if __name__ == "__main__":
    main()

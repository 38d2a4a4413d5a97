"""Batch analysis throughput: AnalyzeDeals through a real server, on 1 and 2 cores.

A fresh server process (two solver slots, cold solver tables) per run gets the same batch,
with `parallelism` 1, then 2: seeded deals in notation, each analysed in full (the play under the default contract
and the whole table over trumps and takers: 12 or 16 solves from the first card). Hearts
deals are 13-card positions with six tricks left instead (a whole 52-card hearts table is
minutes of search), each solved for its first player.

    .venv/bin/python benchmarks/analysis_bench.py [--deals 60] [--variants euchre3,belote3,belote,hearts]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from cardgames_client import Client, deal_input

from engine_service.rules import Phase, new_game
from engine_service.rules.notation import format_deal, format_position

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.service.server_process import ServerProcess

SCALE = {"euchre3": 10, "belote3": 1, "belote": 1, "hearts": 1}  # euchre3 deals are tiny: more of them


def items(variant: str, count: int) -> list:
    batch = []
    for number in range(count * SCALE[variant]):
        game = new_game(variant, seed=f"analysis-bench-{number}")
        if variant != "hearts":
            batch.append(deal_input(variant, deal=format_deal(game.deck, game.dealt), dealer=game.dealer))
            continue
        rng = random.Random(number)
        while game.phase is not Phase.PLAY or len(game.tricks) < 7 or game.current_trick:
            seat = game.to_act()[0]
            game.push(seat, rng.choice(game.legal_moves(seat)))
        batch.append(deal_input("hearts", position=format_position(game.deck, game.position()), player=0))
    return batch


def run(client: Client, batch: list, parallelism: int) -> tuple[float, int]:
    started = time.perf_counter()
    errors = sum(message.HasField("error") for message in client.analyze_deals(batch, parallelism=parallelism,
                                                                               time_limit_ms=600_000))
    return time.perf_counter() - started, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--variants", default="euchre3,belote3,belote,hearts")
    args = parser.parse_args()
    print(f"{'variant':9} {'items':>6} {'1 core /s':>10} {'2 cores /s':>11} {'ratio':>6}")
    for variant in args.variants.split(","):
        batch = items(variant, args.deals)
        one, two = (run_on_fresh_server(batch, parallelism) for parallelism in (1, 2))
        print(f"{variant:9} {len(batch):6} {len(batch) / one:10.2f} {len(batch) / two:11.2f} {one / two:6.2f}")


def run_on_fresh_server(batch: list, parallelism: int) -> float:
    """Seconds for the batch on a new server (so no run finds the deals in warm tables)."""
    with tempfile.TemporaryDirectory() as directory:
        server = ServerProcess(Path(directory) / "bench.db", "--solver-slots", "2", "--caller-slots", "2").start()
        try:
            with Client(server.address, timeout=None) as client:
                seconds, errors = run(client, batch, parallelism)
                assert errors == 0, "every item of the benchmark is valid"
                return seconds
        finally:
            server.stop()


if __name__ == "__main__":
    main()

"""One whole deal of each variant reviewed for every seat at the default budget, through a
real server: the time to the first verdict, the whole review's time against its target
(1.2 × non-forced decisions × budget ÷ the server's analysis slots), and decisions a second.

Each deal is dealt from a fixed seed and played at random on a real server (SQLite file), then
ReviewGame asks for it (every seat, the default budget of 200 ms per known verdict, at most
64 deals each). The known verdicts share the slots with the real deal's double-dummy
solves (one slot per deal), so the target holds when those solves fit in the time left.

    .venv/bin/python benchmarks/review_bench.py [--deals 3] [--seed 1] [--variants hearts,belote]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames_client import Client, pb  # noqa: E402

from tests.service.players import choose  # noqa: E402
from tests.service.server_process import ServerProcess  # noqa: E402

OPTIONS = {"euchre3": {"target_score": 10}, "belote3": {"target_score": 1000}, "hearts": {"target_score": 100},
           "belote": {"target_score": 1000}}
BUDGET = 0.2  # the review's default seconds per known verdict


def played_deal(client: Client, variant: str, seed: str) -> str:
    """A game of a seeded deal played at random to its end (a void deal is dealt again),
    then resigned: the match over, its deals may be reviewed (a seed the creator gave keeps
    them hidden until then)."""
    rng = random.Random(seed)
    game = client.create_game(variant, OPTIONS[variant], seed=seed)
    while True:
        table = client.get_game(game.game_id)
        if table.phase == pb.PHASE_DEAL_OVER:
            seat = table.to_act[0]
            if table.results[-1].outcome != pb.DEAL_OUTCOME_VOID:
                client.resign(game.game_id, seat, game.tokens[seat])
                return game.game_id
            client.submit_move(game.game_id, seat, game.tokens[seat], "next-deal")
            continue
        seat = rng.choice(list(table.to_act))
        view = client.get_game(game.game_id, seat, game.tokens[seat])
        client.submit_move(game.game_id, seat, game.tokens[seat], choose(view, rng))


def review(client: Client, game_id: str, deal: int) -> dict[str, float]:
    started = time.monotonic()
    first = None
    non_forced = 0
    total = 0
    for message in client.review_game(game_id, deal_number=deal, timeout=600):
        if first is None:
            first = time.monotonic() - started
        if message.HasField("decision"):
            total += 1
            non_forced += message.decision.HasField("known")
    elapsed = time.monotonic() - started
    return {"first": first or elapsed, "elapsed": elapsed, "decisions": total, "non_forced": non_forced}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3, help="deals of each variant (default %(default)s)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--variants", default=",".join(OPTIONS), help="comma-separated (default: all four)")
    args = parser.parse_args()
    slots = os.cpu_count() or 1
    print(f"machine: {os.cpu_count()} cores; the server's analysis slots: {slots}")
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "review.db").start()
        try:
            with Client(server.address) as client:
                print("| variant | decisions (non-forced) | first verdict | whole deal | target | ratio | decisions/s |")
                print("|---|---|---|---|---|---|---|")
                for variant in args.variants.split(","):
                    rows = []
                    for index in range(args.deals):
                        game_id = played_deal(client, variant, f"{args.seed}:{variant}:{index}")
                        record = client.get_game_record(game_id)
                        deal = next(d.number for d in record.deals if d.HasField("result") and
                                    d.result.outcome != pb.DEAL_OUTCOME_VOID)
                        rows.append(review(client, game_id, deal))
                    for row in rows:
                        row["target"] = 1.2 * row["non_forced"] * BUDGET / slots
                    median = {key: statistics.median(row[key] for row in rows) for key in rows[0]}
                    worst = max(row["elapsed"] / row["target"] for row in rows)
                    print(f"| {variant} | {median['decisions']:.0f} ({median['non_forced']:.0f}) | "
                          f"{median['first']:.2f} s (max {max(r['first'] for r in rows):.2f}) | "
                          f"{median['elapsed']:.2f} s | {median['target']:.2f} s | "
                          f"{statistics.median(r['elapsed'] / r['target'] for r in rows):.2f} (worst {worst:.2f}) | "
                          f"{statistics.median(r['decisions'] / r['elapsed'] for r in rows):.1f} |")
        finally:
            server.stop()


if __name__ == "__main__":
    main()

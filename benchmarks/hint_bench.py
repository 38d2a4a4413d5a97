"""Hint latency: card-play hints at the default budget, per variant and phase of the deal.

Each hint is asked of the seat to move in a seeded random game, through the same code
the GetHint RPC runs (engine_service.hints, all cores), minus the gRPC hop (about a
millisecond, see service_bench.py). Phases: the first trick, the middle trick, the last
two tricks. Hearts hints before the 8th trick are not measured: there each sampled deal is a
full double-dummy hearts solve, minutes long (the solver issue's open target), and the
RPC answers DEADLINE_EXCEEDED.

    .venv/bin/python benchmarks/hint_bench.py [--hints N] [--budget-ms MS] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine_service import hints
from engine_service.rules import Game, Phase, new_game

TRICKS = {"euchre3": 5, "belote3": 10, "belote": 8, "hearts": 13}


def phases(variant: str) -> dict[str, int]:
    """Tricks played before the measured hint, per phase (hearts: from trick 8, see above)."""
    total = TRICKS[variant]
    if variant == "hearts":
        return {"trick 8": 7, "trick 10": 9, "last two": total - 2}
    return {"first": 0, "middle": total // 2, "last two": total - 2}


def game_at(variant: str, tricks: int, rng: random.Random, number: int) -> tuple[Game, int] | None:
    game = new_game(variant, seed=f"hint-bench-{number}")
    while True:
        if game.phase is Phase.DEAL_OVER:
            return None  # everyone passed
        seat = game.to_act()[0]
        if game.phase is Phase.PLAY and len(game.d.tricks) == tricks:
            return game, seat
        game.push(seat, rng.choice(game.legal_moves(seat)))


def measure(variant: str, tricks: int, count: int, budget: float, seed: int) -> tuple[list[float], list[int]]:
    rng = random.Random(seed)
    times, samples = [], []
    number = 0
    while len(times) < count:
        number += 1
        found = game_at(variant, tricks, rng, seed * 100_000 + number)
        if found is None:
            continue
        game, seat = found
        start = time.perf_counter()
        hint = hints.answer(hints.hint_question(game, seat), seed=number, budget=budget)
        times.append(time.perf_counter() - start)
        samples.append(hint.samples)
    return times, samples


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=20, help="hints per variant and phase")
    parser.add_argument("--budget-ms", type=int, default=int(hints.DEFAULT_BUDGET_SECONDS * 1000))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(TRICKS), help="comma-separated")
    args = parser.parse_args()
    print(f"budget {args.budget_ms} ms, min {hints.MIN_SAMPLES} deals, {args.hints} hints a row")
    print(f"{'variant':9} {'phase':9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'deals p50':>9}")
    for variant in args.variants.split(","):
        for phase, tricks in phases(variant).items():
            times, samples = measure(variant, tricks, args.hints, args.budget_ms / 1000, args.seed)
            print(f"{variant:9} {phase:9} {percentile(times, .5) * 1e3:8.0f} {percentile(times, .95) * 1e3:8.0f} "
                  f"{max(times) * 1e3:8.0f} {statistics.median(samples):9.0f}")


if __name__ == "__main__":
    main()

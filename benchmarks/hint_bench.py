"""Hint latency at the default budget, per variant and per decision or phase of the deal.

Each hint is asked of the seat to move in a seeded random game, through the same code
the GetHint RPC runs from the call's arrival to its answer (the question read from the
game, `SolverSlots.hint`, the conversion to protobuf), minus the gRPC hop (about a
millisecond, see service_bench.py). `--slowdown F` makes every search F times slower, as
on a slower CPU: the budget must hold there too. Decisions: the first bid, a round-2 bid, the euchre3
discard, a belote declaration, the hearts pass; card play at the first trick, the middle
trick and the last two tricks (hearts: also the 4th and 8th tricks, either side of the
switch from play-outs to exact solves). For each: the median standard error of the best
option's lead over the second, and the share of hints whose lead is more than twice it.

    .venv/bin/python benchmarks/hint_bench.py [--hints N] [--budget-ms MS] [--seed S] [--variants V,...] [--slowdown F]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import time
from collections.abc import Callable

from engine_service import hints
from engine_service.rules import Game, Phase, new_game
from engine_service.service import convert
from engine_service.service.solving import SolverSlots
from engine_service.solver import slowed_down

TRICKS = {"euchre3": 5, "belote3": 10, "belote": 8, "hearts": 13}
Wanted = Callable[[Game], bool]


def at_trick(tricks: int) -> Wanted:
    return lambda game: game.phase is Phase.PLAY and len(game.tricks) == tricks


def decisions(variant: str) -> dict[str, Wanted]:
    """The measured points of a deal: what the seat to move decides there."""
    total = TRICKS[variant]
    points: dict[str, Wanted] = {}
    if variant == "hearts":
        points["pass"] = lambda game: game.phase is Phase.PASSING
        points.update({"first trick": at_trick(0), "trick 4": at_trick(3), "trick 8": at_trick(7)})
    else:
        points["first bid"] = lambda game: game.phase is Phase.BIDDING and not game.bids
        points["round 2"] = lambda game: game.phase is Phase.BIDDING and game.bid_round == 2
        if variant == "euchre3":
            points["discard"] = lambda game: game.phase is Phase.DISCARD
        if variant == "belote":
            points["declaring"] = lambda game: game.phase is Phase.DECLARATIONS
        points["first trick"] = at_trick(0)
    points["middle"] = at_trick(total // 2)
    points["last two"] = at_trick(total - 2)
    return points


def game_at(variant: str, wanted: Wanted, rng: random.Random, number: int) -> tuple[Game, int] | None:
    """Random legal moves (passing more often while bidding, so round 2 comes) until `wanted`."""
    game = new_game(variant, seed=f"hint-bench-{number}")
    while game.phase is not Phase.DEAL_OVER:
        seat = game.to_act()[0]
        if wanted(game):
            return game, seat
        moves = game.legal_moves(seat)
        passing = game.phase is Phase.BIDDING and rng.random() < 0.7
        game.push(seat, moves[0] if passing else rng.choice(moves))
    return None


def measure(variant: str, wanted: Wanted, count: int, budget: float, seed: int
            ) -> tuple[list[float], list[int], list[tuple[float, float]]]:
    """Each hint's time, deals, and (its best option's lead over the second, that lead's
    standard error)."""
    rng = random.Random(seed)
    times, samples, leads = [], [], []
    number = 0
    slots = SolverSlots()
    loop = asyncio.new_event_loop()
    while len(times) < count:
        number += 1
        found = game_at(variant, wanted, rng, seed * 100_000 + number)
        if found is None:
            continue
        game, seat = found
        start = time.monotonic()
        hint = loop.run_until_complete(slots.hint(hints.hint_question(game, seat), seed=number, budget=budget,
                                                  max_samples=hints.MAX_SAMPLES, time_remaining=None, started=start))
        convert.hint(hint).SerializeToString()
        times.append(time.monotonic() - start)
        samples.append(hint.samples)
        if hint.lead_stderr is not None:
            leads.append((abs(hint.options[0].expected - hint.options[1].expected), hint.lead_stderr))
    loop.close()
    slots.close()
    return times, samples, leads


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # 100: the p95 of 20 hints was their maximum (nearest rank), a poor estimate of the tail.
    parser.add_argument("--hints", type=int, default=100, help="hints per variant and phase")
    parser.add_argument("--budget-ms", type=int, default=int(hints.DEFAULT_BUDGET_SECONDS * 1000))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(TRICKS), help="comma-separated")
    parser.add_argument("--slowdown", type=int, default=1, help="every search this many times slower")
    args = parser.parse_args()
    print(f"budget {args.budget_ms} ms, min {hints.MIN_SAMPLES} deals, {args.hints} hints a row, "
          f"searches {args.slowdown}x slower")
    print(f"{'variant':9} {'decision':11} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'deals p50':>9} "
          f"{'lead err p50':>12} {'settled':>7}")
    with slowed_down(args.slowdown) if args.slowdown > 1 else contextlib.nullcontext():
        report(args)


def report(args: argparse.Namespace) -> None:
    for variant in args.variants.split(","):
        for name, wanted in decisions(variant).items():
            times, samples, leads = measure(variant, wanted, args.hints, args.budget_ms / 1000, args.seed)
            # Settled: the best option leads the second by more than twice the lead's error
            # (two options equal in every deal, 0 ± 0, are not).
            # (a single legal option everywhere, as hearts' first lead: no lead to measure)
            settled = f"{sum(lead > 2 * error for lead, error in leads) / len(leads):.0%}" if leads else "-"
            error = f"{statistics.median(error for _, error in leads):.2f}" if leads else "-"
            print(f"{variant:9} {name:11} {percentile(times, .5) * 1e3:8.0f} {percentile(times, .95) * 1e3:8.0f} "
                  f"{max(times) * 1e3:8.0f} {statistics.median(samples):9.0f} {error:>12} {settled:>7}")


if __name__ == "__main__":
    main()

"""Hint quality: a bot that always plays the top hint, against a random bot and a greedy
bot written for this benchmark, in duplicate.

For each seeded deal and each seat (belote: each team), two runs of the same deal:
- the baseline: the opponent bot plays every seat;
- the hint run: the hint bot plays that seat (belote: that team), the opponent bot the rest.
A run's margin for the seat is its side's deal score minus the mean of the other sides'
(hearts: the other way round, fewer points being better). The hint bot's gain in a deal is
the hint run's margin less the baseline's, averaged over the seats; deals are the
independent units, so the 95% confidence interval is mean ± 1.96·sd/√deals.

Every decision of the hint bot goes through ``engine_service.hints`` (the code GetHint
runs, minus the gRPC hop) at a benchmark budget (default 30 ms, at most 32 deals, one
thread per process; deals run in parallel processes).

    .venv/bin/python benchmarks/hint_quality.py [--deals 200] [--variants euchre3,...]
        [--budget-ms 30] [--max-samples 32] [--processes N] [--out results.jsonl]
    .venv/bin/python benchmarks/hint_quality.py --compare BEFORE.jsonl AFTER.jsonl

``--compare`` reads two ``--out`` files of the same deals (two builds, say) and prints the
change of the gain, deal by deal: paired, so its interval is far narrower than either
run's.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from engine_service import hints
from engine_service.bots import greedy_move
from engine_service.rules import Game, Move, Phase, new_game, parse_move

Bot = Callable[[Game, int, random.Random], Move]


def random_bot(game: Game, seat: int, rng: random.Random) -> Move:
    return rng.choice(game.legal_moves(seat))


def greedy_bot(game: Game, seat: int, rng: random.Random) -> Move:
    """The server's greedy bot (engine_service/bots/greedy.py)."""
    return greedy_move(game, seat)


# ----------------------------------------------------------------------------- hint bot


def hint_bot(budget: float, max_samples: int) -> Bot:
    def play(game: Game, seat: int, rng: random.Random) -> Move:
        hint = hints.answer(hints.hint_question(game, seat), seed=rng.randrange(2**62), budget=budget,
                            max_samples=max_samples, threads=1)
        return parse_move(hint.best.move, game.deck)

    return play


# ----------------------------------------------------------------------------- duplicate


def side_seats(game: Game, seat: int) -> set[int]:
    return {s for s in range(game.players) if game.side_of(s) == game.side_of(seat)}


def play_deal(variant: str, number: int, bots: dict[int, Bot], rng: random.Random) -> Game:
    game = new_game(variant, seed=f"hint-quality-{number}")
    while game.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
        seat = game.to_act()[0]
        game.push(seat, bots[seat](game, seat, rng))
    return game


def margin(game: Game, seat: int) -> float:
    scores = game.results[-1].scores
    own = game.side_of(seat)
    others = [score for side, score in enumerate(scores) if side != own]
    value = scores[own] - sum(others) / len(others)
    return -value if game.variant == "hearts" else value


def gains_of_deal(args: tuple[str, int, float, int]) -> dict[str, object]:
    variant, number, budget, max_samples = args
    smart = hint_bot(budget, max_samples)
    players = new_game(variant).players
    seats = [0, 1] if variant == "belote" else list(range(players))
    result: dict[str, object] = {"variant": variant, "deal": number}
    started = time.perf_counter()
    for name, opponent in (("random", random_bot), ("greedy", greedy_bot)):
        gains = []
        for seat in seats:
            baseline = play_deal(variant, number, {s: opponent for s in range(players)}, random.Random(f"{number}:{seat}"))
            team = side_seats(baseline, seat)
            bots = {s: smart if s in team else opponent for s in range(players)}
            hinted = play_deal(variant, number, bots, random.Random(f"{number}:{seat}"))
            gains.append(margin(hinted, seat) - margin(baseline, seat))
        result[name] = statistics.fmean(gains)
    result["seconds"] = round(time.perf_counter() - started, 2)
    return result


def summary(rows: list[dict[str, object]], variant: str) -> str:
    lines = []
    for opponent in ("random", "greedy"):
        gains = [float(row[opponent]) for row in rows if row["variant"] == variant]  # type: ignore[arg-type]
        n = len(gains)
        if n < 2:
            continue
        mean = statistics.fmean(gains)
        half = 1.96 * statistics.stdev(gains) / math.sqrt(n)
        verdict = "significant" if mean - half > 0 else "NOT significant"
        lines.append(f"{variant:8} vs {opponent:6}: gain {mean:+8.2f} per deal, 95% CI [{mean - half:+.2f}, "
                     f"{mean + half:+.2f}], {n} deals: {verdict}")
    return "\n".join(lines)


def compare(before_path: str, after_path: str) -> None:
    """The per-deal change of the gain between two runs' rows, with its 95% interval."""
    def load(path: str) -> dict[tuple[str, int], dict[str, float]]:
        with open(path) as rows:
            return {(row["variant"], row["deal"]): row for row in map(json.loads, rows)}

    before, after = load(before_path), load(after_path)
    for variant in sorted({variant for variant, _ in before}):
        common = sorted(key for key in before.keys() & after.keys() if key[0] == variant)
        for opponent in ("random", "greedy"):
            changes = [after[key][opponent] - before[key][opponent] for key in common]
            if len(changes) < 2:
                continue
            mean = statistics.fmean(changes)
            half = 1.96 * statistics.stdev(changes) / math.sqrt(len(changes))
            print(f"{variant:8} vs {opponent:6}: change {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}], "
                  f"{len(changes)} deals, {sum(change == 0 for change in changes)} unchanged")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--variants", default="euchre3,belote3,hearts,belote")
    parser.add_argument("--budget-ms", type=int, default=30)
    parser.add_argument("--max-samples", type=int, default=32)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", help="append one JSON line per deal")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two --out files, then stop")
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    variants = args.variants.split(",")
    print(f"{args.deals} deals per variant, hint budget {args.budget_ms} ms, at most {args.max_samples} deals, "
          f"{args.processes} processes")
    jobs = [(variant, number, args.budget_ms / 1000, args.max_samples) for variant in variants
            for number in range(args.deals)]
    rows: list[dict[str, object]] = []
    started = time.perf_counter()
    out = open(args.out, "a") if args.out else None
    with ProcessPoolExecutor(args.processes) as pool:
        for row in pool.map(gains_of_deal, jobs, chunksize=1):
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    if out:
        out.close()
    for variant in variants:
        print(summary(rows, variant))
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

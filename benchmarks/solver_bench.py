"""Solver benchmark: full deals solved from the first card (every card's value).

One run, seeded deals, single thread unless stated:
- per variant: median, p90 and max time and nodes over deals dealt by the engine
  (random bidding until play starts; hearts for player 0);
- bridge card play against DDS (endplay) on the same 52-card deals, as a ratio;
- bridge DD tables (5 strains x 4 declarers) against DDS's, both on one thread, as a ratio;
- batch throughput (positions/s) on 1 and 2 threads (alternated, medians of 3 rounds);
- hearts only when asked (`--hearts-deals N`): one deal takes seconds (at the first card
  only the 2♣ is legal, so its value is the deal's).

    .venv/bin/python benchmarks/solver_bench.py [--deals N] [--bridge-deals N] [--hearts-deals N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine_service.rules import Phase, format_position, new_game
from engine_service.solver import Solver, solve_batch

SUITS = "SHDC"
RANKS = "23456789TJQKA"


def first_card_positions(variant: str, deals: int, seed: int) -> list[str]:
    """The position at the first card of seeded deals (random bids until someone takes)."""
    positions = []
    rng = random.Random(seed)
    number = 0
    while len(positions) < deals:
        game = new_game(variant, seed=f"bench-{seed}-{number}")
        number += 1
        while game.phase not in (Phase.PLAY, Phase.DEAL_OVER):
            seat = rng.choice(game.to_act())
            game.push(seat, rng.choice(game.legal_moves(seat)))
        if game.phase is Phase.PLAY:
            positions.append(format_position(game.deck, game.position()))
    return positions


def random_bridge_deals(deals: int, seed: int) -> list[tuple[str, str, int]]:
    """(pbn, trump, leader) for random 52-card deals."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        cards = [rank + suit for suit in SUITS for rank in RANKS]
        rng.shuffle(cards)
        hands = []
        for seat in range(4):
            hand = cards[seat * 13:(seat + 1) * 13]
            hands.append(".".join("".join(r for r in reversed(RANKS) if r + s in hand) for s in SUITS))
        out.append((" ".join(hands), rng.choice(["N", *SUITS]), rng.randrange(4)))
    return out


def summary(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
    return statistics.median(ordered), p90, ordered[-1]


def bench_variant(variant: str, positions: list[str]) -> None:
    solver = Solver()
    times, nodes = [], []
    for text in positions:
        solver.clear()  # each deal from a cold table
        start = time.perf_counter()
        solution = solver.solve(variant, text, player=0 if variant == "hearts" else None, line=False)
        times.append((time.perf_counter() - start) * 1000)
        nodes.append(solution.nodes)
    t, n = summary(times), summary([float(x) for x in nodes])
    print(f"{variant:8} {len(positions):4} deals  time ms median {t[0]:8.2f} p90 {t[1]:8.2f} max {t[2]:9.2f}"
          f"   nodes median {n[0]:10.0f} p90 {n[1]:10.0f} max {n[2]:11.0f}")


def bench_bridge(deals: list[tuple[str, str, int]]) -> None:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    denoms = {"N": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    solver = Solver()
    ours, theirs = [], []
    for pbn, trump, leader in deals:
        deal = Deal.from_pbn("N:" + pbn)
        deal.first = Player.find(["N", "E", "S", "W"][leader])
        deal.trump = denoms[trump]
        start = time.perf_counter()
        dds = solve_board(deal)
        theirs.append((time.perf_counter() - start) * 1000)
        text = f"0:{pbn};trump={trump};leader={leader}"
        solver.clear()
        start = time.perf_counter()
        solution = solver.solve("bridge", text, line=False)
        ours.append((time.perf_counter() - start) * 1000)
        assert max(tricks for _, tricks in dds) == solution.value  # values: tests/solver/test_against_dds.py
    o, d = summary(ours), summary(theirs)
    print(f"bridge   {len(deals):4} deals  ours ms median {o[0]:8.2f} p90 {o[1]:8.2f} max {o[2]:9.2f}"
          f"   DDS ms median {d[0]:7.2f} p90 {d[1]:7.2f} max {d[2]:8.2f}   ratio of totals {sum(ours) / sum(theirs):6.2f}x")


def bench_tables(deals: list[tuple[str, str, int]]) -> None:
    """Each deal's DD table, ours and DDS's (its own thread pool held to one thread)."""
    from endplay._dds import SetMaxThreads
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    SetMaxThreads(1)
    solver = Solver()
    ours, theirs = [], []
    for pbn, _, _ in deals:
        start = time.perf_counter()
        calc_dd_table(Deal.from_pbn("N:" + pbn))
        theirs.append((time.perf_counter() - start) * 1000)
        solver.clear()
        start = time.perf_counter()
        solver.dd_table("bridge", "0:" + pbn)
        ours.append((time.perf_counter() - start) * 1000)
    o, d = summary(ours), summary(theirs)
    print(f"tables   {len(deals):4} deals  ours ms median {o[0]:8.2f} p90 {o[1]:8.2f} max {o[2]:9.2f}"
          f"   DDS ms median {d[0]:7.2f} p90 {d[1]:7.2f} max {d[2]:8.2f}   ratio of totals {sum(ours) / sum(theirs):6.2f}x")


def bench_batch(variant: str, positions: list[str], rounds: int) -> None:
    """1 and 2 threads alternated `rounds` times, the median rate of each: on a shared
    machine a single pass of each swung the speed-up from 1.6x to 2.1x as the second core
    came and went."""
    jobs = [(variant, text, 0 if variant == "hearts" else None) for text in positions]
    rates: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(rounds):
        for threads in (1, 2):
            start = time.perf_counter()
            results = solve_batch(jobs, threads=threads)
            elapsed = time.perf_counter() - start
            assert all(not isinstance(r, Exception) for r in results)
            rates[threads].append(len(jobs) / elapsed)
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(f"batch    {variant:8} {len(jobs)} positions  1 thread {one:8.1f}/s  2 threads {two:8.1f}/s"
          f"  speed-up {two / one:4.2f}x  (medians of {rounds} alternated rounds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--bridge-deals", type=int, default=20)
    parser.add_argument("--variants", default="euchre3,belote,belote3")
    parser.add_argument("--table-deals", type=int, default=10, help="bridge DD tables against DDS's")
    parser.add_argument("--batch-deals", type=int, default=120)
    parser.add_argument("--batch-rounds", type=int, default=3, help="alternated 1- and 2-thread passes")
    parser.add_argument("--hearts-deals", type=int, default=0, help="hearts deals (seconds each)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for variant in filter(None, args.variants.split(",") if args.deals else []):
        bench_variant(variant, first_card_positions(variant, args.deals, args.seed))
    if args.bridge_deals:
        bench_bridge(random_bridge_deals(args.bridge_deals, args.seed))
    if args.table_deals:
        bench_tables(random_bridge_deals(args.table_deals, args.seed))
    if args.batch_deals:
        bench_batch("belote", first_card_positions("belote", args.batch_deals, args.seed + 1), args.batch_rounds)
    if args.hearts_deals:
        bench_variant("hearts", first_card_positions("hearts", args.hearts_deals, args.seed))


if __name__ == "__main__":
    main()

"""Plays one complete random game of each variant and prints the results.

``cardgames-demo [--seed SEED]``: the rules engine and the solver at work, without a server.
"""

from __future__ import annotations

import argparse
import random

from .rules import VARIANTS, Phase, new_game
from .solver import core_version


def play_random_game(variant: str, seed: str, rng: random.Random) -> tuple[int, int, list[int], tuple[int, ...]]:
    game = new_game(variant, seed=seed)
    moves = 0
    while game.phase is not Phase.GAME_OVER:
        seat = rng.choice(game.to_act())
        game.push(seat, rng.choice(game.legal_moves(seat)))
        moves += 1
    return len(game.results), moves, game.scores, game.winners


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", default="demo", help="seed for the deals and the random players")
    args = parser.parse_args(argv)
    print(f"cardgames engine (solver core {core_version()})")
    for name in VARIANTS:
        deals, moves, scores, winners = play_random_game(name, args.seed, random.Random(args.seed))
        print(f"{name:8} {deals:3} deals, {moves:5} moves, final scores {scores}, winner seat(s) {list(winners)}")


if __name__ == "__main__":
    main()

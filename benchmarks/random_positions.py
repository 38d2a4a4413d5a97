"""Random bridge or hearts positions in the solver's notation, one a line, for checking a
solver change: the card values of every position must stay the same (see README.md here).

    python benchmarks/random_positions.py bridge 7 60 --seed 7 > /tmp/bridge7.txt
    cargo run --release -p cardgames-solver --example probe -- bridge /tmp/bridge7.txt all

A position has `tricks` cards in every hand before its trick; the trick in progress (none
to three cards, each legal) is drawn too unless `--boundary`. Hearts positions give the
points of the cards out of play to one player or spread them (hearts are broken once one
is out of play); with `--points-in-play` every point card is in the hands (nobody has
taken a point: the moon is anybody's).
"""

from __future__ import annotations

import argparse
import random

SUITS = "SHDC"
RANKS = "23456789TJQKA"


def hand_text(hand: set[str]) -> str:
    return ".".join("".join(r for r in reversed(RANKS) if r + s in hand) for s in SUITS)


def legal(variant: str, hand: set[str], trick: list[str], hearts_broken: bool) -> list[str]:
    if trick:
        follow = [c for c in hand if c[1] == trick[0][1]]
        return sorted(follow or hand)
    if variant == "hearts" and not hearts_broken:
        return sorted([c for c in hand if c[1] != "H"] or hand)
    return sorted(hand)


def position(variant: str, tricks: int, boundary: bool, rng: random.Random, points_in_play: bool = False) -> str:
    deck = [r + s for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    if points_in_play:
        # The 14 point cards first, then others: all of them are dealt.
        deck.sort(key=lambda card: not (card[1] == "H" or card == "QS"))
        dealt = deck[:14] + rng.sample(deck[14:], 4 * tricks - 14)
        rng.shuffle(dealt)
        deck = dealt + [card for card in deck if card not in dealt]
    hands = [set(deck[seat * tricks:(seat + 1) * tricks]) for seat in range(4)]
    gone = deck[4 * tricks:]
    leader = rng.randrange(4)
    hearts_broken = any(card[1] == "H" for card in gone)
    trick: list[str] = []
    for i in range(0 if boundary else rng.randrange(4)):
        hand = hands[(leader + i) % 4]
        card = rng.choice(legal(variant, hand, trick, hearts_broken))
        hand.remove(card)
        trick.append(card)
    text = "0:" + " ".join(hand_text(hand) for hand in hands)
    if variant == "bridge":
        text += f";trump={rng.choice('NSHDC')};leader={leader}"
    else:
        points = [0] * 4
        gone_points = sum(card[1] == "H" for card in gone) + (13 if "QS" in gone else 0)
        if rng.random() < 0.5:
            points[rng.randrange(4)] = gone_points  # one player took every point so far
        else:
            for _ in range(gone_points):
                points[rng.randrange(4)] += 1
        text += f";leader={leader};points={' '.join(map(str, points))}"
    if trick:
        text += ";trick=" + " ".join(trick)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", choices=["bridge", "hearts"])
    parser.add_argument("tricks", type=int, help="cards in each hand (1 to 13)")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boundary", action="store_true", help="no trick in progress")
    parser.add_argument("--points-in-play", action="store_true", help="hearts: every point card in the hands (4 tricks or more)")
    args = parser.parse_args()
    if args.points_in_play and (args.variant != "hearts" or args.tricks < 4):
        parser.error("--points-in-play is for hearts with 4 tricks or more")
    rng = random.Random(args.seed)
    for _ in range(args.count):
        print(position(args.variant, args.tricks, args.boundary, rng, args.points_in_play))


if __name__ == "__main__":
    main()

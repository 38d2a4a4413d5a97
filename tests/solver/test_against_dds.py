"""The plain trick-taking rule set against DDS (the `endplay` wrapper): every card's value.

CI runs 200 random deals of 7 cards a hand, for all 5 strains and all 4 leaders. Full
52-card deals (the slow marker) run from benchmarks/ until the solver is fast enough for CI.
"""

from __future__ import annotations

import random

import pytest

endplay_types = pytest.importorskip("endplay.types")
from endplay.dds import solve_board  # noqa: E402

from engine_service.solver import Solver  # noqa: E402

Deal, Denom, Player = endplay_types.Deal, endplay_types.Denom, endplay_types.Player
SUITS = "SHDC"
RANKS = "23456789TJQKA"
DENOMS = {"N": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
SUIT_OF_DENOM = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}


def random_hands(rng: random.Random, per_hand: int) -> str:
    cards = [rank + suit for suit in SUITS for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        hand = cards[seat * per_hand:(seat + 1) * per_hand]
        hands.append(".".join("".join(r for r in reversed(RANKS) if r + s in hand) for s in SUITS))
    return " ".join(hands)


def dds_card_values(hands: str, strain: str, leader: int) -> dict[str, int]:
    deal = Deal.from_pbn("N:" + hands)
    deal.first = Player(leader)
    deal.trump = DENOMS[strain]
    return {card.rank.name[1:] + SUIT_OF_DENOM[card.suit]: tricks for card, tricks in solve_board(deal)}


def compare(solver: Solver, hands: str) -> None:
    for strain in DENOMS:
        for leader in range(4):
            position = f"0:{hands};trump={strain};leader={leader}"
            ours = solver.solve("bridge", position, line=False)
            assert ours.card_values == dds_card_values(hands, strain, leader), position
            assert ours.value == max(ours.card_values.values())


def test_same_tricks_as_dds_on_200_small_deals():
    rng = random.Random(2026)
    solver = Solver()
    for _ in range(200):
        compare(solver, random_hands(rng, 7))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_same_tricks_as_dds_on_full_deals(seed):
    compare(Solver(memory_mb=256), random_hands(random.Random(seed), 13))

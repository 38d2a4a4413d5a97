"""The plain trick-taking rule set against DDS (the `endplay` wrapper).

CI runs 200 random 52-card deals, each deal's table of trick counts for all 5 strains and
all 4 declarers (so all 4 leaders), and every card's value on 200 random deals of 7 cards
a hand, all strains and leaders. Every card's value on full deals (the slow marker) runs
from benchmarks/.
"""

from __future__ import annotations

import os
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

endplay_types = pytest.importorskip("endplay.types")
from endplay.dds import calc_all_tables, solve_board  # noqa: E402

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


def our_tables(deals: list[str]) -> list[dict[tuple[str | None, int], int]]:
    """Each deal's table (trump or None, declarer) -> declarer's tricks, on every core: one
    warm solver a thread (the extension releases the GIL while it solves)."""
    local = threading.local()

    def table(hands: str) -> dict[tuple[str | None, int], int]:
        if not hasattr(local, "solver"):
            local.solver = Solver()
        return local.solver.dd_table("bridge", "0:" + hands).entries

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(table, deals))


def test_same_trick_table_as_dds_on_200_full_deals():
    rng = random.Random(2027)
    deals = [random_hands(rng, 13) for _ in range(200)]
    # DDS takes at most 40 tables a call (its 200 boards of 5 strains).
    theirs = [table for start in range(0, len(deals), 40) for table in calc_all_tables([Deal.from_pbn("N:" + hands) for hands in deals[start:start + 40]])]
    # endplay's rows: spades, hearts, diamonds, clubs, no trump; columns: N, E, S, W.
    strains = ["S", "H", "D", "C", None]
    for hands, ours, dds in zip(deals, our_tables(deals), theirs, strict=True):
        expected = {(strain, seat): tricks for strain, row in zip(strains, dds.to_list(), strict=True) for seat, tricks in enumerate(row)}
        assert ours == expected, hands


def test_same_tricks_as_dds_on_200_small_deals():
    rng = random.Random(2026)
    solver = Solver()
    for _ in range(200):
        compare(solver, random_hands(rng, 7))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_same_tricks_as_dds_on_full_deals(seed):
    compare(Solver(memory_mb=256), random_hands(random.Random(seed), 13))

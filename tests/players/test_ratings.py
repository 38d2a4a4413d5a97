"""Who ranks where in a rated match, and how the model moves the ratings (pure)."""

from __future__ import annotations

import random

import pytest

from engine_service.ratings import DEFAULT, RatedMatch, Rating, rated_match, updated
from engine_service.rules import new_game
from engine_service.tables import SeatKind, SeatSpec, Strength, Table, TableSpec
from engine_service.tables.seats import player_holder
from tests.service.players import QUICK_OPTIONS

T0 = 1_700_000_000.0


def rated_table(variant: str, bots: int = 0, seed: str = "r") -> Table:
    game = new_game(variant, QUICK_OPTIONS[variant], seed=seed)
    seats = tuple(SeatSpec(SeatKind.BOT, Strength.GREEDY) if seat >= game.players - bots else SeatSpec(SeatKind.OPEN)
                  for seat in range(game.players))
    table = Table(game, TableSpec(seats, rated=True), [""] * game.players, T0)
    for seat in range(game.players - bots):
        table.claim(seat, player_holder(f"p{seat}"), None, T0, f"P{seat}")
    return table


def play_out(table: Table, rng: random.Random) -> None:
    while not table.is_over():
        seat = table.to_act()[0]
        table.push(seat, rng.choice(table.game.legal_moves(seat)), T0)


@pytest.mark.parametrize("variant", ["euchre3", "belote3", "hearts", "belote"])
def test_sides_rank_by_match_score_hearts_lowest_first(variant):
    table = rated_table(variant, bots=1)
    play_out(table, random.Random(variant))
    match = rated_match(table, "g", T0)
    assert match is not None
    game = table.game
    better = (lambda a, b: a < b) if game.lower_is_better else (lambda a, b: a > b)
    for side, rank in enumerate(match.ranks):
        assert rank == 1 + sum(better(other, game.scores[side]) for other in game.scores)
    assert len(match.teams) == game.sides and "bot:greedy" in match.entities
    if variant == "belote":
        assert match.teams == (("p0", "p2"), ("p1", "bot:greedy"))


def test_a_seat_that_resigns_ranks_last_and_an_unrated_or_unfinished_table_rates_nothing():
    table = rated_table("hearts")
    assert rated_match(table, "g", T0) is None  # not over
    table.resign(table.to_act()[0], T0)
    match = rated_match(table, "g", T0)
    assert match is not None and match.ranks[table.ending.seat] == 4
    assert sorted(match.ranks) == [1, 1, 1, 4]  # the others tied at 0 points
    plain = Table(new_game("hearts", seed="x"), TableSpec.reserved(4), ["h"] * 4, T0)
    plain.resign(plain.to_act()[0], T0)
    assert rated_match(plain, "g", T0) is None


def test_the_winner_gains_the_loser_loses_and_a_bot_at_two_seats_counts_one_match():
    match = RatedMatch("g", "hearts", T0, (("a",), ("bot:greedy",), ("bot:greedy",), ("b",)), (1, 2, 3, 4))
    after = updated(match, {"a": Rating(25.0, 5.0, 9)})
    assert after["a"].mu > 25 and after["a"].matches == 10 and after["a"].sigma < 5
    assert after["b"].mu < DEFAULT.mu and after["b"].matches == 1
    assert after["bot:greedy"].matches == 1 and set(after) == {"a", "b", "bot:greedy"}
    assert Rating(25.0, 8.0).provisional and not Rating(25.0, 6.0).provisional
    assert Rating(30.0, 2.0).shown == pytest.approx(24.0)

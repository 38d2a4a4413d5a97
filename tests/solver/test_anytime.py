"""Anytime analysis through the Python face: every reported bound contains the exact value
(``Solver.solve``'s) of the position and of each card, on random positions of every
variant, whole hearts deals from the first card with a short deadline included; the first
bounds come before any exact value; the exact values at the end are the solve's."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_service.rules import Phase, format_deal, format_position, new_game
from engine_service.solver import InvalidInputError, InvalidPositionError, Progress, Solver, StopFlag, ValueBounds
from tests.conftest import soaked

ENGINE_VARIANTS = ("euchre3", "belote3", "hearts", "belote")
SUITS, RANKS = "SHDC", "23456789TJQKA"


def played_position(variant: str, seed: int, cards_left: int) -> str:
    """Random legal play of a seeded game until the player to move holds ``cards_left`` cards
    or fewer (a trick in progress is kept)."""
    rng = random.Random(seed)
    game = new_game(variant, seed=f"anytime-{seed}")
    while True:
        if game.phase is Phase.DEAL_OVER:  # a deal nobody took: the next one
            seat = game.to_act()[0]
            game.push(seat, game.legal_moves(seat)[0])
            continue
        seat = game.to_act()[0]
        if game.phase is Phase.PLAY and len(game.hand(seat)) <= cards_left:
            return format_position(game.deck, game.position())
        game.push(seat, rng.choice(game.legal_moves(seat)))


def bridge_position(seed: int, cards: int) -> str:
    rng = random.Random(seed)
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    rng.shuffle(deck)
    hands = [deck[seat * cards:(seat + 1) * cards] for seat in range(4)]
    text = " ".join(".".join("".join(r for r in reversed(RANKS) if r + s in hand) for s in SUITS) for hand in hands)
    return f"0:{text};trump={rng.choice('NSHDC')};leader={rng.randrange(4)}"


def observed(variant: str, position: str, player: int | None, deadline: float | None = None) -> tuple[list[Progress], Progress]:
    reports: list[Progress] = []
    result = Solver(memory_mb=32).solve_anytime(variant, position, player=player, deadline=deadline,
                                                on_progress=reports.append)
    return reports, result


def assert_contain(reports: list[Progress], value: int, card_values: dict[str, int], where: str) -> None:
    for progress in reports:
        assert value in progress.value, (where, progress)
        assert progress.card_values.keys() == card_values.keys(), where
        for card, exact in card_values.items():
            assert exact in progress.card_values[card], (where, card, progress)


@settings(max_examples=soaked(100), deadline=None, derandomize=True)
@given(variant=st.sampled_from(("bridge", *ENGINE_VARIANTS)), seed=st.integers(0, 10**6), cards=st.integers(1, 7),
       player=st.integers(0, 3))
def test_every_bound_contains_the_exact_value_and_the_end_is_the_solve(variant: str, seed: int, cards: int, player: int) -> None:
    position = bridge_position(seed, cards) if variant == "bridge" else played_position(variant, seed, cards)
    hearts_player = player if variant == "hearts" else None
    solution = Solver(memory_mb=32).solve(variant, position, player=hearts_player)
    reports, result = observed(variant, position, hearts_player)
    assert_contain(reports, solution.value, solution.card_values, position)
    assert not result.stopped and result.exact and reports[-1] == result
    assert result.value == ValueBounds(solution.value, solution.value)
    assert {card: bounds.low for card, bounds in result.card_values.items()} == solution.card_values
    assert result.line[0] in solution.best_cards() and len(result.line) == len(solution.line)
    assert (result.to_play, result.maximising) == (solution.to_play, solution.maximising)


def first_card(seed: int) -> str:
    game = new_game("hearts", seed=f"anytime-first-{seed}")
    return format_position(game.deck, game.position_as_dealt())


@settings(max_examples=soaked(6), deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), player=st.integers(0, 3), deadline_ms=st.integers(0, 300))
def test_hearts_from_the_first_card_with_a_short_deadline_keeps_the_exact_value_inside(seed: int, player: int, deadline_ms: int) -> None:
    """A whole deal's exact solve is seconds to minutes: here the value is placed against the
    bounds by two null-window tests of its own (it reaches the low bound, not one above the
    high), on a fresh solver."""
    position = first_card(seed)
    reports, result = observed("hearts", position, player, deadline=deadline_ms / 1000)
    assert not reports[0].exact and reports[0].nodes == 0, "the first bounds come before any exact value"
    assert result.value == reports[-1].value and result.card_values == reports[-1].card_values
    for progress in [*reports, result]:
        for bounds in (progress.value, *progress.card_values.values()):  # the 2C alone: the value's
            assert Solver().reaches("hearts", position, bounds.low, player=player), (position, player, progress)
            assert not Solver().reaches("hearts", position, bounds.high + 1, player=player), (position, player, progress)
    assert result.stopped or result.exact
    if result.stopped and result.exact:  # the deadline came while the line was searched
        assert not result.line


@pytest.mark.parametrize(("seed", "player"), [(1, 0), (5, 1)])  # deals whose exact solve takes about a second
def test_hearts_from_the_first_card_ends_with_the_solves_values(seed: int, player: int) -> None:
    position = first_card(seed)
    solution = Solver().solve("hearts", position, player=player, line=False)
    reports, result = observed("hearts", position, player)
    assert not reports[0].exact and reports[0].nodes == 0
    assert_contain(reports, solution.value, solution.card_values, position)
    assert result.exact and result.value.low == solution.value and len(result.line) == 52


def test_the_observer_stops_the_analysis_and_its_exception_is_raised() -> None:
    position = played_position("belote", 3, 8)
    calls: list[Progress] = []

    def once(progress: Progress) -> bool:
        calls.append(progress)
        return False

    result = Solver().solve_anytime("belote", position, on_progress=once)
    assert result.stopped and len(calls) == 1 and result.nodes == 0

    def broken(progress: Progress) -> None:
        raise LookupError("the observer failed")

    with pytest.raises(LookupError, match="the observer failed"):
        Solver().solve_anytime("belote", position, on_progress=broken)


def test_a_passed_deadline_is_the_cheap_bounds_and_no_error() -> None:
    game = new_game("hearts", seed="anytime-deadline")
    position = format_position(game.deck, game.position_as_dealt())
    reports, result = observed("hearts", position, 0, deadline=0)
    assert result.stopped and not result.exact and len(reports) == 1
    assert result.value == reports[0].value and 0 <= result.value.low < result.value.high <= 26


def test_without_an_observer_and_without_a_line() -> None:
    position = played_position("belote3", 5, 5)
    result = Solver().solve_anytime("belote3", position, line=False)
    assert result.exact and not result.line and result.value.low == Solver().value("belote3", position)


def test_invalid_input_is_refused_as_by_solve() -> None:
    game = new_game("hearts", seed="anytime-refused")
    with pytest.raises(InvalidPositionError):
        Solver().solve_anytime("hearts", format_position(game.deck, game.position_as_dealt()))  # no player
    with pytest.raises(InvalidInputError):
        Solver().solve_anytime("hearts", format_deal(game.deck, game.dealt) + ";leader=9", player=0)


def test_a_stop_flag_set_by_another_thread_ends_the_search_with_its_bounds() -> None:
    stop = StopFlag()
    reports: list[Progress] = []

    def first(progress: Progress) -> None:
        reports.append(progress)
        setter = threading.Thread(target=stop.set)
        setter.start()
        setter.join()

    result = Solver().solve_anytime("hearts", first_card(0), player=0, on_progress=first, stop=stop)
    assert result.stopped and not result.exact and len(reports) == 1 and stop.is_set()

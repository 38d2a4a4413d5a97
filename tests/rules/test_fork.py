"""A fork's deal is its own: ``DealState.copy`` equals a deep copy at every point of random
deals of every variant, none of its containers is the original's, and what they hold is
immutable (so nothing below them needs copying)."""

from __future__ import annotations

import copy
import random
from dataclasses import fields, is_dataclass

import pytest

from engine_service.rules import VARIANTS, Phase, new_game
from tests.conftest import soaked

CONTAINERS = (list, set, dict)


def immutable(value: object) -> bool:
    """Whether ``value`` cannot change: a hashable value, its dataclass fields frozen too."""
    if isinstance(value, CONTAINERS):
        return False
    if is_dataclass(value) and not isinstance(value, type):
        return bool(value.__dataclass_params__.frozen) and all(  # type: ignore[attr-defined]
            immutable(getattr(value, item.name)) for item in fields(value))
    if isinstance(value, tuple):
        return all(immutable(item) for item in value)
    hash(value)
    return True


def containers(value: object, depth: int = 0) -> list[object]:
    """The containers of a state's field, two levels down; their contents must be immutable."""
    if not isinstance(value, CONTAINERS):
        assert immutable(value), value
        return []
    items = list(value.values()) if isinstance(value, dict) else list(value)
    if isinstance(value, dict):
        assert all(immutable(key) for key in value)
    if depth == 1:
        assert all(immutable(item) for item in items), value
        return [value]
    return [value, *(inner for item in items for inner in containers(item, depth + 1))]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_forks_deal_equals_a_deep_copy_and_shares_no_container(variant):
    rng = random.Random(variant)
    for number in range(soaked(6)):
        game = new_game(variant, seed=f"fork-{number}")
        while game.phase is not Phase.GAME_OVER and len(game.results) < 2:
            state = game._deal
            copied, deep = state.copy(), copy.deepcopy(state)
            assert copied == deep
            for item in fields(state):
                original, own = containers(getattr(state, item.name)), containers(getattr(copied, item.name))
                assert all(mine is not theirs for mine, theirs in zip(own, original)), item.name
            forked = game.fork()
            seat = game.to_act()[0]
            move = rng.choice(game.legal_moves(seat))
            forked.push(seat, move)
            assert game._deal == deep  # the fork's move left the game's deal as it was
            game.push(seat, move)
            assert forked._deal == game._deal

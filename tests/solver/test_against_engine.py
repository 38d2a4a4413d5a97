"""The solver's rules against the Python engine's: in random games of every variant, the
legal cards agree at every card played. Each of those positions also passes the solver's
checks of what cannot happen (points and tricks won, the trick in progress), so they
refuse nothing a real game reaches."""

from __future__ import annotations

import random

import pytest

from engine_service.rules import VARIANTS, Phase, format_position, new_game
from engine_service.solver import legal_cards
from tests.conftest import soaked


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_legal_cards_agree_in_random_games(variant):
    rng = random.Random(variant)
    options = {"announcements": "all"} if variant.startswith("belote") else {}
    checked = 0
    for game_number in range(soaked(8)):
        game = new_game(variant, {**options, "target_score": {"euchre3": 3, "hearts": 30, "belote3": 500, "belote": 501}[variant]},
                        seed=f"{variant}-{game_number}")
        while game.phase is not Phase.GAME_OVER:
            seat = rng.choice(game.to_act())
            if game.phase is Phase.PLAY:
                text = format_position(game.deck, game.position())
                expected = sorted(card.code for card in game.legal_cards(seat))
                assert sorted(legal_cards(variant, text)) == expected, text
                checked += 1
            game.push(seat, rng.choice(game.legal_moves(seat)))
    assert checked > 300

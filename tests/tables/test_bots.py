"""The server's bots: legal moves from their seat's knowledge only."""

from __future__ import annotations

import random

import pytest

from engine_service.bots import decide, knowledge_of
from engine_service.rules import NextDeal, Phase, PlayerView, new_game
from engine_service.tables import Strength
from tests.solver.test_hints import advance, with_hidden_hands_replaced

VARIANTS = ("euchre3", "belote3", "hearts", "belote")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("strength", [Strength.RANDOM, Strength.GREEDY])
def test_a_table_of_bots_plays_a_whole_match_with_legal_moves(variant, strength):
    game, rng = new_game(variant, seed=f"bots-{strength.value}"), random.Random(2)
    for _ in range(5000):
        if game.is_over():
            break
        seat = game.to_act()[0]
        if game.phase is Phase.DEAL_OVER:
            game.push(seat, NextDeal())
            continue
        game.push(seat, decide(strength, knowledge_of(game, seat, strength), rng))  # push validates
    assert game.is_over()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_bot_decides_the_same_whatever_the_hidden_cards(variant):
    """What a bot is given is its seat's knowledge: with the other hands replaced by any
    deal the seat cannot tell from the truth, its input and its decision are the same."""
    rng = random.Random(7)
    for game_seed in range(3):
        game = new_game(variant, seed=f"fair-bot-{game_seed}")
        seat = advance(game, rng, tricks=game_seed)
        for other_seed in range(3):
            other = with_hidden_hands_replaced(game, seat, other_seed)
            for strength in Strength:
                mine, theirs = knowledge_of(game, seat, strength), knowledge_of(other, seat, strength)
                assert mine.question == theirs.question
                assert PlayerView.of(mine.blind, seat) == PlayerView.of(theirs.blind, seat)
                hands = [(blind.stock, [blind.hand(s) for s in range(game.players)]) for blind in (mine.blind, theirs.blind)]
                assert hands[0] == hands[1]
                if strength is not Strength.HINT:  # the hint bot's time budget makes its sample count vary
                    assert decide(strength, mine, random.Random(3)) == decide(strength, theirs, random.Random(3))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_hint_bot_plays_a_legal_top_option(variant):
    game, rng = new_game(variant, seed="hint-bot"), random.Random(4)
    for _ in range(6):
        seat = game.to_act()[0]
        game.push(seat, decide(Strength.HINT, knowledge_of(game, seat, Strength.HINT), rng, budget=0.05))

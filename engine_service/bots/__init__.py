"""The server's bots: how a bot seat decides, from what its seat may know and nothing else.

A bot is given its seat's knowledge only: the blind copy of the game (every card the
seat cannot see removed) for ``random`` and ``greedy``, the hint question for ``hint``
(the same question a hint for that seat is computed from). Its decision cannot depend on
another hand: the fairness tests of hints apply to it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .. import hints
from ..rules import Game, Move, parse_move
from ..tables import Strength
from .greedy import greedy_move


@dataclass(frozen=True)
class SeatKnowledge:
    """What a bot decides from: its seat's blind game, and the hint question for ``hint`` bots."""

    seat: int
    blind: Game
    question: hints.Question | None = None


def knowledge_of(game: Game, seat: int, strength: Strength) -> SeatKnowledge:
    question = hints.hint_question(game, seat) if strength is Strength.HINT else None
    return SeatKnowledge(seat, game.blind_copy(seat), question)


def decide(strength: Strength, knowledge: SeatKnowledge, rng: random.Random, *, budget: float = 0.2,
           threads: int = 1) -> Move:
    """The bot's move. ``hint`` solves for up to ``budget`` seconds on ``threads`` threads
    (call it off the event loop); the others answer at once."""
    blind, seat = knowledge.blind, knowledge.seat
    if strength is Strength.RANDOM:
        return rng.choice(blind.legal_moves(seat))
    if strength is Strength.GREEDY:
        return greedy_move(blind, seat)
    assert knowledge.question is not None
    hint = hints.answer(knowledge.question, seed=rng.randrange(2**62), budget=budget, threads=threads)
    return parse_move(hint.best.move, blind.deck)


__all__ = ["SeatKnowledge", "decide", "greedy_move", "knowledge_of"]

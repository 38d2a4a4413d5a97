"""Deals with a planted error: random play, but one seat makes a chosen bad move when the
situation for it comes; the record, and where the planted move is."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine_service.records import GameRecord, RecordBuilder
from engine_service.rules import Game, Move, Phase, new_game
from engine_service.tables import Table, TableSpec

# Given the game and the seat to move, the bad move to plant there, or None.
Planter = Callable[[Game, int], Move | None]


def planted(variant: str, options: dict, planter: Planter, *, tries: int = 400) -> tuple[GameRecord, int, int]:
    """A record of one deal played at random but for one planted move; (record, deal, entry)."""
    for attempt in range(tries):
        rng = random.Random(attempt)
        game = new_game(variant, options, seed=f"planted-{attempt}")
        table = Table(game, TableSpec.reserved(game.players), ["x"] * game.players, 0.0)
        builder = RecordBuilder(table)
        where: tuple[int, int] | None = None
        while game.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            seat = rng.choice(game.to_act())
            move = planter(game, seat) if where is None else None
            if move is not None:
                where = (game.deal_number, len(builder.record().deals[-1].entries))
            else:
                move = rng.choice(game.legal_moves(seat))
            builder.add(seat, move.text(), 0.0)
        if where is not None and game.results and game.results[-1].outcome.name != "VOID":
            return builder.record(), where[0], where[1]
    raise AssertionError("the situation never came")

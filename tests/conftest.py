"""Shared helpers for the tests: build games from hand-made deals, play moves by text."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest

from engine_service.rules import Game, PlayerView, RuleViolation, new_game, parse_move
from tests.service.postgres_server import PostgresServer

# A hearts deal whose value is known: each player holds one whole suit, and seat 0, with the
# clubs, takes every trick and shoots the moon (0 for it, 26 for each other player).
MOON_DEAL = "0:...AKQJT98765432 ..AKQJT98765432. AKQJT98765432... .AKQJT98765432.."


def soaked(count: int) -> int:
    """``count`` times ``CARDGAMES_SOAK`` (1 unless set): how many examples or games a random
    test tries, raised for a soak run (see benchmarks/README.md)."""
    return count * int(os.environ.get("CARDGAMES_SOAK", "1"))


def play(game: Game, seat: int, *moves: str) -> None:
    """Plays each move text for ``seat`` in turn (it must be legal)."""
    for text in moves:
        game.push(seat, parse_move(text, game.deck))


def play_cards(game: Game, *codes: str) -> None:
    """Plays cards in order, each by the seat whose turn it is."""
    for code in codes:
        seat = game.to_act()[0]
        game.push(seat, parse_move(code if ":" in code else f"play:{code}", game.deck))


def rejected(game: Game, seat: int, text: str) -> str:
    """The reason a move is rejected; asserts the game is unchanged."""
    before = snapshot(game)
    with pytest.raises(RuleViolation) as caught:
        game.push(seat, parse_move(text, game.deck))
    assert snapshot(game) == before
    return caught.value.reason.value


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything observable about a game, to check that a rejected move changed nothing."""
    views = tuple(repr(PlayerView.of(game, seat)) for seat in range(game.players))
    return (game.version, game.phase, tuple(game.scores), views, repr(game._deal), len(game.events))


def make(variant: str, deal: str, **options: object) -> Game:
    return new_game(variant, options, deal=deal)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the whole run (the machine's binaries)."""

    server = PostgresServer().start()
    yield server
    server.destroy()


@pytest.fixture()
def postgres_url(postgres: PostgresServer, request: pytest.FixtureRequest) -> str:
    """A fresh, empty database of that server for one test."""
    name = "t_" + re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:40] + f"_{id(request):x}"
    return postgres.fresh_database(name)

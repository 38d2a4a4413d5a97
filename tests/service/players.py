"""Random players over RPC (each seat its own client and credential), and a helper to
catch a call's error."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from cardgames_client import CardgamesError, Client, CreatedGame, move_text, pb

# Small targets so that a whole match is a few deals.
QUICK_OPTIONS = {
    "euchre3": {"target_score": 2},
    "belote3": {"target_score": 500},
    "hearts": {"target_score": 26},
    "belote": {"target_score": 501},
}


def error_of(call: Callable[[], object]) -> CardgamesError:
    """The error a call raises (it must raise one)."""
    with pytest.raises(CardgamesError) as caught:
        call()
    return caught.value


def choose(view: pb.GameView, rng: random.Random) -> str:
    """A random legal move of the viewing seat."""
    selection = view.card_selection
    if selection.count:
        return "give:" + " ".join(rng.sample(list(selection.cards), selection.count))
    return move_text(rng.choice(list(view.legal_moves)))


def next_move(client: Client, game: CreatedGame, rng: random.Random) -> tuple[int, pb.GameView, str] | None:
    """A random seat to act, its view and a random legal move of it; None once the match is over."""
    table = client.get_game(game.game_id)
    if not table.to_act:
        return None
    seat = rng.choice(list(table.to_act))
    view = client.get_game(game.game_id, seat, game.tokens[seat])
    return seat, view, choose(view, rng)


def play_to_end(
    address: str,
    game: CreatedGame,
    rng: random.Random,
    *,
    max_moves: int = 5000,
    on_view: Callable[[int | None, pb.GameView], None] | None = None,
    on_answer: Callable[[int, object], None] | None = None,
) -> pb.GameView:
    """Plays random legal moves, each by the seat's own client, until the match ends."""
    clients = [Client(address) for _ in game.tokens]
    spectator = Client(address)
    try:
        for _ in range(max_moves):
            table = spectator.get_game(game.game_id)
            if on_view:
                on_view(None, table)
            if table.status == pb.GAME_STATUS_FINISHED:
                return table
            seat = rng.choice(list(table.to_act))
            view = clients[seat].get_game(game.game_id, seat, game.tokens[seat])
            if on_view:
                on_view(seat, view)
            answer = clients[seat].submit_move(game.game_id, seat, game.tokens[seat], choose(view, rng),
                                               expected_version=view.version)
            if on_answer:
                on_answer(seat, answer)
        raise AssertionError("the game did not end")
    finally:
        for client in (*clients, spectator):
            client.close()

"""Plays one whole game against a running server, each seat a random legal mover.

    .venv/bin/python clients/python/examples/play_random.py [ADDRESS] [VARIANT]
"""

from __future__ import annotations

import random
import sys

from cardgames_client import Client, move_text


def main() -> None:
    address = sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1:50051"
    variant = sys.argv[2] if len(sys.argv) > 2 else "euchre3"
    rng = random.Random(0)
    with Client(address) as client:
        game = client.create_game(variant)
        print("game", game.game_id)
        while True:
            table = client.get_game(game.game_id)  # the spectator's view: whose turn it is
            if not table.to_act:
                break
            seat = table.to_act[0]
            view = client.get_game(game.game_id, seat, game.tokens[seat])
            if view.card_selection.count:  # hearts: choose 3 cards to give
                move = "give:" + " ".join(rng.sample(list(view.card_selection.cards), view.card_selection.count))
            else:
                move = move_text(rng.choice(list(view.legal_moves)))
            client.submit_move(game.game_id, seat, game.tokens[seat], move, expected_version=view.version)
        print("scores", list(table.scores), "winners", list(table.winners), "after", table.version, "moves")


if __name__ == "__main__":
    main()

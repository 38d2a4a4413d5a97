"""Plays one whole game against a running server, each seat a random legal mover; prints each deal's result.

    .venv/bin/python clients/python/examples/play_random.py [ADDRESS] [VARIANT]
"""

from __future__ import annotations

import argparse
import random

from cardgames_client import Client, move_text, pb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address", nargs="?", default="127.0.0.1:50051", help="the server (default %(default)s)")
    parser.add_argument("variant", nargs="?", default="euchre3", choices=("euchre3", "belote3", "hearts", "belote"),
                        help="the game to play (default %(default)s)")
    args = parser.parse_args()
    address, variant = args.address, args.variant
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
            answer = client.submit_move(game.game_id, seat, game.tokens[seat], move, expected_version=view.version)
            for event in answer.change.events:
                if event.kind == "deal_scored":  # each kind has its own typed payload, named like it
                    result = event.deal_scored.result
                    print("deal", result.deal_number, pb.DealOutcome.Name(result.outcome).removeprefix("DEAL_OUTCOME_"),
                          "scores", list(event.deal_scored.scores))
        print("scores", list(table.scores), "winners", list(table.winners), "after", table.version, "moves")


if __name__ == "__main__":
    main()

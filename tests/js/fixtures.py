"""The views the Node tests of the page's modules draw (tests/js/fixtures/views.json), made
by the engine and converted as the server converts them; test_js_fixtures keeps the file
current, so the page's tests always read what the server sends today.

    .venv/bin/python -m tests.js.fixtures     # rewrites the file
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from engine_service.rules import Game, PlayerView, new_game, parse_move
from engine_service.service import convert

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "views.json"


def _with_trump(variant: str, trump: str, seed: str) -> Game:
    """A game of ``variant`` whose first deal's trump is ``trump``, taken by the first to speak."""
    game = new_game(variant, seed=seed)
    first = game.to_act()[0]
    assert game.turned is not None
    if game.turned.suit.code == trump:
        game.push(first, parse_move("take", game.deck))
    else:
        for offset in range(game.players):
            game.push((first + offset) % game.players, parse_move("pass", game.deck))
        game.push(first, parse_move(f"call:{trump}", game.deck))
    return game


def views() -> dict[str, Any]:
    games = {
        "euchre3-trump-A": _with_trump("euchre3", "A", "fixtures-euchre3"),
        "belote-trump-H": _with_trump("belote", "H", "fixtures-belote"),
        "hearts": new_game("hearts", seed="fixtures-hearts"),
    }
    found = {}
    for name, game in games.items():
        message = convert.pb.GameView()
        convert._fill_game(message, PlayerView.of(game, game.to_act()[0]))
        found[name] = json_format.MessageToDict(message)
    return found


def text() -> str:
    return json.dumps(views(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    FIXTURES.parent.mkdir(exist_ok=True)
    FIXTURES.write_text(text())

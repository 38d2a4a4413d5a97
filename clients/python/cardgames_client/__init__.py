"""A typed, thin client of the cardgames gRPC API.

    from cardgames_client import Client

    with Client("127.0.0.1:50051") as client:
        game = client.create_game("hearts", seed="table-1")
        view = client.get_game(game.game_id, seat=0, token=game.tokens[0])
        client.submit_move(game.game_id, 0, game.tokens[0], "give:2C 3C 4C")

        # A table: one open seat, three server bots; a person claims the open seat.
        table = client.create_game("hearts", table=table_options(["open", "bot:hint", "bot:hint", "bot:greedy"]))
        me = client.claim_seat(table.game_id)

    # Signed in with the frontend's identity provider (docs/players.md): no seat token to keep.
    with Client("127.0.0.1:50051", login=id_token) as player:
        seat = player.claim_seat(table.game_id)
        player.submit_move(table.game_id, seat.seat, None, "play:QS")

Moves are given as messages (``cardgames.v1.game_pb2.Move``) or in the text form of
docs/rules.md (``pass``, ``take``, ``call:H``, ``discard:MA``, ``give:2C 3C 4C``,
``declare``, ``no-declare``, ``play:QS``, ``next-deal``). Every failed call raises
:class:`CardgamesError`, with the status code, the stable ``reason`` and the fields at
fault read from the ``google.rpc`` details. Events are typed: ``event.kind`` names the
payload case that is set (``event.card_played.card`` for kind ``card_played``).
"""

from __future__ import annotations

from cardgames.moves import move_text
from cardgames.v1 import analysis_service_pb2 as analysis
from cardgames.v1 import event_service_pb2 as events
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import game_service_pb2 as api
from cardgames.v1 import player_service_pb2 as players
from cardgames.v1 import record_pb2 as records

from .aio import AsyncClient
from .client import Client
from .errors import CardgamesError, InvalidRequest
from .requests import PLAYERS, CreatedEvent, CreatedGame, Seat, deal_input, move, options, table_options, variant, variant_name

__all__ = [
    "AsyncClient", "CardgamesError", "Client", "CreatedEvent", "CreatedGame", "InvalidRequest", "PLAYERS", "Seat",
    "analysis", "api", "deal_input", "events", "move", "move_text", "options", "pb", "players", "records", "table_options", "variant", "variant_name",
]

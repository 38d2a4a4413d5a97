"""The PlayerService servicer: converts between protobuf and the players' use cases."""

from __future__ import annotations

from cardgames.v1 import player_service_pb2 as api
from cardgames.v1 import player_service_pb2_grpc as api_grpc

from . import convert
from .callers import Callers
from .interceptor import Context
from .players import Players, Profile


class PlayerServiceServicer(api_grpc.PlayerServiceServicer):
    def __init__(self, players: Players, callers: Callers) -> None:
        self.players = players
        self.callers = callers

    async def GetPlayer(self, request: api.GetPlayerRequest, context: Context) -> api.GetPlayerResponse:
        entity = request.player_id or (await self.callers.login(context)).player.id
        return api.GetPlayerResponse(player=_profile(await self.players.profile(entity, request.history_size)))

    async def ListLeaderboard(
        self, request: api.ListLeaderboardRequest, context: Context
    ) -> api.ListLeaderboardResponse:
        variant = convert.variant_name(request.variant)
        assert variant is not None
        board = await self.players.leaderboard(variant, request.page_size, request.page_token)
        return api.ListLeaderboardResponse(
            entries=[api.LeaderboardEntry(rank=leader.rank, player_id=leader.row.entity, name=leader.row.name,
                                          rating=leader.row.rating.shown, matches=leader.row.rating.matches)
                     for leader in board.leaders],
            next_page_token=board.next_page,
        )


def _profile(profile: Profile) -> api.PlayerProfile:
    message = api.PlayerProfile(player_id=profile.entity, name=profile.name, bot=profile.bot)
    for rated in profile.ratings:
        rating = rated.rating
        entry = message.ratings.add(variant=convert.VARIANT_ENUMS[rated.variant], rating=rating.shown, mu=rating.mu,
                                    sigma=rating.sigma, provisional=rating.provisional, matches=rating.matches)
        for change in rated.history:
            entry.history.add(game_id=change.game_id, at=change.at, rating=change.rating.shown, mu=change.rating.mu,
                              sigma=change.rating.sigma)
    message.recent_games.extend(convert.game_summary(row) for row in profile.recent_games)
    return message

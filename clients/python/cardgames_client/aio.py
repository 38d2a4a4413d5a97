"""The asyncio client: :class:`AsyncClient`, with the methods of the blocking one (grpc.aio)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

import grpc
from cardgames.v1 import analysis_service_pb2 as analysis
from cardgames.v1 import analysis_service_pb2_grpc as analysis_grpc
from cardgames.v1 import event_service_pb2 as events
from cardgames.v1 import event_service_pb2_grpc as events_grpc
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import game_service_pb2 as api
from cardgames.v1 import game_service_pb2_grpc as api_grpc
from cardgames.v1 import player_service_pb2 as players
from cardgames.v1 import player_service_pb2_grpc as players_grpc
from cardgames.v1 import record_pb2 as rec

from .client import _metadata
from .errors import CardgamesError
from .requests import CreatedEvent, CreatedGame, Seat, T, _Call, _Calls


async def _async_streamed(call: Any) -> AsyncIterator[Any]:
    """`_streamed` for the asyncio client."""
    try:
        async for item in call:
            yield item
    except grpc.RpcError as error:
        raise CardgamesError.from_rpc_error(error) from None
    finally:
        call.cancel()


class AsyncClient:
    """asyncio client over one channel (grpc.aio), with the methods of :class:`Client`."""

    def __init__(self, target: str, *, channel: grpc.aio.Channel | None = None, timeout: float | None = 30.0,
                 login: str | None = None) -> None:
        self.channel = channel or grpc.aio.insecure_channel(target)
        self.stub = api_grpc.GameServiceStub(self.channel)
        self.analysis = analysis_grpc.AnalysisServiceStub(self.channel)
        self.players = players_grpc.PlayerServiceStub(self.channel)
        self.events = events_grpc.EventServiceStub(self.channel)
        self.login = login  # the identity provider's token: sent with every call that names no seat token
        self.timeout = timeout  # of each unary call; streams take their own

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.channel.close(None)

    async def _call(self, method: Any, request: Any, token: str | None = None) -> Any:
        try:
            return await method(request, metadata=_metadata(token or self.login), timeout=self.timeout)
        except grpc.RpcError as error:
            raise CardgamesError.from_rpc_error(error) from None

    async def _run(self, call: _Call[T]) -> T:
        method = getattr(getattr(self, call.service), call.method)
        return call.pick(await self._call(method, call.request, call.token))

    async def _stream(self, call: _Call[Any], timeout: float | None) -> AsyncIterator[Any]:
        method = getattr(getattr(self, call.service), call.method)
        async for item in _async_streamed(method(call.request, metadata=_metadata(call.token or self.login), timeout=timeout)):
            yield item

    async def create_game(self, variant_name: str, options: Mapping[str, object] | None = None, *,
                          seed: str | None = None, deal: str | None = None,
                          table: pb.TableOptions | None = None) -> CreatedGame:
        """A new game; ``table`` (see :func:`table_options`) says who sits where."""
        return await self._run(_Calls.create_game(variant_name, options, seed, deal, table))

    async def claim_seat(self, game_id: str, seat: int | None = None, *, invitation_code: str | None = None) -> Seat:
        """Takes an open seat (the given one, the invitation's, or the first open to anyone)."""
        return await self._run(_Calls.claim_seat(game_id, seat, invitation_code))

    async def resign(self, game_id: str, seat: int, token: str | None) -> api.ResignResponse:
        return await self._run(_Calls.resign(game_id, seat, token))

    async def rematch(self, game_id: str, seat: int, token: str | None) -> Seat:
        """This seat's place in the rematch of a finished game (``token``: its token of that game)."""
        return await self._run(_Calls.rematch(game_id, seat, token))

    async def get_game(self, game_id: str, seat: int | None = None, token: str | None = None) -> pb.GameView:
        return await self._run(_Calls.get_game(game_id, seat, token))

    async def get_game_record(self, game_id: str, seat: int | None = None, token: str | None = None) -> rec.GameRecord:
        """The game's record (docs/records.md), as ``seat`` (its token) or a spectator may read it now."""
        return await self._run(_Calls.get_game_record(game_id, seat, token))

    async def import_game_record(self, record: rec.GameRecord | None = None, *, text: str | None = None) -> rec.GameRecord:
        """A record made elsewhere (a message, or the text form), checked by the server's
        replay and returned completed; a fault raises ``CardgamesError`` naming where it is."""
        return await self._run(_Calls.import_game_record(record, text))

    async def list_games(self, variant: str | None = None, status: str | None = None, *, page_size: int = 0,
                         page_token: str = "", open_seats: bool = False, mine: bool = False) -> api.ListGamesResponse:
        """A page of games, newest first (``mine``: those where the client's login holds a seat)."""
        return await self._run(_Calls.list_games(variant, status, page_size, page_token, open_seats, mine))

    async def get_player(self, player_id: str = "", *, history_size: int = 0) -> players.PlayerProfile:
        """A player's (or a bot strength's, "bot:greedy") profile; no id: the client's login's own."""
        return await self._run(_Calls.get_player(player_id, history_size))

    async def list_leaderboard(self, variant_name: str, *, page_size: int = 0,
                         page_token: str = "") -> players.ListLeaderboardResponse:
        """A page of a variant's leaderboard, best first."""
        return await self._run(_Calls.list_leaderboard(variant_name, page_size, page_token))

    async def iter_games(self, variant: str | None = None, status: str | None = None, *,
                         page_size: int = 0, open_seats: bool = False) -> AsyncIterator[pb.GameSummary]:
        """Every game of the filters, page after page."""
        token = ""
        while True:
            page = await self.list_games(variant, status, page_size=page_size, page_token=token,
                                         open_seats=open_seats)
            for summary in page.games:
                yield summary
            token = page.next_page_token
            if not token:
                return

    async def create_event(self, variant_name: str, options: Mapping[str, object] | None = None, *, deals: int = 0,
                     seed: str | None = None, given_deals: Sequence[str] = (), tables: Sequence[pb.TableOptions] = (),
                     par: str | None = None, rated: bool = False) -> CreatedEvent:
        """A duplicate event (docs/events.md): ``tables`` (see :func:`table_options`) each play
        the same ``deals`` (from ``seed``, a secret one, or ``given_deals``); ``par``: a bot
        strength for an all-bot par table; ``rated``: ratings move by each deal's comparison."""
        return await self._run(_Calls.create_event(variant_name, options, deals, seed, given_deals, tables, par, rated))

    async def add_event_table(self, event_id: str, table: pb.TableOptions | None = None) -> CreatedGame:
        """One more table of a running event (players arrived), playing every deal from the first."""
        return await self._run(_Calls.add_event_table(event_id, table))

    async def get_event(self, event_id: str, token: str | None = None) -> events.EventInfo:
        """The event's tables as the caller (a seat's token, or the client's login) may see them."""
        return await self._run(_Calls.get_event(event_id, token))

    async def get_event_standings(self, event_id: str, token: str | None = None) -> events.GetEventStandingsResponse:
        """The standings over the deals the caller's table has finished (all once the event is over)."""
        return await self._run(_Calls.get_event_standings(event_id, token))

    async def get_deal_comparison(self, event_id: str, deal_number: int,
                            token: str | None = None) -> events.GetDealComparisonResponse:
        """A deal's results at every table that finished it, once the caller's table has."""
        return await self._run(_Calls.get_deal_comparison(event_id, deal_number, token))

    async def submit_move(self, game_id: str, seat: int, token: str | None, the_move: str | pb.Move, *,
                          expected_version: int | None = None, request_id: str | None = None) -> api.SubmitMoveResponse:
        return await self._run(_Calls.submit_move(game_id, seat, token, the_move, expected_version, request_id))

    async def validate_move(self, game_id: str, seat: int, token: str | None,
                            the_move: str | pb.Move) -> api.ValidateMoveResponse:
        return await self._run(_Calls.validate_move(game_id, seat, token, the_move))

    async def get_hint(self, game_id: str, seat: int, token: str | None, *, budget_ms: int = 0, seed: int | None = None,
                       max_samples: int = 0) -> api.Hint:
        """Every legal option of the seat to move, best first (see GetHint in the proto)."""
        return await self._run(_Calls.get_hint(game_id, seat, token, budget_ms, seed, max_samples))

    async def analyze_deal(self, item: analysis.DealInput | None = None, *, game_id: str | None = None,
                           seat: int | None = None, token: str | None = None, deal_number: int | None = None,
                           from_trick: int = 0, time_limit_ms: int = 0) -> analysis.DealAnalysis:
        """A deal or position (``item``, see :func:`deal_input`), or a game's finished deal."""
        return await self._run(_Calls.analyze_deal(item, game_id, seat, token, deal_number, from_trick, time_limit_ms))

    async def analyze_deal_progress(self, item: analysis.DealInput | None = None, *, game_id: str | None = None,
                                    seat: int | None = None, token: str | None = None, deal_number: int | None = None,
                                    from_trick: int = 0, time_limit_ms: int = 0,
                                    timeout: float | None = None) -> AsyncIterator[analysis.AnalyzeDealProgressResponse]:
        """Bounds on the value and on every legal card's value, narrowing to the exact ones
        (``exact``, with the ``line``), or ended by the deadline with the best bounds proved
        (``stopped``): see :meth:`Client.analyze_deal_progress`."""
        call = _Calls.analyze_deal_progress(item, game_id, seat, token, deal_number, from_trick, time_limit_ms)
        received = False
        try:
            async for message in self._stream(call, timeout):
                received = True
                yield message
        except CardgamesError as error:
            if not (received and error.code == grpc.StatusCode.DEADLINE_EXCEEDED):
                raise

    async def analyze_deals(self, items: Sequence[analysis.DealInput], *, time_limit_ms: int = 0,
                            parallelism: int = 0,
                            timeout: float | None = None) -> AsyncIterator[analysis.AnalyzeDealsResponse]:
        """One message per item as it finishes (an analysis or the item's error), with progress."""
        async for item in self._stream(_Calls.analyze_deals(items, time_limit_ms, parallelism), timeout):
            yield item

    async def review_game(self, game_id: str | None = None, *, record: rec.GameRecord | None = None,
                    text: str | None = None, token: str | None = None, deal_number: int | None = None,
                    seats: Sequence[int] = (), budget_ms: int | None = None, deals: int = 0, seed: int = 0,
                    time_limit_ms: int = 0, timeout: float | None = None) -> AsyncIterator[analysis.ReviewGameResponse]:
        """A review (docs/reviews.md) of a finished game, one finished deal of it, or a record
        made elsewhere: each decision's verdicts as they are known, then a summary per deal
        and the match's. ``budget_ms=0`` with ``deals`` set: reproducible."""
        call = _Calls.review_game(game_id, record, text, token, deal_number, seats, budget_ms, deals, seed,
                                  time_limit_ms)
        async for item in self._stream(call, timeout):
            yield item

    async def watch(self, game_id: str, seat: int | None = None, token: str | None = None, *,
                    after_version: int | None = None,
                    timeout: float | None = None) -> AsyncIterator[api.WatchGameResponse]:
        """The snapshot (unless resuming), then every change until the game ends."""
        async for item in self._stream(_Calls.watch(game_id, seat, token, after_version), timeout):
            yield item

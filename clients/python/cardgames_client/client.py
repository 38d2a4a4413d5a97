"""The blocking client: :class:`Client`, one channel, every method of the API."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
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

from .errors import CardgamesError
from .requests import CreatedEvent, CreatedGame, Seat, T, _Call, _Calls


def _metadata(token: str | None) -> Sequence[tuple[str, str]] | None:
    return (("authorization", f"Bearer {token}"),) if token else None


def _streamed(call: Any) -> Iterator[Any]:
    """The messages of a server-streaming call, its errors as CardgamesError; the call is
    cancelled when the caller stops reading."""
    try:
        yield from call
    except grpc.RpcError as error:
        raise CardgamesError.from_rpc_error(error) from None
    finally:
        call.cancel()


class Client:
    """Blocking client over one channel. :class:`AsyncClient` has the same methods, for asyncio."""

    def __init__(self, target: str, *, channel: grpc.Channel | None = None, timeout: float | None = 30.0,
                 login: str | None = None) -> None:
        self.channel = channel or grpc.insecure_channel(target)
        self.stub = api_grpc.GameServiceStub(self.channel)
        self.analysis = analysis_grpc.AnalysisServiceStub(self.channel)
        self.players = players_grpc.PlayerServiceStub(self.channel)
        self.events = events_grpc.EventServiceStub(self.channel)
        # The identity provider's token (docs/players.md): sent with every call that names no
        # seat token, so a signed-in player needs none. Replace it when it expires.
        self.login = login
        self.timeout = timeout  # of each unary call; streams take their own

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.channel.close()

    def _call(self, method: Any, request: Any, token: str | None = None) -> Any:
        try:
            return method(request, metadata=_metadata(token or self.login), timeout=self.timeout)
        except grpc.RpcError as error:
            raise CardgamesError.from_rpc_error(error) from None

    def _run(self, call: _Call[T]) -> T:
        return call.pick(self._call(getattr(getattr(self, call.service), call.method), call.request, call.token))

    def _stream(self, call: _Call[Any], timeout: float | None) -> Iterator[Any]:
        method = getattr(getattr(self, call.service), call.method)
        yield from _streamed(method(call.request, metadata=_metadata(call.token or self.login), timeout=timeout))

    def create_game(self, variant_name: str, options: Mapping[str, object] | None = None, *,
                    seed: str | None = None, deal: str | None = None,
                    table: pb.TableOptions | None = None) -> CreatedGame:
        """A new game; ``table`` (see :func:`table_options`) says who sits where."""
        return self._run(_Calls.create_game(variant_name, options, seed, deal, table))

    def claim_seat(self, game_id: str, seat: int | None = None, *, invitation_code: str | None = None) -> Seat:
        """Takes an open seat (the given one, the invitation's, or the first open to anyone)."""
        return self._run(_Calls.claim_seat(game_id, seat, invitation_code))

    def resign(self, game_id: str, seat: int, token: str | None) -> api.ResignResponse:
        return self._run(_Calls.resign(game_id, seat, token))

    def rematch(self, game_id: str, seat: int, token: str | None) -> Seat:
        """This seat's place in the rematch of a finished game (``token``: its token of that game)."""
        return self._run(_Calls.rematch(game_id, seat, token))

    def get_game(self, game_id: str, seat: int | None = None, token: str | None = None) -> pb.GameView:
        return self._run(_Calls.get_game(game_id, seat, token))

    def get_game_record(self, game_id: str, seat: int | None = None, token: str | None = None) -> rec.GameRecord:
        """The game's record (docs/records.md), as ``seat`` (its token) or a spectator may read it now."""
        return self._run(_Calls.get_game_record(game_id, seat, token))

    def import_game_record(self, record: rec.GameRecord | None = None, *, text: str | None = None) -> rec.GameRecord:
        """A record made elsewhere (a message, or the text form), checked by the server's
        replay and returned completed; a fault raises ``CardgamesError`` naming where it is."""
        return self._run(_Calls.import_game_record(record, text))

    def list_games(self, variant: str | None = None, status: str | None = None, *, page_size: int = 0,
                   page_token: str = "", open_seats: bool = False, mine: bool = False) -> api.ListGamesResponse:
        """A page of games, newest first (``mine``: those where the client's login holds a seat)."""
        return self._run(_Calls.list_games(variant, status, page_size, page_token, open_seats, mine))

    def get_player(self, player_id: str = "", *, history_size: int = 0) -> players.PlayerProfile:
        """A player's (or a bot strength's, "bot:greedy") profile; no id: the client's login's own."""
        return self._run(_Calls.get_player(player_id, history_size))

    def list_leaderboard(self, variant_name: str, *, page_size: int = 0,
                         page_token: str = "") -> players.ListLeaderboardResponse:
        """A page of a variant's leaderboard, best first."""
        return self._run(_Calls.list_leaderboard(variant_name, page_size, page_token))

    def iter_games(self, variant: str | None = None, status: str | None = None, *,
                   page_size: int = 0, open_seats: bool = False) -> Iterator[pb.GameSummary]:
        """Every game of the filters, page after page."""
        token = ""
        while True:
            page = self.list_games(variant, status, page_size=page_size, page_token=token, open_seats=open_seats)
            yield from page.games
            token = page.next_page_token
            if not token:
                return

    def create_event(self, variant_name: str, options: Mapping[str, object] | None = None, *, deals: int = 0,
                     seed: str | None = None, given_deals: Sequence[str] = (), tables: Sequence[pb.TableOptions] = (),
                     par: str | None = None, rated: bool = False) -> CreatedEvent:
        """A duplicate event (docs/events.md): ``tables`` (see :func:`table_options`) each play
        the same ``deals`` (from ``seed``, a secret one, or ``given_deals``); ``par``: a bot
        strength for an all-bot par table; ``rated``: ratings move by each deal's comparison."""
        return self._run(_Calls.create_event(variant_name, options, deals, seed, given_deals, tables, par, rated))

    def add_event_table(self, event_id: str, table: pb.TableOptions | None = None) -> CreatedGame:
        """One more table of a running event (players arrived), playing every deal from the first."""
        return self._run(_Calls.add_event_table(event_id, table))

    def get_event(self, event_id: str, token: str | None = None) -> events.EventInfo:
        """The event's tables as the caller (a seat's token, or the client's login) may see them."""
        return self._run(_Calls.get_event(event_id, token))

    def get_event_standings(self, event_id: str, token: str | None = None) -> events.GetEventStandingsResponse:
        """The standings over the deals the caller's table has finished (all once the event is over)."""
        return self._run(_Calls.get_event_standings(event_id, token))

    def get_deal_comparison(self, event_id: str, deal_number: int,
                            token: str | None = None) -> events.GetDealComparisonResponse:
        """A deal's results at every table that finished it, once the caller's table has."""
        return self._run(_Calls.get_deal_comparison(event_id, deal_number, token))

    def submit_move(self, game_id: str, seat: int, token: str | None, the_move: str | pb.Move, *,
                    expected_version: int | None = None, request_id: str | None = None) -> api.SubmitMoveResponse:
        return self._run(_Calls.submit_move(game_id, seat, token, the_move, expected_version, request_id))

    def validate_move(self, game_id: str, seat: int, token: str | None, the_move: str | pb.Move) -> api.ValidateMoveResponse:
        return self._run(_Calls.validate_move(game_id, seat, token, the_move))

    def get_hint(self, game_id: str, seat: int, token: str | None, *, budget_ms: int = 0, seed: int | None = None,
                 max_samples: int = 0) -> api.Hint:
        """Every legal option of the seat to move, best first (see GetHint in the proto)."""
        return self._run(_Calls.get_hint(game_id, seat, token, budget_ms, seed, max_samples))

    def analyze_deal(self, item: analysis.DealInput | None = None, *, game_id: str | None = None,
                     seat: int | None = None, token: str | None = None, deal_number: int | None = None,
                     from_trick: int = 0, time_limit_ms: int = 0) -> analysis.DealAnalysis:
        """A deal or position (``item``, see :func:`deal_input`), or a game's finished deal."""
        return self._run(_Calls.analyze_deal(item, game_id, seat, token, deal_number, from_trick, time_limit_ms))

    def analyze_deal_progress(self, item: analysis.DealInput | None = None, *, game_id: str | None = None,
                              seat: int | None = None, token: str | None = None, deal_number: int | None = None,
                              from_trick: int = 0, time_limit_ms: int = 0,
                              timeout: float | None = None) -> Iterator[analysis.AnalyzeDealProgressResponse]:
        """Anytime analysis of a deal or position (``item``, see :func:`deal_input`), or of a
        game's finished deal (as :meth:`analyze_deal`; the play only, no table): one
        ``AnalyzeDealProgressResponse`` per step, each holding the whole state so far (the
        position, contract, player to move, ``value`` and every legal card's ``cards`` as
        ``ValueBounds``: ``low``, ``high``, ``exact``). The first comes before any search,
        with the solver's cheap bounds; then one each time the search proves a narrower
        bound; the last has ``exact`` set (every value proved) and an optimal ``line``. When
        ``time_limit_ms`` or ``timeout`` comes first the stream ends with a message marked
        ``stopped``, the best bounds proved, and no error (should the deadline cut the
        stream before that message arrives, the iteration ends after the ones received).
        Errors before the first message raise :class:`CardgamesError` as for
        :meth:`analyze_deal`."""
        call = _Calls.analyze_deal_progress(item, game_id, seat, token, deal_number, from_trick, time_limit_ms)
        received = False
        try:
            for message in self._stream(call, timeout):
                received = True
                yield message
        except CardgamesError as error:
            if not (received and error.code == grpc.StatusCode.DEADLINE_EXCEEDED):
                raise

    def analyze_deals(self, items: Sequence[analysis.DealInput], *, time_limit_ms: int = 0, parallelism: int = 0,
                      timeout: float | None = None) -> Iterator[analysis.AnalyzeDealsResponse]:
        """One message per item as it finishes (an analysis or the item's error), with progress."""
        yield from self._stream(_Calls.analyze_deals(items, time_limit_ms, parallelism), timeout)

    def review_game(self, game_id: str | None = None, *, record: rec.GameRecord | None = None,
                    text: str | None = None, token: str | None = None, deal_number: int | None = None,
                    seats: Sequence[int] = (), budget_ms: int | None = None, deals: int = 0, seed: int = 0,
                    time_limit_ms: int = 0, timeout: float | None = None) -> Iterator[analysis.ReviewGameResponse]:
        """A review (docs/reviews.md) of a finished game, one finished deal of it, or a record
        made elsewhere: each decision's verdicts as they are known, then a summary per deal
        and the match's. ``budget_ms=0`` with ``deals`` set: reproducible."""
        call = _Calls.review_game(game_id, record, text, token, deal_number, seats, budget_ms, deals, seed,
                                  time_limit_ms)
        yield from self._stream(call, timeout)

    def watch(self, game_id: str, seat: int | None = None, token: str | None = None, *,
              after_version: int | None = None, timeout: float | None = None) -> Iterator[api.WatchGameResponse]:
        """The snapshot (unless resuming), then every change until the game ends."""
        yield from self._stream(_Calls.watch(game_id, seat, token, after_version), timeout)

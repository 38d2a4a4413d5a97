"""A typed, thin client of the cardgames gRPC API.

    from cardgames_client import Client

    with Client("127.0.0.1:50051") as client:
        game = client.create_game("hearts", seed="table-1")
        view = client.get_game(game.game_id, seat=0, token=game.tokens[0])
        client.submit_move(game.game_id, 0, game.tokens[0], "give:2C 3C 4C")

        # A table: one open seat, three server bots; a person claims the open seat.
        table = client.create_game("hearts", table=table_options(["open", "bot:hint", "bot:hint", "bot:greedy"]))
        me = client.claim_seat(table.game_id)

Moves are given as messages (``cardgames.v1.game_pb2.Move``) or in the text form of
docs/rules.md (``pass``, ``take``, ``call:H``, ``discard:MA``, ``give:2C 3C 4C``,
``declare``, ``no-declare``, ``play:QS``, ``next-deal``). Every failed call raises
:class:`CardgamesError`, with the status code, the stable ``reason`` and the fields at
fault read from the ``google.rpc`` details. Events are typed: ``event.kind`` names the
payload case that is set (``event.card_played.card`` for kind ``card_played``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

import grpc
from cardgames.moves import move, move_text
from cardgames.v1 import analysis_service_pb2 as analysis
from cardgames.v1 import analysis_service_pb2_grpc as analysis_grpc
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import game_service_pb2 as api
from cardgames.v1 import game_service_pb2_grpc as api_grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2

__all__ = [
    "AsyncClient", "CardgamesError", "Client", "CreatedGame", "PLAYERS", "Seat", "analysis", "api", "deal_input",
    "move", "move_text", "pb", "table_options", "variant", "variant_name",
]

# The variants as the API names them (VARIANT_HEARTS: "hearts"), with their seats (an option of each value).
_VARIANT_VALUES = [value for value in pb.Variant.DESCRIPTOR.values if value.number]
_VARIANTS = {value.name.removeprefix("VARIANT_").lower(): value.number for value in _VARIANT_VALUES}
PLAYERS: dict[str, int] = {
    value.name.removeprefix("VARIANT_").lower(): value.GetOptions().Extensions[pb.players]  # type: ignore[index]
    for value in _VARIANT_VALUES
}
_STATUSES = {
    "active": pb.GAME_STATUS_ACTIVE, "finished": pb.GAME_STATUS_FINISHED, "waiting": pb.GAME_STATUS_WAITING,
    "abandoned": pb.GAME_STATUS_ABANDONED,
}
_SEAT_KINDS = {"reserved": pb.SEAT_KIND_RESERVED, "open": pb.SEAT_KIND_OPEN, "invite": pb.SEAT_KIND_OPEN,
               "bot": pb.SEAT_KIND_BOT}
_STRENGTHS = {"random": pb.BOT_STRENGTH_RANDOM, "greedy": pb.BOT_STRENGTH_GREEDY, "hint": pb.BOT_STRENGTH_HINT}
_POLICIES = {"bot": pb.TIMEOUT_POLICY_BOT, "forfeit": pb.TIMEOUT_POLICY_FORFEIT}
_ANNOUNCEMENTS = {"none": pb.ANNOUNCEMENTS_NONE, "belote": pb.ANNOUNCEMENTS_BELOTE, "all": pb.ANNOUNCEMENTS_ALL}
_STATUS_DETAILS_KEY = "grpc-status-details-bin"
_REQUEST_ID_KEY = "x-request-id"


@dataclass(eq=False)
class CardgamesError(Exception):
    """A failed call: its status code and message, and what its ``google.rpc`` details say.

    The details count only when they decode and agree with the transport status (same code,
    same message), as ``google.rpc.Status`` requires. Otherwise, as for an answer without
    details (a proxy or a metadata size limit replaced the status, or the error is the
    channel's own), ``code`` and ``message`` are the transport's, ``reason`` is "" and
    ``fields`` is empty: a caller can always read ``code``.
    """

    code: grpc.StatusCode
    reason: str  # stable UPPER_SNAKE reason from ErrorInfo ("" without trusted details)
    message: str
    fields: tuple[str, ...] = field(default=())  # BadRequest field violations
    request_id: str = ""  # the server's id of the call (its log line has it), "" if it sent none

    def __str__(self) -> str:
        return f"{self.code.name} {self.reason}: {self.message}"

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError) -> CardgamesError:
        code = _call_value(error, "code") or grpc.StatusCode.UNKNOWN
        message = _call_value(error, "details") or ""
        reason, fields = "", list[str]()
        for detail in _status_details(error, code, message):
            try:
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    reason = info.reason
                elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                    bad = error_details_pb2.BadRequest()
                    detail.Unpack(bad)
                    fields.extend(violation.field for violation in bad.field_violations)
            except DecodeError:
                continue  # one garbled detail does not discredit the status
        request_id = next((str(value) for key, value in _call_value(error, "trailing_metadata") or ()
                           if key == _REQUEST_ID_KEY), "")
        return cls(code, reason, message, tuple(fields), request_id)


def _call_value(error: grpc.RpcError, name: str) -> Any:
    """``error.code()``, ``.details()`` or ``.trailing_metadata()``; None for an error that is no call's."""
    method = getattr(error, name, None)
    return method() if callable(method) else None


def _status_details(error: grpc.RpcError, code: grpc.StatusCode, message: str) -> Sequence[any_pb2.Any]:
    """The details of the answer's ``google.rpc.Status``; none unless it decodes and agrees
    with the transport status."""
    for key, value in _call_value(error, "trailing_metadata") or ():
        if key != _STATUS_DETAILS_KEY:
            continue
        try:
            status = status_pb2.Status.FromString(value)
        except (DecodeError, TypeError):  # TypeError: a text value, not bytes
            return ()
        if status.code != code.value[0] or status.message != message:
            return ()
        return list(status.details)
    return ()


@dataclass(frozen=True)
class CreatedGame:
    game_id: str
    # Per seat, the reserved seats' tokens ("" for an open or a bot seat); keep them
    # secret, they cannot be shown again.
    tokens: tuple[str, ...]
    view: pb.GameView  # the spectator's view
    invitations: Mapping[int, str] = field(default_factory=dict)  # open seat -> its invitation code


@dataclass(frozen=True)
class Seat:
    """A seat taken (ClaimSeat, Rematch): its game, number and token (shown once)."""

    game_id: str
    seat: int
    token: str
    view: pb.GameView  # as the seat sees it


def table_options(
    seats: Sequence[str] = (), *, per_move_ms: int = 0, bank_ms: int = 0, increment_ms: int = 0,
    timeout_policy: str = "bot", stand_in: str = "greedy", bot_delay_ms: int | None = None,
    deal_pause_ms: int | None = None, bot_budget_ms: int | None = None, abandon_after_ms: int | None = None,
) -> pb.TableOptions:
    """TableOptions from plain values. A seat is "reserved" (its token to the creator),
    "open" (anyone claims it), "invite" (open to an invitation code's holder), "bot"
    (greedy) or "bot:random", "bot:greedy", "bot:hint". The clock: ``per_move_ms`` per
    decision then a bank of ``bank_ms`` (+ ``increment_ms`` per decision); when a seat's
    time runs out its ``stand_in`` bot decides (``timeout_policy`` "bot") or it loses
    ("forfeit")."""
    message = pb.TableOptions()
    for text in seats:
        kind, _, strength = text.partition(":")
        setup = message.seats.add(kind=cast(pb.SeatKind, _lookup("seat", _SEAT_KINDS, kind)), invitation=kind == "invite")
        if strength:
            setup.strength = cast(pb.BotStrength, _lookup("bot strength", _STRENGTHS, strength))
    message.clock.CopyFrom(pb.ClockOptions(
        per_move_ms=per_move_ms, bank_ms=bank_ms, increment_ms=increment_ms,
        timeout_policy=cast(pb.TimeoutPolicy, _lookup("timeout policy", _POLICIES, timeout_policy)),
        stand_in=cast(pb.BotStrength, _lookup("bot strength", _STRENGTHS, stand_in)),
    ))
    for name, value in (("bot_delay_ms", bot_delay_ms), ("deal_pause_ms", deal_pause_ms),
                        ("bot_budget_ms", bot_budget_ms), ("abandon_after_ms", abandon_after_ms)):
        if value is not None:
            setattr(message, name, value)
    return message


def _lookup(what: str, table: Mapping[str, int], name: object) -> int:
    """``table[name]``, or a ValueError that lists what ``what`` may be."""
    try:
        return table[str(name)]
    except KeyError:
        raise ValueError(f"unknown {what} {name!r}; one of {', '.join(table)}") from None


def variant(name: str | int) -> pb.Variant:
    """The Variant enum value of ``"hearts"`` (or an enum value, unchanged)."""
    # Enum values are ints at run time; the cast tells the type checker which enum.
    return cast(pb.Variant, name if isinstance(name, int) else _lookup("variant", _VARIANTS, name))


def variant_name(value: int) -> str:
    """The name of a Variant enum value (``"hearts"``); "" for one this client does not know."""
    return next((name for name, number in _VARIANTS.items() if number == value), "")


def options(name: str, values: Mapping[str, object] | None) -> pb.GameOptions:
    """GameOptions for a variant from plain values: target_score, first_dealer, announcements
    (belote). An unknown option or a value its field cannot hold is a ValueError naming it;
    the server checks the ranges (``INVALID_OPTION``)."""
    message = pb.GameOptions()
    if not values:
        return message
    chosen = getattr(message, name)
    known = [field.name for field in chosen.common.DESCRIPTOR.fields]
    if "announcements" in chosen.DESCRIPTOR.fields_by_name:
        known.append("announcements")
    for key, value in values.items():
        if key not in known:
            raise ValueError(f"unknown option {key!r} for {name}; one of {', '.join(known)}")
        if key == "announcements":
            chosen.announcements = cast(pb.Announcements, _lookup("announcements", _ANNOUNCEMENTS, value))
            continue
        try:
            setattr(chosen.common, key, value)
        except (TypeError, ValueError) as error:
            raise ValueError(f"option {key}={value!r}: {error}") from None
    return message


def _streamed(call: Any) -> Iterator[Any]:
    """The messages of a server-streaming call, its errors as CardgamesError; the call is
    cancelled when the caller stops reading."""
    try:
        yield from call
    except grpc.RpcError as error:
        raise CardgamesError.from_rpc_error(error) from None
    finally:
        call.cancel()


async def _async_streamed(call: Any) -> AsyncIterator[Any]:
    """`_streamed` for the asyncio client."""
    try:
        async for item in call:
            yield item
    except grpc.RpcError as error:
        raise CardgamesError.from_rpc_error(error) from None
    finally:
        call.cancel()


def _metadata(token: str | None) -> Sequence[tuple[str, str]] | None:
    return (("authorization", f"Bearer {token}"),) if token else None


def _create_request(name: str, opts: Mapping[str, object] | None, seed: str | None,
                    deal: str | None, table: pb.TableOptions | None) -> api.CreateGameRequest:
    request = api.CreateGameRequest(variant=variant(name), options=options(name, opts), table=table)
    if seed is not None:
        request.seed = seed
    if deal is not None:
        request.deal = deal
    return request


def _submit_request(game_id: str, seat: int, the_move: str | pb.Move, expected_version: int | None,
                    request_id: str | None) -> api.SubmitMoveRequest:
    request = api.SubmitMoveRequest(game_id=game_id, seat=seat, move=move(the_move), request_id=request_id or "")
    if expected_version is not None:
        request.expected_version = expected_version
    return request


def _list_request(variant_name: str | None, status: str | None, page_size: int, page_token: str,
                  open_seats: bool) -> api.ListGamesRequest:
    return api.ListGamesRequest(
        variant=variant(variant_name) if variant_name else pb.VARIANT_UNSPECIFIED,
        status=cast(pb.GameStatus, _lookup("status", _STATUSES, status)) if status else pb.GAME_STATUS_UNSPECIFIED,
        page_size=page_size,
        page_token=page_token,
        open_seats=open_seats,
    )


def _claim_request(game_id: str, seat: int | None, invitation_code: str | None) -> api.ClaimSeatRequest:
    request = api.ClaimSeatRequest(game_id=game_id, invitation_code=invitation_code or "")
    if seat is not None:
        request.seat = seat
    return request


def _watch_request(game_id: str, seat: int | None, after_version: int | None) -> api.WatchGameRequest:
    request = api.WatchGameRequest(game_id=game_id)
    if seat is not None:
        request.seat = seat
    if after_version is not None:
        request.after_version = after_version
    return request


def _get_request(game_id: str, seat: int | None) -> api.GetGameRequest:
    request = api.GetGameRequest(game_id=game_id)
    if seat is not None:
        request.seat = seat
    return request


def _hint_request(game_id: str, seat: int, budget_ms: int, seed: int | None, max_samples: int) -> api.GetHintRequest:
    request = api.GetHintRequest(game_id=game_id, seat=seat, budget_ms=budget_ms, max_samples=max_samples)
    if seed is not None:
        request.seed = seed
    return request


def deal_input(variant_name: str, *, deal: str | None = None, position: str | None = None, dealer: int = 0,
               contract: tuple[str, int] | None = None, player: int | None = None,
               skip_table: bool = False) -> analysis.DealInput:
    """A deal (deal notation) or a position (position notation) to analyse; ``contract`` is
    (trump suit code, taker); ``player`` the hearts player whose points are solved."""
    if deal is not None and position is not None:
        # One oneof in the message: the second would silently replace the first.
        raise ValueError("give a deal or a position, not both")
    item = analysis.DealInput(variant=variant(variant_name), dealer=dealer, skip_table=skip_table)
    if deal is not None:
        item.deal = deal
    if position is not None:
        item.position = position
    if contract is not None:
        item.contract.CopyFrom(analysis.Contract(trump=contract[0], taker=contract[1]))
    if player is not None:
        item.player = player
    return item


def _analyze_request(item: analysis.DealInput | None, game_id: str | None, seat: int | None,
                     deal_number: int | None, from_trick: int, time_limit_ms: int) -> analysis.AnalyzeDealRequest:
    request = analysis.AnalyzeDealRequest(game_id=game_id or "", from_trick=from_trick, time_limit_ms=time_limit_ms)
    if item is not None:
        request.input.CopyFrom(item)
    if seat is not None:
        request.seat = seat
    if deal_number is not None:
        request.deal_number = deal_number
    return request


def _analyze_progress_request(item: analysis.DealInput | None, game_id: str | None, seat: int | None,
                              deal_number: int | None, from_trick: int,
                              time_limit_ms: int) -> analysis.AnalyzeDealProgressRequest:
    # The same fields, with the same numbers, as AnalyzeDealRequest.
    request = _analyze_request(item, game_id, seat, deal_number, from_trick, time_limit_ms)
    return analysis.AnalyzeDealProgressRequest.FromString(request.SerializeToString())


def _created(response: api.CreateGameResponse) -> CreatedGame:
    by_seat = {credential.seat: credential.token for credential in response.credentials}
    seats = len(response.view.seats) or len(response.credentials)  # a server without tables lists no seats
    tokens = tuple(by_seat.get(seat, "") for seat in range(seats))
    invitations = {invitation.seat: invitation.code for invitation in response.invitations}
    return CreatedGame(response.game_id, tokens, response.view, invitations)


def _seat(response: api.ClaimSeatResponse | api.RematchResponse) -> Seat:
    game_id = response.game_id if isinstance(response, api.RematchResponse) else response.view.game_id
    return Seat(game_id, response.credential.seat, response.credential.token, response.view)


def _same(response: Any) -> Any:
    return response


T = TypeVar("T")


@dataclass(frozen=True)
class _Call(Generic[T]):
    """One call as both clients make it: the stub and method, the request, the token, and
    what of the answer the caller gets. The clients differ only in how they run it."""

    service: str  # "stub" (GameService) or "analysis" (AnalysisService)
    method: str
    request: Any
    token: str | None = None
    pick: Callable[[Any], T] = _same


class _Calls:
    """Every call of the API, built once for :class:`Client` and :class:`AsyncClient`."""

    @staticmethod
    def create_game(variant_name: str, options: Mapping[str, object] | None, seed: str | None,
                    deal: str | None, table: pb.TableOptions | None) -> _Call[CreatedGame]:
        return _Call("stub", "CreateGame", _create_request(variant_name, options, seed, deal, table), pick=_created)

    @staticmethod
    def claim_seat(game_id: str, seat: int | None, invitation_code: str | None) -> _Call[Seat]:
        return _Call("stub", "ClaimSeat", _claim_request(game_id, seat, invitation_code), pick=_seat)

    @staticmethod
    def resign(game_id: str, seat: int, token: str) -> _Call[api.ResignResponse]:
        return _Call("stub", "Resign", api.ResignRequest(game_id=game_id, seat=seat), token)

    @staticmethod
    def rematch(game_id: str, seat: int, token: str) -> _Call[Seat]:
        return _Call("stub", "Rematch", api.RematchRequest(game_id=game_id, seat=seat), token, _seat)

    @staticmethod
    def get_game(game_id: str, seat: int | None, token: str | None) -> _Call[pb.GameView]:
        return _Call("stub", "GetGame", _get_request(game_id, seat), token, lambda response: response.view)

    @staticmethod
    def list_games(variant: str | None, status: str | None, page_size: int, page_token: str,
                   open_seats: bool) -> _Call[api.ListGamesResponse]:
        return _Call("stub", "ListGames", _list_request(variant, status, page_size, page_token, open_seats))

    @staticmethod
    def submit_move(game_id: str, seat: int, token: str, the_move: str | pb.Move, expected_version: int | None,
                    request_id: str | None) -> _Call[api.SubmitMoveResponse]:
        return _Call("stub", "SubmitMove", _submit_request(game_id, seat, the_move, expected_version, request_id), token)

    @staticmethod
    def validate_move(game_id: str, seat: int, token: str, the_move: str | pb.Move) -> _Call[api.ValidateMoveResponse]:
        return _Call("stub", "ValidateMove", api.ValidateMoveRequest(game_id=game_id, seat=seat, move=move(the_move)),
                     token)

    @staticmethod
    def get_hint(game_id: str, seat: int, token: str, budget_ms: int, seed: int | None, max_samples: int) -> _Call[api.Hint]:
        return _Call("stub", "GetHint", _hint_request(game_id, seat, budget_ms, seed, max_samples), token,
                     lambda response: response.hint)

    @staticmethod
    def analyze_deal(item: analysis.DealInput | None, game_id: str | None, seat: int | None, token: str | None,
                     deal_number: int | None, from_trick: int, time_limit_ms: int) -> _Call[analysis.DealAnalysis]:
        request = _analyze_request(item, game_id, seat, deal_number, from_trick, time_limit_ms)
        return _Call("analysis", "AnalyzeDeal", request, token, lambda response: response.analysis)

    @staticmethod
    def analyze_deal_progress(item: analysis.DealInput | None, game_id: str | None, seat: int | None,
                              token: str | None, deal_number: int | None, from_trick: int,
                              time_limit_ms: int) -> _Call[analysis.AnalyzeDealProgressResponse]:
        request = _analyze_progress_request(item, game_id, seat, deal_number, from_trick, time_limit_ms)
        return _Call("analysis", "AnalyzeDealProgress", request, token)

    @staticmethod
    def analyze_deals(items: Sequence[analysis.DealInput], time_limit_ms: int, parallelism: int) -> _Call[analysis.AnalyzeDealsResponse]:
        request = analysis.AnalyzeDealsRequest(inputs=items, time_limit_ms=time_limit_ms, parallelism=parallelism)
        return _Call("analysis", "AnalyzeDeals", request)

    @staticmethod
    def watch(game_id: str, seat: int | None, token: str | None, after_version: int | None) -> _Call[api.WatchGameResponse]:
        return _Call("stub", "WatchGame", _watch_request(game_id, seat, after_version), token)


class Client:
    """Blocking client over one channel. :class:`AsyncClient` has the same methods, for asyncio."""

    def __init__(self, target: str, *, channel: grpc.Channel | None = None, timeout: float | None = 30.0) -> None:
        self.channel = channel or grpc.insecure_channel(target)
        self.stub = api_grpc.GameServiceStub(self.channel)
        self.analysis = analysis_grpc.AnalysisServiceStub(self.channel)
        self.timeout = timeout  # of each unary call; streams take their own

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.channel.close()

    def _call(self, method: Any, request: Any, token: str | None = None) -> Any:
        try:
            return method(request, metadata=_metadata(token), timeout=self.timeout)
        except grpc.RpcError as error:
            raise CardgamesError.from_rpc_error(error) from None

    def _run(self, call: _Call[T]) -> T:
        return call.pick(self._call(getattr(getattr(self, call.service), call.method), call.request, call.token))

    def _stream(self, call: _Call[Any], timeout: float | None) -> Iterator[Any]:
        method = getattr(getattr(self, call.service), call.method)
        yield from _streamed(method(call.request, metadata=_metadata(call.token), timeout=timeout))

    def create_game(self, variant_name: str, options: Mapping[str, object] | None = None, *,
                    seed: str | None = None, deal: str | None = None,
                    table: pb.TableOptions | None = None) -> CreatedGame:
        """A new game; ``table`` (see :func:`table_options`) says who sits where."""
        return self._run(_Calls.create_game(variant_name, options, seed, deal, table))

    def claim_seat(self, game_id: str, seat: int | None = None, *, invitation_code: str | None = None) -> Seat:
        """Takes an open seat (the given one, the invitation's, or the first open to anyone)."""
        return self._run(_Calls.claim_seat(game_id, seat, invitation_code))

    def resign(self, game_id: str, seat: int, token: str) -> api.ResignResponse:
        return self._run(_Calls.resign(game_id, seat, token))

    def rematch(self, game_id: str, seat: int, token: str) -> Seat:
        """This seat's place in the rematch of a finished game (``token``: its token of that game)."""
        return self._run(_Calls.rematch(game_id, seat, token))

    def get_game(self, game_id: str, seat: int | None = None, token: str | None = None) -> pb.GameView:
        return self._run(_Calls.get_game(game_id, seat, token))

    def list_games(self, variant: str | None = None, status: str | None = None, *, page_size: int = 0,
                   page_token: str = "", open_seats: bool = False) -> api.ListGamesResponse:
        return self._run(_Calls.list_games(variant, status, page_size, page_token, open_seats))

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

    def submit_move(self, game_id: str, seat: int, token: str, the_move: str | pb.Move, *,
                    expected_version: int | None = None, request_id: str | None = None) -> api.SubmitMoveResponse:
        return self._run(_Calls.submit_move(game_id, seat, token, the_move, expected_version, request_id))

    def validate_move(self, game_id: str, seat: int, token: str, the_move: str | pb.Move) -> api.ValidateMoveResponse:
        return self._run(_Calls.validate_move(game_id, seat, token, the_move))

    def get_hint(self, game_id: str, seat: int, token: str, *, budget_ms: int = 0, seed: int | None = None,
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

    def watch(self, game_id: str, seat: int | None = None, token: str | None = None, *,
              after_version: int | None = None, timeout: float | None = None) -> Iterator[api.WatchGameResponse]:
        """The snapshot (unless resuming), then every change until the game ends."""
        yield from self._stream(_Calls.watch(game_id, seat, token, after_version), timeout)


class AsyncClient:
    """asyncio client over one channel (grpc.aio), with the methods of :class:`Client`."""

    def __init__(self, target: str, *, channel: grpc.aio.Channel | None = None, timeout: float | None = 30.0) -> None:
        self.channel = channel or grpc.aio.insecure_channel(target)
        self.stub = api_grpc.GameServiceStub(self.channel)
        self.analysis = analysis_grpc.AnalysisServiceStub(self.channel)
        self.timeout = timeout  # of each unary call; streams take their own

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.channel.close(None)

    async def _call(self, method: Any, request: Any, token: str | None = None) -> Any:
        try:
            return await method(request, metadata=_metadata(token), timeout=self.timeout)
        except grpc.RpcError as error:
            raise CardgamesError.from_rpc_error(error) from None

    async def _run(self, call: _Call[T]) -> T:
        method = getattr(getattr(self, call.service), call.method)
        return call.pick(await self._call(method, call.request, call.token))

    async def _stream(self, call: _Call[Any], timeout: float | None) -> AsyncIterator[Any]:
        method = getattr(getattr(self, call.service), call.method)
        async for item in _async_streamed(method(call.request, metadata=_metadata(call.token), timeout=timeout)):
            yield item

    async def create_game(self, variant_name: str, options: Mapping[str, object] | None = None, *,
                          seed: str | None = None, deal: str | None = None,
                          table: pb.TableOptions | None = None) -> CreatedGame:
        """A new game; ``table`` (see :func:`table_options`) says who sits where."""
        return await self._run(_Calls.create_game(variant_name, options, seed, deal, table))

    async def claim_seat(self, game_id: str, seat: int | None = None, *, invitation_code: str | None = None) -> Seat:
        """Takes an open seat (the given one, the invitation's, or the first open to anyone)."""
        return await self._run(_Calls.claim_seat(game_id, seat, invitation_code))

    async def resign(self, game_id: str, seat: int, token: str) -> api.ResignResponse:
        return await self._run(_Calls.resign(game_id, seat, token))

    async def rematch(self, game_id: str, seat: int, token: str) -> Seat:
        """This seat's place in the rematch of a finished game (``token``: its token of that game)."""
        return await self._run(_Calls.rematch(game_id, seat, token))

    async def get_game(self, game_id: str, seat: int | None = None, token: str | None = None) -> pb.GameView:
        return await self._run(_Calls.get_game(game_id, seat, token))

    async def list_games(self, variant: str | None = None, status: str | None = None, *, page_size: int = 0,
                         page_token: str = "", open_seats: bool = False) -> api.ListGamesResponse:
        return await self._run(_Calls.list_games(variant, status, page_size, page_token, open_seats))

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

    async def submit_move(self, game_id: str, seat: int, token: str, the_move: str | pb.Move, *,
                          expected_version: int | None = None, request_id: str | None = None) -> api.SubmitMoveResponse:
        return await self._run(_Calls.submit_move(game_id, seat, token, the_move, expected_version, request_id))

    async def validate_move(self, game_id: str, seat: int, token: str,
                            the_move: str | pb.Move) -> api.ValidateMoveResponse:
        return await self._run(_Calls.validate_move(game_id, seat, token, the_move))

    async def get_hint(self, game_id: str, seat: int, token: str, *, budget_ms: int = 0, seed: int | None = None,
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

    async def watch(self, game_id: str, seat: int | None = None, token: str | None = None, *,
                    after_version: int | None = None,
                    timeout: float | None = None) -> AsyncIterator[api.WatchGameResponse]:
        """The snapshot (unless resuming), then every change until the game ends."""
        async for item in self._stream(_Calls.watch(game_id, seat, token, after_version), timeout):
            yield item

"""How the client library builds each request from plain Python values (variant names,
option values, moves in their text form) and picks its answer: the calls both clients make,
as values (:class:`_Call`), so the blocking and the asyncio client share every one."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from cardgames.moves import move as _move_message
from cardgames.v1 import analysis_service_pb2 as analysis
from cardgames.v1 import event_service_pb2 as events
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import game_service_pb2 as api
from cardgames.v1 import player_service_pb2 as players
from cardgames.v1 import record_pb2 as rec

from .errors import InvalidRequest

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


@dataclass(frozen=True)
class CreatedEvent:
    """A duplicate event (docs/events.md): its id, each table's game and credentials in
    table order (the par table last), and the event as everyone sees it."""

    event_id: str
    tables: tuple[CreatedGame, ...]
    event: events.EventInfo


def table_options(
    seats: Sequence[str] = (), *, per_move_ms: int = 0, bank_ms: int = 0, increment_ms: int = 0,
    timeout_policy: str = "bot", stand_in: str = "greedy", bot_delay_ms: int | None = None,
    deal_pause_ms: int | None = None, bot_budget_ms: int | None = None, abandon_after_ms: int | None = None,
    rated: bool = False,
) -> pb.TableOptions:
    """TableOptions from plain values. A seat is "reserved" (its token to the creator),
    "open" (anyone claims it), "invite" (open to an invitation code's holder), "bot"
    (greedy) or "bot:random", "bot:greedy", "bot:hint". The clock: ``per_move_ms`` per
    decision then a bank of ``bank_ms`` (+ ``increment_ms`` per decision); when a seat's
    time runs out its ``stand_in`` bot decides (``timeout_policy`` "bot") or it loses
    ("forfeit"). A ``rated`` table's human seats are "open", claimed by signed-in players."""
    message = pb.TableOptions(rated=rated)
    for index, text in enumerate(seats):
        kind, _, strength = text.partition(":")
        field = f"seats[{index}]"
        setup = message.seats.add(kind=cast(pb.SeatKind, _lookup("seat", _SEAT_KINDS, kind, field)),
                                  invitation=kind == "invite")
        if strength:
            setup.strength = cast(pb.BotStrength, _lookup("bot strength", _STRENGTHS, strength, field))
    message.clock.CopyFrom(pb.ClockOptions(
        per_move_ms=per_move_ms, bank_ms=bank_ms, increment_ms=increment_ms,
        timeout_policy=cast(pb.TimeoutPolicy, _lookup("timeout policy", _POLICIES, timeout_policy)),
        stand_in=cast(pb.BotStrength, _lookup("bot strength", _STRENGTHS, stand_in, "stand_in")),
    ))
    for name, value in (("bot_delay_ms", bot_delay_ms), ("deal_pause_ms", deal_pause_ms),
                        ("bot_budget_ms", bot_budget_ms), ("abandon_after_ms", abandon_after_ms)):
        if value is not None:
            setattr(message, name, value)
    return message


# The reason an unknown name of each kind is refused with, as the server would refuse it.
_UNKNOWN_REASONS = {"variant": "INVALID_VARIANT", "status": "INVALID_STATUS"}


def _lookup(what: str, table: Mapping[str, int], name: object, field: str | None = None) -> int:
    """``table[name]``, or an :class:`InvalidRequest` that lists what ``what`` may be and
    names the caller's ``field`` (by default ``what``)."""
    try:
        return table[str(name)]
    except KeyError:
        raise InvalidRequest(_UNKNOWN_REASONS.get(what, "INVALID_OPTION"),
                             f"unknown {what} {str(name)[:40]!r}; one of {', '.join(table)}",
                             field or what.replace(" ", "_")) from None


def variant(name: str | int) -> pb.Variant:
    """The Variant enum value of ``"hearts"`` (or an enum value, unchanged)."""
    # Enum values are ints at run time; the cast tells the type checker which enum.
    return cast(pb.Variant, name if isinstance(name, int) else _lookup("variant", _VARIANTS, name))


def variant_name(value: int) -> str:
    """The name of a Variant enum value (``"hearts"``); "" for one this client does not know."""
    return next((name for name, number in _VARIANTS.items() if number == value), "")


def options(name: str, values: Mapping[str, object] | None) -> pb.GameOptions:
    """GameOptions for a variant from plain values: target_score, first_dealer, announcements
    (belote). An unknown option or a value its field cannot hold is an
    :class:`InvalidRequest` naming it; the server checks the ranges (``INVALID_OPTION``)."""
    message = pb.GameOptions()
    if not values:
        return message
    chosen = getattr(message, name)
    known = [field.name for field in chosen.common.DESCRIPTOR.fields]
    if "announcements" in chosen.DESCRIPTOR.fields_by_name:
        known.append("announcements")
    for key, value in values.items():
        if key not in known:
            raise InvalidRequest("INVALID_OPTION", f"unknown option {str(key)[:40]!r} for {name}; one of {', '.join(known)}",
                                 f"options.{str(key)[:40]}")
        if key == "announcements":
            chosen.announcements = cast(pb.Announcements, _lookup("announcements", _ANNOUNCEMENTS, value))
            continue
        try:
            setattr(chosen.common, key, value)
        except (TypeError, ValueError) as error:
            raise InvalidRequest("INVALID_OPTION", f"option {key}={repr(value)[:40]}: {error}", f"options.{key}") from None
    return message


def move(text: str | pb.Move) -> pb.Move:
    """The Move message of a move's text form (``"play:QS"``), or the message itself;
    :class:`InvalidRequest` (reason UNKNOWN_MOVE) for a text that is no move."""
    try:
        return _move_message(text)
    except ValueError as error:
        raise InvalidRequest("UNKNOWN_MOVE", str(error), "move") from None


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
                  open_seats: bool, mine: bool = False) -> api.ListGamesRequest:
    return api.ListGamesRequest(
        variant=variant(variant_name) if variant_name else pb.VARIANT_UNSPECIFIED,
        status=cast(pb.GameStatus, _lookup("status", _STATUSES, status)) if status else pb.GAME_STATUS_UNSPECIFIED,
        page_size=page_size,
        page_token=page_token,
        open_seats=open_seats,
        mine=mine,
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
        raise InvalidRequest("INVALID_ARGUMENT", "give a deal or a position, not both", "input")
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


def _created_event(response: events.CreateEventResponse) -> CreatedEvent:
    tables = tuple(_event_table(table, len(info.seats), pb.GameView(game_id=table.game_id, seats=info.seats))
                   for table, info in zip(response.tables, response.event.tables))
    return CreatedEvent(response.event_id, tables, response.event)


def _event_table(table: events.EventTableCredentials, seats: int, view: pb.GameView | None = None) -> CreatedGame:
    """An event's table: its game and credentials, a token per seat ("" for the others), and
    its seats as the event shows them (a table added later: read its view with GetGame)."""
    by_seat = {credential.seat: credential.token for credential in table.credentials}
    count = max([seats, *(seat + 1 for seat in by_seat)])
    return CreatedGame(table.game_id, tuple(by_seat.get(seat, "") for seat in range(count)),
                       view or pb.GameView(game_id=table.game_id),
                       {invitation.seat: invitation.code for invitation in table.invitations})


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

    service: str  # "stub" (GameService), "analysis" (AnalysisService), "players" (PlayerService), "events"
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
    def resign(game_id: str, seat: int, token: str | None) -> _Call[api.ResignResponse]:
        return _Call("stub", "Resign", api.ResignRequest(game_id=game_id, seat=seat), token)

    @staticmethod
    def rematch(game_id: str, seat: int, token: str | None) -> _Call[Seat]:
        return _Call("stub", "Rematch", api.RematchRequest(game_id=game_id, seat=seat), token, _seat)

    @staticmethod
    def get_game(game_id: str, seat: int | None, token: str | None) -> _Call[pb.GameView]:
        return _Call("stub", "GetGame", _get_request(game_id, seat), token, lambda response: response.view)

    @staticmethod
    def get_game_record(game_id: str, seat: int | None, token: str | None) -> _Call[rec.GameRecord]:
        request = api.GetGameRecordRequest(game_id=game_id)
        if seat is not None:
            request.seat = seat
        return _Call("stub", "GetGameRecord", request, token, lambda response: response.record)

    @staticmethod
    def import_game_record(record: rec.GameRecord | None, text: str | None) -> _Call[rec.GameRecord]:
        if (record is None) == (text is None):
            raise InvalidRequest("INVALID_ARGUMENT", "give a record or its text, not both", "source")
        request = analysis.ImportGameRecordRequest(record=record) if record is not None else \
            analysis.ImportGameRecordRequest(text=text)
        return _Call("analysis", "ImportGameRecord", request, pick=lambda response: response.record)

    @staticmethod
    def list_games(variant: str | None, status: str | None, page_size: int, page_token: str,
                   open_seats: bool, mine: bool = False) -> _Call[api.ListGamesResponse]:
        return _Call("stub", "ListGames", _list_request(variant, status, page_size, page_token, open_seats, mine))

    @staticmethod
    def get_player(player_id: str, history_size: int) -> _Call[players.PlayerProfile]:
        return _Call("players", "GetPlayer", players.GetPlayerRequest(player_id=player_id, history_size=history_size),
                     pick=lambda response: response.player)

    @staticmethod
    def list_leaderboard(variant_name: str, page_size: int, page_token: str) -> _Call[players.ListLeaderboardResponse]:
        return _Call("players", "ListLeaderboard", players.ListLeaderboardRequest(
            variant=variant(variant_name), page_size=page_size, page_token=page_token))

    @staticmethod
    def create_event(variant_name: str, options_values: Mapping[str, object] | None, deals: int, seed: str | None,
                     given_deals: Sequence[str], tables: Sequence[pb.TableOptions], par: str | None,
                     rated: bool = False) -> _Call[CreatedEvent]:
        request = events.CreateEventRequest(variant=variant(variant_name), options=options(variant_name, options_values),
                                            deals=deals, given_deals=given_deals, tables=tables, rated=rated)
        if seed is not None:
            request.seed = seed
        if par is not None:
            request.par = cast(pb.BotStrength, _lookup("bot strength", _STRENGTHS, par, "par"))
        return _Call("events", "CreateEvent", request, pick=_created_event)

    @staticmethod
    def add_event_table(event_id: str, table: pb.TableOptions | None) -> _Call[CreatedGame]:
        return _Call("events", "AddEventTable", events.AddEventTableRequest(event_id=event_id, table=table),
                     pick=lambda response: _event_table(response.table, len(table.seats) if table else 0))

    @staticmethod
    def get_event(event_id: str, token: str | None) -> _Call[events.EventInfo]:
        return _Call("events", "GetEvent", events.GetEventRequest(event_id=event_id), token,
                     lambda response: response.event)

    @staticmethod
    def get_event_standings(event_id: str, token: str | None) -> _Call[events.GetEventStandingsResponse]:
        return _Call("events", "GetEventStandings", events.GetEventStandingsRequest(event_id=event_id), token)

    @staticmethod
    def get_deal_comparison(event_id: str, deal_number: int,
                            token: str | None) -> _Call[events.GetDealComparisonResponse]:
        return _Call("events", "GetDealComparison",
                     events.GetDealComparisonRequest(event_id=event_id, deal_number=deal_number), token)

    @staticmethod
    def submit_move(game_id: str, seat: int, token: str | None, the_move: str | pb.Move, expected_version: int | None,
                    request_id: str | None) -> _Call[api.SubmitMoveResponse]:
        return _Call("stub", "SubmitMove", _submit_request(game_id, seat, the_move, expected_version, request_id), token)

    @staticmethod
    def validate_move(game_id: str, seat: int, token: str | None, the_move: str | pb.Move) -> _Call[api.ValidateMoveResponse]:
        return _Call("stub", "ValidateMove", api.ValidateMoveRequest(game_id=game_id, seat=seat, move=move(the_move)),
                     token)

    @staticmethod
    def get_hint(game_id: str, seat: int, token: str | None, budget_ms: int, seed: int | None, max_samples: int) -> _Call[api.Hint]:
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
    def review_game(game_id: str | None, record: rec.GameRecord | None, text: str | None, token: str | None,
                    deal_number: int | None, seats: Sequence[int], budget_ms: int | None, deals: int, seed: int,
                    time_limit_ms: int) -> _Call[analysis.ReviewGameResponse]:
        if sum(source is not None for source in (game_id, record, text)) != 1:
            raise InvalidRequest("INVALID_ARGUMENT", "give one of a game id, a record or its text", "source")
        request = analysis.ReviewGameRequest(seats=seats, deals=deals, seed=seed, time_limit_ms=time_limit_ms)
        if game_id is not None:
            request.game_id = game_id
        elif record is not None:
            request.record.CopyFrom(record)
        else:
            request.text = cast(str, text)
        if deal_number is not None:
            request.deal_number = deal_number
        if budget_ms is not None:
            request.budget_ms = budget_ms
        return _Call("analysis", "ReviewGame", request, token)

    @staticmethod
    def watch(game_id: str, seat: int | None, token: str | None, after_version: int | None) -> _Call[api.WatchGameResponse]:
        return _Call("stub", "WatchGame", _watch_request(game_id, seat, after_version), token)

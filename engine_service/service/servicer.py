"""The GameService servicer: converts between protobuf and the application layer, nothing more.

Errors are raised as domain exceptions and mapped to gRPC statuses by the interceptor.
"""

from __future__ import annotations

import base64
import binascii
import time
from collections.abc import AsyncIterator
from typing import Any

from cardgames.v1 import game_service_pb2 as api
from cardgames.v1 import game_service_pb2_grpc as api_grpc
from google.protobuf.message import Message

from .. import hints
from ..rules import variant_class
from ..tables import TableView
from . import convert, convert_records
from .callers import Callers
from .credentials import Login
from .errors import InvalidInput, ServiceReason
from .games import GameService
from .interceptor import Context
from .solving import SolverSlots

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 1000


def _optional(message: Message, name: str) -> Any:
    """A field with presence: its value if set, else None."""
    return getattr(message, name) if message.HasField(name) else None


DEFAULT_HINT_BUDGET_MS = 200
MAX_HINT_BUDGET_MS = 60_000


class GameServiceServicer(api_grpc.GameServiceServicer):
    def __init__(self, games: GameService, solving: SolverSlots, callers: Callers | None = None) -> None:
        self.games = games
        self.solving = solving
        self.callers = callers or Callers()

    async def CreateGame(self, request: api.CreateGameRequest, context: Context) -> api.CreateGameResponse:
        variant = convert.variant_name(request.variant)
        assert variant is not None
        table, invited = convert.table_spec(request.table, variant_class(variant).players)
        created = await self.games.create(
            variant,
            convert.options_mapping(variant, request.options),
            seed=_optional(request, "seed"),
            deal=_optional(request, "deal"),
            table=table,
            invited=invited,
            creator=await self.callers.quota_key(context),
        )
        return api.CreateGameResponse(
            game_id=created.game_id,
            credentials=[api.SeatCredential(seat=seat, token=token) for seat, token in sorted(created.tokens.items())],
            view=convert.game_view(created.game_id, created.view),
            invitations=[api.Invitation(seat=seat, code=code) for seat, code in sorted(created.invitations.items())],
        )

    async def ClaimSeat(self, request: api.ClaimSeatRequest, context: Context) -> api.ClaimSeatResponse:
        credential = await self.callers.credential(context)
        claimed = await self.games.claim(request.game_id, _optional(request, "seat"), request.invitation_code or None,
                                         login=credential if isinstance(credential, Login) else None)
        return api.ClaimSeatResponse(credential=api.SeatCredential(seat=claimed.seat, token=claimed.token),
                                     view=convert.game_view(claimed.game_id, claimed.view))

    async def Resign(self, request: api.ResignRequest, context: Context) -> api.ResignResponse:
        answer = await self.games.resign(request.game_id, request.seat, await self.callers.credential(context))
        response = api.ResignResponse(version=answer.change.version)
        convert.game_change(answer.change, into=response.change)
        return response

    async def Rematch(self, request: api.RematchRequest, context: Context) -> api.RematchResponse:
        claimed = await self.games.rematch(request.game_id, request.seat, await self.callers.credential(context))
        return api.RematchResponse(game_id=claimed.game_id,
                                   credential=api.SeatCredential(seat=claimed.seat, token=claimed.token),
                                   view=convert.game_view(claimed.game_id, claimed.view))

    async def GetGame(self, request: api.GetGameRequest, context: Context) -> api.GetGameResponse:
        view = await self.games.view(request.game_id, _optional(request, "seat"), await self.callers.credential(context))
        return api.GetGameResponse(view=convert.game_view(request.game_id, view))

    async def GetGameRecord(self, request: api.GetGameRecordRequest, context: Context) -> api.GetGameRecordResponse:
        record = await self.games.record(request.game_id, _optional(request, "seat"), await self.callers.credential(context))
        return api.GetGameRecordResponse(record=convert_records.game_record(record))

    async def ListGames(self, request: api.ListGamesRequest, context: Context) -> api.ListGamesResponse:
        size = request.page_size or DEFAULT_PAGE_SIZE
        if not 1 <= size <= MAX_PAGE_SIZE:
            raise InvalidInput(f"page_size must be 1..{MAX_PAGE_SIZE} (0 means {DEFAULT_PAGE_SIZE})", field="page_size")
        variant = convert.variant_name(request.variant, required=False)
        status = convert.status_name(request.status)
        player = (await self.callers.login(context)).player.id if request.mine else None
        filters = f"{variant or ''}/{status or ''}" + ("/open" if request.open_seats else "") + ("/mine" if player else "")
        rows = await self.games.list(variant=variant, status=status, before_seq=_decode_page_token(request.page_token, filters),
                                     limit=size + 1, open_seats=request.open_seats, player=player)
        more = len(rows) > size
        rows = rows[:size]
        token = _encode_page_token(rows[-1].seq, filters) if more else ""
        return api.ListGamesResponse(games=[convert.game_summary(row) for row in rows], next_page_token=token)

    async def SubmitMove(self, request: api.SubmitMoveRequest, context: Context) -> api.SubmitMoveResponse:
        answer = await self.games.submit(
            request.game_id,
            request.seat,
            await self.callers.credential(context),
            convert.move_reader(request.move),
            expected_version=_optional(request, "expected_version"),
            request_id=request.request_id or None,
        )
        response = api.SubmitMoveResponse(version=answer.change.version, game_over=answer.game_over)
        convert.game_change(answer.change, into=response.change)
        return response

    async def ValidateMove(
        self, request: api.ValidateMoveRequest, context: Context
    ) -> api.ValidateMoveResponse:
        result = await self.games.validate(
            request.game_id, request.seat, await self.callers.credential(context), convert.move_reader(request.move)
        )
        return api.ValidateMoveResponse(
            legal=result.legal, reason=result.reason, message=result.message, version=result.version
        )

    async def WatchGame(
        self, request: api.WatchGameRequest, context: Context
    ) -> AsyncIterator[api.WatchGameResponse]:
        items = self.games.watch(
            request.game_id, _optional(request, "seat"), await self.callers.credential(context), _optional(request, "after_version")
        )
        async for item in items:
            if isinstance(item, TableView):
                yield api.WatchGameResponse(snapshot=convert.game_view(request.game_id, item))
            else:
                yield api.WatchGameResponse(change=convert.game_change(item))

    async def GetHint(self, request: api.GetHintRequest, context: Context) -> api.GetHintResponse:
        started = time.monotonic()  # the budget bounds the whole call, reading the game included
        budget_ms = request.budget_ms or DEFAULT_HINT_BUDGET_MS
        if not 0 < budget_ms <= MAX_HINT_BUDGET_MS:
            raise InvalidInput(f"budget_ms must be 0..{MAX_HINT_BUDGET_MS}", field="budget_ms")
        max_samples = request.max_samples or hints.MAX_SAMPLES
        if not hints.MIN_SAMPLES <= max_samples <= hints.MAX_SAMPLES:
            raise InvalidInput(f"max_samples must be 0..{hints.MAX_SAMPLES}", field="max_samples")
        credential = await self.callers.credential(context)
        question = await self.games.hint_question(request.game_id, request.seat, credential)
        # Whose turn in the hint queue: the seat's holder (players behind one address wait apart).
        caller = credential.holder if credential is not None else self.callers.key(context)
        hint = await self.solving.hint(
            question,
            seed=_optional(request, "seed"),
            budget=budget_ms / 1000,
            max_samples=max_samples,
            time_remaining=context.time_remaining(),
            started=started,
            caller=caller,
        )
        return api.GetHintResponse(hint=convert.hint(hint))


def _encode_page_token(seq: int, filters: str) -> str:
    """Where the next page starts, and the filters it belongs to (a token is valid with those only)."""
    return base64.urlsafe_b64encode(f"v2:{seq}:{filters}".encode()).decode()


def _decode_page_token(token: str, filters: str) -> int | None:
    if not token:
        return None
    try:
        version, seq, issued_for = base64.urlsafe_b64decode(token.encode()).decode().split(":", 2)
        if version != "v2":
            raise ValueError(token)
        start = int(seq)
        if not 0 <= start < 2**63:  # a row number the database can hold
            raise ValueError(token)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise InvalidInput("page_token is not a token this service issued", reason=ServiceReason.INVALID_PAGE_TOKEN,
                           field="page_token") from None
    if issued_for != filters:
        raise InvalidInput("page_token was issued for other filters: use the same variant, status and open_seats",
                           reason=ServiceReason.INVALID_PAGE_TOKEN, field="page_token")
    return start


__all__ = ["GameServiceServicer"]

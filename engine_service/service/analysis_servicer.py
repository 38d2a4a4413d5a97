"""The AnalysisService servicer: converts between protobuf and ``engine_service.analysis``.

Every analysis runs on a solver slot, in a solver thread (the GIL released). An input's
problems are found in that thread, where the engine and the solver reject it; they become
:class:`InvalidInput` naming the request field, so a batch item's error can be sent in its
own message and a single call's by the interceptor, with the same code and reason.

AnalyzeDealProgress runs the anytime analysis of the same play on one slot: the solver
thread hands each new bounds to the event loop, which streams them; its deadline ends the
search with the bounds proved, sent as the last message. A call that ends early sets the
search's stop flag, which it sees within a millisecond or so.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from cardgames.v1 import analysis_service_pb2 as api
from cardgames.v1 import analysis_service_pb2_grpc as api_grpc

from .. import analysis
from ..rules import VARIANTS, Reason, RuleViolation
from ..solver import InvalidInputError, StopFlag, ValueBounds
from . import convert, convert_records, convert_reviews, reviewing
from .callers import Callers
from .errors import InvalidInput, ServiceReason
from .games import GameService
from .importing import imported
from .interceptor import Context, bounded, status_for
from .solving import Slot, SolverSlots, time_left

DEFAULT_TIME_LIMIT_MS = 60_000
MAX_TIME_LIMIT_MS = 600_000
MAX_BATCH = 1000

R = TypeVar("R")
Work = Callable[..., R]


class AnalysisServiceServicer(api_grpc.AnalysisServiceServicer):
    def __init__(self, games: GameService, solving: SolverSlots, callers: Callers | None = None) -> None:
        self.games = games
        self.solving = solving
        self.callers = callers or Callers()
        self.reviewer = reviewing.Reviewer(games, solving)

    async def AnalyzeDeal(
        self, request: api.AnalyzeDealRequest, context: Context
    ) -> api.AnalyzeDealResponse:
        limit = _time_limit(request.time_limit_ms)
        work: Work[analysis.DealAnalysis] = await self._request_work(request, context, None)
        result = await self.solving.analysis.run(self.solving.analyse, work, caller=self.callers.of(context), stoppable=True,
                                                 deadline=time_left(limit, context.time_remaining()))
        return api.AnalyzeDealResponse(analysis=convert.deal_analysis(result))

    async def AnalyzeDealProgress(
        self, request: api.AnalyzeDealProgressRequest, context: Context
    ) -> AsyncIterator[api.AnalyzeDealProgressResponse]:
        limit = _time_limit(request.time_limit_ms)
        loop = asyncio.get_running_loop()
        # Each new bounds in report order, then None once the solver thread is done.
        updates: asyncio.Queue[analysis.PlayBounds | None] = asyncio.Queue()
        stop = StopFlag()  # set when the call ends: nobody waits for the search any more

        def observe(bounds: analysis.PlayBounds) -> bool:
            return _put_quietly(loop, updates, bounds)

        work: Work[analysis.PlayBounds] = functools.partial(await self._request_work(request, context, observe), stop=stop)
        with self.solving.analysis.held(1, self.callers.of(context)) as (slot,):
            thread = slot.submit(self.solving.analyse, work, deadline=time_left(limit, context.time_remaining()))
            thread.add_done_callback(lambda _: _put_quietly(loop, updates, None))
            try:
                while (update := await updates.get()) is not None:
                    yield _bounds_message(update)
                last = await slot.finished(thread)
                if last.progress.stopped:
                    yield _bounds_message(last)
            finally:
                stop.set()

    async def _request_work(self, request: api.AnalyzeDealRequest | api.AnalyzeDealProgressRequest, context: Context,
                            on_progress: analysis.BoundsObserver | None) -> Work[Any]:
        """What ``request`` asks to analyse: the whole analysis, or its play anytime when
        ``on_progress`` is given."""
        if request.HasField("input") == bool(request.game_id):
            raise InvalidInput("give exactly one of input and game_id", field="input")
        if not request.game_id:
            return _input_work(request.input, "input.", on_progress)
        if not request.HasField("seat"):
            raise InvalidInput("a game's deal is analysed for one of its players: seat is required", field="seat")
        number = request.deal_number if request.HasField("deal_number") else None
        if request.from_trick < 0:
            raise InvalidInput("from_trick is 0 or more", field="from_trick")
        played = await self.games.played_deal(request.game_id, request.seat, await self.callers.credential(context), number,
                                              request.from_trick)
        if on_progress is not None:
            return functools.partial(analysis.played_deal_bounds, played.game, played.start, played.seat,
                                     on_progress=on_progress)
        return functools.partial(analysis.analyse_played_deal, played.game, played.start, played.seat)

    async def AnalyzeDeals(
        self, request: api.AnalyzeDealsRequest, context: Context
    ) -> AsyncIterator[api.AnalyzeDealsResponse]:
        total = len(request.inputs)
        if not 1 <= total <= MAX_BATCH:
            raise InvalidInput(f"a batch has 1..{MAX_BATCH} inputs", field="inputs")
        if request.parallelism < 0:
            raise InvalidInput("parallelism must be 0 or more", field="parallelism")
        limit = _time_limit(request.time_limit_ms)
        pool = self.solving.analysis
        wanted = min(request.parallelism or pool.slots, total)
        # Each finished item's message, or an unexpected error that must end the call.
        finished: asyncio.Queue[api.AnalyzeDealsResponse | BaseException] = asyncio.Queue()
        pending = iter(enumerate(request.inputs))

        async def drain(slot: Slot) -> None:
            for index, item in pending:  # one shared iterator: each item goes to one slot
                message = api.AnalyzeDealsResponse(index=index, total=total)
                try:
                    work = _input_work(item, "")
                    deadline = time_left(limit, context.time_remaining())
                    result = await slot.run(self.solving.analyse, work, deadline=deadline, stop=slot.stop)
                    message.analysis.CopyFrom(convert.deal_analysis(result))
                except Exception as error:
                    if status_for(error) is None:
                        await finished.put(error)
                        return
                    message.error.CopyFrom(_item_error(error))
                await finished.put(message)

        with pool.held(wanted, self.callers.of(context)) as slots:
            workers = [asyncio.create_task(drain(slot)) for slot in slots]
            try:
                for completed in range(1, total + 1):
                    message = await finished.get()
                    if isinstance(message, BaseException):
                        raise message
                    message.completed = completed
                    yield message
            finally:
                for worker in workers:
                    worker.cancel()
                await asyncio.gather(*workers, return_exceptions=True)


    async def ImportGameRecord(
        self, request: api.ImportGameRecordRequest, context: Context
    ) -> api.ImportGameRecordResponse:
        source = request.WhichOneof("source")
        record = await imported(request.record if source == "record" else None,
                                request.text if source == "text" else None)
        return api.ImportGameRecordResponse(record=convert_records.game_record(record))


    async def ReviewGame(
        self, request: api.ReviewGameRequest, context: Context
    ) -> AsyncIterator[api.ReviewGameResponse]:
        chosen = reviewing.settings(
            list(request.seats), request.deal_number if request.HasField("deal_number") else None,
            request.budget_ms if request.HasField("budget_ms") else None, request.deals, request.seed,
            request.time_limit_ms,
        )
        source = request.WhichOneof("source")
        if source == "game_id":
            record, deals = await self.reviewer.game_deals(request.game_id, await self.callers.credential(context), chosen.deal_number)
        elif source in ("record", "text"):
            record = await imported(request.record if source == "record" else None,
                                    request.text if source == "text" else None)
            deals = self.reviewer.record_deals(record, chosen.deal_number)
        else:
            raise InvalidInput("give a game_id, a record or its text", field="source")
        async for progress in self.reviewer.review(record, deals, chosen, caller=self.callers.of(context),
                                                   time_remaining=context.time_remaining()):
            yield convert_reviews.response(progress)


def _time_limit(milliseconds: int) -> float:
    if not 0 <= milliseconds <= MAX_TIME_LIMIT_MS:
        raise InvalidInput(f"time_limit_ms must be 0..{MAX_TIME_LIMIT_MS}", field="time_limit_ms")
    return (milliseconds or DEFAULT_TIME_LIMIT_MS) / 1000


def _input_work(item: api.DealInput, prefix: str, on_progress: analysis.BoundsObserver | None = None) -> Work[Any]:
    """What analysing ``item`` takes (its play anytime, with ``on_progress``); its malformed
    fields are :class:`InvalidInput`."""
    variant = convert.variant_name(item.variant)
    assert variant is not None
    rules = VARIANTS[variant]
    players = rules.players
    which = item.WhichOneof("input")
    player = item.player if item.HasField("player") else None
    if player is not None and rules.has_contract:
        raise InvalidInput(f"{variant} is played for a contract: give one, not a player", reason=Reason.INVALID_SEAT,
                           field=f"{prefix}player")
    if player is not None and not 0 <= player < players:
        raise InvalidInput(f"player is a seat, 0..{players - 1}", reason=Reason.INVALID_SEAT, field=f"{prefix}player")
    if which == "position":
        if on_progress is not None:
            return _checked(analysis.position_bounds, prefix, "position", variant, item.position, player=player,
                            on_progress=on_progress)
        return _checked(analysis.analyse_position, prefix, "position", variant, item.position, player=player)
    if which != "deal":
        raise InvalidInput("give a deal or a position", field=f"{prefix}deal")
    if not 0 <= item.dealer < players:
        raise InvalidInput(f"dealer is a seat, 0..{players - 1}", reason=Reason.INVALID_SEAT, field=f"{prefix}dealer")
    contract = None
    if item.HasField("contract"):
        if not rules.has_contract:
            raise InvalidInput(f"{variant} has no contract: name the player", field=f"{prefix}contract")
        contract = analysis.Contract(item.contract.trump, item.contract.taker)
    elif player is not None:
        contract = analysis.Contract(None, player)
    if on_progress is not None:
        return _checked(analysis.deal_bounds, prefix, "deal", variant, item.deal, dealer=item.dealer,
                        contract=contract, on_progress=on_progress)
    return _checked(analysis.analyse_deal, prefix, "deal", variant, item.deal, dealer=item.dealer,
                    contract=contract, table=not item.skip_table)


# Fields of an input that the engine names when it rejects them; otherwise the whole
# deal or position is at fault.
_ITEM_FIELDS = frozenset({"contract", "contract.trump", "contract.taker", "player"})


def _checked(work: Work[R], prefix: str, default_field: str, *args: Any, **kwargs: Any) -> Work[R]:
    """``work`` with its rejections of the input turned into :class:`InvalidInput`."""

    def checked(**more: Any) -> R:
        try:
            return work(*args, **kwargs, **more)
        except RuleViolation as violation:
            field = violation.field if violation.field in _ITEM_FIELDS else default_field
            raise InvalidInput(violation.message, reason=violation.reason, field=prefix + field) from None
        except InvalidInputError as error:
            raise InvalidInput(str(error), reason=ServiceReason.INVALID_POSITION, field=prefix + default_field) from None

    return checked


def _put_quietly(loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[Any], item: Any) -> bool:
    """``item`` onto ``queue`` from another thread; False if the loop is closed already (the
    server is stopping)."""
    try:
        loop.call_soon_threadsafe(queue.put_nowait, item)
    except RuntimeError:
        return False
    return True


def _bounds(bounds: ValueBounds) -> api.ValueBounds:
    return api.ValueBounds(low=bounds.low, high=bounds.high, exact=bounds.exact)


def _bounds_message(update: analysis.PlayBounds) -> api.AnalyzeDealProgressResponse:
    progress = update.progress
    return api.AnalyzeDealProgressResponse(
        variant=convert.VARIANT_ENUMS[update.variant],
        unit=update.unit,
        position=update.position,
        contract=api.Contract(trump=update.contract.trump or "", taker=update.contract.taker),
        discard=update.discard,
        to_play=progress.to_play,
        maximising=progress.maximising,
        value=_bounds(progress.value),
        cards=[api.CardBounds(card=card, value=_bounds(bounds)) for card, bounds in progress.card_values.items()],
        line=progress.line,
        nodes=progress.nodes,
        exact=progress.exact,
        stopped=progress.stopped,
    )


def _item_error(error: Exception) -> api.ItemError:
    mapped = status_for(error)
    assert mapped is not None
    code, reason, message, field = mapped
    return api.ItemError(code=code.name, reason=reason, message=bounded(message), field=field or "")


__all__ = ["AnalysisServiceServicer"]

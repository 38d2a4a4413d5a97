"""The EventService servicer: converts between protobuf and the events' use cases."""

from __future__ import annotations

from cardgames.v1 import event_service_pb2 as api
from cardgames.v1 import event_service_pb2_grpc as api_grpc
from cardgames.v1 import game_pb2 as pb
from cardgames.v1 import game_service_pb2 as game_api

from ..events import Standing
from ..rules import variant_class
from . import convert
from .callers import Callers
from .errors import InvalidInput
from .events import EventService, EventState, TableRequest
from .games import Created
from .interceptor import Context


class EventServiceServicer(api_grpc.EventServiceServicer):
    def __init__(self, events: EventService, callers: Callers) -> None:
        self.events = events
        self.callers = callers

    async def CreateEvent(self, request: api.CreateEventRequest, context: Context) -> api.CreateEventResponse:
        variant = convert.variant_name(request.variant)
        assert variant is not None
        players = variant_class(variant).players
        created = await self.events.create(
            variant, convert.options_mapping(variant, request.options), deals=request.deals,
            seed=request.seed if request.HasField("seed") else None, given=list(request.given_deals),
            tables=[_table(options, players, number) for number, options in enumerate(request.tables)],
            par=convert.STRENGTHS[request.par] if request.par else None,
            creator=await self.callers.quota_key(context), rated=request.rated,
        )
        response = api.CreateEventResponse(event_id=created.event_id)
        for number, table in enumerate(created.tables):
            _credentials(response.tables.add(), number, table)
        _event(await self.events.event(created.event_id, None), into=response.event)
        return response

    async def AddEventTable(self, request: api.AddEventTableRequest, context: Context) -> api.AddEventTableResponse:
        players = variant_class(await self.events.variant(request.event_id)).players
        table_spec, invited = convert.table_spec(request.table, players)
        number, created = await self.events.add_table(request.event_id, TableRequest(table_spec, invited),
                                                      await self.callers.quota_key(context))
        response = api.AddEventTableResponse()
        _credentials(response.table, number, created)
        return response

    async def GetEvent(self, request: api.GetEventRequest, context: Context) -> api.GetEventResponse:
        response = api.GetEventResponse()
        _event(await self.events.event(request.event_id, await self.callers.credential(context)), into=response.event)
        return response

    async def GetEventStandings(
        self, request: api.GetEventStandingsRequest, context: Context
    ) -> api.GetEventStandingsResponse:
        state, standings = await self.events.standings(request.event_id, await self.callers.credential(context))
        response = api.GetEventStandingsResponse(deals_counted=state.deals_shown)
        for rank, standing in enumerate(standings, start=1):
            _standing(response.standings.add(), rank, standing, state)
        _event(state, into=response.event)
        return response

    async def GetDealComparison(
        self, request: api.GetDealComparisonRequest, context: Context
    ) -> api.GetDealComparisonResponse:
        state, comparison = await self.events.comparison(request.event_id, request.deal_number,
                                                         await self.callers.credential(context))
        response = api.GetDealComparisonResponse(deal_number=comparison.deal,
                                                 par_scores=comparison.par_scores or ())
        for result in comparison.results:
            item = response.results.add(table=result.table, game_id=state.spec.tables[result.table].game_id,
                                        direction=result.direction, side=result.side, score=result.score,
                                        matchpoints=result.matchpoints, top=result.top)
            if result.percentage is not None:
                item.percentage = result.percentage
            if result.versus_par is not None:
                item.versus_par = result.versus_par
        return response


def _credentials(into: api.EventTableCredentials, number: int, table: Created) -> None:
    into.table, into.game_id = number, table.game_id
    into.credentials.extend(game_api.SeatCredential(seat=seat, token=token) for seat, token in sorted(table.tokens.items()))
    into.invitations.extend(game_api.Invitation(seat=seat, code=code) for seat, code in sorted(table.invitations.items()))


def _table(options: pb.TableOptions, players: int, number: int) -> TableRequest:
    """A table of the request, its faults named under ``tables[number]``."""
    try:
        spec, invited = convert.table_spec(options, players)
    except InvalidInput as error:
        error.field = f"tables[{number}]" + (error.field or "table")[len("table"):]
        raise
    return TableRequest(spec, invited)


def _event(state: EventState, *, into: api.EventInfo) -> None:
    spec = state.spec
    into.event_id = spec.event_id
    into.variant = convert.VARIANT_ENUMS[spec.variant]
    into.deals = spec.deals
    into.over = state.over
    into.deals_shown = state.deals_shown
    into.rated = spec.rated
    if state.viewer_table is not None and state.viewer_seat is not None:
        into.table, into.seat = state.viewer_table, state.viewer_seat
        into.side = state.scorer.side_of(state.viewer_seat)
    for table in state.tables:
        item = into.tables.add(table=table.number, game_id=table.game_id, rotation=table.rotation, par=table.par,
                               status=convert.STATUS_ENUMS[table.status.value], deals_finished=table.deals_finished)
        convert.seat_infos(item.seats, table.seats, table.occupied, table.players)


def _standing(into: api.Standing, rank: int, standing: Standing, state: EventState) -> None:
    table = state.tables[standing.table]
    into.rank, into.table, into.side = rank, standing.table, standing.side
    into.matchpoints, into.top, into.deals = standing.matchpoints, standing.top, standing.deals
    into.versus_par, into.par_deals = standing.versus_par, standing.par_deals
    if standing.percentage is not None:
        into.percentage = standing.percentage
    for seat, player in enumerate(table.players):
        if state.scorer.side_of(seat) == standing.side:
            into.seats.append(seat)
            if player is not None:
                into.players.add(player_id=player.id, name=player.name)

"""Duplicate events' use cases (docs/events.md): create an event's tables, read its tables,
standings and each deal's comparison, and say who may read its tables' records.

An event keeps no state of its own beyond its parameters: its tables are games as any
other, and every standing is computed from their stored results when asked, so a restart
or a second replica counts each result exactly once. What a reader sees is cut to the
deals his own table has finished while the event runs: nothing of a deal he has not
played (nor how far the other tables are past it) reaches him, and the cut is decided
before anything of the other tables is read.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..events import (
    MAX_TABLES,
    Comparison,
    EventSpec,
    EventTable,
    Scorer,
    Standing,
    TableResults,
    rated_deals,
    rotations,
)
from ..ratings import bot_entity
from ..rules import RuleViolation, new_game, variant_class
from ..rules.errors import Reason
from ..rules.events import DealResult
from ..rules.notation import parse_deal
from ..rules.options import MAX_DEALS
from ..tables import SeatKind, SeatPlayer, SeatSpec, Status, Strength, TableEvent, TableSpec
from ..tables.seats import player_of_holder
from . import logs
from .credentials import Credential, Login, SeatToken, seat_of
from .errors import (
    EventNotFound,
    FailedPrecondition,
    InvalidInput,
    OutOfRange,
    PermissionDenied,
    ServiceReason,
    Unauthenticated,
)
from .games import MAX_SEED, Created, GameService
from .store import EventRow

OVER = (Status.FINISHED, Status.ABANDONED)


@dataclass(frozen=True)
class TableRequest:
    """One players' table as its creator asks for it: its seats and clocks, the seats kept
    for invitations."""

    spec: TableSpec | None
    invited: tuple[int, ...] = ()


@dataclass(frozen=True)
class CreatedEvent:
    event_id: str
    tables: tuple[Created, ...]  # in table order, the par table last


@dataclass(frozen=True)
class TableState:
    """A table as a reader of the event may see it: who sits where, and how many of the
    deals the reader may see it has finished."""

    number: int
    game_id: str
    rotation: int
    par: bool
    seats: tuple[SeatSpec, ...]
    occupied: tuple[bool, ...]
    players: tuple[SeatPlayer | None, ...]
    status: Status  # FINISHED or ABANDONED shown once the event is over; ACTIVE before
    deals_finished: int  # at most the deals the reader may see


@dataclass(frozen=True)
class EventState:
    spec: EventSpec
    over: bool
    tables: tuple[TableState, ...]
    viewer_table: int | None
    viewer_seat: int | None
    deals_shown: int  # deals whose results the reader may see (every one once the event is over)
    scorer: Scorer  # the variant's sides


@dataclass(frozen=True)
class _Table:
    """What the service reads of a table (the reader gets a cut of it)."""

    game_id: str
    hashes: tuple[str, ...]
    seats: tuple[SeatSpec, ...]
    occupied: tuple[bool, ...]
    players: tuple[SeatPlayer | None, ...]
    status: Status
    results: tuple[DealResult, ...]


class EventService:
    """Events over the game service's tables."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        games.event_gate = self
        games.live.on_table_over = self._table_over
        self._log = logs.get_logger()
        self._rating: set[asyncio.Task[None]] = set()  # held until done (the loop keeps weak references)
        self._rated: set[str] = set()  # rated events whose matches this process has applied

    # ----------------------------------------------------------------- create
    async def create(
        self, variant: str, options: Mapping[str, Any], *, deals: int, seed: str | None, given: Sequence[str],
        tables: Sequence[TableRequest], par: Strength | None, creator: str = "", rated: bool = False,
    ) -> CreatedEvent:
        """The event's tables, each dealt the same deals (from ``seed``, else a secret one, or
        ``given`` in the deal notation); with ``par``, an all-bot table of that strength;
        ``rated``: ratings move by each deal's comparison (every human seat open, claimed by
        a signed-in player)."""
        cls = variant_class(variant)
        count = _deal_count(deals, given, cls)
        if not 1 <= len(tables) <= MAX_TABLES:
            raise InvalidInput(f"an event has 1..{MAX_TABLES} tables", reason=Reason.INVALID_OPTION, field="tables")
        if seed is not None and not (len(seed) <= MAX_SEED and seed.isprintable()):
            raise InvalidInput(f"seed must be at most {MAX_SEED} printable characters", field="seed")
        for number, request in enumerate(tables):
            if request.spec is not None and request.spec.rated:
                raise InvalidInput("an event is rated as a whole (its rated field), not table by table",
                                   reason=Reason.INVALID_OPTION, field=f"tables[{number}].rated")
        try:
            rules = new_game(variant, {**options, "deals": count})
        except RuleViolation as violation:
            raise InvalidInput(violation.message, reason=violation.reason,
                               field=f"options.{violation.field}" if violation.field else "options") from None
        specs = []
        for number, request in enumerate(tables):  # every table checked before any is created
            spec = request.spec or TableSpec.reserved(rules.players)
            try:
                spec.check_players(rules.players)
            except RuleViolation as violation:
                raise InvalidInput(violation.message, reason=violation.reason, field=f"tables[{number}].seats") from None
            try:
                specs.append(dataclasses.replace(spec, rated=rated))
            except RuleViolation as violation:
                raise InvalidInput(violation.message, reason=violation.reason, field=f"tables[{number}].rated") from None
        event_id = uuid.uuid4().hex
        moves = rotations(len(tables), partnerships=rules.sides < rules.players)
        requests = [dataclasses.replace(request, spec=spec) for request, spec in zip(tables, specs)]
        if par is not None:
            requests.append(TableRequest(dataclasses.replace(_par_spec(rules.players, par), rated=rated)))
        event_seed = seed or secrets.token_hex(32)
        async with self.games.quotas.creation(self.games.store, creator, self.games.clock.now(),
                                              has_open_seats=True, games=len(requests)):
            created = []
            for number, request in enumerate(requests):
                rotation = moves[number] if number < len(moves) else 0
                assert request.spec is not None
                spec = dataclasses.replace(request.spec, event=TableEvent(event_id, number, rotation, tuple(given)))
                table_options = {**options, "deals": count,
                                 "first_dealer": (rules.options.first_dealer + rotation) % rules.players}
                created.append(await self.games.create(variant, table_options, seed=event_seed, table=spec,
                                                       invited=request.invited, creator=creator,
                                                       secret_seed=not seed and not given, quotas_checked=True))
            spec_of_event = EventSpec(event_id, variant, count, tuple(
                EventTable(table.game_id, moves[number] if number < len(moves) else 0, number >= len(tables))
                for number, table in enumerate(created)), self.games.clock.now(), rated)
            await self.games.store.create_event(EventRow(event_id, variant, spec_of_event.to_dict(),
                                                         spec_of_event.created_at, creator))
        return CreatedEvent(event_id, tuple(created))

    # ----------------------------------------------------------------- read
    async def event(self, event_id: str, credential: Credential | None) -> EventState:
        """The event as ``credential``'s holder (or anyone, without) may see it now."""
        spec = await self._spec(event_id)
        tables = await self._tables(spec)
        over = all(table.status in OVER for table in tables)
        place = _place(tables, credential) if credential is not None else None
        if isinstance(credential, SeatToken) and place is None and not over:  # a login seated nowhere reads as anyone
            raise Unauthenticated("this token holds no seat of this event", reason=ServiceReason.INVALID_CREDENTIAL)
        shown = spec.deals if over else (len(tables[place[0]].results) if place is not None else 0)
        states = tuple(
            TableState(number, table.game_id, spec.tables[number].rotation, spec.tables[number].par, table.seats,
                       table.occupied, table.players,
                       table.status if over or table.status not in OVER else Status.ACTIVE,
                       min(len(table.results), shown))
            for number, table in enumerate(tables))
        return EventState(spec, over, states, place[0] if place else None, place[1] if place else None, shown,
                          _scorer(spec.variant))

    async def deals_shown(self, event_id: str, credential: Credential | None) -> int | None:
        state = await self.event(event_id, credential)
        if state.over:
            return None
        if state.viewer_table is None:
            raise PermissionDenied("an event's tables are shown to others once the event is over",
                                   reason=ServiceReason.EVENT_IN_PROGRESS)
        return state.deals_shown

    async def standings(self, event_id: str, credential: Credential | None) -> tuple[EventState, list[Standing]]:
        """Every players' table's sides over the deals the reader may see, best first."""
        state, results = await self._shown_results(event_id, credential)
        if state.spec.rated and state.over:
            await self._rate(state.spec)  # two tables that ended at once on two replicas may leave it to a read
        return state, state.scorer.standings(state.deals_shown, results)

    async def comparison(self, event_id: str, deal: int,
                         credential: Credential | None) -> tuple[EventState, Comparison]:
        """Deal ``deal`` at every table that finished it, once the reader's table has."""
        spec = await self._spec(event_id)
        if not 0 <= deal < spec.deals:
            raise OutOfRange(f"this event has deals 0..{spec.deals - 1}", reason=ServiceReason.DEAL_OUT_OF_RANGE,
                             field="deal_number")
        state, results = await self._shown_results(event_id, credential)
        if deal >= state.deals_shown:
            raise FailedPrecondition("a deal is compared once your table has finished it",
                                     reason=ServiceReason.DEAL_NOT_FINISHED)
        return state, state.scorer.compare(deal, results)

    async def _shown_results(self, event_id: str,
                             credential: Credential | None) -> tuple[EventState, list[TableResults]]:
        """The event as the reader sees it, and each table's results cut to the deals he may see."""
        state = await self.event(event_id, credential)
        if not state.over and state.viewer_table is None:
            raise PermissionDenied("an event's results are shown to its players, and to everyone once it is over",
                                   reason=ServiceReason.EVENT_IN_PROGRESS)
        tables = await self._tables(state.spec)
        return state, [TableResults(number, state.spec.tables[number].rotation, state.spec.tables[number].par,
                                    table.results[:state.deals_shown]) for number, table in enumerate(tables)]

    # ----------------------------------------------------------------- ratings
    def _table_over(self, event_id: str) -> None:
        """A table of ``event_id`` ended: if it was the last, the ratings move (in the background)."""
        task = asyncio.get_running_loop().create_task(self._rate_event(event_id))
        self._rating.add(task)
        task.add_done_callback(self._rating.discard)

    async def _rate_event(self, event_id: str) -> None:
        try:
            spec = await self._spec(event_id)
            if spec.rated:
                await self._rate(spec)
        except EventNotFound:
            pass  # tables of an event whose creation failed midway: nobody has its id
        except Exception as error:  # the next table's end, or a read of the standings, tries again
            self._log.warning("event_rating_failed", event_id=event_id, error=type(error).__name__)

    async def _rate(self, spec: EventSpec) -> None:
        """Once every table is over, applies the rated matches of the event's deals (each
        once: the store keeps which matches it applied). Not before: a rating's move would
        tell anyone how the sides did on a deal while the event runs."""
        if spec.event_id in self._rated:
            return
        tables = await self._tables(spec)
        if not all(read.status in OVER for read in tables):
            return
        results = [TableResults(number, table.rotation, table.par, read.results)
                   for number, (table, read) in enumerate(zip(spec.tables, tables))]
        scorer = _scorer(spec.variant)
        teams = [_teams(read, scorer) for read in tables]
        ended = [read.status in OVER for read in tables]
        for match in rated_deals(spec, scorer, results, ended, teams, self.games.clock.now()):
            await self.games.store.apply_rating(match)
        self._rated.add(spec.event_id)

    async def check_claim(self, event_id: str, game_id: str, login: Login) -> None:
        spec = await self._spec(event_id)
        for table in spec.tables:
            if table.game_id == game_id:
                continue
            async with self.games.live.locked(table.game_id) as live:
                if seat_of(login, list(live.table.hashes)) is not None:
                    raise FailedPrecondition("this player holds a seat at another table of this event",
                                             reason=ServiceReason.ALREADY_SEATED)

    async def _spec(self, event_id: str) -> EventSpec:
        if not event_id:
            raise InvalidInput("event_id is required", field="event_id")
        row = await self.games.store.load_event(event_id)
        if row is None:
            raise EventNotFound("no event has this id", field="event_id")
        return EventSpec.from_dict(row.event_id, row.variant, row.created_at, row.spec)

    async def _tables(self, spec: EventSpec) -> list[_Table]:
        tables = []
        for table in spec.tables:
            async with self.games.live.locked(table.game_id) as live:
                view = live.table.view(None, self.games.clock.now())
                tables.append(_Table(table.game_id, tuple(live.table.hashes), view.spec.seats, view.occupied,
                                     view.players, view.status, tuple(live.game.results)))
        return tables


@functools.cache
def _scorer(variant: str) -> Scorer:
    return Scorer(new_game(variant))


def _teams(table: _Table, scorer: Scorer) -> list[tuple[str, ...]]:
    """Per side of ``table``: its rated entities (players, bot strengths); empty if a seat is
    held by no player."""
    sides: list[list[str]] = [[] for _ in range(scorer.sides)]
    for seat, (spec, holder) in enumerate(zip(table.seats, table.hashes)):
        entity = bot_entity(spec.strength.value) if spec.strength is not None else player_of_holder(holder)
        sides[scorer.side_of(seat)].append(entity or "")
    return [tuple(team) if all(team) else () for team in sides]


def _place(tables: Sequence[_Table], credential: Credential) -> tuple[int, int] | None:
    """The table and seat ``credential`` holds in the event (every table is compared)."""
    found = None
    for number, table in enumerate(tables):
        seat = seat_of(credential, list(table.hashes))
        if seat is not None and found is None:
            found = (number, seat)
    return found


def _deal_count(deals: int, given: Sequence[str], cls: Any) -> int:
    if given:
        if deals not in (0, len(given)):
            raise InvalidInput("deals is the number of deals given (or 0)", reason=Reason.INVALID_OPTION,
                               field="deals")
        if len(given) > MAX_DEALS:
            raise InvalidInput(f"an event has 1..{MAX_DEALS} deals", reason=Reason.INVALID_OPTION, field="deals")
        for index, text in enumerate(given):
            try:
                parse_deal(cls.deck, text, cls.players).check(cls.deck, cls.layout.hand_size, cls.players)
            except RuleViolation as violation:
                raise InvalidInput(violation.message, reason=violation.reason, field=f"given_deals[{index}]") from None
        return len(given)
    if not 1 <= deals <= MAX_DEALS:
        raise InvalidInput(f"an event has 1..{MAX_DEALS} deals", reason=Reason.INVALID_OPTION, field="deals")
    return deals


def _par_spec(players: int, strength: Strength) -> TableSpec:
    """The all-bot table: its bots play at once, and it is never abandoned."""
    return TableSpec(tuple(SeatSpec(SeatKind.BOT, strength) for _ in range(players)), bot_delay=0.0, deal_pause=0.0,
                     abandon_after=0.0)


__all__ = ["CreatedEvent", "EventService", "EventState", "TableRequest", "TableState"]

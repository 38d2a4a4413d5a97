"""Duplicate events' use cases (docs/events.md): create an event's tables, read its tables,
standings and each deal's comparison, and say who may read its tables' records.

An event keeps no state of its own beyond its parameters: its tables are games as any
other, and every standing is computed from their stored results when asked, so a restart
or a second replica counts each result exactly once. What a reader sees is cut to the
deals his own table has finished while the event runs: nothing of a deal he has not
played (nor how far the other tables are past it) reaches him, and every refusal depends
on his own table alone.
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
    rotation,
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
    VersionConflict,
)
from .games import Created, GameService, check_seed
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
        check_seed(seed)
        dealing = _Dealing(variant, {**options, "deals": count}, seed or secrets.token_hex(32), not seed and not given,
                           tuple(given), rated)
        try:
            _ = dealing.rules  # the options checked once (the rules kept for every table), before any is made
        except RuleViolation as violation:
            raise InvalidInput(violation.message, reason=violation.reason,
                               field=f"options.{violation.field}" if violation.field else "options") from None
        requests = [_checked(request, dealing, f"tables[{number}]") for number, request in enumerate(tables)]
        if par is not None:
            requests.append(_checked(TableRequest(_par_spec(dealing.players, par)), dealing, "par"))
        event_id = uuid.uuid4().hex
        async with self.games.quotas.creation(self.games.store, creator, self.games.clock.now(),
                                              has_open_seats=True, games=len(requests)):
            created, placed = [], []
            for number, request in enumerate(requests):
                is_par = number >= len(tables)
                rotation = 0 if is_par else dealing.rotation(number)
                created.append(await self._create_table(event_id, dealing, request, number, rotation, creator))
                placed.append(EventTable(created[-1].game_id, rotation, is_par))
            spec = EventSpec(event_id, variant, count, tuple(placed), self.games.clock.now(), rated)
            await self.games.store.create_event(EventRow(event_id, variant, spec.to_dict(), spec.created_at, creator))
        return CreatedEvent(event_id, tuple(created))

    async def variant(self, event_id: str) -> str:
        return (await self._spec(event_id)).variant

    async def add_table(self, event_id: str, request: TableRequest, creator: str = "") -> tuple[int, Created]:
        """One more players' table of a running event (players arrived), playing every deal
        from the first, in the chairs the movement gives its number."""
        for _ in range(5):  # another table added at once: decide again on the latest parameters
            spec = await self._spec(event_id)
            tables = await self._tables(spec)
            if all(table.status in OVER for table in tables):
                raise FailedPrecondition("this event is over: no table joins it now", reason=ServiceReason.EVENT_OVER)
            players = len(spec.players_tables)
            if players >= MAX_TABLES:
                raise FailedPrecondition(f"an event has at most {MAX_TABLES} tables", reason=ServiceReason.EVENT_FULL)
            dealing = await self._dealing_of(spec)
            checked = _checked(request, dealing, "table")
            async with self.games.quotas.creation(self.games.store, creator, self.games.clock.now(),
                                                  has_open_seats=True):
                rotation = dealing.rotation(players)
                created = await self._create_table(event_id, dealing, checked, len(spec.tables), rotation, creator)
            added = dataclasses.replace(spec, tables=(*spec.tables, EventTable(created.game_id, rotation)))
            if await self.games.store.update_event(event_id, spec.to_dict(), added.to_dict()):
                return len(spec.tables), created
            # Another table took this number meanwhile: the one just made is left unlisted, unreachable.
        raise VersionConflict("the event is changing too fast; retry")

    async def _create_table(self, event_id: str, dealing: _Dealing, request: TableRequest, number: int,
                            rotation: int, creator: str) -> Created:
        assert request.spec is not None
        spec = dataclasses.replace(request.spec, event=TableEvent(event_id, number, rotation, dealing.given))
        return await self.games.create(dealing.variant, dealing.options_at(rotation), seed=dealing.seed, table=spec,
                                       invited=request.invited, creator=creator, secret_seed=dealing.secret,
                                       quotas_checked=True)

    async def _dealing_of(self, spec: EventSpec) -> _Dealing:
        """How the event deals, as its first table was made with it."""
        async with self.games.live.locked(spec.tables[0].game_id) as live:
            record, table = live.record, live.table.spec
        assert table.event is not None
        return _Dealing(spec.variant, dict(record.options), record.seed, record.seed_drawn, table.event.deals, spec.rated)

    # ----------------------------------------------------------------- read
    async def event(self, event_id: str, credential: Credential | None) -> EventState:
        """The event as ``credential``'s holder (or anyone, without) may see it now."""
        return (await self._read(event_id, credential))[0]

    async def _read(self, event_id: str, credential: Credential | None) -> tuple[EventState, list[_Table]]:
        """The event as the reader may see it, and what the service read of its tables."""
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
        state = EventState(spec, over, states, place[0] if place else None, place[1] if place else None, shown,
                           _scorer(spec.variant))
        return state, tables

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
        state, results = await self._shown_results(event_id, credential)
        if not 0 <= deal < state.spec.deals:
            raise OutOfRange(f"this event has deals 0..{state.spec.deals - 1}",
                             reason=ServiceReason.DEAL_OUT_OF_RANGE, field="deal_number")
        if deal >= state.deals_shown:
            raise FailedPrecondition("a deal is compared once your table has finished it",
                                     reason=ServiceReason.DEAL_NOT_FINISHED)
        return state, state.scorer.compare(deal, results)

    async def _shown_results(self, event_id: str,
                             credential: Credential | None) -> tuple[EventState, list[TableResults]]:
        """The event as the reader sees it, and each table's results cut to the deals he may see."""
        state, tables = await self._read(event_id, credential)
        if not state.over and state.viewer_table is None:
            raise PermissionDenied("an event's results are shown to its players, and to everyone once it is over",
                                   reason=ServiceReason.EVENT_IN_PROGRESS)
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
                read = live.table  # its seats and results only: no view of the deal in play is made
                tables.append(_Table(table.game_id, tuple(read.hashes), read.spec.seats,
                                     tuple(read.is_taken(seat) for seat in range(len(read.spec.seats))),
                                     read.players(), read.status, tuple(read.game.results)))
        return tables


@functools.cache
def _scorer(variant: str) -> Scorer:
    return Scorer(new_game(variant))


@dataclass(frozen=True)
class _Dealing:
    """What every table of an event is made with: the variant, its options (the first
    table's first dealer), the deals' seed or the deals given, and whether it is rated."""

    variant: str
    options: dict[str, Any]
    seed: str
    secret: bool  # the server drew the seed
    given: tuple[str, ...]
    rated: bool

    @functools.cached_property
    def rules(self) -> Any:
        return new_game(self.variant, self.options)

    @property
    def players(self) -> int:
        return int(self.rules.players)

    def rotation(self, players_table: int) -> int:
        """The movement: the chairs of the ``players_table``-th players' table."""
        return rotation(players_table, partnerships=self.rules.sides < self.rules.players)

    def options_at(self, rotation: int) -> dict[str, Any]:
        """The options of a table turned by ``rotation``: its first dealer turns with the cards."""
        return {**self.options, "first_dealer": (self.rules.options.first_dealer + rotation) % self.players}


def _checked(request: TableRequest, dealing: _Dealing, field: str) -> TableRequest:
    """A table's request checked before any table is made: its seats, and the event's rating."""
    spec = request.spec or TableSpec.reserved(dealing.players)
    if request.spec is not None and request.spec.rated:
        raise InvalidInput("an event is rated as a whole (its rated field), not table by table",
                           reason=Reason.INVALID_OPTION, field=f"{field}.rated")
    try:
        spec.check_players(dealing.players)
    except RuleViolation as violation:
        raise InvalidInput(violation.message, reason=violation.reason, field=f"{field}.seats") from None
    try:
        return dataclasses.replace(request, spec=dataclasses.replace(spec, rated=dealing.rated))
    except RuleViolation as violation:
        raise InvalidInput(violation.message, reason=violation.reason, field=f"{field}.rated") from None


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

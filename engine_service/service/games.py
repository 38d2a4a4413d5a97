"""The application layer: games as the service keeps them, independent of gRPC.

A live game is a :class:`Table` (the engine's :class:`Game` with its seats, clocks and
ending) rebuilt from its stored record and log, kept in memory, and guarded by one
asyncio lock (the engine is not thread-safe, and an entry must be durable before anyone
sees it). Reads catch up with the database first, and
so do moves while another process writes to the file, so several server processes may
share one: the store's compare-and-set decides which of two racing moves wins, and the
loser reloads.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import hashlib
import secrets
import uuid
import weakref
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..analysis import played_start
from ..bots import SeatKnowledge, knowledge_of
from ..hints import Question, hint_question
from ..rules import DealOutcome, Game, Move, NextDeal, RuleViolation, new_game, variant_class
from ..rules.cards import Deck
from ..rules.codec import event_from_data, event_types, to_data
from ..rules.errors import Reason
from ..rules.events import Event
from ..rules.notation import Position
from ..tables import (
    Actor,
    Due,
    DueKind,
    SeatClock,
    SeatKind,
    SeatSpec,
    Status,
    Strength,
    Table,
    TableSpec,
    TableView,
    TimeoutPolicy,
    action_text,
)
from . import metrics
from .clock import Clock, SystemClock
from .credentials import new_token, seat_of, token_hash
from .errors import (
    AlreadyExists,
    FailedPrecondition,
    GameNotFound,
    InvalidInput,
    OutOfRange,
    PermissionDenied,
    ServiceError,
    ServiceReason,
    Unauthenticated,
    VersionConflict,
)
from .store import Facts, GameRecord, GameRow, GameStore, MoveRecord

# A move as a request gives it, read against the game's deck once the game is loaded.
ReadMove = Callable[[Deck], Move]
MAX_REQUEST_ID = 128
MAX_SEED = 256
# The longest a watcher sleeps without looking at its game (the store's notices wake it sooner).
WATCH_SAFETY_SECONDS = 1.0


# The most characters of an invitation code.
MAX_INVITATION = 128


@dataclass(frozen=True)
class Change:
    """One entry of the log: the version it produced, whose it was, what it did (unredacted)."""

    version: int
    seat: int | None  # None: the table's own entry (abandonment, a rematch's link)
    events: tuple[Event, ...]
    at: float = 0.0  # when it was made
    clocks: tuple[SeatClock, ...] = ()  # every seat's clock just after the entry (public)

    def for_viewer(self, viewer: int | None) -> SeenChange:
        return SeenChange(self.version, self.seat, tuple(event.for_viewer(viewer) for event in self.events),
                          self.at, self.clocks)


@dataclass(frozen=True)
class SeenChange:
    """A change as one viewer may see it: its events redacted for that viewer."""

    version: int
    seat: int | None
    events: tuple[Event, ...]
    at: float = 0.0
    clocks: tuple[SeatClock, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"schema": Event.SCHEMA_VERSION, "version": self.version, "seat": self.seat,
                "events": [to_data(event) for event in self.events], "at": self.at,
                "clocks": [[clock.bank, clock.deadline] for clock in self.clocks]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], deck: Deck, variant: str, viewer: int | None) -> SeenChange:
        """The change ``to_dict`` wrote; one stored before events had a schema is read as
        the viewer it was redacted for saw it then."""
        clocks = tuple(SeatClock(bank, deadline) for bank, deadline in data.get("clocks", ()))
        if "schema" in data:
            events = tuple(event_from_data(event, deck) for event in data["events"])
        else:
            events = tuple(event_from_data(_unversioned_event(event, variant, viewer), deck) for event in data["events"])
        return cls(data["version"], data["seat"], events, data.get("at", 0.0), clocks)


# Unversioned stored events: the keys renamed since, per kind, and their deal results' detail keys.
_RENAMED_KEYS = {"bid": {"bid": "move"}, "cards_received": {"from": "giver"}}
_RENAMED_DETAILS = {"belote": "belote_rebelote", "moon": "moon_shooter"}


def _unversioned_event(data: Mapping[str, Any], variant: str, viewer: int | None) -> dict[str, Any]:
    """An event as answers stored it before events had a schema (flat redacted values, some
    keys named otherwise), in today's form."""
    kind = data.get("kind")
    renamed = _RENAMED_KEYS.get(kind, {})  # type: ignore[arg-type]
    event = {renamed.get(key, key): value for key, value in data.items()}
    cls = event_types().get(kind)  # type: ignore[arg-type]
    for item in dataclasses.fields(cls) if cls is not None else ():
        if item.type == "Hidden" or str(item.type).startswith("Hidden["):
            seen = event.get(item.name)
            event[item.name] = {} if seen is None or viewer is None else {str(viewer): seen}
    if kind == "deal_scored":
        result = {_RENAMED_DETAILS.get(key, key): value for key, value in event["result"].items()}
        if variant == "belote3" and "capot" in result:
            result["capot_seats"] = result.pop("capot")
        event["result"] = {**result, "variant": variant}
    if kind == "declarations_resolved":
        event["revealed"] = [
            {"seat": entry["seat"],
             "combinations": [{**combination, "kind": combination["kind"].upper()} for combination in entry["combinations"]]}
            for entry in event["revealed"]
        ]
    return event


@dataclass(frozen=True)
class MoveAnswer:
    change: SeenChange
    game_over: bool


@dataclass(frozen=True)
class Created:
    game_id: str
    tokens: dict[int, str]  # per reserved seat
    invitations: dict[int, str]  # per seat kept for an invitation: its code
    view: TableView


@dataclass(frozen=True)
class Claimed:
    game_id: str
    seat: int
    token: str
    view: TableView


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played to its end: the match replayed to its first card, and who asks."""

    game: Game
    start: Position
    seat: int


@dataclass(frozen=True)
class Validation:
    legal: bool
    version: int
    reason: str = ""
    message: str = ""


@dataclass(frozen=True)
class ServerTurn:
    """What is due at a table, at the version it was read: the server's entry to make.
    A bot (or a stand-in) decides from ``knowledge``, its seat's knowledge only."""

    game_id: str
    version: int
    due: Due
    strength: Strength | None = None
    knowledge: SeatKnowledge | None = None
    budget: float = 0.0  # seconds a `hint` bot thinks


# How an entry is made on a table at an instant: its text for the log, and its events.
Apply = Callable[[Table, float], tuple[str, list[Event]]]


@dataclass
class LiveGame:
    record: GameRecord
    table: Table
    lock: asyncio.Lock  # shared by every copy of the same game (see GameService._lock_for)
    changes: list[Change] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    stale: bool = False  # in-memory state may differ from the database: reload before use
    committed: int = 0  # the version durably stored: watchers never see beyond it

    @property
    def game(self) -> Game:
        return self.table.game

    def facts(self) -> Facts:
        """What the games row keeps, the next instant the server must act included."""
        due = self.table.due()
        return Facts(self.table.status.value, list(self.game.scores), self.table.open_seats(),
                     None if due is None else due.at)

    def apply(self, seat: int | None, apply: Apply, at: float) -> tuple[str, Change]:
        text, events = apply(self.table, at)
        change = Change(self.table.version, seat, tuple(events), at, self.table.clocks(at))
        self.changes.append(change)
        return text, change

    def notify(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


def _no_schedule(game_id: str, at: float | None) -> None:
    """The default of ``GameService.on_due``: nobody runs the tables (the runner replaces it)."""


class GameService:
    """Create, claim, read, list, move, validate, watch, resign, rematch; and the server's own turns."""

    def __init__(self, store: GameStore, *, cache_size: int = 4096, clock: Clock | None = None) -> None:
        self.store = store
        self.clock: Clock = clock or SystemClock()
        # Told the next instant the server must act in a game, after each entry (TableRunner).
        self.on_due: Callable[[str, float | None], None] = _no_schedule
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_size = cache_size
        # One lock per game id, alive while any copy of the game is in use, so a copy
        # reloaded after eviction or a failed commit is guarded by the same lock.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._watched: Counter[str] = Counter()  # game id -> watchers in this process
        self._poller: asyncio.Task[None] | None = None  # follows other processes' entries in watched games
        self._refreshing: set[asyncio.Task[None]] = set()

    # ----------------------------------------------------------------- create
    async def create(
        self, variant: str, options: Mapping[str, Any], *, seed: str | None = None, deal: str | None = None,
        table: TableSpec | None = None, invited: tuple[int, ...] = (),
    ) -> Created:
        """A new game. ``table`` says who sits where (default: every seat reserved);
        each seat of ``invited`` (open seats) is kept for an invitation code drawn here."""
        if seed is not None and not (len(seed) <= MAX_SEED and seed.isprintable()):
            # It is stored with the game and replayed from: a bound, as for request ids.
            raise InvalidInput(f"seed must be at most {MAX_SEED} printable characters", field="seed")
        # An empty seed is no seed (what a client sends for an unset string): a secret one is drawn.
        game_seed = seed or secrets.token_hex(32)
        try:
            game = new_game(variant, options, seed=game_seed, deal=deal)
            spec = table or TableSpec.reserved(game.players)
            spec.check_players(game.players)
        except RuleViolation as violation:
            raise InvalidInput(violation.message, reason=violation.reason, field=_creation_field(violation)) from None
        codes = {seat: new_token() for seat in invited}
        spec = _with_invitations(spec, codes)
        tokens = {seat: new_token() for seat, seat_spec in enumerate(spec.seats) if seat_spec.kind is SeatKind.RESERVED}
        hashes = [token_hash(tokens[seat]) if seat in tokens else "" for seat in range(game.players)]
        live = await self._store_new(uuid.uuid4().hex, game, game_seed, deal, spec, hashes)
        return Created(live.record.game_id, tokens, codes, live.table.view(None, self.clock.now()))

    async def _store_new(
        self, game_id: str, game: Game, seed: str, deal: str | None, spec: TableSpec, hashes: list[str]
    ) -> LiveGame:
        record = GameRecord(
            game_id=game_id, variant=game.variant, options=game.options.to_dict(), seed=seed, deal=deal,
            credential_hashes=hashes, created_at=self.clock.now(), table_spec=spec.to_dict(),
        )
        live = LiveGame(record, Table(game, spec, hashes, record.created_at), self._lock_for(game_id))
        facts = live.facts()
        with metrics.STORE_SECONDS.labels(operation="create").time():
            await self.store.create_game(record, facts)
        self._remember(live)
        self.on_due(game_id, facts.due)
        return live

    # ----------------------------------------------------------------- seats
    async def claim(self, game_id: str, seat: int | None, code: str | None, *, token: str | None = None) -> Claimed:
        """Gives an open seat (``seat``, else the one ``code`` invites to, else the first
        open to anyone) to the caller: its token (``token``, else a new one), returned once."""
        if code is not None and not (0 < len(code) <= MAX_INVITATION and code.isprintable()):
            raise InvalidInput(f"invitation_code must be 1..{MAX_INVITATION} printable characters",
                               field="invitation_code")
        for _ in range(5):  # another process may claim at once: the loser decides again on the latest state
            live = await self._live(game_id)
            async with live.lock:
                live = await self._current(game_id)
                chosen = _seat_to_claim(live.table, seat, code)
                given = token or new_token()
                code_hash = token_hash(code) if code is not None else None

                def claim(table: Table, at: float, seat: int = chosen, held: str = token_hash(given),
                          code_hash: str | None = code_hash) -> tuple[str, list[Event]]:
                    return action_text("claim", held), table.claim(seat, held, code_hash, at)

                try:
                    live, _ = await self._append(live, chosen, claim)
                except VersionConflict:
                    continue
                except RuleViolation as violation:
                    if violation.reason is Reason.INVALID_INVITATION:
                        raise PermissionDenied(violation.message, reason=violation.reason) from None
                    raise
                return Claimed(game_id, chosen, given, live.table.view(chosen, self.clock.now()))
        raise VersionConflict("the table is changing too fast; retry")

    async def resign(self, game_id: str, seat: int, token: str | None) -> MoveAnswer:
        live = await self._authorized(game_id, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            live, change = await self._append(
                live, seat, lambda table, at: (action_text("resign"), table.resign(seat, at)))
            return MoveAnswer(change.for_viewer(seat), True)

    async def rematch(self, game_id: str, seat: int, token: str | None) -> Claimed:
        """The rematch of a finished game (created by the first of its players to ask): the
        same seats, options and bots; each human claims his own seat with his old token."""
        live = await self._authorized(game_id, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            if live.table.status is not Status.FINISHED:
                raise FailedPrecondition("a rematch follows a finished game", reason=Reason.GAME_NOT_OVER)
            record, spec, hashes = live.record, live.table.spec, list(live.table.hashes)
        rematch_id = hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:32]
        if await self.store.load_game(rematch_id) is None:
            seed = secrets.token_hex(32)
            game = new_game(record.variant, record.options, seed=seed)
            try:
                await self._store_new(rematch_id, game, seed, None, _rematch_spec(spec, hashes, game_id),
                                      [""] * game.players)
            except AlreadyExists:
                pass  # another call made it first: the same game
        await self._link_rematch(game_id, rematch_id)
        assert token is not None
        # The new token is derived from the old one, which only its holder knows: asking
        # again (a lost answer) returns the same token, and nobody else can compute it.
        new = rematch_token(token, rematch_id)
        rematch = await self._live(rematch_id)
        async with rematch.lock:
            rematch = await self._current(rematch_id)
            if rematch.table.hashes[seat] == token_hash(new):
                return Claimed(rematch_id, seat, new, rematch.table.view(seat, self.clock.now()))
        return await self.claim(rematch_id, seat, token, token=new)

    async def _link_rematch(self, game_id: str, rematch_id: str) -> None:
        for _ in range(5):
            live = await self._live(game_id)
            async with live.lock:
                live = await self._current(game_id)
                if live.table.rematch_id is not None:
                    return
                try:
                    await self._append(live, None, lambda table, at: (
                        action_text("rematch", rematch_id), table.link_rematch(rematch_id, at)))
                    return
                except VersionConflict:
                    continue
        raise VersionConflict("the finished game is changing too fast; retry")

    # ----------------------------------------------------------------- read
    async def view(self, game_id: str, seat: int | None, token: str | None) -> TableView:
        live, viewer = await self._viewing(game_id, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            return live.table.view(viewer, self.clock.now())

    async def hint_question(self, game_id: str, seat: int, token: str | None) -> Question:
        """What a hint for ``seat`` may be computed from (its knowledge only), at the current version."""
        live = await self._authorized(game_id, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            live.table.check_playing()
            return dataclasses.replace(hint_question(live.game, seat), version=live.table.version)

    async def played_deal(
        self, game_id: str, seat: int, token: str | None, number: int | None, trick: int = 0
    ) -> PlayedDeal:
        """The position at the first card of trick ``trick`` of a deal ``game_id`` has
        played to its end (default: the last one), for one of its players; a deal in
        progress or never played is refused."""
        _not_negative(number, "deal_number")
        live = await self._authorized(game_id, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            game = live.game
            finished = len(game.results)
            if number is None:
                number = finished - 1
                if number < 0:
                    raise FailedPrecondition("no deal of this game is over yet", reason=ServiceReason.DEAL_IN_PROGRESS)
            if number > finished:
                raise OutOfRange(f"this game has deals 0..{finished}", reason=ServiceReason.DEAL_OUT_OF_RANGE, field="deal_number")
            if number == finished:
                raise FailedPrecondition("this deal is still being played", reason=ServiceReason.DEAL_IN_PROGRESS)
            if game.results[number].outcome is DealOutcome.VOID:
                raise FailedPrecondition("nobody took this deal: it has no play", reason=ServiceReason.DEAL_NOT_PLAYED)
            record = live.record
            history = list(game.history)
        replay = new_game(record.variant, record.options, seed=record.seed, deal=record.deal)
        start = played_start(replay, history, number, trick)
        if start is None:
            raise OutOfRange("the deal has no such trick", reason=ServiceReason.TRICK_OUT_OF_RANGE, field="from_trick")
        return PlayedDeal(replay, start, seat)

    async def list(
        self, *, variant: str | None, status: str | None, before_seq: int | None, limit: int, open_seats: bool = False
    ) -> list[GameRow]:
        if variant is not None:
            variant_class(variant)
        return await self.store.list_games(variant=variant, status=status, before_seq=before_seq, limit=limit,
                                     open_seats=open_seats)

    # ----------------------------------------------------------------- moves
    async def validate(self, game_id: str, seat: int, token: str | None, read_move: ReadMove) -> Validation:
        live = await self._authorized(game_id, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            move = self._read(live, read_move)
            try:
                live.table.check_playing()
                self._check_time(live, seat)
                live.game.validate(seat, move)
            except RuleViolation as violation:
                if _is_malformed(violation):
                    raise
                return Validation(False, live.table.version, violation.reason.value, violation.message)
            return Validation(True, live.table.version)

    async def submit(
        self,
        game_id: str,
        seat: int,
        token: str | None,
        read_move: ReadMove,
        *,
        expected_version: int | None = None,
        request_id: str | None = None,
    ) -> MoveAnswer:
        if request_id is not None and not (0 < len(request_id) <= MAX_REQUEST_ID and request_id.isprintable()):
            raise InvalidInput("request_id must be 1..128 printable characters", field="request_id")
        _not_negative(expected_version, "expected_version")  # never valid, not stale
        await self._authorized(game_id, seat, token)
        for _ in range(5):  # another process may win the race; without expected_version, retry
            try:
                return await self._submit_once(game_id, seat, read_move, expected_version, request_id)
            except VersionConflict:
                if expected_version is not None:
                    raise
        raise VersionConflict("the game is changing too fast; retry")

    async def _submit_once(
        self, game_id: str, seat: int, read_move: ReadMove, expected_version: int | None, request_id: str | None
    ) -> MoveAnswer:
        live = await self._live(game_id)
        async with live.lock:
            # Alone on the file, the cached copy is current; sharing it, catch up first.
            live = await (self._current(game_id) if self.store.is_shared() else self._live(game_id))
            move = self._read(live, read_move)
            if request_id is not None:
                earlier = await self.store.find_request(game_id, seat, request_id)
                if earlier is not None:
                    return self._replayed(earlier, move, live.table.game)
            try:
                self._check_time(live, seat)
            except RuleViolation:  # decided on the database's state: another process may have moved
                live = await self._current(game_id)
                self._check_time(live, seat)
            live, change = await self._append(
                live, seat, lambda table, at: (move.text(), table.push(seat, move, at)),
                expected_version=expected_version, request_id=request_id)
            return MoveAnswer(change.for_viewer(seat), live.table.is_over())

    def _check_time(self, live: LiveGame, seat: int) -> None:
        """A seat whose time has run out no longer decides: the server applies its timeout."""
        deadline = live.table.deadline(seat)
        if deadline is not None and self.clock.now() >= deadline:
            self.on_due(live.record.game_id, deadline)
            raise RuleViolation(Reason.OUT_OF_TIME, "your time for this decision has run out")

    async def _append(
        self, live: LiveGame, seat: int | None, apply: Apply, *, expected_version: int | None = None,
        request_id: str | None = None, actor: Actor | None = None,
    ) -> tuple[LiveGame, Change]:
        """Makes an entry (under the game's lock) and stores it: shown to nobody before it is
        durable. Returns the game (maybe reloaded) and the change."""
        game_id = live.record.game_id
        at = self.clock.now()
        try:
            text, change = self._checked_apply(live, seat, apply, expected_version, at)
        except (RuleViolation, VersionConflict):
            # Decide on the latest state: another process may have moved unnoticed.
            if await self.store.version_of(game_id) == live.table.version:
                raise
            live = await self._current(game_id)
            text, change = self._checked_apply(live, seat, apply, expected_version, at)
        # The answer is kept for idempotent retries only.
        stored_answer = None
        if request_id is not None:
            stored_answer = _answer_dict(MoveAnswer(change.for_viewer(seat), live.table.is_over()))
        stored = MoveRecord(change.version, seat, text, request_id, stored_answer, at, actor.value if actor else None)
        facts = live.facts()
        try:
            with metrics.STORE_SECONDS.labels(operation="append").time():
                await self.store.append_move(game_id, stored, facts)
        except BaseException:
            live.stale = True  # not committed (or not known to be): rebuild from the database
            # A cancelled call's write may still commit: the runner reads the game again.
            self.on_due(game_id, self.clock.now())
            raise
        live.committed = change.version
        live.notify()
        metrics.ENTRIES.labels(kind="table" if text.startswith("@") else "move").inc()
        self.on_due(game_id, facts.due)
        return live, change

    @staticmethod
    def _checked_apply(
        live: LiveGame, seat: int | None, apply: Apply, expected_version: int | None, at: float
    ) -> tuple[str, Change]:
        if expected_version is not None and expected_version != live.table.version:
            raise VersionConflict(f"expected version {expected_version}, the game is at {live.table.version}")
        return live.apply(seat, apply, at)

    @staticmethod
    def _replayed(earlier: MoveRecord, move: Move, game: Game) -> MoveAnswer:
        if earlier.move != move.text():
            raise InvalidInput(
                "request_id was already used for a different move", reason=ServiceReason.REQUEST_ID_REUSED, field="request_id"
            )
        data = earlier.answer
        assert data is not None  # stored with every move that has a request_id
        change = SeenChange.from_dict(data["change"], game.deck, game.variant, earlier.seat)
        return MoveAnswer(change, data["game_over"])

    # ----------------------------------------------------------------- the server's turns
    async def server_turn(self, game_id: str) -> ServerTurn | None:
        """What the server must do now at ``game_id`` (None: nothing yet). A bot's
        knowledge is read here, under the lock; it decides after, off the lock."""
        live = await self._live(game_id)
        async with live.lock:
            live = await self._current(game_id)
            table = live.table
            due = table.due()
            if due is None or due.at > self.clock.now():
                self._schedule(live)
                return None
            strength = None
            if due.kind is DueKind.BOT:
                assert due.seat is not None
                strength = table.spec.seats[due.seat].strength
            elif due.kind is DueKind.TIMEOUT and table.spec.clock.policy is TimeoutPolicy.BOT:
                strength = table.spec.clock.stand_in
            if strength is None:
                return ServerTurn(game_id, table.version, due)
            assert due.seat is not None
            return ServerTurn(game_id, table.version, due, strength, knowledge_of(live.game, due.seat, strength),
                              table.spec.bot_budget)

    async def play_server_turn(self, turn: ServerTurn, move: Move | None) -> bool:
        """Makes the server's entry for ``turn`` (``move``: its bot's decision), once: only
        at the version it was read at. False if the table moved on meanwhile."""
        live = await self._live(turn.game_id)
        async with live.lock:
            live = await self._current(turn.game_id)
            seat = turn.due.seat
            actor, apply = _server_entry(live.table, turn, move)
            try:
                await self._append(live, seat, apply, expected_version=turn.version, actor=actor)
            except VersionConflict:
                return False
            return True

    # ----------------------------------------------------------------- watch
    async def watch(
        self, game_id: str, seat: int | None, token: str | None, after_version: int | None
    ) -> AsyncIterator[TableView | SeenChange]:
        """The viewer's snapshot (unless resuming), then every change in order, until the game ends."""
        _not_negative(after_version, "after_version")  # never valid, not ahead of the game
        live, viewer = await self._viewing(game_id, seat, token)
        self._watch(game_id)  # before the snapshot: a notice of what follows it is not missed
        try:
            async with live.lock:
                live = await self._current(game_id)
                if after_version is not None and after_version > live.table.version:
                    raise OutOfRange(f"after_version must be 0..{live.table.version}", field="after_version")
                snapshot = live.table.view(viewer, self.clock.now()) if after_version is None else None
            if snapshot is not None:
                yield snapshot
                sent = snapshot.version
            else:
                sent = after_version  # type: ignore[assignment]
            while True:
                live = await self._live(game_id)  # kept current by the store's notices
                waiter = live.changed
                while sent < live.committed:
                    change = live.changes[sent]
                    sent = change.version
                    yield change.for_viewer(viewer)
                # Over once the entry that ended it is sent (applied in memory is not yet committed).
                if live.table.is_over() and sent >= live.table.version:
                    return
                try:
                    await asyncio.wait_for(waiter.wait(), timeout=WATCH_SAFETY_SECONDS)
                except TimeoutError:  # no notice for a while: look at the database itself
                    with contextlib.suppress(ServiceError):  # away: the next wake looks again
                        async with live.lock:
                            await self._current(game_id)
        finally:
            self._unwatch(game_id)

    def _watch(self, game_id: str) -> None:
        metrics.WATCHERS.inc()
        self._watched[game_id] += 1
        if self._poller is None or self._poller.done():
            self._poller = asyncio.get_running_loop().create_task(
                self.store.follow(lambda: list(self._watched), self._changed_elsewhere))

    def _unwatch(self, game_id: str) -> None:
        metrics.WATCHERS.dec()
        self._watched[game_id] -= 1
        if self._watched[game_id] <= 0:
            del self._watched[game_id]
        if not self._watched and self._poller is not None:
            self._poller.cancel()
            self._poller = None

    def _changed_elsewhere(self, game_id: str, version: int) -> None:
        """Another process committed ``game_id`` up to ``version``: its watchers here catch up."""
        cached = self._cache.get(game_id)
        if game_id in self._watched and (cached is None or cached.stale or version > cached.committed):
            task = asyncio.get_running_loop().create_task(self._refresh(game_id))
            self._refreshing.add(task)
            task.add_done_callback(self._refreshing.discard)

    async def _refresh(self, game_id: str) -> None:
        try:
            live = await self._live(game_id)
            async with live.lock:
                await self._current(game_id)
        except ServiceError:
            pass  # the database is unavailable: the next notice, or the watcher's own wait, retries

    # ----------------------------------------------------------------- internals
    def _read(self, live: LiveGame, read_move: ReadMove) -> Move:
        try:
            return read_move(live.game.deck)
        except RuleViolation as violation:
            raise InvalidInput(violation.message, reason=violation.reason, field="move") from None

    async def _authorized(self, game_id: str, seat: int, token: str | None) -> LiveGame:
        """The game, once ``token`` is shown to be ``seat``'s. A refusal is decided on the
        database's state: another process may have given the seat its token (a claim)."""
        live = await self._live(game_id)
        try:
            self._authorize(live, seat, token)
        except (Unauthenticated, PermissionDenied):
            async with live.lock:
                live = await self._current(game_id)
            self._authorize(live, seat, token)
        return live

    async def _viewing(self, game_id: str, seat: int | None, token: str | None) -> tuple[LiveGame, int | None]:
        """The game and the seat a read is for (``_viewer``), a refusal decided on the database's state."""
        live = await self._live(game_id)
        try:
            return live, self._viewer(live, seat, token)
        except (Unauthenticated, PermissionDenied):
            async with live.lock:
                live = await self._current(game_id)
            return live, self._viewer(live, seat, token)

    def _viewer(self, live: LiveGame, seat: int | None, token: str | None) -> int | None:
        """The seat a read is for: ``seat``, else the token's own seat, else (neither) a spectator."""
        if seat is None:
            # Never a silent downgrade to the spectator view: a token names its seat.
            return self._token_seat(live, token) if token else None
        self._authorize(live, seat, token)
        return seat

    def _authorize(self, live: LiveGame, seat: int, token: str | None) -> None:
        live.game.check_seat(seat)  # INVALID_SEAT, field seat: INVALID_ARGUMENT (interceptor)
        if not token:
            raise Unauthenticated("this call needs the seat's token", reason=ServiceReason.MISSING_CREDENTIAL)
        if self._token_seat(live, token) != seat:
            raise PermissionDenied("the token belongs to another seat")

    @staticmethod
    def _token_seat(live: LiveGame, token: str) -> int:
        owner = seat_of(token, live.table.hashes)
        if owner is None:
            raise Unauthenticated("the token is not valid for this game")
        return owner

    async def _live(self, game_id: str) -> LiveGame:
        """The cached game (maybe behind the database), loading it if needed."""
        if not game_id:
            raise InvalidInput("game_id is required", field="game_id")
        live = self._cache.get(game_id)
        if live is not None and not live.stale:
            self._cache.move_to_end(game_id)
            return live
        record = await self.store.load_game(game_id)
        if record is None:
            raise GameNotFound("no game has this id", field="game_id")
        game = new_game(record.variant, record.options, seed=record.seed, deal=record.deal)
        spec = TableSpec.from_dict(record.table_spec) if record.table_spec else TableSpec.reserved(game.players)
        fresh = LiveGame(record, Table(game, spec, record.credential_hashes, record.created_at), self._lock_for(game_id))
        if live is not None:
            fresh.changed = live.changed  # wake the watchers of the replaced copy
        await self._catch_up(fresh)
        self._remember(fresh)
        return fresh

    async def _current(self, game_id: str) -> LiveGame:
        """The game with every committed move applied (another process may have written)."""
        live = await self._live(game_id)
        stored = await self.store.version_of(game_id)
        if stored is not None and stored > live.table.version and await self._catch_up(live):
            live.notify()
            self._schedule(live)  # another process made entries: what is due may have changed
        return live

    async def _catch_up(self, live: LiveGame) -> bool:
        moves = await self.store.moves_after(live.record.game_id, live.table.version)
        for record in moves:
            live.apply(record.seat, _replay(record), record.at)
        live.committed = live.table.version
        return bool(moves)

    def _lock_for(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def _schedule(self, live: LiveGame) -> None:
        due = live.table.due()
        self.on_due(live.record.game_id, None if due is None else due.at)

    def _remember(self, live: LiveGame) -> None:
        self._cache[live.record.game_id] = live
        self._cache.move_to_end(live.record.game_id)
        while len(self._cache) > self._cache_size:
            oldest_id, oldest = next(iter(self._cache.items()))
            if oldest.lock.locked() or oldest_id in self._watched:
                break
            del self._cache[oldest_id]


def _not_negative(value: int | None, field: str) -> None:
    """A negative version or deal number is never valid, whatever the game does next: a
    malformed field (INVALID_ARGUMENT), not one the game has not reached (OUT_OF_RANGE)."""
    if value is not None and value < 0:
        raise InvalidInput(f"{field} must not be negative", field=field)


def _server_entry(table: Table, turn: ServerTurn, move: Move | None) -> tuple[Actor | None, Apply]:
    """The entry the server makes for what is due: abandonment, the next deal, a forfeit on
    time, or a bot's (or stand-in's) move."""
    due, seat = turn.due, turn.due.seat
    if due.kind is DueKind.ABANDON:
        return None, lambda table, at: (action_text("abandon"), table.abandon(at))
    assert seat is not None
    if due.kind is DueKind.NEXT_DEAL:
        actor = Actor.TABLE if table.spec.seats[seat].is_human else Actor.BOT
        return actor, lambda table, at: (NextDeal().text(), table.push(seat, NextDeal(), at, actor))
    if move is None:  # out of time, at a table whose policy is to forfeit
        return None, lambda table, at: (action_text("forfeit"), table.forfeit(seat, at))
    actor = Actor.BOT if due.kind is DueKind.BOT else Actor.STAND_IN
    return actor, lambda table, at: (move.text(), table.push(seat, move, at, actor))


def rematch_token(old_token: str, rematch_id: str) -> str:
    """A player's token in a rematch: a function of his token of the finished game."""
    digest = hashlib.sha256(f"rematch-token:{rematch_id}:{old_token}".encode()).digest()[:24]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def _replay(record: MoveRecord) -> Apply:
    """An entry of the log made again, as it was stored."""
    actor = Actor(record.actor) if record.actor else None

    def apply(table: Table, at: float) -> tuple[str, list[Event]]:
        return record.move, table.apply(record.seat, record.move, at, actor)

    return apply


def _seat_to_claim(table: Table, seat: int | None, code: str | None) -> int:
    """The seat a claim is for: the one asked, else the one ``code`` invites to, else the
    first open to anyone."""
    if seat is not None:
        table.game.check_seat(seat)
        return seat
    if table.is_over():
        raise RuleViolation(Reason.GAME_OVER, "the game is over")
    seats = table.spec.seats
    if code is not None:
        invited = [index for index, spec in enumerate(seats) if spec.invitation_hash == token_hash(code)]
        if not invited:
            raise PermissionDenied("this invitation code opens no seat of this game", reason=Reason.INVALID_INVITATION)
        return next((index for index in invited if not table.is_taken(index)), invited[0])
    free = [index for index, spec in enumerate(seats) if spec.is_public and not table.is_taken(index)]
    if not free:
        raise RuleViolation(Reason.NO_OPEN_SEAT, "no seat of this game is open to anyone")
    return free[0]


def _with_invitations(spec: TableSpec, codes: Mapping[int, str]) -> TableSpec:
    seats = list(spec.seats)
    for seat, code in codes.items():
        if not 0 <= seat < len(seats) or seats[seat].kind is not SeatKind.OPEN:
            raise InvalidInput("an invitation is for an open seat", reason=Reason.INVALID_OPTION,
                               field="seats.invitation")
        seats[seat] = dataclasses.replace(seats[seat], invitation_hash=token_hash(code))
    return dataclasses.replace(spec, seats=tuple(seats))


def _rematch_spec(spec: TableSpec, hashes: list[str], game_id: str) -> TableSpec:
    """The same table again: bots stay; each human's seat is kept for the holder of his
    token of the finished game (its hash is the invitation's)."""
    seats = tuple(
        seat if not seat.is_human else SeatSpec(SeatKind.OPEN, invitation_hash=held)
        for seat, held in zip(spec.seats, hashes)
    )
    return dataclasses.replace(spec, seats=seats, rematch_of=game_id)


def _creation_field(violation: RuleViolation) -> str:
    """The CreateGame request field a rejected creation is about."""
    if violation.field is not None and violation.field.startswith("table."):
        return violation.field
    if violation.reason is Reason.INVALID_OPTION:
        return "variant" if violation.field == "variant" else f"options.{violation.field or ''}".rstrip(".")
    return "deal"


def _answer_dict(answer: MoveAnswer) -> dict[str, Any]:
    return {"change": answer.change.to_dict(), "game_over": answer.game_over}


def _is_malformed(violation: RuleViolation) -> bool:
    return violation.reason in MALFORMED_REASONS


# Engine reasons that mean the input is malformed (INVALID_ARGUMENT), not that a rule forbids it.
MALFORMED_REASONS = frozenset(
    {
        Reason.UNKNOWN_CARD, Reason.UNKNOWN_SUIT, Reason.UNKNOWN_MOVE, Reason.INVALID_SEAT,
        Reason.INVALID_OPTION, Reason.INVALID_DEAL, Reason.INVALID_NOTATION, Reason.DUPLICATE_CARD,
    }
)

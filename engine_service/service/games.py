"""The application layer: the service's use cases, independent of gRPC.

Each reaches a game through the live games (``live.py``: the cache of tables rebuilt from
the store, one lock per game, catching up with other processes' entries) and watchers are
served by the fan-out (``watching.py``). Several server processes may share one store: its
compare-and-set decides which of two racing entries wins, and the loser decides again on
the latest state.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import hashlib
import secrets
import uuid
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .. import records
from ..analysis import played_start
from ..bots import SeatKnowledge, knowledge_of
from ..hints import Question, hint_question
from ..rules import DealOutcome, Game, Move, NextDeal, RuleViolation, new_game, variant_class
from ..rules.cards import Deck
from ..rules.errors import Reason
from ..rules.events import Event
from ..rules.notation import Position
from ..tables import (
    Actor,
    Due,
    DueKind,
    SeatKind,
    SeatSpec,
    Status,
    Strength,
    Table,
    TableSpec,
    TableView,
    TimeoutPolicy,
    action_text,
    claim_text,
)
from .changes import Change, SeenChange
from .clock import Clock, SystemClock
from .credentials import Credential, Login, SeatToken, new_token, seat_of, token_hash
from .errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidInput,
    OutOfRange,
    PermissionDenied,
    ServiceReason,
    Unauthenticated,
    VersionConflict,
)
from .live import Apply, LiveGame, LiveGames, OnDue, stored_game, table_game
from .quotas import Quotas
from .store import GameRecord, GameRow, GameStore, MoveRecord
from .watching import Watchers

# A move as a request gives it, read against the game's deck once the game is loaded.
ReadMove = Callable[[Deck], Move]
MAX_REQUEST_ID = 128
MAX_SEED = 256
# The most characters of an invitation code.
MAX_INVITATION = 128
# Entries read at once to build a record (a record cut to a reader's deals: a few at a time).
ENTRY_PAGE = 256
SHOWN_ENTRY_PAGE = 8

__all__ = ["Change", "Claimed", "Created", "GameService", "MoveAnswer", "PlayedDeal", "ReadMove", "SeenChange",
           "ServerTurn", "Validation"]


class EventGate(Protocol):
    async def deals_shown(self, event_id: str, credential: Credential | None) -> int | None:
        """How many deals of the event's tables ``credential``'s holder may read: the deals his
        own table has finished, or every one (None) once the event is over; refused to anyone
        else while it runs."""

    async def check_claim(self, event_id: str, game_id: str, login: Login) -> None:
        """Refuses a signed-in player a seat at ``game_id`` if he holds one at another table of the event."""


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


class GameService:
    """The use cases: create, claim, read, list, move, validate, watch, resign, rematch; and
    the server's own turns. Each reaches a game through the live games' one door
    (``LiveGames.locked``) and makes its entries through theirs (``LiveGames.append``)."""

    def __init__(self, store: GameStore, *, cache_size: int = 4096, clock: Clock | None = None,
                 quotas: Quotas | None = None, idle_limit: float | None = None) -> None:
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.quotas = quotas or Quotas(0, 0, 0)
        self.live = LiveGames(store, self.clock, cache_size=cache_size, idle_limit=idle_limit)
        self.watchers = Watchers(self.live)
        self.event_gate: EventGate | None = None  # the events' say on who reads their tables

    @property
    def on_due(self) -> OnDue:
        """Told the next instant the server must act in a game, after each entry (TableRunner)."""
        return self.live.on_due

    @on_due.setter
    def on_due(self, told: OnDue) -> None:
        self.live.on_due = told

    # ----------------------------------------------------------------- create
    async def create(
        self, variant: str, options: Mapping[str, Any], *, seed: str | None = None, deal: str | None = None,
        table: TableSpec | None = None, invited: tuple[int, ...] = (), creator: str = "", secret_seed: bool = False,
        quotas_checked: bool = False,
    ) -> Created:
        """A new game. ``table`` says who sits where (default: every seat reserved);
        each seat of ``invited`` (open seats) is kept for an invitation code drawn here.
        ``creator`` (the caller's key) is held to its quotas. ``secret_seed``: the server drew
        ``seed`` (an event's, shared by its tables); ``quotas_checked``: the caller's quotas were
        checked for this creation already (an event's tables, counted together)."""
        check_seed(seed)
        # An empty seed is no seed (what a client sends for an unset string): a secret one is drawn.
        game_seed = seed or secrets.token_hex(32)
        event = table.event if table is not None else None
        try:
            game = table_game(variant, options, game_seed, deal, event)
            spec = table or TableSpec.reserved(game.players)
            spec.check_players(game.players)
        except RuleViolation as violation:
            raise InvalidInput(violation.message, reason=violation.reason, field=_creation_field(violation)) from None
        codes = {seat: new_token() for seat in invited}
        spec = _with_invitations(spec, codes)
        tokens = {seat: new_token() for seat, seat_spec in enumerate(spec.seats) if seat_spec.kind is SeatKind.RESERVED}
        hashes = [token_hash(tokens[seat]) if seat in tokens else "" for seat in range(game.players)]
        has_open_seats = any(seat.is_public for seat in spec.seats)
        quotas = contextlib.nullcontext() if quotas_checked else \
            self.quotas.creation(self.store, creator, self.clock.now(), has_open_seats=has_open_seats)
        async with quotas:
            live = await self._store_new(uuid.uuid4().hex, game, game_seed, deal, spec, hashes, creator,
                                         seed_drawn=secret_seed or (not seed and deal is None and not event))
        return Created(live.game_id, tokens, codes, live.table.view(None, self.clock.now()))

    async def _store_new(
        self, game_id: str, game: Game, seed: str, deal: str | None, spec: TableSpec, hashes: list[str],
        creator: str = "", *, seed_drawn: bool,
    ) -> LiveGame:
        record = GameRecord(
            game_id=game_id, variant=game.variant, options=game.options.to_dict(), seed=seed, deal=deal,
            credential_hashes=hashes, created_at=self.clock.now(), table_spec=spec.to_dict(), creator=creator,
            seed_drawn=seed_drawn,
        )
        return await self.live.create(record, game, spec)

    # ----------------------------------------------------------------- seats
    async def claim(self, game_id: str, seat: int | None, code: str | None, *, login: Login | None = None) -> Claimed:
        """Gives an open seat (``seat``, else the one ``code`` invites to, else the first
        open to anyone) to the caller: a new token, returned once, or the signed-in player
        (``login``), whose later logins act for it. A player already seated here gets his seat."""
        if code is not None and not (0 < len(code) <= MAX_INVITATION and code.isprintable()):
            raise InvalidInput(f"invitation_code must be 1..{MAX_INVITATION} printable characters",
                               field="invitation_code")
        live = await self.live.load(game_id)
        if live.table.spec.event is not None and login is not None and self.event_gate is not None:
            await self.event_gate.check_claim(live.table.spec.event.event_id, game_id, login)
        for _ in range(5):  # another process may claim at once: the loser decides again on the latest state
            async with self.live.locked(game_id) as live:
                table = live.table
                if login is not None:
                    held_seat = table.player_seat(login.player.id)
                    if held_seat is not None:  # asked again (a lost answer, another device): the same seat
                        if seat is not None and seat != held_seat:
                            raise FailedPrecondition(f"this player already holds seat {held_seat} of this game",
                                                     reason=ServiceReason.ALREADY_SEATED)
                        return Claimed(game_id, held_seat, "", table.view(held_seat, self.clock.now()))
                elif table.spec.rated:
                    raise Unauthenticated("a rated table's seats are claimed by signed-in players",
                                          reason=ServiceReason.LOGIN_REQUIRED)
                if table.spec.event is not None and table.started:
                    _refuse_full_event_table(table, seat, code)  # never GAME_OVER: an event's table ends unseen
                chosen = _seat_to_claim(table, seat, code)
                credential: Credential = login or SeatToken(new_token())
                code_hash = token_hash(code) if code is not None else None
                name = login.player.name if login is not None else ""

                def claim(table: Table, at: float, seat: int = chosen, held: str = credential.holder,
                          code_hash: str | None = code_hash, name: str = name) -> tuple[str, list[Event]]:
                    return claim_text(held, name), table.claim(seat, held, code_hash, at, name)

                try:
                    live, _ = await self.live.append(live, chosen, claim)
                except VersionConflict:
                    continue
                except RuleViolation as violation:
                    if violation.reason is Reason.INVALID_INVITATION:
                        raise PermissionDenied(violation.message, reason=violation.reason) from None
                    raise
                if login is not None:
                    await self.store.save_player(login.player.id, login.player.name, self.clock.now())
                return Claimed(game_id, chosen, credential.given, live.table.view(chosen, self.clock.now()))
        raise VersionConflict("the table is changing too fast; retry")

    async def resign(self, game_id: str, seat: int, credential: Credential | None) -> MoveAnswer:
        await self._authorized(game_id, seat, credential)
        async with self.live.locked(game_id) as live:
            live, change = await self.live.append(
                live, seat, lambda table, at: (action_text("resign"), table.resign(seat, at)))
            return MoveAnswer(change.for_viewer(seat), True)

    async def rematch(self, game_id: str, seat: int, credential: Credential | None) -> Claimed:
        """The rematch of a finished game (created by the first of its players to ask): the
        same seats, options and bots; each human claims his own seat with his old token."""
        await self._authorized(game_id, seat, credential)
        async with self.live.locked(game_id) as live:
            if live.table.status is not Status.FINISHED:
                raise FailedPrecondition("a rematch follows a finished game", reason=Reason.GAME_NOT_OVER)
            if live.table.spec.event is not None:
                raise FailedPrecondition("an event's table has no rematch", reason=ServiceReason.EVENT_TABLE)
            record, spec, hashes = live.record, live.table.spec, list(live.table.hashes)
        rematch_id = hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:32]
        if await self.store.load_game(rematch_id) is None:
            seed = secrets.token_hex(32)
            game = new_game(record.variant, record.options, seed=seed)
            try:
                await self._store_new(rematch_id, game, seed, None, _rematch_spec(spec, hashes, game_id),
                                      [""] * game.players, seed_drawn=True)
            except AlreadyExists:
                pass  # another call made it first: the same game
        await self._link_rematch(game_id, rematch_id)
        assert credential is not None
        # A token's seat is kept for a token derived from it, which only its holder knows:
        # asking again (a lost answer, or the same player's calls at once) returns the same
        # token, and nobody else can compute it; a player's seat is kept for the player. The
        # check and the claim are one step under the lock.
        new: Credential = SeatToken(rematch_token(credential.token, rematch_id)) \
            if isinstance(credential, SeatToken) else credential
        held, invited = new.holder, credential.holder
        name = credential.player.name if isinstance(credential, Login) else ""
        for _ in range(5):  # another process may claim at once: decide again on the latest state
            async with self.live.locked(rematch_id) as rematch:
                if rematch.table.hashes[seat] != held:
                    if rematch.table.hashes[seat]:
                        raise RuleViolation(Reason.SEAT_TAKEN, f"seat {seat} of the rematch is already taken")
                    try:
                        rematch, _ = await self.live.append(rematch, seat, lambda table, at: (
                            claim_text(held, name), table.claim(seat, held, invited, at, name)))
                    except VersionConflict:
                        continue
                    except RuleViolation as violation:
                        if violation.reason is not Reason.SEAT_TAKEN:
                            raise
                        continue  # taken meanwhile: by this player's other call, the check above says
                return Claimed(rematch_id, seat, new.given, rematch.table.view(seat, self.clock.now()))
        raise VersionConflict("the rematch is changing too fast; retry")

    async def _link_rematch(self, game_id: str, rematch_id: str) -> None:
        for _ in range(5):
            async with self.live.locked(game_id) as live:
                if live.table.rematch_id is not None:
                    return
                try:
                    await self.live.append(live, None, lambda table, at: (
                        action_text("rematch", rematch_id), table.link_rematch(rematch_id, at)))
                    return
                except VersionConflict:
                    continue
        raise VersionConflict("the finished game is changing too fast; retry")

    # ----------------------------------------------------------------- read
    async def view(self, game_id: str, seat: int | None, credential: Credential | None) -> TableView:
        viewer = await self._live_viewer(game_id, seat, credential)
        async with self.live.locked(game_id) as live:
            return live.table.view(viewer, self.clock.now())

    async def record(self, game_id: str, seat: int | None, credential: Credential | None) -> records.GameRecord:
        """The game's record as ``seat`` (or a spectator) may read it (docs/records.md): built
        from its committed log, the hidden cards only once they can no longer matter."""
        return (await self.readable_record(game_id, seat, credential))[1]

    async def readable_record(
        self, game_id: str, seat: int | None, credential: Credential | None
    ) -> tuple[records.GameRecord, records.GameRecord]:
        """The game's whole record (for the server's own use: reviews), and what ``seat`` (or
        a spectator) may read of it."""
        viewer, shown = await self._reader(game_id, seat, credential)
        async with self.live.locked(game_id) as live:
            stored, version = live.record, live.committed
        builder = records.RecordBuilder(self.live.fresh_table(stored), game_id=game_id, created_at=stored.created_at)
        # Read from another table of an event: small pages, so the entries replayed past the
        # reader's deals (and the time they take) hardly depend on how far this table is ahead.
        async for entry in self._entries(game_id, version, ENTRY_PAGE if shown is None else SHOWN_ENTRY_PAGE):
            if shown is not None and builder.deals_scored >= shown:
                break  # past what the reader may see
            builder.add(entry.seat, entry.move, entry.at, Actor(entry.actor) if entry.actor else None)
        whole = builder.record()
        if shown is not None:  # an event's table read from another: the deals the reader has played too
            whole = records.first_deals(whole, shown)
        return whole, records.for_reader(whole, viewer, seed_drawn=stored.seed_drawn)

    async def _entries(self, game_id: str, version: int, size: int) -> AsyncIterator[MoveRecord]:
        """The game's entries up to ``version`` in order, read a page at a time (a reader who
        stops early reads no further)."""
        after = 0
        while after < version:
            page = await self.store.moves_after(game_id, after, min(size, version - after))
            if not page:
                return
            for entry in page:
                yield entry
            after = page[-1].version

    async def hint_question(self, game_id: str, seat: int, credential: Credential | None) -> Question:
        """What a hint for ``seat`` may be computed from (its knowledge only), at the current version."""
        await self._authorized(game_id, seat, credential)
        async with self.live.locked(game_id) as live:
            live.table.check_playing()
            if live.table.spec.rated:
                raise FailedPrecondition("no hints during a rated match", reason=ServiceReason.HINTS_DISABLED)
            return dataclasses.replace(hint_question(live.game, seat), version=live.table.version)

    async def check_analysable(self, game_id: str) -> None:
        """Refuses to analyse or review a rated match's deals before the match is over."""
        async with self.live.locked(game_id) as live:
            _check_analysable(live.table)

    async def played_deal(
        self, game_id: str, seat: int, credential: Credential | None, number: int | None, trick: int = 0
    ) -> PlayedDeal:
        """The position at the first card of trick ``trick`` of a deal ``game_id`` has
        played to its end (default: the last one), for one of its players; a deal in
        progress or never played is refused."""
        _not_negative(number, "deal_number")
        await self._authorized(game_id, seat, credential)
        async with self.live.locked(game_id) as live:
            _check_analysable(live.table)
            game = live.game
            finished = len(game.results)
            if number is None:
                number = finished - 1
                if number < 0:
                    raise FailedPrecondition("no deal of this game is over yet", reason=ServiceReason.DEAL_IN_PROGRESS)
            if number > finished:
                raise OutOfRange(f"this game has deals 0..{finished}", reason=ServiceReason.DEAL_OUT_OF_RANGE,
                                 field="deal_number")
            if number == finished:
                raise FailedPrecondition("this deal is still being played", reason=ServiceReason.DEAL_IN_PROGRESS)
            if game.results[number].outcome is DealOutcome.VOID:
                raise FailedPrecondition("nobody took this deal: it has no play", reason=ServiceReason.DEAL_NOT_PLAYED)
            record = live.record
            history = list(game.history)
        replay = stored_game(record)
        start = played_start(replay, history, number, trick)
        if start is None:
            raise OutOfRange("the deal has no such trick", reason=ServiceReason.TRICK_OUT_OF_RANGE, field="from_trick")
        return PlayedDeal(replay, start, seat)

    async def list(
        self, *, variant: str | None, status: str | None, before_seq: int | None, limit: int, open_seats: bool = False,
        player: str | None = None,
    ) -> list[GameRow]:
        """Games newest first under the filters (``player``: those where that player holds a seat)."""
        if variant is not None:
            variant_class(variant)
        return await self.store.list_games(variant=variant, status=status, before_seq=before_seq, limit=limit,
                                           open_seats=open_seats, player=player)

    async def watch(
        self, game_id: str, seat: int | None, credential: Credential | None, after_version: int | None
    ) -> AsyncIterator[TableView | SeenChange]:
        """The viewer's snapshot (unless resuming), then every change in order, until the game ends."""
        _not_negative(after_version, "after_version")  # never valid, not ahead of the game
        viewer = await self._live_viewer(game_id, seat, credential)
        async for item in self.watchers.watch(game_id, viewer, after_version):
            yield item

    # ----------------------------------------------------------------- moves
    async def validate(self, game_id: str, seat: int, credential: Credential | None, read_move: ReadMove) -> Validation:
        await self._authorized(game_id, seat, credential)
        async with self.live.locked(game_id) as live:
            move = _read(live, read_move)
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
        credential: Credential | None,
        read_move: ReadMove,
        *,
        expected_version: int | None = None,
        request_id: str | None = None,
    ) -> MoveAnswer:
        if request_id is not None and not (0 < len(request_id) <= MAX_REQUEST_ID and request_id.isprintable()):
            raise InvalidInput("request_id must be 1..128 printable characters", field="request_id")
        _not_negative(expected_version, "expected_version")  # never valid, not stale
        await self._authorized(game_id, seat, credential)
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
        # Alone on the file, the cached copy is current; sharing it, catch up first.
        async with self.live.locked(game_id, current=self.store.is_shared()) as live:
            move = _read(live, read_move)
            if request_id is not None:
                earlier = await self.store.find_request(game_id, seat, request_id)
                if earlier is not None:
                    return _replayed(earlier, move, live.game)
            try:
                self._check_time(live, seat)
            except RuleViolation:  # decided on the database's state: another process may have moved
                live = await self.live.current(game_id)
                self._check_time(live, seat)
            live, change = await self.live.append(
                live, seat, lambda table, at: (move.text(), table.push(seat, move, at)),
                expected_version=expected_version, request_id=request_id)
            return MoveAnswer(change.for_viewer(seat), live.table.is_over())

    def _check_time(self, live: LiveGame, seat: int) -> None:
        """A seat whose time has run out no longer decides: the server applies its timeout."""
        deadline = live.table.deadline(seat)
        if deadline is not None and self.clock.now() >= deadline:
            self.live.on_due(live.game_id, deadline)
            raise RuleViolation(Reason.OUT_OF_TIME, "your time for this decision has run out")

    # ----------------------------------------------------------------- the server's turns
    async def server_turn(self, game_id: str) -> ServerTurn | None:
        """What the server must do now at ``game_id`` (None: nothing yet). A bot's
        knowledge is read here, under the lock; it decides after, off the lock."""
        async with self.live.locked(game_id) as live:
            table = live.table
            due = table.due()
            if due is None or due.at > self.clock.now():
                self.live.schedule(live)
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
        async with self.live.locked(turn.game_id) as live:
            actor, apply = _server_entry(live.table, turn, move)
            try:
                await self.live.append(live, turn.due.seat, apply, expected_version=turn.version, actor=actor)
            except VersionConflict:
                return False
            return True

    # ----------------------------------------------------------------- who may ask
    async def _authorized(self, game_id: str, seat: int, credential: Credential | None) -> None:
        """Returns once ``credential`` is shown to be ``seat``'s. A refusal is decided on the
        database's state: another process may have given the seat its token (a claim)."""
        live = await self.live.load(game_id)
        try:
            _authorize(live, seat, credential)
        except (Unauthenticated, PermissionDenied):
            async with self.live.locked(game_id) as live:
                _authorize(live, seat, credential)

    async def _live_viewer(self, game_id: str, seat: int | None, credential: Credential | None) -> int | None:
        """The seat a view or a watch is for: at an event's table, only its own seats until the
        event is over (a view shows the deal in play)."""
        viewer, shown = await self._reader(game_id, seat, credential)
        if shown is not None:
            raise PermissionDenied("an event's table is watched by its own seats until the event is over",
                                   reason=ServiceReason.EVENT_IN_PROGRESS)
        return viewer

    async def _reader(self, game_id: str, seat: int | None,
                      credential: Credential | None) -> tuple[int | None, int | None]:
        """(the seat a read is for, how many deals it may see): every deal (None) but at an
        event's table read by someone seated elsewhere in the event while it runs, who sees
        the deals his own table has finished."""
        live = await self.live.load(game_id)
        event = live.table.spec.event
        if event is None or self.event_gate is None:
            return await self._viewing(game_id, seat, credential), None
        try:
            viewer = await self._viewing(game_id, seat, credential)
        except (Unauthenticated, PermissionDenied):
            if seat is not None:
                raise
            viewer = None  # perhaps a credential of another table of the event
        if viewer is not None:
            return viewer, None
        return None, await self.event_gate.deals_shown(event.event_id, credential)

    async def _viewing(self, game_id: str, seat: int | None, credential: Credential | None) -> int | None:
        """The seat a read is for (``_viewer``), a refusal decided on the database's state."""
        live = await self.live.load(game_id)
        try:
            return _viewer(live, seat, credential)
        except (Unauthenticated, PermissionDenied):
            async with self.live.locked(game_id) as live:
                return _viewer(live, seat, credential)


def _read(live: LiveGame, read_move: ReadMove) -> Move:
    try:
        return read_move(live.game.deck)
    except RuleViolation as violation:
        raise InvalidInput(violation.message, reason=violation.reason, field="move") from None


def _replayed(earlier: MoveRecord, move: Move, game: Game) -> MoveAnswer:
    """The answer stored with a request id, for its retry; the same id with another move is refused."""
    if earlier.move != move.text():
        raise InvalidInput("request_id was already used for a different move", reason=ServiceReason.REQUEST_ID_REUSED,
                           field="request_id")
    data = earlier.answer
    assert data is not None  # stored with every move that has a request_id
    change = SeenChange.from_dict(data["change"], game.deck, game.variant, earlier.seat)
    return MoveAnswer(change, data["game_over"])


def _viewer(live: LiveGame, seat: int | None, credential: Credential | None) -> int | None:
    """The seat a read is for: ``seat``, else the credential's own seat, else (neither) a spectator."""
    if seat is None:
        if isinstance(credential, Login):  # a player seated elsewhere watches as anyone may
            return seat_of(credential, live.table.hashes)
        # Never a silent downgrade to the spectator view: a token names its seat.
        return _token_seat(live, credential) if credential else None
    _authorize(live, seat, credential)
    return seat


def _authorize(live: LiveGame, seat: int, credential: Credential | None) -> None:
    live.game.check_seat(seat)  # INVALID_SEAT, field seat: INVALID_ARGUMENT (interceptor)
    if credential is None:
        raise Unauthenticated("this call needs the seat's token or its player's login",
                              reason=ServiceReason.MISSING_CREDENTIAL)
    if _token_seat(live, credential) != seat:
        raise PermissionDenied("the credential belongs to another seat")


def _token_seat(live: LiveGame, credential: Credential) -> int:
    owner = seat_of(credential, live.table.hashes)
    if owner is None:
        if isinstance(credential, Login):
            raise PermissionDenied("this player holds no seat of this game")
        raise Unauthenticated("the token is not valid for this game")
    return owner


def _check_analysable(table: Table) -> None:
    if table.spec.rated and not table.is_over():
        raise FailedPrecondition("a rated match's deals are analysed once it is over",
                                 reason=ServiceReason.RATED_MATCH_IN_PROGRESS)


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


def check_seed(seed: str | None) -> None:
    """A seed given by a caller: stored with the game and replayed from, so bounded, as
    request ids are."""
    if seed is not None and not (len(seed) <= MAX_SEED and seed.isprintable()):
        raise InvalidInput(f"seed must be at most {MAX_SEED} printable characters", field="seed")


def _refuse_full_event_table(table: Table, seat: int | None, code: str | None) -> None:
    """A claim at an event's table once every seat is taken, refused as at a table still
    playing, whether it has ended or not (its end would tell how far it is)."""
    if seat is not None:
        table.game.check_seat(seat)
        if table.spec.seats[seat].kind is not SeatKind.OPEN:
            raise RuleViolation(Reason.SEAT_NOT_OPEN, f"seat {seat} is not open")
        raise RuleViolation(Reason.SEAT_TAKEN, f"seat {seat} is already taken")
    if code is not None:
        _invited(table, code)
        raise RuleViolation(Reason.SEAT_TAKEN, "the invited seat is already taken")
    raise RuleViolation(Reason.NO_OPEN_SEAT, "no seat of this game is open to anyone")


def _seat_to_claim(table: Table, seat: int | None, code: str | None) -> int:
    """The seat a claim is for: the one asked, else the one ``code`` invites to, else the
    first open to anyone."""
    if seat is not None:
        table.game.check_seat(seat)
        return seat
    if table.is_over():
        raise RuleViolation(Reason.GAME_OVER, "the game is over")
    if code is not None:
        invited = _invited(table, code)
        return next((index for index in invited if not table.is_taken(index)), invited[0])
    free = [index for index, spec in enumerate(table.spec.seats) if spec.is_public and not table.is_taken(index)]
    if not free:
        raise RuleViolation(Reason.NO_OPEN_SEAT, "no seat of this game is open to anyone")
    return free[0]


def _invited(table: Table, code: str) -> list[int]:
    """The seats ``code`` invites to; refused if none."""
    invited = [index for index, spec in enumerate(table.spec.seats) if spec.invitation_hash == token_hash(code)]
    if not invited:
        raise PermissionDenied("this invitation code opens no seat of this game", reason=Reason.INVALID_INVITATION)
    return invited


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


def _is_malformed(violation: RuleViolation) -> bool:
    return violation.reason in MALFORMED_REASONS


# Engine reasons that mean the input is malformed (INVALID_ARGUMENT), not that a rule forbids it.
MALFORMED_REASONS = frozenset(
    {
        Reason.UNKNOWN_CARD, Reason.UNKNOWN_SUIT, Reason.UNKNOWN_MOVE, Reason.INVALID_SEAT,
        Reason.INVALID_OPTION, Reason.INVALID_DEAL, Reason.INVALID_NOTATION, Reason.DUPLICATE_CARD,
    }
)

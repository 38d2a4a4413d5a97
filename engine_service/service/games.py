"""The application layer: games as the service keeps them, independent of gRPC.

A live game is the engine's :class:`Game` rebuilt from its stored record and move log,
kept in memory, and guarded by one asyncio lock (the engine is not thread-safe, and a
move must be durable before anyone sees it). Reads catch up with the database first, and
so do moves while another process writes to the file, so several server processes may
share one: the store's compare-and-set decides which of two racing moves wins, and the
loser reloads.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
import time
import uuid
import weakref
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..analysis import played_start
from ..hints import Question, hint_question
from ..rules import DealOutcome, Game, Move, PlayerView, RuleViolation, new_game, parse_move, variant_class
from ..rules.cards import Deck
from ..rules.errors import Reason
from ..rules.events import Event
from ..rules.notation import Position
from .credentials import new_token, seat_of, token_hash
from .errors import FailedPrecondition, GameNotFound, InvalidInput, OutOfRange, PermissionDenied, Unauthenticated, VersionConflict
from .store import GameRecord, GameRow, MoveRecord, Store

ACTIVE, FINISHED = "ACTIVE", "FINISHED"
# A move as a request gives it, read against the game's deck once the game is loaded.
ReadMove = Callable[[Deck], Move]
MAX_REQUEST_ID = 128
MAX_SEED = 256
# How often the games being watched are checked for moves made by another server process
# (one query for all of them), and the longest a watcher sleeps without checking.
WATCH_POLL_SECONDS = 0.05
WATCH_SAFETY_SECONDS = 1.0


@dataclass(frozen=True)
class Change:
    """One accepted move: the version it produced, who moved, what it did (unredacted)."""

    version: int
    seat: int
    events: tuple[Event, ...]

    def for_viewer(self, viewer: int | None) -> SeenChange:
        return SeenChange(self.version, self.seat, tuple(event.for_viewer(viewer) for event in self.events))


@dataclass(frozen=True)
class SeenChange:
    """A change as one viewer may see it: redacted event dicts."""

    version: int
    seat: int
    events: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "seat": self.seat, "events": list(self.events)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeenChange:
        return cls(data["version"], data["seat"], tuple(data["events"]))


@dataclass(frozen=True)
class MoveAnswer:
    change: SeenChange
    game_over: bool


@dataclass(frozen=True)
class Created:
    game_id: str
    tokens: tuple[str, ...]
    view: PlayerView


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


@dataclass
class LiveGame:
    record: GameRecord
    game: Game
    lock: asyncio.Lock  # shared by every copy of the same game (see GameService._lock_for)
    changes: list[Change] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    stale: bool = False  # in-memory state may differ from the database: reload before use
    committed: int = 0  # the version durably stored: watchers never see beyond it

    @property
    def status(self) -> str:
        return FINISHED if self.game.is_over() else ACTIVE

    def apply(self, seat: int, move: Move) -> Change:
        events = self.game.push(seat, move)
        change = Change(self.game.version, seat, tuple(events))
        self.changes.append(change)
        return change

    def notify(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


class GameService:
    """Create, read, list, move, validate, watch."""

    def __init__(self, store: Store, *, cache_size: int = 4096) -> None:
        self.store = store
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_size = cache_size
        # One lock per game id, alive while any copy of the game is in use, so a copy
        # reloaded after eviction or a failed commit is guarded by the same lock.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._watched: Counter[str] = Counter()  # game id -> watchers in this process
        self._poller: asyncio.Task[None] | None = None

    # ----------------------------------------------------------------- create
    async def create(
        self, variant: str, options: Mapping[str, Any], *, seed: str | None = None, deal: str | None = None
    ) -> Created:
        if seed is not None and not (len(seed) <= MAX_SEED and seed.isprintable()):
            # It is stored with the game and replayed from: a bound, as for request ids.
            raise InvalidInput(f"seed must be at most {MAX_SEED} printable characters", field="seed")
        # An empty seed is no seed (what a client sends for an unset string): a secret one is drawn.
        game_seed = seed or secrets.token_hex(32)
        try:
            game = new_game(variant, options, seed=game_seed, deal=deal)
        except RuleViolation as violation:
            raise InvalidInput(violation.message, reason=violation.reason.value, field=_creation_field(violation)) from None
        tokens = tuple(new_token() for _ in range(game.players))
        record = GameRecord(
            game_id=uuid.uuid4().hex,
            variant=game.variant,
            options=game.options.to_dict(),
            seed=game_seed,
            deal=deal,
            credential_hashes=[token_hash(token) for token in tokens],
            created_at=time.time(),
        )
        live = LiveGame(record, game, self._lock_for(record.game_id))
        await self.store.create_game(record, live.status, list(game.scores))
        self._remember(live)
        return Created(record.game_id, tokens, game.view(None))

    # ----------------------------------------------------------------- read
    async def view(self, game_id: str, seat: int | None, token: str | None) -> PlayerView:
        live = await self._live(game_id)
        viewer = self._viewer(live, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            return live.game.view(viewer)

    async def hint_question(self, game_id: str, seat: int, token: str | None) -> Question:
        """What a hint for ``seat`` may be computed from (its knowledge only), at the current version."""
        live = await self._live(game_id)
        self._authorize(live, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            return hint_question(live.game, seat)

    async def played_deal(
        self, game_id: str, seat: int, token: str | None, number: int | None, trick: int = 0
    ) -> PlayedDeal:
        """The position at the first card of trick ``trick`` of a deal ``game_id`` has
        played to its end (default: the last one), for one of its players; a deal in
        progress or never played is refused."""
        _not_negative(number, "deal_number")
        live = await self._live(game_id)
        self._authorize(live, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            game = live.game
            finished = len(game.results)
            if number is None:
                number = finished - 1
                if number < 0:
                    raise FailedPrecondition("no deal of this game is over yet", reason="DEAL_IN_PROGRESS")
            if number > finished:
                raise OutOfRange(f"this game has deals 0..{finished}", reason="DEAL_OUT_OF_RANGE", field="deal_number")
            if number == finished:
                raise FailedPrecondition("this deal is still being played", reason="DEAL_IN_PROGRESS")
            if game.results[number].outcome is DealOutcome.VOID:
                raise FailedPrecondition("nobody took this deal: it has no play", reason="DEAL_NOT_PLAYED")
            record = live.record
            history = list(game.history)
        replay = new_game(record.variant, record.options, seed=record.seed, deal=record.deal)
        start = played_start(replay, history, number, trick)
        if start is None:
            raise OutOfRange("the deal has no such trick", reason="TRICK_OUT_OF_RANGE", field="from_trick")
        return PlayedDeal(replay, start, seat)

    def list(self, *, variant: str | None, status: str | None, before_seq: int | None, limit: int) -> list[GameRow]:
        if variant is not None:
            variant_class(variant)
        return self.store.list_games(variant=variant, status=status, before_seq=before_seq, limit=limit)

    # ----------------------------------------------------------------- moves
    async def validate(self, game_id: str, seat: int, token: str | None, read_move: ReadMove) -> Validation:
        live = await self._live(game_id)
        self._authorize(live, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            move = self._read(live, read_move)
            try:
                live.game.validate(seat, move)
            except RuleViolation as violation:
                if _is_malformed(violation):
                    raise
                return Validation(False, live.game.version, violation.reason.value, violation.message)
            return Validation(True, live.game.version)

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
        live = await self._live(game_id)
        self._authorize(live, seat, token)
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
                earlier = self.store.find_request(game_id, seat, request_id)
                if earlier is not None:
                    return self._replayed(earlier, move)
            # Applied in memory only (under the lock) until committed; push validates first.
            try:
                change = self._checked_apply(live, seat, move, expected_version)
            except (RuleViolation, VersionConflict):
                # Decide on the latest state: another process may have moved unnoticed.
                if self.store.version_of(game_id) == live.game.version:
                    raise
                live = await self._current(game_id)
                change = self._checked_apply(live, seat, move, expected_version)
            answer = MoveAnswer(change.for_viewer(seat), live.game.is_over())
            # The answer is kept for idempotent retries only.
            stored_answer = _answer_dict(answer) if request_id is not None else None
            stored = MoveRecord(change.version, seat, move.text(), request_id, stored_answer)
            try:
                await self.store.append_move(game_id, stored, live.status, list(live.game.scores))
            except BaseException:
                live.stale = True  # not committed (or not known to be): rebuild from the database
                raise
            live.committed = change.version
            live.notify()
            return answer

    @staticmethod
    def _checked_apply(live: LiveGame, seat: int, move: Move, expected_version: int | None) -> Change:
        if expected_version is not None and expected_version != live.game.version:
            raise VersionConflict(f"expected version {expected_version}, the game is at {live.game.version}")
        return live.apply(seat, move)

    @staticmethod
    def _replayed(earlier: MoveRecord, move: Move) -> MoveAnswer:
        if earlier.move != move.text():
            raise InvalidInput(
                "request_id was already used for a different move", reason="REQUEST_ID_REUSED", field="request_id"
            )
        data = earlier.answer
        assert data is not None  # stored with every move that has a request_id
        return MoveAnswer(SeenChange.from_dict(data["change"]), data["game_over"])

    # ----------------------------------------------------------------- watch
    async def watch(
        self, game_id: str, seat: int | None, token: str | None, after_version: int | None
    ) -> AsyncIterator[PlayerView | SeenChange]:
        """The viewer's snapshot (unless resuming), then every change in order, until the game ends."""
        _not_negative(after_version, "after_version")  # never valid, not ahead of the game
        live = await self._live(game_id)
        viewer = self._viewer(live, seat, token)
        async with live.lock:
            live = await self._current(game_id)
            if after_version is not None and after_version > live.game.version:
                raise OutOfRange(f"after_version must be 0..{live.game.version}", field="after_version")
            snapshot = live.game.view(viewer) if after_version is None else None
        if snapshot is not None:
            yield snapshot
            sent = snapshot.version
        else:
            sent = after_version  # type: ignore[assignment]
        self._watch(game_id)
        try:
            while True:
                live = await self._live(game_id)  # kept current by the poller
                waiter = live.changed
                while sent < live.committed:
                    change = live.changes[sent]
                    sent = change.version
                    yield change.for_viewer(viewer)
                if live.game.is_over() and sent >= live.committed:
                    return
                try:
                    await asyncio.wait_for(waiter.wait(), timeout=WATCH_SAFETY_SECONDS)
                except TimeoutError:
                    pass
        finally:
            self._unwatch(game_id)

    def _watch(self, game_id: str) -> None:
        self._watched[game_id] += 1
        if self._poller is None or self._poller.done():
            self._poller = asyncio.get_running_loop().create_task(self._poll_watched())

    def _unwatch(self, game_id: str) -> None:
        self._watched[game_id] -= 1
        if self._watched[game_id] <= 0:
            del self._watched[game_id]

    async def _poll_watched(self) -> None:
        """Brings the watched games up to date with moves other processes committed."""
        while self._watched:
            await asyncio.sleep(WATCH_POLL_SECONDS)
            try:
                versions = self.store.versions_of(list(self._watched))
            except sqlite3.Error:
                continue  # the database is busy: the next round will see the moves
            for game_id, version in versions.items():
                cached = self._cache.get(game_id)
                if cached is None or cached.stale or version > cached.committed:
                    live = await self._live(game_id)
                    async with live.lock:
                        await self._current(game_id)

    # ----------------------------------------------------------------- internals
    def _read(self, live: LiveGame, read_move: ReadMove) -> Move:
        try:
            return read_move(live.game.deck)
        except RuleViolation as violation:
            raise InvalidInput(violation.message, reason=violation.reason.value, field="move") from None

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
            raise Unauthenticated("this call needs the seat's token", reason="MISSING_CREDENTIAL")
        if self._token_seat(live, token) != seat:
            raise PermissionDenied("the token belongs to another seat")

    @staticmethod
    def _token_seat(live: LiveGame, token: str) -> int:
        owner = seat_of(token, live.record.credential_hashes)
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
        record = self.store.load_game(game_id)
        if record is None:
            raise GameNotFound("no game has this id", field="game_id")
        game = new_game(record.variant, record.options, seed=record.seed, deal=record.deal)
        fresh = LiveGame(record, game, self._lock_for(game_id))
        if live is not None:
            fresh.changed = live.changed  # wake the watchers of the replaced copy
        self._catch_up(fresh)
        self._remember(fresh)
        return fresh

    async def _current(self, game_id: str) -> LiveGame:
        """The game with every committed move applied (another process may have written)."""
        live = await self._live(game_id)
        stored = self.store.version_of(game_id)
        if stored is not None and stored > live.game.version and self._catch_up(live):
            live.notify()
        return live

    def _catch_up(self, live: LiveGame) -> bool:
        moves = self.store.moves_after(live.record.game_id, live.game.version)
        for record in moves:
            live.apply(record.seat, parse_move(record.move, live.game.deck))
        live.committed = live.game.version
        return bool(moves)

    def _lock_for(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

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


def _creation_field(violation: RuleViolation) -> str:
    """The CreateGame request field a rejected creation is about."""
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

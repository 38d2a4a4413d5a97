"""A table: one game of the engine with who sits where, the clocks, and how the match
ends (docs/tables.md).

Everything that happens at a table is one entry of its log, at one version: a move of
the game, or a table action (a seat claimed, a resignation, a forfeit on time, the
abandonment, the link to a rematch). Each entry carries the instant it was made, so
the clocks are a pure function of the log: replaying it rebuilds the same table, and
the next instant the server must act (:meth:`Table.due`) follows from it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from ..rules import Game, Move, Phase, PlayerView, parse_move
from ..rules.errors import Reason, RuleViolation
from ..rules.events import Event, GameOverEvent
from .clocks import TimeoutPolicy
from .events import (
    AbandonedEvent,
    ForfeitedEvent,
    GameStartedEvent,
    RematchCreatedEvent,
    ResignedEvent,
    SeatClaimedEvent,
    TimedOutEvent,
)
from .seats import SeatKind, SeatPlayer, player_holder, player_of_holder
from .spec import TableSpec

# The text form of table actions in the log ("@claim:<token hash>"); moves have no "@".
ACTION_MARK = "@"
# Between a claim's holder and its player's name ("@claim:player:<id>\t<name>"): no name holds a tab.
NAME_MARK = "\t"


class Status(str, Enum):
    WAITING = "WAITING"  # open seats: nothing dealt yet
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"  # a winner is known: the match played out, or resigned, or forfeited
    ABANDONED = "ABANDONED"  # no move for the table's abandon_after


class Actor(str, Enum):
    """Who made a move for its seat, when not the seat's own holder."""

    BOT = "bot"  # the seat is a bot
    STAND_IN = "stand_in"  # the seat's time ran out: its stand-in bot decided
    TABLE = "table"  # the server dealt the next deal


class DueKind(str, Enum):
    BOT = "bot"  # a bot seat is to move
    TIMEOUT = "timeout"  # a human seat's time runs out
    NEXT_DEAL = "next_deal"  # the deal's pause is over
    ABANDON = "abandon"  # nothing happened for abandon_after


@dataclass(frozen=True)
class Due:
    at: float  # seconds since the Unix epoch
    kind: DueKind
    seat: int | None = None


@dataclass(frozen=True)
class Ending:
    """How a match ended before its last deal (or was left)."""

    kind: str  # "resigned", "forfeited" or "abandoned"
    seat: int | None  # who resigned or forfeited
    winners: tuple[int, ...]
    left: tuple[int, ...] = ()  # the seats that ended it: who resigned or forfeited, or was to act when it was abandoned


@dataclass(frozen=True)
class SeatClock:
    bank: float  # seconds left in the bank
    deadline: float | None  # while the seat's decision is timed: when its time runs out


@dataclass(frozen=True)
class TableView:
    """What one viewer sees of a table: the game's view once it has started."""

    variant: str
    version: int
    at: float  # the instant the view is of
    viewer: int | None
    status: Status
    spec: TableSpec
    occupied: tuple[bool, ...]  # per seat: claimed (or reserved, or a bot)
    players: tuple[SeatPlayer | None, ...]  # per seat: the signed-in player who holds it
    clocks: tuple[SeatClock, ...]  # per seat; empty without a clock
    ending: Ending | None
    rematch_id: str | None
    game: PlayerView | None  # None until every seat is taken


class Table:
    def __init__(self, game: Game, spec: TableSpec, credential_hashes: list[str], created_at: float, *,
                 idle_limit: float | None = None) -> None:
        spec.check_players(game.players)
        self.game = game
        self.spec = spec
        # The server's own bound on a game left alone (its table's abandon_after may be shorter).
        self.idle_limit = idle_limit
        # Per seat: its holder (a token's hash, or a signed-in player: seats.PLAYER_MARK), "" while open and for bots.
        self.hashes = list(credential_hashes)
        self.names = [""] * game.players  # per seat: the display name its player claimed it with
        self.version = 0
        self.last_at = created_at
        self.ending: Ending | None = None
        self.rematch_id: str | None = None
        self.opening_events = tuple(game.events)  # the first deal's: shown when the table starts
        self.bank = [spec.clock.bank] * game.players
        self.since: dict[int, float] = {}  # seats to act: when their decision started
        self.started = False
        if self._is_full():
            self._start(created_at)

    # ----------------------------------------------------------------- state
    @property
    def status(self) -> Status:
        if self.ending is not None:
            return Status.ABANDONED if self.ending.kind == "abandoned" else Status.FINISHED
        if self.game.is_over():
            return Status.FINISHED
        return Status.ACTIVE if self.started else Status.WAITING

    def is_over(self) -> bool:
        return self.ending is not None or self.game.is_over()

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act() if self.started and self.ending is None else ()

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ending.winners if self.ending is not None else self.game.winners

    def is_taken(self, seat: int) -> bool:
        return self.spec.seats[seat].kind is SeatKind.BOT or bool(self.hashes[seat])

    def open_seats(self) -> int:
        """Seats anyone may still claim (the lobby's count)."""
        if self.is_over():
            return 0
        return sum(1 for seat, spec in enumerate(self.spec.seats) if spec.is_public and not self.hashes[seat])

    def check_playing(self) -> None:
        if self.is_over():
            raise RuleViolation(Reason.GAME_OVER, "the game is over")
        if not self.started:
            raise RuleViolation(Reason.GAME_NOT_STARTED, "the game starts when every seat is taken")

    def view(self, viewer: int | None, now: float) -> TableView:
        game = None
        if self.started:
            game = dataclasses.replace(PlayerView.of(self.game, viewer), version=self.version)
            if self.ending is not None:
                game = dataclasses.replace(game, to_act=(), legal_moves=(), winners=self.ending.winners)
        return TableView(
            self.game.variant, self.version, now, viewer, self.status, self.spec,
            tuple(self.is_taken(seat) for seat in range(self.game.players)), self.players(),
            self.clocks(now), self.ending, self.rematch_id, game,
        )

    def clocks(self, now: float) -> tuple[SeatClock, ...]:
        """Each seat's clock at ``now``: its bank (spent while its decision runs past
        per_move) and its deadline; empty at a table without a clock."""
        clock = self.spec.clock
        if not clock.is_running:
            return ()
        clocks = []
        for seat in range(self.game.players):
            deadline = self.deadline(seat)
            bank = self.bank[seat]
            if deadline is not None:  # the decision under way spends the bank once per_move is used
                bank = min(bank, max(0.0, deadline - max(now, self.since[seat] + clock.per_move)))
            clocks.append(SeatClock(bank, deadline))
        return tuple(clocks)

    def _is_clocked(self, seat: int) -> bool:
        """Whether ``seat``'s decision under way is timed (humans' decisions, not between deals)."""
        return (self.spec.clock.is_running and self.spec.seats[seat].is_human and seat in self.since
                and self.game.phase is not Phase.DEAL_OVER and self.ending is None)

    def deadline(self, seat: int) -> float | None:
        if not self._is_clocked(seat):
            return None
        return self.since[seat] + self.spec.clock.allowance(self.bank[seat])

    def due(self) -> Due | None:
        """The next instant the server must act at this table, and what it must do."""
        if self.is_over():
            return None
        candidates: list[Due] = []
        idle = [limit for limit in (self.spec.abandon_after, self.idle_limit) if limit]
        if idle:
            candidates.append(Due(self.last_at + min(idle), DueKind.ABANDON))
        if self.started and self.game.phase is Phase.DEAL_OVER:
            if self.spec.is_run_by_server:
                bots = self.spec.bot_seats
                candidates.append(Due(min(self.since.values()) + self.spec.deal_pause, DueKind.NEXT_DEAL,
                                      bots[0] if bots else self.to_act()[0]))
        elif self.started:
            for seat in self.to_act():
                if not self.spec.seats[seat].is_human:
                    candidates.append(Due(self.since[seat] + self.spec.bot_delay, DueKind.BOT, seat))
                deadline = self.deadline(seat)
                if deadline is not None:
                    candidates.append(Due(deadline, DueKind.TIMEOUT, seat))
        return min(candidates, key=lambda due: due.at, default=None)

    # ----------------------------------------------------------------- entries
    def push(self, seat: int, move: Move, at: float, actor: Actor | None = None) -> list[Event]:
        """Validates then applies a move of the game; the events it produced."""
        self.check_playing()
        before, phase = set(self.to_act()), self.game.phase
        timed = self._is_clocked(seat)
        events = self.game.push(seat, move)
        if timed:
            self.bank[seat] = self.spec.clock.bank_after(self.bank[seat], at - self.since[seat])
        if actor is Actor.STAND_IN:
            events.insert(0, TimedOutEvent(seat=seat, policy=TimeoutPolicy.BOT))
        self._advance(at, mover=seat, before=before, phase=phase)
        return events

    def players(self) -> tuple[SeatPlayer | None, ...]:
        """Per seat, the signed-in player who holds it."""
        return tuple(None if player is None else SeatPlayer(player, name)
                     for player, name in zip(map(player_of_holder, self.hashes), self.names))

    def player_seat(self, player_id: str) -> int | None:
        held = player_holder(player_id)
        return next((seat for seat, holder in enumerate(self.hashes) if holder == held), None)

    def claim(self, seat: int, token_hash: str, code_hash: str | None, at: float, name: str = "") -> list[Event]:
        """Gives an open seat to a caller: the holder of ``token_hash``'s token, or a signed-in
        player (``token_hash`` is then the player's holder, ``name`` the name shown)."""
        self.game.check_seat(seat)
        if self.is_over():
            raise RuleViolation(Reason.GAME_OVER, "the game is over")
        spec = self.spec.seats[seat]
        if spec.kind is not SeatKind.OPEN:
            raise RuleViolation(Reason.SEAT_NOT_OPEN, f"seat {seat} is {'a bot' if spec.kind is SeatKind.BOT else 'reserved'}")
        if self.hashes[seat]:
            raise RuleViolation(Reason.SEAT_TAKEN, f"seat {seat} is already taken")
        if spec.invitation_hash is not None and code_hash != spec.invitation_hash:
            raise RuleViolation(Reason.INVALID_INVITATION, f"seat {seat} is kept for an invitation: its code is needed")
        self.hashes[seat] = token_hash
        self.names[seat] = name
        events: list[Event] = [SeatClaimedEvent(seat=seat)]
        if self._is_full():
            self._start(at)
            events += [GameStartedEvent(), *self.opening_events]
        self._advance(at)
        return events

    def resign(self, seat: int, at: float) -> list[Event]:
        self.check_playing()
        self.game.check_seat(seat)
        if seat not in self.to_act():
            raise RuleViolation(Reason.NOT_YOUR_TURN, "a seat resigns when it is to move")
        return self._end("resigned", seat, at)

    def forfeit(self, seat: int, at: float) -> list[Event]:
        """``seat``'s time ran out at a table whose policy is to forfeit."""
        self.check_playing()
        return [TimedOutEvent(seat=seat, policy=TimeoutPolicy.FORFEIT), *self._end("forfeited", seat, at)]

    def abandon(self, at: float) -> list[Event]:
        if self.is_over():
            raise RuleViolation(Reason.GAME_OVER, "the game is over")
        self.ending = Ending("abandoned", None, (), left=self.to_act() if self.started else ())
        self._advance(at)
        return [AbandonedEvent()]

    def link_rematch(self, game_id: str, at: float) -> list[Event]:
        if self.status is not Status.FINISHED:
            raise RuleViolation(Reason.GAME_NOT_OVER, "a rematch follows a finished game")
        if self.rematch_id is not None:
            raise RuleViolation(Reason.REMATCH_EXISTS, "this game already has its rematch")
        self.rematch_id = game_id
        self._advance(at)
        return [RematchCreatedEvent(game_id=game_id)]

    def _end(self, kind: str, seat: int, at: float) -> list[Event]:
        side = self.game.side_of(seat)
        winners = tuple(other for other in range(self.game.players) if self.game.side_of(other) != side)
        self.ending = Ending(kind, seat, winners, left=(seat,))
        self._advance(at)
        ended: Event = ResignedEvent(seat=seat) if kind == "resigned" else ForfeitedEvent(seat=seat)
        return [ended, GameOverEvent(winners=winners, scores=tuple(self.game.scores))]

    def _start(self, at: float) -> None:
        self.started = True
        self.since = {seat: at for seat in self.to_act()}

    def _is_full(self) -> bool:
        return all(self.is_taken(seat) for seat in range(self.game.players))

    def _advance(self, at: float, mover: int | None = None, before: set[int] | None = None,
                 phase: Phase | None = None) -> None:
        """One entry more: the version, the instant, and when each seat to act began to decide
        (a seat still deciding in the same phase, as in the hearts pass, keeps its start)."""
        self.version += 1
        self.last_at = at
        if mover is None:
            return
        kept = before if before is not None and phase is self.game.phase else set()
        self.since = {seat: self.since[seat] if seat in kept and seat != mover else at for seat in self.to_act()}

    # ----------------------------------------------------------------- the log
    def apply(self, seat: int | None, text: str, at: float, actor: Actor | None) -> list[Event]:
        """Replays one entry of the log, in its text form (:func:`entry_text`)."""
        if not text.startswith(ACTION_MARK):
            assert seat is not None
            return self.push(seat, parse_move(text, self.game.deck), at, actor)
        verb, _, argument = text[1:].partition(":")
        if verb == "claim":
            assert seat is not None
            holder, _, name = argument.partition(NAME_MARK)
            return self.claim(seat, holder, self.spec.seats[seat].invitation_hash, at, name)
        if verb == "resign":
            assert seat is not None
            return self.resign(seat, at)
        if verb == "forfeit":
            assert seat is not None
            return self.forfeit(seat, at)
        if verb == "abandon":
            return self.abandon(at)
        if verb == "rematch":
            return self.link_rematch(argument, at)
        raise ValueError(f"unknown table action {verb!r}")


def claim_text(holder: str, name: str = "") -> str:
    """A claim's text form in the log: the seat's holder, and the name its player shows."""
    return action_text("claim", f"{holder}{NAME_MARK}{name}" if name else holder)


def action_text(verb: str, argument: str = "") -> str:
    """A table action's text form in the log."""
    return f"{ACTION_MARK}{verb}:{argument}" if argument else f"{ACTION_MARK}{verb}"


__all__ = ["Actor", "Due", "DueKind", "Ending", "SeatClock", "Status", "Table", "TableView", "action_text", "claim_text"]

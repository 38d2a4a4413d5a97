"""The store contract: what the application layer asks of a database, one interface for
SQLite (the embedded default) and PostgreSQL (several replicas on one database).

Every backend gives the same guarantees: an entry is acknowledged only once its
transaction has committed; the entry that takes a game from version ``v`` to ``v + 1`` is
stored only if the game is still at ``v`` (compare-and-set, under a unique key on game and
version), so two writers can never both apply an entry at one version and the log has no
gap; a request id is unique per game and seat. The entry that ends a rated match moves its
ratings in the same transaction, once per match (``rated_matches``), and the entry that
seats a signed-in player lists the game among the player's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ...ratings import RatedMatch
from .players import HistoryRow, LeaderPage, RatingRow
from .records import EventRow, Facts, GameRecord, GameRow, MoveRecord

# Called with (game id, version) when another process (or replica) committed an entry.
OnChange = Callable[[str, int], None]
# The games a process wants to hear about.
Watched = Callable[[], list[str]]


class GameStore(Protocol):
    async def open(self) -> None:
        """Connects and brings the schema up to date (``DatabaseTooNew`` if it is newer)."""

    async def close(self) -> None: ...

    def is_shared(self) -> bool:
        """Whether another process may have written lately: then every entry catches up first."""

    async def create_game(self, record: GameRecord, facts: Facts) -> None:
        """Stores a new game; ``AlreadyExists`` if a game has its id."""

    async def create_event(self, event: EventRow) -> None:
        """Stores a duplicate event (its tables are stored first); ``AlreadyExists`` if one has its id."""

    async def load_event(self, event_id: str) -> EventRow | None: ...

    async def update_event(self, event_id: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
        """Replaces the event's parameters if they are still ``before`` (compare-and-set)."""

    async def apply_rating(self, match: RatedMatch) -> None:
        """Moves ``match``'s ratings in a transaction of its own, unless it was applied already
        (an event's deal: every process that sees it complete may try)."""

    async def append_move(self, game_id: str, move: MoveRecord, facts: Facts) -> None:
        """Appends ``move`` if the game is still at ``move.version - 1``; else ``VersionConflict``.
        With it, in one transaction: ``facts.seated`` among the game's players, and the
        ratings ``facts.rating`` moves (unless its match was rated already)."""

    async def load_game(self, game_id: str) -> GameRecord | None: ...

    async def version_of(self, game_id: str) -> int | None: ...

    async def versions_of(self, game_ids: list[str]) -> dict[str, int]: ...

    async def moves_after(self, game_id: str, version: int, limit: int | None = None) -> list[MoveRecord]:
        """The entries after ``version`` in order, at most ``limit`` of them (None: all)."""

    async def find_request(self, game_id: str, seat: int, request_id: str) -> MoveRecord | None: ...

    async def count_games(self, *, creator: str, statuses: Sequence[str], open_seats: bool = False) -> int:
        """How many games ``creator`` created are in ``statuses`` (with an open seat, if ``open_seats``)."""

    async def list_games(
        self, *, variant: str | None, status: str | None, before_seq: int | None, limit: int, open_seats: bool = False,
        player: str | None = None,
    ) -> list[GameRow]: ...

    async def save_player(self, player_id: str, name: str, at: float) -> None:
        """Keeps a signed-in player's id and latest display name."""

    async def player_name(self, player_id: str) -> str | None:
        """The player's display name; None for an id no player has."""

    async def ratings_of(self, entity: str) -> list[RatingRow]:
        """A player's (or bot strength's) rating in each variant it has a rated match in."""

    async def rating_history(self, entity: str, variant: str, limit: int) -> list[HistoryRow]:
        """Its ratings after its latest ``limit`` rated matches of ``variant``, newest first."""

    async def leaderboard(self, variant: str, snapshot: int | None, after: tuple[float, str] | None,
                          limit: int) -> LeaderPage:
        """Players past their provisional matches, best first, after ``after`` (rating, id),
        with ratings as of ``snapshot`` (a rating_history seq; None: now, returned)."""

    async def due_games(
        self, *, until: float, after: tuple[float, str] | None = None, limit: int = 1000
    ) -> list[tuple[str, float]]:
        """Games due before ``until``, soonest first, a page at a time after ``after`` (due, id)."""

    async def bound_idle(self, idle_seconds: float) -> None:
        """Makes every game in play due at the latest ``idle_seconds`` after its last entry,
        so the runner abandons the idle ones stored before the bound (or under a longer one)."""

    async def try_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Takes or renews the lease ``name`` for ``seconds`` if it is free, expired or ``holder``'s."""

    async def follow(self, watched: Watched, on_change: OnChange) -> None:
        """Runs until cancelled: tells ``on_change`` of entries other processes commit in
        the ``watched`` games (a missed notice is made up for: no change goes unseen)."""

    async def ping(self) -> bool:
        """Whether the database answers now (readiness)."""

"""What the stores keep of players, whatever the database: the players (an id and the name
of their latest claim), the games each holds a seat in, the ratings per variant with
their history, and the rated matches already applied (each exactly once). The queries are
written once here, with the database's parameter mark ("?" for SQLite, "%s" for
PostgreSQL)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...ratings import PROVISIONAL_SIGMA, RatedMatch, Rating, updated
from ...ratings.matches import BOT_MARK


@dataclass(frozen=True)
class RatingRow:
    """An entity's rating in one variant, as stored."""

    variant: str
    entity: str
    rating: Rating


@dataclass(frozen=True)
class HistoryRow:
    """An entity's rating after one rated match."""

    seq: int
    variant: str
    game_id: str
    at: float
    rating: Rating


@dataclass(frozen=True)
class LeaderRow:
    entity: str
    name: str
    rating: Rating


@dataclass(frozen=True)
class LeaderPage:
    rows: list[LeaderRow]
    snapshot: int  # the rating_history seq the page shows the ratings as of


RATING_COLUMNS = "mu, sigma, matches"


def rating_of(row: Sequence[Any]) -> Rating:
    return Rating(float(row[0]), float(row[1]), int(row[2]))


def rating_update(match: RatedMatch, rows: Sequence[Sequence[Any]]) -> dict[str, Rating]:
    """The ratings after ``match``, from the stored rows (entity, mu, sigma, matches) of its entities."""
    return updated(match, {row[0]: rating_of(row[1:]) for row in rows})


def current_query(mark: str, entities: int, *, for_update: bool = False) -> str:
    marks = ", ".join(mark for _ in range(entities))
    lock = " ORDER BY entity FOR UPDATE" if for_update else ""
    return f"SELECT entity, {RATING_COLUMNS} FROM ratings WHERE variant = {mark} AND entity IN ({marks}){lock}"


def insert_rating(mark: str, *, replace: bool = False) -> str:
    """A rating row (parameters: ``rating_params``): replacing the entity's, or (``replace``
    False) leaving one it has as it is."""
    m = mark
    conflict = ("DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches,"
                " rating = excluded.rating, last_seq = excluded.last_seq, updated_at = excluded.updated_at"
                if replace else "DO NOTHING")
    return (f"INSERT INTO ratings (variant, entity, mu, sigma, matches, rating, last_seq, updated_at)"
            f" VALUES ({m}, {m}, {m}, {m}, {m}, {m}, {m}, {m}) ON CONFLICT (variant, entity) {conflict}")


def history_insert(mark: str) -> str:
    m = mark
    return (f"INSERT INTO rating_history (variant, entity, game_id, at, mu, sigma, matches, rating)"
            f" VALUES ({m}, {m}, {m}, {m}, {m}, {m}, {m}, {m})")


def history_params(match: RatedMatch, entity: str, rating: Rating) -> tuple[Any, ...]:
    return (match.variant, entity, match.game_id, match.at, rating.mu, rating.sigma, rating.matches, rating.shown)


def rating_params(match: RatedMatch, entity: str, rating: Rating, seq: int) -> tuple[Any, ...]:
    return (match.variant, entity, rating.mu, rating.sigma, rating.matches, rating.shown, seq, match.at)


def leaderboard_query(mark: str, *, after: tuple[float, str] | None) -> str:
    """The page of a variant's leaderboard after ``after`` (rating, entity), as of a
    rating_history seq: each entity's current row if it has not moved since (read in the
    rating index's order, so a page reads about as many rows as it shows), else its row of
    history as of then (the few that moved since the first page). Parameters:
    ``leaderboard_params``."""
    m = mark
    bots = BOT_MARK + ("%%" if mark == "%s" else "%")  # psycopg reads a lone % as a parameter
    page = f" AND (rating < {m} OR (rating = {m} AND entity > {m}))" if after is not None else ""
    listed = f"sigma <= {m} AND entity NOT LIKE '{bots}'{page}"
    return (
        "WITH still AS ("
        f" SELECT entity, {RATING_COLUMNS}, rating FROM ratings WHERE variant = {m} AND last_seq <= {m} AND {listed}"
        f" ORDER BY rating DESC, entity LIMIT {m}),"
        " moved AS ("
        f" SELECT h.entity, h.mu, h.sigma, h.matches, h.rating FROM ratings r JOIN rating_history h ON h.seq = ("
        f"  SELECT MAX(seq) FROM rating_history WHERE variant = {m} AND entity = r.entity AND seq <= {m})"
        f" WHERE r.variant = {m} AND r.last_seq > {m}),"
        f" shown AS (SELECT * FROM still UNION ALL SELECT * FROM moved WHERE {listed})"
        " SELECT s.entity, COALESCE(p.name, ''), s.mu, s.sigma, s.matches FROM shown s"
        " LEFT JOIN players p ON p.player_id = s.entity"
        f" ORDER BY s.rating DESC, s.entity LIMIT {m}"
    )


def leaderboard_params(variant: str, snapshot: int, after: tuple[float, str] | None, limit: int) -> list[Any]:
    listed: list[Any] = [PROVISIONAL_SIGMA, *((after[0], after[0], after[1]) if after is not None else ())]
    return [variant, snapshot, *listed, limit, variant, snapshot, variant, snapshot, *listed, limit]


def leader_row(row: Sequence[Any]) -> LeaderRow:
    return LeaderRow(row[0], row[1], rating_of(row[2:5]))


__all__ = ["HistoryRow", "LeaderPage", "LeaderRow", "RatingRow"]

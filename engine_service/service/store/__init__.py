"""Event-sourced game storage behind one contract (``contract.py``): SQLite, the embedded
default (``sqlite.py``), or PostgreSQL for several replicas on one database
(``postgres.py``). :func:`open_store` picks one from the ``--database`` setting."""

from __future__ import annotations

from .contract import GameStore, OnChange, Watched
from .records import DatabaseTooNew, EventRow, Facts, GameRecord, GameRow, MoveRecord
from .sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(database: str) -> bool:
    return database.startswith(POSTGRES_SCHEMES)


def sqlite_path(database: str) -> str:
    """The file of a SQLite setting: a path, or ``sqlite:///path``."""
    return database[len("sqlite://"):] if database.startswith("sqlite://") else database


def database_for_logs(database: str) -> str:
    """The database setting without the password a PostgreSQL URL may hold (in its user
    part or as a ``password`` parameter)."""
    if not is_postgres(database):
        return database
    scheme, _, rest = database.partition("://")
    credentials, at, place = rest.rpartition("@")
    user = credentials.split(":", 1)[0]
    where, question, query = (place if at else rest).partition("?")
    kept = "&".join(part for part in query.split("&") if part and not part.lower().startswith("password="))
    return f"{scheme}://{user}{at}{where}{question if kept else ''}{kept}"


def open_store(database: str, *, synchronous: str = "FULL") -> GameStore:
    """The store of ``database``: a PostgreSQL URL, else a SQLite file (call ``open`` next)."""
    if is_postgres(database):
        from .postgres import PostgresStore  # psycopg only where it is used

        return PostgresStore(database)
    return SqliteStore(sqlite_path(database), synchronous=synchronous)


__all__ = [
    "DatabaseTooNew", "EventRow", "Facts", "GameRecord", "GameRow", "GameStore", "MoveRecord", "OnChange", "SqliteStore", "Watched",
    "database_for_logs", "is_postgres", "open_store", "sqlite_path",
]

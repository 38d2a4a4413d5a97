"""Players' use cases (docs/players.md): a profile (name, ratings per variant with their
history, recent games) and the leaderboards, from the store. A bot strength has a profile
of its own ("bot:greedy"...): its ratings, no games."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from ..ratings import Rating
from ..ratings.matches import BOT_MARK
from ..rules import variant_class
from ..tables import Strength
from .errors import GameNotFound, InvalidInput, ServiceReason
from .store import GameRow, GameStore
from .store.players import HistoryRow, LeaderRow

MAX_HISTORY = 200
DEFAULT_HISTORY = 20
MAX_PAGE = 1000
DEFAULT_PAGE = 50


@dataclass(frozen=True)
class VariantRating:
    variant: str
    rating: Rating
    history: list[HistoryRow]


@dataclass(frozen=True)
class Profile:
    entity: str
    name: str
    bot: bool
    ratings: list[VariantRating]
    recent_games: list[GameRow]


@dataclass(frozen=True)
class Leader:
    rank: int
    row: LeaderRow


@dataclass(frozen=True)
class Leaderboard:
    leaders: list[Leader]
    next_page: str  # "" on the last page


class Players:
    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def profile(self, entity: str, history_size: int) -> Profile:
        size = _bounded(history_size, DEFAULT_HISTORY, MAX_HISTORY, "history_size")
        bot = entity.startswith(BOT_MARK)
        if bot:
            strength = entity[len(BOT_MARK):]
            if strength not in {s.value for s in Strength}:
                raise _not_found()
            name = strength
        else:
            found = await self.store.player_name(entity) if 0 < len(entity) <= 64 else None
            if found is None:
                raise _not_found()
            name = found
        ratings = [VariantRating(row.variant, row.rating, await self.store.rating_history(entity, row.variant, size))
                   for row in await self.store.ratings_of(entity)]
        games = [] if bot else await self.store.list_games(variant=None, status=None, before_seq=None, limit=size,
                                                           player=entity)
        return Profile(entity, name, bot, ratings, games)

    async def leaderboard(self, variant: str, page_size: int, page_token: str) -> Leaderboard:
        variant_class(variant)
        size = _bounded(page_size, DEFAULT_PAGE, MAX_PAGE, "page_size")
        snapshot, after, rank = _read_token(page_token, variant) if page_token else (None, None, 0)
        page = await self.store.leaderboard(variant, snapshot, after, size + 1)
        rows = page.rows[:size]
        leaders = [Leader(rank + index + 1, row) for index, row in enumerate(rows)]
        more = len(page.rows) > size
        token = _token(variant, page.snapshot, rows[-1], rank + len(rows)) if more else ""
        return Leaderboard(leaders, token)


def _bounded(value: int, default: int, most: int, field: str) -> int:
    size = value or default
    if not 1 <= size <= most:
        raise InvalidInput(f"{field} must be 1..{most} (0 means {default})", field=field)
    return size


def _not_found() -> GameNotFound:
    return GameNotFound("no player has this id", reason=ServiceReason.PLAYER_NOT_FOUND)


def _token(variant: str, snapshot: int, last: LeaderRow, rank: int) -> str:
    """Where the next page starts: after the last row's (rating, id), as of the same snapshot."""
    text = f"v1|{variant}|{snapshot}|{last.rating.shown!r}|{last.entity}|{rank}"
    return base64.urlsafe_b64encode(text.encode()).decode()


def _read_token(token: str, variant: str) -> tuple[int, tuple[float, str], int]:
    try:
        version, issued_for, snapshot, rating, entity, rank = \
            base64.urlsafe_b64decode(token.encode()).decode().split("|")
        if version != "v1":
            raise ValueError(version)
        values = int(snapshot), float(rating), int(rank)
        if not (0 <= values[0] < 2**63 and 0 <= values[2] < 2**31):
            raise ValueError(token)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise InvalidInput("page_token is not a token this service issued", reason=ServiceReason.INVALID_PAGE_TOKEN,
                           field="page_token") from None
    if issued_for != variant:
        raise InvalidInput("page_token was issued for another variant", reason=ServiceReason.INVALID_PAGE_TOKEN,
                           field="page_token")
    return values[0], (values[1], entity), values[2]

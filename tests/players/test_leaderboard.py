"""Ratings and leaderboards on both stores: a match's ratings move once however often its
ending is stored, the leaderboard lists only players past their provisional matches, and
its pages are the ratings as of the first page while other matches move them."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine_service.ratings import PROVISIONAL_SIGMA, RatedMatch
from engine_service.service.errors import InvalidInput
from engine_service.service.players import Players
from engine_service.service.store import Facts, GameRecord, GameStore, MoveRecord, SqliteStore
from engine_service.service.store.postgres import PostgresStore

VARIANT = "hearts"


def _store(kind: str, tmp_path, request) -> GameStore:
    if kind == "sqlite":
        return SqliteStore(str(tmp_path / "ratings.db"))
    return PostgresStore(request.getfixturevalue("postgres_url"))


@pytest.fixture(params=["sqlite", "postgresql"])
def store_kind(request):
    return request.param


class Matches:
    """Rated hearts matches stored as a server stores them: a game, and the entry that ends it."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.count = 0

    async def play(self, ranking: list[str], *, game_id: str | None = None, at: float = 1.0) -> str:
        self.count += 1
        game_id = game_id or f"g{self.count}"
        if await self.store.load_game(game_id) is None:
            await self.store.create_game(GameRecord(game_id, VARIANT, {}, "s", None, [""] * 4, at), Facts("ACTIVE", [0] * 4))
        version = await self.store.version_of(game_id)
        assert version is not None
        match = RatedMatch(game_id, VARIANT, at, tuple((entity,) for entity in ranking), (1, 2, 3, 4))
        await self.store.append_move(game_id, MoveRecord(version + 1, None, "@abandon", None, None, at),
                                     Facts("FINISHED", [0] * 4, rating=match))
        return game_id


async def _seed_players(matches: Matches, players: list[str], rounds: int, rng: random.Random) -> None:
    for _ in range(rounds):
        order = players[:]
        rng.shuffle(order)
        for start in range(0, len(order) - 3, 4):
            await matches.play(order[start:start + 4])
    for player in players:
        await matches.store.save_player(player, player.upper(), 1.0)


def test_a_match_stored_twice_moves_the_ratings_once(store_kind, tmp_path, request):
    async def run() -> None:
        store = _store(store_kind, tmp_path, request)
        await store.open()
        try:
            matches = Matches(store)
            game_id = await matches.play(["pa", "pb", "pc", "bot:greedy"])
            await matches.play(["pa", "pb", "pc", "bot:greedy"], game_id=game_id)  # the same match, stored again
            for entity in ("pa", "pc", "bot:greedy"):
                [row] = await store.ratings_of(entity)
                assert row.rating.matches == 1
                assert [h.game_id for h in await store.rating_history(entity, VARIANT, 10)] == [game_id]
            first, last = (await store.ratings_of("pa"))[0].rating, (await store.ratings_of("bot:greedy"))[0].rating
            assert first.mu > 25 > last.mu
        finally:
            await store.close()

    asyncio.run(run())


def test_leaderboard_pages_show_the_ratings_as_of_the_first_page_while_matches_move_them(
        store_kind, tmp_path, request):
    async def run() -> None:
        store = _store(store_kind, tmp_path, request)
        await store.open()
        try:
            rng = random.Random(11)
            players = [f"p{index:02d}" for index in range(40)]
            matches = Matches(store)
            await _seed_players(matches, players, 14, rng)
            await _seed_players(matches, ["newcomer", "p90", "p91", "p92"], 1, rng)  # still provisional
            board = Players(store)
            whole = await board.leaderboard(VARIANT, 1000, "")
            expected = [(leader.rank, leader.row.entity, leader.row.rating.shown) for leader in whole.leaders]
            assert [rank for rank, _, _ in expected] == list(range(1, len(expected) + 1))
            assert "newcomer" not in [entity for _, entity, _ in expected] and len(expected) >= 20
            assert all(leader.row.rating.sigma <= PROVISIONAL_SIGMA for leader in whole.leaders)
            assert [leader.row.name for leader in whole.leaders][:1] == [expected[0][1].upper()]
            shown = [rating for _, _, rating in expected]
            assert shown == sorted(shown, reverse=True)

            pages = [await board.leaderboard(VARIANT, 7, "")]
            # Meanwhile the players at the bottom win again and again, the top ones lose.
            bottom = [entity for _, entity, _ in expected[-4:]]
            top = [entity for _, entity, _ in expected[:4]]
            for _ in range(6):
                await matches.play(bottom)
                await matches.play(top[::-1])
            while pages[-1].next_page:
                pages.append(await board.leaderboard(VARIANT, 7, pages[-1].next_page))
            seen = [(leader.rank, leader.row.entity, leader.row.rating.shown) for page in pages for leader in page.leaders]
            assert seen == expected  # nobody twice, nobody missed, each as of the first page
            now = await board.leaderboard(VARIANT, 1000, "")
            assert [leader.row.entity for leader in now.leaders] != [entity for _, entity, _ in expected]
            with pytest.raises(InvalidInput):
                await board.leaderboard("belote", 7, pages[0].next_page)  # a token of another variant
        finally:
            await store.close()

    asyncio.run(run())

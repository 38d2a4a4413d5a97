"""The store contract, one suite for both backends: SQLite (a file) and PostgreSQL (a
real server started by the suite)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from engine_service.service.errors import AlreadyExists, VersionConflict
from engine_service.service.store import DatabaseTooNew, Facts, GameRecord, GameStore, MoveRecord, open_store

ACTIVE = Facts("ACTIVE", [0, 0])


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "contract.db")
    return request.getfixturevalue("postgres_url")


def run(database: str, scenario: Callable[..., Awaitable[object]], stores: int = 1) -> object:
    """``scenario(*stores)`` with that many stores open on ``database`` (as many processes would be)."""
    async def main() -> object:
        opened: list[GameStore] = []
        try:
            for _ in range(stores):
                store = open_store(database)
                await store.open()
                opened.append(store)
            return await scenario(*opened)
        finally:
            for store in opened:
                await store.close()

    return asyncio.run(main())


def record(game_id: str, created_at: float = 1.0) -> GameRecord:
    return GameRecord(game_id, "belote", {"target_score": 501}, "seed", None, ["a", "b", "c", "d"], created_at,
                      {"seats": []})


def entry(version: int, move: str = "pass", request_id: str | None = None, seat: int | None = 1) -> MoveRecord:
    return MoveRecord(version, seat, move, request_id, {"version": version} if request_id else None, 10.0 + version,
                      "bot" if seat == 2 else None)


def test_a_game_is_stored_and_read_back(database):
    async def scenario(store: GameStore):
        await store.create_game(record("g1"), ACTIVE)
        with pytest.raises(AlreadyExists):
            await store.create_game(record("g1"), ACTIVE)
        await store.append_move("g1", entry(1), ACTIVE)
        await store.append_move("g1", entry(2, "@abandon", seat=None), Facts("ABANDONED", [0, 0]))
        return (await store.load_game("g1"), await store.load_game("none"), await store.version_of("g1"),
                await store.moves_after("g1", 0), await store.versions_of(["g1", "none"]))

    loaded, missing, version, moves, versions = run(database, scenario)
    assert loaded == record("g1") and missing is None and version == 2 and versions == {"g1": 2}
    assert moves == [entry(1), entry(2, "@abandon", seat=None)]


def test_compare_and_set_lets_one_writer_through_per_version_and_leaves_no_gap(database):
    async def scenario(first: GameStore, second: GameStore):
        await first.create_game(record("g"), ACTIVE)
        outcomes = await asyncio.gather(first.append_move("g", entry(1, "take"), ACTIVE),
                                        second.append_move("g", entry(1, "pass"), ACTIVE), return_exceptions=True)
        with pytest.raises(VersionConflict):
            await first.append_move("g", entry(3), ACTIVE)  # a gap
        with pytest.raises(VersionConflict):
            await second.append_move("g", entry(1), ACTIVE)  # stale
        return outcomes, await first.moves_after("g", 0)

    outcomes, moves = run(database, scenario, stores=2)
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["NoneType", "VersionConflict"]
    assert [move.version for move in moves] == [1]


def test_a_request_id_is_unique_per_game_and_seat(database):
    async def scenario(store: GameStore):
        await store.create_game(record("g"), ACTIVE)
        await store.append_move("g", entry(1, request_id="r1"), ACTIVE)
        with pytest.raises(VersionConflict):
            await store.append_move("g", entry(2, request_id="r1"), ACTIVE)
        await store.append_move("g", entry(2, request_id="r1", seat=2), ACTIVE)  # another seat may use it
        return await store.find_request("g", 1, "r1"), await store.find_request("g", 3, "r1")

    found, other = run(database, scenario)
    assert found == entry(1, request_id="r1") and other is None


def test_listing_filters_and_pages_newest_first(database):
    async def scenario(store: GameStore):
        for index in range(5):
            facts = Facts("WAITING" if index % 2 else "ACTIVE", [index, 0], open_seats=index % 2)
            await store.create_game(record(f"g{index}", float(index)), facts)
        page = await store.list_games(variant=None, status=None, before_seq=None, limit=2)
        rest = await store.list_games(variant=None, status=None, before_seq=page[-1].seq, limit=10)
        lobby = await store.list_games(variant="belote", status=None, before_seq=None, limit=10, open_seats=True)
        active = await store.list_games(variant=None, status="ACTIVE", before_seq=None, limit=10)
        none = await store.list_games(variant="hearts", status=None, before_seq=None, limit=10)
        return page, rest, lobby, active, none

    page, rest, lobby, active, none = run(database, scenario)
    assert [row.game_id for row in page + rest] == ["g4", "g3", "g2", "g1", "g0"]
    assert [row.game_id for row in lobby] == ["g3", "g1"] and all(row.open_seats == 1 for row in lobby)
    assert [row.game_id for row in active] == ["g4", "g2", "g0"] and none == []
    assert page[0].scores == [4, 0] and page[0].status == "ACTIVE"


def test_due_games_come_soonest_first_a_page_at_a_time(database):
    async def scenario(store: GameStore):
        for index, due in enumerate([5.0, None, 1.0, 3.0, 3.0, 99.0]):
            await store.create_game(record(f"g{index}"), Facts("ACTIVE", [0], due=due))
        first = await store.due_games(until=10.0, limit=2)
        second = await store.due_games(until=10.0, after=(first[-1][1], first[-1][0]), limit=2)
        third = await store.due_games(until=10.0, after=(second[-1][1], second[-1][0]), limit=2)
        await store.append_move("g2", entry(1), Facts("ACTIVE", [0], due=None))  # no longer due
        return first, second, third, await store.due_games(until=10.0)

    first, second, third, after = run(database, scenario)
    assert first + second + third == [("g2", 1.0), ("g3", 3.0), ("g4", 3.0), ("g0", 5.0)]
    assert [game for game, _ in after] == ["g3", "g4", "g0"]


def test_a_lease_has_one_holder_until_it_expires_or_is_released(database):
    async def scenario(store: GameStore):
        taken = await store.try_lease("duty", "a", 30.0)
        refused = await store.try_lease("duty", "b", 30.0)
        renewed = await store.try_lease("duty", "a", 30.0)
        await store.try_lease("duty", "a", -1.0)  # released: expired already
        handed = await store.try_lease("duty", "b", 30.0)
        return taken, refused, renewed, handed

    assert run(database, scenario) == (True, False, True, True)


def test_a_follower_hears_of_entries_another_store_commits(database):
    async def scenario(writer: GameStore, reader: GameStore):
        await writer.create_game(record("g"), ACTIVE)
        heard: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
        follower = asyncio.create_task(reader.follow(lambda: ["g"], lambda game, version: heard.put_nowait((game, version))))
        try:
            seen = await asyncio.wait_for(heard.get(), 30)  # what it finds when it starts following
            await writer.append_move("g", entry(1), ACTIVE)
            while seen[1] < 1:
                seen = await asyncio.wait_for(heard.get(), 30)
            return seen
        finally:
            follower.cancel()

    assert run(database, scenario, stores=2) == ("g", 1)


def test_a_database_newer_than_the_server_is_refused(database):
    async def scenario(store: GameStore):
        await _set_schema_version(store, 999)

    run(database, scenario)
    with pytest.raises(DatabaseTooNew):
        run(database, lambda store: asyncio.sleep(0))


async def _set_schema_version(store: GameStore, version: int) -> None:
    from engine_service.service.store.postgres import PostgresStore
    from engine_service.service.store.sqlite import SqliteStore

    if isinstance(store, SqliteStore):
        store._writer.execute(f"PRAGMA user_version = {version}")
    else:
        assert isinstance(store, PostgresStore)
        async with store._connection() as conn:
            await conn.execute("UPDATE cardgames_schema SET version = %s", (version,))

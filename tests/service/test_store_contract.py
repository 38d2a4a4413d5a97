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


def record(game_id: str, created_at: float = 1.0, creator: str = "") -> GameRecord:
    return GameRecord(game_id, "belote", {"target_score": 501}, "seed", None, ["a", "b", "c", "d"], created_at,
                      {"seats": []}, creator)


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


def test_games_are_counted_by_creator_status_and_open_seats(database):
    async def scenario(store: GameStore):
        facts = [Facts("WAITING", [0], open_seats=2), Facts("WAITING", [0], open_seats=0), ACTIVE,
                 Facts("FINISHED", [1, 0]), Facts("ABANDONED", [0, 0])]
        for index, fact in enumerate(facts):
            await store.create_game(record(f"a{index}", creator="alice"), fact)
        await store.create_game(record("b0", creator="bob"), ACTIVE)
        await store.create_game(record("anonymous"), ACTIVE)
        in_play = ("WAITING", "ACTIVE")
        counts = [await store.count_games(creator="alice", statuses=in_play),
                  await store.count_games(creator="alice", statuses=("WAITING",), open_seats=True),
                  await store.count_games(creator="bob", statuses=in_play),
                  await store.count_games(creator="carol", statuses=in_play)]
        await store.append_move("a2", entry(1), Facts("FINISHED", [1, 0]))
        return counts, await store.count_games(creator="alice", statuses=in_play), await store.load_game("b0")

    counts, after, loaded = run(database, scenario)
    assert counts == [3, 1, 1, 0] and after == 2 and loaded.creator == "bob"


def test_bounding_idleness_makes_each_game_in_play_due_by_then(database):
    async def scenario(store: GameStore):
        dues = {"never": (ACTIVE, None), "late": (Facts("WAITING", [0], open_seats=1, due=500.0), 500.0),
                "soon": (Facts("ACTIVE", [0], due=3.0), 3.0), "over": (Facts("FINISHED", [1, 0]), None)}
        for game_id, (facts, _) in dues.items():
            await store.create_game(record(game_id, created_at=10.0), facts)
        await store.bound_idle(100.0)
        return await store.due_games(until=1e9)

    assert run(database, scenario) == [("soon", 3.0), ("late", 110.0), ("never", 110.0)]


def test_a_database_of_the_last_schema_is_migrated_keeping_its_games(database, monkeypatch):
    from engine_service.service.store import postgres, sqlite

    backend = sqlite if database.endswith(".db") else postgres
    monkeypatch.setattr(backend, "MIGRATIONS", backend.MIGRATIONS[:-1])

    async def before(store: GameStore):
        await _execute(store, "INSERT INTO games (game_id, variant, options, seed, deal, credential_hashes, version,"
                              " status, scores, created_at, updated_at, open_seats) VALUES ('old', 'belote', '{}',"
                              " 'seed', NULL, '[\"a\", \"b\", \"c\", \"d\"]', 0, 'ACTIVE', '[0, 0]', 1, 1, 0)")

    run(database, before)
    monkeypatch.undo()

    async def after(store: GameStore):
        await store.create_game(record("new", creator="alice"), ACTIVE)
        return (await store.load_game("old"), await store.count_games(creator="alice", statuses=("ACTIVE",)),
                await store.count_games(creator="", statuses=("ACTIVE",)))

    old, alice, anonymous = run(database, after)
    assert old is not None and old.creator == "" and (alice, anonymous) == (1, 1)


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


async def _execute(store: GameStore, statement: str) -> None:
    from engine_service.service.store.postgres import PostgresStore
    from engine_service.service.store.sqlite import SqliteStore

    if isinstance(store, SqliteStore):
        store._writer.execute(statement)
        store._writer.commit()
    else:
        assert isinstance(store, PostgresStore)
        async with store._connection() as conn:
            await conn.execute(statement.encode())


async def _set_schema_version(store: GameStore, version: int) -> None:
    from engine_service.service.store.postgres import PostgresStore
    from engine_service.service.store.sqlite import SqliteStore

    if isinstance(store, SqliteStore):
        store._writer.execute(f"PRAGMA user_version = {version}")
    else:
        assert isinstance(store, PostgresStore)
        async with store._connection() as conn:
            await conn.execute("UPDATE cardgames_schema SET version = %s", (version,))

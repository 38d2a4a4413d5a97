"""What one caller may create, through a real server: games a minute, tables waiting for
players and games in play, each refused RESOURCE_EXHAUSTED with its reason (and when to
try again, where that is known) and nothing stored; callers told apart behind a trusted
proxy only; and every game ends: one left idle is abandoned, whatever its table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc
import pytest
from cardgames_client import CardgamesError, Client, pb, table_options

from engine_service.service.callers import Callers
from tests.service.file_clock import FileClock
from tests.service.players import error_of
from tests.service.server_process import ServerProcess
from tests.service.web_client import Connect, ConnectError

GAME = "/cardgames.v1.GameService/"
DAY = 24 * 3600.0
OPEN_TABLE = table_options(["reserved", "open", "open", "open"])


@pytest.fixture()
def clock(tmp_path: Path) -> FileClock:
    return FileClock(tmp_path / "clock")


def start(tmp_path: Path, clock: FileClock, *flags: str, web: bool = False) -> ServerProcess:
    return ServerProcess(tmp_path / "quotas.db", *flags, env=clock.env, web=web).start()


@pytest.fixture()
def limited(tmp_path: Path, clock: FileClock) -> Iterator[ServerProcess]:
    server = start(tmp_path, clock, "--creations-per-minute", "3", "--open-tables-per-caller", "2",
                   "--games-in-play-per-caller", "4")
    yield server
    server.stop()


def game_ids(client: Client) -> set[str]:
    return {summary.game_id for summary in client.iter_games()}


def test_a_caller_creating_too_fast_is_refused_and_told_when_to_try_again(limited, clock):
    with Client(limited.address) as client:
        for _ in range(3):
            client.create_game("hearts")
        before = game_ids(client)
        clock.advance(20)
        refused = error_of(lambda: client.create_game("hearts"))
        assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "CREATION_RATE_EXCEEDED")
        assert refused.retry_after == pytest.approx(40.0) and "3 games a minute" in refused.message
        assert game_ids(client) == before  # nothing stored
        clock.advance(40)
        client.create_game("hearts")


def test_a_caller_may_keep_only_so_many_tables_waiting_for_players(limited, clock):
    with Client(limited.address) as client:
        first = client.create_game("hearts", table=OPEN_TABLE)
        client.create_game("hearts", table=OPEN_TABLE)
        refused = error_of(lambda: client.create_game("hearts", table=OPEN_TABLE))
        assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "OPEN_TABLES_EXCEEDED")
        assert refused.retry_after is None  # it depends on other players, not on time
        lobby = {summary.game_id for summary in client.iter_games(open_seats=True)}
        assert len(lobby) == 2
        client.create_game("hearts")  # a table with no open seat is no lobby table
        clock.advance(60)
        for seat in (1, 2, 3):
            client.claim_seat(first.game_id, seat)  # filled: it waits no more
        client.create_game("hearts", table=OPEN_TABLE)


def test_a_caller_may_have_only_so_many_games_in_play(limited, clock):
    with Client(limited.address) as client:
        games = [client.create_game("euchre3") for _ in range(3)]
        clock.advance(60)
        games.append(client.create_game("euchre3"))
        refused = error_of(lambda: client.create_game("euchre3"))
        assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "GAMES_IN_PLAY_EXCEEDED")
        assert "4 games" in refused.message
        seat = client.get_game(games[0].game_id).to_act[0]
        client.resign(games[0].game_id, seat, games[0].tokens[seat])  # over: one fewer in play
        client.create_game("euchre3")


def test_racing_creations_of_one_caller_cannot_overshoot_its_quotas(tmp_path, clock):
    server = start(tmp_path, clock, "--creations-per-minute", "6", "--games-in-play-per-caller", "4")
    try:
        with Client(server.address) as client, ThreadPoolExecutor(16) as pool:
            outcomes = list(pool.map(lambda _: _outcome(lambda: client.create_game("hearts")), range(24)))
            # 4 in play at most; and the 20 refused did not count in the rate of 6, or some would say so.
            assert outcomes.count("OK") == 4 and set(outcomes) == {"OK", "GAMES_IN_PLAY_EXCEEDED"}
            assert len(game_ids(client)) == 4
    finally:
        server.stop()


def _outcome(call: Callable[[], object]) -> str:
    try:
        call()
    except CardgamesError as error:
        return error.reason
    return "OK"


def test_behind_a_trusted_proxy_each_forwarded_caller_has_its_own_quota(tmp_path, clock):
    server = start(tmp_path, clock, "--creations-per-minute", "1", "--trusted-proxies", "127.0.0.1, ::1", web=True)
    web = Connect(server.web_address)
    try:
        def create(forwarded: str) -> dict[str, object] | ConnectError:
            return web.call(GAME + "CreateGame", {"variant": "VARIANT_HEARTS"}, headers={"x-forwarded-for": forwarded})

        assert not isinstance(create("203.0.113.7"), ConnectError)
        assert not isinstance(create("198.51.100.1, 203.0.113.8"), ConnectError)  # the last hop is the caller
        refused = create("203.0.113.7")
        assert isinstance(refused, ConnectError) and refused.reasons == ["CREATION_RATE_EXCEEDED"]
        assert refused.code == "resource_exhausted" and refused.retry_after == pytest.approx(60.0)
        # Forged hops before the caller's are the caller's own to write: they change nothing.
        forged = create("192.0.2.99, 203.0.113.7")
        assert isinstance(forged, ConnectError) and forged.reasons == ["CREATION_RATE_EXCEEDED"]
    finally:
        web.close()
        server.stop()


def test_a_forwarded_address_from_a_caller_that_is_no_trusted_proxy_is_ignored(tmp_path, clock):
    server = start(tmp_path, clock, "--creations-per-minute", "1", web=True)
    web = Connect(server.web_address)
    try:
        assert not isinstance(web.call(GAME + "CreateGame", {"variant": "VARIANT_HEARTS"},
                                       headers={"x-forwarded-for": "203.0.113.1"}), ConnectError)
        refused = web.call(GAME + "CreateGame", {"variant": "VARIANT_HEARTS"},
                           headers={"x-forwarded-for": "203.0.113.2"})
        assert isinstance(refused, ConnectError) and refused.reasons == ["CREATION_RATE_EXCEEDED"]
    finally:
        web.close()
        server.stop()


def test_a_game_left_idle_is_abandoned_whatever_its_table_and_leaves_the_lobby(tmp_path, clock):
    server = start(tmp_path, clock, "--idle-days", "2")
    try:
        with Client(server.address) as client:
            plain = client.create_game("belote")  # no table options: no abandon_after of its own
            waiting = client.create_game("hearts", table=OPEN_TABLE)
            played = client.create_game("euchre3")
            assert {s.game_id for s in client.iter_games(open_seats=True)} == {waiting.game_id}
            clock.advance(DAY)
            seat = client.get_game(played.game_id).to_act[0]
            view = client.get_game(played.game_id, seat, played.tokens[seat])
            client.submit_move(played.game_id, seat, played.tokens[seat], view.legal_moves[0])
            clock.advance(DAY + 1)
            ended = wait_for_status(client, [plain.game_id, waiting.game_id], pb.GAME_STATUS_ABANDONED)
            assert all(view.outcome.end == pb.END_KIND_ABANDONED for view in ended)
            assert client.get_game(played.game_id).status == pb.GAME_STATUS_ACTIVE  # it moved a day ago
            assert not list(client.iter_games(open_seats=True))
            clock.advance(DAY)
            wait_for_status(client, [played.game_id], pb.GAME_STATUS_ABANDONED)
    finally:
        server.stop()


def test_games_stored_before_the_idle_bound_are_held_to_it(tmp_path, clock):
    unbounded = start(tmp_path, clock, "--idle-days", "0")
    with Client(unbounded.address) as client:
        game = client.create_game("hearts")
    clock.advance(10 * DAY)
    unbounded.stop()
    bounded = start(tmp_path, clock, "--idle-days", "30")
    try:
        with Client(bounded.address) as client:
            assert client.get_game(game.game_id).status == pb.GAME_STATUS_ACTIVE
            clock.advance(20 * DAY + 1)
            wait_for_status(client, [game.game_id], pb.GAME_STATUS_ABANDONED)
    finally:
        bounded.stop()


def wait_for_status(client: Client, game_ids: list[str], status: int) -> list[pb.GameView]:
    """The games' views once each has ``status``, waiting on their watch streams."""
    views = []
    for game_id in game_ids:
        for item in client.watch(game_id, after_version=0, timeout=60):
            if item.HasField("change") and any(event.kind == "abandoned" for event in item.change.events):
                break
        views.append(client.get_game(game_id))
        assert views[-1].status == status
    return views


class _Context:
    def __init__(self, peer: str, forwarded: tuple[str, ...] = ()) -> None:
        self._peer = peer
        self._metadata = tuple(("x-forwarded-for", value) for value in forwarded)

    def peer(self) -> str:
        return self._peer

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata


@pytest.mark.parametrize(("peer", "forwarded", "caller"), [
    ("ipv4:10.0.0.5:4431", (), "ipv4:10.0.0.5"),  # the port is no part of the caller
    ("ipv6:[2001:db8::1]:4431", (), "ipv6:2001:db8::1"),
    ("ipv4:10.0.0.5:1", ("203.0.113.9",), "ipv4:10.0.0.5"),  # not a trusted proxy: its header is ignored
    ("ipv4:10.0.0.1:1", ("203.0.113.9",), "ipv4:203.0.113.9"),
    ("ipv4:10.0.0.1:1", ("192.0.2.1, 203.0.113.9, 10.0.0.2",), "ipv4:203.0.113.9"),  # through two proxies
    ("ipv4:10.0.0.1:1", ("192.0.2.1", "2001:db8::7"), "ipv6:2001:db8::7"),  # two headers are one list
    ("ipv4:10.0.0.1:1", ("10.0.0.2",), "ipv4:10.0.0.1"),  # only proxies: the peer is the caller
    ("ipv6:[::1]:1", ("x" * 10_000,), "ipv4:" + "x" * 64),  # a hostile header is cut short
])
def test_a_caller_is_its_peer_or_the_address_its_trusted_proxies_forward_for(peer, forwarded, caller):
    callers = Callers(["10.0.0.1", " 10.0.0.2", "[::1]", ""])
    assert callers.of(_Context(peer, forwarded)) == caller
    assert len(callers.key(_Context(peer, forwarded))) == 32


def test_an_events_tables_count_against_its_creators_quotas_together(limited, clock):
    """An event is one creation, its tables counted in the caller's tables and games."""
    with Client(limited.address) as client:
        too_many = error_of(lambda: client.create_event("hearts", deals=1, tables=[OPEN_TABLE] * 3))
        assert (too_many.code, too_many.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "OPEN_TABLES_EXCEEDED")
        event = client.create_event("hearts", deals=1, tables=[OPEN_TABLE] * 2)
        assert len(event.tables) == 2
        full = error_of(lambda: client.create_game("hearts", table=OPEN_TABLE))
        assert full.reason == "OPEN_TABLES_EXCEEDED"  # the event's two waiting tables are the caller's
        client.create_game("hearts")
        client.create_game("hearts")
        fourth = error_of(lambda: client.create_event("hearts", deals=1, tables=[table_options(["reserved"] * 4)]))
        assert fourth.reason == "CREATION_RATE_EXCEEDED"  # three creations this minute: the event was one

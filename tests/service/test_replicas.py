"""Several server replicas on one PostgreSQL database (a real server started by the suite):
moves through any replica, watchers on another, conflicts, replicas killed, the database
restarted, and the metrics."""

from __future__ import annotations

import random
import threading
import urllib.request
from collections.abc import Iterator

import grpc
import psycopg
import pytest
from cardgames_client import CardgamesError, Client, pb, table_options

from tests.service.players import QUICK_OPTIONS, choose, next_move
from tests.service.server_process import ServerProcess


@pytest.fixture()
def replicas(postgres, postgres_url) -> Iterator[list[ServerProcess]]:
    started = [ServerProcess(postgres_url, log_dir=postgres.root).start() for _ in range(2)]
    yield started
    for replica in started:
        replica.stop()


def stored_versions(url: str, game_id: str) -> list[int]:
    with psycopg.connect(url) as conn:
        return [row[0] for row in conn.execute("SELECT version FROM moves WHERE game_id = %s ORDER BY version",
                                               (game_id,))]


def test_moves_through_either_replica_are_watched_on_the_other_once_in_order(replicas):
    first, second = replicas
    rng = random.Random(3)
    with Client(first.address) as creator:
        game = creator.create_game("belote", QUICK_OPTIONS["belote"], seed="replicas")
    watched: list[pb.WatchGameResponse] = []
    watcher = threading.Thread(target=lambda: watched.extend(Client(second.address).watch(game.game_id, timeout=120)))
    watcher.start()
    clients = {replica.address: Client(replica.address) for replica in replicas}
    seats = [dict(clients) for _ in game.tokens]  # each player's own clients, one per replica
    moves = 0
    while True:
        table = clients[first.address].get_game(game.game_id)
        if not table.to_act:
            break
        seat = rng.choice(list(table.to_act))
        client = seats[seat][rng.choice(list(clients))]  # each move to a replica at random
        view = client.get_game(game.game_id, seat, game.tokens[seat])
        client.submit_move(game.game_id, seat, game.tokens[seat], choose(view, rng))
        moves += 1
    watcher.join(timeout=120)
    final = clients[second.address].get_game(game.game_id)
    assert final.status == pb.GAME_STATUS_FINISHED and final.version == moves
    versions = [item.change.version for item in watched if item.HasField("change")]
    assert watched[0].HasField("snapshot") and versions == list(range(watched[0].snapshot.version + 1, moves + 1))


def test_conflicting_moves_sent_to_both_replicas_at_once_one_wins_per_version(replicas, postgres_url):
    first, second = replicas
    with Client(first.address) as client:
        game = client.create_game("hearts", seed="conflicts")
    outcomes: list[list[str]] = []
    for _ in range(12):  # the pass: every seat may give three cards, two different ones race per seat
        with Client(first.address) as probe:
            view = probe.get_game(game.game_id)
            if view.phase != pb.PHASE_PASSING:
                break
            seat = view.to_act[0]
            mine = probe.get_game(game.game_id, seat, game.tokens[seat])
        cards = list(mine.card_selection.cards)
        moves = ["give:" + " ".join(cards[:3]), "give:" + " ".join(cards[3:6])]
        results: list[str] = []
        barrier = threading.Barrier(2)
        threads = [threading.Thread(target=_send_at_once, args=(replica.address, game, seat, text, view.version,
                                                                barrier, results))
                   for replica, text in zip(replicas, moves)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        outcomes.append(sorted(results))
    assert outcomes and all(result == ["VERSION_CONFLICT", "ok"] for result in outcomes), outcomes
    assert stored_versions(postgres_url, game.game_id) == list(range(1, len(outcomes) + 1))


def _random_move(client: Client, game, rng: random.Random) -> int | None:
    """A random legal move by a random seat to act, idempotent (a retry is not applied
    twice); the version it acknowledged, or None once the match is over."""
    chosen = next_move(client, game, rng)
    if chosen is None:
        return None
    seat, view, text = chosen
    return client.submit_move(game.game_id, seat, game.tokens[seat], text, request_id=f"{seat}-{view.version}").version


def _send_at_once(address: str, game, seat: int, text: str, version: int, barrier: threading.Barrier,
                  results: list[str]) -> None:
    with Client(address) as client:
        barrier.wait()
        try:
            client.submit_move(game.game_id, seat, game.tokens[seat], text, expected_version=version)
            results.append("ok")
        except CardgamesError as error:
            results.append(error.reason)


def test_replicas_killed_again_and_again_lose_nothing_and_the_bots_move_to_the_survivor(postgres, postgres_url):
    replicas = [ServerProcess(postgres_url, log_dir=postgres.root).start() for _ in range(2)]
    try:
        with Client(replicas[0].address) as client:
            humans = [client.create_game("euchre3", seed=f"kill-{index}") for index in range(3)]
            # A move every 200 ms: it is still being played when the runner's replica dies.
            bots = client.create_game("belote", table=table_options(["bot:random"] * 4, bot_delay_ms=200,
                                                                    deal_pause_ms=0))
        acknowledged: dict[str, list[int]] = {game.game_id: [] for game in humans}
        stop = threading.Event()

        def play(game, seed: int) -> None:
            rng = random.Random(seed)
            while not stop.is_set():
                replica = rng.choice(replicas)
                try:
                    with Client(replica.address, timeout=5) as client:
                        version = _random_move(client, game, rng)
                        if version is None:
                            return
                        acknowledged[game.game_id].append(version)
                except CardgamesError as error:
                    assert error.code not in (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN), error

        players = [threading.Thread(target=play, args=(game, index)) for index, game in enumerate(humans)]
        for thread in players:
            thread.start()
        for round_ in range(6):  # the killed one restarts on the same database
            victim = replicas[round_ % 2]
            victim.kill()
            replicas[round_ % 2] = ServerProcess(postgres_url, log_dir=postgres.root).start()
        stop.set()
        for thread in players:
            thread.join(timeout=60)
        for game in humans:
            stored = stored_versions(postgres_url, game.game_id)
            assert stored == list(range(1, len(stored) + 1)), "a gap or a double in the log"
            assert set(acknowledged[game.game_id]) <= set(stored), "an acknowledged move was lost"
        # The bots' table keeps moving whichever replica holds the runner's lease.
        before = len(stored_versions(postgres_url, bots.game_id))
        replicas[0].kill()
        with Client(replicas[1].address) as client:
            next(iter(client.watch(bots.game_id, after_version=before, timeout=60)))
        assert len(stored_versions(postgres_url, bots.game_id)) > before
    finally:
        for replica in replicas:
            replica.stop()


def test_a_database_restart_under_load_loses_nothing_and_the_replicas_recover(postgres, replicas, postgres_url):
    with Client(replicas[0].address) as client:
        game = client.create_game("hearts", seed="restart")
    acknowledged: list[int] = []
    codes: set[grpc.StatusCode] = set()
    progress = threading.Condition()
    stop = threading.Event()

    def play() -> None:
        rng = random.Random(9)
        with Client(replicas[1].address, timeout=60) as client:  # the server's UNAVAILABLE comes first
            while not stop.is_set():
                try:
                    version = _random_move(client, game, rng)
                    if version is None:
                        return
                    with progress:
                        acknowledged.append(version)
                        progress.notify_all()
                except CardgamesError as error:
                    codes.add(error.code)

    player = threading.Thread(target=play)
    player.start()
    health = _health_statuses(replicas[1].address)
    assert next(health) == "SERVING"
    postgres.stop()
    assert next(health) == "NOT_SERVING"  # readiness follows the database
    postgres.start()
    assert next(health) == "SERVING"
    with progress:  # the replicas recover: five more moves acknowledged after the restart
        after_restart = len(acknowledged)
        assert progress.wait_for(lambda: len(acknowledged) >= after_restart + 5, timeout=120)
    stop.set()
    player.join(timeout=60)
    assert codes <= {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION}, codes
    assert set(acknowledged) <= set(stored_versions(postgres_url, game.game_id)), "an acknowledged move was lost"


def _health_statuses(address: str) -> Iterator[str]:
    """The replica's health, as its Watch stream reports each change."""
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    channel = grpc.insecure_channel(address)
    stream = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest(service=""), timeout=120)
    for answer in stream:
        yield health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status)


def test_the_metrics_endpoint_counts_real_calls(tmp_path):
    server = ServerProcess(tmp_path / "metrics.db", "--metrics-address", "127.0.0.1:0").start()
    try:
        address = server.wait_for_log(lambda record: record.get("event") == "metrics_started")["address"]

        def scrape() -> str:
            with urllib.request.urlopen(f"http://{address}/metrics", timeout=10) as answer:
                return answer.read().decode()

        before = scrape()
        with Client(server.address) as client:
            game = client.create_game("euchre3")
            seat = client.get_game(game.game_id).to_act[0]
            client.submit_move(game.game_id, seat, game.tokens[seat], "pass")
        after = scrape()
        assert 'cardgames_rpcs_total{method="CreateGame",status="OK"} 1.0' in after
        assert 'cardgames_entries_committed_total{kind="move"} 1.0' in after
        assert "cardgames_rpcs_total{" not in before.split("# TYPE cardgames_rpcs_total counter")[1].split("#")[0]
        for name in ("cardgames_rpc_seconds_bucket", "cardgames_store_seconds_bucket", "cardgames_watchers",
                     'cardgames_solver_slots_busy{pool="hint"}', "cardgames_database_up 1.0"):
            assert name in after, name
    finally:
        server.stop()


def test_a_replica_never_answers_from_a_copy_another_replica_moved_past(replicas):
    first, second = replicas
    with Client(first.address) as on_first, Client(second.address) as on_second:
        table = on_first.create_game("euchre3", seed="stale", table=table_options(["open", "reserved", "reserved"]))
        on_second.get_game(table.game_id)  # the second replica keeps a copy: waiting, seat 0 open
        me = on_first.claim_seat(table.game_id, 0)
        # The claim is in the database: the second replica accepts the new token at once.
        assert on_second.get_game(table.game_id, 0, me.token).status == pb.GAME_STATUS_ACTIVE
        # A watcher of another game is running there already: a new watch must still hear of moves.
        other = on_first.create_game("euchre3", seed="other")
        watching_other = Client(second.address)
        background = threading.Thread(target=_drain, args=(watching_other, other.game_id))
        background.start()
        try:
            stream = iter(on_second.watch(table.game_id, timeout=60))
            snapshot = next(stream).snapshot
            seat = snapshot.to_act[0]
            token = me.token if seat == 0 else table.tokens[seat]
            on_first.submit_move(table.game_id, seat, token, "pass")
            assert next(stream).change.version == snapshot.version + 1
        finally:
            watching_other.close()  # ends its stream
            background.join(timeout=30)


def _drain(client: Client, game_id: str) -> None:
    """Reads a watch stream until its client is closed."""
    try:
        for _ in client.watch(game_id, timeout=60):
            pass
    except (CardgamesError, ValueError):
        pass

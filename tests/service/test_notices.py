"""How replicas on one PostgreSQL database learn of each other's entries: no transaction
that writes an entry sends a notice (PostgreSQL would serialise those commits behind its
notify lock); the notices come after, and watchers on another replica still get every entry
once and in order, even after their replica's listening connection is cut."""

from __future__ import annotations

import random
import re
import threading
from collections import defaultdict
from collections.abc import Iterator

import psycopg
import pytest
from cardgames_client import Client, pb

from engine_service.service.store.postgres import NOTICE_BYTES, _payloads, _reached
from tests.service.players import QUICK_OPTIONS, choose
from tests.service.postgres_server import PostgresServer
from tests.service.server_process import ServerProcess

# The replicas' and watchers' own reads of their games' versions put off past any test: what
# reaches the watchers here came through the notices (or a reconnection's catch-up).
NOTICES_ONLY = {"CARDGAMES_TEST_POLL_SECONDS": "3600"}


def test_a_notice_names_each_game_once_at_its_latest_version_within_postgres_limit():
    reached = {f"{number:032x}": number * 7 for number in range(1000)}
    payloads = _payloads(reached)
    assert len(payloads) > 1 and all(len(payload.encode()) <= NOTICE_BYTES < 8000 for payload in payloads)
    assert [item for payload in payloads for item in _reached(payload)] == list(reached.items())
    assert _reached("abc:3,bad,:4,x:y,def:12") == [("abc", 3), ("def", 12)]


@pytest.fixture()
def logged_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of its own that logs every statement with its virtual transaction id."""
    server = PostgresServer("log_statement=all", "log_line_prefix=vxid=%v ").start()
    yield server
    server.destroy()


def watch_in_background(address: str, game_id: str) -> tuple[threading.Thread, list[pb.WatchGameResponse]]:
    seen: list[pb.WatchGameResponse] = []
    thread = threading.Thread(target=lambda: seen.extend(Client(address).watch(game_id, timeout=300)))
    thread.start()
    return thread, seen


def play_through_both(replicas: list[ServerProcess], game_id: str, tokens: list[str], rng: random.Random,
                      on_move: object = None) -> int:
    """Plays the game to its end, each move through one of ``replicas`` at random; returns the moves."""
    clients = [Client(replica.address) for replica in replicas]
    moves = 0
    while True:
        table = clients[0].get_game(game_id)
        if not table.to_act:
            return moves
        seat = rng.choice(list(table.to_act))
        client = rng.choice(clients)
        view = client.get_game(game_id, seat, tokens[seat])
        client.submit_move(game_id, seat, tokens[seat], choose(view, rng))
        moves += 1
        if callable(on_move):
            on_move(moves)


def assert_every_entry_once_in_order(seen: list[pb.WatchGameResponse], last: int) -> None:
    versions = [item.change.version for item in seen if item.HasField("change")]
    assert seen[0].HasField("snapshot")
    assert versions == list(range(seen[0].snapshot.version + 1, last + 1))


def test_no_transaction_that_writes_an_entry_sends_a_notice(logged_postgres: PostgresServer):
    url = logged_postgres.fresh_database("notices")
    replicas = [ServerProcess(url, log_dir=logged_postgres.root, env=NOTICES_ONLY).start() for _ in range(2)]
    try:
        with Client(replicas[0].address) as creator:
            game = creator.create_game("hearts", QUICK_OPTIONS["hearts"], seed="notices")
        watcher, seen = watch_in_background(replicas[1].address, game.game_id)
        # Every move through the first replica: the watcher on the second has only the notices.
        moves = play_through_both(replicas[:1], game.game_id, list(game.tokens), random.Random(5))
        watcher.join(timeout=300)
        assert not watcher.is_alive(), "the watcher never saw the match end"
        assert_every_entry_once_in_order(seen, moves)
    finally:
        for replica in replicas:
            replica.stop()
    statements: dict[str, list[str]] = defaultdict(list)
    for line in logged_postgres.log.read_text(errors="replace").splitlines():
        found = re.match(r"vxid=(\S+) .*?statement: (.*)", line) or re.match(r"vxid=(\S+) .*?execute [^:]*: (.*)", line)
        if found and found.group(1) not in ("", "-"):
            statements[found.group(1)].append(found.group(2))
    writing = {vxid for vxid, texts in statements.items() if any("INSERT INTO moves" in text for text in texts)}
    notifying = {vxid for vxid, texts in statements.items() if any("pg_notify" in text.lower() or
                                                                   text.lstrip().upper().startswith("NOTIFY")
                                                                   for text in texts)}
    assert len(writing) >= moves, (len(writing), moves)  # every entry's transaction was seen
    assert notifying, "no notice was sent at all"
    assert not writing & notifying, sorted(writing & notifying)[:5]


def test_watchers_on_the_other_replica_get_500_moves_once_in_order_across_a_cut_listener(postgres, postgres_url):
    replicas = [ServerProcess(postgres_url, log_dir=postgres.root, env=NOTICES_ONLY).start() for _ in range(2)]
    rng = random.Random(11)
    total = 0
    cuts = 0

    def cut_listeners(moves: int) -> None:
        nonlocal cuts
        if moves % 150 == 75:  # mid-game, several times: every listening connection is cut
            with psycopg.connect(postgres_url, autocommit=True) as conn:
                cut = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                   " WHERE datname = current_database() AND query LIKE 'LISTEN%%'").fetchall()
                cuts += len(cut)

    try:
        while total < 500:
            with Client(replicas[0].address) as creator:
                game = creator.create_game("belote", QUICK_OPTIONS["belote"], seed=f"cut-{total}")
            watcher, seen = watch_in_background(replicas[1].address, game.game_id)
            moves = play_through_both(replicas, game.game_id, list(game.tokens), rng, on_move=cut_listeners)
            watcher.join(timeout=300)
            assert not watcher.is_alive(), "the watcher never saw the match end"
            assert_every_entry_once_in_order(seen, moves)
            total += moves
    finally:
        for replica in replicas:
            replica.stop()
    assert cuts >= 2, cuts

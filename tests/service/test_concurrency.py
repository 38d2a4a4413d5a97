"""Racing clients: one move per version wins, retries apply once, the log has no gap."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor

import grpc
from cardgames_client import CardgamesError, Client, move_text

from tests.service.server_process import ServerProcess

RACERS = 12


def _race(addresses: list[str], calls) -> list[object]:
    """Runs every call at once (a barrier releases them together); returns answers or errors."""
    barrier = threading.Barrier(len(calls))
    clients = [Client(addresses[i % len(addresses)]) for i in range(len(calls))]

    def run(index: int):
        barrier.wait()
        try:
            return calls[index](clients[index])
        except CardgamesError as error:
            return error

    try:
        with ThreadPoolExecutor(len(calls)) as pool:
            return list(pool.map(run, range(len(calls))))
    finally:
        for client in clients:
            client.close()


def _log_versions(database: str, game_id: str) -> list[int]:
    with sqlite3.connect(database) as db:
        return [row[0] for row in db.execute("SELECT version FROM moves WHERE game_id = ? ORDER BY version", (game_id,))]


def _race_rounds(addresses: list[str], client: Client, game, rounds: int) -> None:
    for _ in range(rounds):
        table = client.get_game(game.game_id)
        seat = table.to_act[0]
        view = client.get_game(game.game_id, seat, game.tokens[seat])
        options = [move_text(m) for m in view.legal_moves]
        calls = [
            (lambda c, text=option, seat=seat, version=view.version: c.submit_move(
                game.game_id, seat, game.tokens[seat], text, expected_version=version))
            for option in (options[i % len(options)] for i in range(RACERS))
        ]
        outcomes = _race(addresses, calls)
        winners = [o for o in outcomes if not isinstance(o, CardgamesError)]
        losers = [o for o in outcomes if isinstance(o, CardgamesError)]
        assert len(winners) == 1, outcomes
        assert winners[0].version == view.version + 1
        assert {(e.code, e.reason) for e in losers} == {(grpc.StatusCode.ABORTED, "VERSION_CONFLICT")}
        assert client.get_game(game.game_id).version == view.version + 1


def test_one_winner_per_version(server, client):
    game = client.create_game("hearts", seed="race")
    # Hearts passing: a selection, so race in the play phase; pass first, one seat at a time.
    for seat, token in enumerate(game.tokens):
        view = client.get_game(game.game_id, seat, token)
        client.submit_move(game.game_id, seat, token, "give:" + " ".join(list(view.card_selection.cards)[:3]))
    _race_rounds([server.address], client, game, rounds=12)
    versions = _log_versions(server.database, game.game_id)
    assert versions == list(range(1, client.get_game(game.game_id).version + 1)), "gap or duplicate in the log"


def test_idempotent_retries_apply_once(server, client):
    game = client.create_game("euchre3", seed="retry")
    seat = client.get_game(game.game_id).to_act[0]
    calls = [lambda c: c.submit_move(game.game_id, seat, game.tokens[seat], "pass", request_id="same-key")] * RACERS
    answers = _race([server.address], calls)
    assert all(not isinstance(a, CardgamesError) for a in answers), answers
    assert len({a.SerializeToString() for a in answers}) == 1
    assert client.get_game(game.game_id).version == 1
    assert _log_versions(server.database, game.game_id) == [1]


def test_two_processes_sharing_the_database(server, client):
    """A second server on the same file: the database's compare-and-set decides every race."""
    second = ServerProcess(server.database).start()
    try:
        game = client.create_game("belote", seed="two-processes")
        _race_rounds([server.address, second.address], client, game, rounds=10)
        with Client(second.address) as other:
            assert other.get_game(game.game_id).SerializeToString() == client.get_game(game.game_id).SerializeToString()
        assert _log_versions(server.database, game.game_id) == list(range(1, 11))
    finally:
        second.stop()

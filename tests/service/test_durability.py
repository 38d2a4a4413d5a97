"""SIGKILL in the middle of games: every acknowledged move survives and the games go on."""

from __future__ import annotations

import random
import sqlite3
import threading
import time

from cardgames_client import CardgamesError, Client

from engine_service.rules import new_game, parse_move
from tests.service.players import next_move
from tests.service.server_process import ServerProcess


def _keep_playing(address: str, game, seed: int, acked: list, stop: threading.Event) -> None:
    rng = random.Random(seed)
    with Client(address, timeout=5) as client:
        while not stop.is_set():
            try:
                chosen = next_move(client, game, rng)
                if chosen is None:
                    return  # finished
                seat, view, text = chosen
                answer = client.submit_move(game.game_id, seat, game.tokens[seat], text,
                                            expected_version=view.version)
            except CardgamesError:
                return  # the server is gone
            acked.append((answer.version, seat, text))


def test_acknowledged_moves_survive_sigkill(tmp_path):
    database = tmp_path / "crash.db"
    server = ServerProcess(database).start()
    variants = ["euchre3", "belote3", "hearts", "belote"] * 2
    with Client(server.address) as client:
        games = [client.create_game(v, seed=f"crash-{i}") for i, v in enumerate(variants)]
    acked: list[list] = [[] for _ in games]
    stop = threading.Event()
    players = [threading.Thread(target=_keep_playing, args=(server.address, game, i, acked[i], stop))
               for i, game in enumerate(games)]
    for thread in players:
        thread.start()
    deadline = time.monotonic() + 60
    while sum(len(a) for a in acked) <= 40 and time.monotonic() < deadline:  # until the games are under way
        time.sleep(0.01)
    server.kill()  # mid-flight: requests are being answered right now
    stop.set()
    for thread in players:
        thread.join(timeout=30)
    assert sum(len(a) for a in acked) > 20, "the games were not under way"

    with sqlite3.connect(database) as db:
        stored = {(g, v): (s, m) for g, v, s, m in db.execute("SELECT game_id, version, seat, move FROM moves")}
    restarted = ServerProcess(database).start()
    more = 0
    try:
        with Client(restarted.address) as client:
            for variant, game, moves in zip(variants, games, acked):
                deck = new_game(variant).deck
                for version, seat, text in moves:
                    assert stored[(game.game_id, version)] == (seat, parse_move(text, deck).text())
                last = max((version for version, _, _ in moves), default=0)
                view = client.get_game(game.game_id)
                # A move may have committed without its answer reaching the client: never fewer.
                assert view.version in (last, last + 1)
                for _seat, _text in _more_moves(client, game, random.Random(game.game_id), 25):
                    assert client.get_game(game.game_id).version == view.version + 1
                    view = client.get_game(game.game_id)
                    more += 1
    finally:
        restarted.stop()
    assert more > 0, "no game went on after the restart"


def _more_moves(client: Client, game, rng: random.Random, count: int):
    """Plays up to ``count`` more random legal moves (fewer if the game ends), yielding
    each after it is acknowledged."""
    for _ in range(count):
        chosen = next_move(client, game, rng)
        if chosen is None:
            return  # the game is over: a short one can end within the count
        seat, _, text = chosen
        client.submit_move(game.game_id, seat, game.tokens[seat], text)
        yield seat, text

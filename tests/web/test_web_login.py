"""The web table with a login the page's host gives (#login=<JWT>): the player's name, games,
ratings and a variant's leaderboard in the lobby; a rated table created and claimed with
the login, played without a seat token; the login kept out of the address bar and of
localStorage. In headless Chromium against a real server and identity provider."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from engine_service.service.store import SqliteStore
from tests.players.identity import IdentityProvider
from tests.players.test_leaderboard import Matches, _seed_players
from tests.service.server_process import ServerProcess
from tests.web.test_web_table import play_deal


@pytest.fixture()
def provider():
    identity = IdentityProvider()
    yield identity
    identity.stop()


async def _seed(path: Path) -> None:
    store = SqliteStore(str(path))
    try:
        await _seed_players(Matches(store), [f"p{index:02d}" for index in range(12)], 14, random.Random(4))
    finally:
        await store.close()


def test_a_signed_in_player_sees_his_games_ratings_and_the_leaderboard_and_plays_rated(open_browser, provider,
                                                                                       tmp_path):
    database = tmp_path / "games.db"
    asyncio.run(_seed(database))  # twelve players past their provisional matches, in hearts
    server = ServerProcess(database, *provider.server_args(), web=True).start()
    try:
        token = provider.token("quinn", "Quinn")
        page = open_browser(f"http://{server.web_address}/#login={token}")
        page.wait(lambda: page.present(page.testid("player")))
        assert token not in page.driver.current_url
        leaders = page.all('[data-testid="leaderboard"] li')
        page.wait(lambda: len(page.all('[data-testid^="leader-"]')) == 10, message="the hearts leaderboard")
        first = page.all('[data-testid^="leader-"]')[0].text
        assert first.startswith("P") and leaders is not None
        page.click(page.testid("rated"))
        game_id = page.create_table("euchre3", ["bot:random", "bot:random"], pace=0)
        assert page.one('[data-testid="game"]') is not None
        page.wait(lambda: page.present(page.testid("actions")) and page.my_turn_kind() is not None)
        assert not page.present(page.testid("hint-button"))  # a rated match offers no hint
        done = play_deal(page)  # every move made with the login alone: no seat token exists
        assert done["cards"] >= 1
        stored = json.loads(page.driver.execute_script("return JSON.stringify(localStorage)"))
        assert all(token not in value for value in stored.values())  # the login stays in this tab's session
        assert json.loads(stored[f"cardgames.seat.{game_id}"]) == {"seat": 0, "token": ""}
        page.driver.get(f"http://{server.web_address}/#")
        page.wait(lambda: "Quinn" in page.text(page.testid("player-name")), message="the player's name")
        page.wait(lambda: page.present(page.testid(f"my-game-{game_id}")), message="the game among mine")
        assert "provisional" in page.text(page.testid("ratings")) or "No rated match" in page.text(page.testid("ratings"))
    finally:
        server.stop()

"""The terminal client signed in (``--login``): a rated table against the server's bots,
the player's name at the seat, his moves and views through the login alone, and hints
refused as the rated table says."""

from __future__ import annotations

from cardgames_client import Client
from cardgames_client.terminal.app import CardgamesApp
from cardgames_client.terminal.session import new_table
from cardgames_client.words import Words

from tests.clients.test_terminal import SIZE, in_terminal, my_turn, play, put_cursor_on, until
from tests.players.identity import IdentityProvider
from tests.service.server_process import ServerProcess


def test_a_signed_in_player_plays_a_rated_table_from_the_terminal(tmp_path):
    provider = IdentityProvider()
    server = ServerProcess(tmp_path / "games.db", *provider.server_args()).start()
    try:
        login = provider.token("pia", "Pia")
        session = new_table(server.address, "euchre3", "random", login=login, rated=True, bot_delay_ms=0,
                            deal_pause_ms=600_000)
        assert (session.seat, session.token, session.login) == (0, "", login)
        app = CardgamesApp(session)

        async def scenario() -> None:
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: my_turn(app), "the player's turn")
                assert "Pia" in app.text_of("seats")
                await pilot.press("h")
                refused = Words("en", "terminal").reason("HINTS_DISABLED", "")
                await until(pilot, lambda: refused in app.text_of("message"), "the hint refused")
                view = app.view
                assert view is not None
                first = view.legal_moves[0]
                card = first.play.card if first.HasField("play") else first.discard.card if first.HasField("discard") else ""
                if card:  # a move made with the login alone
                    await put_cursor_on(pilot, app, card)
                    await pilot.press("enter")
                else:
                    await pilot.press("1")
                version = view.version
                await until(pilot, lambda: app.view is not None and app.view.version > version, "the move made")
                await pilot.press("q")

        play(scenario)
        with Client(server.address, login=provider.token("pia")) as pia:
            assert pia.get_game(session.game_id).rated and pia.list_games(mine=True).games[0].game_id == session.game_id
        unsigned = in_terminal(["play", "hearts", "--rated", "--server", server.address])
        assert unsigned.returncode == 2 and "needs --login" in unsigned.stderr
    finally:
        server.stop()
        provider.stop()

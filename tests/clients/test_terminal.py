"""The terminal client, ``cardgames``, against a real server: a person plays a euchre3 deal
by key presses in Textual's pilot, asks a hint, joins an open seat from a link, watches
bots play; and the command line's help and one-line errors."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from cardgames_client import AsyncClient, CardgamesError, Client, api, pb, table_options
from cardgames_client.terminal import render
from cardgames_client.terminal.app import CardgamesApp
from cardgames_client.terminal.cards import Deck
from cardgames_client.terminal.session import JoinLink, Session, join, new_table, parse_link, spectate
from cardgames_client.words import Words
from textual.pilot import Pilot

from engine_service.rules import PlayerView, new_game, parse_move
from engine_service.service import convert
from tests.service.players import choose
from tests.service.server_process import ServerProcess

TIMEOUT = 120.0  # generous: the machine may be slow or busy; every wait ends as soon as its condition holds
SIZE = (120, 44)
EUCHRE3_FACE = re.compile(r"\b[IEACSM][⌂♛★☾]")
# Seat 0 holds a card of every suit and no Initié (whose suit the trump may change), and
# seat 1 leads the first trick: the person must follow suit there, whoever takes.
EVERY_SUIT_DEAL = "0:MS.M.M.M EI.SC.S. A.EI.CA.;stock=AC CA IR ER SP CP AP EP IP"
DISCIPLINES = [rank + suit for rank in "IEACSM" for suit in "ACRP"]
COMMAND = [sys.executable, "-m", "cardgames_client.terminal"]


def play(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


async def until(pilot: Pilot[int], condition: Callable[[], object], what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.02)


async def put_cursor_on(pilot: Pilot[int], app: CardgamesApp, code: str) -> None:
    assert app.view is not None
    cards = render.hand(app.view)
    while cards[app.cursor] != code:
        await pilot.press("right")


def my_turn(app: CardgamesApp, since: int = -1) -> bool:
    """The person is to move, at a version after ``since`` (his last move's)."""
    return app._mine() and not app.pending and app.view is not None and app.view.version != since and app.view.phase not in (
        pb.PHASE_DEAL_OVER, pb.PHASE_GAME_OVER)


def shown_cards(app: CardgamesApp) -> set[str]:
    """Every euchre3 card on the screen, as codes."""
    assert app.seen is not None
    faces = {app.seen.deck.face(code).plain.strip(): code for code in DISCIPLINES}
    text = " ".join(app.text_of(panel) for panel in ("info", "seats", "trick", "hand", "choices", "results", "side"))
    return {faces[match.group(0)] for match in EUCHRE3_FACE.finditer(text)}


def knowable(view: pb.GameView) -> set[str]:
    """What the seat may know: its hand, the cards played, the turned card, its own discard."""
    played = {entry.card for trick in view.tricks for entry in trick.cards} | {entry.card for entry in view.trick}
    return set(view.hand) | played | {view.turned, view.discard} - {""}


def deal_over(app: CardgamesApp) -> bool:
    return app.view is not None and app.view.phase == pb.PHASE_DEAL_OVER


def turn_or_end(app: CardgamesApp, since: int) -> Callable[[], bool]:
    return lambda: deal_over(app) or my_turn(app, since)


# ----------------------------------------------------------------------------- playing


def test_a_person_plays_a_whole_euchre3_deal_by_key_presses(server: ServerProcess, tmp_path: Path) -> None:
    with Client(server.address) as client:
        game = client.create_game("euchre3", deal=EVERY_SUIT_DEAL, table=table_options(
            ["reserved", "bot:random", "bot:random"], bot_delay_ms=0, deal_pause_ms=600_000))
    app = CardgamesApp(Session(server.address, game.game_id, 0, game.tokens[0]))
    hand_sizes: list[int] = []
    tricks_seen: set[int] = set()
    refusals: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.view is not None, "the first view")
            acted_at = -1
            while not deal_over(app):
                await until(pilot, turn_or_end(app, acted_at), "the person's turn")
                view = app.view
                assert view is not None
                if view.phase == pb.PHASE_DEAL_OVER:
                    break
                acted_at = view.version
                hand_sizes.append(len(EUCHRE3_FACE.findall(app.text_of("hand"))))
                assert shown_cards(app) <= knowable(view), "the screen shows a card the seat cannot know"
                bids = render.choices(view)
                if bids:  # take or name a suit when it may: the deal is then played, never void
                    number = next((i for i, move in enumerate(bids, 1) if not move.HasField("pass")), 1)
                    await pilot.press(str(number))
                    continue
                if view.phase == pb.PHASE_PLAY:
                    shown = app.text_of("trick")
                    tricks_seen.add(len(view.tricks) + 1)
                    assert f"Trick {len(view.tricks) + 1}" in shown
                    assert len(EUCHRE3_FACE.findall(shown.split("Last trick")[0])) == len(view.trick) < 3
                legal = render.playable(view)
                if view.phase == pb.PHASE_PLAY and len(legal) == 1:  # the cursor waits on the only legal card
                    assert render.hand(view)[app.cursor] in legal
                illegal = [code for code in render.hand(view) if code not in legal]
                if illegal and view.phase == pb.PHASE_PLAY and not refusals:
                    await put_cursor_on(pilot, app, illegal[0])
                    await pilot.press("enter")
                    await until(pilot, lambda: "Refused" in app.text_of("message"), "the refusal")
                    refusals.append(app.text_of("message"))
                await put_cursor_on(pilot, app, next(code for code in render.hand(view) if code in legal))
                await pilot.press("enter")
            await until(pilot, lambda: "Deal over" in app.text_of("prompt"), "the deal's end on screen")
            view = app.view
            assert view is not None and len(view.results) == 1
            hand_sizes.append(len(EUCHRE3_FACE.findall(app.text_of("hand"))))
            scores = app.text_of("results")
            result = view.results[0]
            assert re.search(rf"^\s*1\s+.*({'|'.join(['made the contract', 'went down', 'won every trick'])})", scores, re.M)
            assert all(f"{value:+d}" in scores for value in result.scores)
            assert " ".join(str(value) for value in view.scores) in " ".join(scores.split())
            # The log follows the watch stream, which may come after the view the move answered.
            await until(pilot, lambda: "scored" in app.text_of("side"), "the deal's score in the log")
            log = app.text_of("side")
            assert re.search(r"(West|East) plays [IEACSM][⌂♛★☾]\.", log) and "scored" in log
            app.save_screenshot(str(tmp_path / "deal.svg"))

            await pilot.press("enter")  # the next deal, at once
            await until(pilot, lambda: app.view is not None and app.view.deal_number == 1, "the next deal")
            await until(pilot, lambda: "Deal 2" in app.text_of("info"), "the next deal on screen")
            await pilot.press("q")  # at a seat of a game in play: asked first
            assert "Leave the table?" in app.text_of("message") and app.return_code is None
            await pilot.press("right")  # any other key: stay
            assert "Leave the table?" not in app.text_of("message")
            await pilot.press("ctrl+c", "q")  # Ctrl-C as q
        assert app.return_code == 0
        assert app.farewell == (f"Your seat at game {game.game_id} waits for you. To come back: cardgames join "
                                f"{game.game_id} --server {server.address} --seat 0 --token {game.tokens[0]}")

    play(scenario)
    assert tricks_seen == {1, 2, 3, 4, 5}, "each trick cleared from the table for the next"
    assert hand_sizes[-1] == 0 and {5, 4, 3, 2, 1} <= set(hand_sizes), hand_sizes
    assert refusals and "Refused: You must follow suit." in refusals[0]
    assert "Scores" in (tmp_path / "deal.svg").read_text()


def test_h_shows_every_option_ranked_with_its_expected_value(server: ServerProcess) -> None:
    session = new_table(server.address, "euchre3", "random", seed="terminal-hint", bot_delay_ms=0,
                        deal_pause_ms=600_000)
    app = CardgamesApp(session, hint_budget_ms=50)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: my_turn(app), "the person's turn")
            await pilot.press("h")
            await until(pilot, lambda: "Hint (" in app.text_of("side"), "the hint on screen")
            view, hint = app.view, app.hint
            assert view is not None and hint is not None and hint.version == view.version
            lines = [line for line in app.text_of("side").splitlines() if re.match(r"\s*\d+\. ", line)]
            assert len(lines) == min(8, len(view.legal_moves) or 1) == min(8, len(hint.options))
            values = [float(re.search(r"\s([+-]\d+\.\d\d)", line).group(1)) for line in lines]  # type: ignore[union-attr]
            assert values == sorted(values, reverse=True), lines
            assert [int(line.split(".")[0]) for line in lines] == list(range(1, len(lines) + 1))
            # Options too close to tell apart are said to be: the lead within twice its error.
            options = hint.options
            close = len(options) > 1 and abs(options[0].expected - options[1].expected) <= 2 * options[1].behind_stderr
            assert ("too close to tell apart" in " ".join(app.text_of("side").split())) == close
            await pilot.press("q", "q")

    play(scenario)


async def play_the_deal_through_the_api(pilot: Pilot[int], app: CardgamesApp, address: str, session: Session,
                                        rng: random.Random) -> None:
    """Seat 0's random legal moves through the API until the deal is over, the screen following."""
    async with AsyncClient(address) as client:
        while not deal_over(app):
            await until(pilot, turn_or_end(app, -1), "the person's turn")
            view = await client.get_game(session.game_id, 0, session.token)
            if view.phase == pb.PHASE_DEAL_OVER:
                return
            if 0 in view.to_act:
                with contextlib.suppress(CardgamesError):  # a bot may have moved first: asked again
                    await client.submit_move(session.game_id, 0, session.token or "", rng.choice(list(view.legal_moves)))


def test_after_each_deal_the_log_shows_its_review_and_errors(server: ServerProcess) -> None:
    """The person's moves made through the API (keys are tested above); the screen follows,
    and once the deal is scored its review comes into the log: the summary, each error."""
    session = new_table(server.address, "euchre3", "random", bot_delay_ms=0, deal_pause_ms=600_000)
    app = CardgamesApp(session)
    rng = random.Random(3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await play_the_deal_through_the_api(pilot, app, server.address, session, rng)
            await until(pilot, lambda: "Review of deal 1" in app.text_of("side"), "the review in the log")
            log = app.text_of("side")
            summary = next(line for line in log.splitlines() if "Review of deal 1" in line)
            assert re.search(r"accuracy (\d+|–)% · \d+ \?! · \d+ \? · \d+ \?\?", summary), summary
            errors = [line for line in log.splitlines() if re.match(r"\s*\?[?!]? ", line)]
            assert errors or "No error" in log
            await pilot.press("q")

    play(scenario)


def test_after_each_deal_of_an_event_the_log_shows_the_standings(server: ServerProcess) -> None:
    """A duplicate event of two tables: once the person's deal is scored, the event's standings
    over that deal come into the log, the person's own side marked."""
    bots = table_options(["bot:random"] * 3, bot_delay_ms=0, deal_pause_ms=0)
    with Client(server.address) as client:
        event = client.create_event("euchre3", deals=2, tables=[
            table_options(["open", "bot:random", "bot:random"], bot_delay_ms=0, deal_pause_ms=600_000), bots])
    session = join(server.address, parse_link(f"http://127.0.0.1:8080/#join={event.tables[0].game_id}&seat=0"))
    app = CardgamesApp(session)
    rng = random.Random(5)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await play_the_deal_through_the_api(pilot, app, server.address, session, rng)
            await until(pilot, lambda: "Event standings after 1 deal of 2" in app.text_of("side"), "the standings")
            rows = [line for line in app.text_of("side").splitlines() if re.match(r"\s*\d\. Table \d", line)]
            assert len(rows) == 6 and all(" of 1 (" in row for row in rows), rows  # two tables: a top of 1
            assert sum("Table 1 · You" in row for row in rows) == 1, rows
            assert all(re.search(r"Table \d · seat \d:", row) for row in rows if "You" not in row), rows
            await pilot.press("q")

    play(scenario)


def test_hearts_cards_are_passed_by_choosing_them_with_space_then_enter(server: ServerProcess) -> None:
    session = new_table(server.address, "hearts", "random", seed="terminal-pass", bot_delay_ms=0,
                        deal_pause_ms=600_000)
    app = CardgamesApp(session)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: my_turn(app) and app.view is not None and app.view.card_selection.count == 3,
                        "the pass")
            assert "Choose 3 cards to give to West" in app.text_of("prompt")
            view = app.view
            assert view is not None
            cards = render.hand(view)
            await pilot.press("space", "right", "right", "space")  # the first and the third card
            assert app.chosen == {cards[0], cards[2]} and "selected: 2/3" in app.text_of("prompt")
            await pilot.press("enter")
            await until(pilot, lambda: "Refused" in app.text_of("message"), "the refusal of two cards")
            assert "Choose exactly three cards." in app.text_of("message"), app.text_of("message")
            await pilot.press("right", "space", "left", "space", "space", "enter")  # the fourth; the third off and on
            await until(pilot, lambda: app.view is not None and len(app.view.passed) == 3, "the cards given")
            assert set(app.view.passed) == {cards[0], cards[2], cards[3]}  # type: ignore[union-attr]
            await until(pilot, lambda: "You receive" in app.text_of("side") or "You give three cards" in app.text_of("side"),
                        "the pass in the log")
            await pilot.press("q")

    play(scenario)


# ----------------------------------------------------------------------------- joining


@pytest.mark.parametrize(("text", "link"), [
    ("http://127.0.0.1:8080/#join=0123abcd", JoinLink("0123abcd")),
    ("http://cards.example:8080/#join=0123abcd&seat=2", JoinLink("0123abcd", 2)),
    ("https://cards.example/#join=0123abcd&seat=1&code=Zx-9_q", JoinLink("0123abcd", 1, "Zx-9_q")),
    ("http://h:1/#join=0123abcd&code=Zx-9_q", JoinLink("0123abcd", None, "Zx-9_q")),
    ("  4619a43789834b23a4b074242239e1ee ", JoinLink("4619a43789834b23a4b074242239e1ee")),
])
def test_a_join_link_gives_its_game_seat_and_code(text: str, link: JoinLink) -> None:
    assert parse_link(text) == link


@pytest.mark.parametrize(("text", "message"), [
    ("http://127.0.0.1:8080/", "not a join link"),
    ("http://127.0.0.1:8080/#seat=1", "names no game"),
    ("http://127.0.0.1:8080/#join=abc&seat=first", "seat is not a number"),
    ("ftp://x/#join=abc", "not a join link"),
    ("two words", "not a join link"),
])
def test_a_bad_join_link_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_link(text)


def test_join_takes_the_invited_seat_of_a_link_and_shows_its_hand_and_clock(server: ServerProcess) -> None:
    with Client(server.address) as client:
        game = client.create_game("euchre3", table=table_options(
            ["bot:random", "invite", "bot:random"], bot_delay_ms=0, deal_pause_ms=600_000, per_move_ms=600_000))
    link = f"http://127.0.0.1:8080/#join={game.game_id}&seat=1&code={game.invitations[1]}"
    session = join(server.address, parse_link(link))
    assert (session.game_id, session.seat) == (game.game_id, 1) and session.token
    app = CardgamesApp(session)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: len(EUCHRE3_FACE.findall(app.text_of("hand"))) >= 5, "the dealt hand")
            assert "Seat 1" in app.text_of("title")
            view = app.view
            assert view is not None and view.viewer == 1 and view.status == pb.GAME_STATUS_ACTIVE
            shown = app.text_of("hand")
            assert len(EUCHRE3_FACE.findall(shown)) == len(view.hand)
            assert app.seen is not None and all(app.seen.deck.face(code).plain.strip() in shown for code in view.hand)
            await until(pilot, lambda: my_turn(app), "the person's turn")  # seat 1 bids first: dealer 0
            assert re.search(r"You\s.*⏱ \d+:\d\d", app.text_of("seats")), app.text_of("seats")  # his decision's clock
            await pilot.press("q")

    play(scenario)
    taken = in_terminal(["join", link, "--server", server.address])
    assert taken.returncode == 1 and taken.stderr.count("\n") == 1, taken.stderr
    assert "That seat is already taken. (SEAT_TAKEN)" in taken.stderr


# ----------------------------------------------------------------------------- watching


def test_watch_shows_the_moves_of_a_game_four_bots_play(server: ServerProcess) -> None:
    with Client(server.address) as client:
        game = client.create_game("hearts", {"target_score": 26}, table=table_options(
            ["bot:random"] * 4, bot_delay_ms=5, deal_pause_ms=0))
    session = spectate(server.address, game.game_id)
    app = CardgamesApp(session)
    played = re.compile(r"^(South|West|North|East) plays (10|[2-9JQKA])[♠♥♦♣]\.$", re.M)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.followed.is_set(), "the end of the game on the stream")
            await until(pilot, lambda: "Game over" in app.text_of("prompt"), "the game's end on screen")
            lines = [line.plain for line in app.log_lines]
            assert sum(1 for line in lines if played.match(line)) >= 52
            assert any(line.startswith("Game over:") for line in lines)
            assert app.text_of("hand").strip() == "" and "spectator" in app.text_of("info")
            view = app.view
            assert view is not None and not view.hand and not view.HasField("viewer")
            await pilot.press("enter", "1", "h")  # a spectator has no move: nothing is sent
            assert app.text_of("message") == ""
            assert not app.query_one("#hand").display  # and no "Your hand" box
            await pilot.press("q")

    play(scenario)


def test_a_server_that_goes_away_mid_game_is_said_on_screen_and_in_the_exit_code(tmp_path: Path) -> None:
    lone = ServerProcess(tmp_path / "lone.db").start()
    try:
        session = new_table(lone.address, "euchre3", "random", bot_delay_ms=0, deal_pause_ms=600_000)
        app = CardgamesApp(session, retries=0)

        async def scenario() -> None:
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: my_turn(app), "the person's turn")
                lone.kill()
                await until(pilot, lambda: "Connection lost" in app.text_of("message"), "the lost connection")
                await pilot.press("q")

        play(scenario)
    finally:
        lone.stop()
    assert app.return_code == 1 and app.failure.startswith("Connection lost: ")


# ----------------------------------------------------------------------------- the command line


def _english() -> dict[str, str]:
    return {**os.environ, "LANG": "C.UTF-8", "CARDGAMES_SERVER": ""}


def in_terminal(arguments: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``cardgames`` with a terminal (a pseudo-terminal) for its input and output, as a person
    runs it, and its error line captured; for the runs that end before any screen opens."""
    controller, terminal = os.openpty()
    try:
        return subprocess.run([*COMMAND, *arguments], stdin=terminal, stdout=terminal, stderr=subprocess.PIPE,
                              text=True, timeout=TIMEOUT, env=env or _english())
    finally:
        os.close(terminal)
        os.close(controller)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_help_names_the_commands() -> None:
    shown = subprocess.run([*COMMAND, "--help"], capture_output=True, text=True, timeout=TIMEOUT, check=True, env=_english())
    assert all(command in shown.stdout for command in ("play", "join", "watch"))
    play_help = subprocess.run([*COMMAND, "play", "--help"], capture_output=True, text=True, timeout=TIMEOUT, check=True,
                               env=_english())
    assert all(word in play_help.stdout for word in ("--bots", "--server", "--seed", "--lang", "euchre3"))


def test_a_bad_variant_is_a_usage_error() -> None:
    run = subprocess.run([*COMMAND, "play", "poker"], capture_output=True, text=True, timeout=TIMEOUT, env=_english())
    assert run.returncode == 2 and "invalid choice: 'poker'" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("arguments", [["play", "euchre3"], ["join", "0123abcd"], ["watch", "0123abcd"]])
def test_an_unreachable_server_is_one_line(arguments: list[str]) -> None:
    address = f"127.0.0.1:{_free_port()}"
    run = in_terminal([*arguments, "--server", address])
    assert run.returncode == 1 and run.stderr == f"cardgames: cannot reach the cardgames server at {address} " \
                                                 "(is it running? --server HOST:PORT)\n"


def test_an_unknown_game_or_a_bad_link_is_one_line(server: ServerProcess) -> None:
    unknown = in_terminal(["watch", "0123abcd", "--server", server.address])
    assert unknown.returncode == 1 and unknown.stderr == "cardgames: No such table. (GAME_NOT_FOUND)\n"
    bad = in_terminal(["join", "http://127.0.0.1:8080/#seat=1", "--server", server.address])
    assert bad.returncode == 2 and bad.stderr.startswith("cardgames: the link names no game") and bad.stderr.count("\n") == 1


def test_the_server_address_comes_from_the_environment() -> None:
    address = f"127.0.0.1:{_free_port()}"
    run = in_terminal(["play", "hearts"], {**_english(), "CARDGAMES_SERVER": address})
    assert run.returncode == 1 and address in run.stderr


def test_without_a_terminal_it_refuses_in_one_line_before_making_a_table(server: ServerProcess) -> None:
    with Client(server.address) as client:
        before = len(client.list_games(page_size=1000).games)
        run = subprocess.run([*COMMAND, "play", "hearts", "--server", server.address], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=TIMEOUT, env=_english())
        assert (run.returncode, run.stdout) == (2, "") and run.stderr.count("\n") == 1
        assert run.stderr.startswith("cardgames: it needs a terminal")
        assert len(client.list_games(page_size=1000).games) == before  # no table made for nobody


def test_watch_into_a_pipe_writes_the_games_story_a_line_per_event_until_its_end(server: ServerProcess) -> None:
    with Client(server.address) as client:
        game = client.create_game("euchre3", {"deals": 1}, seed="watch-lines", table=table_options(
            ["bot:random"] * 3, bot_delay_ms=0, deal_pause_ms=0))
        run = subprocess.run([*COMMAND, "watch", game.game_id, "--server", server.address], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=TIMEOUT, env=_english())
        assert (run.returncode, run.stderr) == (0, ""), run.stderr
        record = client.get_game_record(game.game_id)
    lines = run.stdout.splitlines()
    played = [line for line in lines if " plays " in line and " as trump" not in line]
    cards = sum(1 for deal in record.deals for entry in deal.entries if entry.move.HasField("play"))
    assert len(played) == cards >= 15  # a deal of five tricks (after any deal nobody took)
    assert all(line.strip() and "\x1b" not in line for line in lines)  # words, no screen codes
    unknown = subprocess.run([*COMMAND, "watch", "no-such-game", "--server", server.address],
                             stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT, env=_english())
    assert unknown.returncode == 1 and unknown.stdout == "" and unknown.stderr.count("\n") == 1


def _watching_into_a_pipe(game_id: str, address: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*COMMAND, "watch", game_id, "--server", address], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_english())


def test_watch_into_a_pipe_closed_by_its_reader_ends_quietly(server: ServerProcess) -> None:
    """``cardgames watch GAME | head -1``: no traceback once the reader has gone."""
    with Client(server.address) as client:
        game = client.create_game("hearts", seed="watch-head", table=table_options(
            ["reserved", "bot:random", "bot:random", "bot:random"], bot_delay_ms=0, deal_pause_ms=0))
        watcher = _watching_into_a_pipe(game.game_id, server.address)
        try:
            assert watcher.stdout is not None and watcher.stdout.readline().strip()  # the story so far
            watcher.stdout.close()  # the reader goes away; the next change finds the pipe closed
            rng = random.Random(3)
            for _ in range(200):
                if watcher.poll() is not None:
                    break
                view = client.get_game(game.game_id, 0, game.tokens[0])
                if 0 in view.to_act:
                    with contextlib.suppress(CardgamesError):  # the deal moved on meanwhile
                        client.submit_move(game.game_id, 0, game.tokens[0], choose(view, rng))
            assert watcher.wait(timeout=TIMEOUT) == 0
            assert watcher.stderr is not None and watcher.stderr.read() == ""
        finally:
            watcher.kill()


def test_watch_into_a_pipe_goes_on_after_the_server_restarts(tmp_path: Path) -> None:
    """The server killed and started again on its address and database: the lines go on from
    the last change told, none twice."""
    first = ServerProcess(tmp_path / "games.db").start()
    watcher = None
    try:
        with Client(first.address) as client:
            game = client.create_game("hearts", seed="watch-restart", table=table_options(
                ["reserved", "bot:random", "bot:random", "bot:random"], bot_delay_ms=0, deal_pause_ms=0))
        watcher = _watching_into_a_pipe(game.game_id, first.address)
        assert watcher.stdout is not None and watcher.stdout.readline().strip()  # the deal, told
        first.kill()
        second = ServerProcess(tmp_path / "games.db", listen=first.address).start()
        try:
            with Client(second.address) as client:
                view = client.get_game(game.game_id, 0, game.tokens[0])
                client.submit_move(game.game_id, 0, game.tokens[0], choose(view, random.Random(1)))  # the pass
            told = [watcher.stdout.readline() for _ in range(4)]  # the passes and the first cards, after it
            assert all(line.strip() for line in told) and watcher.poll() is None, told
        finally:
            second.stop()
    finally:
        if watcher is not None:
            watcher.kill()
            watcher.wait()
        first.stop()


def test_a_server_address_that_is_not_the_grpc_port_is_named_so(tmp_path: Path) -> None:
    web = ServerProcess(tmp_path / "games.db", web=True).start()
    try:
        run = in_terminal(["play", "hearts", "--server", web.web_address])
        assert run.returncode == 1 and "not as the cardgames gRPC server" in run.stderr, run.stderr
    finally:
        web.stop()


def test_a_seat_left_with_q_is_taken_back_with_the_printed_command(server: ServerProcess) -> None:
    session = new_table(server.address, "euchre3", "random", seed="come-back", bot_delay_ms=0, deal_pause_ms=600_000)
    parts = session.come_back().split()
    assert parts[:3] == ["cardgames", "join", session.game_id]
    link, seat, token = parts[2], int(parts[parts.index("--seat") + 1]), parts[parts.index("--token") + 1]
    again = join(server.address, parse_link(link, seat), token=token)
    assert (again.game_id, again.seat, again.token) == (session.game_id, session.seat, session.token)
    with pytest.raises(CardgamesError):
        join(server.address, parse_link(link, seat), token="not-the-token")


def test_the_cursor_goes_to_the_card_a_hint_ranks_first(server: ServerProcess) -> None:
    with Client(server.address) as client:
        game = client.create_game("euchre3", deal=EVERY_SUIT_DEAL, table=table_options(
            ["reserved", "bot:random", "bot:random"], bot_delay_ms=0, deal_pause_ms=600_000))
    app = CardgamesApp(Session(server.address, game.game_id, 0, game.tokens[0]), hint_budget_ms=50)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: my_turn(app), "the person's turn")
            while app.view is not None and app.view.phase != pb.PHASE_PLAY:
                view = app.view
                bids = render.choices(view)
                number = next((i for i, move in enumerate(bids, 1) if not move.HasField("pass")), 1)
                if bids:
                    await pilot.press(str(number))
                else:  # the taker's discard
                    await put_cursor_on(pilot, app, next(iter(render.playable(view))))
                    await pilot.press("enter")
                await until(pilot, lambda v=view.version: my_turn(app, v) or deal_over(app), "the next turn")
            await pilot.press("h")
            await until(pilot, lambda: app.hint is not None and not app.thinking, "the hint")
            assert app.view is not None and app.hint is not None
            assert render.hand(app.view)[app.cursor] == app.hint.options[0].move.play.card
            await pilot.press("q", "q")

    play(scenario)


# ----------------------------------------------------------------------------- cards


def _deck(variant: str, trump: str, lang: str = "en") -> Deck:
    """The terminal's deck as a server's view of a deal with ``trump`` draws it."""
    game = new_game(variant, seed=f"deck-{variant}")
    first = game.to_act()[0]
    assert game.turned is not None
    if game.turned.suit.code == trump:
        game.push(first, parse_move("take", game.deck))
    else:
        for seat in range(game.players):
            game.push((first + seat) % game.players, parse_move("pass", game.deck))
        game.push(first, parse_move(f"call:{trump}", game.deck))
    view = pb.GameView()
    convert._fill_game(view, PlayerView.of(game))
    return Deck.of(view, Words(lang, "terminal"))


def test_a_hand_is_held_as_the_server_orders_the_deck_and_named_in_the_catalogue_words() -> None:
    belote = _deck("belote", "H")
    assert belote.sorted(["7S", "AS", "JH", "9H", "AH", "TD", "KC"]) == ["JH", "9H", "AH", "KC", "TD", "AS", "7S"]
    euchre = _deck("euchre3", "A")  # the Oracle (trump Initié), then the Sage (the same colour's Initié)
    assert euchre.sorted(["MA", "IC", "IA", "SA", "IR"]) == ["IA", "IC", "MA", "SA", "IR"]
    assert "red" in str(belote.face("QH").style) and "red" in str(belote.face("QD").style)
    assert "red" not in str(belote.face("QS").style) and belote.face("TS").plain == " 10♠ "
    french = _deck("belote", "H", "fr")
    assert french.face("QS").plain == " D♠ " and french.name("KH") == "Roi de cœur"
    assert euchre.name("IC") == "Sage of Command" and euchre.name("MR") == "Master of Art"
    assert _deck("euchre3", "A", "fr").name("IA") == "Oracle d'Architecture"
    assert euchre.suit_text("P").plain == "☾ Thought" and euchre.face("EP", padded=False).plain == "E☾"

@pytest.mark.parametrize("lang, sentence", [("en", "too close to tell apart"), ("fr", "trop proches")])
def test_a_hint_whose_lead_is_within_twice_its_error_says_the_options_are_too_close(lang: str, sentence: str) -> None:
    view = pb.GameView(variant=pb.VARIANT_HEARTS)
    table = render.Viewpoint.of(view, 0, lang)

    def answer(lead: float, error: float | None) -> Any:
        options = [api.HintOption(move=pb.Move(play=pb.PlayCard(card=card)), expected=value, stderr=9.0,
                                  behind_stderr=behind)
                   for card, value, behind in (("2C", 1.0, 0.0), ("3C", 1.0 + lead, error))]
        return api.Hint(seat=0, unit="penalty_points", samples=30, options=options[:1] if error is None else options)

    shown = {case: " ".join(render.hint(table, answer(*case)).plain.split()) for case in
             [(3.0, 1.0), (1.5, 1.0), (0.5, float("inf")), (3.0, None), (0.0, 0.0), (0.5, 0.0)]}
    # The options' own errors (9) would call every one of these close; the error of the
    # second's shortfall decides (equal in every deal, 0 ± 0: they cannot be told apart either).
    assert [sentence in text for text in shown.values()] == [False, True, True, False, True, False]

"""The client library as users meet it: the README's examples, and the asyncio client."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import grpc
import pytest
from cardgames_client import AsyncClient, CardgamesError, Client, deal_input, options, table_options

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def test_the_readme_client_example_runs(server, capsys):
    text = README.read_text()
    block = re.search(r"```python\n(from cardgames_client import CardgamesError, Client\n.*?)```", text, re.S).group(1)
    exec(compile(block.replace("127.0.0.1:50051", server.address), "README.md", "exec"), {})
    assert capsys.readouterr().out.split() == ["StatusCode.FAILED_PRECONDITION", "NOT_YOUR_TURN", "1", "1"]


def test_every_readme_python_example_runs(server, capsys):
    """The analysis, solver and rules examples too, as a reader would paste them."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) >= 4
    for number, block in enumerate(blocks):
        if "login=id_token" in block:
            continue  # needs an identity provider: tests/players/test_login_examples.py runs it
        code = textwrap.dedent(block).replace("127.0.0.1:50051", server.address)
        exec(compile(code, f"README.md python block {number}", "exec"), {})
    assert "4/4" in capsys.readouterr().out  # the batch analysis streamed every item


def test_async_client(server):
    async def scenario():
        async with AsyncClient(server.address) as client:
            game = await client.create_game("hearts", {"target_score": 26}, seed="async")
            view = await client.get_game(game.game_id, 2, game.tokens[2])
            answer = await client.submit_move(game.game_id, 2, game.tokens[2],
                                              "give:" + " ".join(list(view.card_selection.cards)[:3]))
            verdict = await client.validate_move(game.game_id, 2, game.tokens[2], "give:2C 3C 4C")
            listed = await client.list_games("hearts")
            items = []
            async for item in client.watch(game.game_id, after_version=0):
                items.append(item)
                break
            try:
                await client.get_game(game.game_id, 1, game.tokens[2])
            except CardgamesError as error:
                denied = error.reason
            return answer.version, verdict.reason, game.game_id in {g.game_id for g in listed.games}, items, denied

    version, reason, listed, items, denied = asyncio.run(scenario())
    assert (version, reason, listed, denied) == (1, "ALREADY_PASSED_CARDS", True, "WRONG_SEAT")
    assert items[0].change.version == 1


@pytest.mark.parametrize(("variant", "values", "message"), [
    ("hearts", {"bogus": 1}, "unknown option 'bogus' for hearts; one of target_score, first_dealer"),
    ("hearts", {"announcements": "all"}, "unknown option 'announcements' for hearts"),
    ("belote", {"announcements": "most"}, "unknown announcements 'most'; one of none, belote, all"),
    ("belote3", {"target_score": 10**12}, "option target_score=1000000000000: Value out of range"),
    ("euchre3", {"first_dealer": "two"}, "option first_dealer='two'"),
])
def test_a_bad_option_is_a_value_error_naming_it(variant, values, message):
    """Not protobuf's AttributeError or KeyError: the option named, and what it may be."""
    with pytest.raises(ValueError) as caught:
        options(variant, values)
    assert message in str(caught.value)


def test_good_options_reach_their_fields():
    message = options("belote", {"target_score": 501, "first_dealer": 2, "announcements": "belote"})
    assert (message.belote.common.target_score, message.belote.common.first_dealer) == (501, 2)
    assert message.belote.announcements == options("belote", {"announcements": "belote"}).belote.announcements != 0


def test_an_unknown_status_or_variant_is_a_value_error_listing_them(server):
    with Client(server.address) as client:
        with pytest.raises(ValueError, match="unknown status 'weird'; one of active, finished"):
            client.list_games(status="weird")
        with pytest.raises(ValueError, match="unknown variant 'poker'; one of euchre3, belote3, hearts, belote"):
            client.list_games("poker")


def test_an_unknown_seat_or_bot_strength_names_the_argument_it_came_in(server):
    """The field an application shows its user: the seat's place in the list, ``stand_in``, ``par``."""
    cases = [
        (lambda client: table_options(["open", "bot:strong"]), ("seats[1]",), "unknown bot strength 'strong'"),
        (lambda client: table_options(["open", "robot"]), ("seats[1]",), "unknown seat 'robot'"),
        (lambda client: table_options(["open"], stand_in="strong"), ("stand_in",), "one of random, greedy, hint"),
        (lambda client: client.create_event("hearts", tables=[table_options(["open"] * 4)], par="strong"), ("par",),
         "'strong'"),
    ]
    with Client(server.address) as client:
        for call, fields, message in cases:
            with pytest.raises(CardgamesError) as caught:
                call(client)
            assert (caught.value.code, caught.value.fields) == (grpc.StatusCode.INVALID_ARGUMENT, fields)
            assert message in caught.value.message


def test_the_example_plays_a_whole_game(server):
    """clients/python/examples/play_random.py, which the README points to."""
    run = subprocess.run([sys.executable, str(ROOT / "clients" / "python" / "examples" / "play_random.py"),
                          server.address, "euchre3"], capture_output=True, text=True, timeout=120, check=True)
    deals = r"(deal \d+ (VOID|MADE|SET|MARCH) scores \[\d+, \d+, \d+\]\n)+"
    assert re.fullmatch(rf"game \w+\n{deals}scores \[\d+, \d+, \d+\] winners \[\d(, \d)*\] after \d+ moves\n",
                        run.stdout)


def test_a_deal_input_takes_a_deal_or_a_position_not_both():
    """They share a oneof: setting both kept only the position, without a word."""
    with pytest.raises(ValueError, match="give a deal or a position, not both"):
        deal_input("hearts", deal="0:A... K... Q... J...", position="0:A... K... Q... J...;leader=0")
    assert deal_input("hearts", position="0:A... K... Q... J...;leader=0").WhichOneof("input") == "position"


def test_the_two_clients_have_the_same_methods():
    """Whatever one client can do, the other can: the same public methods and parameters."""
    import inspect

    def public(kind: type) -> dict[str, inspect.Signature]:
        """Each method's parameters (the answers differ: a value or its awaitable, an iterator or an async one)."""
        return {name: inspect.signature(member).replace(return_annotation=inspect.Signature.empty)
                for name, member in vars(kind).items() if callable(member) and not name.startswith("_") and name != "close"}

    assert public(Client) == public(AsyncClient)


def test_async_pages_and_watch_deadline(server):
    async def scenario():
        async with AsyncClient(server.address) as client:
            games = [await client.create_game("euchre3", seed=f"async-pages-{i}") for i in range(3)]
            listed = [summary.game_id async for summary in client.iter_games("euchre3", page_size=1)]
            assert {game.game_id for game in games} <= set(listed)
            seen = []
            with pytest.raises(CardgamesError) as caught:
                async for item in client.watch(games[0].game_id, timeout=0.5):
                    seen.append(item)
            assert caught.value.code.name == "DEADLINE_EXCEEDED" and seen[0].HasField("snapshot")

    asyncio.run(scenario())


def test_async_client_at_a_table(server):
    """Claim, resign and rematch through the asyncio client, as through the blocking one."""
    from cardgames_client import pb, table_options

    async def scenario():
        async with AsyncClient(server.address) as client:
            game = await client.create_game("euchre3", table=table_options(["open", "bot:random", "bot:random"],
                                                                           bot_delay_ms=0))
            me = await client.claim_seat(game.game_id)
            view, changes = me.view, client.watch(game.game_id, me.seat, me.token, after_version=me.view.version)
            while me.seat not in view.to_act:  # the bots bid first: wait for the person's turn on the stream
                await anext(changes)
                view = await client.get_game(game.game_id, me.seat, me.token)
            resigned = await client.resign(game.game_id, me.seat, me.token)
            again = await client.rematch(game.game_id, me.seat, me.token)
            lobby = await client.list_games(open_seats=True)
            return resigned, again, lobby

    resigned, again, lobby = asyncio.run(scenario())
    assert [event.kind for event in resigned.change.events] == ["resigned", "game_over"]
    assert again.view.status == pb.GAME_STATUS_ACTIVE and again.view.rematch_of  # one person: it starts at once
    assert all(summary.open_seats > 0 for summary in lobby.games)


@pytest.mark.parametrize("text", ["garbage", "fly:QS", "", "x" * 10_000])
def test_a_move_the_library_cannot_read_is_a_cardgames_error_before_anything_is_sent(server, text):
    with Client(server.address) as client:
        game = client.create_game("hearts", seed="unreadable")
        for attempt in (lambda: client.submit_move(game.game_id, 0, game.tokens[0], text),
                        lambda: client.validate_move(game.game_id, 0, game.tokens[0], text)):
            with pytest.raises(CardgamesError) as caught:
                attempt()
            error = caught.value
            assert (error.code, error.reason, error.fields) == (grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_MOVE", ("move",))
            assert isinstance(error, ValueError) and len(error.message) < 100
        assert client.get_game(game.game_id).version == 0


def test_the_asyncio_client_refuses_the_same_requests_the_same_way(server):
    async def scenario() -> None:
        async with AsyncClient(server.address) as client:
            game = await client.create_game("hearts", seed="unreadable-async")
            with pytest.raises(CardgamesError) as caught:
                await client.submit_move(game.game_id, 0, game.tokens[0], "garbage")
            assert caught.value.reason == "UNKNOWN_MOVE"
            with pytest.raises(CardgamesError) as caught:
                await client.create_game("poker")
            assert (caught.value.reason, caught.value.fields) == ("INVALID_VARIANT", ("variant",))

    asyncio.run(scenario())


def test_the_asyncio_client_exports_imports_and_reviews_records(server):
    async def scenario():
        async with AsyncClient(server.address) as client:
            game = await client.create_game("euchre3", {"target_score": 2}, seed="async-record")
            while True:
                table = await client.get_game(game.game_id)
                if not table.to_act:
                    break
                seat = table.to_act[0]
                view = await client.get_game(game.game_id, seat, game.tokens[seat])
                moves = [move for move in view.legal_moves if not move.HasField("pass")] or list(view.legal_moves)
                await client.submit_move(game.game_id, seat, game.tokens[seat], moves[0])  # no endless void deals
            record = await client.get_game_record(game.game_id)
            checked = await client.import_game_record(record)
            messages = [message async for message in client.review_game(game.game_id, budget_ms=0, deals=2)]
            return record, checked, messages

    record, checked, messages = asyncio.run(scenario())
    assert record.status == checked.status and list(record.scores) == list(checked.scores)
    assert messages[-1].HasField("match") and messages[-1].match.complete

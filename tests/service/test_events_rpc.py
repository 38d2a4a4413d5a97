"""Duplicate events through a real server: all-bot events of every variant scored against
a recomputation from the tables' records, what a table one deal behind can learn (nothing
of the deal it has not finished, compared answer for answer with an event whose other table
has not moved), a SIGKILL mid-event, and two replicas on one PostgreSQL."""

from __future__ import annotations

import random
import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from cardgames_client import PLAYERS, CardgamesError, Client, CreatedEvent, events, pb, table_options
from google.protobuf import text_format

from tests.service.players import choose, error_of
from tests.service.server_process import ServerProcess

VARIANTS = list(PLAYERS)
LOWER_IS_BETTER = {"hearts"}  # penalty points
PARTNERSHIPS = {"belote"}  # sides of two seats: 0 and 2, 1 and 3
WAIT = 120.0  # seconds a whole event of random bots may take on a slow machine


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("events") / "games.db").start()
    yield process
    process.stop()


def bots(players: int) -> pb.TableOptions:
    return table_options(["bot:random"] * players, bot_delay_ms=0, deal_pause_ms=0)


def until(condition: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Waits for ``condition`` (each check a call to the server or the database)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.02)


def side_of(variant: str, seat: int) -> int:
    return seat % 2 if variant in PARTNERSHIPS else seat


def own_score(result, side: int) -> int:
    """A side's score for the deal's cards alone: less what an earlier belote litige held
    over for the deal's winner (docs/events.md)."""
    score = result.scores[side]
    if result.WhichOneof("variant_details") == "belote" and result.outcome in (pb.DEAL_OUTCOME_MADE, pb.DEAL_OUTCOME_SET):
        takers = result.taker % 2
        paid = takers if result.outcome == pb.DEAL_OUTCOME_MADE else 1 - takers
        score -= result.belote.held_in if side == paid else 0
    return score


def recomputed(variant: str, info: events.EventInfo, records: dict[int, object]) -> dict[tuple[int, int, int], float]:
    """Matchpoints per (deal, table, table side) from the tables' records, computed here."""
    sides = 2 if variant in PARTNERSHIPS else PLAYERS[variant]
    points: dict[tuple[int, int, int], float] = {}
    for deal in range(info.deals):
        for direction in range(sides):
            seat = direction  # a seat of that side as dealt (0 or 1 in belote)
            scored = []
            for table in info.tables:
                if table.par or len(records[table.table].deals) <= deal:
                    continue
                side = side_of(variant, (seat + table.rotation) % PLAYERS[variant])
                scored.append((table.table, side, own_score(records[table.table].deals[deal].result, side)))
            for number, side, score in scored:
                value = 0.0
                for other_number, _, other in scored:
                    if other_number != number:
                        better = score < other if variant in LOWER_IS_BETTER else score > other
                        value += 1.0 if better else 0.5 if score == other else 0.0
                points[(deal, number, side)] = value
    return points


def finished(client: Client, event_id: str) -> events.EventInfo:
    until(lambda: client.get_event(event_id).over, "the event's end")
    return client.get_event(event_id)


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_event_of_three_bot_tables_and_a_par_plays_the_same_deals_and_scores_them(server, variant):
    players = PLAYERS[variant]
    with Client(server.address) as client:
        created = client.create_event(variant, deals=2, tables=[bots(players)] * 3, par="greedy")
        info = finished(client, created.event_id)
        assert [table.par for table in info.tables] == [False, False, False, True]
        assert [table.rotation for table in info.tables] == ([0, 1, 0, 0] if variant in PARTNERSHIPS else [0] * 4)
        records = {table.table: client.get_game_record(table.game_id) for table in info.tables}
        # The same deals at every table, turned by the table's rotation.
        for deal in range(2):
            dealt = [list(hand.cards) for hand in records[0].deals[deal].hands]
            for table in info.tables:
                hands = [list(hand.cards) for hand in records[table.table].deals[deal].hands]
                assert [hands[(seat + table.rotation) % players] for seat in range(players)] == dealt
        assert all(len(record.deals) == 2 for record in records.values())
        expected = recomputed(variant, info, records)
        for deal in range(2):
            comparison = client.get_deal_comparison(created.event_id, deal)
            got = {(deal, item.table, item.side): item.matchpoints for item in comparison.results}
            assert got == {key: value for key, value in expected.items() if key[0] == deal}
            assert all(item.top == 2 for item in comparison.results)
            par = records[3].deals[deal].result
            assert list(comparison.par_scores) == [own_score(par, side_of(variant, seat)) for seat in
                                                   range(len(comparison.par_scores))]
        standings = client.get_event_standings(created.event_id)
        totals = {(row.table, row.side): row.matchpoints for row in standings.standings}
        for (_, table, side), value in expected.items():
            totals[(table, side)] -= value
        assert all(abs(left) < 1e-9 for left in totals.values())
        sides = 2 if variant in PARTNERSHIPS else players
        assert sum(row.matchpoints for row in standings.standings) == 2 * sides * 3  # one per pair of results
        assert [row.rank for row in standings.standings] == list(range(1, 3 * sides + 1))
        assert standings.deals_counted == 2 and all(row.par_deals == 2 for row in standings.standings)


def test_an_events_tables_are_not_listed_and_a_bad_creation_is_refused_naming_its_field(server):
    with Client(server.address) as client:
        created = client.create_event("euchre3", deals=1, tables=[bots(3)])
        listed = {game.game_id for game in client.list_games(page_size=1000).games}
        assert created.tables[0].game_id not in listed
        for call, field in [
            (lambda: client.create_event("euchre3", deals=1, tables=[]), "tables"),
            (lambda: client.create_event("euchre3", deals=0, tables=[bots(3)]), "deals"),
            (lambda: client.create_event("euchre3", deals=101, tables=[bots(3)]), "deals"),
            (lambda: client.create_event("euchre3", deals=1, tables=[bots(3)] * 65), "tables"),
            (lambda: client.create_event("euchre3", deals=1, tables=[bots(3), table_options(["bot", "bot"])]),
             "tables[1].seats"),
            (lambda: client.create_event("euchre3", deals=1, tables=[table_options(["open"] * 3, rated=True)]),
             "tables[0].rated"),
            (lambda: client.create_event("euchre3", deals=1, given_deals=["0:AS KS QS"], tables=[bots(3)]),
             "given_deals[0]"),
        ]:
            error = error_of(call)
            assert error.code.name == "INVALID_ARGUMENT" and error.fields == (field,), (field, error)
        missing = error_of(lambda: client.get_event("no-such-event"))
        assert missing.code.name == "NOT_FOUND" and missing.reason == "EVENT_NOT_FOUND"


def test_a_table_added_as_players_arrive_plays_the_same_deals_in_the_movements_chairs(server):
    with Client(server.address) as client:
        event = client.create_event("belote", deals=2, par="random", tables=[bots(4)])
        added = client.add_event_table(event.event_id, bots(4))
        info = finished(client, event.event_id)
        assert [(table.game_id, table.par, table.rotation) for table in info.tables] == [
            (event.tables[0].game_id, False, 0), (event.tables[1].game_id, True, 0), (added.game_id, False, 1)]
        first, late = (client.get_game_record(game_id) for game_id in (event.tables[0].game_id, added.game_id))
        for deal in range(2):  # the same deals, the other side's cards: seat s holds seat s - 1's
            dealt = [list(hand.cards) for hand in first.deals[deal].hands]
            assert [list(hand.cards) for hand in late.deals[deal].hands] == [dealt[(seat - 1) % 4] for seat in range(4)]
        assert {item.table for item in client.get_deal_comparison(event.event_id, 0).results} == {0, 2}
        over = error_of(lambda: client.add_event_table(event.event_id, bots(4)))
        assert (over.code.name, over.reason) == ("FAILED_PRECONDITION", "EVENT_OVER")
        running = client.create_event("belote", deals=1, tables=[table_options(["reserved"] * 4)])
        wrong = error_of(lambda: client.add_event_table(running.event_id, table_options(["bot"] * 3)))
        assert (wrong.code.name, wrong.fields) == ("INVALID_ARGUMENT", ("table.seats",))
        reserved = client.add_event_table(running.event_id)
        assert len(reserved.tokens) == 4 and all(reserved.tokens)
        missing = error_of(lambda: client.add_event_table("no-such-event", bots(4)))
        assert missing.reason == "EVENT_NOT_FOUND"


def _game_status(database: str, game_id: str) -> str:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as conn:
        return conn.execute("SELECT status FROM games WHERE game_id = ?", (game_id,)).fetchone()[0]


def _everything_asked(client: Client, event: CreatedEvent, token: str) -> list[str]:
    """Every answer and error a seat of table 0 can get about the event and table 1, with
    the ids made neutral (what differs between two events by construction)."""
    other = event.tables[1].game_id
    answers: list[object] = [
        client.get_event(event.event_id, token),
        client.get_event_standings(event.event_id, token),
        client.get_game_record(other, token=token),
    ]
    for call in (
        lambda: client.get_deal_comparison(event.event_id, 0, token),
        lambda: client.get_deal_comparison(event.event_id, 1, token),
        lambda: client.get_deal_comparison(event.event_id, 2, token),
        lambda: client.get_game(other, token=token),
        lambda: client.get_game(other),
        lambda: client.get_game_record(other),
        lambda: list(client.watch(other, token=token, timeout=5)),
        lambda: list(client.review_game(other, token=token, deal_number=0, timeout=5)),
        lambda: list(client.review_game(other, token=token, timeout=5)),
        lambda: client.get_event_standings(event.event_id),
        lambda: client.get_deal_comparison(event.event_id, 0),
        lambda: client.claim_seat(other),  # never GAME_OVER: a full table answers alike, ended or not
        lambda: client.claim_seat(other, 0),
    ):
        try:
            answers.append(call())
        except CardgamesError as error:
            answers.append((error.code.name, error.reason, error.message, error.fields))
    text = "\n".join(text_format.MessageToString(item) if hasattr(item, "DESCRIPTOR") else repr(item)
                     for item in answers)
    for number, table in enumerate(event.tables):
        text = text.replace(table.game_id, f"<table {number}>")
    text = re.sub(r"created_at_ms: \d+", "created_at_ms: <when created>", text)
    return text.replace(event.event_id, "<event>").splitlines()


def _play_deal(client: Client, game_id: str, tokens: tuple[str, ...], rng: random.Random) -> None:
    """Random legal moves at a reserved table until its current deal is scored."""
    while True:
        view = client.get_game(game_id, 0, tokens[0])
        if view.phase in (pb.PHASE_DEAL_OVER, pb.PHASE_GAME_OVER):
            return
        seat = rng.choice(list(view.to_act))
        mine = client.get_game(game_id, seat, tokens[seat])
        client.submit_move(game_id, seat, tokens[seat], choose(mine, rng))


def test_a_table_one_deal_behind_learns_nothing_of_the_deal_it_has_not_finished(server):
    """Event "ahead": table 1 (bots) and the par have played every deal; event "idle": table
    1's bots wait an hour before each move. A seat of table 0, still in deal 0, gets the same answers
    to everything it can ask in both."""
    with Client(server.address) as client:
        seats = table_options(["reserved"] * 3)
        ahead = client.create_event("euchre3", deals=2, tables=[seats, bots(3)], par="greedy")
        slow = table_options(["bot:random"] * 3, bot_delay_ms=3_600_000)  # seated alike, never moving here
        idle = client.create_event("euchre3", deals=2, tables=[seats, slow], par="greedy")
        for event in (ahead, idle):
            until(lambda event=event: _game_status(server.database, event.tables[2].game_id) == "FINISHED",
                  "the par table's end")
        until(lambda: _game_status(server.database, ahead.tables[1].game_id) == "FINISHED", "table 1's end")
        token = ahead.tables[0].tokens[0]
        seen_ahead = _everything_asked(client, ahead, token)
        seen_idle = _everything_asked(client, idle, idle.tables[0].tokens[0])
        assert seen_ahead == seen_idle
        assert any("EVENT_IN_PROGRESS" in line for line in seen_ahead)
        assert any("DEAL_NOT_FINISHED" in line for line in seen_ahead)
        assert any("NO_OPEN_SEAT" in line for line in seen_ahead) and not any("GAME_OVER" in line for line in seen_ahead)

        # Table 0 finishes deal 0: that deal (and only it) of table 1 is shown.
        _play_deal(client, ahead.tables[0].game_id, ahead.tables[0].tokens, random.Random(7))
        comparison = client.get_deal_comparison(ahead.event_id, 0, token)
        assert {item.table for item in comparison.results} == {0, 1} and len(comparison.par_scores) == 3
        assert error_of(lambda: client.get_deal_comparison(ahead.event_id, 1, token)).reason == "DEAL_NOT_FINISHED"
        record = client.get_game_record(ahead.tables[1].game_id, token=token)
        assert len(record.deals) == 1 and not any(hand.hidden for hand in record.deals[0].hands)
        assert record.status == pb.GAME_STATUS_ACTIVE and not record.HasField("outcome")
        reviewed = list(client.review_game(ahead.tables[1].game_id, token=token, deal_number=0, budget_ms=20,
                                           timeout=120))
        assert reviewed and reviewed[-1].HasField("match")
        assert error_of(lambda: list(client.review_game(ahead.tables[1].game_id, token=token, deal_number=1,
                                                        timeout=5))).code.name == "OUT_OF_RANGE"
        info = client.get_event(ahead.event_id, token)
        assert (info.table, info.seat, info.deals_shown) == (0, 0, 1)
        assert [table.deals_finished for table in info.tables] == [1, 1, 1]
        assert all(table.status == pb.GAME_STATUS_ACTIVE for table in info.tables)
        standings = client.get_event_standings(ahead.event_id, token)
        assert standings.deals_counted == 1 and all(row.deals == 1 for row in standings.standings)
        stranger = error_of(lambda: client.get_event(ahead.event_id, "not-a-token"))
        assert stranger.code.name == "UNAUTHENTICATED"
        rematch = error_of(lambda: client.rematch(ahead.tables[1].game_id, 0, token))
        assert rematch.code.name in ("UNAUTHENTICATED", "PERMISSION_DENIED")


def test_with_a_seed_given_another_tables_deal_stays_hidden_as_the_readers_own_does(server):
    """A seed a person chose could be searched from one deal to the next: hidden cards are
    shown at the match's end, at the reader's own table and at the others alike."""
    with Client(server.address) as client:
        event = client.create_event("euchre3", deals=2, seed="club night", tables=[
            table_options(["reserved"] * 3), bots(3)])
        mine, other = event.tables
        until(lambda: _game_status(server.database, other.game_id) == "FINISHED", "table 1's end")
        _play_deal(client, mine.game_id, mine.tokens, random.Random(3))
        own = client.get_game_record(mine.game_id, 0, mine.tokens[0])
        theirs = client.get_game_record(other.game_id, token=mine.tokens[0])
        assert len(theirs.deals) == 1 and [hand.hidden for hand in theirs.deals[0].hands] == [True] * 3
        assert [hand.hidden for hand in own.deals[0].hands] == [False, True, True]
        hidden = error_of(lambda: list(client.review_game(other.game_id, token=mine.tokens[0], deal_number=0,
                                                          timeout=5)))
        assert hidden.reason == "DEAL_HIDDEN"


def test_standings_after_a_sigkill_mid_event_equal_a_recomputation_from_the_stored_results(tmp_path: Path):
    database = tmp_path / "games.db"
    server = ServerProcess(database).start()
    rng = random.Random(11)
    try:
        with Client(server.address) as client:
            created = client.create_event("hearts", deals=2, tables=[table_options(["reserved"] * 4), bots(4)])
            mine = created.tables[0]
            view = client.get_game(mine.game_id, 0, mine.tokens[0])
            for _ in range(6):  # a few acknowledged moves at the person's table
                seat = rng.choice(list(view.to_act))
                answer = client.submit_move(mine.game_id, seat, mine.tokens[seat],
                                            choose(client.get_game(mine.game_id, seat, mine.tokens[seat]), rng))
                view = client.get_game(mine.game_id, 0, mine.tokens[0])
            acknowledged = answer.version
        server.kill()
        server = ServerProcess(database).start()
        with Client(server.address) as client:
            assert client.get_game(mine.game_id, 0, mine.tokens[0]).version >= acknowledged
            for _ in range(2):
                _play_deal(client, mine.game_id, mine.tokens, rng)
                view = client.get_game(mine.game_id, 0, mine.tokens[0])
                if view.phase == pb.PHASE_DEAL_OVER:
                    client.submit_move(mine.game_id, 0, mine.tokens[0], "next-deal")
            info = finished(client, created.event_id)
            rematch = error_of(lambda: client.rematch(mine.game_id, 0, mine.tokens[0]))
            assert (rematch.code.name, rematch.reason) == ("FAILED_PRECONDITION", "EVENT_TABLE")
            records = {table.table: client.get_game_record(table.game_id) for table in info.tables}
            expected = recomputed("hearts", info, records)
            standings = client.get_event_standings(created.event_id)
            for row in standings.standings:
                assert row.matchpoints == sum(value for (_, table, side), value in expected.items()
                                              if (table, side) == (row.table, row.side))
    finally:
        server.stop()


def test_two_replicas_count_each_result_once(postgres, postgres_url):
    replicas = [ServerProcess(postgres_url, log_dir=postgres.root).start() for _ in range(2)]
    rng = random.Random(5)
    try:
        clients = [Client(replica.address) for replica in replicas]
        created = clients[0].create_event("belote", deals=2, tables=[table_options(["reserved"] * 4), bots(4),
                                                                     bots(4)])
        mine = created.tables[0]
        for _ in range(2):
            while True:  # each move through a replica at random
                client = rng.choice(clients)
                view = client.get_game(mine.game_id, 0, mine.tokens[0])
                if view.phase == pb.PHASE_GAME_OVER:
                    break
                if view.phase == pb.PHASE_DEAL_OVER:
                    client.submit_move(mine.game_id, 0, mine.tokens[0], "next-deal")
                    break
                seat = rng.choice(list(view.to_act))
                client.submit_move(mine.game_id, seat, mine.tokens[seat],
                                   choose(client.get_game(mine.game_id, seat, mine.tokens[seat]), rng))
        info = finished(clients[1], created.event_id)
        records = {table.table: clients[0].get_game_record(table.game_id) for table in info.tables}
        expected = recomputed("belote", info, records)
        answers = [client.get_event_standings(created.event_id) for client in clients]
        assert answers[0] == answers[1]
        assert sum(row.matchpoints for row in answers[0].standings) == sum(expected.values()) == 2 * 2 * 3
        for row in answers[0].standings:
            assert row.matchpoints == sum(value for (_, table, side), value in expected.items()
                                          if (table, side) == (row.table, row.side))
        for client in clients:
            client.close()
    finally:
        for replica in replicas:
            replica.stop()

"""Tables through a real server: open seats and claims, server-run bots, turn clocks on an
injected clock, resignation, abandonment, rematch, and what a table may never show."""

from __future__ import annotations

import random
import re
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from cardgames_client import CardgamesError, Client, CreatedGame, pb, table_options
from google.protobuf.json_format import MessageToDict

from engine_service.rules import new_game, parse_move
from tests.rules.invariants import card_codes_in, knowable_codes
from tests.service.file_clock import START, FileClock
from tests.service.players import QUICK_OPTIONS, choose, error_of
from tests.service.server_process import ServerProcess

VARIANTS = ["euchre3", "belote3", "hearts", "belote"]
PLAYERS = {"euchre3": 3, "belote3": 3, "hearts": 4, "belote": 4}
CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")


@pytest.fixture()
def clock(tmp_path: Path) -> FileClock:
    return FileClock(tmp_path / "clock")


@pytest.fixture()
def clocked(tmp_path: Path, clock: FileClock) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "clocked.db", env={"CARDGAMES_TEST_CLOCK": str(clock.path)}).start()
    yield process
    process.stop()


def changes(client: Client, game_id: str, seat: int | None = None, token: str | None = None,
            after: int | None = None) -> Iterator[pb.GameChange]:
    for item in client.watch(game_id, seat, token, after_version=after, timeout=120):
        if item.HasField("change"):
            yield item.change


def until(stream: Iterator[pb.GameChange], kind: str) -> pb.GameChange:
    """The first change holding an event of ``kind`` (waiting on the watch stream, no polling)."""
    for change in stream:
        if any(event.kind == kind for event in change.events):
            return change
    raise AssertionError(f"the game ended without a {kind} event")


# ----------------------------------------------------------------------------- seats


def test_an_open_seat_waits_is_listed_and_starts_the_game_when_claimed(server, client):
    game = client.create_game("belote", table=table_options(["open", "reserved", "invite", "bot:random"]))
    assert game.view.status == pb.GAME_STATUS_WAITING
    assert [seat.kind for seat in game.view.seats] == [pb.SEAT_KIND_OPEN, pb.SEAT_KIND_RESERVED, pb.SEAT_KIND_OPEN,
                                                       pb.SEAT_KIND_BOT]
    assert game.tokens[1] and not game.tokens[0] and not game.tokens[3] and set(game.invitations) == {2}
    waiting = client.get_game(game.game_id, 1, game.tokens[1])
    assert not waiting.hand and not waiting.to_act and not waiting.legal_moves and waiting.viewer == 1
    lobby = [summary for summary in client.iter_games("belote", open_seats=True) if summary.game_id == game.game_id]
    assert [summary.open_seats for summary in lobby] == [1]  # the invited seat is not open to anyone

    first = client.claim_seat(game.game_id)
    assert first.seat == 0 and first.view.status == pb.GAME_STATUS_WAITING
    assert game.game_id not in {summary.game_id for summary in client.iter_games(open_seats=True)}
    guest = client.claim_seat(game.game_id, invitation_code=game.invitations[2])
    assert guest.seat == 2 and guest.view.status == pb.GAME_STATUS_ACTIVE and len(guest.view.hand) == 5
    mine = client.get_game(game.game_id, 0, first.token)
    assert len(mine.hand) == 5 and set(mine.hand).isdisjoint(guest.view.hand)
    assert mine.version == 2 and [seat.taken for seat in mine.seats] == [True] * 4


def test_every_refused_claim_has_its_status_and_reason_and_changes_nothing(server, client):
    game = client.create_game("hearts", table=table_options(["open", "invite", "bot:greedy", "reserved"]))
    client.claim_seat(game.game_id, 0)
    before = client.get_game(game.game_id).SerializeToString()
    cases = [
        (lambda: client.claim_seat(game.game_id, 0), grpc.StatusCode.FAILED_PRECONDITION, "SEAT_TAKEN"),
        (lambda: client.claim_seat(game.game_id, 2), grpc.StatusCode.FAILED_PRECONDITION, "SEAT_NOT_OPEN"),
        (lambda: client.claim_seat(game.game_id, 3), grpc.StatusCode.FAILED_PRECONDITION, "SEAT_NOT_OPEN"),
        (lambda: client.claim_seat(game.game_id), grpc.StatusCode.FAILED_PRECONDITION, "NO_OPEN_SEAT"),
        (lambda: client.claim_seat(game.game_id, 1), grpc.StatusCode.PERMISSION_DENIED, "INVALID_INVITATION"),
        (lambda: client.claim_seat(game.game_id, 1, invitation_code="guess"), grpc.StatusCode.PERMISSION_DENIED,
         "INVALID_INVITATION"),
        (lambda: client.claim_seat(game.game_id, invitation_code="x" * 500), grpc.StatusCode.INVALID_ARGUMENT,
         "INVALID_ARGUMENT"),
        (lambda: client.claim_seat(game.game_id, 9), grpc.StatusCode.INVALID_ARGUMENT, "INVALID_SEAT"),
        (lambda: client.claim_seat("no-such-game"), grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND"),
        # Nothing is dealt yet: no move, hint or resignation.
        (lambda: client.submit_move(game.game_id, 3, game.tokens[3], "give:2C 3C 4C"),
         grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_STARTED"),
        (lambda: client.get_hint(game.game_id, 3, game.tokens[3]), grpc.StatusCode.FAILED_PRECONDITION,
         "GAME_NOT_STARTED"),
        (lambda: client.resign(game.game_id, 3, game.tokens[3]), grpc.StatusCode.FAILED_PRECONDITION,
         "GAME_NOT_STARTED"),
        (lambda: client.rematch(game.game_id, 3, game.tokens[3]), grpc.StatusCode.FAILED_PRECONDITION,
         "GAME_NOT_OVER"),
        # A bot's seat has no token: no token moves for it.
        (lambda: client.submit_move(game.game_id, 2, game.tokens[3], "give:2C 3C 4C"),
         grpc.StatusCode.PERMISSION_DENIED, "WRONG_SEAT"),
    ]
    for call, code, reason in cases:
        error = error_of(call)
        assert (error.code, error.reason) == (code, reason), error
    assert client.get_game(game.game_id).SerializeToString() == before
    assert client.validate_move(game.game_id, 3, game.tokens[3], "give:2C 3C 4C").reason == "GAME_NOT_STARTED"


@pytest.mark.parametrize(("table", "field"), [
    (table_options(["open", "open"]), "table.seats"),
    (table_options(["reserved"] * 4, increment_ms=5), "table.clock.increment_ms"),
    (table_options(["reserved"] * 4, per_move_ms=-1), "table.clock.per_move_ms"),
    (table_options(["reserved"] * 4, bot_delay_ms=-5), "table.bot_delay_ms"),
    (table_options(["reserved"] * 4, bot_budget_ms=0), "table.bot_budget_ms"),
    (table_options(["reserved"] * 4, abandon_after_ms=10**13), "table.abandon_after_ms"),
    (pb.TableOptions(seats=[pb.SeatSetup(kind=pb.SEAT_KIND_RESERVED, invitation=True)] * 4), "table.seats[0].invitation"),
    (pb.TableOptions(seats=[pb.SeatSetup(kind=pb.SEAT_KIND_OPEN, strength=pb.BOT_STRENGTH_HINT)] * 4),
     "table.seats[0].strength"),
    (pb.TableOptions(seats=[pb.SeatSetup(kind=7)] * 4), "table.seats[0].kind"),  # type: ignore[arg-type]
])
def test_a_table_out_of_range_is_refused_naming_its_field(client, table, field):
    error = error_of(lambda: client.create_game("hearts", table=table))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.fields == (field,), error


def test_two_clients_claiming_one_seat_at_once_exactly_one_gets_it(server):
    with Client(server.address) as client:
        games = [client.create_game("euchre3", table=table_options(["open", "reserved", "reserved"])).game_id
                 for _ in range(20)]
    for game_id in games:
        outcomes: list[str] = []
        barrier = threading.Barrier(2)
        threads = [threading.Thread(target=_claim_at_once, args=(server.address, game_id, barrier, outcomes))
                   for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["SEAT_TAKEN", "claimed"]
    with Client(server.address) as client:
        assert all(client.get_game(game_id).version == 1 for game_id in games)


def _claim_at_once(address: str, game_id: str, barrier: threading.Barrier, outcomes: list[str]) -> None:
    with Client(address) as mine:
        barrier.wait()
        try:
            mine.claim_seat(game_id, 0)
            outcomes.append("claimed")
        except CardgamesError as error:
            outcomes.append(error.reason)


# ----------------------------------------------------------------------------- bots


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_bots_play_a_whole_match_with_nobody_connected(server, variant):
    with Client(server.address) as creator:
        game = creator.create_game(variant, QUICK_OPTIONS[variant],
                                   table=table_options(["bot:random"] * PLAYERS[variant], bot_delay_ms=0,
                                                       deal_pause_ms=0))
    with Client(server.address) as spectator:  # after the fact: every change, from the first
        seen = list(changes(spectator, game.game_id, after=0))
        final = spectator.get_game(game.game_id)
    assert final.status == pb.GAME_STATUS_FINISHED and final.outcome.end == pb.END_KIND_PLAYED_OUT
    assert [change.version for change in seen] == list(range(1, final.version + 1))
    assert len(final.results) >= 1 and final.outcome.winners == final.winners


def test_a_person_plays_a_hearts_deal_against_three_hint_bots_and_a_spectator_sees_it_all(server, client):
    seed = "hint-bots-table"
    game = client.create_game("hearts", seed=seed, table=table_options(
        ["open", "bot:hint", "bot:hint", "bot:hint"], bot_delay_ms=0, bot_budget_ms=30, deal_pause_ms=600_000))
    watched: list[pb.WatchGameResponse] = []
    spectator = threading.Thread(target=lambda: watched.extend(_watch_until_deal_over(server.address, game.game_id)))
    spectator.start()
    me = client.claim_seat(game.game_id)
    rng = random.Random(5)
    seen: list[object] = [me.view]
    errors: list[CardgamesError] = []
    for change in changes(client, game.game_id, me.seat, me.token, after=me.view.version):
        seen.append(change)
        view = client.get_game(game.game_id, me.seat, me.token)
        seen.append(view)
        if view.phase == pb.PHASE_DEAL_OVER:
            break
        if me.seat in view.to_act:
            seen.append(client.get_hint(game.game_id, me.seat, me.token, budget_ms=30))
            if view.phase == pb.PHASE_PLAY and len(view.legal_moves) < len(view.hand):  # a card it may not play
                illegal = sorted(set(view.hand) - {move.play.card for move in view.legal_moves})[0]
                errors.append(error_of(lambda view=view, illegal=illegal: client.submit_move(
                    game.game_id, me.seat, me.token, f"play:{illegal}")))
            seen.append(client.submit_move(game.game_id, me.seat, me.token, choose(view, rng)))
    spectator.join(timeout=120)
    final = client.get_game(game.game_id)
    assert final.phase == pb.PHASE_DEAL_OVER and len(final.results) == 1
    played = [event for item in watched if item.HasField("change") for event in item.change.events
              if event.kind == "card_played"]
    assert len(played) == 52 and {event.seat for event in played} == {0, 1, 2, 3}
    versions = [item.change.version for item in watched if item.HasField("change")]
    assert versions == list(range(1, final.version + 1)), "the spectator saw every entry once, in order"
    assert errors, "no illegal card was tried"
    for error in errors:  # an error names the player's own card, and what is legal: nothing hidden
        shown = set(CARD.findall(error.message))
        assert shown <= set(final_hand_of(client, game.game_id, me)), error.message
    _assert_nothing_leaked(server, game.game_id, seed, me.seat, seen, watched, [me.token])


def final_hand_of(client: Client, game_id: str, me) -> list[str]:
    """Every card the seat held in the deal: dealt, or received in the pass."""
    view = client.get_game(game_id, me.seat, me.token)
    return [entry.card for trick in view.tricks for entry in trick.cards if entry.seat == me.seat]


def _watch_until_deal_over(address: str, game_id: str) -> list[pb.WatchGameResponse]:
    items = []
    with Client(address) as spectator:  # from the first entry on, however late the stream opens
        for item in spectator.watch(game_id, after_version=0, timeout=120):
            items.append(item)
            if item.HasField("change") and any(event.kind == "deal_scored" for event in item.change.events):
                break
    return items


def _assert_nothing_leaked(server: ServerProcess, game_id: str, seed: str, seat: int, seen: list[object],
                           watched: list[pb.WatchGameResponse], secrets: list[str]) -> None:
    """What the person and the spectator were shown names only cards they could know at
    its version (replayed from the stored log on a replica), and no token or log line
    names a card or a token."""
    with sqlite3.connect(server.database) as db:
        log = list(db.execute("SELECT version, seat, move FROM moves WHERE game_id = ? ORDER BY version", (game_id,)))
    replica = new_game("hearts", seed=seed)
    known: dict[int | None, list[set[str]]] = {None: [knowable_codes(replica, None)], seat: [knowable_codes(replica, seat)]}
    for _, mover, text in log:
        if not text.startswith("@"):
            replica.push(mover, parse_move(text, replica.deck))
        for viewer in known:
            known[viewer].append(known[viewer][-1] | knowable_codes(replica, viewer))
    spectator_items = [item.snapshot if item.HasField("snapshot") else item.change for item in watched]
    for viewer, messages in ((seat, seen), (None, spectator_items)):
        for message in messages:
            version = getattr(message, "version", None)
            if version is None:  # a hint or an answer: its version is inside
                version = message.hint.version if hasattr(message, "hint") else message.version  # type: ignore[attr-defined]
            as_dict = MessageToDict(message)  # type: ignore[arg-type]
            leaked = card_codes_in(as_dict, replica) - known[viewer][version]
            assert not leaked, f"viewer {viewer} at v{version} was shown {sorted(leaked)}"
            assert not any(secret in str(as_dict) for secret in secrets)
    logged = "".join(server.logs)
    assert not CARD.search(logged) and not any(secret in logged for secret in secrets)


# ----------------------------------------------------------------------------- clocks


def test_a_person_out_of_time_gets_his_stand_in_bots_move(clocked, clock):
    with Client(clocked.address) as client:
        game = client.create_game("euchre3", table=table_options(["reserved"] * 3, per_move_ms=10_000,
                                                                 bank_ms=5_000))
        first = client.get_game(game.game_id)
        seat = first.to_act[0]
        assert first.clocks[seat].deadline == START + 15 and first.clocks[seat].bank_ms == 5_000
        stream = changes(client, game.game_id, after=0)
        clock.advance(14.9)
        assert client.get_game(game.game_id).version == 0  # not yet
        clock.advance(0.2)
        timed = until(stream, "timed_out")
        assert timed.seat == seat and timed.version == 1
        assert timed.events[0].timed_out.policy == pb.TIMEOUT_POLICY_BOT and timed.events[1].kind == "bid"
        after = client.get_game(game.game_id)
        assert after.clocks[seat].bank_ms == 0
        # The watch stream carries the clocks: the next decision started with the entry, with
        # its own per-move time and what is left in its seat's bank (none for the seat that
        # timed out, if it decides again: the taker's discard).
        nxt = after.to_act[0]
        allowance = 10 + (5 if nxt != seat else 0)
        assert timed.at == clock.now and timed.clocks[nxt].deadline == clock.now + allowance
        assert timed.clocks[nxt].time_left_ms == after.clocks[nxt].time_left_ms == allowance * 1000
        assert all(not after.clocks[other].HasField("deadline") for other in range(3) if other != nxt)


def test_a_late_move_is_refused_once_the_time_is_out(clocked, clock):
    with Client(clocked.address) as client:
        game = client.create_game("belote", table=table_options(["reserved"] * 4, per_move_ms=10_000,
                                                                timeout_policy="forfeit", abandon_after_ms=0))
        seat = client.get_game(game.game_id).to_act[0]
        stream = changes(client, game.game_id, after=0)
        clock.advance(10)
        try:
            client.submit_move(game.game_id, seat, game.tokens[seat], "pass")
        except CardgamesError as error:  # the server may have applied the forfeit first
            assert error.reason in ("OUT_OF_TIME", "GAME_OVER"), error
        else:
            raise AssertionError("a move after the deadline was accepted")
        ended = until(stream, "forfeited")
        assert ended.seat == seat and [event.kind for event in ended.events] == ["timed_out", "forfeited", "game_over"]
        final = client.get_game(game.game_id)
        assert final.status == pb.GAME_STATUS_FINISHED and final.outcome.end == pb.END_KIND_FORFEITED
        assert final.outcome.seat == seat and sorted(final.outcome.winners) == [s for s in range(4) if s % 2 != seat % 2]
        assert final.version == 1


def test_an_idle_game_is_abandoned(clocked, clock):
    with Client(clocked.address) as client:
        game = client.create_game("hearts", table=table_options(["reserved", "open", "open", "open"],
                                                                abandon_after_ms=60_000))
        stream = changes(client, game.game_id, after=0)
        clock.advance(61)
        abandoned = until(stream, "abandoned")
        assert not abandoned.HasField("seat")
        final = client.get_game(game.game_id)
        assert final.status == pb.GAME_STATUS_ABANDONED and final.outcome.end == pb.END_KIND_ABANDONED
        assert not final.outcome.winners
        assert error_of(lambda: client.claim_seat(game.game_id)).reason == "GAME_OVER"


def test_after_a_sigkill_the_due_bot_and_the_passed_deadline_are_applied_once(tmp_path, clock):
    env = {"CARDGAMES_TEST_CLOCK": str(clock.path)}
    server = ServerProcess(tmp_path / "kill.db", env=env).start()
    with Client(server.address) as client:
        bot_game = client.create_game("euchre3", table=table_options(["bot:greedy"] * 3, bot_delay_ms=30_000))
        timed = client.create_game("euchre3", table=table_options(["reserved"] * 3, per_move_ms=20_000))
        seat = client.get_game(timed.game_id).to_act[0]
    server.kill()  # nothing due yet: the bot waits 30 s, the deadline is 20 s away
    clock.advance(31)  # both pass while the server is down
    for _ in range(3):  # restarted, killed and restarted again: applied once all the same
        server = ServerProcess(tmp_path / "kill.db", env=env).start()
        with Client(server.address) as client:
            bot_change = next(changes(client, bot_game.game_id, after=0))
            timeout_change = next(changes(client, timed.game_id, after=0))
        server.kill()
    assert bot_change.version == 1 and timeout_change.events[0].kind == "timed_out" and timeout_change.seat == seat
    with sqlite3.connect(tmp_path / "kill.db") as db:
        logged = dict(db.execute("SELECT game_id, COUNT(*) FROM moves GROUP BY game_id"))
    # The bots' game moves on by itself (one move per 30 s: the clock is frozen after one);
    # the timed game has its one timeout and nothing else.
    assert logged == {bot_game.game_id: 1, timed.game_id: 1}


# ----------------------------------------------------------------------------- lifecycle


def test_resign_out_of_turn_is_refused_then_the_turn_resigns_and_a_rematch_follows(server, client):
    game = client.create_game("belote", table=table_options(["reserved", "bot:random", "reserved", "bot:random"],
                                                            bot_delay_ms=0))
    view = client.get_game(game.game_id)
    human = 0 if 0 in view.to_act else 2
    if view.to_act[0] != human:  # a bot bids first: wait for the person's turn
        stream = changes(client, game.game_id, after=view.version)
        while human not in client.get_game(game.game_id).to_act:
            next(stream)
    other = 2 - human
    before = client.get_game(game.game_id).SerializeToString()
    error = error_of(lambda: client.resign(game.game_id, other, game.tokens[other]))
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
    assert error_of(lambda: client.resign(game.game_id, human, game.tokens[other])).reason == "WRONG_SEAT"
    assert client.get_game(game.game_id).SerializeToString() == before

    resigned = client.resign(game.game_id, human, game.tokens[human])
    assert [event.kind for event in resigned.change.events] == ["resigned", "game_over"]
    final = client.get_game(game.game_id)
    assert final.status == pb.GAME_STATUS_FINISHED and final.outcome.end == pb.END_KIND_RESIGNED
    assert final.outcome.seat == human and sorted(final.outcome.winners) == [1, 3]
    assert error_of(lambda: client.resign(game.game_id, human, game.tokens[human])).reason == "GAME_OVER"

    again = client.rematch(game.game_id, human, game.tokens[human])
    assert again.view.status == pb.GAME_STATUS_WAITING and again.seat == human  # the partner has not asked yet
    assert client.rematch(game.game_id, human, game.tokens[human]).token == again.token  # a lost answer: asked again
    partner = client.rematch(game.game_id, other, game.tokens[other])
    assert partner.game_id == again.game_id and partner.token != again.token
    rematch = client.get_game(again.game_id, human, again.token)
    assert rematch.status == pb.GAME_STATUS_ACTIVE and rematch.rematch_of == game.game_id
    assert [(seat.kind, seat.strength) for seat in rematch.seats][1::2] == [(pb.SEAT_KIND_BOT, pb.BOT_STRENGTH_RANDOM)] * 2
    assert client.get_game(game.game_id).rematch_game_id == again.game_id
    # The old tokens are not the new ones, and nobody else can take a player's seat.
    assert error_of(lambda: client.get_game(again.game_id, human, game.tokens[human])).reason == "INVALID_CREDENTIAL"
    assert error_of(lambda: client.claim_seat(again.game_id, human, invitation_code="guess")).reason in (
        "SEAT_TAKEN", "INVALID_INVITATION")


def test_any_table_options_are_created_or_refused_with_a_field_never_an_internal_error(server, client):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    durations = st.one_of(st.none(), st.integers(-2, 10**13), st.sampled_from([0, 1, 1000, 604_800_000]))
    seat = st.builds(pb.SeatSetup, kind=st.integers(0, 5), strength=st.integers(0, 5), invitation=st.booleans())

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(seat, min_size=1, max_size=5), st.integers(-1, 10**13), st.integers(-1, 10**6), st.integers(-1, 10**6),
           st.integers(0, 4), st.integers(0, 4), durations, durations, durations, durations)
    def create(seats, per_move, bank, increment, policy, stand_in, delay, pause, budget, abandon):
        # Seat 0 stays open: a table that is created waits, and its bots never start playing.
        table = pb.TableOptions(seats=[pb.SeatSetup(kind=pb.SEAT_KIND_OPEN), *seats[1:]],
                                clock=pb.ClockOptions(per_move_ms=per_move, bank_ms=bank, increment_ms=increment,
                                                      timeout_policy=policy, stand_in=stand_in))  # type: ignore[arg-type]
        for name, value in (("bot_delay_ms", delay), ("deal_pause_ms", pause), ("bot_budget_ms", budget),
                            ("abandon_after_ms", abandon)):
            if value is not None:
                setattr(table, name, value)
        try:
            created = client.create_game("hearts", table=table)
        except CardgamesError as error:
            assert error.code == grpc.StatusCode.INVALID_ARGUMENT, error
            assert error.reason in ("INVALID_OPTION", "INVALID_ARGUMENT") and len(error.fields) == 1, error
            assert error.fields[0].startswith("table."), error
        else:
            assert created.view.status in (pb.GAME_STATUS_WAITING, pb.GAME_STATUS_ACTIVE)

    create()


def test_another_process_on_the_database_runs_the_bots_of_one_that_died(tmp_path, clock):
    """Two servers share one file; the one that made a bot table's last entry is killed:
    the other, told nothing, finds the game due in the database and plays it on."""
    env = {"CARDGAMES_TEST_CLOCK": str(clock.path)}
    first = ServerProcess(tmp_path / "shared.db", env=env).start()
    second = ServerProcess(tmp_path / "shared.db", env=env).start()
    try:
        with Client(first.address) as client:
            game = client.create_game("euchre3", table=table_options(["bot:random"] * 3, bot_delay_ms=60_000))
        first.kill()
        clock.advance(61)  # due now; only the second server is left to see it
        with Client(second.address) as client:
            change = next(changes(client, game.game_id, after=0))
            dealer = client.get_game(game.game_id).dealer
        assert change.version == 1 and change.seat == (dealer + 1) % 3
    finally:
        second.stop()


def test_racing_rematches_give_each_player_its_own_seat_and_token(server):
    """Every player of a finished game, twice each, all at once: each call gets its own
    seat's token (the same for both of a player's calls), none is refused."""
    import threading

    with Client(server.address) as client:
        for trial in range(4):
            game = client.create_game("euchre3", seed=f"race-{trial}")
            client.resign(game.game_id, client.get_game(game.game_id).to_act[0],
                          game.tokens[client.get_game(game.game_id).to_act[0]])
            callers = [seat for seat in range(3) for _ in range(2)]
            answers: dict[int, list[object]] = {seat: [] for seat in range(3)}
            start = threading.Barrier(len(callers))

            def ask(seat: int, game: CreatedGame = game, answers: dict[int, list[object]] = answers,
                    start: threading.Barrier = start) -> None:
                with Client(server.address) as own:
                    start.wait()
                    try:
                        answers[seat].append(own.rematch(game.game_id, seat, game.tokens[seat]))
                    except CardgamesError as error:
                        answers[seat].append(error)

            threads = [threading.Thread(target=ask, args=(seat,)) for seat in callers]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            got = {seat: [(answer.game_id, answer.seat, answer.token) for answer in seen] for seat, seen in answers.items()}
            for seat, seen in got.items():
                assert all(isinstance(answer, tuple) for answer in seen), answers[seat]
                assert len(set(seen)) == 1 and seen[0][1] == seat, seen
            rematch_ids = {seen[0][0] for seen in got.values()}
            assert len(rematch_ids) == 1
            view = client.get_game(rematch_ids.pop())
            assert [info.taken for info in view.seats] == [True, True, True]

"""GetHint through a real server: every card-play decision of a deal gets a hint whose top
option is legal; other decisions, other seats and spent deadlines get their statuses."""

from __future__ import annotations

import itertools
import math
import random
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from cardgames_client import CardgamesError, Client, CreatedGame, deal_input, move_text, pb

from engine_service.rules import Deal, new_game
from engine_service.rules.notation import format_deal
from tests.service.players import QUICK_OPTIONS, choose, error_of
from tests.service.server_process import ServerProcess


def legal_moves(view: pb.GameView) -> list[str]:
    """Every legal move of the viewing seat, a hearts pass as every choice of three cards."""
    selection = view.card_selection
    if selection.count:
        return ["give:" + " ".join(sorted(cards)) for cards in itertools.combinations(selection.cards, selection.count)]
    return [move_text(move) for move in view.legal_moves]


def free_slot_hint(client: Client, game: CreatedGame, seat: int):
    """A short hint (it waits its turn if the hint slots are busy)."""
    return client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=10)


def outcome_of(call: Callable[[], object]) -> object:
    """What a call returns, or the error it raises."""
    try:
        return call()
    except CardgamesError as error:
        return error


def metric(address: str, name: str) -> float:
    """A metric's value, as the server's /metrics says."""
    with urllib.request.urlopen(f"http://{address}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    line = next(line for line in text.splitlines() if line.startswith(name + " "))
    return float(line.rsplit(" ", 1)[1])


def strong_euchre3_deal() -> str:
    """Seat 1 speaks first holding the Oracle, the Sage and three more trumps of the turned
    suit: its hint takes, and its next decision is the discard."""
    deck = new_game("euchre3").deck
    cards = {card.code: card for card in deck.cards}
    strong = ["IA", "IC", "SA", "CA", "AA"]
    rest = [code for code in sorted(cards) if code not in strong and code != "MA"]
    hands = (rest[:5], strong, rest[5:10])
    deal = Deal(tuple(frozenset(cards[c] for c in hand) for hand in hands),
                (cards["MA"], *(cards[c] for c in rest[10:])))
    return format_deal(deck, deal)


FIRST_DEALS = {"euchre3": strong_euchre3_deal()}


def play_until_card_play(client: Client, game: CreatedGame, rng: random.Random) -> pb.GameView:
    """Random legal moves until the first card is to be played; the spectator's view then."""
    while (table := client.get_game(game.game_id)).phase != pb.PHASE_PLAY:
        seat = table.to_act[0]
        client.submit_move(game.game_id, seat, game.tokens[seat],
                           choose(client.get_game(game.game_id, seat, game.tokens[seat]), rng))
    return table


@pytest.mark.parametrize("variant", ["euchre3", "belote3", "belote", "hearts"])
def test_a_full_game_played_by_its_hints(server, variant):
    """Every seat plays the top hint of every decision (bids, the discard, declarations, the
    hearts pass, cards) until the match ends: each hint offers exactly the legal moves.
    Between deals there is nothing to hint (HINT_UNAVAILABLE)."""
    with Client(server.address) as client:
        game = client.create_game(variant, QUICK_OPTIONS[variant], seed=f"hints-{variant}",
                                  deal=FIRST_DEALS.get(variant))
        hinted: dict[int, int] = {}
        while (table := client.get_game(game.game_id)).status != pb.GAME_STATUS_FINISHED:
            seat = table.to_act[0]
            view = client.get_game(game.game_id, seat, game.tokens[seat])
            if view.phase == pb.PHASE_DEAL_OVER:
                error = error_of(lambda seat=seat: client.get_hint(game.game_id, seat, game.tokens[seat]))
                assert error.code == grpc.StatusCode.FAILED_PRECONDITION and error.reason == "HINT_UNAVAILABLE"
                client.submit_move(game.game_id, seat, game.tokens[seat], "next-deal")
                continue
            # A budget of 1 ms: the minimum of 4 deals, to keep the whole match short.
            hint = client.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=1, seed=7)
            assert hint.seat == seat and hint.version == view.version and hint.samples >= 1
            offered = [move_text(option.move) for option in hint.options]
            assert sorted(offered) == sorted(legal_moves(view))
            assert all(option.stderr >= 0 or math.isinf(option.stderr) for option in hint.options)
            # Each option's shortfall behind the best has its error: 0 for the best, infinite with one deal.
            assert hint.options[0].behind_stderr == 0 or hint.samples == 1
            assert all(option.behind_stderr >= 0 for option in hint.options)
            assert all(math.isinf(option.behind_stderr) == (hint.samples == 1) for option in hint.options)
            hinted[view.phase] = hinted.get(view.phase, 0) + 1
            client.submit_move(game.game_id, seat, game.tokens[seat], offered[0])
        expected = {
            "euchre3": {pb.PHASE_BIDDING, pb.PHASE_DISCARD, pb.PHASE_PLAY},
            "belote3": {pb.PHASE_BIDDING, pb.PHASE_PLAY},
            "belote": {pb.PHASE_BIDDING, pb.PHASE_DECLARATIONS, pb.PHASE_PLAY},
            "hearts": {pb.PHASE_PASSING, pb.PHASE_PLAY},
        }[variant]
        assert set(hinted) == expected


def test_the_same_seed_gives_the_same_hint_and_other_seats_get_none(server):
    with Client(server.address) as client:
        game = client.create_game("euchre3", seed="hint-repeat")
        table = play_until_card_play(client, game, random.Random(2))
        seat = table.to_act[0]
        token = game.tokens[seat]
        first = client.get_hint(game.game_id, seat, token, budget_ms=60_000, seed=123, max_samples=40)
        again = client.get_hint(game.game_id, seat, token, budget_ms=60_000, seed=123, max_samples=40)
        assert first.samples == again.samples == 40
        assert list(first.options) == list(again.options)
        other = (seat + 1) % 3
        error = error_of(lambda: client.get_hint(game.game_id, other, game.tokens[other]))
        assert error.code == grpc.StatusCode.FAILED_PRECONDITION and error.reason == "NOT_YOUR_TURN"
        error = error_of(lambda: client.get_hint(game.game_id, seat, game.tokens[other]))
        assert error.code == grpc.StatusCode.PERMISSION_DENIED
        error = error_of(lambda: client.get_hint(game.game_id, seat, token, max_samples=401))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "max_samples" in error.fields
        error = error_of(lambda: client.get_hint(game.game_id, seat, token, budget_ms=-1))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "budget_ms" in error.fields


# Every search of these servers a thousand times slower (the server's test hook): a solve
# then outlasts any deadline a test gives it, whatever the speed of the machine.
CRAWLING = {"CARDGAMES_TEST_SLOWDOWN": "1000"}


def test_a_hint_that_cannot_finish_by_the_deadline_is_deadline_exceeded_and_the_server_keeps_answering(tmp_path):
    process = ServerProcess(tmp_path / "games.db", env=CRAWLING).start()
    try:
        with Client(process.address) as client:
            game = client.create_game("belote3", seed="slow-q")
            table = play_until_card_play(client, game, random.Random(3))
            seat = table.to_act[0]
            with Client(process.address, timeout=0.3) as hurried:
                error = error_of(lambda: hurried.get_hint(game.game_id, seat, game.tokens[seat], seed=5))
            assert error.code == grpc.StatusCode.DEADLINE_EXCEEDED
            assert client.get_game(game.game_id).version == table.version
    finally:
        process.stop()


def test_a_busy_hint_pool_queues_hints_refuses_at_once_those_it_would_keep_past_their_deadline(tmp_path):
    """One hint slot, searches crawling: while a long hint runs (8 s), a hint whose deadline the
    wait would pass is refused at once (RESOURCE_EXHAUSTED, WAIT_PAST_DEADLINE, the expected
    wait as RetryInfo); one with time to wait waits and is answered after it; analyses (their
    own pool) and reads answer meanwhile."""
    process = ServerProcess(tmp_path / "games.db", "--hint-slots", "1", "--metrics-address", "127.0.0.1:0",
                            env=CRAWLING).start()
    metrics = process.wait_for_log(lambda record: record.get("event") == "metrics_started")["address"]
    try:
        with Client(process.address, timeout=8.0) as long_client, Client(process.address) as client:
            game = client.create_game("belote3", seed="slow-q")  # slow deals: see the deadline test
            table = play_until_card_play(client, game, random.Random(3))
            seat = table.to_act[0]
            quick = client.create_game("euchre3", seed="quick-probe")  # its hints take a millisecond
            quick_seat = play_until_card_play(client, quick, random.Random(4)).to_act[0]
            with ThreadPoolExecutor(2) as pool:
                # Crawling searches: the call's 8 s deadline ends it (with the deals solved by then, or none).
                running = pool.submit(lambda: outcome_of(lambda: long_client.get_hint(
                    game.game_id, seat, game.tokens[seat], budget_ms=60_000)))
                while not metric(metrics, 'cardgames_solver_slots_busy{pool="hint"}'):
                    assert not running.done(), running.result()
                hurried = Client(process.address, timeout=1.0)
                refused = error_of(lambda: hurried.get_hint(quick.game_id, quick_seat, quick.tokens[quick_seat],
                                                            budget_ms=1))
                # Refused at once: had it waited for its deadline, it would be DEADLINE_EXCEEDED.
                assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "WAIT_PAST_DEADLINE")
                assert refused.retry_after is not None and 1.0 < refused.retry_after <= 8.0, refused.retry_after
                patient = pool.submit(lambda: Client(process.address, timeout=60).get_hint(
                    quick.game_id, quick_seat, quick.tokens[quick_seat], budget_ms=1))
                while not metric(metrics, 'cardgames_solver_waiting{pool="hint"}'):  # it waits its turn
                    assert not patient.done(), patient.result()
                last_trick = deal_input("belote", position="0:A... K... Q... J...;trump=H;taker=0;leader=0")
                assert client.analyze_deal(last_trick).play.value == 30  # the ace, ten of last trick
                assert list(client.analyze_deals([last_trick]))[0].analysis.play.value == 30
                for _ in range(20):
                    client.get_game(game.game_id, seat, game.tokens[seat])
                # Liveness, not speed: a solve holding the GIL would hold these reads until it ended.
                assert not running.done(), "the reads waited for the hint"
                outcome = running.result()
                assert getattr(outcome, "code", grpc.StatusCode.DEADLINE_EXCEEDED) == grpc.StatusCode.DEADLINE_EXCEEDED
                assert patient.result().samples >= 1  # it waited its turn, and was answered
    finally:
        process.stop()


def test_more_hint_callers_than_threads_all_wait_their_turn_and_are_answered(tmp_path):
    """Two hint slots, searches ten times slower, eight players asking at once (each for a
    budget the slots cannot serve side by side): none is refused, every one is answered."""
    process = ServerProcess(tmp_path / "games.db", "--hint-slots", "2", env={"CARDGAMES_TEST_SLOWDOWN": "10"}).start()
    try:
        with Client(process.address, timeout=60) as client:
            seats = []
            for number in range(8):
                game = client.create_game("belote", seed=f"queue-{number}")
                seats.append((game, client.get_game(game.game_id).to_act[0]))

            def ask(entry: tuple[CreatedGame, int]) -> pb.Hint:
                game, seat = entry
                with Client(process.address, timeout=60) as own:
                    return own.get_hint(game.game_id, seat, game.tokens[seat], budget_ms=300)

            with ThreadPoolExecutor(len(seats)) as pool:
                answered = list(pool.map(ask, seats))
        assert all(hint.samples >= 1 for hint in answered)
    finally:
        process.stop()

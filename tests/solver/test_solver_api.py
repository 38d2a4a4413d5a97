"""The Python face of the solver: results, tables, typed errors, batches, the GIL."""

from __future__ import annotations

import threading
import time

import pytest

from engine_service import solver
from engine_service.rules import Phase, format_deal, format_position, new_game
from engine_service.solver import (
    InvalidInputError,
    InvalidPositionError,
    NotationError,
    Solver,
    SolverError,
    UnknownVariantError,
    slowed_down,
)

BELOTE_POSITION = "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0"  # 5 cards each


def first_card(variant: str, seed: str, cards_left: int | None = None) -> str:
    """The position at the first card of a seeded deal (or once each hand holds ``cards_left``)."""
    import random

    game = new_game(variant, seed=seed)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY or (cards_left is not None and max(game.hand_counts()) > cards_left) or game.current_trick:
        if game.phase is Phase.DEAL_OVER:
            game = new_game(variant, seed=seed + "x")
        seat = rng.choice(game.to_act())
        game.push(seat, rng.choice(game.legal_moves(seat)))
    return format_position(game.deck, game.position())


def test_solution_fields_and_line_values():
    result = Solver().solve("belote", BELOTE_POSITION)
    assert result.to_play == 0 and result.maximising
    assert set(result.card_values) == {"AS", "TS", "KH", "QH", "AD"}
    assert result.value == max(result.card_values.values())
    assert result.line[0] in result.best_cards() and len(result.line) == 20
    assert result.nodes > 0


@pytest.mark.parametrize("variant", ["belote3", "belote", "euchre3"])
def test_reaches_is_true_up_to_the_value_and_false_beyond(variant):
    position = first_card(variant, "reach")
    value = Solver().value(variant, position)
    assert Solver().reaches(variant, position, value)
    assert not Solver().reaches(variant, position, value + 1)
    assert Solver().reaches(variant, position, 0)
    assert Solver().line_short_of(variant, position, value) is None
    short = Solver().line_short_of(variant, position, value + 5)
    assert short is not None and len(short) == len(Solver().solve(variant, position).line)
    with pytest.raises(InvalidPositionError):
        Solver().reaches("hearts", first_card("hearts", "reach", cards_left=4), 3)  # no player


def test_reaches_stops_at_its_deadline():
    # The taker's value is 30; proving it takes about a million nodes.
    hard = "1:.AQJ7.AKJ.KQ8 KJT9.KT98.7.J AQ8..QT98.AT9;trump=H;taker=2;leader=1;points=0 0 0;tricks=0 0 0"
    with pytest.raises(solver.SolveStoppedError):
        Solver().reaches("belote3", hard, 30, deadline=0)
    assert not Solver().reaches("belote3", hard, 55)  # cheap: far from the value


def test_engine_position_objects_are_accepted():
    game = new_game("euchre3", seed="pos")
    while game.phase is not Phase.PLAY:
        seat = game.to_act()[0]
        game.push(seat, game.legal_moves(seat)[-1])  # take (or name the last suit), then discard
    by_text = Solver().solve("euchre3", format_position(game.deck, game.position()))
    assert Solver().solve("euchre3", game.position()) == by_text


def test_hearts_needs_its_player_and_values_follow_the_moon_rule():
    position = first_card("hearts", "moon", cards_left=6)
    with pytest.raises(InvalidPositionError):
        Solver().solve("hearts", position)
    values = [Solver().value("hearts", position, player=p) for p in range(4)]
    assert all(0 <= v <= 26 for v in values)


@pytest.mark.parametrize(
    ("variant", "text", "error"),
    [
        ("skat", BELOTE_POSITION, UnknownVariantError),
        ("belote", "0:AA.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0", NotationError),  # duplicate
        ("belote", "0:AT.KQ.A. AT.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0", NotationError),  # in two hands
        ("belote", "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J.;trump=H;taker=0;leader=0", InvalidPositionError),  # unequal
        ("belote", "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;leader=0", InvalidPositionError),  # no taker
        ("belote", "0:AT.KQ.. KQ.A8.. J9.J9.. 87.T..;trump=H;taker=0;leader=0;trick=AD TD KD JD", InvalidPositionError),
        ("belote", "0:AT.KQ.. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0;trick=AD QC", InvalidPositionError),
        ("belote3", "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0", NotationError),  # 4 hands
        ("euchre3", "0:ZZ... ... ...;trump=A;taker=0;leader=0", NotationError),
    ],
)
def test_invalid_input_raises_typed_errors(variant, text, error):
    with pytest.raises(error) as caught:
        Solver().solve(variant, text)
    assert isinstance(caught.value, InvalidInputError) and isinstance(caught.value, SolverError)
    assert str(caught.value)


def test_memory_limit_is_validated_and_used():
    assert Solver(memory_mb=8).memory_bytes <= 8 << 20
    for memory_mb in (0, 4097):
        with pytest.raises(InvalidInputError, match="memory_mb must be 1..4096"):
            Solver(memory_mb=memory_mb)
        with pytest.raises(InvalidInputError, match="memory_mb must be 1..4096"):  # was clamped silently
            solver.solve_batch([("belote", BELOTE_POSITION, None)], memory_mb=memory_mb)


HEARTS_POSITION = "0:A... K... Q... J...;leader=0;points=0 13 0 0"  # every heart gone to seat 1


@pytest.mark.parametrize(("call", "argument"), [
    (lambda: Solver().solve("hearts", HEARTS_POSITION, player=-1), "player"),
    (lambda: Solver().solve("hearts", HEARTS_POSITION, player=2**70), "player"),
    (lambda: Solver().reaches("hearts", HEARTS_POSITION, 2**40, player=0), "target"),
    (lambda: Solver().line_short_of("hearts", HEARTS_POSITION, -2**40, player=0), "target"),
    (lambda: Solver().dd_table("belote", "x", dealer=-1), "dealer"),
    (lambda: Solver(memory_mb=-1), "memory_mb"),
    (lambda: Solver(memory_mb=10**5000), "memory_mb"),  # too long for Python to print
    (lambda: solver.solve_batch([("belote", BELOTE_POSITION, None)], threads=-1), "threads"),
    (lambda: solver.count_cards([-1]), "indices"),
])
def test_an_integer_out_of_range_is_a_typed_error_naming_its_argument(call, argument, capfd):
    """PyO3 alone raises OverflowError for a negative seat or a huge count."""
    with pytest.raises(InvalidInputError, match="out of range") as caught:
        call()
    assert f"while processing '{argument}'" in caught.value.__notes__
    assert "Exception ignored" not in capfd.readouterr().err  # printing the number failed quietly


@pytest.mark.slow
def test_hearts_dd_table_from_the_first_card():
    game = new_game("hearts", seed="table-hearts")
    table = Solver(memory_mb=256).dd_table("hearts", format_deal(game.deck, game.dealt), dealer=game.dealer)
    assert len(table.entries) == 4 and all(0 <= v <= 26 for v in table.entries.values())


def test_dd_tables_for_every_variant_match_direct_solves():
    for variant in ("euchre3", "belote3", "belote"):
        game = new_game(variant, seed=f"table-{variant}")
        table = Solver().dd_table(variant, format_deal(game.deck, game.dealt), dealer=game.dealer)
        expected_cells = {"euchre3": 12, "belote3": 12, "belote": 16}[variant]
        assert len(table.entries) == expected_cells
        if variant == "belote":
            # The cell for (hearts, taker 1): complete the hands as the engine does and solve.
            game_b = new_game(variant, {"announcements": "none"}, deal=format_deal(game.deck, game.dealt))
            turned = game_b.turned.suit.code
            seat = game_b.to_act()[0]
            game_b.push(seat, game_b.legal_moves(seat)[1])  # take
            direct = Solver().value(variant, format_position(game_b.deck, game_b.position()))
            assert table[(turned, seat)] == direct
    bridge = Solver().dd_table("bridge", "0:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", dealer=3)
    assert bridge[(None, 0)] == 13 and bridge[("S", 1)] == 0 and len(bridge.entries) == 20


def test_bridge_dd_table_matches_a_cold_solve_of_every_cell():
    # The table counts one side's tricks for every leader, guessing each solve from another:
    # every cell must still be what a solve of its own gives (declarer's tricks: 13 less the
    # leading side's).
    hands = "0:K93.QJ84.A72.T65 AT5.K96.QJ3.AK84 QJ86.T532.96.Q73 742.A7.KT854.J92"
    table = Solver().dd_table("bridge", hands)
    for (trump, declarer), tricks in table.entries.items():
        leader = (declarer + 1) % 4
        position = f"{hands};trump={trump or 'N'};leader={leader}"
        assert tricks == 13 - Solver().value("bridge", position), (trump, declarer)


def test_batch_is_ordered_deterministic_and_reports_bad_jobs_in_place():
    jobs = [("belote", first_card("belote", f"batch-{i}"), None) for i in range(6)]
    jobs.insert(2, ("belote", "0:garbage", None))
    jobs.insert(4, ("hearts", first_card("hearts", "batch-h", cards_left=5), None))  # missing player
    one = solver.solve_batch(jobs, threads=1, line=True)
    two = solver.solve_batch(jobs, threads=2, line=True)
    assert isinstance(one[2], InvalidInputError) and isinstance(one[4], InvalidInputError)
    good = [i for i in range(len(jobs)) if i not in (2, 4)]
    for i in good:
        assert (one[i].value, one[i].card_values, one[i].line) == (two[i].value, two[i].card_values, two[i].line)
        assert one[i].value == Solver().value("belote", jobs[i][1])


def test_long_solves_release_the_gil():
    """The main thread runs while a solve does: a solve holding the GIL would hold it until its end."""
    position = first_card("belote3", "gil")
    started, done = threading.Event(), threading.Event()

    def work() -> None:
        started.set()
        Solver().solve("belote3", position)
        done.set()

    with slowed_down(30):  # a long search next to five milliseconds, whatever the machine
        thread = threading.Thread(target=work)
        thread.start()
        started.wait()
        for _ in range(5):
            time.sleep(0.001)  # each sleep needs the GIL back to return
        assert not done.is_set(), "the main thread waited for the solve"
        thread.join()


def test_a_batch_job_with_a_negative_player_gets_its_own_error():
    """As a player who is no seat does: the batch goes on."""
    results = solver.solve_batch([("hearts", HEARTS_POSITION, -1), ("hearts", HEARTS_POSITION, 7),
                                  ("hearts", HEARTS_POSITION, 0)])
    assert [str(result) for result in results[:2]] == ["invalid position: the hearts player must be a seat"] * 2
    assert isinstance(results[0], InvalidInputError) and results[2].value == 13  # the Q♠


def test_threads_may_share_a_solver():
    """Its calls take turns: the extension alone refused a second with RuntimeError('Already borrowed')."""
    shared = Solver(memory_mb=32)
    deal = new_game("belote", seed="shared")
    deal_text = format_deal(deal.deck, deal.dealt)
    alone = Solver().dd_table("belote", deal_text, dealer=deal.dealer).entries
    results, errors = [], []

    def work() -> None:
        try:
            for _ in range(3):
                results.append(shared.dd_table("belote", deal_text, dealer=deal.dealer).entries)
                shared.clear()
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and results == [alone] * 12


def test_a_call_waiting_for_a_shared_solver_keeps_its_deadline():
    shared = Solver(memory_mb=8)
    with shared._turn():  # another thread's solve in progress, for this test's purpose
        with pytest.raises(solver.SolveStoppedError, match="another thread used this solver"):
            shared.solve("belote", BELOTE_POSITION, deadline=0.05)
    assert shared.solve("belote", BELOTE_POSITION, deadline=5).value == Solver().value("belote", BELOTE_POSITION)

"""Duplicate scoring on hand-made results: matchpoints against a hand-computed example,
halves for ties, the directions of a turned table, the par, and the standings' sums."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine_service.events import Scorer, TableResults, rotations
from engine_service.rules import DealOutcome, DealResult, new_game
from engine_service.rules.events import BeloteResult


def result(variant: str, number: int, scores: tuple[int, ...]) -> DealResult:
    players = new_game(variant).players
    return DealResult(variant=variant, deal_number=number, outcome=DealOutcome.PLAYED, taker=None, trump=None,
                      tricks=(0,) * players, card_points=(0,) * players, scores=scores)


def test_hearts_matchpoints_equal_a_hand_computed_example_lower_being_better():
    # Deal 0 at four tables; direction 0 (seat 0) scored 3, 0, 3, 26 penalty points.
    tables = [TableResults(number, 0, False, (result("hearts", 0, (own, 10, 10, 6 - own if own < 6 else 0)),))
              for number, own in enumerate((3, 0, 3, 26))]
    comparison = Scorer(new_game("hearts")).compare(0, tables)
    seat0 = {item.table: item for item in comparison.results if item.direction == 0}
    # 0 beats everyone (3); each 3 beats the 26 and ties the other 3 (1.5); the 26 beats nobody.
    assert [seat0[table].matchpoints for table in range(4)] == [1.5, 3.0, 1.5, 0.0]
    assert [seat0[table].top for table in range(4)] == [3, 3, 3, 3]
    assert seat0[1].percentage == 100.0 and seat0[0].percentage == 50.0
    # Every table scored 10 from seat 1: all ties, a half against each of the three others.
    assert {item.matchpoints for item in comparison.results if item.direction == 1} == {1.5}
    assert comparison.par_scores is None


def test_belote_compares_each_partnership_with_those_who_held_the_same_cards():
    scorer = Scorer(new_game("belote"))
    assert rotations(4, partnerships=True) == (0, 1, 0, 1)
    # Table 1 is turned by one seat: its side 1 (seats 1 and 3) holds the cards of side 0 as dealt.
    assert scorer.side_holding(0, 1) == 1 and scorer.side_holding(1, 1) == 0
    tables = [
        TableResults(0, 0, False, (result("belote", 0, (120, 42)),)),
        TableResults(1, 1, False, (result("belote", 0, (42, 120)),)),  # the same result, from the other chairs
        TableResults(2, 0, False, (result("belote", 0, (0, 162)),)),
    ]
    comparison = scorer.compare(0, tables)
    by = {(item.table, item.direction): item for item in comparison.results}
    assert (by[(1, 0)].side, by[(1, 0)].score) == (1, 120)
    assert by[(0, 0)].matchpoints == by[(1, 0)].matchpoints == 1.5  # a tie with each other, beat table 2
    assert by[(2, 0)].matchpoints == 0.0 and by[(2, 1)].matchpoints == 2.0


def belote_result(outcome: DealOutcome, taker: int, scores: tuple[int, int], held_in: int, held_out: int = 0):
    return BeloteResult(variant="belote", deal_number=1, outcome=outcome, taker=taker, trump=None, tricks=(2,) * 4,
                        card_points=(0,) * 4, scores=scores, capot=False, team_card_points=(0, 0),
                        declarations=(0, 0), belote_rebelote=(0, 0), held_in=held_in, held_out=held_out)


def test_a_belote_deal_is_compared_without_what_an_earlier_litige_held_over():
    # The same cards, the same play at both tables (made 100 to 62, takers seat 0); table 0
    # also collects the 81 its previous deal's litige held; table 2's takers are dedans
    # and their defenders collect 76 held; table 3's deal is itself a litige.
    made = belote_result(DealOutcome.MADE, 0, (181, 62), held_in=81)
    assert made.own_scores == (100, 62)
    dedans = belote_result(DealOutcome.SET, 2, (0, 238), held_in=76)
    assert dedans.own_scores == (0, 162)
    litige = belote_result(DealOutcome.LITIGE, 1, (81, 0), held_in=81, held_out=162)
    assert litige.own_scores == (81, 0)
    tables = [TableResults(0, 0, False, (result("belote", 0, (0, 0)), made)),
              TableResults(1, 0, False, (result("belote", 0, (0, 0)), belote_result(DealOutcome.MADE, 0, (100, 62), 0))),
              TableResults(2, 0, False, (result("belote", 0, (0, 0)), dedans))]
    by = {(item.table, item.direction): item for item in Scorer(new_game("belote")).compare(1, tables).results}
    assert (by[(0, 0)].score, by[(1, 0)].score, by[(2, 0)].score) == (100, 100, 0)
    assert by[(0, 0)].matchpoints == by[(1, 0)].matchpoints == 1.5  # a tie, not a win bought by the litige
    assert by[(2, 1)].score == 162 and by[(2, 1)].matchpoints == 2.0


def test_the_par_table_is_apart_from_the_matchpoints_and_measures_every_result():
    scorer = Scorer(new_game("euchre3"))
    tables = [TableResults(0, 0, False, (result("euchre3", 0, (2, 0, 0)),)),
              TableResults(1, 0, False, (result("euchre3", 0, (0, 1, 1)),)),
              TableResults(2, 0, True, (result("euchre3", 0, (1, 0, 0)),))]
    comparison = scorer.compare(0, tables)
    assert comparison.par_scores == (1, 0, 0)
    assert {item.table for item in comparison.results} == {0, 1}
    seat0 = {item.table: item for item in comparison.results if item.direction == 0}
    assert (seat0[0].versus_par, seat0[1].versus_par) == (1.0, 0.0)
    assert all(item.top == 1 for item in comparison.results)
    standings = scorer.standings(1, tables)
    assert {(row.table, row.side) for row in standings} == {(table, seat) for table in (0, 1) for seat in range(3)}
    assert standings[0].percentage == 100.0


def test_a_deal_is_compared_among_the_tables_that_finished_it_only():
    scorer = Scorer(new_game("hearts"))
    tables = [TableResults(0, 0, False, (result("hearts", 0, (1, 2, 3, 20)), result("hearts", 1, (0, 0, 0, 26)))),
              TableResults(1, 0, False, (result("hearts", 0, (2, 1, 3, 20)),))]
    assert {item.table for item in scorer.compare(1, tables).results} == {0}
    assert all(item.top == 0 and item.percentage is None for item in scorer.compare(1, tables).results)
    standings = scorer.standings(2, tables)
    assert all(row.deals == 2 for row in standings if row.table == 0)
    assert all(row.deals == 1 for row in standings if row.table == 1)


@given(st.sampled_from(["euchre3", "belote3", "hearts", "belote"]),
       st.lists(st.lists(st.integers(0, 5), min_size=4, max_size=4), min_size=1, max_size=8), st.integers(1, 3))
def test_matchpoints_of_a_deal_sum_to_one_per_pair_of_results(variant, table_scores, deals):
    scorer = Scorer(new_game(variant))
    moves = rotations(len(table_scores), partnerships=scorer.sides < scorer.players)
    tables = [TableResults(number, moves[number], False,
                           tuple(result(variant, deal, tuple(scores[:scorer.sides])) for deal in range(deals)))
              for number, scores in enumerate(table_scores)]
    pairs = len(tables) * (len(tables) - 1) // 2
    for deal in range(deals):
        comparison = scorer.compare(deal, tables)
        for direction in range(scorer.sides):
            points = [item.matchpoints for item in comparison.results if item.direction == direction]
            assert sum(points) == pairs
            assert all(0 <= value <= len(tables) - 1 for value in points)
    standings = scorer.standings(deals, tables)
    assert sum(row.matchpoints for row in standings) == deals * scorer.sides * pairs
    percentages = [row.percentage for row in standings if row.percentage is not None]
    assert percentages == sorted(percentages, reverse=True)

"""Reviews in the engine: planted errors found and classed, forced moves free, the same
inputs the same review, each verdict equal to what a hint or an analysis says there, and
a deal's curve ending where the deal ended."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine_service import hints
from engine_service.records import RecordBuilder
from engine_service.reviews import (
    DecisionReview,
    Judgement,
    Thresholds,
    deal_summary,
    decisions_of,
    known_verdict,
    real_verdicts,
    seat_summaries,
    thresholds,
)
from engine_service.rules import Game, Phase, Play, new_game, parse_move
from engine_service.solver import Solver
from engine_service.tables import Table, TableSpec
from tests.reviews.planting import planted

QUICK = {"euchre3": {"target_score": 10}, "belote3": {"target_score": 1000}, "hearts": {"target_score": 100},
         "belote": {"target_score": 1000}}


def queen_on_own_trick(game: Game, seat: int) -> Play | None:
    """hearts: last to a spade trick, the Q♠ wins it, while a lower spade was legal."""
    trick = game.current_trick
    if game.phase is not Phase.PLAY or len(trick) != 3 or trick[0].card.suit.code != "S":
        return None
    legal = {move.card.code: move for move in game.legal_moves(seat) if isinstance(move, Play)}
    high = max((played.card for played in trick if played.card.suit.code == "S"), key=game.strength)
    queen = game.deck.parse("QS")
    if "QS" not in legal or game.strength(high) > game.strength(queen):
        return None
    safe = [code for code in legal if code[1] == "S" and game.strength(game.deck.parse(code)) < game.strength(high)]
    return legal["QS"] if safe else None


def ace_onto_their_trumped_trick(game: Game, seat: int) -> Play | None:
    """belote family: an opponent trumped a plain suit's trick; the seat follows with the
    suit's ace, when a card of no points of it was legal."""
    trick = game.current_trick
    if game.phase is not Phase.PLAY or not trick or game.trump is None:
        return None
    led = trick[0].card.suit
    winner = game.winning_seat()
    if led == game.trump or winner is None or game.side_of(winner) == game.side_of(seat):
        return None
    if not any(played.card.suit == game.trump for played in trick):
        return None
    legal = {move.card: move for move in game.legal_moves(seat) if isinstance(move, Play)}
    ace = next((card for card in legal if card.suit == led and card.rank.code == "A"), None)
    low = [card for card in legal if card.suit == led and game.card_points(card) == 0]
    return legal[ace] if ace is not None and low else None


def _real(record, deal: int, seats) -> dict[int, tuple]:
    decisions, plays = decisions_of(record, {deal}, set(seats), 0 if record.variant == "hearts" else None)
    found: dict[int, tuple] = {}
    start = real_verdicts(plays[0], solver=Solver(), on_card=lambda d, verdict, after: found.__setitem__(
        d.entry, (verdict, after)))
    found[-1] = (None, start)
    return found


def test_the_queen_of_spades_taken_needlessly_is_a_blunder():
    record, deal, entry = planted("hearts", QUICK["hearts"], queen_on_own_trick)
    decisions, _ = decisions_of(record, {deal}, set(range(4)))
    decision = next(d for d in decisions if d.entry == entry)
    verdict = known_verdict(decision, seed=7, deals=32, budget=None)
    assert verdict.judgement is Judgement.BLUNDER and verdict.loss >= 6, verdict.loss
    assert verdict.options[0].move != decision.played
    # The loss's error is the played option's behind the best, from their difference deal by
    # deal: as GetHint gives it with the same seed, and a blunder this plain is not noise.
    hint = hints.answer(decision.question, seed=verdict.seed, budget=None, min_samples=32, max_samples=32, threads=1)
    played = next(option for option in hint.options if option.move == decision.played.text())
    assert verdict.loss_stderr == played.behind_stderr and 0 < verdict.loss_stderr < verdict.loss / 2


@pytest.mark.parametrize("variant", ["belote", "belote3"])
def test_an_ace_thrown_onto_the_opponents_trumped_trick_is_a_blunder(variant):
    record, deal, entry = planted(variant, QUICK[variant], ace_onto_their_trumped_trick)
    decisions, _ = decisions_of(record, {deal}, set(range(4 if variant == "belote" else 3)))
    decision = next(d for d in decisions if d.entry == entry)
    assert known_verdict(decision, seed=7, deals=32, budget=None).judgement is Judgement.BLUNDER
    real, _ = _real(record, deal, range(3))[entry]
    assert real.judgement is Judgement.BLUNDER and real.loss == abs(real.played - real.best)


def _played_deal(variant: str, seed: int):
    rng = random.Random(seed)
    game = new_game(variant, QUICK[variant], seed=f"review-{seed}")
    table = Table(game, TableSpec.reserved(game.players), ["x"] * game.players, 0.0)
    builder = RecordBuilder(table)
    while not (game.phase is Phase.DEAL_OVER and game.results[-1].outcome.name != "VOID"):
        seat = rng.choice(game.to_act())
        builder.add(seat, rng.choice(game.legal_moves(seat)).text(), 0.0)
    return builder.record(), game


@pytest.mark.parametrize("variant", ["euchre3", "belote3", "hearts", "belote"])
def test_forced_moves_cost_nothing_and_each_verdict_is_what_a_hint_says_there(variant):
    record, game = _played_deal(variant, 3)
    deal = len(record.deals) - 1
    decisions, _ = decisions_of(record, {deal}, set(range(game.players)))
    reviews = []
    for decision in decisions:
        if decision.forced:
            assert decision.question is None
            reviews.append(DecisionReview(deal, decision.entry, decision.version, decision.seat, decision.played, True,
                                          None, None))
            continue
        verdict = known_verdict(decision, seed=11, deals=6, budget=None)
        again = known_verdict(decision, seed=11, deals=6, budget=None)
        assert again == verdict  # the same inputs, the same verdict
        hint = hints.answer(decision.question, seed=verdict.seed, budget=None, max_samples=6, threads=1)
        assert [(parse_move(option.move, game.deck), option.expected) for option in hint.options] == \
               [(option.move, option.expected) for option in verdict.options]
        reviews.append(DecisionReview(deal, decision.entry, decision.version, decision.seat, decision.played, False,
                                      verdict, None))
    forced = sum(review.forced for review in reviews)
    for summary in seat_summaries(reviews, range(game.players)):
        mine = [review for review in reviews if review.seat == summary.seat]
        assert summary.forced == sum(review.forced for review in mine)
        assert summary.decisions == len(mine) - summary.forced
        counted = sum(count for _, count in summary.counts)
        assert counted == sum(review.judgement in (Judgement.INACCURACY, Judgement.MISTAKE, Judgement.BLUNDER)
                              for review in mine)
    assert forced == sum(d.forced for d in decisions)


@pytest.mark.parametrize("variant", ["euchre3", "belote3", "hearts", "belote"])
def test_each_real_verdict_is_the_solvers_and_the_curve_ends_where_the_deal_ended(variant):
    record, game = _played_deal(variant, 5)
    deal = len(record.deals) - 1
    found = _real(record, deal, range(game.players))
    decisions, plays = decisions_of(record, {deal}, set(range(game.players)), 0 if variant == "hearts" else None)
    cards = plays[0].cards
    for decision in cards:
        verdict, _ = found[decision.entry]
        fresh = Solver().solve(variant, decision.position, player=game.objective_player(decision.seat), line=False)
        assert dict(verdict.values) == fresh.card_values
    curve = [found[-1][1], *(found[decision.entry][1] for decision in cards)]
    result = game.results[-1]
    if variant == "hearts":
        assert curve[-1] == result.scores[0]  # seat 0's own points, the moon included
    else:
        taker_side = [seat for seat in range(game.players) if game.side_of(seat) == game.side_of(result.taker)]
        won = sum(result.tricks[seat] for seat in taker_side) if variant == "euchre3" else \
            sum(result.card_points[seat] for seat in taker_side)
        assert curve[-1] == won
    summary = deal_summary(deal, [], list(range(game.players)), curve=curve, curve_unit=game.value_unit,
                           curve_seat=None, complete=True)
    assert len(summary.curve) == len(cards) + 1


def test_thresholds_class_a_loss_and_map_it_to_an_accuracy():
    judged = Thresholds(1.0, 2.0, 4.0)
    assert [judged.judge(loss) for loss in (0, 0.99, 1, 2.5, 4, 30)] == [
        Judgement.GOOD, Judgement.GOOD, Judgement.INACCURACY, Judgement.MISTAKE, Judgement.BLUNDER, Judgement.BLUNDER]
    assert judged.accuracy(0) == 100 and judged.accuracy(4) == pytest.approx(50) and judged.accuracy(8) == 25
    for variant, unit in (("euchre3", "tricks"), ("hearts", "penalty_points"), ("belote", "deal_score_margin")):
        limits = thresholds(variant, unit)
        assert 0 < limits.inaccuracy < limits.mistake < limits.blunder


def test_a_summary_counts_only_judged_decisions():
    record, game = _played_deal("euchre3", 2)
    decisions, _ = decisions_of(record, {len(record.deals) - 1}, {0})
    reviews = [DecisionReview(d.deal, d.entry, d.version, d.seat, d.played, d.forced,
                              None if d.forced else known_verdict(d, seed=1, deals=4, budget=None), None)
               for d in decisions]
    (summary,) = seat_summaries(reviews, [0])
    judged = [review for review in reviews if not review.forced]
    assert summary.decisions == len(judged)
    if judged:
        assert summary.accuracy == pytest.approx(sum(r.known.accuracy for r in judged) / len(judged))
    assert dataclasses.replace(summary, seat=1).seat == 1

"""Hints for bids, euchre3's discard and belote declarations: every legal option ranked by
its played-out deal score, never depending on the real hidden cards."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine_service import hints
from engine_service.rules import Deal, Game, Knowledge, Phase, new_game
from engine_service.rules.belote_family import BeloteFamily
from engine_service.rules.notation import format_deal
from engine_service.solver import SolveStoppedError
from tests.solver.test_hints import with_hidden_hands_replaced

FIXED = {"budget": None, "min_samples": 4, "max_samples": 4}


def reach(variant: str, seed: str, wanted, rng: random.Random, options=None) -> tuple[Game, int]:
    """Random legal moves (passing while bidding, so later rounds come) until `wanted(game)`."""
    for attempt in range(50):
        game = new_game(variant, options, seed=f"{seed}-{attempt}")
        while not game.is_over() and game.phase is not Phase.DEAL_OVER:
            seat = game.to_act()[0]
            if wanted(game):
                return game, seat
            moves = game.legal_moves(seat)
            bidding = game.phase is Phase.BIDDING
            game.push(seat, moves[0] if bidding and rng.random() < 0.8 else rng.choice(moves))
    raise AssertionError("decision not reached")


def round_two(game: Game) -> bool:
    return game.phase is Phase.BIDDING and game.bid_round == 2


DECISIONS = [
    ("euchre3", "first bid", lambda g: g.phase is Phase.BIDDING),
    ("euchre3", "round two", round_two),
    ("euchre3", "discard", lambda g: g.phase is Phase.DISCARD),
    ("belote3", "first bid", lambda g: g.phase is Phase.BIDDING),
    ("belote3", "round two", round_two),
    ("belote", "first bid", lambda g: g.phase is Phase.BIDDING),
    ("belote", "round two", round_two),
    ("belote", "declaration", lambda g: g.phase is Phase.DECLARATIONS and len(g.legal_moves(g.to_act()[0])) == 2),
]


@pytest.mark.parametrize("variant, name, wanted", DECISIONS, ids=[f"{v}-{n}" for v, n, _ in DECISIONS])
def test_every_option_is_ranked_and_the_hint_ignores_the_real_hidden_cards(variant, name, wanted):
    rng = random.Random(name)
    game, seat = reach(variant, f"decision-{variant}-{name}", wanted, rng)
    hint = hints.answer(hints.hint_question(game, seat), seed=5, **FIXED)
    assert sorted(option.move for option in hint.options) == sorted(move.text() for move in game.legal_moves(seat))
    assert hint.unit == "deal_score_margin" and hint.samples == 4 and hint.version == game.version
    margins = [option.expected for option in hint.options]
    assert margins == sorted(margins, reverse=True)
    assert all(option.expected_deal_score is not None and option.stderr >= 0 for option in hint.options)
    for other_seed in (1, 2):
        other = with_hidden_hands_replaced(game, seat, other_seed)
        again = hints.answer(hints.hint_question(other, seat), seed=5, **FIXED)
        assert dataclasses.replace(again, nodes=0) == dataclasses.replace(hint, nodes=0)


def test_the_last_pass_of_round_two_voids_the_deal_and_is_worth_nothing():
    game, seat = reach("belote3", "void-pass", lambda g: round_two(g) and g.passes_this_round == 2, random.Random(1))
    hint = hints.answer(hints.hint_question(game, seat), seed=1, **FIXED)
    passing = next(option for option in hint.options if option.move == "pass")
    assert (passing.expected, passing.stderr, passing.expected_deal_score) == (0.0, 0.0, 0.0)


def test_the_last_pass_of_round_one_leads_to_round_two():
    # Round 2 follows: some seat names a suit in some deal, so the pass is not a void deal.
    game, seat = reach("belote3", "round-one-pass", lambda g: g.phase is Phase.BIDDING and g.bid_round == 1
                       and g.passes_this_round == 2, random.Random(2))
    hint = hints.answer(hints.hint_question(game, seat), seed=1, **FIXED)
    passing = next(option for option in hint.options if option.move == "pass")
    assert passing.stderr > 0 or passing.expected_deal_score != 0.0


def test_a_hand_of_top_trumps_takes_and_a_hand_without_trumps_passes():
    game = new_game("euchre3")
    deck = game.deck
    cards = {card.code: card for card in deck.cards}
    # Turned: the Maître of Architecture. Seat 1 (first to speak) holds the Oracle (IA),
    # the Sage (IC) and three more Architecture cards: five trumps with the turned one.
    strong = {"IA", "IC", "SA", "CA", "AA"}
    weak = {"MR", "SR", "MP", "SP", "CR"}
    rest = [code for code in sorted(cards) if code not in strong | weak | {"MA"}]
    deal = Deal(
        hands=(frozenset(cards[c] for c in rest[:5]), frozenset(cards[c] for c in strong),
               frozenset(cards[c] for c in weak)),
        stock=(cards["MA"], *(cards[c] for c in rest[5:])),
    )
    game = new_game("euchre3", deal=format_deal(deck, deal))
    hint = hints.answer(hints.hint_question(game, 1), seed=2, **FIXED)
    assert hint.best.move == "take" and hint.best.expected_deal_score == 2.0  # a march in every deal
    game.push(1, game.legal_moves(1)[0])  # seat 1 passes after all: seat 2, no trump, should pass too
    hint = hints.answer(hints.hint_question(game, 2), seed=2, **FIXED)
    assert hint.best.move == "pass"
    taking = next(option for option in hint.options if option.move == "take")
    assert taking.expected < 0 and taking.expected_deal_score == 0.0


def defender_may_declare(game: Game) -> bool:
    if game.phase is not Phase.DECLARATIONS:
        return False
    seat = game.to_act()[0]
    return len(game.legal_moves(seat)) == 2 and seat % 2 != game.taker % 2


def test_a_defender_never_loses_by_declaring():
    """Double dummy a declaration changes nothing in the play; a defending team's declarations
    count for it whether the takers make it or not (a taker's may go to the defenders)."""
    rng = random.Random(8)
    for attempt in range(3):
        game, seat = reach("belote", f"declare-{attempt}", defender_may_declare, rng)
        hint = hints.answer(hints.hint_question(game, seat), seed=attempt, **FIXED)
        value = {option.move: option.expected for option in hint.options}
        assert value["declare"] >= value["no-declare"]


def test_every_hearts_pass_is_ranked_lowest_points_first_and_ignores_the_hidden_hands():
    game = new_game("hearts", seed="pass-hint")
    seat = 2
    hint = hints.answer(hints.hint_question(game, seat), seed=3, budget=None, min_samples=20, max_samples=20)
    hand = sorted(card.code for card in game.hand(seat))
    assert hint.unit == "penalty_points" and hint.samples == 20 and len(hint.options) == 286  # 13 choose 3
    given = [option.move.removeprefix("give:").split() for option in hint.options]
    assert all(len(cards) == 3 and set(cards) <= set(hand) for cards in given)
    assert len({frozenset(cards) for cards in given}) == 286
    values = [option.expected for option in hint.options]
    assert values == sorted(values) and all(0 <= value <= 26 for value in values)
    other = with_hidden_hands_replaced(game, seat, 4)
    assert hints.answer(hints.hint_question(other, seat), seed=3, budget=None, min_samples=20, max_samples=20) == hint


def test_a_lone_queen_of_spades_among_low_cards_is_passed():
    """The Q♠ is the only danger of this hand: every best pass gives it away."""
    deck = new_game("hearts").deck
    own = ["QS", "2H", "3H", "4H", "2D", "3D", "4D", "5D", "3C", "4C", "5C", "6C", "7C"]
    rest = [card.code for card in deck.cards if card.code not in own]
    hands = [own, rest[0:13], rest[13:26], rest[26:39]]
    deal = Deal(tuple(frozenset(deck.parse(code) for code in hand) for hand in hands))
    game = new_game("hearts", deal=format_deal(deck, deal))
    hint = hints.answer(hints.hint_question(game, 0), seed=4, budget=None, min_samples=40, max_samples=40)
    assert "QS" in hint.best.move.split(":")[1].split()


def test_a_decision_hint_solves_its_minimum_whatever_the_budget_and_stops_at_its_deadline():
    game, seat = reach("belote", "decision-limits", lambda g: g.phase is Phase.BIDDING, random.Random(3))
    question = hints.hint_question(game, seat)
    assert hints.answer(question, seed=1, budget=0.0, min_samples=4, max_samples=400).samples == 4
    with pytest.raises(SolveStoppedError):
        hints.answer(question, seed=1, budget=0.0, deadline=0.0)


@pytest.mark.parametrize("variant", ["belote", "belote3"])
def test_a_blind_game_filled_with_the_true_cards_keeps_the_belote_holder_and_declarations(variant):
    """Play-outs replay the blind game with a sampled deal put back; put back the truth and
    the game must be the real one: the belote holder (one of the pair may have been played
    several tricks ago) and every declaration."""
    from engine_service.hints.common import holder_facts
    from engine_service.hints.decisions import blind_copy, filled

    checked = 0
    for number in range(40):
        game = new_game(variant, {"announcements": "all"}, seed=f"filled-{number}")
        rng = random.Random(number)
        stop = rng.randrange(0, 7)
        while game.phase is not Phase.DEAL_OVER and not (game.phase is Phase.PLAY and len(game.tricks) == stop):
            seat = game.to_act()[0]
            game.push(seat, rng.choice(game.legal_moves(seat)))
        if game.phase is not Phase.PLAY:
            continue
        seat = game.to_act()[0]
        holders = holder_facts(Knowledge.of(game, seat))
        truth = [sorted(card.code for card in game.hand(holder)) for holder, *_ in holders]
        back = filled(blind_copy(game, seat), holders, seat, truth, random.Random(0))
        assert isinstance(back, BeloteFamily) and isinstance(game, BeloteFamily)
        assert back.belote_holder == game.belote_holder
        others = [other for other in range(game.players) if other != seat]
        assert [back.declared_combinations(s) for s in others] == [game.declared_combinations(s) for s in others]
        checked += 1
    assert checked >= 20


VALUED = [(variant, name, wanted) for variant, name, wanted in DECISIONS if variant in ("euchre3", "belote")]


@pytest.mark.parametrize("variant, name, wanted", VALUED, ids=[f"{v}-{n}" for v, n, _ in VALUED])
def test_options_scored_from_the_solved_value_equal_the_played_lines(monkeypatch, variant, name, wanted):
    """Where the solved value alone decides the deal score (euchre3: the taker's tricks;
    belote: the taker's side's card points unless one side may take every trick), a
    play-out scores the value instead of playing an optimal line: the same hint, option for
    option, as the played lines give, deal for deal."""
    from engine_service.rules import Game
    from engine_service.rules.belote import Belote
    from engine_service.rules.euchre3 import Euchre3

    valued = {"euchre3": 0, "belote": 0}
    scores_from_value = {Euchre3: Euchre3.scores_from_value, Belote: Belote.scores_from_value}

    def counted(self, value):
        scores = scores_from_value[type(self)](self, value)
        valued[self.variant] += scores is not None
        return scores

    for attempt in range(4):
        game, seat = reach(variant, f"valued-{name}-{attempt}", wanted, random.Random(attempt))
        game.held_points = (0, 81, 0, 76)[attempt]  # as an earlier litige leaves them (belote)
        question = hints.hint_question(game, seat)
        assert question.blind.held_points == game.held_points
        with monkeypatch.context() as patched:
            patched.setattr(type(game), "scores_from_value", counted)
            from_values = hints.answer(question, seed=attempt, budget=None, min_samples=24, max_samples=24, threads=1)
        with monkeypatch.context() as patched:
            patched.setattr(Euchre3, "scored_by_lines", True)  # every play-out played along its line
            patched.setattr(Belote, "scores_from_value", Game.scores_from_value)
            from_lines = hints.answer(question, seed=attempt, budget=None, min_samples=24, max_samples=24, threads=1)
        assert dataclasses.replace(from_values, nodes=0) == dataclasses.replace(from_lines, nodes=0)
    assert valued[variant] >= 24  # most play-outs were scored from their value

"""Property tests (hypothesis): random legal play of every variant, checked at every step."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_service.rules import VARIANTS, Belote3Result, BeloteResult, DealOutcome, Phase, PlayerView, RuleViolation, new_game
from engine_service.rules.belote import CAPOT_TOTAL
from engine_service.rules.belote_family import CARD_POINTS_TOTAL
from engine_service.rules.codec import to_data
from engine_service.rules.notation import format_position, parse_position
from tests.conftest import soaked
from tests.rules.invariants import (
    assert_cards_conserved,
    assert_knowledge_sound,
    candidate_moves,
    card_codes_in,
    knowable_codes,
)

variants = st.sampled_from(sorted(VARIANTS))
SECRET_SEED = "s3cr3t-seed-7f1e"
MAX_MOVES = 20_000  # a match is a few hundred moves; this bound proves termination

common = settings(max_examples=soaked(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(variant: str, rng: random.Random, options=None, step=None):
    game = new_game(variant, options or {}, seed=SECRET_SEED)
    for _ in range(MAX_MOVES):
        if game.phase is Phase.GAME_OVER:
            return game
        seat = rng.choice(game.to_act())
        move = rng.choice(game.legal_moves(seat))
        game.push(seat, move)
        if step:
            step(game)
    raise AssertionError("the game did not terminate")


@common
@given(variant=variants, seed=st.integers(0, 2**32))
def test_random_games_terminate_with_scores_following_the_rules(variant, seed):
    game = random_game(variant, random.Random(seed), {"target_score": small_target(variant)})
    assert game.winners and game.phase is Phase.GAME_OVER
    assert [sum(r.scores[s] for r in game.results) for s in range(game.sides)] == game.scores
    for result in game.results:
        check_deal_totals(game, result)


def small_target(variant: str) -> int:
    return {"euchre3": 3, "hearts": 40, "belote3": 500, "belote": 501}[variant]


def check_deal_totals(game, result) -> None:
    if result.outcome is DealOutcome.VOID:
        assert sum(result.scores) == 0
        return
    if game.variant == "hearts":
        assert sum(result.card_points) == 26
        assert sum(result.scores) == (78 if result.outcome is DealOutcome.MOON else 26)
    elif game.variant == "euchre3":
        assert sum(result.tricks) == 5 and sum(result.scores) in (1, 2)
    elif game.variant == "belote":
        assert sum(result.card_points) == CARD_POINTS_TOTAL
        assert isinstance(result, BeloteResult)
        base = CAPOT_TOTAL if result.capot else CARD_POINTS_TOTAL
        extra = sum(result.declarations) + sum(result.belote_rebelote)
        held = result.held_out - result.held_in
        assert sum(result.scores) + held == base + extra
    elif game.variant == "belote3":
        assert sum(result.card_points) == CARD_POINTS_TOTAL
        assert isinstance(result, Belote3Result)
        extra = sum(result.declarations) + sum(result.belote_rebelote)
        capot_bonus = 100 * len(result.capot_seats)
        assert sum(result.scores) == CARD_POINTS_TOTAL + extra + capot_bonus


@common
@given(variant=variants, seed=st.integers(0, 2**32), announcements=st.sampled_from(["none", "belote", "all"]))
def test_every_step_conserves_cards_and_knowledge_is_true(variant, seed, announcements):
    options = {"announcements": announcements} if variant.startswith("belote") else {}

    def step(game):
        assert_cards_conserved(game)
        for viewer in range(game.players):
            assert_knowledge_sound(game, viewer)

    random_game(variant, random.Random(seed), {**options, "target_score": small_target(variant)}, step)


@common
@given(
    variant=st.sampled_from(["belote", "belote3"]), seed=st.integers(0, 2**32),
    announcements=st.sampled_from(["none", "belote", "all"]),
)
def test_card_points_to_make_and_surely_set_bound_the_outcome(variant, seed, announcements):
    # What decision hints rely on to skip a bidder's hopeless contract (hints/decisions.py).
    seen: dict[int, set[tuple[int, int]]] = {}

    def step(game):
        # The bounds come from the dealt hands: the same at every point of the play.
        if game.phase in (Phase.PLAY, Phase.DECLARATIONS):
            seen.setdefault(game._deal.number, set()).add((game.card_points_to_make(), game.card_points_surely_set()))

    game = random_game(variant, random.Random(seed), {"announcements": announcements, "target_score": small_target(variant)}, step)
    for result in game.results:
        if result.outcome is DealOutcome.VOID:
            continue
        takers = game.side_of(result.taker)
        own = result.scores[takers]
        others = [score for side, score in enumerate(result.scores) if side != takers]
        if own - sum(others) / len(others) > 0:
            assert result.outcome is DealOutcome.MADE
        card_points = sum(p for seat, p in enumerate(result.card_points) if game.side_of(seat) == takers)
        ((to_make, surely_set),) = seen[result.deal_number]
        if result.outcome is DealOutcome.MADE:
            assert card_points >= to_make
        if card_points < surely_set:
            assert result.outcome is DealOutcome.SET


@common
@given(variant=variants, seed=st.integers(0, 2**32))
def test_legal_moves_accepted_all_others_rejected_unchanged(variant, seed):
    rng = random.Random(seed)
    game = new_game(variant, {"target_score": small_target(variant)}, seed=seed)
    for _ in range(60):
        if game.phase is Phase.GAME_OVER:
            break
        for seat in range(game.players):
            legal = set(game.legal_moves(seat))
            for move in candidate_moves(game, seat, rng):
                version = game.version
                assert game.is_legal(seat, move) == (move in legal), (seat, move)
                assert game.version == version
            if seat in game.to_act() and game.phase is Phase.PASSING:
                assert len(legal) == 286  # every 3 of 13
        seat = rng.choice(game.to_act())
        game.push(seat, rng.choice(game.legal_moves(seat)))


@common
@given(variant=variants, seed=st.integers(0, 2**32))
def test_views_and_events_never_show_what_a_seat_cannot_know(variant, seed):
    rng = random.Random(seed)
    game = new_game(variant, {"announcements": "all"} if variant.startswith("belote") else {}, seed=SECRET_SEED)
    seen_events = 0
    for _ in range(400):
        if game.phase is Phase.GAME_OVER:
            break
        for viewer in [*range(game.players), None]:
            allowed = knowable_codes(game, viewer)
            view = PlayerView.of(game, viewer)
            assert view.visible_codes() <= allowed
            seen = view.to_dict()
            # The deck lists every card of the deck in the same order for every viewer: no place.
            assert seen.pop("deck") == PlayerView.of(game).to_dict()["deck"]
            assert card_codes_in(seen, game) <= allowed
            assert SECRET_SEED not in json.dumps(view.to_dict()) + repr(view)
            for event in game.events[seen_events:]:
                shown = event.for_viewer(viewer)
                assert card_codes_in(shown, game) <= allowed
                assert SECRET_SEED not in json.dumps(to_data(shown))
        seen_events = len(game.events)
        seat = rng.choice(game.to_act())
        move = rng.choice(game.legal_moves(seat))
        try:
            other = next(s for s in range(game.players) if s not in game.to_act())
            game.push(other, move)
        except (StopIteration, RuleViolation) as error:
            assert SECRET_SEED not in str(error)
        game.push(seat, move)
    assert SECRET_SEED not in repr(game._source)


@common
@given(variant=variants, seed=st.integers(0, 2**32))
def test_positions_round_trip_in_notation(variant, seed):
    rng = random.Random(seed)
    game = new_game(variant, seed=seed)
    for _ in range(300):
        if game.phase is Phase.GAME_OVER:
            break
        if game.phase is Phase.PLAY:
            position = game.position()
            text = format_position(game.deck, position)
            assert parse_position(game.deck, text, game.players) == position
        seat = rng.choice(game.to_act())
        game.push(seat, rng.choice(game.legal_moves(seat)))

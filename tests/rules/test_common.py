"""Rules common to every variant: dealing sources, dealer rotation, options, error reasons."""

from __future__ import annotations

from functools import partial

import pytest

from engine_service.rules import (
    VARIANTS,
    Deal,
    InvalidOption,
    Knowledge,
    Phase,
    PlayerView,
    Reason,
    RuleViolation,
    format_deal,
    new_game,
    parse_deal,
    parse_move,
)
from engine_service.rules.dealing import SeededRandom, shuffle
from tests.conftest import rejected


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_same_deals_other_seed_other_deals(variant):
    a, b, c = new_game(variant, seed="s1"), new_game(variant, seed="s1"), new_game(variant, seed="s2")
    assert a._deal.dealt == b._deal.dealt and a._deal.dealt != c._deal.dealt


@pytest.mark.parametrize("variant", VARIANTS)
def test_secure_deals_differ(variant):
    assert new_game(variant)._deal.dealt != new_game(variant)._deal.dealt


def test_seeded_stream_is_stable_across_versions():
    # Pinned: a seed must give the same deal forever (reproducible games, and the Rust side).
    order = shuffle(list(range(10)), SeededRandom(b"pinned", 0))
    assert order == shuffle(list(range(10)), SeededRandom(b"pinned", 0))
    assert order == [5, 4, 9, 8, 3, 6, 1, 2, 0, 7]
    # The first draw, computed independently: SHA-256(SHA-256(seed) | stream | counter), 8 bytes big-endian.
    import hashlib

    block = hashlib.sha256(hashlib.sha256(b"pinned").digest() + (0).to_bytes(8, "big") + (0).to_bytes(8, "big")).digest()
    assert SeededRandom(b"pinned", 0).randbelow(10) == int.from_bytes(block[:8], "big") % 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_given_deal_is_used_then_later_deals_are_shuffled(variant):
    cls = VARIANTS[variant]
    source = new_game(variant, seed="source")
    text = format_deal(cls.deck, source._deal.dealt)
    game = new_game(variant, deal=text)
    assert game._deal.dealt == source._deal.dealt


@pytest.mark.parametrize("variant", VARIANTS)
def test_invalid_deals_are_rejected(variant):
    cls = VARIANTS[variant]
    dealt = new_game(variant, seed=1)._deal.dealt
    hands = list(dealt.hands)
    swapped = Deal((hands[0] | {next(iter(hands[1]))}, hands[1] - {next(iter(hands[1]))}, *hands[2:]), dealt.stock)
    for bad in (swapped, Deal(tuple(hands[:-1]), dealt.stock), Deal(tuple(hands), dealt.stock[:-1] if dealt.stock else ())):
        if bad == dealt:
            continue
        with pytest.raises(RuleViolation) as caught:
            cls(deal=bad)
        assert caught.value.reason.value in {"INVALID_DEAL", "DUPLICATE_CARD"}
    with pytest.raises(RuleViolation) as caught:
        new_game(variant, deal="0:garbage")
    assert caught.value.reason.value in {"INVALID_NOTATION", "UNKNOWN_CARD"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_dealer_rotates_and_first_dealer_option(variant):
    game = new_game(variant, {"first_dealer": 1}, seed=9)
    assert game._deal.dealer == 1
    game.phase = Phase.DEAL_OVER
    game.push(0, parse_move("next-deal", game.deck))
    assert game._deal.dealer == (2 % game.players) and game._deal.number == 1


@pytest.mark.parametrize(
    ("variant", "options", "field"),
    [("euchre3", {"target_score": 0}, "target_score"), ("hearts", {"target_score": "100"}, "target_score"),
     ("belote3", {"target_score": 1000, "announcements": "loud"}, "announcements"),
     ("belote", {"first_dealer": -1}, "first_dealer"), ("hearts", {"announcements": "all"}, "announcements"),
     ("euchre3", {"target_score": True}, "target_score")],
)
def test_invalid_options_name_the_field(variant, options, field):
    with pytest.raises(InvalidOption) as caught:
        new_game(variant, options)
    assert caught.value.field == field and caught.value.reason.value == "INVALID_OPTION"


def test_unknown_variant():
    with pytest.raises(RuleViolation) as caught:
        new_game("bridge")
    assert caught.value.field == "variant"


@pytest.mark.parametrize("variant", VARIANTS)
def test_error_matrix_leaves_the_state_unchanged(variant):
    game = new_game(variant, seed="errors")
    seat = game.to_act()[0]
    other = next(s for s in range(game.players) if s not in game.to_act()) if len(game.to_act()) == 1 else None
    if other is not None:
        assert rejected(game, other, game.legal_moves(seat)[0].text()) == "NOT_YOUR_TURN"
    assert rejected(game, seat, "next-deal") == "WRONG_PHASE"
    for bad_seat in (-1, game.players, "0"):
        with pytest.raises(RuleViolation) as caught:
            game.validate(bad_seat, game.legal_moves(seat)[0])  # type: ignore[arg-type]
        assert caught.value.reason.value == "INVALID_SEAT"
    for not_a_move in (game.legal_moves(seat)[0].text(), None):  # its text is not the move
        for check in (game.validate, game.push):
            with pytest.raises(RuleViolation) as caught:
                check(seat, not_a_move)  # type: ignore[arg-type]
            assert caught.value.reason.value == "UNKNOWN_MOVE" and "parse_move" in str(caught.value)
    for bad_seat in (-1, game.players, True, "0"):
        for read in (partial(PlayerView.of, game), partial(Knowledge.of, game), game.legal_moves):
            # a negative index would read another seat's cards, True seat 1's
            with pytest.raises(RuleViolation) as caught:
                read(bad_seat)  # type: ignore[arg-type]
            assert caught.value.reason.value == "INVALID_SEAT"
    for text, reason in (("play:ZZ", "UNKNOWN_CARD"), ("fly", "UNKNOWN_MOVE"), ("call:X", "UNKNOWN_SUIT")):
        with pytest.raises(RuleViolation) as caught:
            parse_move(text, game.deck)
        assert caught.value.reason.value == reason


def test_game_over_rejects_everything():
    game = new_game("euchre3", {"target_score": 1}, seed="over")
    import random

    rng = random.Random(0)
    while game.phase is not Phase.GAME_OVER:
        s = rng.choice(game.to_act())
        game.push(s, rng.choice(game.legal_moves(s)))
    assert game.winners and game.legal_moves(0) == [] and game.to_act() == ()
    assert rejected(game, 0, "next-deal") == "GAME_OVER"


def test_cards_have_unique_codes_and_names_per_deck():
    for cls in VARIANTS.values():
        codes = [c.code for c in cls.deck.cards]
        assert len(set(codes)) == len(codes) == len(cls.deck)
        assert all(cls.deck.parse(code.lower()) == card for code, card in zip(codes, cls.deck.cards))
        assert len({c.name for c in cls.deck.cards}) == len(cls.deck)


def test_deal_round_trip_in_notation():
    for variant, cls in VARIANTS.items():
        dealt = new_game(variant, seed=variant)._deal.dealt
        assert parse_deal(cls.deck, format_deal(cls.deck, dealt), cls.players) == dealt


def test_a_card_in_two_hands_is_named():
    deck = VARIANTS["hearts"].deck
    text = "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. A...AKQJT987654"
    with pytest.raises(RuleViolation) as caught:
        parse_deal(deck, text, 4)
    assert caught.value.reason is Reason.DUPLICATE_CARD and caught.value.message == "AS appears in two hands"


def test_a_fork_plays_on_without_changing_the_game():
    import random as _random

    from engine_service.rules import new_game as _new_game

    game = _new_game("belote", seed="fork")
    rng = _random.Random(1)
    for _ in range(6):
        seat = game.to_act()[0]
        game.push(seat, rng.choice(game.legal_moves(seat)))
    before = (game.version, PlayerView.of(game, None).to_dict(), [sorted(c.code for c in h) for h in game._deal.hands])
    fork = game.fork()
    while not fork.results:
        seat = fork.to_act()[0]
        fork.push(seat, rng.choice(fork.legal_moves(seat)))
    assert fork.results and not game.results and len(fork.history) == fork.version - game.version > 0
    assert (game.version, PlayerView.of(game, None).to_dict(), [sorted(c.code for c in h) for h in game._deal.hands]) == before

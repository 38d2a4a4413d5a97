"""A hand's notation: suit by suit in the deck's order, each suit highest rank first, as the
deck's own order of cards says it (the definition, written out as the oracle)."""

from __future__ import annotations

import random

import pytest

from engine_service.rules import VARIANTS, new_game
from engine_service.rules.cards import Card
from engine_service.rules.notation import format_hand, parse_hand


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hand_is_written_suit_by_suit_highest_first(variant):
    deck = new_game(variant).deck
    rng = random.Random(variant)
    for _ in range(500):
        hand = frozenset(rng.sample(list(deck.cards), rng.randint(0, len(deck.cards))))
        expected = ".".join("".join(rank.code for rank in reversed(deck.ranks) if Card(rank, suit) in hand)
                            for suit in deck.suits)
        assert format_hand(deck, hand) == expected
        assert parse_hand(deck, expected) == hand

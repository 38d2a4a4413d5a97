"""Invariant checks shared by the property tests (and reusable by service tests)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from engine_service.rules import STOCK, Game, Knowledge
from engine_service.rules.cards import Card
from engine_service.rules.codec import to_data
from engine_service.rules.euchre3 import Euchre3State
from engine_service.rules.moves import Call, Declare, Discard, Move, NextDeal, Pass, PassCards, Play, Take


def located_cards(game: Game) -> list[Card]:
    cards = [card for seat in range(game.players) for card in game.hand(seat)] + list(game.stock)
    cards += [game.discard] if game.discard is not None else []
    cards += [played.card for trick in game.tricks for played in trick.cards] + [p.card for p in game.current_trick]
    return cards


def assert_cards_conserved(game: Game) -> None:
    cards = located_cards(game)
    assert Counter(cards) == Counter(game.deck.cards), "a card was lost or duplicated"


def knowable_codes(game: Game, viewer: int | None) -> set[str]:
    """Every card ``viewer`` may know the place of, from the true state."""
    cards = {played.card for trick in game.tricks for played in trick.cards} | {p.card for p in game.current_trick}
    if game.turned is not None:
        cards.add(game.turned)
    for revealed in game.revealed_declarations():
        cards |= {card for combination in revealed.combinations for card in combination.cards}
    if viewer is not None:
        cards |= game.hand(viewer)
        cards |= game.passed_by(viewer)
        if game.discard is not None and viewer == game.taker:
            cards.add(game.discard)
    return {card.code for card in cards}


def _is_whole_deck(value: Any, codes: set[str]) -> bool:
    """A view's ``deck``: every card of the deck once, the same for every viewer (it names no place)."""
    cards = [entry.get("card") for entry in value if isinstance(entry, dict)] if isinstance(value, list) else []
    return len(cards) == len(codes) and set(cards) == codes


def card_codes_in(value: Any, game: Game) -> set[str]:
    """Every string in a nested structure (or in a typed value's JSON data) that is the
    code of a card of this deck."""
    codes = {card.code for card in game.deck.cards}
    found: set[str] = set()
    stack = [to_data(value)]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(value for key, value in item.items() if not (key == "deck" and _is_whole_deck(value, codes)))
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, str):
            found |= {part for part in item.replace(":", " ").split() if part in codes}
    return found


def true_placement(game: Game, viewer: int) -> dict[int, frozenset[Card]]:
    placement = {seat: game.hand(seat) for seat in range(game.players) if seat != viewer}
    out_of_play = set(game.stock) | ({game.discard} if game.discard is not None else set())
    if out_of_play:
        placement[STOCK] = frozenset(out_of_play)
    return placement


def assert_knowledge_sound(game: Game, viewer: int) -> Knowledge:
    knowledge = Knowledge.of(game, viewer)
    assert knowledge.is_consistent(true_placement(game, viewer)), "knowledge contradicts the truth"
    for facts in knowledge.holders:
        if facts.holder != STOCK:
            for suit in facts.void_suits:
                assert not any(game.effective_suit(c) == suit for c in game.hand(facts.holder))
    return knowledge


def candidate_moves(game: Game, seat: int, rng: random.Random) -> Iterable[Move]:
    """Every move of every kind (a sample of the hearts passes): legal or not."""
    yield from (Pass(), Take(), NextDeal(), Declare(True), Declare(False))
    yield from (Call(suit) for suit in game.deck.suits)
    for card in game.deck.cards:
        yield Play(card)
        yield Discard(card)
    hand = sorted(game.hand(seat), key=game.deck.index)
    if len(hand) >= 3:
        for _ in range(5):
            yield PassCards(frozenset(rng.sample(hand, 3)))


def put_hidden_cards(game: Game, placement: dict[int, frozenset[Card]]) -> None:
    """Replaces, in place, the other hands and the stock by ``placement`` (holder -> cards,
    the stock's key ``STOCK``): another truth a seat could not tell from this one. The
    undealt cards and the euchre3 discard are one holder to the seat: the discard stays if
    it is still among them."""
    deal = game._deal  # white-box: the rules' tests may set the deal's state
    for holder, cards in placement.items():
        if holder == STOCK:
            out = sorted(cards, key=game.deck.index)
            if isinstance(deal, Euchre3State) and deal.discard is not None:
                deal.discard = deal.discard if deal.discard in cards else out[0]
                out.remove(deal.discard)
            deal.stock = out
        else:
            deal.hands[holder] = set(cards)

"""What one seat has learned about the cards it cannot see.

This is the input of hint sampling: a deal of the unseen cards is consistent with a
seat's knowledge when every holder (each other seat, and the stock of undealt or
discarded cards) gets exactly its number of cards, all the cards known to be there and
none of the cards it has shown it cannot hold (a suit not followed, a trump not played
when the rules demanded one, hearts led before they were broken...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Card, Suit
from .dealing import STOCK
from .declarations import DeclarationFact
from .game import Game


@dataclass(frozen=True)
class HolderFacts:
    holder: int  # a seat, or STOCK
    size: int  # how many unseen cards it holds
    known: frozenset[Card]  # cards known to be there
    excluded: frozenset[Card]  # unseen cards known not to be there
    void_suits: frozenset[Suit]  # suits it has shown it does not hold

    def allows(self, card: Card) -> bool:
        return card not in self.excluded


@dataclass(frozen=True)
class Knowledge:
    viewer: int
    hand: frozenset[Card]
    unseen: frozenset[Card]  # in another hand or in the stock
    holders: tuple[HolderFacts, ...]
    declarations: tuple[DeclarationFact, ...] = ()

    @classmethod
    def of(cls, game: Game, viewer: int) -> Knowledge:
        """What ``viewer`` has learned of the cards it cannot see; ``INVALID_SEAT`` for a non-seat."""
        game.check_seat(viewer)
        return _build(game, viewer)

    def holder(self, holder: int) -> HolderFacts:
        return next(facts for facts in self.holders if facts.holder == holder)

    def possible_holders(self, card: Card) -> tuple[int, ...]:
        known_at = [facts.holder for facts in self.holders if card in facts.known]
        if known_at:
            return tuple(known_at)
        return tuple(facts.holder for facts in self.holders if facts.allows(card))

    def is_consistent(self, placement: Mapping[int, frozenset[Card] | set[Card]]) -> bool:
        """Whether a placement of the unseen cards (holder -> cards) could be the truth."""
        placed: set[Card] = set()
        for facts in self.holders:
            cards = set(placement.get(facts.holder, ()))
            if len(cards) != facts.size or not facts.known <= cards or cards & facts.excluded:
                return False
            placed |= cards
        if not all(fact.allows(frozenset(placement.get(fact.holder, ()))) for fact in self.declarations):
            return False
        return placed == self.unseen and sum(len(placement.get(f.holder, ())) for f in self.holders) == len(placed)


def _build(game: Game, viewer: int) -> Knowledge:
    d = game._deal
    hand = frozenset(d.hands[viewer])
    unseen = game.deck.card_set - hand - d.played
    holders = []
    suits = set(game.deck.suits)
    for seat in range(game.players):
        if seat == viewer:
            continue
        excluded = frozenset(d.excluded[seat] & unseen)
        known = frozenset((d.public_known[seat] | d.private_known.get((viewer, seat), set())) & unseen)
        voids = frozenset(suit for suit in suits if game.suit_cards(suit) <= d.excluded[seat])
        holders.append(HolderFacts(seat, len(d.hands[seat]), known, excluded, voids))
    discard = game.discard
    out_of_play = set(d.stock) | ({discard} if discard is not None else set())
    if out_of_play:
        known_stock = {card for card in (game.turned,) if card in d.stock}
        if viewer == d.taker and discard is not None:
            known_stock.add(discard)  # the taker knows his own discard
        holders.append(HolderFacts(STOCK, len(out_of_play), frozenset(known_stock), frozenset(), frozenset()))
    return Knowledge(viewer, hand, frozenset(unseen), tuple(holders), game.declaration_facts(viewer))

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
from .declarations import best_declarer, best_set, strongest
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
class DeclarationFact:
    """What a seat's declaration (belote announcements) tells of the hand it held then: its
    cards now plus ``played``, the cards it has played since (it declares before its first
    card). Its best set of combinations (``declarations.best_set``) exists and, once the
    first trick has resolved the declarations, either was shown (``shows``: its total value
    and strongest combination) or lost to the best one (``loses_to``: that one's strength,
    and whether an equal strength loses too, as it does for a seat after the best declarer
    in play order)."""

    holder: int
    played: frozenset[Card]
    trump: Suit
    shows: tuple[int, tuple[int, ...]] | None = None
    loses_to: tuple[tuple[int, ...], bool] | None = None

    def allows(self, hand: frozenset[Card] | set[Card]) -> bool:
        combinations = best_set(set(hand) | self.played, self.trump)
        if not combinations:
            return False
        best = strongest(combinations)
        if self.shows is not None:
            return (sum(c.value for c in combinations), best) == self.shows
        if self.loses_to is not None:
            winner, tie_loses = self.loses_to
            return best < winner or (tie_loses and best == winner)
        return True


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
    d = game.d
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
    out_of_play = set(d.stock) | ({d.discard} if d.discard is not None else set())
    if out_of_play:
        known_stock = {card for card in (d.turned,) if card in d.stock}
        if viewer == d.taker and d.discard is not None:
            known_stock.add(d.discard)  # the taker knows his own discard
        holders.append(HolderFacts(STOCK, len(out_of_play), frozenset(known_stock), frozenset(), frozenset()))
    return Knowledge(viewer, hand, frozenset(unseen), tuple(holders), declaration_facts(game, viewer))


def declaration_facts(game: Game, viewer: int) -> tuple[DeclarationFact, ...]:
    """What the other seats' declarations tell (public: who declared, and once the first
    trick is over, who scored and what they showed)."""
    d = game.d
    declarers = [seat for seat, declared in d.declared.items() if declared and seat != viewer]
    if not declarers or d.trump is None:
        return ()
    played = {seat: frozenset(game.played_by(seat)) for seat in declarers}
    if not d.tricks:  # not resolved yet: each of them holds a combination
        return tuple(DeclarationFact(seat, played[seat], d.trump) for seat in declarers)
    order = [(d.tricks[0].leader + i) % game.players for i in range(game.players)]
    shown = {seat: d.declarations[seat] for seat in d.declaration_winners}  # revealed to all
    best_seat = best_declarer(shown, order)  # among the winners, as it was among all
    facts = []
    for seat in declarers:
        if seat in shown:
            fact = DeclarationFact(seat, played[seat], d.trump,
                                   shows=(sum(c.value for c in shown[seat]), strongest(shown[seat])))
        else:
            tie_loses = order.index(seat) > order.index(best_seat)
            fact = DeclarationFact(seat, played[seat], d.trump, loses_to=(strongest(shown[best_seat]), tie_loses))
        facts.append(fact)
    return tuple(facts)

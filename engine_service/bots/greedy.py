"""The greedy policy: bid with enough trumps, declare, win a trick as cheaply as it can,
else play low; without a contract (hearts) duck, and shed the costliest cards.

It reads only what its seat may know: the seat's own hand, the bids, the trick on the
table. The server's bots call it on the seat's blind copy of the game
(:meth:`Game.blind_copy`), which holds nothing else.
"""

from __future__ import annotations

import math

from ..rules import Call, Card, Declare, Discard, Game, Move, Pass, PassCards, Phase, Play, Take
from ..rules.cards import CardRole

# Trumps (the turned card counted) a bidder wants, as a share of its hand at the auction.
TRUMP_SHARE = 0.6


def greedy_move(game: Game, seat: int) -> Move:
    phase, hand = game.phase, game.hand(seat)
    if phase is Phase.PASSING:
        return PassCards(frozenset(sorted(hand, key=lambda card: danger(game, card))[-3:]))
    if phase is Phase.BIDDING:
        return greedy_bid(game, seat)
    if phase is Phase.DISCARD:
        discards = [move.card for move in game.legal_moves(seat) if isinstance(move, Discard)]
        return Discard(min(discards, key=lambda card: (game.card_role(card) is not CardRole.PLAIN, game.strength(card))))
    if phase is Phase.DECLARATIONS:
        return Declare(Declare(True) in game.legal_moves(seat))
    return Play(greedy_card(game, seat))


def danger(game: Game, card: Card) -> tuple[int, int]:
    """How much a player without a contract wants rid of ``card``: the most penalty points
    first (the Q♠, then hearts), then the highest."""
    return (game.card_points(card), game.strength(card))


def power(game: Game, card: Card, led: object) -> tuple[bool, bool, int]:
    """How strongly ``card`` competes for the trick (the engine's own order: trump, the led
    suit, then strength)."""
    suit = game.effective_suit(card)  # the effective suit (euchre3's Sage is trump)
    return (game.card_role(card) is not CardRole.PLAIN, suit == led, game.strength(card))


def greedy_bid(game: Game, seat: int) -> Move:
    turned = game.turned
    assert turned is not None
    hand = game.hand(seat)
    need = math.ceil(TRUMP_SHARE * len(hand))
    if game.bid_round == 1:
        count = sum(1 for card in hand if card.suit == turned.suit) + 1
        return Take() if count >= need else Pass()
    counts = {suit: sum(1 for card in hand if card.suit == suit) for suit in game.deck.suits if suit != turned.suit}
    suit = max(counts, key=lambda s: (counts[s], s.code))
    return Call(suit) if counts[suit] >= need else Pass()


def greedy_card(game: Game, seat: int) -> Card:
    legal = sorted(game.legal_cards(seat), key=lambda card: card.code)
    if not game.has_contract:
        return _penalty_card(game, legal)
    trick = game.current_trick
    if not trick:
        return max(legal, key=lambda card: power(game, card, game.effective_suit(card)))
    led = game.effective_suit(trick[0].card)
    winner = game.winning_seat()
    best = max((played.card for played in trick), key=lambda card: power(game, card, led))
    partner_wins = winner is not None and winner == game.partner_of(seat)
    winning = [card for card in legal if power(game, card, led) > power(game, best, led)]
    if winning and not partner_wins:
        return min(winning, key=lambda card: power(game, card, led))
    return min(legal, key=lambda card: (game.card_points(card), power(game, card, led)))


def _penalty_card(game: Game, legal: list[Card]) -> Card:
    """Without a contract (hearts): lead low and no penalty card, duck under the trick's
    best card, else shed the most dangerous."""
    trick = game.current_trick
    if not trick:
        return min(legal, key=lambda card: (game.card_points(card) > 0, game.strength(card)))
    led = game.effective_suit(trick[0].card)
    best = max((played.card for played in trick if game.effective_suit(played.card) == led), key=game.strength)
    follow = [card for card in legal if game.effective_suit(card) == led]
    if follow:
        under = [card for card in follow if game.strength(card) < game.strength(best)]
        return max(under, key=game.strength) if under else min(follow, key=game.strength)
    return max(legal, key=lambda card: danger(game, card))


__all__ = ["greedy_move"]

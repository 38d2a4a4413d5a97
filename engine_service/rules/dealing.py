"""Where deals come from: a secure RNG, a seed (reproducible), or a given deal.

The seeded generator is our own SHA-256 counter stream rather than :mod:`random`, so a
seed gives the same deals on every Python version and can be reproduced in Rust.
Seeds are secrets: nothing here prints or stores them anywhere a player could see.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import Card, Deck
from .errors import Reason, RuleViolation

STOCK = -1  # the holder id of the undealt (and discarded) cards


class RandomSource(Protocol):
    def randbelow(self, n: int) -> int: ...


class SecureRandom:
    """The operating system's CSPRNG (the default for every game)."""

    def randbelow(self, n: int) -> int:
        return secrets.randbelow(n)


class SeededRandom:
    """A reproducible stream: SHA-256(seed, stream, counter) blocks, unbiased by rejection."""

    def __init__(self, seed: bytes, stream: int) -> None:
        self._prefix = hashlib.sha256(seed).digest() + stream.to_bytes(8, "big")
        self._counter = 0
        self._buffer = b""

    def _next_u64(self) -> int:
        if len(self._buffer) < 8:
            block = hashlib.sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer += block
        value, self._buffer = int.from_bytes(self._buffer[:8], "big"), self._buffer[8:]
        return value

    def randbelow(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self._next_u64()
            if value < limit:
                return value % n


def shuffle(cards: Sequence[Card], rng: RandomSource) -> list[Card]:
    """Fisher-Yates."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def seed_bytes(seed: str | int | bytes) -> bytes:
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, (str, int)):
        raise RuleViolation(Reason.INVALID_OPTION, "a seed is a string, an integer or bytes", field="seed")
    return str(seed).encode()


@dataclass(frozen=True)
class Deal:
    """The hands as dealt (before any completion) and the undealt cards in order.

    ``stock[0]`` is the turned card in the variants that turn one.
    """

    hands: tuple[frozenset[Card], ...]
    stock: tuple[Card, ...] = ()

    def check(self, deck: Deck, hand_size: int, players: int) -> None:
        """Raises ``INVALID_DEAL`` unless this is a complete, exact deal of ``deck``."""
        if len(self.hands) != players:
            raise RuleViolation(Reason.INVALID_DEAL, f"a deal has {players} hands, not {len(self.hands)}")
        for seat, hand in enumerate(self.hands):
            if len(hand) != hand_size:
                raise RuleViolation(Reason.INVALID_DEAL, f"hand {seat} has {len(hand)} cards, not {hand_size}")
        everything = [card for hand in self.hands for card in hand] + list(self.stock)
        if len(set(everything)) != len(everything):
            raise RuleViolation(Reason.DUPLICATE_CARD, "a card appears twice in the deal")
        if set(everything) != deck.card_set:
            raise RuleViolation(Reason.INVALID_DEAL, f"a deal holds exactly the {len(deck)} cards of the deck")


@dataclass(frozen=True)
class DealLayout:
    """How a variant deals: packets per round (from next(dealer)), then the stock."""

    players: int
    packets: tuple[int, ...]

    @property
    def hand_size(self) -> int:
        return sum(self.packets)

    def deal_from(self, ordered: Sequence[Card], dealer: int) -> Deal:
        hands: list[set[Card]] = [set() for _ in range(self.players)]
        position = 0
        for packet in self.packets:
            for offset in range(1, self.players + 1):
                seat = (dealer + offset) % self.players
                hands[seat].update(ordered[position : position + packet])
                position += packet
        return Deal(tuple(frozenset(hand) for hand in hands), tuple(ordered[position:]))


class DealSource(Protocol):
    def deal(self, deal_number: int, dealer: int, deck: Deck, layout: DealLayout) -> Deal: ...


class ShuffledDeals:
    """Shuffles a fresh deck for each deal: seeded (reproducible) or secure."""

    def __init__(self, seed: str | int | bytes | None = None) -> None:
        self._seed = None if seed is None else seed_bytes(seed)

    def deal(self, deal_number: int, dealer: int, deck: Deck, layout: DealLayout) -> Deal:
        rng: RandomSource = SecureRandom() if self._seed is None else SeededRandom(self._seed, deal_number)
        return layout.deal_from(shuffle(deck.cards, rng), dealer)

    def __repr__(self) -> str:  # never show the seed
        return "ShuffledDeals(seeded)" if self._seed is not None else "ShuffledDeals(secure)"


class GivenDeals:
    """Every deal is given (a record's, replayed): asking for one more is ``INVALID_DEAL``."""

    def __init__(self, deals: Sequence[Deal]) -> None:
        self._deals = tuple(deals)

    def deal(self, deal_number: int, dealer: int, deck: Deck, layout: DealLayout) -> Deal:
        if deal_number >= len(self._deals):
            raise RuleViolation(Reason.INVALID_DEAL, f"deal {deal_number} is played but not given",
                                field=f"deals[{deal_number}]")
        deal = self._deals[deal_number]
        deal.check(deck, layout.hand_size, layout.players)
        return deal

    def __repr__(self) -> str:
        return f"GivenDeals({len(self._deals)})"


class FirstDealGiven:
    """The first deal is the caller's; later deals come from ``then``."""

    def __init__(self, first: Deal, then: DealSource) -> None:
        self._first = first
        self._then = then

    def deal(self, deal_number: int, dealer: int, deck: Deck, layout: DealLayout) -> Deal:
        if deal_number == 0:
            return self._first
        return self._then.deal(deal_number, dealer, deck, layout)

    def __repr__(self) -> str:
        return "FirstDealGiven(...)"


class RotatedDeals:
    """``inner``'s deals turned by ``seats``: seat ``s`` holds what seat ``s - seats`` holds
    there, and the dealer moves with the hands, so the deal is the same deal played from
    other chairs (a duplicate event plays each deal from both directions this way)."""

    def __init__(self, inner: DealSource, seats: int) -> None:
        self._inner = inner
        self._seats = seats

    def deal(self, deal_number: int, dealer: int, deck: Deck, layout: DealLayout) -> Deal:
        players = layout.players
        turned = self._inner.deal(deal_number, (dealer - self._seats) % players, deck, layout)
        return Deal(tuple(turned.hands[(seat - self._seats) % players] for seat in range(players)), turned.stock)

    def __repr__(self) -> str:
        return f"RotatedDeals({self._inner!r}, {self._seats})"

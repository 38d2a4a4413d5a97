"""Suits, ranks, cards and the deck of each variant.

A card's *code* is its rank code followed by its suit code (``QS``, ``MA``): compact,
stable, ASCII, and unique within a deck. Codes are parsed through a :class:`Deck`,
because the themed euchre3 deck reuses letters of the standard one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from .errors import Reason, RuleViolation, echo


class Suit(Enum):
    """Every suit of every deck. ``code`` is the one-letter form used in card codes."""

    SPADES = ("S", "♠", "spades", "black")
    HEARTS = ("H", "♥", "hearts", "red")
    DIAMONDS = ("D", "♦", "diamonds", "red")
    CLUBS = ("C", "♣", "clubs", "black")
    # The euchre3 "disciplines" deck (seed 000).
    ARCHITECTURE = ("A", "Architecture", "Architecture", "red")
    COMMANDEMENT = ("C", "Commandement", "Commandement", "red")
    ART = ("R", "Art", "Art", "black")
    PENSEE = ("P", "Pensée", "Pensée", "black")

    # Members are singletons compared by identity: hash them by identity too, in C, rather
    # than through Enum's Python-level __hash__ (suits key hot dictionaries).
    __hash__ = object.__hash__

    def __init__(self, code: str, symbol: str, label: str, colour: str) -> None:
        self.code = code
        self.symbol = symbol
        self.label = label
        self.colour = colour

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(Enum):
    """Every rank of every deck, with its code and its display name."""

    TWO = ("2", "Two")
    THREE = ("3", "Three")
    FOUR = ("4", "Four")
    FIVE = ("5", "Five")
    SIX = ("6", "Six")
    SEVEN = ("7", "Seven")
    EIGHT = ("8", "Eight")
    NINE = ("9", "Nine")
    TEN = ("T", "Ten")
    JACK = ("J", "Jack")
    QUEEN = ("Q", "Queen")
    KING = ("K", "King")
    ACE = ("A", "Ace")
    # The euchre3 ranks, low to high (seed 000).
    INITIE = ("I", "Initié")
    ETUDIANT = ("E", "Étudiant")
    APPRENTI = ("A", "Apprenti")
    COMPAGNON = ("C", "Compagnon")
    SCRIBE = ("S", "Scribe")
    MAITRE = ("M", "Maître")

    __hash__ = object.__hash__  # as Suit: identity, in C

    def __init__(self, code: str, label: str) -> None:
        self.code = code
        self.label = label

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class CardRole(str, Enum):
    """What a card is in the deal at hand, once its trump is known."""

    PLAIN = "PLAIN"
    TRUMP = "TRUMP"  # of the trump suit, or counted in it
    ORACLE = "ORACLE"  # euchre3: the trump Initié, the highest trump
    SAGE = "SAGE"  # euchre3: the Initié of trump's colour, the second trump


_THEMED_SUITS = frozenset({Suit.ARCHITECTURE, Suit.COMMANDEMENT, Suit.ART, Suit.PENSEE})


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit
    # Cards are hashed constantly (hands are sets); the generated hash would hash both
    # enums through Python-level Enum.__hash__ each time.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.rank.code, self.suit.code)))

    def __hash__(self) -> int:
        return self._hash

    # Immutable: copies of a game (Game.fork, hints) share their cards instead of
    # rebuilding each one (copying a deal state was half the cost of replaying a deal).
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @property
    def code(self) -> str:
        return self.rank.code + self.suit.code

    @property
    def name(self) -> str:
        """Human display name: "Queen of spades", "Maître d'Architecture"."""
        if self.suit in _THEMED_SUITS:
            article = "d'" if self.suit.label[0] in "AEIOU" else "de "
            return f"{self.rank.label} {article}{self.suit.label}"
        return f"{self.rank.label} of {self.suit.label}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


STANDARD_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
THEMED_SUITS = (Suit.ARCHITECTURE, Suit.COMMANDEMENT, Suit.ART, Suit.PENSEE)
# How a hand is held: suits in alternating colours (rotated so that trumps come first).
STANDARD_HOLDING = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
THEMED_HOLDING = (Suit.ARCHITECTURE, Suit.ART, Suit.COMMANDEMENT, Suit.PENSEE)
FULL_RANKS = tuple(Rank)[:13]  # 2 .. A
PIQUET_RANKS = FULL_RANKS[5:]  # 7 .. A
THEMED_RANKS = tuple(Rank)[13:]


@dataclass(frozen=True)
class Deck:
    """The cards of one variant, in a fixed order (suit by suit, each low to high).

    The position of a card in :attr:`cards` is its stable index (used by the solver's
    bitsets). ``suits`` is the order used by the deal notation.
    """

    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    removed: frozenset[Card] = field(default=frozenset())
    holding: tuple[Suit, ...] = ()  # the suits in the order a hand is held (alternating colours)

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return tuple(
            Card(rank, suit) for suit in self.suits for rank in self.ranks if Card(rank, suit) not in self.removed
        )

    @cached_property
    def card_set(self) -> frozenset[Card]:
        return frozenset(self.cards)

    @cached_property
    def _by_code(self) -> dict[str, Card]:
        return {card.code: card for card in self.cards}

    @cached_property
    def _index(self) -> dict[Card, int]:
        return {card: i for i, card in enumerate(self.cards)}

    @cached_property
    def _suit_by_code(self) -> dict[str, Suit]:
        return {suit.code: suit for suit in self.suits}

    def __len__(self) -> int:
        return len(self.cards)

    def parse(self, code: str) -> Card:
        """The card with this code, or ``UNKNOWN_CARD`` (codes are case-insensitive)."""
        card = self._by_code.get(code.strip().upper()) if isinstance(code, str) else None
        if card is None:
            raise RuleViolation(Reason.UNKNOWN_CARD, f"{echo(code)} is not a card of this deck")
        return card

    def parse_suit(self, code: str) -> Suit:
        suit = self._suit_by_code.get(code.strip().upper()) if isinstance(code, str) else None
        if suit is None:
            raise RuleViolation(Reason.UNKNOWN_SUIT, f"{echo(code)} is not a suit of this deck")
        return suit

    def index(self, card: Card) -> int:
        return self._index[card]

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        return sorted(cards, key=self._index.__getitem__)

    def of_suit(self, suit: Suit) -> frozenset[Card]:
        return frozenset(card for card in self.cards if card.suit == suit)


EUCHRE3_DECK = Deck(THEMED_SUITS, THEMED_RANKS, holding=THEMED_HOLDING)
PIQUET_DECK = Deck(STANDARD_SUITS, PIQUET_RANKS, holding=STANDARD_HOLDING)
BELOTE3_DECK = Deck(
    STANDARD_SUITS, PIQUET_RANKS, frozenset({Card(Rank.SEVEN, Suit.SPADES), Card(Rank.SEVEN, Suit.CLUBS)}),
    holding=STANDARD_HOLDING,
)
FULL_DECK = Deck(STANDARD_SUITS, FULL_RANKS, holding=STANDARD_HOLDING)

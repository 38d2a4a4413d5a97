"""A text notation for deals and positions, modelled on bridge's PBN.

A hand lists its suits in the deck's order (``S.H.D.C``; euchre3 ``A.C.R.P``) separated
by dots, each suit's ranks from high to low in natural order: ``AKQ.JT9..32``.
Hands are separated by spaces, the first one prefixed by its seat: ``0:`` as in PBN's
``N:``. Extra fields follow as ``;key=value``:

- a deal: ``0:<hands>;stock=<codes in order>`` (``stock[0]`` is the turned card);
- a position (during play): ``1:<remaining hands>;trump=H;taker=0;leader=2;trick=JH 9H``,
  optionally ``points=0 12 0 4`` and ``tricks=0 1 0 1`` (won so far, per seat).

Every variant round-trips: ``parse(format(x)) == x``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, Deck, Rank, Suit
from .dealing import Deal
from .errors import Reason, RuleViolation, echo


def _bad(message: str) -> RuleViolation:
    return RuleViolation(Reason.INVALID_NOTATION, message)


def format_hand(deck: Deck, cards: frozenset[Card] | set[Card]) -> str:
    """Suit by suit in the deck's order, each suit's ranks highest first (from the hand's own
    cards: positions are written for every solve of a play-out)."""
    held: dict[Suit, list[Rank]] = {suit: [] for suit in deck.suits}
    for card in cards:
        held[card.suit].append(card.rank)
    order = deck.ranks.index
    return ".".join("".join(rank.code for rank in sorted(held[suit], key=order, reverse=True)) for suit in deck.suits)


def parse_hand(deck: Deck, text: str) -> frozenset[Card]:
    groups = text.split(".")
    if len(groups) != len(deck.suits):
        raise _bad(f"a hand has {len(deck.suits)} suits separated by dots: {echo(text)}")
    cards: list[Card] = []
    for suit, group in zip(deck.suits, groups):
        cards.extend(deck.parse(rank_code + suit.code) for rank_code in group)
    if len(set(cards)) != len(cards):
        raise RuleViolation(Reason.DUPLICATE_CARD, f"a card appears twice in {echo(text)}")
    return frozenset(cards)


def format_hands(deck: Deck, hands: list[frozenset[Card]] | tuple[frozenset[Card], ...], first: int = 0) -> str:
    n = len(hands)
    return f"{first}:" + " ".join(format_hand(deck, hands[(first + i) % n]) for i in range(n))


def parse_hands(deck: Deck, text: str, players: int) -> list[frozenset[Card]]:
    head, sep, body = text.strip().partition(":")
    if not sep or not head.strip().isdigit() or int(head) >= players:
        raise _bad(f"hands start with the first seat, 0..{players - 1}, and a colon, as in '0:'")
    first = int(head)
    parts = body.split()
    if len(parts) != players:
        raise _bad(f"expected {players} hands, found {len(parts)}")
    hands = [frozenset[Card]()] * players
    for i, part in enumerate(parts):
        hands[(first + i) % players] = parse_hand(deck, part)
    seen: set[Card] = set()
    for card in (card for hand in hands for card in hand):
        if card in seen:
            raise RuleViolation(Reason.DUPLICATE_CARD, f"{card.code} appears in two hands")
        seen.add(card)
    return hands


def _split_fields(text: str) -> tuple[str, dict[str, str]]:
    head, *rest = text.strip().split(";")
    fields: dict[str, str] = {}
    for item in rest:
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not key or key in fields:
            raise _bad(f"fields are ';key=value', each once: {echo(item)}")
        fields[key] = value.strip()
    return head, fields


def _parse_codes(deck: Deck, text: str) -> list[Card]:
    return [deck.parse(code) for code in text.split()]


def format_deal(deck: Deck, deal: Deal) -> str:
    text = format_hands(deck, deal.hands)
    if deal.stock:
        text += ";stock=" + " ".join(card.code for card in deal.stock)
    return text


def parse_deal(deck: Deck, text: str, players: int) -> Deal:
    head, fields = _split_fields(text)
    unknown = set(fields) - {"stock"}
    if unknown:
        raise _bad(f"unknown deal field {echo(sorted(unknown)[0])}")
    hands = parse_hands(deck, head, players)
    stock = tuple(_parse_codes(deck, fields.get("stock", "")))
    return Deal(tuple(hands), stock)


@dataclass(frozen=True)
class Position:
    """A moment of play: remaining hands, trump, the trick in progress, what was won."""

    hands: tuple[frozenset[Card], ...]
    leader: int
    trump: Suit | None = None
    taker: int | None = None
    trick: tuple[Card, ...] = ()  # cards played to the current trick, from the leader
    points: tuple[int, ...] = field(default=())  # won so far, per seat
    tricks: tuple[int, ...] = field(default=())

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


def format_position(deck: Deck, position: Position) -> str:
    parts = [format_hands(deck, position.hands, position.leader)]
    parts.append(f"trump={position.trump.code if position.trump else '-'}")
    if position.taker is not None:
        parts.append(f"taker={position.taker}")
    parts.append(f"leader={position.leader}")
    if position.trick:
        parts.append("trick=" + " ".join(card.code for card in position.trick))
    if position.points:
        parts.append("points=" + " ".join(str(p) for p in position.points))
    if position.tricks:
        parts.append("tricks=" + " ".join(str(t) for t in position.tricks))
    return ";".join(parts)


def _ints(text: str, players: int, name: str) -> tuple[int, ...]:
    try:
        values = tuple(int(value) for value in text.split())
    except ValueError:
        raise _bad(f"{name} is {players} whole numbers") from None
    if len(values) != players or min(values) < 0:
        raise _bad(f"{name} is {players} whole numbers, none negative")
    return values


def _seat(text: str, players: int, name: str) -> int:
    if not text.isdigit() or int(text) >= players:
        raise _bad(f"{name} is a seat, 0..{players - 1}")
    return int(text)


def parse_position(deck: Deck, text: str, players: int) -> Position:
    head, fields = _split_fields(text)
    unknown = set(fields) - {"trump", "taker", "leader", "trick", "points", "tricks"}
    if unknown:
        raise _bad(f"unknown position field {echo(sorted(unknown)[0])}")
    hands = tuple(parse_hands(deck, head, players))
    if "leader" not in fields:
        raise _bad("a position needs leader=<seat>")
    leader = _seat(fields["leader"], players, "leader")
    trump_text = fields.get("trump", "-")
    trump = None if trump_text == "-" else deck.parse_suit(trump_text)
    taker = _seat(fields["taker"], players, "taker") if "taker" in fields else None
    trick = tuple(_parse_codes(deck, fields.get("trick", "")))
    points = _ints(fields["points"], players, "points") if "points" in fields else ()
    tricks = _ints(fields["tricks"], players, "tricks") if "tricks" in fields else ()
    position = Position(hands, leader, trump, taker, trick, points, tricks)
    _check_position(position, players)
    return position


def _check_position(position: Position, players: int) -> None:
    everything = [card for hand in position.hands for card in hand] + list(position.trick)
    if len(set(everything)) != len(everything):
        raise RuleViolation(Reason.DUPLICATE_CARD, "a card appears twice in the position")
    if len(position.trick) >= players:
        raise _bad("a trick in progress has fewer cards than players")
    played = {(position.leader + i) % players for i in range(len(position.trick))}
    sizes = {len(hand) + (1 if seat in played else 0) for seat, hand in enumerate(position.hands)}
    if len(sizes) != 1:
        raise _bad("hands must be equal once the cards of the trick in progress are counted")

"""What one seat (or a spectator) sees of a game: exactly what it may know, nothing else,
and what a client needs to draw it without knowing the rules (how a hand is held, what
each card is in the deal at hand)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, CardRole, Rank, Suit
from .codec import to_data
from .declarations import Combination
from .events import DealResult, PlayedCard, RevealedDeclaration, Trick
from .game import Game, Phase
from .moves import Move


@dataclass(frozen=True)
class CardInfo:
    """A card of the deck as the deal at hand makes it (public: it follows from the trump)."""

    card: Card
    rank: Rank
    suit: Suit  # as printed
    effective_suit: Suit  # the suit it follows and wins in (euchre3's Sage: the trump's)
    role: CardRole
    red: bool


@dataclass(frozen=True)
class Bid:
    seat: int
    move: Move


@dataclass(frozen=True)
class Declaration:
    seat: int
    declared: bool  # whether it declared its combinations with its first card


@dataclass(frozen=True)
class PlayerView:
    variant: str
    viewer: int | None  # None: a spectator
    version: int
    phase: Phase
    deal_number: int
    dealer: int
    to_act: tuple[int, ...]
    scores: tuple[int, ...]  # per side: team in belote, seat otherwise
    hand: tuple[Card, ...] | None  # own hand in holding order, None for a spectator
    hand_counts: tuple[int, ...]
    stock_count: int
    turned: Card | None
    bids: tuple[Bid, ...]
    taker: int | None
    trump: Suit | None
    discard: Card | None  # own discard (euchre3 taker)
    passed: tuple[Card, ...]  # own passed cards (hearts)
    received: tuple[Card, ...]  # cards received (hearts), once everyone has passed
    passed_seats: tuple[int, ...]  # who has passed already (not what)
    declarations: tuple[Declaration, ...]
    revealed_declarations: tuple[RevealedDeclaration, ...]
    offered: tuple[Combination, ...]  # belote family: the viewer's own combinations, while it may declare them
    leader: int
    trick: tuple[PlayedCard, ...]
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    card_points: tuple[int, ...]
    hearts_broken: bool
    results: tuple[DealResult, ...]
    winners: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    deck: tuple[CardInfo, ...]  # every card of the deck in holding order, for drawing and naming them

    def visible_codes(self) -> set[str]:
        """The code of every card this view mentions, wherever it is (for leak checks)."""
        seen = self.to_dict()
        found: set[str] = set(seen["hand"] or ()) | set(seen["passed"]) | set(seen["received"])
        found |= {code for code in (seen["turned"], seen["discard"]) if code}
        found |= {entry["card"] for entry in seen["trick"]}
        found |= {entry["card"] for trick in seen["tricks"] for entry in trick["cards"]}
        for revealed in seen["revealed_declarations"]:
            found |= {code for combination in revealed["combinations"] for code in combination["cards"]}
        for move in seen["legal_moves"]:
            verb, _, argument = move.partition(":")
            if verb in ("play", "discard", "give"):
                found |= set(argument.split())
        return found

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data (cards as codes, moves as text)."""
        return {name: to_data(value) for name, value in vars(self).items()}

    @classmethod
    def of(cls, game: Game, viewer: int | None = None) -> PlayerView:
        """What ``viewer`` may know of ``game`` (None: a spectator); ``INVALID_SEAT`` for a non-seat."""
        if viewer is not None:
            game.check_seat(viewer)
        return _build(game, viewer)


def _build(game: Game, viewer: int | None) -> PlayerView:
    d = game._deal
    seat_view = viewer is not None
    deck = _deck(game)
    order = [info.card for info in deck]
    own_hand = tuple(card for card in order if card in d.hands[viewer]) if viewer is not None else None
    own_discard = game.discard if seat_view and viewer == d.taker else None
    passed = game.passed_by(viewer) if viewer is not None else frozenset()
    received = game.received_by(viewer) if viewer is not None else frozenset()
    return PlayerView(
        variant=game.variant,
        viewer=viewer,
        version=game.version,
        phase=game.phase,
        deal_number=d.number,
        dealer=d.dealer,
        to_act=game.to_act(),
        scores=tuple(game.scores),
        hand=own_hand,
        hand_counts=tuple(len(hand) for hand in d.hands),
        stock_count=len(d.stock) + (1 if game.discard is not None else 0),
        turned=game.turned,
        bids=tuple(Bid(seat, move) for seat, move in game.bids),
        taker=d.taker,
        trump=d.trump,
        discard=own_discard,
        passed=tuple(game.deck.sorted(passed)),
        received=tuple(game.deck.sorted(received)),
        passed_seats=game.passed_seats(),
        declarations=tuple(Declaration(seat, declared) for seat, declared in game.declarations_made()),
        revealed_declarations=game.revealed_declarations(),
        offered=game.declarable(viewer) if viewer is not None else (),
        leader=d.leader,
        trick=tuple(PlayedCard(seat, card) for seat, card in d.trick),
        tricks=tuple(d.tricks),
        trick_counts=tuple(d.trick_counts),
        card_points=tuple(d.points),
        hearts_broken=game.hearts_broken,
        results=tuple(game.results),
        winners=game.winners,
        legal_moves=tuple(game.legal_moves(viewer)) if viewer is not None else (),
        deck=deck,
    )


# The deck as a deal makes it depends on the variant and the trump alone: drawn once for each.
_DECKS: dict[tuple[type[Game], Suit | None], tuple[CardInfo, ...]] = {}


def _deck(game: Game) -> tuple[CardInfo, ...]:
    key = (type(game), game.trump)
    deck = _DECKS.get(key)
    if deck is None:
        deck = tuple(
            CardInfo(card, card.rank, card.suit, game.effective_suit(card), game.card_role(card), card.suit.colour == "red")
            for card in game.holding_order()
        )
        _DECKS[key] = deck
    return deck

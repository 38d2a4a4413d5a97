"""What one seat (or a spectator) sees of a game: exactly what it may know, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card
from .moves import Move

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class PlayerView:
    variant: str
    viewer: int | None  # None: a spectator
    version: int
    phase: str
    deal_number: int
    dealer: int
    to_act: tuple[int, ...]
    scores: tuple[int, ...]  # per side: team in belote, seat otherwise
    hand: tuple[Card, ...] | None  # own hand, None for a spectator
    hand_counts: tuple[int, ...]
    stock_count: int
    turned: Card | None
    bids: tuple[tuple[int, str], ...]
    taker: int | None
    trump: str | None
    discard: Card | None  # own discard (euchre3 taker)
    passed: tuple[Card, ...]  # own passed cards (hearts)
    received: tuple[Card, ...]  # cards received (hearts), once everyone has passed
    passed_seats: tuple[int, ...]  # who has passed already (not what)
    declared: tuple[tuple[int, bool], ...]
    revealed_declarations: tuple[dict[str, Any], ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[dict[str, Any], ...]
    trick_counts: tuple[int, ...]
    card_points: tuple[int, ...]
    hearts_broken: bool
    results: tuple[dict[str, Any], ...]
    winners: tuple[int, ...]
    legal_moves: tuple[Move, ...]

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
        def code(card: Card | None) -> str | None:
            return card.code if card is not None else None

        return {
            "variant": self.variant,
            "viewer": self.viewer,
            "version": self.version,
            "phase": self.phase,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "to_act": list(self.to_act),
            "scores": list(self.scores),
            "hand": [card.code for card in self.hand] if self.hand is not None else None,
            "hand_counts": list(self.hand_counts),
            "stock_count": self.stock_count,
            "turned": code(self.turned),
            "bids": [list(bid) for bid in self.bids],
            "taker": self.taker,
            "trump": self.trump,
            "discard": code(self.discard),
            "passed": [card.code for card in self.passed],
            "received": [card.code for card in self.received],
            "passed_seats": list(self.passed_seats),
            "declared": [list(entry) for entry in self.declared],
            "revealed_declarations": list(self.revealed_declarations),
            "leader": self.leader,
            "trick": [{"seat": seat, "card": card.code} for seat, card in self.trick],
            "tricks": list(self.tricks),
            "trick_counts": list(self.trick_counts),
            "card_points": list(self.card_points),
            "hearts_broken": self.hearts_broken,
            "results": list(self.results),
            "winners": list(self.winners),
            "legal_moves": [move.text() for move in self.legal_moves],
        }


def build_view(game: Game, viewer: int | None) -> PlayerView:
    d = game.d
    seat_view = viewer is not None
    own_hand = tuple(game.deck.sorted(d.hands[viewer])) if viewer is not None else None
    own_discard = d.discard if seat_view and viewer == d.taker else None
    passed = d.passed.get(viewer, frozenset()) if viewer is not None else frozenset()
    all_passed = len(d.passed) == game.players
    received = d.received.get(viewer, frozenset()) if viewer is not None and all_passed else frozenset()
    return PlayerView(
        variant=game.variant,
        viewer=viewer,
        version=game.version,
        phase=game.phase.value,
        deal_number=d.number,
        dealer=d.dealer,
        to_act=game.to_act(),
        scores=tuple(game.scores),
        hand=own_hand,
        hand_counts=tuple(len(hand) for hand in d.hands),
        stock_count=len(d.stock) + (1 if d.discard is not None else 0),
        turned=d.turned,
        bids=tuple((seat, move.text()) for seat, move in d.bids),
        taker=d.taker,
        trump=d.trump.code if d.trump else None,
        discard=own_discard,
        passed=tuple(game.deck.sorted(passed)),
        received=tuple(game.deck.sorted(received)),
        passed_seats=tuple(sorted(d.passed)),
        declared=tuple(sorted(d.declared.items())),
        revealed_declarations=tuple(d.revealed),
        leader=d.leader,
        trick=tuple(d.trick),
        tricks=tuple(trick.to_dict() for trick in d.tricks),
        trick_counts=tuple(d.trick_counts),
        card_points=tuple(d.points),
        hearts_broken=d.hearts_broken,
        results=tuple(result.to_dict() for result in game.results),
        winners=game.winners,
        legal_moves=tuple(game.legal_moves(viewer)) if viewer is not None else (),
    )

"""The turned-card auction shared by euchre3, belote3 and belote.

Round 1, from next(dealer): take the turned card's suit or pass. Round 2 (all passed):
name one of the other suits or pass. All pass twice: the deal is void.
Variants decide what taking means through ``_on_trump_chosen``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from .cards import Card, Suit
from .errors import Reason, RuleViolation
from .events import BidEvent, CardTurnedEvent, Event, TrumpChosenEvent
from .game import DealState, Game, Phase
from .moves import Call, Move, Pass, Take


@dataclass
class AuctionState(DealState):
    """A deal with a turned-card auction."""

    turned: Card | None = None
    bid_round: int = 1
    passes: int = 0  # in the current round
    bids: list[tuple[int, Move]] = field(default_factory=list)


class TrumpBiddingGame(Game):
    deal_state: ClassVar[type[DealState]] = AuctionState
    _deal: AuctionState

    @property
    def turned(self) -> Card | None:
        return self._deal.turned

    @property
    def bid_round(self) -> int:
        return self._deal.bid_round

    @property
    def passes_this_round(self) -> int:
        return self._deal.passes

    @property
    def bids(self) -> tuple[tuple[int, Move], ...]:
        return tuple(self._deal.bids)

    def _begin_deal(self, events: list[Event]) -> None:
        d = self._deal
        d.turned = d.stock[0]
        events.append(CardTurnedEvent(card=d.turned))
        self.phase = Phase.BIDDING
        self._turn = self.next_seat(d.dealer)

    def _phase_move_types(self) -> tuple[type[Move], ...]:
        if self.phase is Phase.BIDDING:
            return (Pass, Take, Call)
        return super()._phase_move_types()

    def _phase_moves(self, seat: int) -> Iterable[Move]:
        if self.phase is not Phase.BIDDING:
            return super()._phase_moves(seat)
        if self._deal.bid_round == 1:
            return [Pass(), Take()]
        return [Pass(), *(Call(suit) for suit in self._callable_suits())]

    def _callable_suits(self) -> list[Suit]:
        assert self._deal.turned is not None
        return [suit for suit in self.deck.suits if suit != self._deal.turned.suit]

    def _check_move(self, seat: int, move: Move) -> None:
        if isinstance(move, Take) and self._deal.bid_round != 1:
            raise RuleViolation(Reason.WRONG_PHASE, "the turned card can only be taken in round 1")
        if isinstance(move, Call):
            if self._deal.bid_round != 2:
                raise RuleViolation(Reason.WRONG_PHASE, "a suit can only be named in round 2")
            if move.suit not in self.deck.suits:
                raise RuleViolation(Reason.UNKNOWN_SUIT, f"{move.suit.label} is not a suit of this deck")
            if move.suit not in self._callable_suits():
                raise RuleViolation(Reason.CANNOT_CALL_TURNED_SUIT, "round 2 names one of the other suits")
        super()._check_move(seat, move)

    def _apply(self, seat: int, move: Move, events: list[Event]) -> None:
        if not isinstance(move, (Pass, Take, Call)):
            super()._apply(seat, move, events)
            return
        d = self._deal
        d.bids.append((seat, move))
        events.append(BidEvent(seat=seat, move=move, round=d.bid_round))
        if isinstance(move, Pass):
            self._pass(events)
            return
        assert d.turned is not None
        d.taker = seat
        d.trump = d.turned.suit if isinstance(move, Take) else move.suit
        events.append(TrumpChosenEvent(seat=seat, trump=d.trump, round=d.bid_round))
        self._on_trump_chosen(events)

    def _pass(self, events: list[Event]) -> None:
        d = self._deal
        d.passes += 1
        if d.passes < self.players:
            self._turn = self.next_seat(self._turn)
        elif d.bid_round == 1:
            d.bid_round, d.passes = 2, 0
            self._turn = self.next_seat(d.dealer)
        else:
            self._finish_deal(self._void_result(), events)

    def _on_trump_chosen(self, events: list[Event]) -> None:
        raise NotImplementedError


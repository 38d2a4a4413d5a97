"""euchre3: three-player euchre with the "disciplines" deck (seed 000, docs/rules.md § euchre3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .bidding import AuctionState, TrumpBiddingGame
from .cards import EUCHRE3_DECK, Card, CardRole, Rank, Suit
from .dealing import DealLayout
from .errors import Reason, RuleViolation
from .events import DealOutcome, DiscardedEvent, Euchre3Result, Event, Hidden
from .game import DealState, Phase, Tier
from .moves import Discard, Move, Take
from .options import Euchre3Options

# The suit of the same colour: its Initié becomes the Sage.
SAME_COLOUR = {
    Suit.ARCHITECTURE: Suit.COMMANDEMENT,
    Suit.COMMANDEMENT: Suit.ARCHITECTURE,
    Suit.ART: Suit.PENSEE,
    Suit.PENSEE: Suit.ART,
}
RANK_ORDER = {rank: i for i, rank in enumerate(EUCHRE3_DECK.ranks)}  # Initié low .. Maître high
ORACLE_STRENGTH, SAGE_STRENGTH = 100, 99


def oracle(trump: Suit) -> Card:
    return Card(Rank.INITIE, trump)


def sage(trump: Suit) -> Card:
    return Card(Rank.INITIE, SAME_COLOUR[trump])


@dataclass
class Euchre3State(AuctionState):
    discard: Card | None = None  # the taker's, when he took the turned card


class Euchre3(TrumpBiddingGame):
    variant = "euchre3"
    players = 3
    deck = EUCHRE3_DECK
    layout = DealLayout(players=3, packets=(5,))  # 5 cards each, 9 undealt
    options_type = Euchre3Options
    result_type = Euchre3Result
    value_unit = "tricks"  # the taker's
    deal_state: ClassVar[type[DealState]] = Euchre3State
    _deal: Euchre3State

    @property
    def discard(self) -> Card | None:
        return self._deal.discard

    def _hide_from(self, seat: int) -> None:
        if self._deal.taker != seat:
            self._deal.discard = None  # the taker's alone
        super()._hide_from(seat)

    # --- cards once trump is known
    def effective_suit(self, card: Card) -> Suit:
        trump = self._deal.trump
        if trump is not None and card == sage(trump):
            return trump  # [decided] the Sage belongs to trump for every purpose
        return card.suit

    def strength(self, card: Card) -> int:
        trump = self._deal.trump
        if trump is not None:
            if card == oracle(trump):
                return ORACLE_STRENGTH
            if card == sage(trump):
                return SAGE_STRENGTH
        return RANK_ORDER[card.rank]

    def card_role(self, card: Card) -> CardRole:
        trump = self._deal.trump
        if trump is not None and card == oracle(trump):
            return CardRole.ORACLE
        if trump is not None and card == sage(trump):
            return CardRole.SAGE
        return super().card_role(card)

    # --- bidding, discard
    def _on_trump_chosen(self, events: list[Event]) -> None:
        d = self._deal
        assert d.taker is not None and d.turned is not None
        if isinstance(d.bids[-1][1], Take):
            # Round 1: the taker takes the turned card and discards one of his five dealt cards.
            d.stock.remove(d.turned)
            d.hands[d.taker].add(d.turned)
            d.public_known[d.taker].add(d.turned)
            self.phase = Phase.DISCARD
            self._turn = d.taker
        else:
            self._start_play(self.next_seat(d.dealer), events)

    def _phase_move_types(self) -> tuple[type[Move], ...]:
        if self.phase is Phase.DISCARD:
            return (Discard,)
        return super()._phase_move_types()

    def _phase_moves(self, seat: int) -> Iterable[Move]:
        if self.phase is Phase.DISCARD:
            return [Discard(card) for card in self.deck.sorted(self._deal.hands[seat] - {self._deal.turned})]
        return super()._phase_moves(seat)

    def _check_move(self, seat: int, move: Move) -> None:
        if isinstance(move, Discard):
            if move.card not in self._deal.hands[seat]:
                raise RuleViolation(Reason.CARD_NOT_IN_HAND, f"{move.card.code} is not in your hand")
            if move.card == self._deal.turned:
                raise RuleViolation(Reason.CANNOT_DISCARD_TURNED_CARD, "discard one of the five cards you were dealt")
        super()._check_move(seat, move)

    def _apply(self, seat: int, move: Move, events: list[Event]) -> None:
        if not isinstance(move, Discard):
            super()._apply(seat, move, events)
            return
        self._deal.hands[seat].remove(move.card)
        self._deal.discard = move.card
        events.append(DiscardedEvent(seat=seat, card=Hidden({seat: move.card})))
        self._start_play(self.next_seat(self._deal.dealer), events)  # [decided] next(dealer) leads

    # --- play
    def _play_tiers(self, seat: int) -> list[Tier]:
        trick = self._deal.trick
        if not trick:
            return []
        # Follow the led suit if you can; otherwise anything (no obligation to trump or overtrump).
        return [(self.suit_cards(self.effective_suit(trick[0][1])), Reason.MUST_FOLLOW_SUIT)]

    # --- scoring (docs/rules.md § euchre3 "Score")
    @staticmethod
    def _outcome_of(taker_tricks: int) -> tuple[DealOutcome, int, int]:
        """(outcome, the taker's points, each other player's) for the taker's tricks."""
        if taker_tricks <= 2:
            return DealOutcome.SET, 0, 1
        if taker_tricks <= 4:
            return DealOutcome.MADE, 1, 0
        return DealOutcome.MARCH, 2, 0

    def score_deal(self) -> Euchre3Result:
        d = self._deal
        assert d.taker is not None
        outcome, taker_points, others_points = self._outcome_of(d.trick_counts[d.taker])
        scores = [taker_points if seat == d.taker else others_points for seat in range(self.players)]
        return Euchre3Result(
            variant=self.variant, deal_number=d.number, outcome=outcome, taker=d.taker, trump=d.trump,
            tricks=tuple(d.trick_counts), card_points=tuple(d.points), scores=tuple(scores),
        )

    def deal_total(self) -> int:
        return self.layout.hand_size  # every trick: five, the taker discarding what he takes

    @classmethod
    def deal_score_from_value(cls, value: int, *, seat: int, taker: int | None) -> float | None:
        _, taker_points, others_points = cls._outcome_of(value)  # the value: the taker's tricks
        return float(taker_points if seat == taker else others_points)

    def _match_winners(self) -> tuple[int, ...]:
        return self._target_reached_highest_wins()

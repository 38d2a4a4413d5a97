"""hearts ("dame de pique"): four players, lowest score wins (seed 003, docs/rules.md § hearts)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import ClassVar

from .cards import FULL_DECK, Card, Rank, Suit
from .dealing import DealLayout
from .errors import Reason, RuleViolation
from .events import CardsPassedEvent, CardsReceivedEvent, DealOutcome, Event, HeartsResult, Hidden, Trick, codes
from .game import DealState, Game, Phase, Tier
from .moves import Move, PassCards
from .notation import Position
from .options import HeartsOptions

TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)
QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
HEARTS = FULL_DECK.of_suit(Suit.HEARTS)
POINT_CARDS = HEARTS | {QUEEN_OF_SPADES}
MOON_POINTS = 26
PASS_COUNT = 3
# Passing by deal number mod 4: to the left (next), to the right (previous), across, none.
PASS_OFFSETS = (1, 3, 2, 0)
RANK_ORDER = {rank: i for i, rank in enumerate(FULL_DECK.ranks)}


def penalty_points(card: Card) -> int:
    return 13 if card == QUEEN_OF_SPADES else 1 if card.suit is Suit.HEARTS else 0


@dataclass
class HeartsState(DealState):
    passed: dict[int, frozenset[Card]] = field(default_factory=dict)  # by giver
    received: dict[int, frozenset[Card]] = field(default_factory=dict)  # by receiver, once all have given
    hearts_broken: bool = False


class Hearts(Game):
    variant = "hearts"
    players = 4
    deck = FULL_DECK
    layout = DealLayout(players=4, packets=(1,) * 13)  # one by one
    options_type = HeartsOptions
    result_type = HeartsResult
    value_unit = "penalty_points"  # the player's own, moon included
    lower_is_better = True
    has_contract = False
    deal_state: ClassVar[type[DealState]] = HeartsState
    _deal: HeartsState

    def passed_by(self, seat: int) -> frozenset[Card]:
        return self._deal.passed.get(seat, frozenset())

    def received_by(self, seat: int) -> frozenset[Card]:
        return self._deal.received.get(seat, frozenset())

    def passed_seats(self) -> tuple[int, ...]:
        return tuple(sorted(self._deal.passed))

    @property
    def hearts_broken(self) -> bool:
        return self._deal.hearts_broken

    def _hide_from(self, seat: int) -> None:
        d = self._deal
        d.passed = {giver: cards if giver == seat else frozenset() for giver, cards in d.passed.items()}  # who, not what
        d.received = {receiver: cards for receiver, cards in d.received.items() if receiver == seat}

    @classmethod
    def deal_score_from_value(cls, value: int, *, seat: int, taker: int | None) -> float | None:
        return float(value)  # the player's own points, moon included

    def position_as_dealt(self) -> Position:
        hands = tuple(frozenset(hand) for hand in self._deal.dealt.hands)
        return Position(hands, leader=next(seat for seat, hand in enumerate(hands) if TWO_OF_CLUBS in hand))

    def pass_offset(self) -> int:
        return PASS_OFFSETS[self._deal.number % 4]

    def receiver_of(self, seat: int) -> int:
        return (seat + self.pass_offset()) % self.players

    def _begin_deal(self, events: list[Event]) -> None:
        if self.pass_offset():
            self.phase = Phase.PASSING
        else:
            self._start_play_with_two_of_clubs(events)

    def _start_play_with_two_of_clubs(self, events: list[Event]) -> None:
        holder = next(seat for seat in range(4) if TWO_OF_CLUBS in self._deal.hands[seat])
        self._start_play(holder, events)

    # --- passing: all four choose before any card moves
    def _phase_move_types(self) -> tuple[type[Move], ...]:
        if self.phase is Phase.PASSING:
            return (PassCards,)
        return super()._phase_move_types()

    def _phase_moves(self, seat: int) -> Iterable[Move]:
        if self.phase is Phase.PASSING:
            hand = self.deck.sorted(self._deal.hands[seat])
            return [PassCards(frozenset(cards)) for cards in combinations(hand, PASS_COUNT)]
        return super()._phase_moves(seat)

    def _check_move(self, seat: int, move: Move) -> None:
        if isinstance(move, PassCards):
            if len(move.cards) != PASS_COUNT:
                raise RuleViolation(Reason.WRONG_CARD_COUNT, f"pass exactly {PASS_COUNT} cards")
            missing = move.cards - self._deal.hands[seat]
            if missing:
                raise RuleViolation(Reason.CARD_NOT_IN_HAND, f"{min(c.code for c in missing)} is not in your hand")
        super()._check_move(seat, move)

    def _apply(self, seat: int, move: Move, events: list[Event]) -> None:
        if not isinstance(move, PassCards):
            super()._apply(seat, move, events)
            return
        d = self._deal
        d.passed[seat] = move.cards
        events.append(CardsPassedEvent(seat=seat, cards=Hidden({seat: codes(move.cards)})))
        if len(d.passed) < self.players:
            return
        for giver, cards in d.passed.items():
            receiver = self.receiver_of(giver)
            d.hands[giver] -= cards
            d.hands[receiver] |= cards
            d.received[receiver] = cards
            d.private_known[(giver, receiver)] = set(cards)  # the giver knows where they went
        events.append(
            CardsReceivedEvent(
                cards=Hidden({seat: codes(d.received[seat]) for seat in range(4)}),
                giver=Hidden({seat: self._giver_to(seat) for seat in range(4)}),
            )
        )
        self._start_play_with_two_of_clubs(events)

    def _giver_to(self, receiver: int) -> int:
        return (receiver - self.pass_offset()) % self.players

    # --- play
    def strength(self, card: Card) -> int:
        return RANK_ORDER[card.rank]

    def card_points(self, card: Card) -> int:
        return penalty_points(card)

    def _play_tiers(self, seat: int) -> list[Tier]:
        d = self._deal
        first_trick = not d.tricks
        if not d.trick:
            if first_trick:
                return [(frozenset({TWO_OF_CLUBS}), Reason.MUST_LEAD_TWO_OF_CLUBS)]
            if not d.hearts_broken:
                return [(self.deck.card_set - HEARTS, Reason.HEARTS_NOT_BROKEN)]
            return []
        tiers: list[Tier] = [(self.suit_cards(d.trick[0][1].suit), Reason.MUST_FOLLOW_SUIT)]
        if first_trick:
            # [decided] no heart and not the Q♠ on the first trick, unless the hand holds nothing else
            tiers.append((self.deck.card_set - POINT_CARDS, Reason.NO_POINTS_ON_FIRST_TRICK))
        return tiers

    def _after_trick(self, trick: Trick, events: list[Event]) -> None:
        # [decided] only a heart breaks hearts; the Q♠ does not.
        if any(played.card.suit is Suit.HEARTS for played in trick.cards):
            self._deal.hearts_broken = True

    # --- scoring (docs/rules.md § hearts "Score")
    def score_deal(self) -> HeartsResult:
        d = self._deal
        points = list(d.points)
        shooter = next((seat for seat in range(4) if points[seat] == MOON_POINTS), None)
        if shooter is not None:
            scores = tuple(0 if seat == shooter else MOON_POINTS for seat in range(4))
            outcome = DealOutcome.MOON
        else:
            scores = tuple(points)
            outcome = DealOutcome.PLAYED
        return HeartsResult(
            variant=self.variant, deal_number=d.number, outcome=outcome, taker=None, trump=None,
            tricks=tuple(d.trick_counts), card_points=tuple(points), scores=scores, moon_shooter=shooter,
        )

    def _match_winners(self) -> tuple[int, ...]:
        # Ends after the deal in which someone reaches the target; lowest total wins,
        # [decided] a tie for the lowest plays on.
        if max(self.scores) < self.options.target_score:
            return ()
        low = min(self.scores)
        lowest = [seat for seat, score in enumerate(self.scores) if score == low]
        return (lowest[0],) if len(lowest) == 1 else ()

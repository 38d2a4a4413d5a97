"""What belote and belote3 share: card order and points, completion of the hands after
the auction, the obligations to trump, overtrump and undertrump, announcements.

docs/rules.md § belote "Trump order and points", "Obligations", "Announcements".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from .bidding import AuctionState, TrumpBiddingGame
from .cards import Card, Rank
from .declarations import Combination, DeclarationFact, best_declarer, best_set, strongest
from .errors import Reason, RuleViolation
from .events import (
    BeloteRebeloteEvent,
    DeclarationsResolvedEvent,
    DeclaredEvent,
    Event,
    HandsCompletedEvent,
    Hidden,
    RevealedDeclaration,
    Trick,
    codes,
)
from .game import DealState, Phase, Tier
from .moves import Declare, Move
from .options import Announcements, BeloteFamilyOptions

R = Rank
TRUMP_ORDER = {rank: i for i, rank in enumerate((R.SEVEN, R.EIGHT, R.QUEEN, R.KING, R.TEN, R.ACE, R.NINE, R.JACK))}
PLAIN_ORDER = {rank: i for i, rank in enumerate((R.SEVEN, R.EIGHT, R.NINE, R.JACK, R.QUEEN, R.KING, R.TEN, R.ACE))}
TRUMP_POINTS = {R.JACK: 20, R.NINE: 14, R.ACE: 11, R.TEN: 10, R.KING: 4, R.QUEEN: 3, R.EIGHT: 0, R.SEVEN: 0}
PLAIN_POINTS = {R.ACE: 11, R.TEN: 10, R.KING: 4, R.QUEEN: 3, R.JACK: 2, R.NINE: 0, R.EIGHT: 0, R.SEVEN: 0}
BELOTE_REBELOTE = 20
LAST_TRICK_BONUS = 10  # "dix de der"
CARD_POINTS_TOTAL = 162  # with the last trick


@dataclass
class BeloteState(AuctionState):
    """A belote deal: the declarations, belote-rebelote."""

    declared: dict[int, bool] = field(default_factory=dict)
    declarations: dict[int, tuple[Combination, ...]] = field(default_factory=dict)  # hidden until shown
    declaration_winners: tuple[int, ...] = ()
    declaration_points: list[int] = field(default_factory=list)
    revealed: list[RevealedDeclaration] = field(default_factory=list)
    belote_holder: int | None = None
    belote_points: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.declaration_points = self.declaration_points or [0] * len(self.hands)
        self.belote_points = self.belote_points or [0] * len(self.hands)


class BeloteFamily(TrumpBiddingGame):
    deal_state: ClassVar[type[DealState]] = BeloteState
    _deal: BeloteState
    options: BeloteFamilyOptions
    last_trick_bonus = LAST_TRICK_BONUS
    value_unit = "card_points"  # the taker's side's, the last trick's bonus included
    scored_by_lines = True  # capot, each player's points and announcements count too
    taker_completion: int  # cards the taker gets with the turned card
    others_completion: int  # cards each other player gets

    # --- card order and points once trump is known
    def strength(self, card: Card) -> int:
        if card.suit == self._deal.trump:
            return TRUMP_ORDER[card.rank]
        return PLAIN_ORDER[card.rank]

    def card_points(self, card: Card) -> int:
        return TRUMP_POINTS[card.rank] if card.suit == self._deal.trump else PLAIN_POINTS[card.rank]

    # --- completion after the auction
    def _on_trump_chosen(self, events: list[Event]) -> None:
        d = self._deal
        assert d.taker is not None and d.turned is not None
        d.stock.remove(d.turned)
        received: dict[int, list[Card]] = {}
        seat = self.next_seat(d.dealer)
        for _ in range(self.players):  # in seat order from next(dealer), each his packet
            count = self.taker_completion if seat == d.taker else self.others_completion
            received[seat], d.stock = d.stock[:count], d.stock[count:]
            seat = self.next_seat(seat)
        received[d.taker].insert(0, d.turned)
        for seat, cards in received.items():
            d.hands[seat].update(cards)
        d.public_known[d.taker].add(d.turned)
        events.append(
            HandsCompletedEvent(
                turned_to=d.taker,
                hand_counts=tuple(len(hand) for hand in d.hands),
                received=Hidden({seat: codes(cards) for seat, cards in received.items()}),
            )
        )
        d.belote_holder = self._belote_holder()
        self._start_play(self.next_seat(d.dealer), events)

    def _belote_pair(self) -> set[Card]:
        """The king and queen of trump."""
        return {Card(R.KING, self._deal.trump), Card(R.QUEEN, self._deal.trump)}  # type: ignore[arg-type]

    def announcement_bound(self, seats: Iterable[int]) -> int:
        """The most announcements can add to ``seats``' totals this deal, judged from the
        hands they were dealt (their cards now and those they played): each one's best
        declarations and belote-rebelote, as far as the announcements option scores them."""
        d = self._deal
        if self.options.announcements is Announcements.NONE or d.trump is None:
            return 0
        dealt = {seat: d.hands[seat] | self.played_by(seat) for seat in seats}
        pair = self._belote_pair()
        bound = BELOTE_REBELOTE if any(pair <= cards for cards in dealt.values()) else 0
        if self.options.announcements is Announcements.ALL:
            bound += sum(c.value for cards in dealt.values() for c in best_set(cards, d.trump))
        return bound

    def card_points_to_make(self) -> int:
        """A lower bound on the card points (last trick included) the taker's side needs to
        make its contract, whatever the announcements: the variant's scoring rule with the
        taker's announcements at their most (``announcement_bound``)."""
        raise NotImplementedError

    def card_points_surely_set(self) -> int:
        """The taker's side winning fewer card points than this is dedans whatever the
        announcements; its deal score then does not depend on how many it won (but for capot)."""
        raise NotImplementedError

    @property
    def belote_holder(self) -> int | None:
        """Who was dealt (or completed) the king and queen of trump, once trump is known."""
        return self._deal.belote_holder

    def declared_combinations(self, seat: int) -> tuple[Combination, ...]:
        """What ``seat`` declared (its best set of combinations); () if it did not."""
        return self._deal.declarations.get(seat, ())

    def _belote_holder(self) -> int | None:
        pair = self._belote_pair()
        return next((seat for seat in range(self.players) if pair <= self._deal.hands[seat]), None)

    # --- blind copies: declarations and the belote holder name hidden cards
    def _hide_from(self, seat: int) -> None:
        d = self._deal
        for other in range(self.players):
            if other != seat:
                d.declarations.pop(other, None)  # shown only after the first trick
        d.belote_holder = None
        super()._hide_from(seat)

    def declarations_made(self) -> tuple[tuple[int, bool], ...]:
        return tuple(sorted(self._deal.declared.items()))

    def revealed_declarations(self) -> tuple[RevealedDeclaration, ...]:
        return tuple(self._deal.revealed)

    def declaration_facts(self, viewer: int) -> tuple[DeclarationFact, ...]:
        """What the other seats' declarations tell (public: who declared, and once the first
        trick is over, who scored and what they showed)."""
        d = self._deal
        declarers = [seat for seat, declared in d.declared.items() if declared and seat != viewer]
        if not declarers or d.trump is None:
            return ()
        played = {seat: frozenset(self.played_by(seat)) for seat in declarers}
        if not d.tricks:  # not resolved yet: each of them holds a combination
            return tuple(DeclarationFact(seat, played[seat], d.trump) for seat in declarers)
        order = [(d.tricks[0].leader + i) % self.players for i in range(self.players)]
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

    def _hidden_cards_restored(self, seat: int) -> None:
        d = self._deal
        if d.trump is None:
            return
        for other, declared in d.declared.items():
            if declared and other != seat:
                # What the hand put back holds (one combination at least where the hand was
                # drawn to agree with the declaration, see knowledge.DeclarationFact).
                d.declarations[other] = best_set(d.hands[other] | self.played_by(other), d.trump)
        pair = self._belote_pair()
        # Dealt both (one may have been played tricks ago: the second still scores it).
        holders = [other for other in range(self.players) if pair <= d.hands[other] | self.played_by(other)]
        d.belote_holder = holders[0] if holders else None

    # --- obligations (docs/rules.md § belote3 "Obligations", shared by belote)
    def _play_tiers(self, seat: int) -> list[Tier]:
        d = self._deal
        if not d.trick:
            return []
        trump = d.trump
        assert trump is not None
        trumps = self.suit_cards(trump)
        led = self.effective_suit(d.trick[0][1])
        best = max((self.strength(c) for _, c in d.trick if c.suit == trump), default=None)
        higher = frozenset(c for c in trumps if best is None or self.strength(c) > best)
        if led == trump:
            # Trump led: follow, and go over the best trump in the trick if you can.
            return [(higher, Reason.MUST_OVERTRUMP), (trumps, Reason.MUST_FOLLOW_SUIT)]
        tiers: list[Tier] = [(self.suit_cards(led), Reason.MUST_FOLLOW_SUIT)]
        winner = self.winning_seat()
        if winner is not None and winner == self.partner_of(seat):
            return tiers  # partner is master: discard or trump freely
        if best is None:
            return tiers + [(trumps, Reason.MUST_TRUMP)]
        return tiers + [(higher, Reason.MUST_OVERTRUMP), (trumps, Reason.MUST_UNDERTRUMP)]

    # --- announcements: declarations with one's first card, belote-rebelote
    def _declarations_open(self) -> bool:
        return self.options.announcements is Announcements.ALL

    def _enter_turn(self, seat: int) -> None:
        first_trick = not self._deal.tricks
        if first_trick and self._declarations_open() and seat not in self._deal.declared:
            self.phase = Phase.DECLARATIONS
        else:
            self.phase = Phase.PLAY

    def _phase_move_types(self) -> tuple[type[Move], ...]:
        if self.phase is Phase.DECLARATIONS:
            return (Declare,)
        return super()._phase_move_types()

    def _phase_moves(self, seat: int) -> Iterable[Move]:
        if self.phase is Phase.DECLARATIONS:
            return [Declare(False), Declare(True)] if self._combinations(seat) else [Declare(False)]
        return super()._phase_moves(seat)

    def declarable(self, seat: int) -> tuple[Combination, ...]:
        if self.phase is not Phase.DECLARATIONS or seat not in self.to_act():
            return ()
        return self._combinations(seat)

    def _combinations(self, seat: int) -> tuple[Combination, ...]:
        assert self._deal.trump is not None
        return best_set(self._deal.hands[seat], self._deal.trump)

    def _check_move(self, seat: int, move: Move) -> None:
        if isinstance(move, Declare) and move.declare and not self._combinations(seat):
            raise RuleViolation(Reason.NOTHING_TO_DECLARE, "your hand holds no combination")
        super()._check_move(seat, move)

    def _apply(self, seat: int, move: Move, events: list[Event]) -> None:
        if not isinstance(move, Declare):
            super()._apply(seat, move, events)
            return
        self._deal.declared[seat] = move.declare
        if move.declare:
            self._deal.declarations[seat] = self._combinations(seat)
        events.append(DeclaredEvent(seat=seat, declared=move.declare))
        self.phase = Phase.PLAY

    def _after_trick(self, trick: Trick, events: list[Event]) -> None:
        if len(self._deal.tricks) == 1 and self._deal.declarations:
            self._resolve_declarations(trick.leader, events)

    def _resolve_declarations(self, first_leader: int, events: list[Event]) -> None:
        d = self._deal
        d.declaration_winners = self._declaration_winners(d.declarations, first_leader)
        for seat in d.declaration_winners:
            combos = d.declarations[seat]
            d.declaration_points[seat] = sum(c.value for c in combos)
            d.public_known[seat] |= {card for c in combos for card in c.cards} & d.hands[seat]
            d.revealed.append(RevealedDeclaration(seat, combos))
        events.append(DeclarationsResolvedEvent(winners=d.declaration_winners, revealed=tuple(d.revealed)))

    def _declaration_winners(self, declarations: dict[int, tuple[Combination, ...]], first_leader: int) -> tuple[int, ...]:
        """Only the holder of the single best declaration scores (with his team in belote).

        Ties on strength go to the first declarer in play order from the first leader.
        """
        order = [(first_leader + i) % self.players for i in range(self.players)]
        declarers = [seat for seat in order if declarations.get(seat)]
        if not declarers:
            return ()
        best_seat = best_declarer({seat: declarations[seat] for seat in declarers}, order)
        return tuple(seat for seat in declarers if self._scores_declarations_with(seat, best_seat))

    def _announced_at_end(self) -> tuple[list[int], list[int]]:
        """Each seat's (declaration points, belote-rebelote) once the deal is played to its
        end, the players still to declare declaring whatever they hold."""
        d = self._deal
        declared = list(d.declaration_points)
        if not d.tricks and self._declarations_open():  # the first trick resolves them
            held = {seat: self._combinations(seat) for seat in range(self.players) if seat not in d.declared}
            declarations = {**d.declarations, **held}
            for seat in self._declaration_winners(declarations, d.leader):
                declared[seat] = sum(c.value for c in declarations[seat])
        belote = list(d.belote_points)
        if self.options.announcements is not Announcements.NONE and d.belote_holder is not None:
            belote[d.belote_holder] = BELOTE_REBELOTE  # its holder plays both before the end
        return declared, belote

    def _scores_declarations_with(self, seat: int, best_seat: int) -> bool:
        """belote: the whole team of the best declarer scores; belote3 overrides (individual)."""
        return self.side_of(seat) == self.side_of(best_seat)

    def _after_card(self, seat: int, card: Card, events: list[Event]) -> None:
        d = self._deal
        if self.options.announcements is Announcements.NONE or seat != d.belote_holder:
            return
        pair = self._belote_pair()
        if card in pair and pair <= d.played:
            d.belote_points[seat] = BELOTE_REBELOTE  # scored when the second of the two is played
            events.append(BeloteRebeloteEvent(seat=seat, points=BELOTE_REBELOTE))

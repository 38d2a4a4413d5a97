"""The engine shared by every variant: a game as an explicit state machine.

A :class:`Game` owns the match (scores, dealer rotation, deal results) and the state of
the current deal (:class:`DealState`). Variants override a few named hooks:

- ``_begin_deal``: the first phase of a deal (bidding, passing or play);
- ``effective_suit``, ``strength``, ``card_points``, ``card_role``: card order and values once
  trump is known (public: bots, hints and views ask them);
- ``_play_tiers``: what a seat must play, as an ordered list of obligations;
- ``score_deal`` and ``_match_winners``: scoring, each citing its rule in docs/rules.md;
  ``score_deal`` is pure: it returns the deal's result, the points it holds over for a
  later deal included, which the engine then applies (``_score_deal``, ``_finish_deal``);
- what hints and analysis need to know of a variant, so that nothing outside this package
  asks which one it holds: the solver's objective (``value_unit``, ``lower_is_better``,
  ``has_contract``, ``objective_player``, ``is_objective_side``, ``deal_total``,
  ``deal_score_from_value``, ``scored_by_lines``, ``table_trumps``), the bounds a contract
  is played against (``card_points_to_make``, ``card_points_surely_set``) and blind copies
  (``blind_copy``, ``with_hidden_cards``, whose variant parts are ``_hide_from`` and
  ``_hidden_cards_restored``).

Every move goes through :meth:`Game.validate` (which never changes anything) before
:meth:`Game.push` applies it, so a rejected move leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, Self

from .cards import Card, CardRole, Deck, Suit
from .dealing import STOCK, Deal, DealLayout, DealSource, FirstDealGiven, GivenDeals, RotatedDeals, ShuffledDeals
from .declarations import Combination, DeclarationFact
from .errors import Reason, RuleViolation
from .events import (
    CardPlayedEvent,
    DealOutcome,
    DealResult,
    DealScoredEvent,
    DealStartedEvent,
    Event,
    GameOverEvent,
    Hidden,
    PlayedCard,
    RevealedDeclaration,
    Trick,
    TrickWonEvent,
    codes,
)
from .moves import Move, NextDeal, Play
from .notation import Position
from .options import Options


class Phase(str, Enum):
    DEAL = "DEAL"  # transient: cards are being dealt (a game never waits here)
    BIDDING = "BIDDING"
    DISCARD = "DISCARD"
    PASSING = "PASSING"
    DECLARATIONS = "DECLARATIONS"
    PLAY = "PLAY"
    DEAL_OVER = "DEAL_OVER"
    GAME_OVER = "GAME_OVER"


Tier = tuple[frozenset[Card], Reason]


@dataclass
class DealState:
    """What every variant's deal in progress holds; reset at each deal. A variant keeps
    its own parts (the auction, the pass, the declarations) in a subclass: its
    ``deal_state``."""

    number: int
    dealer: int
    dealt: Deal  # as dealt, before any completion (for analysis once the deal is over)
    hands: list[set[Card]]
    stock: list[Card]
    taker: int | None = None  # no contract (hearts): never set
    trump: Suit | None = None
    leader: int = 0
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # card points won, per seat
    trick_counts: list[int] = field(default_factory=list)
    played: set[Card] = field(default_factory=set)
    # What the table has learned about hidden hands (see knowledge.py).
    public_known: list[set[Card]] = field(default_factory=list)
    excluded: list[set[Card]] = field(default_factory=list)
    private_known: dict[tuple[int, int], set[Card]] = field(default_factory=dict)

    def copy(self) -> Self:
        """A copy whose lists, sets and dicts are its own, and theirs one level down (the
        hands in the list of hands...). What they hold is immutable (cards, tricks, moves,
        combinations), so this is a deep copy at a fraction of ``copy.deepcopy``'s cost:
        the copy every hint's and analysis's play-out starts from (``Game.fork``)."""
        copied = copy.copy(self)
        for name, value in vars(self).items():
            setattr(copied, name, _own(value))
        return copied


def _own(value: object) -> object:
    """``value`` with its containers copied two levels down (DealState.copy)."""
    if isinstance(value, list):
        return [_shallow(item) for item in value]
    if isinstance(value, dict):
        return {key: _shallow(item) for key, item in value.items()}
    return _shallow(value)


def _shallow(value: object) -> object:
    if isinstance(value, (list, set, dict)):
        return value.copy()
    return value


class Game:
    """A match of one variant, from its first deal to its winner."""

    variant: ClassVar[str]
    players: ClassVar[int]
    deck: ClassVar[Deck]
    layout: ClassVar[DealLayout]
    options_type: ClassVar[type[Options]]
    result_type: ClassVar[type[DealResult]]  # what its played deals' results hold
    deal_state: ClassVar[type[DealState]] = DealState  # what its deals hold
    _deal: DealState  # the deal in progress: the rules' own (the queries below read it)
    last_trick_bonus: ClassVar[int] = 0
    # What the solver counts (docs/rules.md "What the solver optimises"), for hints and analysis.
    value_unit: ClassVar[str]  # what a solved value counts: "tricks", "card_points" or "penalty_points"
    lower_is_better: ClassVar[bool] = False  # a player wants the value low (penalty points)
    has_contract: ClassVar[bool] = True  # a deal has a trump and a taker; without, each plays for himself
    scored_by_lines: ClassVar[bool] = False  # its deal score needs the play, not only the value: hints play lines out

    def __init__(
        self,
        options: Options | None = None,
        *,
        seed: str | int | bytes | None = None,
        deal: Deal | None = None,
        deals: Sequence[Deal] | None = None,
        rotation: int = 0,
    ) -> None:
        """``deal``: the first deal (later ones from ``seed``); ``deals``: every deal (a record's);
        ``rotation``: each deal turned by so many seats (a duplicate event's tables, docs/events.md)."""
        self.options = options if options is not None else self.options_type()
        if not isinstance(self.options, self.options_type):
            raise RuleViolation(Reason.INVALID_OPTION, f"{self.variant} takes {self.options_type.__name__}")
        self.options.validate(self.players)
        source: DealSource = ShuffledDeals(seed)
        if deal is not None:
            deal.check(self.deck, self.layout.hand_size, self.players)
            source = FirstDealGiven(deal, source)
        if deals is not None:
            source = GivenDeals(deals)
        if rotation % self.players:
            source = RotatedDeals(source, rotation % self.players)
        self._source = source
        self.scores = [0] * self.sides
        self.held_points = 0  # what the last deal held over for a later deal's winner (belote's litige)
        self.version = 0
        self.phase = Phase.DEAL
        self.history: list[tuple[int, Move]] = []
        self.events: list[Event] = []
        self.results: list[DealResult] = []
        self.winners: tuple[int, ...] = ()
        self._turn: int = 0
        self._suit_cards_cache: dict[tuple[Suit | None, Suit], frozenset[Card]] = {}
        self._obligations_cache: tuple[tuple[int, int], list[Tier]] | None = None
        self.events.extend(self._start_deal(0, self.options.first_dealer))

    def fork(self) -> Game:
        """A copy to try moves on: the deal in progress and the scores are its own, the
        options and deal source shared, the move log and events left behind (cheap: what
        hints and analysis play out many times)."""
        forked = copy.copy(self)
        forked._deal = self._deal.copy()
        forked.history, forked.events = [], []
        forked.results = list(self.results)
        forked.scores = list(self.scores)
        forked._obligations_cache = None
        return forked

    def blind_copy(self, seat: int) -> Game:
        """A fork holding nothing ``seat`` cannot see: no other hand, no stock but a turned
        card still there, no discard but its own, no cards passed by others, none of what
        others know, no move log or events, no later deal (the seed would deal them). Hints
        work on it, so they cannot depend on the hidden cards; ``with_hidden_cards`` puts
        a deal of them back."""
        self.check_seat(seat)
        blind = self.fork()
        blind._source = None  # type: ignore[assignment]  # the seed deals every later deal
        blind._suit_cards_cache = {}  # its own: the live game goes on while a hint runs
        d = blind._deal
        for other in range(self.players):
            if other != seat:
                d.hands[other] = set()
        d.stock = [card for card in d.stock if card == self.turned]
        d.private_known = {key: cards for key, cards in d.private_known.items() if key[0] == seat}
        d.dealt = Deal(tuple(frozenset() for _ in range(self.players)))
        blind._hide_from(seat)
        return blind

    def with_hidden_cards(self, seat: int, placement: Mapping[int, Iterable[Card]], rng: random.Random) -> Game:
        """A fork of ``seat``'s blind copy with a deal of the cards it cannot see put back:
        ``placement`` holds each other seat's hand and the stock's cards (key ``STOCK``),
        which ``rng`` orders uniformly below a turned card still there; what follows from
        the hands (declarations made, the belote holder) is worked out again."""
        if seat in placement:
            raise ValueError(f"seat {seat}'s own hand is not hidden from it")
        game = self.fork()
        d = game._deal
        for holder, cards in placement.items():
            if holder == STOCK:
                turned = game.turned
                rest = sorted((card for card in cards if card != turned), key=lambda c: c.code)
                rng.shuffle(rest)  # a uniform order of a uniform set: a uniform stock
                d.stock = ([turned] if turned is not None and turned in d.stock else []) + rest
            else:
                d.hands[holder] = set(cards)
        game._hidden_cards_restored(seat)
        return game

    def _hide_from(self, seat: int) -> None:
        """Hook of ``blind_copy``: what else the variant keeps that ``seat`` cannot see."""

    def _hidden_cards_restored(self, seat: int) -> None:
        """Hook of ``with_hidden_cards``: what the variant derives from the hands put back."""

    # ----------------------------------------------------------------- sides
    @property
    def sides(self) -> int:
        """How many scores the match keeps: one per team or per player."""
        return self.players

    def side_of(self, seat: int) -> int:
        return seat

    def partner_of(self, seat: int) -> int | None:
        """The seat whose winning trick lets ``seat`` play freely (belote family)."""
        return None

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    # ----------------------------------------------------------------- the solver's objective
    @classmethod
    def objective_player(cls, seat: int) -> int | None:
        """The player whose own points a solve for ``seat`` counts: ``seat`` itself without
        a contract (the solver's paranoid one against the rest), else None (the taker's side)."""
        return None if cls.has_contract else seat

    def is_objective_side(self, seat: int) -> bool:
        """Whether a solved value, asked for ``seat``, is its own side's (else the other side's,
        the deal's total less it): the taker's side's, or the player's own without a contract."""
        if not self.has_contract:
            return True
        taker = self._deal.taker
        return seat == taker or self.partner_of(seat) == taker

    def deal_total(self) -> int:
        """The whole deal in ``value_unit``, which the two sides' values add up to: every
        card point in play and the last trick's bonus (euchre3 counts tricks instead)."""
        discard = self.discard
        in_play = self.deck.card_set - set(self._deal.stock) - ({discard} if discard is not None else set())
        return sum(self.card_points(card) for card in in_play) + self.last_trick_bonus

    @classmethod
    def deal_score_from_value(cls, value: int, *, seat: int, taker: int | None) -> float | None:
        """``seat``'s deal score when a solved value alone decides it (``taker``: the deal's);
        None where it depends on more, as in ``scored_by_lines`` variants."""
        return None

    def scores_from_value(self, value: int) -> tuple[float, ...] | None:
        """Each side's deal score once the deal in play is played to its end along an
        optimal line of solved ``value`` (the players still to announce announcing whatever
        they hold), where the value alone decides it; None where the line decides too."""
        if self.scored_by_lines:
            return None
        seats = {self.side_of(seat): seat for seat in reversed(range(self.players))}
        return tuple(self.deal_score_from_value(value, seat=seats[side], taker=self.taker) or 0.0
                     for side in range(self.sides))

    @classmethod
    def table_trumps(cls) -> list[Suit | None]:
        """The trumps a DD table covers: every suit of the deck, or no trump without a contract."""
        return list(cls.deck.suits) if cls.has_contract else [None]

    def card_points_to_make(self) -> int | None:
        """A lower bound on the card points the taker's side needs to make its contract, where
        the rules give one (belote family), else None: hints then play every contract out."""
        return None

    def card_points_surely_set(self) -> int | None:
        """Card points below which the taker's side is set whatever else happens, where the
        rules give such a bound (belote family), else None."""
        return None

    def position_as_dealt(self) -> Position:
        """The deal as dealt with its first card to play, where a deal without a contract starts
        (analysis skips the passing); variants with a contract start after their auction."""
        raise NotImplementedError

    def pass_offset(self) -> int:
        """How far the cards passed this deal travel (seat + offset receives them); 0: no pass."""
        return 0

    # ----------------------------------------------------------------- queries
    # Read-only: what the deal in progress holds, the truth (hints and bots ask them of a
    # seat's blind copy, which holds nothing else; views redact for a viewer).
    @property
    def deal_number(self) -> int:
        return self._deal.number

    @property
    def dealer(self) -> int:
        return self._deal.dealer

    @property
    def dealt(self) -> Deal:
        """The deal in progress as it was dealt (hands, stock), before any completion."""
        return self._deal.dealt

    def hand(self, seat: int) -> frozenset[Card]:
        self.check_seat(seat)
        return frozenset(self._deal.hands[seat])

    def hand_counts(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self._deal.hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards in no hand: the undealt ones (the turned card first while it lies there)."""
        return tuple(self._deal.stock)

    @property
    def trump(self) -> Suit | None:
        return self._deal.trump

    @property
    def taker(self) -> int | None:
        return self._deal.taker

    # What some variants' deals hold, with what the others answer (None, nothing).
    @property
    def turned(self) -> Card | None:
        """The card turned for the auction (bidding variants), wherever it went since."""
        return None

    @property
    def discard(self) -> Card | None:
        """euchre3: the taker's discard, once made."""
        return None

    @property
    def bid_round(self) -> int:
        """The auction's round (1, then 2 after everybody passed); 0 without an auction."""
        return 0

    @property
    def passes_this_round(self) -> int:
        """How many seats have passed in the auction's current round."""
        return 0

    @property
    def bids(self) -> tuple[tuple[int, Move], ...]:
        return ()

    def passed_by(self, seat: int) -> frozenset[Card]:
        """hearts: the cards ``seat`` gave this deal (hidden: ``seat``'s own)."""
        return frozenset()

    def received_by(self, seat: int) -> frozenset[Card]:
        """hearts: the cards ``seat`` received, once every seat has given (hidden: its own)."""
        return frozenset()

    def passed_seats(self) -> tuple[int, ...]:
        """hearts: who has given its cards already (not which)."""
        return ()

    @property
    def hearts_broken(self) -> bool:
        return False

    def declarations_made(self) -> tuple[tuple[int, bool], ...]:
        """belote family: who has declared its combinations (or not), by seat."""
        return ()

    def revealed_declarations(self) -> tuple[RevealedDeclaration, ...]:
        """belote family: the scoring declarations, shown after the first trick."""
        return ()

    def declaration_facts(self, viewer: int) -> tuple[DeclarationFact, ...]:
        """belote family: what the others' declarations tell ``viewer`` of their hands."""
        return ()

    def declarable(self, seat: int) -> tuple[Combination, ...]:
        """belote family: the combinations ``seat`` would announce, while it may still
        declare (its own hand's: for its view only); empty elsewhere."""
        return ()

    @property
    def current_trick(self) -> tuple[PlayedCard, ...]:
        """The cards of the trick in progress, in play order."""
        return tuple(PlayedCard(seat, card) for seat, card in self._deal.trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the deal in progress."""
        return tuple(self._deal.tricks)

    @property
    def card_points_won(self) -> tuple[int, ...]:
        """Card points each seat has won this deal (last-trick bonus included)."""
        return tuple(self._deal.points)

    def played_by(self, seat: int) -> set[Card]:
        """The cards ``seat`` has played this deal (public: every card is played face up)."""
        played = {entry.card for trick in self._deal.tricks for entry in trick.cards if entry.seat == seat}
        return played | {card for player, card in self._deal.trick if player == seat}

    def to_act(self) -> tuple[int, ...]:
        """The seats that may move now (several while passing or after a deal)."""
        if self.phase is Phase.PASSING:
            return tuple(seat for seat in range(self.players) if seat not in self.passed_seats())
        if self.phase is Phase.DEAL_OVER:
            return tuple(range(self.players))
        if self.phase is Phase.GAME_OVER:
            return ()
        return (self._turn,)

    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def check_seat(self, seat: object) -> None:
        """Raises ``INVALID_SEAT`` unless ``seat`` is a seat of this game: a negative index
        (Python's "from the end") or a bool would otherwise read another seat's cards."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise RuleViolation(Reason.INVALID_SEAT, f"seats are 0..{self.players - 1}", field="seat")

    def legal_moves(self, seat: int) -> list[Move]:
        self.check_seat(seat)
        if seat not in self.to_act():
            return []
        return list(self._phase_moves(seat))

    def validate(self, seat: int, move: Move) -> None:
        """Raises :class:`RuleViolation` unless ``seat`` may play ``move`` now. Changes nothing."""
        self.check_seat(seat)
        if not isinstance(move, Move):
            # A move's text ("take") is not a move: without this it read as the wrong phase.
            raise RuleViolation(Reason.UNKNOWN_MOVE, f"{move!r} is not a Move: parse_move(text, game.deck) makes one")
        if self.phase is Phase.GAME_OVER:
            raise RuleViolation(Reason.GAME_OVER, "the game is over")
        allowed = self._phase_move_types()
        if not isinstance(move, allowed):
            names = ", ".join(kind.KIND for kind in allowed)
            raise RuleViolation(Reason.WRONG_PHASE, f"in phase {self.phase.value} the moves are: {names}")
        if seat not in self.to_act():
            if self.phase is Phase.PASSING:
                raise RuleViolation(Reason.ALREADY_PASSED_CARDS, "you have already passed your cards")
            raise RuleViolation(Reason.NOT_YOUR_TURN, f"it is seat {self._turn}'s turn")
        self._check_move(seat, move)

    def is_legal(self, seat: int, move: Move) -> bool:
        try:
            self.validate(seat, move)
        except RuleViolation:
            return False
        return True

    # ----------------------------------------------------------------- moves
    def push(self, seat: int, move: Move) -> list[Event]:
        """Validates then applies ``move``; returns the events it produced."""
        self.validate(seat, move)
        events: list[Event] = []
        self._apply(seat, move, events)
        self.version += 1
        self.history.append((seat, move))
        self.events.extend(events)
        return events

    # Phase dispatch: the move types of each phase, their checks and effects.
    def _phase_move_types(self) -> tuple[type[Move], ...]:
        if self.phase is Phase.PLAY:
            return (Play,)
        if self.phase is Phase.DEAL_OVER:
            return (NextDeal,)
        raise NotImplementedError(self.phase)

    def _phase_moves(self, seat: int) -> Iterable[Move]:
        if self.phase is Phase.PLAY:
            return [Play(card) for card in self.deck.sorted(self.legal_cards(seat))]
        if self.phase is Phase.DEAL_OVER:
            return [NextDeal()]
        raise NotImplementedError(self.phase)

    def _check_move(self, seat: int, move: Move) -> None:
        if isinstance(move, Play):
            self._check_play(seat, move.card)

    def _apply(self, seat: int, move: Move, events: list[Event]) -> None:
        if isinstance(move, Play):
            self._play(seat, move.card, events)
        elif isinstance(move, NextDeal):
            events.extend(self._start_deal(self._deal.number + 1, self.next_seat(self._deal.dealer)))
        else:
            raise NotImplementedError(move)

    # ----------------------------------------------------------------- dealing
    def _start_deal(self, number: int, dealer: int) -> list[Event]:
        self.phase = Phase.DEAL
        deal: Deal = self._source.deal(number, dealer, self.deck, self.layout)
        n = self.players
        self._deal = self.deal_state(
            number=number,
            dealer=dealer,
            dealt=deal,
            hands=[set(hand) for hand in deal.hands],
            stock=list(deal.stock),
            points=[0] * n,
            trick_counts=[0] * n,
            public_known=[set() for _ in range(n)],
            excluded=[set() for _ in range(n)],
        )
        events: list[Event] = [
            DealStartedEvent(
                deal_number=number,
                dealer=dealer,
                hand_counts=tuple(len(hand) for hand in self._deal.hands),
                hand=Hidden({seat: codes(self._deal.hands[seat]) for seat in range(n)}),
            )
        ]
        self._begin_deal(events)
        return events

    def _begin_deal(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _start_play(self, leader: int, events: list[Event]) -> None:
        self.phase = Phase.PLAY
        self._deal.leader = leader
        self._turn = leader
        self._enter_turn(leader)

    def _enter_turn(self, seat: int) -> None:
        """Called whenever ``seat`` is about to play a card (belote declarations hook in here)."""
        self.phase = Phase.PLAY

    # ----------------------------------------------------------------- play
    def effective_suit(self, card: Card) -> Suit:
        """The suit a card belongs to for following and winning (euchre3's Sage is trump)."""
        return card.suit

    def strength(self, card: Card) -> int:
        """How high ``card`` ranks within its effective suit in this deal (higher wins)."""
        raise NotImplementedError

    def card_role(self, card: Card) -> CardRole:
        """What ``card`` is in this deal: a trump or not (euchre3 names its two highest)."""
        trump = self._deal.trump
        return CardRole.TRUMP if trump is not None and self.effective_suit(card) == trump else CardRole.PLAIN

    def holding_order(self) -> tuple[Card, ...]:
        """Every card of the deck as a player holds them in this deal: suit by suit in
        alternating colours, trumps first, strongest first within a suit."""
        suits = list(self.deck.holding)
        trump = self._deal.trump
        if trump in suits:
            start = suits.index(trump)
            suits = suits[start:] + suits[:start]
        return tuple(sorted(self.deck.cards, key=lambda card: (suits.index(self.effective_suit(card)), -self.strength(card))))

    def card_points(self, card: Card) -> int:
        """What ``card`` counts in the trick that takes it, in this deal (belote: by trump)."""
        return 0

    def _play_tiers(self, seat: int) -> list[Tier]:
        """Obligations in order: the first tier that meets the hand restricts the play to it."""
        raise NotImplementedError

    def suit_cards(self, suit: Suit) -> frozenset[Card]:
        """Every card of the deck whose effective suit is ``suit`` (which depends on trump only)."""
        key = (self._deal.trump, suit)
        cards = self._suit_cards_cache.get(key)
        if cards is None:
            cards = frozenset(card for card in self.deck.cards if self.effective_suit(card) == suit)
            self._suit_cards_cache[key] = cards
        return cards

    def _obligations(self, seat: int) -> list[Tier]:
        """``_play_tiers``, computed once per seat and version: a push validates the card,
        then learns from it, with the same tiers."""
        key = (self.version, seat)
        cached = self._obligations_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        tiers = self._play_tiers(seat)
        self._obligations_cache = (key, tiers)
        return tiers

    def legal_cards(self, seat: int) -> frozenset[Card]:
        hand = self._deal.hands[seat]
        for tier, _ in self._obligations(seat):
            allowed = hand & tier
            if allowed:
                return frozenset(allowed)
        return frozenset(hand)

    def _check_play(self, seat: int, card: Card) -> None:
        hand = self._deal.hands[seat]
        if card not in hand:
            raise RuleViolation(Reason.CARD_NOT_IN_HAND, f"{card.code} is not in your hand")
        for tier, reason in self._obligations(seat):
            if hand & tier:
                if card not in tier:
                    raise RuleViolation(reason, f"{card.code} breaks {reason.value}: {self._allowed_text(hand & tier)}")
                return

    def _allowed_text(self, allowed: AbstractSet[Card]) -> str:
        """What the seat may play instead, named when it is a few cards (its own: no leak)."""
        cards = [card.code for card in self.deck.sorted(allowed)]
        if len(cards) == 1:
            return f"play the {cards[0]}"
        if len(cards) <= 5:
            return "play one of " + ", ".join(cards)
        return f"play one of the {len(cards)} cards the rule allows"

    def winning_seat(self) -> int | None:
        """Who currently wins the trick in progress."""
        trick = self._deal.trick
        if not trick:
            return None
        led = self.effective_suit(trick[0][1])
        trump = self._deal.trump

        def key(entry: tuple[int, Card]) -> tuple[bool, bool, int]:
            suit = self.effective_suit(entry[1])
            return (trump is not None and suit == trump, suit == led, self.strength(entry[1]))

        return max(trick, key=key)[0]

    def _play(self, seat: int, card: Card, events: list[Event]) -> None:
        d = self._deal
        self._learn_from_play(seat, card)
        d.hands[seat].discard(card)
        d.played.add(card)
        for known in [d.public_known[seat], *d.private_known.values()]:
            known.discard(card)
        d.trick.append((seat, card))
        events.append(CardPlayedEvent(seat=seat, card=card))
        self._after_card(seat, card, events)
        if len(d.trick) < self.players:
            self._turn = self.next_seat(seat)
            self._enter_turn(self._turn)
            return
        self._finish_trick(events)

    def _learn_from_play(self, seat: int, card: Card) -> None:
        """Each obligation skipped proves the hand held none of its cards."""
        for tier, _ in self._obligations(seat):
            if card in tier:
                return
            self._deal.excluded[seat] |= tier

    def _after_card(self, seat: int, card: Card, events: list[Event]) -> None:
        """Hook: belote-rebelote."""

    def _finish_trick(self, events: list[Event]) -> None:
        d = self._deal
        winner = self.winning_seat()
        assert winner is not None
        last = all(not hand for hand in d.hands)
        points = sum(self.card_points(card) for _, card in d.trick) + (self.last_trick_bonus if last else 0)
        trick = Trick(d.trick[0][0], tuple(PlayedCard(seat, card) for seat, card in d.trick), winner, points)
        d.tricks.append(trick)
        d.points[winner] += points
        d.trick_counts[winner] += 1
        d.trick = []
        events.append(TrickWonEvent(seat=winner, points=points, trick=len(d.tricks)))
        self._after_trick(trick, events)
        if last:
            self._finish_deal(self._score_deal(), events)
        else:
            d.leader = winner
            self._turn = winner
            self._enter_turn(winner)

    def _after_trick(self, trick: Trick, events: list[Event]) -> None:
        """Hook: hearts broken, declarations resolved."""

    # ----------------------------------------------------------------- scoring
    def score_deal(self) -> DealResult:
        """The result of the deal just played, what it holds over for later included; changes
        nothing (hints score many play-outs, and the caller applies the one that happened)."""
        raise NotImplementedError

    def _score_deal(self) -> DealResult:
        """``score_deal``, its held-over points kept: what ends a played deal."""
        result = self.score_deal()
        self.held_points = result.points_held
        return result

    def _void_result(self) -> DealResult:
        """Nobody took: nobody scores (what a litige held waits on, in ``held_points``)."""
        zeros = (0,) * self.players
        return DealResult(
            variant=self.variant, deal_number=self._deal.number, outcome=DealOutcome.VOID, taker=None, trump=None,
            tricks=zeros, card_points=zeros, scores=(0,) * self.sides,
        )

    def _match_winners(self) -> tuple[int, ...]:
        """The winning side(s) once the match is over, else ``()``."""
        raise NotImplementedError

    def _finish_deal(self, result: DealResult, events: list[Event]) -> None:
        for side, points in enumerate(result.scores):
            self.scores[side] += points
        self.results.append(result)
        events.append(DealScoredEvent(result=result, scores=tuple(self.scores)))
        winners = self._fixed_length_winners() if self.options.deals else self._match_winners()
        if winners:
            self.winners = tuple(seat for seat in range(self.players) if self.side_of(seat) in winners)
            self.phase = Phase.GAME_OVER
            events.append(GameOverEvent(winners=self.winners, scores=tuple(self.scores)))
        else:
            self.phase = Phase.DEAL_OVER

    def _fixed_length_winners(self) -> tuple[int, ...]:
        """A match of ``options.deals`` deals: after the last, the best total wins (a tie shares it)."""
        if len(self.results) < self.options.deals:
            return ()
        best = min(self.scores) if self.lower_is_better else max(self.scores)
        return tuple(side for side, score in enumerate(self.scores) if score == best)

    def _target_reached_highest_wins(self) -> tuple[int, ...]:
        """Shared end rule: once a side reaches the target, a unique highest score wins."""
        best = max(self.scores)
        leaders = [side for side, score in enumerate(self.scores) if score == best]
        if best >= self.options.target_score and len(leaders) == 1:
            return (leaders[0],)
        return ()

    # ----------------------------------------------------------------- reading the state
    def position(self) -> Position:
        """The true position of the deal in progress (every hand visible: for analysis only)."""
        d = self._deal
        return Position(
            hands=tuple(frozenset(hand) for hand in d.hands),
            leader=d.trick[0][0] if d.trick else d.leader,
            trump=d.trump,
            taker=d.taker,
            trick=tuple(card for _, card in d.trick),
            points=tuple(d.points),
            tricks=tuple(d.trick_counts),
        )

from google.protobuf import descriptor_pb2 as _descriptor_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Variant(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VARIANT_UNSPECIFIED: _ClassVar[Variant]
    VARIANT_EUCHRE3: _ClassVar[Variant]
    VARIANT_BELOTE3: _ClassVar[Variant]
    VARIANT_HEARTS: _ClassVar[Variant]
    VARIANT_BELOTE: _ClassVar[Variant]

class Rank(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RANK_UNSPECIFIED: _ClassVar[Rank]
    RANK_TWO: _ClassVar[Rank]
    RANK_THREE: _ClassVar[Rank]
    RANK_FOUR: _ClassVar[Rank]
    RANK_FIVE: _ClassVar[Rank]
    RANK_SIX: _ClassVar[Rank]
    RANK_SEVEN: _ClassVar[Rank]
    RANK_EIGHT: _ClassVar[Rank]
    RANK_NINE: _ClassVar[Rank]
    RANK_TEN: _ClassVar[Rank]
    RANK_JACK: _ClassVar[Rank]
    RANK_QUEEN: _ClassVar[Rank]
    RANK_KING: _ClassVar[Rank]
    RANK_ACE: _ClassVar[Rank]
    RANK_INITIE: _ClassVar[Rank]
    RANK_ETUDIANT: _ClassVar[Rank]
    RANK_APPRENTI: _ClassVar[Rank]
    RANK_COMPAGNON: _ClassVar[Rank]
    RANK_SCRIBE: _ClassVar[Rank]
    RANK_MAITRE: _ClassVar[Rank]

class Suit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUIT_UNSPECIFIED: _ClassVar[Suit]
    SUIT_SPADES: _ClassVar[Suit]
    SUIT_HEARTS: _ClassVar[Suit]
    SUIT_DIAMONDS: _ClassVar[Suit]
    SUIT_CLUBS: _ClassVar[Suit]
    SUIT_ARCHITECTURE: _ClassVar[Suit]
    SUIT_COMMANDEMENT: _ClassVar[Suit]
    SUIT_ART: _ClassVar[Suit]
    SUIT_PENSEE: _ClassVar[Suit]

class CardRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CARD_ROLE_UNSPECIFIED: _ClassVar[CardRole]
    CARD_ROLE_PLAIN: _ClassVar[CardRole]
    CARD_ROLE_TRUMP: _ClassVar[CardRole]
    CARD_ROLE_ORACLE: _ClassVar[CardRole]
    CARD_ROLE_SAGE: _ClassVar[CardRole]

class Announcements(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ANNOUNCEMENTS_UNSPECIFIED: _ClassVar[Announcements]
    ANNOUNCEMENTS_NONE: _ClassVar[Announcements]
    ANNOUNCEMENTS_BELOTE: _ClassVar[Announcements]
    ANNOUNCEMENTS_ALL: _ClassVar[Announcements]

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_ACTIVE: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]
    GAME_STATUS_WAITING: _ClassVar[GameStatus]
    GAME_STATUS_ABANDONED: _ClassVar[GameStatus]

class SeatKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_KIND_UNSPECIFIED: _ClassVar[SeatKind]
    SEAT_KIND_RESERVED: _ClassVar[SeatKind]
    SEAT_KIND_OPEN: _ClassVar[SeatKind]
    SEAT_KIND_BOT: _ClassVar[SeatKind]

class BotStrength(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOT_STRENGTH_UNSPECIFIED: _ClassVar[BotStrength]
    BOT_STRENGTH_RANDOM: _ClassVar[BotStrength]
    BOT_STRENGTH_GREEDY: _ClassVar[BotStrength]
    BOT_STRENGTH_HINT: _ClassVar[BotStrength]

class TimeoutPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIMEOUT_POLICY_UNSPECIFIED: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_BOT: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_FORFEIT: _ClassVar[TimeoutPolicy]

class EndKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    END_KIND_UNSPECIFIED: _ClassVar[EndKind]
    END_KIND_PLAYED_OUT: _ClassVar[EndKind]
    END_KIND_RESIGNED: _ClassVar[EndKind]
    END_KIND_FORFEITED: _ClassVar[EndKind]
    END_KIND_ABANDONED: _ClassVar[EndKind]

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_UNSPECIFIED: _ClassVar[Phase]
    PHASE_BIDDING: _ClassVar[Phase]
    PHASE_DISCARD: _ClassVar[Phase]
    PHASE_PASSING: _ClassVar[Phase]
    PHASE_DECLARATIONS: _ClassVar[Phase]
    PHASE_PLAY: _ClassVar[Phase]
    PHASE_DEAL_OVER: _ClassVar[Phase]
    PHASE_GAME_OVER: _ClassVar[Phase]

class DealOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DEAL_OUTCOME_UNSPECIFIED: _ClassVar[DealOutcome]
    DEAL_OUTCOME_VOID: _ClassVar[DealOutcome]
    DEAL_OUTCOME_MADE: _ClassVar[DealOutcome]
    DEAL_OUTCOME_SET: _ClassVar[DealOutcome]
    DEAL_OUTCOME_MARCH: _ClassVar[DealOutcome]
    DEAL_OUTCOME_LITIGE: _ClassVar[DealOutcome]
    DEAL_OUTCOME_PLAYED: _ClassVar[DealOutcome]
    DEAL_OUTCOME_MOON: _ClassVar[DealOutcome]

class CombinationKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    COMBINATION_KIND_UNSPECIFIED: _ClassVar[CombinationKind]
    COMBINATION_KIND_TIERCE: _ClassVar[CombinationKind]
    COMBINATION_KIND_CINQUANTE: _ClassVar[CombinationKind]
    COMBINATION_KIND_CENT: _ClassVar[CombinationKind]
    COMBINATION_KIND_CARRE: _ClassVar[CombinationKind]
VARIANT_UNSPECIFIED: Variant
VARIANT_EUCHRE3: Variant
VARIANT_BELOTE3: Variant
VARIANT_HEARTS: Variant
VARIANT_BELOTE: Variant
RANK_UNSPECIFIED: Rank
RANK_TWO: Rank
RANK_THREE: Rank
RANK_FOUR: Rank
RANK_FIVE: Rank
RANK_SIX: Rank
RANK_SEVEN: Rank
RANK_EIGHT: Rank
RANK_NINE: Rank
RANK_TEN: Rank
RANK_JACK: Rank
RANK_QUEEN: Rank
RANK_KING: Rank
RANK_ACE: Rank
RANK_INITIE: Rank
RANK_ETUDIANT: Rank
RANK_APPRENTI: Rank
RANK_COMPAGNON: Rank
RANK_SCRIBE: Rank
RANK_MAITRE: Rank
SUIT_UNSPECIFIED: Suit
SUIT_SPADES: Suit
SUIT_HEARTS: Suit
SUIT_DIAMONDS: Suit
SUIT_CLUBS: Suit
SUIT_ARCHITECTURE: Suit
SUIT_COMMANDEMENT: Suit
SUIT_ART: Suit
SUIT_PENSEE: Suit
CARD_ROLE_UNSPECIFIED: CardRole
CARD_ROLE_PLAIN: CardRole
CARD_ROLE_TRUMP: CardRole
CARD_ROLE_ORACLE: CardRole
CARD_ROLE_SAGE: CardRole
ANNOUNCEMENTS_UNSPECIFIED: Announcements
ANNOUNCEMENTS_NONE: Announcements
ANNOUNCEMENTS_BELOTE: Announcements
ANNOUNCEMENTS_ALL: Announcements
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_ACTIVE: GameStatus
GAME_STATUS_FINISHED: GameStatus
GAME_STATUS_WAITING: GameStatus
GAME_STATUS_ABANDONED: GameStatus
SEAT_KIND_UNSPECIFIED: SeatKind
SEAT_KIND_RESERVED: SeatKind
SEAT_KIND_OPEN: SeatKind
SEAT_KIND_BOT: SeatKind
BOT_STRENGTH_UNSPECIFIED: BotStrength
BOT_STRENGTH_RANDOM: BotStrength
BOT_STRENGTH_GREEDY: BotStrength
BOT_STRENGTH_HINT: BotStrength
TIMEOUT_POLICY_UNSPECIFIED: TimeoutPolicy
TIMEOUT_POLICY_BOT: TimeoutPolicy
TIMEOUT_POLICY_FORFEIT: TimeoutPolicy
END_KIND_UNSPECIFIED: EndKind
END_KIND_PLAYED_OUT: EndKind
END_KIND_RESIGNED: EndKind
END_KIND_FORFEITED: EndKind
END_KIND_ABANDONED: EndKind
PHASE_UNSPECIFIED: Phase
PHASE_BIDDING: Phase
PHASE_DISCARD: Phase
PHASE_PASSING: Phase
PHASE_DECLARATIONS: Phase
PHASE_PLAY: Phase
PHASE_DEAL_OVER: Phase
PHASE_GAME_OVER: Phase
DEAL_OUTCOME_UNSPECIFIED: DealOutcome
DEAL_OUTCOME_VOID: DealOutcome
DEAL_OUTCOME_MADE: DealOutcome
DEAL_OUTCOME_SET: DealOutcome
DEAL_OUTCOME_MARCH: DealOutcome
DEAL_OUTCOME_LITIGE: DealOutcome
DEAL_OUTCOME_PLAYED: DealOutcome
DEAL_OUTCOME_MOON: DealOutcome
COMBINATION_KIND_UNSPECIFIED: CombinationKind
COMBINATION_KIND_TIERCE: CombinationKind
COMBINATION_KIND_CINQUANTE: CombinationKind
COMBINATION_KIND_CENT: CombinationKind
COMBINATION_KIND_CARRE: CombinationKind
PLAYERS_FIELD_NUMBER: _ClassVar[int]
players: _descriptor.FieldDescriptor

class CommonOptions(_message.Message):
    __slots__ = ("target_score", "first_dealer", "deals")
    TARGET_SCORE_FIELD_NUMBER: _ClassVar[int]
    FIRST_DEALER_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    target_score: int
    first_dealer: int
    deals: int
    def __init__(self, target_score: _Optional[int] = ..., first_dealer: _Optional[int] = ..., deals: _Optional[int] = ...) -> None: ...

class Euchre3Options(_message.Message):
    __slots__ = ("common",)
    COMMON_FIELD_NUMBER: _ClassVar[int]
    common: CommonOptions
    def __init__(self, common: _Optional[_Union[CommonOptions, _Mapping]] = ...) -> None: ...

class HeartsOptions(_message.Message):
    __slots__ = ("common",)
    COMMON_FIELD_NUMBER: _ClassVar[int]
    common: CommonOptions
    def __init__(self, common: _Optional[_Union[CommonOptions, _Mapping]] = ...) -> None: ...

class Belote3Options(_message.Message):
    __slots__ = ("common", "announcements")
    COMMON_FIELD_NUMBER: _ClassVar[int]
    ANNOUNCEMENTS_FIELD_NUMBER: _ClassVar[int]
    common: CommonOptions
    announcements: Announcements
    def __init__(self, common: _Optional[_Union[CommonOptions, _Mapping]] = ..., announcements: _Optional[_Union[Announcements, str]] = ...) -> None: ...

class BeloteOptions(_message.Message):
    __slots__ = ("common", "announcements")
    COMMON_FIELD_NUMBER: _ClassVar[int]
    ANNOUNCEMENTS_FIELD_NUMBER: _ClassVar[int]
    common: CommonOptions
    announcements: Announcements
    def __init__(self, common: _Optional[_Union[CommonOptions, _Mapping]] = ..., announcements: _Optional[_Union[Announcements, str]] = ...) -> None: ...

class GameOptions(_message.Message):
    __slots__ = ("euchre3", "belote3", "hearts", "belote")
    EUCHRE3_FIELD_NUMBER: _ClassVar[int]
    BELOTE3_FIELD_NUMBER: _ClassVar[int]
    HEARTS_FIELD_NUMBER: _ClassVar[int]
    BELOTE_FIELD_NUMBER: _ClassVar[int]
    euchre3: Euchre3Options
    belote3: Belote3Options
    hearts: HeartsOptions
    belote: BeloteOptions
    def __init__(self, euchre3: _Optional[_Union[Euchre3Options, _Mapping]] = ..., belote3: _Optional[_Union[Belote3Options, _Mapping]] = ..., hearts: _Optional[_Union[HeartsOptions, _Mapping]] = ..., belote: _Optional[_Union[BeloteOptions, _Mapping]] = ...) -> None: ...

class SeatSetup(_message.Message):
    __slots__ = ("kind", "strength", "invitation")
    KIND_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    INVITATION_FIELD_NUMBER: _ClassVar[int]
    kind: SeatKind
    strength: BotStrength
    invitation: bool
    def __init__(self, kind: _Optional[_Union[SeatKind, str]] = ..., strength: _Optional[_Union[BotStrength, str]] = ..., invitation: _Optional[bool] = ...) -> None: ...

class ClockOptions(_message.Message):
    __slots__ = ("per_move_ms", "bank_ms", "increment_ms", "timeout_policy", "stand_in")
    PER_MOVE_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    STAND_IN_FIELD_NUMBER: _ClassVar[int]
    per_move_ms: int
    bank_ms: int
    increment_ms: int
    timeout_policy: TimeoutPolicy
    stand_in: BotStrength
    def __init__(self, per_move_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ..., timeout_policy: _Optional[_Union[TimeoutPolicy, str]] = ..., stand_in: _Optional[_Union[BotStrength, str]] = ...) -> None: ...

class TableOptions(_message.Message):
    __slots__ = ("seats", "clock", "bot_delay_ms", "deal_pause_ms", "bot_budget_ms", "abandon_after_ms", "rated")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    BOT_DELAY_MS_FIELD_NUMBER: _ClassVar[int]
    DEAL_PAUSE_MS_FIELD_NUMBER: _ClassVar[int]
    BOT_BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    ABANDON_AFTER_MS_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[SeatSetup]
    clock: ClockOptions
    bot_delay_ms: int
    deal_pause_ms: int
    bot_budget_ms: int
    abandon_after_ms: int
    rated: bool
    def __init__(self, seats: _Optional[_Iterable[_Union[SeatSetup, _Mapping]]] = ..., clock: _Optional[_Union[ClockOptions, _Mapping]] = ..., bot_delay_ms: _Optional[int] = ..., deal_pause_ms: _Optional[int] = ..., bot_budget_ms: _Optional[int] = ..., abandon_after_ms: _Optional[int] = ..., rated: _Optional[bool] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "kind", "strength", "taken", "invitation_only", "player")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    INVITATION_ONLY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SeatKind
    strength: BotStrength
    taken: bool
    invitation_only: bool
    player: SeatPlayer
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SeatKind, str]] = ..., strength: _Optional[_Union[BotStrength, str]] = ..., taken: _Optional[bool] = ..., invitation_only: _Optional[bool] = ..., player: _Optional[_Union[SeatPlayer, _Mapping]] = ...) -> None: ...

class SeatPlayer(_message.Message):
    __slots__ = ("player_id", "name")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    name: str
    def __init__(self, player_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class SeatClock(_message.Message):
    __slots__ = ("seat", "bank_ms", "deadline", "time_left_ms")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    TIME_LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    bank_ms: int
    deadline: float
    time_left_ms: int
    def __init__(self, seat: _Optional[int] = ..., bank_ms: _Optional[int] = ..., deadline: _Optional[float] = ..., time_left_ms: _Optional[int] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("end", "seat", "winners")
    END_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    end: EndKind
    seat: int
    winners: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, end: _Optional[_Union[EndKind, str]] = ..., seat: _Optional[int] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("take", "call", "discard", "give", "declare", "play", "next_deal")
    PASS_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    DECLARE_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    NEXT_DEAL_FIELD_NUMBER: _ClassVar[int]
    take: TakeBid
    call: CallSuit
    discard: DiscardCard
    give: GiveCards
    declare: DeclareCombinations
    play: PlayCard
    next_deal: NextDeal
    def __init__(self, take: _Optional[_Union[TakeBid, _Mapping]] = ..., call: _Optional[_Union[CallSuit, _Mapping]] = ..., discard: _Optional[_Union[DiscardCard, _Mapping]] = ..., give: _Optional[_Union[GiveCards, _Mapping]] = ..., declare: _Optional[_Union[DeclareCombinations, _Mapping]] = ..., play: _Optional[_Union[PlayCard, _Mapping]] = ..., next_deal: _Optional[_Union[NextDeal, _Mapping]] = ..., **kwargs) -> None: ...

class PassBid(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TakeBid(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CallSuit(_message.Message):
    __slots__ = ("suit",)
    SUIT_FIELD_NUMBER: _ClassVar[int]
    suit: str
    def __init__(self, suit: _Optional[str] = ...) -> None: ...

class DiscardCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GiveCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class DeclareCombinations(_message.Message):
    __slots__ = ("declare",)
    DECLARE_FIELD_NUMBER: _ClassVar[int]
    declare: bool
    def __init__(self, declare: _Optional[bool] = ...) -> None: ...

class PlayCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class NextDeal(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CardSelection(_message.Message):
    __slots__ = ("count", "cards")
    COUNT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    count: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PlayedCard(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class Trick(_message.Message):
    __slots__ = ("leader", "cards", "winner", "points")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    leader: int
    cards: _containers.RepeatedCompositeFieldContainer[PlayedCard]
    winner: int
    points: int
    def __init__(self, leader: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[PlayedCard, _Mapping]]] = ..., winner: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class Bid(_message.Message):
    __slots__ = ("seat", "move")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    move: Move
    def __init__(self, seat: _Optional[int] = ..., move: _Optional[_Union[Move, _Mapping]] = ...) -> None: ...

class Declaration(_message.Message):
    __slots__ = ("seat", "declared")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DECLARED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    declared: bool
    def __init__(self, seat: _Optional[int] = ..., declared: _Optional[bool] = ...) -> None: ...

class DealResult(_message.Message):
    __slots__ = ("deal_number", "outcome", "taker", "trump", "tricks", "card_points", "scores", "belote", "belote3", "hearts")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    TAKER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    BELOTE_FIELD_NUMBER: _ClassVar[int]
    BELOTE3_FIELD_NUMBER: _ClassVar[int]
    HEARTS_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    outcome: DealOutcome
    taker: int
    trump: str
    tricks: _containers.RepeatedScalarFieldContainer[int]
    card_points: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    belote: BeloteDealDetails
    belote3: Belote3DealDetails
    hearts: HeartsDealDetails
    def __init__(self, deal_number: _Optional[int] = ..., outcome: _Optional[_Union[DealOutcome, str]] = ..., taker: _Optional[int] = ..., trump: _Optional[str] = ..., tricks: _Optional[_Iterable[int]] = ..., card_points: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[int]] = ..., belote: _Optional[_Union[BeloteDealDetails, _Mapping]] = ..., belote3: _Optional[_Union[Belote3DealDetails, _Mapping]] = ..., hearts: _Optional[_Union[HeartsDealDetails, _Mapping]] = ...) -> None: ...

class BeloteDealDetails(_message.Message):
    __slots__ = ("capot", "team_card_points", "declarations", "belote_rebelote", "held_in", "held_out")
    CAPOT_FIELD_NUMBER: _ClassVar[int]
    TEAM_CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    BELOTE_REBELOTE_FIELD_NUMBER: _ClassVar[int]
    HELD_IN_FIELD_NUMBER: _ClassVar[int]
    HELD_OUT_FIELD_NUMBER: _ClassVar[int]
    capot: bool
    team_card_points: _containers.RepeatedScalarFieldContainer[int]
    declarations: _containers.RepeatedScalarFieldContainer[int]
    belote_rebelote: _containers.RepeatedScalarFieldContainer[int]
    held_in: int
    held_out: int
    def __init__(self, capot: _Optional[bool] = ..., team_card_points: _Optional[_Iterable[int]] = ..., declarations: _Optional[_Iterable[int]] = ..., belote_rebelote: _Optional[_Iterable[int]] = ..., held_in: _Optional[int] = ..., held_out: _Optional[int] = ...) -> None: ...

class Belote3DealDetails(_message.Message):
    __slots__ = ("capot_seats", "declarations", "belote_rebelote", "totals")
    CAPOT_SEATS_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    BELOTE_REBELOTE_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    capot_seats: _containers.RepeatedScalarFieldContainer[int]
    declarations: _containers.RepeatedScalarFieldContainer[int]
    belote_rebelote: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, capot_seats: _Optional[_Iterable[int]] = ..., declarations: _Optional[_Iterable[int]] = ..., belote_rebelote: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...

class HeartsDealDetails(_message.Message):
    __slots__ = ("moon_shooter",)
    MOON_SHOOTER_FIELD_NUMBER: _ClassVar[int]
    moon_shooter: int
    def __init__(self, moon_shooter: _Optional[int] = ...) -> None: ...

class Combination(_message.Message):
    __slots__ = ("kind", "cards", "value")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    kind: CombinationKind
    cards: _containers.RepeatedScalarFieldContainer[str]
    value: int
    def __init__(self, kind: _Optional[_Union[CombinationKind, str]] = ..., cards: _Optional[_Iterable[str]] = ..., value: _Optional[int] = ...) -> None: ...

class RevealedDeclaration(_message.Message):
    __slots__ = ("seat", "combinations")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMBINATIONS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    combinations: _containers.RepeatedCompositeFieldContainer[Combination]
    def __init__(self, seat: _Optional[int] = ..., combinations: _Optional[_Iterable[_Union[Combination, _Mapping]]] = ...) -> None: ...

class CardInfo(_message.Message):
    __slots__ = ("card", "rank", "suit", "effective_suit", "role", "red")
    CARD_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_SUIT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    card: str
    rank: Rank
    suit: Suit
    effective_suit: Suit
    role: CardRole
    red: bool
    def __init__(self, card: _Optional[str] = ..., rank: _Optional[_Union[Rank, str]] = ..., suit: _Optional[_Union[Suit, str]] = ..., effective_suit: _Optional[_Union[Suit, str]] = ..., role: _Optional[_Union[CardRole, str]] = ..., red: _Optional[bool] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("game_id", "variant", "status", "viewer", "version", "phase", "deal_number", "dealer", "to_act", "scores", "hand", "hand_counts", "stock_count", "turned", "bids", "taker", "trump", "discard", "passed", "received", "passed_seats", "declarations", "revealed_declarations", "leader", "trick", "tricks", "trick_counts", "card_points", "hearts_broken", "results", "winners", "legal_moves", "card_selection", "seats", "clocks", "outcome", "rematch_of", "rematch_game_id", "deck", "rated", "offered", "event_id")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNTS_FIELD_NUMBER: _ClassVar[int]
    STOCK_COUNT_FIELD_NUMBER: _ClassVar[int]
    TURNED_FIELD_NUMBER: _ClassVar[int]
    BIDS_FIELD_NUMBER: _ClassVar[int]
    TAKER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    RECEIVED_FIELD_NUMBER: _ClassVar[int]
    PASSED_SEATS_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    REVEALED_DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    TRICK_COUNTS_FIELD_NUMBER: _ClassVar[int]
    CARD_POINTS_FIELD_NUMBER: _ClassVar[int]
    HEARTS_BROKEN_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    CARD_SELECTION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    REMATCH_OF_FIELD_NUMBER: _ClassVar[int]
    REMATCH_GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    OFFERED_FIELD_NUMBER: _ClassVar[int]
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    variant: Variant
    status: GameStatus
    viewer: int
    version: int
    phase: Phase
    deal_number: int
    dealer: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[str]
    hand_counts: _containers.RepeatedScalarFieldContainer[int]
    stock_count: int
    turned: str
    bids: _containers.RepeatedCompositeFieldContainer[Bid]
    taker: int
    trump: str
    discard: str
    passed: _containers.RepeatedScalarFieldContainer[str]
    received: _containers.RepeatedScalarFieldContainer[str]
    passed_seats: _containers.RepeatedScalarFieldContainer[int]
    declarations: _containers.RepeatedCompositeFieldContainer[Declaration]
    revealed_declarations: _containers.RepeatedCompositeFieldContainer[RevealedDeclaration]
    leader: int
    trick: _containers.RepeatedCompositeFieldContainer[PlayedCard]
    tricks: _containers.RepeatedCompositeFieldContainer[Trick]
    trick_counts: _containers.RepeatedScalarFieldContainer[int]
    card_points: _containers.RepeatedScalarFieldContainer[int]
    hearts_broken: bool
    results: _containers.RepeatedCompositeFieldContainer[DealResult]
    winners: _containers.RepeatedScalarFieldContainer[int]
    legal_moves: _containers.RepeatedCompositeFieldContainer[Move]
    card_selection: CardSelection
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    outcome: Outcome
    rematch_of: str
    rematch_game_id: str
    deck: _containers.RepeatedCompositeFieldContainer[CardInfo]
    rated: bool
    offered: _containers.RepeatedCompositeFieldContainer[Combination]
    event_id: str
    def __init__(self, game_id: _Optional[str] = ..., variant: _Optional[_Union[Variant, str]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., viewer: _Optional[int] = ..., version: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., deal_number: _Optional[int] = ..., dealer: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[str]] = ..., hand_counts: _Optional[_Iterable[int]] = ..., stock_count: _Optional[int] = ..., turned: _Optional[str] = ..., bids: _Optional[_Iterable[_Union[Bid, _Mapping]]] = ..., taker: _Optional[int] = ..., trump: _Optional[str] = ..., discard: _Optional[str] = ..., passed: _Optional[_Iterable[str]] = ..., received: _Optional[_Iterable[str]] = ..., passed_seats: _Optional[_Iterable[int]] = ..., declarations: _Optional[_Iterable[_Union[Declaration, _Mapping]]] = ..., revealed_declarations: _Optional[_Iterable[_Union[RevealedDeclaration, _Mapping]]] = ..., leader: _Optional[int] = ..., trick: _Optional[_Iterable[_Union[PlayedCard, _Mapping]]] = ..., tricks: _Optional[_Iterable[_Union[Trick, _Mapping]]] = ..., trick_counts: _Optional[_Iterable[int]] = ..., card_points: _Optional[_Iterable[int]] = ..., hearts_broken: _Optional[bool] = ..., results: _Optional[_Iterable[_Union[DealResult, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., legal_moves: _Optional[_Iterable[_Union[Move, _Mapping]]] = ..., card_selection: _Optional[_Union[CardSelection, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., rematch_of: _Optional[str] = ..., rematch_game_id: _Optional[str] = ..., deck: _Optional[_Iterable[_Union[CardInfo, _Mapping]]] = ..., rated: _Optional[bool] = ..., offered: _Optional[_Iterable[_Union[Combination, _Mapping]]] = ..., event_id: _Optional[str] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "variant", "status", "version", "scores", "created_at", "updated_at", "open_seats")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    OPEN_SEATS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    variant: Variant
    status: GameStatus
    version: int
    scores: _containers.RepeatedScalarFieldContainer[int]
    created_at: float
    updated_at: float
    open_seats: int
    def __init__(self, game_id: _Optional[str] = ..., variant: _Optional[_Union[Variant, str]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., scores: _Optional[_Iterable[int]] = ..., created_at: _Optional[float] = ..., updated_at: _Optional[float] = ..., open_seats: _Optional[int] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("kind", "seat", "deal_started", "card_turned", "bid", "trump_chosen", "hands_completed", "discarded", "cards_passed", "cards_received", "declared", "declarations_resolved", "belote_rebelote", "card_played", "trick_won", "deal_scored", "game_over", "seat_claimed", "game_started", "resigned", "timed_out", "forfeited", "abandoned", "rematch_created")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DEAL_STARTED_FIELD_NUMBER: _ClassVar[int]
    CARD_TURNED_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    TRUMP_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    HANDS_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    CARDS_PASSED_FIELD_NUMBER: _ClassVar[int]
    CARDS_RECEIVED_FIELD_NUMBER: _ClassVar[int]
    DECLARED_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    BELOTE_REBELOTE_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    TRICK_WON_FIELD_NUMBER: _ClassVar[int]
    DEAL_SCORED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    SEAT_CLAIMED_FIELD_NUMBER: _ClassVar[int]
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    ABANDONED_FIELD_NUMBER: _ClassVar[int]
    REMATCH_CREATED_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seat: int
    deal_started: DealStartedEvent
    card_turned: CardTurnedEvent
    bid: BidEvent
    trump_chosen: TrumpChosenEvent
    hands_completed: HandsCompletedEvent
    discarded: DiscardedEvent
    cards_passed: CardsPassedEvent
    cards_received: CardsReceivedEvent
    declared: DeclaredEvent
    declarations_resolved: DeclarationsResolvedEvent
    belote_rebelote: BeloteRebeloteEvent
    card_played: CardPlayedEvent
    trick_won: TrickWonEvent
    deal_scored: DealScoredEvent
    game_over: GameOverEvent
    seat_claimed: SeatClaimedEvent
    game_started: GameStartedEvent
    resigned: ResignedEvent
    timed_out: TimedOutEvent
    forfeited: ForfeitedEvent
    abandoned: AbandonedEvent
    rematch_created: RematchCreatedEvent
    def __init__(self, kind: _Optional[str] = ..., seat: _Optional[int] = ..., deal_started: _Optional[_Union[DealStartedEvent, _Mapping]] = ..., card_turned: _Optional[_Union[CardTurnedEvent, _Mapping]] = ..., bid: _Optional[_Union[BidEvent, _Mapping]] = ..., trump_chosen: _Optional[_Union[TrumpChosenEvent, _Mapping]] = ..., hands_completed: _Optional[_Union[HandsCompletedEvent, _Mapping]] = ..., discarded: _Optional[_Union[DiscardedEvent, _Mapping]] = ..., cards_passed: _Optional[_Union[CardsPassedEvent, _Mapping]] = ..., cards_received: _Optional[_Union[CardsReceivedEvent, _Mapping]] = ..., declared: _Optional[_Union[DeclaredEvent, _Mapping]] = ..., declarations_resolved: _Optional[_Union[DeclarationsResolvedEvent, _Mapping]] = ..., belote_rebelote: _Optional[_Union[BeloteRebeloteEvent, _Mapping]] = ..., card_played: _Optional[_Union[CardPlayedEvent, _Mapping]] = ..., trick_won: _Optional[_Union[TrickWonEvent, _Mapping]] = ..., deal_scored: _Optional[_Union[DealScoredEvent, _Mapping]] = ..., game_over: _Optional[_Union[GameOverEvent, _Mapping]] = ..., seat_claimed: _Optional[_Union[SeatClaimedEvent, _Mapping]] = ..., game_started: _Optional[_Union[GameStartedEvent, _Mapping]] = ..., resigned: _Optional[_Union[ResignedEvent, _Mapping]] = ..., timed_out: _Optional[_Union[TimedOutEvent, _Mapping]] = ..., forfeited: _Optional[_Union[ForfeitedEvent, _Mapping]] = ..., abandoned: _Optional[_Union[AbandonedEvent, _Mapping]] = ..., rematch_created: _Optional[_Union[RematchCreatedEvent, _Mapping]] = ...) -> None: ...

class SeatClaimedEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GameStartedEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ResignedEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TimedOutEvent(_message.Message):
    __slots__ = ("policy",)
    POLICY_FIELD_NUMBER: _ClassVar[int]
    policy: TimeoutPolicy
    def __init__(self, policy: _Optional[_Union[TimeoutPolicy, str]] = ...) -> None: ...

class ForfeitedEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AbandonedEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RematchCreatedEvent(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class DealStartedEvent(_message.Message):
    __slots__ = ("deal_number", "dealer", "hand_counts", "hand")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNTS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    dealer: int
    hand_counts: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, deal_number: _Optional[int] = ..., dealer: _Optional[int] = ..., hand_counts: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[str]] = ...) -> None: ...

class CardTurnedEvent(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class BidEvent(_message.Message):
    __slots__ = ("move", "round")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    move: Move
    round: int
    def __init__(self, move: _Optional[_Union[Move, _Mapping]] = ..., round: _Optional[int] = ...) -> None: ...

class TrumpChosenEvent(_message.Message):
    __slots__ = ("trump", "round")
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    trump: str
    round: int
    def __init__(self, trump: _Optional[str] = ..., round: _Optional[int] = ...) -> None: ...

class HandsCompletedEvent(_message.Message):
    __slots__ = ("turned_to", "hand_counts", "received")
    TURNED_TO_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNTS_FIELD_NUMBER: _ClassVar[int]
    RECEIVED_FIELD_NUMBER: _ClassVar[int]
    turned_to: int
    hand_counts: _containers.RepeatedScalarFieldContainer[int]
    received: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, turned_to: _Optional[int] = ..., hand_counts: _Optional[_Iterable[int]] = ..., received: _Optional[_Iterable[str]] = ...) -> None: ...

class DiscardedEvent(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CardsPassedEvent(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class CardsReceivedEvent(_message.Message):
    __slots__ = ("cards", "giver")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    GIVER_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    giver: int
    def __init__(self, cards: _Optional[_Iterable[str]] = ..., giver: _Optional[int] = ...) -> None: ...

class DeclaredEvent(_message.Message):
    __slots__ = ("declared",)
    DECLARED_FIELD_NUMBER: _ClassVar[int]
    declared: bool
    def __init__(self, declared: _Optional[bool] = ...) -> None: ...

class DeclarationsResolvedEvent(_message.Message):
    __slots__ = ("winners", "revealed")
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    revealed: _containers.RepeatedCompositeFieldContainer[RevealedDeclaration]
    def __init__(self, winners: _Optional[_Iterable[int]] = ..., revealed: _Optional[_Iterable[_Union[RevealedDeclaration, _Mapping]]] = ...) -> None: ...

class BeloteRebeloteEvent(_message.Message):
    __slots__ = ("points",)
    POINTS_FIELD_NUMBER: _ClassVar[int]
    points: int
    def __init__(self, points: _Optional[int] = ...) -> None: ...

class CardPlayedEvent(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class TrickWonEvent(_message.Message):
    __slots__ = ("points", "trick")
    POINTS_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    points: int
    trick: int
    def __init__(self, points: _Optional[int] = ..., trick: _Optional[int] = ...) -> None: ...

class DealScoredEvent(_message.Message):
    __slots__ = ("result", "scores")
    RESULT_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    result: DealResult
    scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, result: _Optional[_Union[DealResult, _Mapping]] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...

class GameOverEvent(_message.Message):
    __slots__ = ("winners", "scores")
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, winners: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...

class GameChange(_message.Message):
    __slots__ = ("version", "seat", "events", "at", "clocks")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    events: _containers.RepeatedCompositeFieldContainer[Event]
    at: float
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., at: _Optional[float] = ..., clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ...) -> None: ...

from cardgames.v1 import game_pb2 as _game_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EntryActor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ENTRY_ACTOR_UNSPECIFIED: _ClassVar[EntryActor]
    ENTRY_ACTOR_BOT: _ClassVar[EntryActor]
    ENTRY_ACTOR_STAND_IN: _ClassVar[EntryActor]
    ENTRY_ACTOR_TABLE: _ClassVar[EntryActor]

class TableAction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_ACTION_UNSPECIFIED: _ClassVar[TableAction]
    TABLE_ACTION_CLAIM: _ClassVar[TableAction]
    TABLE_ACTION_RESIGN: _ClassVar[TableAction]
    TABLE_ACTION_FORFEIT: _ClassVar[TableAction]
    TABLE_ACTION_ABANDON: _ClassVar[TableAction]
    TABLE_ACTION_REMATCH: _ClassVar[TableAction]
ENTRY_ACTOR_UNSPECIFIED: EntryActor
ENTRY_ACTOR_BOT: EntryActor
ENTRY_ACTOR_STAND_IN: EntryActor
ENTRY_ACTOR_TABLE: EntryActor
TABLE_ACTION_UNSPECIFIED: TableAction
TABLE_ACTION_CLAIM: TableAction
TABLE_ACTION_RESIGN: TableAction
TABLE_ACTION_FORFEIT: TableAction
TABLE_ACTION_ABANDON: TableAction
TABLE_ACTION_REMATCH: TableAction

class RecordEntry(_message.Message):
    __slots__ = ("version", "seat", "at_ms", "move", "action", "actor", "hidden")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    ACTOR_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    at_ms: int
    move: _game_pb2.Move
    action: TableAction
    actor: EntryActor
    hidden: bool
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., at_ms: _Optional[int] = ..., move: _Optional[_Union[_game_pb2.Move, _Mapping]] = ..., action: _Optional[_Union[TableAction, str]] = ..., actor: _Optional[_Union[EntryActor, str]] = ..., hidden: _Optional[bool] = ...) -> None: ...

class RecordHand(_message.Message):
    __slots__ = ("cards", "hidden")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    hidden: bool
    def __init__(self, cards: _Optional[_Iterable[str]] = ..., hidden: _Optional[bool] = ...) -> None: ...

class RecordDeal(_message.Message):
    __slots__ = ("number", "dealer", "hands", "stock", "turned", "hidden", "notation", "entries", "result")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    TURNED_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    NOTATION_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    number: int
    dealer: int
    hands: _containers.RepeatedCompositeFieldContainer[RecordHand]
    stock: _containers.RepeatedScalarFieldContainer[str]
    turned: str
    hidden: bool
    notation: str
    entries: _containers.RepeatedCompositeFieldContainer[RecordEntry]
    result: _game_pb2.DealResult
    def __init__(self, number: _Optional[int] = ..., dealer: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[RecordHand, _Mapping]]] = ..., stock: _Optional[_Iterable[str]] = ..., turned: _Optional[str] = ..., hidden: _Optional[bool] = ..., notation: _Optional[str] = ..., entries: _Optional[_Iterable[_Union[RecordEntry, _Mapping]]] = ..., result: _Optional[_Union[_game_pb2.DealResult, _Mapping]] = ...) -> None: ...

class RecordSeat(_message.Message):
    __slots__ = ("kind", "strength", "invitation", "player")
    KIND_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    INVITATION_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    kind: _game_pb2.SeatKind
    strength: _game_pb2.BotStrength
    invitation: bool
    player: _game_pb2.SeatPlayer
    def __init__(self, kind: _Optional[_Union[_game_pb2.SeatKind, str]] = ..., strength: _Optional[_Union[_game_pb2.BotStrength, str]] = ..., invitation: _Optional[bool] = ..., player: _Optional[_Union[_game_pb2.SeatPlayer, _Mapping]] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ("format", "game_id", "variant", "options", "seats", "deals", "status", "scores", "outcome", "created_at_ms", "rematch_of", "rematch_game_id")
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    REMATCH_OF_FIELD_NUMBER: _ClassVar[int]
    REMATCH_GAME_ID_FIELD_NUMBER: _ClassVar[int]
    format: int
    game_id: str
    variant: _game_pb2.Variant
    options: _game_pb2.GameOptions
    seats: _containers.RepeatedCompositeFieldContainer[RecordSeat]
    deals: _containers.RepeatedCompositeFieldContainer[RecordDeal]
    status: _game_pb2.GameStatus
    scores: _containers.RepeatedScalarFieldContainer[int]
    outcome: _game_pb2.Outcome
    created_at_ms: int
    rematch_of: str
    rematch_game_id: str
    def __init__(self, format: _Optional[int] = ..., game_id: _Optional[str] = ..., variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., options: _Optional[_Union[_game_pb2.GameOptions, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[RecordSeat, _Mapping]]] = ..., deals: _Optional[_Iterable[_Union[RecordDeal, _Mapping]]] = ..., status: _Optional[_Union[_game_pb2.GameStatus, str]] = ..., scores: _Optional[_Iterable[int]] = ..., outcome: _Optional[_Union[_game_pb2.Outcome, _Mapping]] = ..., created_at_ms: _Optional[int] = ..., rematch_of: _Optional[str] = ..., rematch_game_id: _Optional[str] = ...) -> None: ...

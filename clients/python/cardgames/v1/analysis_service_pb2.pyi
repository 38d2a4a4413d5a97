from cardgames.v1 import game_pb2 as _game_pb2
from cardgames.v1 import record_pb2 as _record_pb2
from cardgames.v1 import review_pb2 as _review_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Contract(_message.Message):
    __slots__ = ("trump", "taker")
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TAKER_FIELD_NUMBER: _ClassVar[int]
    trump: str
    taker: int
    def __init__(self, trump: _Optional[str] = ..., taker: _Optional[int] = ...) -> None: ...

class DealInput(_message.Message):
    __slots__ = ("variant", "deal", "position", "dealer", "contract", "player", "skip_table")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SKIP_TABLE_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    deal: str
    position: str
    dealer: int
    contract: Contract
    player: int
    skip_table: bool
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., deal: _Optional[str] = ..., position: _Optional[str] = ..., dealer: _Optional[int] = ..., contract: _Optional[_Union[Contract, _Mapping]] = ..., player: _Optional[int] = ..., skip_table: _Optional[bool] = ...) -> None: ...

class AnalyzeDealRequest(_message.Message):
    __slots__ = ("input", "game_id", "seat", "deal_number", "time_limit_ms", "from_trick")
    INPUT_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_MS_FIELD_NUMBER: _ClassVar[int]
    FROM_TRICK_FIELD_NUMBER: _ClassVar[int]
    input: DealInput
    game_id: str
    seat: int
    deal_number: int
    time_limit_ms: int
    from_trick: int
    def __init__(self, input: _Optional[_Union[DealInput, _Mapping]] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., deal_number: _Optional[int] = ..., time_limit_ms: _Optional[int] = ..., from_trick: _Optional[int] = ...) -> None: ...

class CardValue(_message.Message):
    __slots__ = ("card", "value")
    CARD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    card: str
    value: int
    def __init__(self, card: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...

class PlayAnalysis(_message.Message):
    __slots__ = ("position", "contract", "discard", "value", "cards", "line", "to_play", "maximising", "nodes")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    TO_PLAY_FIELD_NUMBER: _ClassVar[int]
    MAXIMISING_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    position: str
    contract: Contract
    discard: str
    value: int
    cards: _containers.RepeatedCompositeFieldContainer[CardValue]
    line: _containers.RepeatedScalarFieldContainer[str]
    to_play: int
    maximising: bool
    nodes: int
    def __init__(self, position: _Optional[str] = ..., contract: _Optional[_Union[Contract, _Mapping]] = ..., discard: _Optional[str] = ..., value: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[CardValue, _Mapping]]] = ..., line: _Optional[_Iterable[str]] = ..., to_play: _Optional[int] = ..., maximising: _Optional[bool] = ..., nodes: _Optional[int] = ...) -> None: ...

class TableCell(_message.Message):
    __slots__ = ("trump", "taker", "value")
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TAKER_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    trump: str
    taker: int
    value: int
    def __init__(self, trump: _Optional[str] = ..., taker: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...

class DealAnalysis(_message.Message):
    __slots__ = ("variant", "unit", "play", "table")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    unit: str
    play: PlayAnalysis
    table: _containers.RepeatedCompositeFieldContainer[TableCell]
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., unit: _Optional[str] = ..., play: _Optional[_Union[PlayAnalysis, _Mapping]] = ..., table: _Optional[_Iterable[_Union[TableCell, _Mapping]]] = ...) -> None: ...

class AnalyzeDealResponse(_message.Message):
    __slots__ = ("analysis",)
    ANALYSIS_FIELD_NUMBER: _ClassVar[int]
    analysis: DealAnalysis
    def __init__(self, analysis: _Optional[_Union[DealAnalysis, _Mapping]] = ...) -> None: ...

class AnalyzeDealProgressRequest(_message.Message):
    __slots__ = ("input", "game_id", "seat", "deal_number", "time_limit_ms", "from_trick")
    INPUT_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_MS_FIELD_NUMBER: _ClassVar[int]
    FROM_TRICK_FIELD_NUMBER: _ClassVar[int]
    input: DealInput
    game_id: str
    seat: int
    deal_number: int
    time_limit_ms: int
    from_trick: int
    def __init__(self, input: _Optional[_Union[DealInput, _Mapping]] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., deal_number: _Optional[int] = ..., time_limit_ms: _Optional[int] = ..., from_trick: _Optional[int] = ...) -> None: ...

class ValueBounds(_message.Message):
    __slots__ = ("low", "high", "exact")
    LOW_FIELD_NUMBER: _ClassVar[int]
    HIGH_FIELD_NUMBER: _ClassVar[int]
    EXACT_FIELD_NUMBER: _ClassVar[int]
    low: int
    high: int
    exact: bool
    def __init__(self, low: _Optional[int] = ..., high: _Optional[int] = ..., exact: _Optional[bool] = ...) -> None: ...

class CardBounds(_message.Message):
    __slots__ = ("card", "value")
    CARD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    card: str
    value: ValueBounds
    def __init__(self, card: _Optional[str] = ..., value: _Optional[_Union[ValueBounds, _Mapping]] = ...) -> None: ...

class AnalyzeDealProgressResponse(_message.Message):
    __slots__ = ("variant", "unit", "position", "contract", "discard", "to_play", "maximising", "value", "cards", "line", "nodes", "exact", "stopped")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    TO_PLAY_FIELD_NUMBER: _ClassVar[int]
    MAXIMISING_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    EXACT_FIELD_NUMBER: _ClassVar[int]
    STOPPED_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    unit: str
    position: str
    contract: Contract
    discard: str
    to_play: int
    maximising: bool
    value: ValueBounds
    cards: _containers.RepeatedCompositeFieldContainer[CardBounds]
    line: _containers.RepeatedScalarFieldContainer[str]
    nodes: int
    exact: bool
    stopped: bool
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., unit: _Optional[str] = ..., position: _Optional[str] = ..., contract: _Optional[_Union[Contract, _Mapping]] = ..., discard: _Optional[str] = ..., to_play: _Optional[int] = ..., maximising: _Optional[bool] = ..., value: _Optional[_Union[ValueBounds, _Mapping]] = ..., cards: _Optional[_Iterable[_Union[CardBounds, _Mapping]]] = ..., line: _Optional[_Iterable[str]] = ..., nodes: _Optional[int] = ..., exact: _Optional[bool] = ..., stopped: _Optional[bool] = ...) -> None: ...

class AnalyzeDealsRequest(_message.Message):
    __slots__ = ("inputs", "time_limit_ms", "parallelism")
    INPUTS_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_MS_FIELD_NUMBER: _ClassVar[int]
    PARALLELISM_FIELD_NUMBER: _ClassVar[int]
    inputs: _containers.RepeatedCompositeFieldContainer[DealInput]
    time_limit_ms: int
    parallelism: int
    def __init__(self, inputs: _Optional[_Iterable[_Union[DealInput, _Mapping]]] = ..., time_limit_ms: _Optional[int] = ..., parallelism: _Optional[int] = ...) -> None: ...

class ItemError(_message.Message):
    __slots__ = ("code", "reason", "message", "field")
    CODE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FIELD_FIELD_NUMBER: _ClassVar[int]
    code: str
    reason: str
    message: str
    field: str
    def __init__(self, code: _Optional[str] = ..., reason: _Optional[str] = ..., message: _Optional[str] = ..., field: _Optional[str] = ...) -> None: ...

class AnalyzeDealsResponse(_message.Message):
    __slots__ = ("index", "analysis", "error", "completed", "total")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ANALYSIS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    index: int
    analysis: DealAnalysis
    error: ItemError
    completed: int
    total: int
    def __init__(self, index: _Optional[int] = ..., analysis: _Optional[_Union[DealAnalysis, _Mapping]] = ..., error: _Optional[_Union[ItemError, _Mapping]] = ..., completed: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...

class ImportGameRecordRequest(_message.Message):
    __slots__ = ("record", "text")
    RECORD_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    record: _record_pb2.GameRecord
    text: str
    def __init__(self, record: _Optional[_Union[_record_pb2.GameRecord, _Mapping]] = ..., text: _Optional[str] = ...) -> None: ...

class ImportGameRecordResponse(_message.Message):
    __slots__ = ("record",)
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: _record_pb2.GameRecord
    def __init__(self, record: _Optional[_Union[_record_pb2.GameRecord, _Mapping]] = ...) -> None: ...

class ReviewGameRequest(_message.Message):
    __slots__ = ("game_id", "record", "text", "deal_number", "seats", "budget_ms", "deals", "seed", "time_limit_ms")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_MS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    record: _record_pb2.GameRecord
    text: str
    deal_number: int
    seats: _containers.RepeatedScalarFieldContainer[int]
    budget_ms: int
    deals: int
    seed: int
    time_limit_ms: int
    def __init__(self, game_id: _Optional[str] = ..., record: _Optional[_Union[_record_pb2.GameRecord, _Mapping]] = ..., text: _Optional[str] = ..., deal_number: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ..., budget_ms: _Optional[int] = ..., deals: _Optional[int] = ..., seed: _Optional[int] = ..., time_limit_ms: _Optional[int] = ...) -> None: ...

class ReviewGameResponse(_message.Message):
    __slots__ = ("decision", "deal", "match", "done", "total")
    DECISION_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    decision: _review_pb2.DecisionReview
    deal: _review_pb2.DealReview
    match: _review_pb2.MatchReview
    done: int
    total: int
    def __init__(self, decision: _Optional[_Union[_review_pb2.DecisionReview, _Mapping]] = ..., deal: _Optional[_Union[_review_pb2.DealReview, _Mapping]] = ..., match: _Optional[_Union[_review_pb2.MatchReview, _Mapping]] = ..., done: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...

from cardgames.v1 import game_pb2 as _game_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Judgement(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    JUDGEMENT_UNSPECIFIED: _ClassVar[Judgement]
    JUDGEMENT_FORCED: _ClassVar[Judgement]
    JUDGEMENT_GOOD: _ClassVar[Judgement]
    JUDGEMENT_INACCURACY: _ClassVar[Judgement]
    JUDGEMENT_MISTAKE: _ClassVar[Judgement]
    JUDGEMENT_BLUNDER: _ClassVar[Judgement]
JUDGEMENT_UNSPECIFIED: Judgement
JUDGEMENT_FORCED: Judgement
JUDGEMENT_GOOD: Judgement
JUDGEMENT_INACCURACY: Judgement
JUDGEMENT_MISTAKE: Judgement
JUDGEMENT_BLUNDER: Judgement

class ReviewedOption(_message.Message):
    __slots__ = ("move", "expected", "stderr", "expected_deal_score", "behind_stderr")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_FIELD_NUMBER: _ClassVar[int]
    STDERR_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_DEAL_SCORE_FIELD_NUMBER: _ClassVar[int]
    BEHIND_STDERR_FIELD_NUMBER: _ClassVar[int]
    move: _game_pb2.Move
    expected: float
    stderr: float
    expected_deal_score: float
    behind_stderr: float
    def __init__(self, move: _Optional[_Union[_game_pb2.Move, _Mapping]] = ..., expected: _Optional[float] = ..., stderr: _Optional[float] = ..., expected_deal_score: _Optional[float] = ..., behind_stderr: _Optional[float] = ...) -> None: ...

class KnownVerdict(_message.Message):
    __slots__ = ("unit", "options", "deals", "loss", "judgement", "accuracy", "seed", "loss_stderr")
    UNIT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    LOSS_FIELD_NUMBER: _ClassVar[int]
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    ACCURACY_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    LOSS_STDERR_FIELD_NUMBER: _ClassVar[int]
    unit: str
    options: _containers.RepeatedCompositeFieldContainer[ReviewedOption]
    deals: int
    loss: float
    judgement: Judgement
    accuracy: float
    seed: int
    loss_stderr: float
    def __init__(self, unit: _Optional[str] = ..., options: _Optional[_Iterable[_Union[ReviewedOption, _Mapping]]] = ..., deals: _Optional[int] = ..., loss: _Optional[float] = ..., judgement: _Optional[_Union[Judgement, str]] = ..., accuracy: _Optional[float] = ..., seed: _Optional[int] = ..., loss_stderr: _Optional[float] = ...) -> None: ...

class RealCardValue(_message.Message):
    __slots__ = ("card", "value")
    CARD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    card: str
    value: int
    def __init__(self, card: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...

class RealVerdict(_message.Message):
    __slots__ = ("unit", "values", "played", "best", "loss", "judgement")
    UNIT_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    LOSS_FIELD_NUMBER: _ClassVar[int]
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    unit: str
    values: _containers.RepeatedCompositeFieldContainer[RealCardValue]
    played: int
    best: int
    loss: int
    judgement: Judgement
    def __init__(self, unit: _Optional[str] = ..., values: _Optional[_Iterable[_Union[RealCardValue, _Mapping]]] = ..., played: _Optional[int] = ..., best: _Optional[int] = ..., loss: _Optional[int] = ..., judgement: _Optional[_Union[Judgement, str]] = ...) -> None: ...

class DecisionReview(_message.Message):
    __slots__ = ("deal_number", "entry", "version", "seat", "played", "judgement", "known", "real")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    KNOWN_FIELD_NUMBER: _ClassVar[int]
    REAL_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    entry: int
    version: int
    seat: int
    played: _game_pb2.Move
    judgement: Judgement
    known: KnownVerdict
    real: RealVerdict
    def __init__(self, deal_number: _Optional[int] = ..., entry: _Optional[int] = ..., version: _Optional[int] = ..., seat: _Optional[int] = ..., played: _Optional[_Union[_game_pb2.Move, _Mapping]] = ..., judgement: _Optional[_Union[Judgement, str]] = ..., known: _Optional[_Union[KnownVerdict, _Mapping]] = ..., real: _Optional[_Union[RealVerdict, _Mapping]] = ...) -> None: ...

class UnitLoss(_message.Message):
    __slots__ = ("unit", "total")
    UNIT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    unit: str
    total: float
    def __init__(self, unit: _Optional[str] = ..., total: _Optional[float] = ...) -> None: ...

class SeatReview(_message.Message):
    __slots__ = ("seat", "decisions", "forced", "inaccuracies", "mistakes", "blunders", "losses", "accuracy", "real_loss")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DECISIONS_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    INACCURACIES_FIELD_NUMBER: _ClassVar[int]
    MISTAKES_FIELD_NUMBER: _ClassVar[int]
    BLUNDERS_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    ACCURACY_FIELD_NUMBER: _ClassVar[int]
    REAL_LOSS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    decisions: int
    forced: int
    inaccuracies: int
    mistakes: int
    blunders: int
    losses: _containers.RepeatedCompositeFieldContainer[UnitLoss]
    accuracy: float
    real_loss: int
    def __init__(self, seat: _Optional[int] = ..., decisions: _Optional[int] = ..., forced: _Optional[int] = ..., inaccuracies: _Optional[int] = ..., mistakes: _Optional[int] = ..., blunders: _Optional[int] = ..., losses: _Optional[_Iterable[_Union[UnitLoss, _Mapping]]] = ..., accuracy: _Optional[float] = ..., real_loss: _Optional[int] = ...) -> None: ...

class DealReview(_message.Message):
    __slots__ = ("deal_number", "seats", "curve", "curve_unit", "curve_seat", "complete")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CURVE_FIELD_NUMBER: _ClassVar[int]
    CURVE_UNIT_FIELD_NUMBER: _ClassVar[int]
    CURVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatReview]
    curve: _containers.RepeatedScalarFieldContainer[int]
    curve_unit: str
    curve_seat: int
    complete: bool
    def __init__(self, deal_number: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatReview, _Mapping]]] = ..., curve: _Optional[_Iterable[int]] = ..., curve_unit: _Optional[str] = ..., curve_seat: _Optional[int] = ..., complete: _Optional[bool] = ...) -> None: ...

class MatchReview(_message.Message):
    __slots__ = ("seats", "complete")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[SeatReview]
    complete: bool
    def __init__(self, seats: _Optional[_Iterable[_Union[SeatReview, _Mapping]]] = ..., complete: _Optional[bool] = ...) -> None: ...

from cardgames.v1 import game_pb2 as _game_pb2
from cardgames.v1 import game_service_pb2 as _game_service_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateEventRequest(_message.Message):
    __slots__ = ("variant", "options", "deals", "seed", "given_deals", "tables", "par", "rated")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    GIVEN_DEALS_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    PAR_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    options: _game_pb2.GameOptions
    deals: int
    seed: str
    given_deals: _containers.RepeatedScalarFieldContainer[str]
    tables: _containers.RepeatedCompositeFieldContainer[_game_pb2.TableOptions]
    par: _game_pb2.BotStrength
    rated: bool
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., options: _Optional[_Union[_game_pb2.GameOptions, _Mapping]] = ..., deals: _Optional[int] = ..., seed: _Optional[str] = ..., given_deals: _Optional[_Iterable[str]] = ..., tables: _Optional[_Iterable[_Union[_game_pb2.TableOptions, _Mapping]]] = ..., par: _Optional[_Union[_game_pb2.BotStrength, str]] = ..., rated: _Optional[bool] = ...) -> None: ...

class EventTableCredentials(_message.Message):
    __slots__ = ("table", "game_id", "credentials", "invitations")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    INVITATIONS_FIELD_NUMBER: _ClassVar[int]
    table: int
    game_id: str
    credentials: _containers.RepeatedCompositeFieldContainer[_game_service_pb2.SeatCredential]
    invitations: _containers.RepeatedCompositeFieldContainer[_game_service_pb2.Invitation]
    def __init__(self, table: _Optional[int] = ..., game_id: _Optional[str] = ..., credentials: _Optional[_Iterable[_Union[_game_service_pb2.SeatCredential, _Mapping]]] = ..., invitations: _Optional[_Iterable[_Union[_game_service_pb2.Invitation, _Mapping]]] = ...) -> None: ...

class CreateEventResponse(_message.Message):
    __slots__ = ("event_id", "tables", "event")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    tables: _containers.RepeatedCompositeFieldContainer[EventTableCredentials]
    event: EventInfo
    def __init__(self, event_id: _Optional[str] = ..., tables: _Optional[_Iterable[_Union[EventTableCredentials, _Mapping]]] = ..., event: _Optional[_Union[EventInfo, _Mapping]] = ...) -> None: ...

class EventTable(_message.Message):
    __slots__ = ("table", "game_id", "rotation", "par", "seats", "status", "deals_finished")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    PAR_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DEALS_FINISHED_FIELD_NUMBER: _ClassVar[int]
    table: int
    game_id: str
    rotation: int
    par: bool
    seats: _containers.RepeatedCompositeFieldContainer[_game_pb2.SeatInfo]
    status: _game_pb2.GameStatus
    deals_finished: int
    def __init__(self, table: _Optional[int] = ..., game_id: _Optional[str] = ..., rotation: _Optional[int] = ..., par: _Optional[bool] = ..., seats: _Optional[_Iterable[_Union[_game_pb2.SeatInfo, _Mapping]]] = ..., status: _Optional[_Union[_game_pb2.GameStatus, str]] = ..., deals_finished: _Optional[int] = ...) -> None: ...

class EventInfo(_message.Message):
    __slots__ = ("event_id", "variant", "deals", "tables", "over", "table", "seat", "deals_shown", "rated", "side")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DEALS_SHOWN_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    variant: _game_pb2.Variant
    deals: int
    tables: _containers.RepeatedCompositeFieldContainer[EventTable]
    over: bool
    table: int
    seat: int
    deals_shown: int
    rated: bool
    side: int
    def __init__(self, event_id: _Optional[str] = ..., variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., deals: _Optional[int] = ..., tables: _Optional[_Iterable[_Union[EventTable, _Mapping]]] = ..., over: _Optional[bool] = ..., table: _Optional[int] = ..., seat: _Optional[int] = ..., deals_shown: _Optional[int] = ..., rated: _Optional[bool] = ..., side: _Optional[int] = ...) -> None: ...

class AddEventTableRequest(_message.Message):
    __slots__ = ("event_id", "table")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    table: _game_pb2.TableOptions
    def __init__(self, event_id: _Optional[str] = ..., table: _Optional[_Union[_game_pb2.TableOptions, _Mapping]] = ...) -> None: ...

class AddEventTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: EventTableCredentials
    def __init__(self, table: _Optional[_Union[EventTableCredentials, _Mapping]] = ...) -> None: ...

class GetEventRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class GetEventResponse(_message.Message):
    __slots__ = ("event",)
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event: EventInfo
    def __init__(self, event: _Optional[_Union[EventInfo, _Mapping]] = ...) -> None: ...

class Standing(_message.Message):
    __slots__ = ("rank", "table", "side", "players", "matchpoints", "top", "percentage", "deals", "versus_par", "par_deals", "seats")
    RANK_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MATCHPOINTS_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    PERCENTAGE_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    VERSUS_PAR_FIELD_NUMBER: _ClassVar[int]
    PAR_DEALS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    rank: int
    table: int
    side: int
    players: _containers.RepeatedCompositeFieldContainer[_game_pb2.SeatPlayer]
    matchpoints: float
    top: int
    percentage: float
    deals: int
    versus_par: float
    par_deals: int
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, rank: _Optional[int] = ..., table: _Optional[int] = ..., side: _Optional[int] = ..., players: _Optional[_Iterable[_Union[_game_pb2.SeatPlayer, _Mapping]]] = ..., matchpoints: _Optional[float] = ..., top: _Optional[int] = ..., percentage: _Optional[float] = ..., deals: _Optional[int] = ..., versus_par: _Optional[float] = ..., par_deals: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...

class GetEventStandingsRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class GetEventStandingsResponse(_message.Message):
    __slots__ = ("standings", "deals_counted", "event")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    DEALS_COUNTED_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[Standing]
    deals_counted: int
    event: EventInfo
    def __init__(self, standings: _Optional[_Iterable[_Union[Standing, _Mapping]]] = ..., deals_counted: _Optional[int] = ..., event: _Optional[_Union[EventInfo, _Mapping]] = ...) -> None: ...

class DealComparisonResult(_message.Message):
    __slots__ = ("table", "game_id", "direction", "side", "score", "matchpoints", "top", "percentage", "versus_par")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    MATCHPOINTS_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    PERCENTAGE_FIELD_NUMBER: _ClassVar[int]
    VERSUS_PAR_FIELD_NUMBER: _ClassVar[int]
    table: int
    game_id: str
    direction: int
    side: int
    score: int
    matchpoints: float
    top: int
    percentage: float
    versus_par: float
    def __init__(self, table: _Optional[int] = ..., game_id: _Optional[str] = ..., direction: _Optional[int] = ..., side: _Optional[int] = ..., score: _Optional[int] = ..., matchpoints: _Optional[float] = ..., top: _Optional[int] = ..., percentage: _Optional[float] = ..., versus_par: _Optional[float] = ...) -> None: ...

class GetDealComparisonRequest(_message.Message):
    __slots__ = ("event_id", "deal_number")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    deal_number: int
    def __init__(self, event_id: _Optional[str] = ..., deal_number: _Optional[int] = ...) -> None: ...

class GetDealComparisonResponse(_message.Message):
    __slots__ = ("deal_number", "results", "par_scores")
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    PAR_SCORES_FIELD_NUMBER: _ClassVar[int]
    deal_number: int
    results: _containers.RepeatedCompositeFieldContainer[DealComparisonResult]
    par_scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, deal_number: _Optional[int] = ..., results: _Optional[_Iterable[_Union[DealComparisonResult, _Mapping]]] = ..., par_scores: _Optional[_Iterable[int]] = ...) -> None: ...

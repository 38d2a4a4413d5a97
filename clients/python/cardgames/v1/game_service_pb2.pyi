from cardgames.v1 import game_pb2 as _game_pb2
from cardgames.v1 import record_pb2 as _record_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateGameRequest(_message.Message):
    __slots__ = ("variant", "options", "seed", "deal", "table")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    options: _game_pb2.GameOptions
    seed: str
    deal: str
    table: _game_pb2.TableOptions
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., options: _Optional[_Union[_game_pb2.GameOptions, _Mapping]] = ..., seed: _Optional[str] = ..., deal: _Optional[str] = ..., table: _Optional[_Union[_game_pb2.TableOptions, _Mapping]] = ...) -> None: ...

class Invitation(_message.Message):
    __slots__ = ("seat", "code")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    code: str
    def __init__(self, seat: _Optional[int] = ..., code: _Optional[str] = ...) -> None: ...

class SeatCredential(_message.Message):
    __slots__ = ("seat", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "credentials", "view", "invitations")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CREDENTIALS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    INVITATIONS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    credentials: _containers.RepeatedCompositeFieldContainer[SeatCredential]
    view: _game_pb2.GameView
    invitations: _containers.RepeatedCompositeFieldContainer[Invitation]
    def __init__(self, game_id: _Optional[str] = ..., credentials: _Optional[_Iterable[_Union[SeatCredential, _Mapping]]] = ..., view: _Optional[_Union[_game_pb2.GameView, _Mapping]] = ..., invitations: _Optional[_Iterable[_Union[Invitation, _Mapping]]] = ...) -> None: ...

class ClaimSeatRequest(_message.Message):
    __slots__ = ("game_id", "seat", "invitation_code")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    INVITATION_CODE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    invitation_code: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., invitation_code: _Optional[str] = ...) -> None: ...

class ClaimSeatResponse(_message.Message):
    __slots__ = ("credential", "view")
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    credential: SeatCredential
    view: _game_pb2.GameView
    def __init__(self, credential: _Optional[_Union[SeatCredential, _Mapping]] = ..., view: _Optional[_Union[_game_pb2.GameView, _Mapping]] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ResignResponse(_message.Message):
    __slots__ = ("version", "change")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    version: int
    change: _game_pb2.GameChange
    def __init__(self, version: _Optional[int] = ..., change: _Optional[_Union[_game_pb2.GameChange, _Mapping]] = ...) -> None: ...

class RematchRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class RematchResponse(_message.Message):
    __slots__ = ("game_id", "credential", "view")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    credential: SeatCredential
    view: _game_pb2.GameView
    def __init__(self, game_id: _Optional[str] = ..., credential: _Optional[_Union[SeatCredential, _Mapping]] = ..., view: _Optional[_Union[_game_pb2.GameView, _Mapping]] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class GetGameResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: _game_pb2.GameView
    def __init__(self, view: _Optional[_Union[_game_pb2.GameView, _Mapping]] = ...) -> None: ...

class GetGameRecordRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class GetGameRecordResponse(_message.Message):
    __slots__ = ("record",)
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: _record_pb2.GameRecord
    def __init__(self, record: _Optional[_Union[_record_pb2.GameRecord, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("variant", "status", "page_size", "page_token", "open_seats", "mine")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OPEN_SEATS_FIELD_NUMBER: _ClassVar[int]
    MINE_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    status: _game_pb2.GameStatus
    page_size: int
    page_token: str
    open_seats: bool
    mine: bool
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., status: _Optional[_Union[_game_pb2.GameStatus, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., open_seats: _Optional[bool] = ..., mine: _Optional[bool] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[_game_pb2.GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[_game_pb2.GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class SubmitMoveRequest(_message.Message):
    __slots__ = ("game_id", "seat", "move", "expected_version", "request_id")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    move: _game_pb2.Move
    expected_version: int
    request_id: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., move: _Optional[_Union[_game_pb2.Move, _Mapping]] = ..., expected_version: _Optional[int] = ..., request_id: _Optional[str] = ...) -> None: ...

class SubmitMoveResponse(_message.Message):
    __slots__ = ("version", "change", "game_over")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    version: int
    change: _game_pb2.GameChange
    game_over: bool
    def __init__(self, version: _Optional[int] = ..., change: _Optional[_Union[_game_pb2.GameChange, _Mapping]] = ..., game_over: _Optional[bool] = ...) -> None: ...

class ValidateMoveRequest(_message.Message):
    __slots__ = ("game_id", "seat", "move")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    move: _game_pb2.Move
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., move: _Optional[_Union[_game_pb2.Move, _Mapping]] = ...) -> None: ...

class ValidateMoveResponse(_message.Message):
    __slots__ = ("legal", "reason", "message", "version")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    reason: str
    message: str
    version: int
    def __init__(self, legal: _Optional[bool] = ..., reason: _Optional[str] = ..., message: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "after_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    after_version: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., after_version: _Optional[int] = ...) -> None: ...

class WatchGameResponse(_message.Message):
    __slots__ = ("snapshot", "change")
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    snapshot: _game_pb2.GameView
    change: _game_pb2.GameChange
    def __init__(self, snapshot: _Optional[_Union[_game_pb2.GameView, _Mapping]] = ..., change: _Optional[_Union[_game_pb2.GameChange, _Mapping]] = ...) -> None: ...

class GetHintRequest(_message.Message):
    __slots__ = ("game_id", "seat", "budget_ms", "seed", "max_samples")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    MAX_SAMPLES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    budget_ms: int
    seed: int
    max_samples: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., budget_ms: _Optional[int] = ..., seed: _Optional[int] = ..., max_samples: _Optional[int] = ...) -> None: ...

class HintOption(_message.Message):
    __slots__ = ("move", "expected", "stderr", "expected_deal_score", "deal_score_stderr", "behind_stderr")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_FIELD_NUMBER: _ClassVar[int]
    STDERR_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_DEAL_SCORE_FIELD_NUMBER: _ClassVar[int]
    DEAL_SCORE_STDERR_FIELD_NUMBER: _ClassVar[int]
    BEHIND_STDERR_FIELD_NUMBER: _ClassVar[int]
    move: _game_pb2.Move
    expected: float
    stderr: float
    expected_deal_score: float
    deal_score_stderr: float
    behind_stderr: float
    def __init__(self, move: _Optional[_Union[_game_pb2.Move, _Mapping]] = ..., expected: _Optional[float] = ..., stderr: _Optional[float] = ..., expected_deal_score: _Optional[float] = ..., deal_score_stderr: _Optional[float] = ..., behind_stderr: _Optional[float] = ...) -> None: ...

class Hint(_message.Message):
    __slots__ = ("seat", "version", "unit", "options", "samples", "seed", "nodes")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SAMPLES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    version: int
    unit: str
    options: _containers.RepeatedCompositeFieldContainer[HintOption]
    samples: int
    seed: int
    nodes: int
    def __init__(self, seat: _Optional[int] = ..., version: _Optional[int] = ..., unit: _Optional[str] = ..., options: _Optional[_Iterable[_Union[HintOption, _Mapping]]] = ..., samples: _Optional[int] = ..., seed: _Optional[int] = ..., nodes: _Optional[int] = ...) -> None: ...

class GetHintResponse(_message.Message):
    __slots__ = ("hint",)
    HINT_FIELD_NUMBER: _ClassVar[int]
    hint: Hint
    def __init__(self, hint: _Optional[_Union[Hint, _Mapping]] = ...) -> None: ...

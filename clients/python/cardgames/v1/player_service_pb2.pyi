from cardgames.v1 import game_pb2 as _game_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetPlayerRequest(_message.Message):
    __slots__ = ("player_id", "history_size")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    HISTORY_SIZE_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    history_size: int
    def __init__(self, player_id: _Optional[str] = ..., history_size: _Optional[int] = ...) -> None: ...

class GetPlayerResponse(_message.Message):
    __slots__ = ("player",)
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    player: PlayerProfile
    def __init__(self, player: _Optional[_Union[PlayerProfile, _Mapping]] = ...) -> None: ...

class PlayerProfile(_message.Message):
    __slots__ = ("player_id", "name", "bot", "ratings", "recent_games")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    RECENT_GAMES_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    name: str
    bot: bool
    ratings: _containers.RepeatedCompositeFieldContainer[PlayerRating]
    recent_games: _containers.RepeatedCompositeFieldContainer[_game_pb2.GameSummary]
    def __init__(self, player_id: _Optional[str] = ..., name: _Optional[str] = ..., bot: _Optional[bool] = ..., ratings: _Optional[_Iterable[_Union[PlayerRating, _Mapping]]] = ..., recent_games: _Optional[_Iterable[_Union[_game_pb2.GameSummary, _Mapping]]] = ...) -> None: ...

class PlayerRating(_message.Message):
    __slots__ = ("variant", "rating", "mu", "sigma", "provisional", "matches", "history")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    rating: float
    mu: float
    sigma: float
    provisional: bool
    matches: int
    history: _containers.RepeatedCompositeFieldContainer[RatingChange]
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., rating: _Optional[float] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., provisional: _Optional[bool] = ..., matches: _Optional[int] = ..., history: _Optional[_Iterable[_Union[RatingChange, _Mapping]]] = ...) -> None: ...

class RatingChange(_message.Message):
    __slots__ = ("game_id", "at", "rating", "mu", "sigma")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at: float
    rating: float
    mu: float
    sigma: float
    def __init__(self, game_id: _Optional[str] = ..., at: _Optional[float] = ..., rating: _Optional[float] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ...) -> None: ...

class ListLeaderboardRequest(_message.Message):
    __slots__ = ("variant", "page_size", "page_token")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    variant: _game_pb2.Variant
    page_size: int
    page_token: str
    def __init__(self, variant: _Optional[_Union[_game_pb2.Variant, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class LeaderboardEntry(_message.Message):
    __slots__ = ("rank", "player_id", "name", "rating", "matches")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player_id: str
    name: str
    rating: float
    matches: int
    def __init__(self, rank: _Optional[int] = ..., player_id: _Optional[str] = ..., name: _Optional[str] = ..., rating: _Optional[float] = ..., matches: _Optional[int] = ...) -> None: ...

class ListLeaderboardResponse(_message.Message):
    __slots__ = ("entries", "next_page_token")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[LeaderboardEntry]
    next_page_token: str
    def __init__(self, entries: _Optional[_Iterable[_Union[LeaderboardEntry, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

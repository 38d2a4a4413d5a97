"""Why the service rejects a request, independent of gRPC.

The application layer raises these (and the engine's :class:`RuleViolation`); the
interceptor (``interceptor.py``) is the one place that maps them to gRPC status codes and
``google.rpc`` details. Messages never mention a card, a token or a seed.
"""

from __future__ import annotations

from enum import Enum

from ..rules.errors import Reason


class ServiceReason(str, Enum):
    """Why the service refuses a request, beside the rules' own reasons (``rules.Reason``):
    each a stable UPPER_SNAKE code clients switch on, with a sentence in every language of
    the catalogue (``cardgames_client/words``)."""

    # A request the service cannot read or accept as it is.
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    MALFORMED_REQUEST = "MALFORMED_REQUEST"
    INVALID_VARIANT = "INVALID_VARIANT"
    INVALID_STATUS = "INVALID_STATUS"
    INVALID_PAGE_TOKEN = "INVALID_PAGE_TOKEN"
    INVALID_POSITION = "INVALID_POSITION"
    REQUEST_ID_REUSED = "REQUEST_ID_REUSED"
    UNSUPPORTED_ENCODING = "UNSUPPORTED_ENCODING"
    REQUEST_TOO_LARGE = "REQUEST_TOO_LARGE"
    REQUEST_TIMEOUT = "REQUEST_TIMEOUT"
    # Who may ask.
    MISSING_CREDENTIAL = "MISSING_CREDENTIAL"
    MALFORMED_CREDENTIAL = "MALFORMED_CREDENTIAL"  # an authorization header that is not "Bearer <token>"
    INVALID_CREDENTIAL = "INVALID_CREDENTIAL"
    WRONG_SEAT = "WRONG_SEAT"
    # Logins from the frontend's identity provider.
    TOKEN_EXPIRED = "TOKEN_EXPIRED"
    TOKEN_NOT_YET_VALID = "TOKEN_NOT_YET_VALID"
    TOKEN_INVALID = "TOKEN_INVALID"  # malformed, a bad signature, an algorithm not allowed, a claim missing
    WRONG_AUDIENCE = "WRONG_AUDIENCE"
    WRONG_ISSUER = "WRONG_ISSUER"
    UNKNOWN_KEY = "UNKNOWN_KEY"  # signed with a key id the provider does not publish
    LOGINS_DISABLED = "LOGINS_DISABLED"  # a JWT sent to a server with no identity provider configured
    LOGIN_REQUIRED = "LOGIN_REQUIRED"  # a rated table's seat, "my games", "my profile"
    IDENTITY_PROVIDER_UNAVAILABLE = "IDENTITY_PROVIDER_UNAVAILABLE"
    ALREADY_SEATED = "ALREADY_SEATED"  # the player holds another seat of this game
    # What is there to ask about.
    GAME_NOT_FOUND = "GAME_NOT_FOUND"
    ALREADY_EXISTS = "ALREADY_EXISTS"
    VERSION_CONFLICT = "VERSION_CONFLICT"
    VERSION_OUT_OF_RANGE = "VERSION_OUT_OF_RANGE"
    DEAL_OUT_OF_RANGE = "DEAL_OUT_OF_RANGE"
    TRICK_OUT_OF_RANGE = "TRICK_OUT_OF_RANGE"
    FAILED_PRECONDITION = "FAILED_PRECONDITION"
    DEAL_IN_PROGRESS = "DEAL_IN_PROGRESS"
    DEAL_NOT_PLAYED = "DEAL_NOT_PLAYED"
    DEAL_HIDDEN = "DEAL_HIDDEN"  # its cards are shown once the match is over (the creator gave the seed)
    HINTS_DISABLED = "HINTS_DISABLED"  # a rated match: no hints while it is played
    RATED_MATCH_IN_PROGRESS = "RATED_MATCH_IN_PROGRESS"  # its deals are analysed once the match is over
    PLAYER_NOT_FOUND = "PLAYER_NOT_FOUND"
    EVENT_NOT_FOUND = "EVENT_NOT_FOUND"
    EVENT_IN_PROGRESS = "EVENT_IN_PROGRESS"  # an event's table is shown to others once the event is over
    DEAL_NOT_FINISHED = "DEAL_NOT_FINISHED"  # an event's deal is compared once the caller's table has finished it
    EVENT_TABLE = "EVENT_TABLE"  # an event's table has no rematch
    EVENT_OVER = "EVENT_OVER"  # no table joins an event once every table is over
    EVENT_FULL = "EVENT_FULL"  # an event has its most tables
    # The service's capacity and time.
    SOLVER_BUSY = "SOLVER_BUSY"
    CREATION_RATE_EXCEEDED = "CREATION_RATE_EXCEEDED"  # games created per caller per minute
    OPEN_TABLES_EXCEEDED = "OPEN_TABLES_EXCEEDED"  # tables of one caller waiting for players
    GAMES_IN_PLAY_EXCEEDED = "GAMES_IN_PLAY_EXCEEDED"  # games of one caller not over
    CALLER_SHARE_EXHAUSTED = "CALLER_SHARE_EXHAUSTED"
    CALLER_WAITING_SHARE_EXHAUSTED = "CALLER_WAITING_SHARE_EXHAUSTED"  # hints of one caller waiting their turn
    WAIT_PAST_DEADLINE = "WAIT_PAST_DEADLINE"  # the hints ahead would keep this one past its deadline
    DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
    STORAGE_UNAVAILABLE = "STORAGE_UNAVAILABLE"


class ServiceError(Exception):
    """A rejected request. ``reason`` is a stable UPPER_SNAKE code clients switch on: the
    kind's own, or one given (a rules' reason where the service checks a rule's input)."""

    default_reason: ServiceReason = ServiceReason.FAILED_PRECONDITION

    def __init__(self, message: str, *, reason: ServiceReason | Reason | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.reason: str = (reason or self.default_reason).value
        self.field = field  # the offending request field, for BadRequest details

    def __str__(self) -> str:
        return f"{self.reason}: {self.message}"


class InvalidInput(ServiceError):
    """Malformed request: a missing or ill-formed field."""

    default_reason = ServiceReason.INVALID_ARGUMENT


class GameNotFound(ServiceError):
    default_reason = ServiceReason.GAME_NOT_FOUND


class EventNotFound(ServiceError):
    default_reason = ServiceReason.EVENT_NOT_FOUND


class Unauthenticated(ServiceError):
    """No credential, or one that belongs to no seat of the game."""

    default_reason = ServiceReason.INVALID_CREDENTIAL


class PermissionDenied(ServiceError):
    """A valid credential of another seat."""

    default_reason = ServiceReason.WRONG_SEAT


class VersionConflict(ServiceError):
    """``expected_version`` is stale, or another writer won the race for this version."""

    default_reason = ServiceReason.VERSION_CONFLICT


class AlreadyExists(ServiceError):
    """A game with this id is stored already (a rematch another call created first)."""

    default_reason = ServiceReason.ALREADY_EXISTS


class OutOfRange(ServiceError):
    default_reason = ServiceReason.VERSION_OUT_OF_RANGE


class StorageUnavailable(ServiceError):
    """The database could not commit (busy beyond the timeout, disk error)."""

    default_reason = ServiceReason.STORAGE_UNAVAILABLE


class Unavailable(ServiceError):
    """A service this one depends on does not answer (the identity provider's keys): retry."""

    default_reason = ServiceReason.IDENTITY_PROVIDER_UNAVAILABLE


class FailedPrecondition(ServiceError):
    """The request is well formed but the game is not in a state that allows it."""

    default_reason = ServiceReason.FAILED_PRECONDITION


class SolverBusy(ServiceError):
    """Every solver slot is taken: try again shortly (RESOURCE_EXHAUSTED)."""

    default_reason = ServiceReason.SOLVER_BUSY

    def __init__(self, message: str, *, reason: ServiceReason | None = None, retry_after: float = 1.0) -> None:
        super().__init__(message, reason=reason)
        self.retry_after = retry_after  # seconds a caller waits before trying again (google.rpc.RetryInfo)


class DeadlineExceeded(ServiceError):
    """The call's deadline passed before the solver had its minimum of work done."""

    default_reason = ServiceReason.DEADLINE_EXCEEDED


class QuotaExceeded(ServiceError):
    """A caller's quota is spent (RESOURCE_EXHAUSTED): ``retry_after`` seconds until it may
    try again, if that is known."""

    default_reason = ServiceReason.CREATION_RATE_EXCEEDED

    def __init__(self, message: str, *, reason: ServiceReason, retry_after: float | None = None) -> None:
        super().__init__(message, reason=reason)
        self.retry_after = retry_after

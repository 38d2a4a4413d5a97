"""Why the service rejects a request, independent of gRPC.

The application layer raises these (and the engine's :class:`RuleViolation`); the
interceptor (``interceptor.py``) is the one place that maps them to gRPC status codes and
``google.rpc`` details. Messages never mention a card, a token or a seed.
"""

from __future__ import annotations


class ServiceError(Exception):
    """A rejected request. ``reason`` is a stable UPPER_SNAKE code clients switch on."""

    reason: str = "SERVICE_ERROR"

    def __init__(self, message: str, *, reason: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason
        self.field = field  # the offending request field, for BadRequest details

    def __str__(self) -> str:
        return f"{self.reason}: {self.message}"


class InvalidInput(ServiceError):
    """Malformed request: a missing or ill-formed field."""

    reason = "INVALID_ARGUMENT"


class GameNotFound(ServiceError):
    reason = "GAME_NOT_FOUND"


class Unauthenticated(ServiceError):
    """No credential, or one that belongs to no seat of the game."""

    reason = "INVALID_CREDENTIAL"


class PermissionDenied(ServiceError):
    """A valid credential of another seat."""

    reason = "WRONG_SEAT"


class VersionConflict(ServiceError):
    """``expected_version`` is stale, or another writer won the race for this version."""

    reason = "VERSION_CONFLICT"


class AlreadyExists(ServiceError):
    """A game with this id is stored already (a rematch another call created first)."""

    reason = "ALREADY_EXISTS"


class OutOfRange(ServiceError):
    reason = "VERSION_OUT_OF_RANGE"


class StorageUnavailable(ServiceError):
    """The database could not commit (busy beyond the timeout, disk error)."""

    reason = "STORAGE_UNAVAILABLE"


class FailedPrecondition(ServiceError):
    """The request is well formed but the game is not in a state that allows it."""

    reason = "FAILED_PRECONDITION"


class SolverBusy(ServiceError):
    """Every solver slot is taken: try again shortly (RESOURCE_EXHAUSTED)."""

    reason = "SOLVER_BUSY"


class DeadlineExceeded(ServiceError):
    """The call's deadline passed before the solver had its minimum of work done."""

    reason = "DEADLINE_EXCEEDED"

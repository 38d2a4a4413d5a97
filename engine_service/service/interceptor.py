"""The one place where errors become gRPC statuses, and where each call is logged.

Every domain error (the engine's :class:`RuleViolation`, the service's
:class:`ServiceError`) is turned into its status code with ``google.rpc`` details: an
``ErrorInfo`` (stable reason, domain ``cardgames.v1``) and, for malformed input or a
value out of range, a ``BadRequest`` naming the field (Google's error model gives
INVALID_ARGUMENT and OUT_OF_RANGE that detail). Anything else is a bug: logged with its
traceback, and answered INTERNAL without details.
"""

from __future__ import annotations

import asyncio
import itertools
import time
import traceback
import uuid
from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

import grpc
from google.protobuf.message import DecodeError, Message
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from ..rules import RuleViolation
from . import errors, logs, metrics
from .games import MALFORMED_REASONS
from .logs import get_logger

DOMAIN = "cardgames.v1"

# What the servicers receive and the interceptor wraps, for the type checker.
Context: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"
Handler: TypeAlias = "grpc.RpcMethodHandler[Any, Any]"

_CODES: dict[type[errors.ServiceError], grpc.StatusCode] = {
    errors.InvalidInput: grpc.StatusCode.INVALID_ARGUMENT,
    errors.GameNotFound: grpc.StatusCode.NOT_FOUND,
    errors.EventNotFound: grpc.StatusCode.NOT_FOUND,
    errors.Unauthenticated: grpc.StatusCode.UNAUTHENTICATED,
    errors.PermissionDenied: grpc.StatusCode.PERMISSION_DENIED,
    errors.VersionConflict: grpc.StatusCode.ABORTED,
    errors.AlreadyExists: grpc.StatusCode.ALREADY_EXISTS,
    errors.OutOfRange: grpc.StatusCode.OUT_OF_RANGE,
    errors.StorageUnavailable: grpc.StatusCode.UNAVAILABLE,
    errors.Unavailable: grpc.StatusCode.UNAVAILABLE,
    errors.FailedPrecondition: grpc.StatusCode.FAILED_PRECONDITION,
    errors.SolverBusy: grpc.StatusCode.RESOURCE_EXHAUSTED,
    errors.QuotaExceeded: grpc.StatusCode.RESOURCE_EXHAUSTED,
    errors.DeadlineExceeded: grpc.StatusCode.DEADLINE_EXCEEDED,
}

# The codes whose status names the field at fault (a google.rpc.BadRequest).
_FIELD_CODES = (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.OUT_OF_RANGE)


def status_for(error: BaseException) -> tuple[grpc.StatusCode, str, str, str | None] | None:
    """(code, reason, message, field) for a domain error; None for anything else."""
    if isinstance(error, RuleViolation):
        malformed = error.reason in MALFORMED_REASONS
        code = grpc.StatusCode.INVALID_ARGUMENT if malformed else grpc.StatusCode.FAILED_PRECONDITION
        field = (error.field or "move") if malformed else None
        return code, error.reason.value, error.message, field
    if isinstance(error, errors.ServiceError):
        for kind, code in _CODES.items():
            if isinstance(error, kind):
                field = error.field if code in _FIELD_CODES else None
                return code, error.reason, error.message, field
    return None


def bounded(message: str) -> str:
    """A status message cut to MAX_MESSAGE characters."""
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


def status_detail(code: grpc.StatusCode, reason: str, message: str, field: str | None,
                  retry_after: float | None = None) -> status_pb2.Status:
    """The ``google.rpc.Status`` of an error: its ``ErrorInfo``, a ``BadRequest`` naming
    ``field``, and a ``RetryInfo`` when the caller may try again after ``retry_after`` seconds."""
    message = bounded(message)
    detail = status_pb2.Status(code=code.value[0], message=message)
    detail.details.add().Pack(error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN))
    if field is not None:
        violation = error_details_pb2.BadRequest.FieldViolation(field=field, description=message, reason=reason)
        detail.details.add().Pack(error_details_pb2.BadRequest(field_violations=[violation]))
    if retry_after is not None:
        retry = error_details_pb2.RetryInfo()
        retry.retry_delay.FromNanoseconds(max(0, round(retry_after * 1e9)))
        detail.details.add().Pack(retry)
    return detail


# The detail messages an error's status carries (status_detail): what readers unpack them to.
DETAIL_TYPES: tuple[type[Message], ...] = (error_details_pb2.ErrorInfo, error_details_pb2.BadRequest,
                                           error_details_pb2.RetryInfo)


def detail_messages(status: status_pb2.Status) -> list[Message]:
    """The status's details unpacked (an unknown kind stays packed in its ``Any``)."""
    found: list[Message] = []
    for item in status.details:
        kind = next((kind for kind in DETAIL_TYPES if item.Is(kind.DESCRIPTOR)), None)
        if kind is None:
            found.append(item)
        else:
            message = kind()
            item.Unpack(message)
            found.append(message)
    return found


def rich_status(code: grpc.StatusCode, reason: str, message: str, field: str | None,
                retry_after: float | None = None) -> grpc.Status:
    return rpc_status.to_status(status_detail(code, reason, message, field, retry_after))


def account(method: str, code: grpc.StatusCode, reason: str | None, started: float, sent: int = 0) -> None:
    """A call's log line and metrics, once it is answered (the request's fields are bound)."""
    latency_ms = round((time.perf_counter() - started) * 1000, 3)
    extra: dict[str, Any] = {"reason": reason} if reason else {}
    if sent:
        extra["messages"] = sent
    logs.access(status=code.name, latency_ms=latency_ms, **extra)
    metrics.RPCS.labels(method=method, status=code.name).inc()
    metrics.RPC_SECONDS.labels(method=method).observe(latency_ms / 1000)


class ServiceInterceptor:
    """Decodes each request, binds the log context, maps domain errors to statuses, logs one line per call.

    It wraps each method handler once, when the service is registered
    (:func:`add_intercepted`), rather than as a ``grpc.aio.ServerInterceptor``: the effect
    is the same, and grpc runs no interceptor lookup per call. The wrapper takes the
    request as bytes and parses it itself, so a request that does not parse is an
    ``INVALID_ARGUMENT`` answer (``MALFORMED_REQUEST``) that is logged like any other call,
    not grpc's bare ``UNKNOWN``. Every answer carries the call's request id in its trailing
    metadata (``x-request-id``), the id its log line has. Health and reflection are not
    wrapped: they are not the service's calls and are never logged.
    """

    def __init__(self) -> None:
        self.log = get_logger()

    def wrap(self, handler: Handler, method: str) -> Handler:
        name = method.rsplit("/", 1)[-1]
        parse = handler.request_deserializer
        assert parse is not None, f"{method}: generated handlers parse their requests"
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self.unary(handler.unary_unary, name, parse), response_serializer=handler.response_serializer
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self.stream(handler.unary_stream, name, parse), response_serializer=handler.response_serializer
            )
        raise TypeError(f"{method}: only unary requests are intercepted")

    def unary(self, behavior: Callable[..., Any], name: str, parse: Callable[[Any], Any]) -> Callable[..., Any]:
        """``behavior`` (a servicer's method) taking its request undecoded (``parse`` decodes it) and wrapped."""
        async def wrapped(raw: bytes, context: Context) -> Any:
            with _CallLog(self.log, name, context) as call:
                try:
                    request = call.parsed(parse, raw)
                    response = await behavior(request, context)
                except Exception as error:
                    await call.fail(error)
                call.succeed()
                return response

        return wrapped

    def stream(self, behavior: Callable[..., Any], name: str, parse: Callable[[Any], Any]) -> Callable[..., Any]:
        async def wrapped(raw: bytes, context: Context) -> Any:
            with _CallLog(self.log, name, context) as call:
                try:
                    request = call.parsed(parse, raw)
                    async for item in behavior(request, context):
                        yield item
                        call.sent += 1
                except Exception as error:
                    await call.fail(error)
                call.succeed()

        return wrapped


_REQUEST_IDS = itertools.count(1)
_PROCESS_TAG = uuid.uuid4().hex[:12]
REQUEST_ID_KEY = "x-request-id"
# The longest request id taken from a caller (longer ones are cut, as every echo is).
MAX_REQUEST_ID = 64
# The longest status message sent: messages quote callers' input only cut short
# (rules.errors.echo), and this bounds whatever else a message holds.
MAX_MESSAGE = 500


def request_id_of(metadata: Any) -> str:
    """The caller's request id (printable, cut short), or a new one."""
    for key, value in metadata:
        if key == REQUEST_ID_KEY and isinstance(value, str) and value.isprintable() and value:
            return value[:MAX_REQUEST_ID]
    return new_request_id()


def new_request_id() -> str:
    """Unique across processes and restarts (random tag) and cheap (a counter, no syscall)."""
    return f"{_PROCESS_TAG}-{next(_REQUEST_IDS):x}"


class _CallLog:
    """One call's log context, its request id, and its final log line."""

    def __init__(self, log: Any, method: str, context: Context) -> None:
        self.log = log
        self.context = context
        self.code = grpc.StatusCode.OK
        self.reason: str | None = None
        self.sent = 0
        self.started = time.perf_counter()
        self.request_id = request_id_of(context.invocation_metadata() or ())
        self.fields: dict[str, Any] = {"request_id": self.request_id, "method": method}

    def __enter__(self) -> _CallLog:
        self._bound = logs.bind_request(self.fields)
        return self

    def parsed(self, parse: Callable[[Any], Any], raw: Any) -> Any:
        """The request message, its ids bound to the log context; undecodable bytes are an error of the caller."""
        try:
            request = parse(raw)
        except DecodeError as error:
            field = getattr(error, "field", None)  # a JSON request's value that does not fit its field, named
            message = f"the request's {field} {getattr(error, 'why', '')}" if field else "the request is not a valid message of this method"
            raise errors.InvalidInput(message, reason=errors.ServiceReason.MALFORMED_REQUEST,
                                      field=field or "request") from None
        # The bound context is this dict: what is added here is on every later log line.
        game_id = getattr(request, "game_id", "")
        if game_id:
            self.fields["game_id"] = game_id[:64]
        seat = _seat_of(request)
        if seat is not None:
            self.fields["seat"] = seat
        return request

    def succeed(self) -> None:
        self.context.set_trailing_metadata(((REQUEST_ID_KEY, self.request_id),))

    async def fail(self, error: Exception) -> None:
        mapped = status_for(error)
        request_id = ((REQUEST_ID_KEY, self.request_id),)
        if mapped is None:  # a bug: log it, answer INTERNAL without any detail of the error
            self.code = grpc.StatusCode.INTERNAL
            # The frames, not the exception's message: a message may hold a card.
            frames = "".join(traceback.format_tb(error.__traceback__))
            self.log.error("unexpected_error", error_type=type(error).__name__, frames=frames)
            await self.context.abort(grpc.StatusCode.INTERNAL,
                                     f"internal error; see the server log for request id {self.request_id}",
                                     request_id)
        self.code, self.reason, message, field = mapped
        status = rich_status(self.code, self.reason, message, field, getattr(error, "retry_after", None))
        await self.context.abort(status.code, status.details, (*status.trailing_metadata, *request_id))

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if isinstance(error, asyncio.CancelledError | GeneratorExit):
            # Cut short: by the call's deadline (the caller is answered DEADLINE_EXCEEDED), or
            # by the caller going away (a stream it dropped).
            left = self.context.time_remaining()
            self.code = grpc.StatusCode.DEADLINE_EXCEEDED if left is not None and left <= 0 else grpc.StatusCode.CANCELLED
        account(self.fields["method"], self.code, self.reason, self.started, self.sent)
        logs.unbind_request(self._bound)


_SEAT_FIELD: dict[type, str] = {}  # request type -> "" (no seat), "required" or "optional"


def _seat_of(request: Any) -> int | None:
    """The request's seat, if it names one (an unset optional seat is a spectator)."""
    kind = _SEAT_FIELD.get(type(request))
    if kind is None:
        field = type(request).DESCRIPTOR.fields_by_name.get("seat")
        kind = "" if field is None else "optional" if field.has_presence else "required"
        _SEAT_FIELD[type(request)] = kind
    if not kind or (kind == "optional" and not request.HasField("seat")):
        return None
    return int(request.seat)


class _Registrar:
    """Stands in for a server to capture the method handlers generated code registers."""

    def __init__(self) -> None:
        self.service = ""
        self.handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}

    def add_generic_rpc_handlers(self, handlers: Any) -> None:
        pass

    def add_registered_method_handlers(self, service: str, handlers: dict[str, grpc.RpcMethodHandler[Any, Any]]) -> None:
        self.service, self.handlers = service, handlers


def service_handlers(add_to_server: Callable[[Any, Any], None], servicer: Any) -> tuple[str, dict[str, Handler]]:
    """The service's full name and its method handlers, as its generated ``add_XxxServicer_to_server`` makes them."""
    registrar = _Registrar()
    add_to_server(servicer, registrar)
    return registrar.service, registrar.handlers


def add_intercepted(server: grpc.aio.Server, service: str, handlers: Mapping[str, Handler],
                    interceptor: ServiceInterceptor) -> None:
    """Registers ``service``'s ``handlers`` (from :func:`service_handlers`) on ``server``, every method wrapped."""
    wrapped = {name: interceptor.wrap(handler, f"/{service}/{name}") for name, handler in handlers.items()}
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service, wrapped),))
    server.add_registered_method_handlers(service, wrapped)  # type: ignore[attr-defined]  # newer than grpc-stubs

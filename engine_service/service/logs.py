"""Structured JSON logs (structlog), one line per event, context bound per request.

What may be bound or logged: request id, method, game id, seat, status code, reason,
latency. Never a card, a move, a token, a seed or an error message (messages may name
the asking seat's own cards).

A request's context is one context variable holding a dict (bound once per call) rather
than one variable per key, the processors are one step, orjson renders the line (several
times faster than the standard json module, and well kept) and lines are buffered: a log
line is written on every RPC, so its cost counts (benchmarks/service_bench.py).
"""

from __future__ import annotations

import atexit
import contextvars
import datetime
import logging
import sys
import traceback
from collections.abc import MutableMapping
from typing import Any, BinaryIO

import orjson
import structlog

# Unset outside a request (a shared mutable default would be one dict for every request).
_request: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("cardgames_request", default=None)


def bind_request(fields: dict[str, Any]) -> contextvars.Token[dict[str, Any] | None]:
    """Binds ``fields`` to every log line emitted while handling this request."""
    return _request.set(fields)


def unbind_request(token: contextvars.Token[dict[str, Any] | None]) -> None:
    try:
        _request.reset(token)
    except ValueError:
        # A stream whose caller went away is closed by the event loop's finalizer, in a
        # context of its own: nothing was bound there, so there is nothing to undo.
        _request.set(None)


class BufferedLogger:
    """Writes each line to a buffered stream, flushed by ``flush`` (a timer, and at exit):
    no system call per line. SIGKILL loses at most the lines of the last flush interval."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream

    def msg(self, message: bytes) -> None:
        self._stream.write(message + b"\n")

    log = debug = info = warn = warning = err = error = critical = exception = fatal = msg

    def flush(self) -> None:
        self._stream.flush()


_OUTPUT: BufferedLogger | None = None
_RENDER: _Render | None = None
_ACCESS_LINES = True  # whether INFO lines are written (the level allows them)


def flush() -> None:
    if _OUTPUT is not None:
        _OUTPUT.flush()


def configure(level: str = "info", stream: BinaryIO | None = None, **static: Any) -> None:
    """``static`` fields go on every line (a worker's pid)."""
    global _OUTPUT, _RENDER, _ACCESS_LINES
    _OUTPUT = BufferedLogger(stream or sys.stderr.buffer)
    _RENDER = _Render(static)
    _ACCESS_LINES = logging.getLevelName(level.upper()) <= logging.INFO
    atexit.register(flush)
    structlog.configure(
        processors=[_RENDER],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=lambda *args: _OUTPUT,
        cache_logger_on_first_use=True,
    )


class _Render:
    """The whole processor chain in one step, as it runs on every RPC: the request's
    context, static fields, level, UTC timestamp, then orjson."""

    def __init__(self, static: dict[str, Any]) -> None:
        self.static = static

    def __call__(self, logger: Any, method: str, event: MutableMapping[str, Any]) -> bytes:
        for key, value in (_request.get() or {}).items():
            event.setdefault(key, value)
        event.update(self.static)
        event["level"] = "warning" if method == "warn" else method
        event["timestamp"] = datetime.datetime.now(datetime.UTC).isoformat()
        return orjson.dumps(event)


def access(**event: Any) -> None:
    """The line logged for every call ("rpc", at INFO): rendered by the same processor as
    every structlog line, without the bound logger's plumbing, as it runs on every RPC."""
    if _ACCESS_LINES and _OUTPUT is not None and _RENDER is not None:
        event["event"] = "rpc"
        _OUTPUT.msg(_RENDER(None, "info", event))


class _Bridge(logging.Handler):
    """A library's standard-library log records as the server's JSON lines: the message cut
    short where the library's messages are known to hold no card (``with_message``)."""

    def __init__(self, event: str, *, with_message: bool = True) -> None:
        super().__init__(logging.WARNING)
        self.event = event
        self.with_message = with_message

    def emit(self, record: logging.LogRecord) -> None:
        # The exception's type and where it was raised, not its message: a message may hold a card.
        error = record.exc_info[1] if record.exc_info else None
        where = traceback.extract_tb(error.__traceback__)[-1] if error is not None and error.__traceback__ else None
        get_logger().warning(self.event, detail=record.getMessage()[:200] if self.with_message else None,
                             logger=record.name, severity=record.levelname.lower(),
                             error_type=type(error).__name__ if error is not None else None,
                             raised_at=f"{where.filename}:{where.lineno}" if where is not None else None)


def bridge(names: tuple[str, ...], event: str) -> None:
    """The warnings of the standard-library loggers ``names`` (a library's own, whose messages
    hold no card) become JSON lines of ``event``, the message cut short, instead of plain text."""
    for name in names:
        logger = logging.getLogger(name)
        logger.handlers, logger.propagate = [_Bridge(event)], False


def bridge_the_rest() -> None:
    """Every other standard-library logger's warnings (asyncio's, grpc's, Python's own
    warnings) as JSON lines of "library_log": who logged, and the exception's type and place,
    but no message (whose words nobody here chose), instead of plain text on stderr."""
    logging.captureWarnings(True)
    root = logging.getLogger()
    root.handlers = [_Bridge("library_log", with_message=False)]
    root.setLevel(logging.WARNING)


def get_logger() -> structlog.typing.FilteringBoundLogger:
    logger: structlog.typing.FilteringBoundLogger = structlog.get_logger("cardgames")
    return logger

"""Structured JSON logs (structlog), one line per event, context bound per request.

What may be bound or logged: request id, method, game id, seat, status code, reason,
latency. Never a card, a move, a token, a seed or an error message (messages may name
the asking seat's own cards).

A request's context is one context variable holding a dict (bound once per call, merged
by a processor) rather than one variable per key: it is set on every RPC, so its cost
counts (benchmarks/service_bench.py). orjson renders the line: it is several times
faster than the standard json module, and well kept.
"""

from __future__ import annotations

import contextvars
import logging
import sys
from typing import Any, BinaryIO, MutableMapping

import orjson
import structlog

_request: contextvars.ContextVar[dict[str, Any]] = contextvars.ContextVar("cardgames_request", default={})


def bind_request(fields: dict[str, Any]) -> contextvars.Token[dict[str, Any]]:
    """Binds ``fields`` to every log line emitted while handling this request."""
    return _request.set(fields)


def unbind_request(token: contextvars.Token[dict[str, Any]]) -> None:
    _request.reset(token)


def merge_request_context(logger: Any, method: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    for key, value in _request.get().items():
        event.setdefault(key, value)
    return event


def configure(level: str = "info", stream: BinaryIO | None = None, **static: Any) -> None:
    """``static`` fields go on every line (a worker's pid)."""

    def add_static(logger: Any, method: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
        event.update(static)
        return event

    structlog.configure(
        processors=[
            *([add_static] if static else []),
            merge_request_context,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.JSONRenderer(serializer=orjson.dumps),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.BytesLoggerFactory(file=stream or sys.stderr.buffer),
        cache_logger_on_first_use=True,
    )


def get_logger() -> structlog.typing.FilteringBoundLogger:
    return structlog.get_logger("cardgames")

"""The one exception of the client library: :class:`CardgamesError`, a failed call with its
status code, the stable ``reason`` and the fields at fault read from the ``google.rpc``
details; :class:`InvalidRequest`, the same for a request the library cannot build."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2

_STATUS_DETAILS_KEY = "grpc-status-details-bin"
_REQUEST_ID_KEY = "x-request-id"


@dataclass(eq=False)
class CardgamesError(Exception):
    """A failed call: its status code and message, and what its ``google.rpc`` details say.

    The details count only when they decode and agree with the transport status (same code,
    same message), as ``google.rpc.Status`` requires. Otherwise, as for an answer without
    details (a proxy or a metadata size limit replaced the status, or the error is the
    channel's own), ``code`` and ``message`` are the transport's, ``reason`` is "" and
    ``fields`` is empty: a caller can always read ``code``.
    """

    code: grpc.StatusCode
    reason: str  # stable UPPER_SNAKE reason from ErrorInfo ("" without trusted details)
    message: str
    fields: tuple[str, ...] = field(default=())  # BadRequest field violations
    request_id: str = ""  # the server's id of the call (its log line has it), "" if it sent none
    retry_after: float | None = None  # seconds to wait before trying again (RetryInfo), None if not said

    def __str__(self) -> str:
        return f"{self.code.name} {self.reason}: {self.message}"

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError) -> CardgamesError:
        code = _call_value(error, "code") or grpc.StatusCode.UNKNOWN
        message = _call_value(error, "details") or ""
        reason, fields, retry_after = "", list[str](), None
        for detail in _status_details(error, code, message):
            try:
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    reason = info.reason
                elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                    bad = error_details_pb2.BadRequest()
                    detail.Unpack(bad)
                    fields.extend(violation.field for violation in bad.field_violations)
                elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
                    retry = error_details_pb2.RetryInfo()
                    detail.Unpack(retry)
                    retry_after = retry.retry_delay.ToNanoseconds() / 1e9
            except DecodeError:
                continue  # one garbled detail does not discredit the status
        request_id = next((str(value) for key, value in _call_value(error, "trailing_metadata") or ()
                           if key == _REQUEST_ID_KEY), "")
        return cls(code, reason, message, tuple(fields), request_id, retry_after)


def _call_value(error: grpc.RpcError, name: str) -> Any:
    """``error.code()``, ``.details()`` or ``.trailing_metadata()``; None for an error that is no call's."""
    method = getattr(error, name, None)
    return method() if callable(method) else None


def _status_details(error: grpc.RpcError, code: grpc.StatusCode, message: str) -> Sequence[any_pb2.Any]:
    """The details of the answer's ``google.rpc.Status``; none unless it decodes and agrees
    with the transport status."""
    for key, value in _call_value(error, "trailing_metadata") or ():
        if key != _STATUS_DETAILS_KEY:
            continue
        try:
            status = status_pb2.Status.FromString(value)
        except (DecodeError, TypeError):  # TypeError: a text value, not bytes
            return ()
        if status.code != code.value[0] or status.message != message:
            return ()
        return list(status.details)
    return ()


class InvalidRequest(CardgamesError, ValueError):
    """A request this library cannot build from what it was given (a move's text that is no
    move, an unknown variant or option): INVALID_ARGUMENT, as the server would answer it,
    raised before anything is sent. Also a ValueError, for callers that caught those."""

    def __init__(self, reason: str, message: str, field: str) -> None:
        super().__init__(grpc.StatusCode.INVALID_ARGUMENT, reason, message, (field,))

"""What an HTTP call must be before the Connect library reads it, and how a refusal is written.

connectrpc answers some malformed requests itself, before any handler runs: a header that
is not UTF-8 (an HTTP 500), a compressed envelope with no encoding (``internal``), a
timeout header quoted back in full. Such answers would have no reason, no log line and an
unbounded echo, so every call is admitted here first: its headers decode and are short,
its timeout headers are well formed, it is not compressed (the page never compresses, and
an uncompressed body cannot be a decompression bomb), its body arrives in time and under
the size limit, and an enveloped body is exactly one message. A refusal is written in the
call's own protocol (Connect unary, Connect streaming or gRPC-Web) with the same
``google.rpc`` details as every other error, and logged and counted as a call.
"""

from __future__ import annotations

import asyncio
import base64
import enum
import re
import struct
from collections.abc import Sequence
from urllib.parse import quote

import grpc
import orjson
from google.protobuf import json_format
from starlette.types import Message, Receive, Send

from . import logs
from .errors import ServiceReason
from .interceptor import MAX_MESSAGE, REQUEST_ID_KEY, account, detail_messages, request_id_of, status_detail

# The largest request body read, as gRPC's own default limit.
MAX_REQUEST_BYTES = 4 * 1024 * 1024
# A request's body must have arrived this long after its headers.
BODY_SECONDS = 30.0
# The protocol's own headers are short: a longer one is refused, never quoted back.
MAX_PROTOCOL_HEADER = 128
PROTOCOL_HEADERS = frozenset({
    b"content-type", b"connect-protocol-version", b"connect-timeout-ms", b"grpc-timeout", b"content-encoding",
    b"connect-content-encoding", b"connect-accept-encoding", b"accept-encoding", b"grpc-encoding",
    b"grpc-accept-encoding", b"x-grpc-web",
})
ENCODING_HEADERS = (b"content-encoding", b"connect-content-encoding", b"grpc-encoding")
_TIMEOUTS = {b"connect-timeout-ms": re.compile(rb"[0-9]{1,10}"), b"grpc-timeout": re.compile(rb"[0-9]{1,8}[HMSmun]")}
_ENVELOPE = struct.Struct(">BI")
_HTTP_STATUS = {grpc.StatusCode.INVALID_ARGUMENT: 400, grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
                grpc.StatusCode.DEADLINE_EXCEEDED: 504, grpc.StatusCode.UNIMPLEMENTED: 501}


class Protocol(enum.Enum):
    CONNECT_UNARY = "connect"
    CONNECT_STREAM = "connect+"
    GRPC_WEB = "grpc-web"
    GRPC = "grpc"  # native gRPC needs HTTP/2 trailers: the gRPC port serves it

    @classmethod
    def of(cls, content_type: str) -> Protocol:
        if content_type.startswith("application/grpc-web"):
            return cls.GRPC_WEB
        if content_type.startswith("application/grpc"):
            return cls.GRPC
        if content_type.startswith("application/connect+"):
            return cls.CONNECT_STREAM
        return cls.CONNECT_UNARY

    @property
    def enveloped(self) -> bool:
        return self in (Protocol.CONNECT_STREAM, Protocol.GRPC_WEB)


class Refused(Exception):
    def __init__(self, code: grpc.StatusCode, reason: ServiceReason, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code, self.reason, self.message, self.field = code, reason.value, message, field


class Gone(Exception):
    """The caller went away before its request was whole: nothing to answer."""


def check_headers(headers: Sequence[tuple[bytes, bytes]]) -> None:
    for name, value in headers:
        try:
            value.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(grpc.StatusCode.INVALID_ARGUMENT, ServiceReason.MALFORMED_REQUEST,
                          "a header is not UTF-8 text", "headers") from None
        if name not in PROTOCOL_HEADERS:
            continue
        shown = name.decode("ascii", "replace")
        if len(value) > MAX_PROTOCOL_HEADER:
            raise Refused(grpc.StatusCode.INVALID_ARGUMENT, ServiceReason.MALFORMED_REQUEST, f"the {shown} header is too long",
                          shown)
        pattern = _TIMEOUTS.get(name)
        if pattern is not None and not pattern.fullmatch(value):
            raise Refused(grpc.StatusCode.INVALID_ARGUMENT, ServiceReason.MALFORMED_REQUEST, f"the {shown} header is malformed",
                          shown)
        if name in ENCODING_HEADERS and value.strip().lower() not in (b"", b"identity"):
            raise Refused(grpc.StatusCode.UNIMPLEMENTED, ServiceReason.UNSUPPORTED_ENCODING,
                          "compressed requests are not accepted: send the body uncompressed")


async def read_body(receive: Receive, enveloped: bool) -> bytes:
    """The whole body, in time and under the limit; an enveloped one holds exactly one message."""
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(BODY_SECONDS):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    raise Gone
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > MAX_REQUEST_BYTES + _ENVELOPE.size:
                    raise Refused(grpc.StatusCode.RESOURCE_EXHAUSTED, ServiceReason.REQUEST_TOO_LARGE,
                                  f"a request is at most {MAX_REQUEST_BYTES} bytes")
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
    except TimeoutError:
        raise Refused(grpc.StatusCode.DEADLINE_EXCEEDED, ServiceReason.REQUEST_TIMEOUT,
                      f"the request's body did not arrive within {BODY_SECONDS:.0f} s") from None
    body = b"".join(chunks)
    if enveloped:
        _check_envelope(body)
    return body


def _check_envelope(body: bytes) -> None:
    if len(body) < _ENVELOPE.size:
        raise Refused(grpc.StatusCode.INVALID_ARGUMENT, ServiceReason.MALFORMED_REQUEST, "the body holds no enveloped message",
                      "request")
    flags, length = _ENVELOPE.unpack_from(body)
    if flags & 0x01:
        raise Refused(grpc.StatusCode.UNIMPLEMENTED, ServiceReason.UNSUPPORTED_ENCODING,
                      "compressed requests are not accepted: send the message uncompressed")
    if flags or length != len(body) - _ENVELOPE.size:
        raise Refused(grpc.StatusCode.INVALID_ARGUMENT, ServiceReason.MALFORMED_REQUEST,
                      "the body is not exactly one enveloped message", "request")


def replayed(body: bytes, receive: Receive) -> Receive:
    """``receive`` with the body already read given back first."""
    pending = [body]

    async def receiving() -> Message:
        if pending:
            return {"type": "http.request", "body": pending.pop(), "more_body": False}
        return await receive()

    return receiving


def with_request_id(scope_headers: list[tuple[bytes, bytes]]) -> tuple[str, list[tuple[bytes, bytes]]]:
    """The call's request id (the caller's, cut short, or a new one) and the headers carrying it."""
    metadata = [(name.decode("latin-1"), value.decode("utf-8", "replace")) for name, value in scope_headers
                if name == REQUEST_ID_KEY.encode()]
    request_id = request_id_of(metadata)
    kept = [(name, value) for name, value in scope_headers if name != REQUEST_ID_KEY.encode()]
    return request_id, [*kept, (REQUEST_ID_KEY.encode(), request_id.encode())]


async def refuse(send: Send, protocol: Protocol, json: bool, refused: Refused, path: str, request_id: str,
                 started: float) -> None:
    """Writes ``refused`` in the call's protocol, then logs and counts it as the method's call."""
    method = path.rsplit("/", 1)[-1][:64]
    bound = logs.bind_request({"request_id": request_id, "method": method})
    try:
        account(method, refused.code, refused.reason, started)
    finally:
        logs.unbind_request(bound)
    detail = status_detail(refused.code, refused.reason, refused.message, refused.field)
    if protocol is Protocol.GRPC_WEB:
        trailers = (f"grpc-status: {refused.code.value[0]}\r\ngrpc-message: {quote(detail.message, safe=' ')}\r\n"
                    f"grpc-status-details-bin: {base64.b64encode(detail.SerializeToString()).decode().rstrip('=')}\r\n")
        content_type = "application/grpc-web+json" if json else "application/grpc-web+proto"
        await _respond(send, 200, content_type, _ENVELOPE.pack(0x80, len(trailers)) + trailers.encode())
        return
    error = {"code": _connect_code(refused.code), "message": detail.message[:MAX_MESSAGE],
             "details": [{"type": item.DESCRIPTOR.full_name,
                          "value": base64.b64encode(item.SerializeToString()).decode().rstrip("="),
                          "debug": json_format.MessageToDict(item)} for item in detail_messages(detail)]}
    if protocol is Protocol.CONNECT_STREAM:
        end = orjson.dumps({"error": error})
        content_type = "application/connect+json" if json else "application/connect+proto"
        await _respond(send, 200, content_type, _ENVELOPE.pack(0x02, len(end)) + end)
        return
    await _respond(send, _HTTP_STATUS.get(refused.code, 400), "application/json", orjson.dumps(error))


def _connect_code(code: grpc.StatusCode) -> str:
    return "canceled" if code is grpc.StatusCode.CANCELLED else code.name.lower()


async def _respond(send: Send, status: int, content_type: str, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", content_type.encode()), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def unsupported(send: Send) -> None:
    """Native gRPC reached the HTTP/1.1 port: it belongs on the gRPC port."""
    await _respond(send, 415, "text/plain", b"native gRPC is served on the gRPC port; here: Connect and gRPC-Web\n")


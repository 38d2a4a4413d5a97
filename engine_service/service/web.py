"""The browser's door: the Connect protocol and gRPC-Web over HTTP/1.1, and the web table's files.

Browsers cannot speak native gRPC (they cannot read HTTP/2 trailers), so the server also
listens on ``--web-address``. `connectrpc`, the Connect project's own Python
implementation (checked against Connect's conformance suite), reads and writes both the
Connect protocol (JSON or binary, unary and server streaming) and gRPC-Web; it was chosen
over a hand-written framing because both protocols have corner cases (envelopes,
end-of-stream errors, timeouts) it already gets right.

Each method is served by the handler the gRPC server runs, wrapped by the same
:class:`~.interceptor.ServiceInterceptor`, so a call over HTTP is validated, logged,
counted and mapped to its status exactly as over gRPC: the adapter here only converts.
The request body reaches the interceptor undecoded, so a body that does not parse is the
same ``INVALID_ARGUMENT`` / ``MALFORMED_REQUEST`` answer, logged like any call. Starlette
serves the static files and answers CORS preflights; uvicorn runs on the gRPC server's own
event loop, so both transports share one process, one store and one set of solver slots.
"""

from __future__ import annotations

import asyncio
import math
import socket
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import grpc
import orjson
import uvicorn
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.protobuf import descriptor_pool, json_format, message_factory
from google.protobuf.message import DecodeError, Message
from google.rpc import status_pb2
from protobuf.wkt import Any as WireAny
from protobuf.wkt import Struct as WireStruct
from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as Message_

from . import json_input, logs
from . import web_admission as admission
from .interceptor import REQUEST_ID_KEY, Handler, ServiceInterceptor, detail_messages

STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"
# Every sentence and name a player reads, one JSON file per language: shipped in the client package.
WORDS_DIR = Path(str(resources.files("cardgames_client.words")))
# Every method's path starts with its package: what does not is a file of the web table.
API_PREFIX = "/cardgames.v1."
# What a page on another origin may send and read (CORS), for the Connect and gRPC-Web clients.
ALLOWED_HEADERS = (
    "authorization", "content-type", "connect-protocol-version", "connect-timeout-ms", "grpc-timeout",
    "x-grpc-web", "x-user-agent", "x-request-id",
)
# The page's own files: revalidated on each load (a new server version shows at once), run
# only from this origin, never sniffed into another type, never framed by another site.
PAGE_HEADERS = (
    (b"cache-control", b"no-cache"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
# The API's answers hold tokens and hidden cards of the caller's own seat: never cached, never sniffed.
API_HEADERS = ((b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff"))
EXPOSED_HEADERS = ("grpc-status", "grpc-message", "grpc-status-details-bin", "x-request-id")
_STATUS_DETAILS_KEY = "grpc-status-details-bin"
# A request's headers, all together, are at most this long (h11's buffer for an incomplete event).
MAX_HEADERS_BYTES = 64 * 1024
# Open HTTP connections at once (watch streams included); more are answered 503.
MAX_CONNECTIONS = 10_000
_CODES: dict[grpc.StatusCode, Code] = {code: Code[code.name] if code.name != "CANCELLED" else Code.CANCELED
                                       for code in grpc.StatusCode if code is not grpc.StatusCode.OK}


class Undecoded:
    """A request body as it came: the interceptor decodes it, so a bad body is logged like any call."""

    __slots__ = ("data", "is_json")

    def __init__(self, data: bytes, is_json: bool) -> None:
        self.data = data
        self.is_json = is_json


class _BinaryCodec:
    def name(self) -> str:
        return "proto"

    def encode(self, message: Message) -> bytes:
        return message.SerializeToString()

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> Undecoded:
        return Undecoded(bytes(data), is_json=False)


class _JsonCodec:
    """The protobuf JSON mapping (lowerCamelCase names, enums by name, 64-bit integers as strings)."""

    def name(self) -> str:
        return "json"

    def encode(self, message: Message) -> bytes:
        return orjson.dumps(json_format.MessageToDict(message))

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> Undecoded:
        return Undecoded(bytes(data), is_json=True)


class BadField(DecodeError):
    """A JSON request holds a value that does not fit its field (``json_input``): the
    field's path as the caller wrote it, cut short, and why."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field} {why}")
        self.field = field
        self.why = why


def _parser(message_class: type[Message]) -> Callable[[Undecoded], Message]:
    """Decodes a body of ``message_class``; what does not parse is a ``DecodeError``, as for gRPC."""

    def parse(body: Undecoded) -> Message:
        if not body.is_json:
            return message_class.FromString(body.data)
        message = message_class()
        try:
            document = orjson.loads(body.data)
            json_input.check_message(document, message_class.DESCRIPTOR)
            json_format.ParseDict(document, message)
        except json_input.BadValue as bad:
            raise BadField(bad.field, bad.why) from None
        except (json_format.ParseError, ValueError, TypeError, RecursionError):
            raise DecodeError("not this method's request in JSON") from None
        return message

    return parse


class HttpContext:
    """What the servicers and the interceptor ask of a call's context, for a Connect or gRPC-Web call."""

    def __init__(self, request: RequestContext[Any, Any]) -> None:
        self.request = request
        remaining = request.timeout_ms
        self._deadline = None if remaining is None else time.monotonic() + remaining / 1000

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return tuple((key.lower(), value) for key, value in self.request.request_headers.allitems())

    def time_remaining(self) -> float | None:
        return None if self._deadline is None else max(0.0, self._deadline - time.monotonic())

    def peer(self) -> str:
        """The caller as gRPC names it (``ipv4:host:port``), so both transports share the analysis slots alike."""
        address = self.request.client_address or ""
        host, _, port = address.rpartition(":")
        if not address:
            return ""
        return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{address}"

    def set_trailing_metadata(self, metadata: Sequence[tuple[str, str | bytes]]) -> None:
        """Nothing to add: the request id, all gRPC puts there, is on every HTTP answer already."""

    async def abort(self, code: grpc.StatusCode, details: str = "",
                    trailing_metadata: Sequence[tuple[str, str | bytes]] = ()) -> None:
        """Raises the call's error as Connect's, with the ``google.rpc`` details gRPC carries in its trailers."""
        found: list[ErrorDetail] = []
        for key, value in trailing_metadata:
            if key == _STATUS_DETAILS_KEY and isinstance(value, bytes):
                status = status_pb2.Status.FromString(value)
                found = [_ReadableDetail(item, message) for item, message in zip(status.details, detail_messages(status))]
        raise ConnectError(_CODES[code], details, found)


class _ReadableDetail(ErrorDetail):
    """A ``google.rpc`` detail as Connect sends it: packed as over gRPC, and in readable JSON
    too (Connect's "debug"), so a page reads the reason without decoding protobuf."""

    def __init__(self, packed: Any, message: Message) -> None:
        super().__init__(WireAny(type_url=packed.type_url, value=packed.value))
        self._readable = WireStruct.from_python(json_format.MessageToDict(message))

    def value(self, *kind: Any) -> Any:
        return super().value(*kind) if kind else self._readable


def _method_info(service: str, method: Any, stream: bool) -> MethodInfo[Any, Any]:
    return MethodInfo(
        name=method.name, service_name=service,
        input=message_factory.GetMessageClass(method.input_type),
        output=message_factory.GetMessageClass(method.output_type),
        idempotency_level=IdempotencyLevel.UNKNOWN,
        stream_type=StreamType.SERVER_STREAM if stream else StreamType.UNARY,
    )


class Draining:
    """Set as the server stops: a stream still open when the grace period ends is told
    UNAVAILABLE (call again, on another replica), as gRPC tells its own, not CANCELED."""

    def __init__(self) -> None:
        self.stopping = False


def _endpoint(service: str, method: Any, handler: Handler, interceptor: ServiceInterceptor,
              draining: Draining) -> Endpoint[Any, Any]:
    """One method over HTTP: its gRPC behaviour, wrapped as over gRPC, called with an :class:`HttpContext`."""
    info = _method_info(service, method, stream=handler.unary_stream is not None)
    parse = _parser(info.input)
    if handler.unary_unary is not None:
        unary = interceptor.unary(handler.unary_unary, method.name, parse)

        async def call(request: Undecoded, context: RequestContext[Any, Any]) -> Message:
            response: Message = await unary(request, HttpContext(context))
            return response

        return Endpoint.unary(info, call)
    assert handler.unary_stream is not None, f"{service}/{method.name}: only unary requests are served"
    stream = interceptor.stream(handler.unary_stream, method.name, parse)

    async def call_stream(request: Undecoded, context: RequestContext[Any, Any]) -> AsyncIterator[Message]:
        try:
            async for response in stream(request, HttpContext(context)):
                yield response
        except asyncio.CancelledError:
            if not draining.stopping:
                raise
            raise ConnectError(Code.UNAVAILABLE, "the server is stopping: call again") from None

    return Endpoint.server_stream(info, call_stream)


def endpoints(services: Sequence[tuple[str, Mapping[str, Handler]]], interceptor: ServiceInterceptor,
              draining: Draining) -> dict[str, Endpoint[Any, Any]]:
    """Every method of ``services`` (full name, gRPC handlers) by its HTTP path, ``/package.Service/Method``."""
    found: dict[str, Endpoint[Any, Any]] = {}
    for service, handlers in services:
        descriptor = descriptor_pool.Default().FindServiceByName(service)
        for method in descriptor.methods:
            found[f"/{service}/{method.name}"] = _endpoint(service, method, handlers[method.name], interceptor,
                                                           draining)
    return found


class _ConnectApplication(ConnectASGIApplication[None]):
    @property
    def path(self) -> str:
        return "/"

    async def _stream_responses(self, endpoint: Any, request_stream: Any, stream: Any, metadata_run: Any,
                                disconnected: Any, send: Any, loop: Any, ctx: Any) -> None:
        # A server stream's headers go at once, not with its first message: a watch resumed at
        # the current version may wait long for one, and its caller must tell an accepted
        # stream from a dead server. (Its errors come in its last envelope all the same.)
        if endpoint.method.stream_type is StreamType.SERVER_STREAM and not send.started:
            await stream.send_headers(send, ctx)
        await super()._stream_responses(endpoint, request_stream, stream, metadata_run, disconnected, send, loop, ctx)


async def _api_call(connect: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
    """Admits the call (web_admission.py), then lets connectrpc serve it; its request id on every answer."""
    started = time.perf_counter()
    request_id, headers = admission.with_request_id(list(scope["headers"]))
    scope = {**scope, "headers": headers}
    send = _with_headers(send, ((REQUEST_ID_KEY.encode(), request_id.encode()),))
    content_type = next((value for name, value in headers if name == b"content-type"), b"").decode("latin-1").lower()
    protocol = admission.Protocol.of(content_type)
    if protocol is admission.Protocol.GRPC:
        await admission.unsupported(send)
        return
    try:
        admission.check_headers(headers)
        if scope["method"] == "POST":
            receive = admission.replayed(await admission.read_body(receive, protocol.enveloped), receive)
    except admission.Gone:
        return
    except admission.Refused as refused:
        await admission.refuse(send, protocol, "json" in content_type, refused, scope["path"], request_id, started)
        return
    await connect(scope, receive, send)


def _with_headers(send: Send, headers: Sequence[tuple[bytes, bytes]]) -> Send:
    async def sending(message: Message_) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *headers]}
        await send(message)

    return sending


def web_application(routes: dict[str, Endpoint[Any, Any]], origins: Sequence[str],
                    static_dir: Path = STATIC_DIR) -> ASGIApp:
    """The methods under their paths, the web table's files everywhere else, CORS for ``origins``."""
    connect = _ConnectApplication(service=None, endpoints=lambda _service: routes,  # type: ignore[arg-type,return-value]  # Endpoint is the union's base
                                  read_max_bytes=admission.MAX_REQUEST_BYTES,
                                  codecs=[_BinaryCodec(), _JsonCodec()], compressions=())
    # In an application of its own: Starlette turns a missing file into a 404 there, not an error.
    files = Starlette(routes=[
        Mount("/words", app=StaticFiles(directory=WORDS_DIR, check_dir=False)),  # the catalogue, the terminal's too
        Mount("/", app=StaticFiles(directory=static_dir, html=True, check_dir=False)),
    ])

    async def route(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await connect(scope, receive, send)
        elif scope["type"] != "http":
            return
        elif scope["path"] in routes:
            await _api_call(connect, scope, receive, _with_headers(send, API_HEADERS))
        elif scope["path"].startswith(API_PREFIX):
            # No such method: connectrpc's plain 404, never a log line or a metric named by the caller.
            await connect(scope, receive, _with_headers(send, API_HEADERS))
        else:
            await files(scope, receive, _with_headers(send, PAGE_HEADERS))

    return CORSMiddleware(route, allow_origins=list(origins), allow_methods=["GET", "POST"],
                          allow_headers=list(ALLOWED_HEADERS), expose_headers=list(EXPOSED_HEADERS), max_age=3600)


def bind(address: str, *, reuse_port: bool) -> socket.socket:
    """A listening socket on ``address`` (host:port, port 0 picks one); shared with other workers if ``reuse_port``."""
    host, _, port = address.rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, int(port)), family=family, reuse_port=reuse_port)


class WebServer:
    """uvicorn serving ``app`` on ``listening`` (from :func:`bind`)."""

    def __init__(self, app: ASGIApp, listening: socket.socket, *, grace: float, draining: Draining) -> None:
        self.socket = listening
        self.draining = draining
        host, port = self.socket.getsockname()[:2]
        self.address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        # uvicorn's own warnings (a malformed HTTP request, a shutdown cut short).
        logs.bridge(("uvicorn", "uvicorn.error"), "web_server")
        # h11, not httptools even where installed: h11 bounds what it buffers of a request's headers.
        # No proxy headers: uvicorn would trust X-Forwarded-For from 127.0.0.1 by default; the
        # caller is named by --trusted-proxies alone, alike for both ports (callers.py).
        config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on", ws="none", http="h11",
                                server_header=False, proxy_headers=False,
                                timeout_graceful_shutdown=max(1, math.ceil(grace)),
                                h11_max_incomplete_event_size=MAX_HEADERS_BYTES, limit_concurrency=MAX_CONNECTIONS)
        config.load()
        self.server = uvicorn.Server(config)
        self.server.lifespan = config.lifespan_class(config)
        self._ticks: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.server.startup(sockets=[self.socket])
        self._ticks = asyncio.get_running_loop().create_task(self.server.main_loop())

    async def stop(self) -> None:
        """Stops accepting, lets open calls finish within the grace period, then ends them."""
        self.draining.stopping = True
        self.server.should_exit = True
        if self._ticks is not None:
            await self._ticks
        await self.server.shutdown(sockets=[self.socket])
        # The streams just cut write their UNAVAILABLE ending before the process goes.
        cut = list(self.server.server_state.tasks)
        if cut:
            await asyncio.wait(cut, timeout=1.0)

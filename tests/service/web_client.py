"""Plain-HTTP callers of the browser API, as a page or curl would call it: Connect (JSON)
and gRPC-Web (binary), written from the protocols' specifications, not from the server."""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2

END_STREAM = 0x02
TRAILERS = 0x80


def as_json(message: Message) -> dict[str, Any]:
    """A request message in the protobuf JSON mapping, as a page builds it."""
    return json_format.MessageToDict(message)


@dataclass
class ConnectError:
    http_status: int
    code: str
    message: str
    reasons: list[str] = field(default_factory=list)
    fields: list[str] = field(default_factory=list)
    retry_after: float | None = None
    headers: dict[str, str] = field(default_factory=dict)


def _error(http_status: int, body: dict[str, Any], headers: dict[str, str]) -> ConnectError:
    error = ConnectError(http_status, body["code"], body.get("message", ""), headers=headers)
    for detail in body.get("details", []):
        value = base64.b64decode(detail["value"] + "=" * (-len(detail["value"]) % 4))
        if detail["type"] == "google.rpc.ErrorInfo":
            error.reasons.append(error_details_pb2.ErrorInfo.FromString(value).reason)
        elif detail["type"] == "google.rpc.BadRequest":
            error.fields += [v.field for v in error_details_pb2.BadRequest.FromString(value).field_violations]
        elif detail["type"] == "google.rpc.RetryInfo":
            error.retry_after = error_details_pb2.RetryInfo.FromString(value).retry_delay.ToNanoseconds() / 1e9
    return error


class Connect:
    """Connect-protocol calls with JSON bodies."""

    def __init__(self, web_address: str) -> None:
        self.base = f"http://{web_address}"
        self.http = httpx.Client(base_url=self.base, timeout=60)

    def close(self) -> None:
        self.http.close()

    def _headers(self, token: str | None, extra: dict[str, str] | None) -> dict[str, str]:
        headers = {"connect-protocol-version": "1"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        return {**headers, **(extra or {})}

    def call(self, path: str, body: dict[str, Any] | bytes, token: str | None = None,
             headers: dict[str, str] | None = None) -> dict[str, Any] | ConnectError:
        """A unary call: its JSON answer, or its error."""
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        response = self.http.post(path, content=content,
                                  headers={"content-type": "application/json", **self._headers(token, headers)})
        if response.status_code != 200:
            return _error(response.status_code, response.json(), dict(response.headers))
        answer: dict[str, Any] = response.json()
        return answer

    def ok(self, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        answer = self.call(path, body, token)
        assert not isinstance(answer, ConnectError), answer
        return answer

    def stream(self, path: str, body: dict[str, Any], token: str | None = None) -> Iterator[dict[str, Any]]:
        """A server-streaming call: each message as it arrives; an error at its end is raised as
        :class:`StreamFailed`."""
        payload = json.dumps(body).encode()
        envelope = struct.pack(">BI", 0, len(payload)) + payload
        with self.http.stream("POST", path, content=envelope,
                              headers={"content-type": "application/connect+json", **self._headers(token, None)}) as response:
            assert response.status_code == 200, response.read()
            buffer = b""
            for chunk in response.iter_bytes():
                buffer += chunk
                while len(buffer) >= 5:
                    flags, length = struct.unpack(">BI", buffer[:5])
                    if len(buffer) < 5 + length:
                        break
                    data, buffer = buffer[5:5 + length], buffer[5 + length:]
                    if flags & END_STREAM:
                        end = json.loads(data)
                        if "error" in end:
                            raise StreamFailed(_error(200, end["error"], dict(response.headers)))
                        return
                    yield json.loads(data)
        raise AssertionError("the stream ended without its end-of-stream message")


class StreamFailed(Exception):
    def __init__(self, error: ConnectError) -> None:
        super().__init__(error.code)
        self.error = error


@dataclass
class GrpcWebAnswer:
    messages: list[bytes]
    trailers: dict[str, str]

    @property
    def status(self) -> int:
        return int(self.trailers.get("grpc-status", "-1"))


def grpc_web(web_address: str, path: str, request: Message | bytes, token: str | None = None) -> GrpcWebAnswer:
    """One gRPC-Web call, read to its trailers: binary for a message, JSON for bytes (its text)."""
    is_json = isinstance(request, bytes)
    payload = request if isinstance(request, bytes) else request.SerializeToString()
    headers = {"content-type": "application/grpc-web+json" if is_json else "application/grpc-web+proto", "x-grpc-web": "1"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    response = httpx.post(f"http://{web_address}{path}", content=struct.pack(">BI", 0, len(payload)) + payload,
                          headers=headers, timeout=60)
    assert response.status_code == 200, response.status_code
    body, messages, trailers = response.content, [], {}
    while body:
        flags, length = struct.unpack(">BI", body[:5])
        data, body = body[5:5 + length], body[5 + length:]
        if flags & TRAILERS:
            for line in data.decode().split("\r\n"):
                if line:
                    key, _, value = line.partition(":")
                    trailers[key.strip().lower()] = value.strip()
        else:
            messages.append(data)
    for key in ("grpc-status", "grpc-message"):  # a call failing at once may answer in headers only
        if key in response.headers and key not in trailers:
            trailers[key] = response.headers[key]
    return GrpcWebAnswer(messages, trailers)

"""The client library's errors when an answer's status details are missing, garbled or
contradict the transport status (as after a proxy or a metadata size limit): always a
CardgamesError with the transport's code and message, never a bare ValueError."""

from __future__ import annotations

import asyncio
import collections
from concurrent import futures

import grpc
import pytest
from cardgames.v1 import game_service_pb2 as api
from cardgames.v1 import game_service_pb2_grpc as api_grpc
from cardgames_client import AsyncClient, CardgamesError, Client
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2

DETAILS_KEY = "grpc-status-details-bin"


class _Status(collections.namedtuple("_Status", ("code", "details", "trailing_metadata")), grpc.Status):
    pass


def _any(message) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(message)
    return packed


def _rich(code: int, message: str, *details: any_pb2.Any) -> bytes:
    return status_pb2.Status(code=code, message=message, details=details).SerializeToString()


INFO = _any(error_details_pb2.ErrorInfo(reason="NOT_YOUR_TURN", domain="cardgames.v1"))
BAD = _any(error_details_pb2.BadRequest(field_violations=[error_details_pb2.BadRequest.FieldViolation(field="seat")]))
GARBLED_INFO = any_pb2.Any(type_url="type.googleapis.com/google.rpc.ErrorInfo", value=b"\x0a\x05ab")
C = grpc.StatusCode
# game_id -> (transport code, transport message, status details bytes or None, what the client must raise)
CASES = {
    "code-mismatch": (C.NOT_FOUND, "game not found", _rich(code_pb2.FAILED_PRECONDITION, "game not found", INFO),
                      (C.NOT_FOUND, "", "game not found", ())),
    "message-mismatch": (C.FAILED_PRECONDITION, "replaced", _rich(code_pb2.FAILED_PRECONDITION, "not your turn", INFO),
                         (C.FAILED_PRECONDITION, "", "replaced", ())),
    "undecodable": (C.UNAVAILABLE, "upstream reset", b"\x12\x05ab", (C.UNAVAILABLE, "", "upstream reset", ())),
    "missing": (C.RESOURCE_EXHAUSTED, "trailers too large", None, (C.RESOURCE_EXHAUSTED, "", "trailers too large", ())),
    "one-detail-garbled": (C.INVALID_ARGUMENT, "bad seat", _rich(code_pb2.INVALID_ARGUMENT, "bad seat", GARBLED_INFO, BAD),
                           (C.INVALID_ARGUMENT, "", "bad seat", ("seat",))),
    "consistent": (C.FAILED_PRECONDITION, "not your turn", _rich(code_pb2.FAILED_PRECONDITION, "not your turn", INFO, BAD),
                   (C.FAILED_PRECONDITION, "NOT_YOUR_TURN", "not your turn", ("seat",))),
}


def _abort(context: grpc.ServicerContext, game_id: str) -> None:
    code, message, details, _ = CASES[game_id]
    context.abort_with_status(_Status(code, message, () if details is None else ((DETAILS_KEY, details),)))


class _Rejecting(api_grpc.GameServiceServicer):
    """Answers GetGame with the case's status, WatchGame with one message and then it."""

    def GetGame(self, request, context):
        _abort(context, request.game_id)

    def WatchGame(self, request, context):
        yield api.WatchGameResponse()
        _abort(context, request.game_id)


@pytest.fixture(scope="module")
def rejecting_server():
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    api_grpc.add_GameServiceServicer_to_server(_Rejecting(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}"
    server.stop(grace=None)


def _seen(error: CardgamesError) -> tuple:
    return error.code, error.reason, error.message, error.fields


@pytest.mark.parametrize("case", list(CASES))
def test_blocking_client_falls_back_to_the_transport_status(rejecting_server, case):
    wanted = CASES[case][3]
    with Client(rejecting_server, timeout=10) as client:
        with pytest.raises(CardgamesError) as unary:
            client.get_game(case)
        assert _seen(unary.value) == wanted
        stream = client.watch(case, timeout=10)
        next(stream)
        with pytest.raises(CardgamesError) as streamed:
            next(stream)
        assert _seen(streamed.value) == wanted


@pytest.mark.parametrize("case", list(CASES))
def test_asyncio_client_falls_back_to_the_transport_status(rejecting_server, case):
    async def scenario() -> tuple[tuple, tuple]:
        async with AsyncClient(rejecting_server, timeout=10) as client:
            with pytest.raises(CardgamesError) as unary:
                await client.get_game(case)
            stream = client.watch(case)
            await anext(stream)
            with pytest.raises(CardgamesError) as streamed:
                await anext(stream)
            return _seen(unary.value), _seen(streamed.value)

    assert asyncio.run(scenario()) == (CASES[case][3],) * 2

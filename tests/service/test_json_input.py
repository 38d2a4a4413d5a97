"""A JSON request is read exactly, over Connect and gRPC-Web alike: a value that does not fit
its field (a typo'd enum name, a number for a message, a string for an object, an enum
number out of range, a fraction for an integer) is INVALID_ARGUMENT naming the field, never
read as the field left unset; nothing is created or changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from cardgames.v1 import analysis_service_pb2, game_service_pb2
from google.protobuf.descriptor import FieldDescriptor
from google.rpc import error_details_pb2, status_pb2

from tests.service.server_process import ServerProcess
from tests.service.web_client import Connect, ConnectError, StreamFailed, grpc_web

GAME = "/cardgames.v1.GameService/"
SERVICES = {"cardgames.v1.GameService": game_service_pb2, "cardgames.v1.AnalysisService": analysis_service_pb2}
HEARTS = {"variant": "VARIANT_HEARTS"}

# Each case the hostile probe found read as a default: (request, the field named).
PROBED = [
    ({**HEARTS, "table": {"clock": {"perMoveMs": "1000", "timeoutPolicy": "TIMEOUT_POLICY_FORFIET"}}},
     "table.clock.timeoutPolicy"),
    ({**HEARTS, "table": {"seats": [{"kind": "SEAT_KIND_BOT", "strength": "BOT_STRENGTH_HINTT"}]}}, "table.seats[0].strength"),
    ({**HEARTS, "table": {"seats": [{"kind": "SEAT_KIND_BOGUS"}]}}, "table.seats[0].kind"),
    ({**HEARTS, "table": {"seats": [{"kind": -9223372036854775809}]}}, "table.seats[0].kind"),
    ({**HEARTS, "table": {"seats": [{"kind": 99}]}}, "table.seats[0].kind"),
    ({**HEARTS, "options": "x"}, "options"),
    ({**HEARTS, "options": []}, "options"),
    ({**HEARTS, "table": "zzz"}, "table"),
    ({"variant": 1.5}, "variant"),
    ({"variant": True}, "variant"),
    ({"variant": "VARIANT_HEARTS", "options": {"hearts": {"common": {"targetScore": 1.5}}}}, "options.hearts.common.targetScore"),
    ({"variant": "VARIANT_HEARTS", "options": {"hearts": {"common": {"targetScore": 2**40}}}}, "options.hearts.common.targetScore"),
]


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory):
    server = ServerProcess(tmp_path_factory.mktemp("json") / "games.db", web=True).start()
    yield server
    server.stop()


@pytest.fixture()
def web(web_server):
    caller = Connect(web_server.web_address)
    yield caller
    caller.close()


def _games(web: Connect) -> int:
    return len(web.ok(GAME + "ListGames", {"pageSize": 1000}).get("games", []))


def _grpc_web_refusal(address: str, path: str, body: dict[str, Any]) -> tuple[int, list[str], list[str]]:
    answer = grpc_web(address, path, json.dumps(body).encode())
    status = status_pb2.Status.FromString(_b64(answer.trailers["grpc-status-details-bin"]))
    reasons, fields = [], []
    for detail in status.details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            reasons.append(info.reason)
        elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            fields += [violation.field for violation in bad.field_violations]
    return answer.status, reasons, fields


def _b64(text: str) -> bytes:
    import base64

    return base64.b64decode(text + "=" * (-len(text) % 4))


@pytest.mark.parametrize(("body", "field"), PROBED)
def test_each_value_the_probe_found_read_as_a_default_is_refused_naming_its_field(web, web_server, body, field):
    before = _games(web)
    answer = web.call(GAME + "CreateGame", body)
    assert isinstance(answer, ConnectError), answer
    assert (answer.code, answer.reasons, answer.fields) == ("invalid_argument", ["MALFORMED_REQUEST"], [field])
    assert _grpc_web_refusal(web_server.web_address, GAME + "CreateGame", body) == (3, ["MALFORMED_REQUEST"], [field])
    assert _games(web) == before


def _wrong_values(field: FieldDescriptor) -> list[object]:
    """Values that do not fit ``field`` in the JSON mapping."""
    if field.is_repeated:
        return ["x", {"not": "a list"}]
    if field.message_type is not None:
        return ["x", 5, []]
    if field.enum_type is not None:
        return ["NOT_A_VALUE", 10_000, 1.5, True]
    if field.type == FieldDescriptor.TYPE_BOOL:
        return ["yes", 1]
    if field.type == FieldDescriptor.TYPE_STRING:
        return [5, {}, True]
    if field.type in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return ["many", {}]
    return [1.5, "x", True, 2**70]  # integers


def _refusal(web: Connect, path: str, body: dict[str, Any], streaming: bool) -> object:
    """(code, reasons, fields) of a refused call, unary or server-streaming; else what came."""
    if not streaming:
        answer = web.call(path, body)
        return (answer.code, answer.reasons, answer.fields) if isinstance(answer, ConnectError) else answer
    try:
        return list(web.stream(path, body))
    except StreamFailed as failed:
        return (failed.error.code, failed.error.reasons, failed.error.fields)


def _mutations() -> list[tuple[str, dict[str, Any], str, bool]]:
    """One wrong value at a time in every field of every request message, one level into its messages."""
    found = []
    for service_name, module in SERVICES.items():
        service = module.DESCRIPTOR.services_by_name[service_name.rsplit(".", 1)[-1]]
        for method in service.methods:
            path = f"/{service_name}/{method.name}"
            for field in method.input_type.fields:
                streaming = method.server_streaming
                for value in _wrong_values(field):
                    found.append((path, {field.json_name: value}, field.json_name, streaming))
                if field.message_type is not None and not field.is_repeated:
                    for inner in field.message_type.fields:
                        for value in _wrong_values(inner)[:1]:
                            found.append((path, {field.json_name: {inner.json_name: value}},
                                          f"{field.json_name}.{inner.json_name}", streaming))
    return found


MUTATIONS = _mutations()


def test_every_field_of_every_request_refuses_a_value_that_does_not_fit_it(web):
    assert len(MUTATIONS) > 200
    before = _games(web)
    wrong = []
    for path, body, field, streaming in MUTATIONS:
        got = _refusal(web, path, body, streaming)
        if got != ("invalid_argument", ["MALFORMED_REQUEST"], [field]):
            wrong.append((path, body, got))
    assert not wrong, wrong[:10]
    assert _games(web) == before

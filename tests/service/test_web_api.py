"""The browser API over plain HTTP: the Connect protocol in JSON and gRPC-Web in binary,
on the web port of a real server, with the same codes and reasons as over gRPC."""

from __future__ import annotations

import base64
import json
import random
import socket
import struct
import threading
import time
from typing import Any

import httpx
import pytest
from cardgames.v1 import analysis_service_pb2, event_service_pb2, game_service_pb2
from cardgames_client import Client, pb, table_options
from google.rpc import error_details_pb2, status_pb2

from tests.service.players import QUICK_OPTIONS
from tests.service.server_process import ServerProcess
from tests.service.web_client import Connect, ConnectError, StreamFailed, as_json, grpc_web

GAME = "/cardgames.v1.GameService/"
ANALYSIS = "/cardgames.v1.AnalysisService/"
SERVICES = (game_service_pb2.DESCRIPTOR.services_by_name["GameService"],
            analysis_service_pb2.DESCRIPTOR.services_by_name["AnalysisService"],
            event_service_pb2.DESCRIPTOR.services_by_name["EventService"])


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory):
    server = ServerProcess(tmp_path_factory.mktemp("web") / "games.db", web=True).start()
    yield server
    server.stop()


@pytest.fixture()
def web(web_server: ServerProcess):
    caller = Connect(web_server.web_address)
    yield caller
    caller.close()


def _create(web: Connect, variant: str, **fields: Any) -> dict[str, Any]:
    return web.ok(GAME + "CreateGame", {"variant": f"VARIANT_{variant.upper()}", **fields})


def _tokens(created: dict[str, Any]) -> dict[int, str]:
    return {credential.get("seat", 0): credential["token"] for credential in created["credentials"]}


def _choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move of the viewing seat, as JSON."""
    selection = view.get("cardSelection", {})
    if selection.get("count"):
        return {"give": {"cards": rng.sample(selection["cards"], selection["count"])}}
    move: dict[str, Any] = rng.choice(view["legalMoves"])
    return move


def test_every_method_of_every_service_is_served(web):
    """An empty request reaches each method's own validation: none is missing (404) or unsupported (415)."""
    for service in SERVICES:
        for method in service.methods:
            path = f"/{service.full_name}/{method.name}"
            if method.server_streaming:
                with pytest.raises(StreamFailed) as failed:
                    list(web.stream(path, {}))
                error = failed.value.error
            else:
                answer = web.call(path, {})
                if not isinstance(answer, ConnectError):
                    assert method.name == "ListGames", path  # the one method an empty request is enough for
                    continue
                error = answer
            assert error.code in ("invalid_argument", "not_found", "unauthenticated"), (path, error)
            assert error.reasons, path
            assert "x-request-id" in error.headers, path


def test_four_seats_play_a_match_over_connect_and_a_spectator_watches_it_to_the_end(web, web_server):
    created = _create(web, "euchre3", seed="7", options=as_json(_quick("euchre3")))
    game_id, tokens = created["gameId"], _tokens(created)
    watched: list[dict[str, Any]] = []
    watcher = threading.Thread(target=lambda: watched.extend(
        Connect(web_server.web_address).stream(GAME + "WatchGame", {"gameId": game_id, "afterVersion": "0"})))
    watcher.start()
    rng = random.Random(3)
    version = 0
    while True:
        table = web.ok(GAME + "GetGame", {"gameId": game_id})["view"]
        if table.get("status") == "GAME_STATUS_FINISHED":
            break
        seat = rng.choice(table["toAct"])
        view = web.ok(GAME + "GetGame", {"gameId": game_id, "seat": seat}, tokens[seat])["view"]
        move = _choice(view, rng)
        assert web.ok(GAME + "ValidateMove", {"gameId": game_id, "seat": seat, "move": move}, tokens[seat]).get("legal")
        answer = web.ok(GAME + "SubmitMove", {"gameId": game_id, "seat": seat, "move": move,
                                              "expectedVersion": str(version)}, tokens[seat])
        version = int(answer["version"])
    watcher.join(timeout=120)
    assert not watcher.is_alive(), "the watch stream did not end with the game"
    assert [int(item["change"]["version"]) for item in watched] == list(range(1, version + 1))
    analysis = web.ok(ANALYSIS + "AnalyzeDeal", {"gameId": game_id, "seat": 1}, tokens[1])  # the last deal's
    assert analysis["analysis"]["play"]


def _quick(variant: str) -> pb.GameOptions:
    from cardgames_client import options

    return options(variant, QUICK_OPTIONS[variant])


def test_errors_carry_the_grpc_codes_and_reasons(web):
    created = _create(web, "hearts", seed="1")
    game_id, tokens = created["gameId"], _tokens(created)
    missing = web.call(GAME + "GetGame", {"gameId": "no-such-game"})
    assert isinstance(missing, ConnectError)
    assert (missing.http_status, missing.code, missing.reasons) == (404, "not_found", ["GAME_NOT_FOUND"])
    anonymous = web.call(GAME + "SubmitMove", {"gameId": game_id, "seat": 0, "move": {"pass": {}}})
    assert isinstance(anonymous, ConnectError) and (anonymous.http_status, anonymous.code) == (401, "unauthenticated")
    wrong = web.call(GAME + "SubmitMove", {"gameId": game_id, "seat": 0, "move": {"play": {"card": "2C"}}}, tokens[0])
    assert isinstance(wrong, ConnectError) and wrong.code == "failed_precondition" and wrong.reasons
    assert web.ok(GAME + "GetGame", {"gameId": game_id}).get("version") is None  # nothing applied: version 0


@pytest.mark.parametrize(("body", "field"), [(b"{", "request"), (b"[]", "request"), (b'{"gameId": 5}', "gameId"),
                                             (b'{"seat": "many"}', "seat"), (b"\xff\xfe", "request"), (b"[" * 10_000, "request")])
def test_a_body_that_is_not_the_request_in_json_is_malformed(web, body, field):
    answer = web.call(GAME + "GetGame", body)
    assert isinstance(answer, ConnectError)
    assert (answer.code, answer.reasons, answer.fields) == ("invalid_argument", ["MALFORMED_REQUEST"], [field])


@pytest.mark.parametrize(("body", "field"), [
    ({"variant": "VARIANT_BELOTE", "options": {"belote": {"common": {"targetScor": 501}}}}, "options.belote.common.targetScor"),
    ({"variant": "VARIANT_HEARTS", "sead": "x"}, "sead"),
    ({"variant": "VARIANT_HEARTS", "table": {"seats": [{"kind": "SEAT_KIND_BOT"}, {"knid": "SEAT_KIND_BOT"}]}}, "table.seats[1].knid"),
    ({"variant": "VARIANT_HEARTS", "x" * 500: 1}, "x" * 40 + "..."),
])
def test_a_json_request_with_a_field_its_message_lacks_is_refused_naming_it(web, body, field):
    """A typo must not read as the field left unset (a game to 1000 instead of 501)."""
    listed = len(web.ok(GAME + "ListGames", {"pageSize": 1000}).get("games", []))
    answer = web.call(GAME + "CreateGame", body)
    assert isinstance(answer, ConnectError)
    assert (answer.code, answer.reasons, answer.fields) == ("invalid_argument", ["MALFORMED_REQUEST"], [field])
    assert len(web.ok(GAME + "ListGames", {"pageSize": 1000}).get("games", [])) == listed  # nothing was created


@pytest.mark.parametrize("body", [
    {"variant": "VARIANT_HEARTS", "table": {"clock": {"perMoveMs": "1000", "timeoutPolicy": "TIMEOUT_POLICY_FORFIET"}}},
    {"variant": "VARIANT_HEARTS", "table": {"seats": [{"kind": "SEAT_KIND_BOT", "strength": "BOT_STRENGTH_HINTT"}] * 4}},
    {"variant": "VARIANT_HEARTZ"},
])
def test_a_json_request_with_an_enumeration_name_its_enum_lacks_is_malformed(web, body):
    answer = web.call(GAME + "CreateGame", body)
    assert isinstance(answer, ConnectError)
    assert (answer.code, answer.reasons) == ("invalid_argument", ["MALFORMED_REQUEST"])


def test_every_echo_of_hostile_input_is_cut_short(web):
    answer = web.call(GAME + "CreateGame", {"variant": "VARIANT_HEARTS", "deal": "X" * 100_000})
    assert isinstance(answer, ConnectError) and answer.code == "invalid_argument"
    assert len(answer.message) <= 500


def test_a_body_over_the_limit_is_refused_before_it_is_read(web):
    answer = web.call(GAME + "GetGame", b'{"gameId": "' + b"x" * (5 * 1024 * 1024) + b'"}')
    assert isinstance(answer, ConnectError)
    assert (answer.code, answer.reasons) == ("resource_exhausted", ["REQUEST_TOO_LARGE"])


def _raw_post(web_address: str, path: str, headers: bytes, body: bytes) -> tuple[int, bytes, bytes]:
    """One HTTP/1.1 request written byte for byte (httpx refuses to send a header that is not text)."""
    host, port = web_address.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=60) as connection:
        connection.sendall(b"POST " + path.encode() + b" HTTP/1.1\r\nhost: x\r\nconnection: close\r\n" + headers
                           + b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, rest = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), head, rest


def test_a_header_that_is_not_text_is_a_malformed_request(web_server):
    status, head, body = _raw_post(web_server.web_address, GAME + "GetGame",
                                   b"content-type: application/json\r\nx-note: caf\xe9\r\n", b'{"gameId": "x"}')
    assert status == 400 and b'"invalid_argument"' in body and b"x-request-id" in head


@pytest.mark.parametrize(("headers", "code", "reason"), [
    ({"connect-timeout-ms": "9" * 5000}, "invalid_argument", "MALFORMED_REQUEST"),
    ({"connect-timeout-ms": "-5"}, "invalid_argument", "MALFORMED_REQUEST"),
    ({"connect-protocol-version": "v" * 5000}, "invalid_argument", "MALFORMED_REQUEST"),
    ({"content-encoding": "gzip"}, "unimplemented", "UNSUPPORTED_ENCODING"),
    ({"content-encoding": "br"}, "unimplemented", "UNSUPPORTED_ENCODING"),
])
def test_protocol_headers_are_checked_before_the_call_and_never_quoted_back(web, web_server, headers, code, reason):
    answer = web.call(GAME + "GetGame", {"gameId": "x"}, headers={"x-request-id": f"hdr-{reason}-{len(str(headers))}",
                                                                   **headers})
    assert isinstance(answer, ConnectError) and (answer.code, answer.reasons) == (code, [reason])
    assert len(answer.message) < 200 and "9999" not in answer.message and "vvvv" not in answer.message
    assert answer.headers["x-request-id"] == f"hdr-{reason}-{len(str(headers))}"
    _logged(web_server, answer.headers["x-request-id"])


def _logged(server: ServerProcess, request_id: str) -> dict[str, Any]:
    """The call's log line (lines are written in batches: waits for it)."""
    deadline = time.monotonic() + 60
    while True:
        for record in server.log_records():
            if record.get("request_id") == request_id and record.get("event") == "rpc":
                return record
        assert time.monotonic() < deadline, f"{request_id} was never logged"
        time.sleep(0.05)


@pytest.mark.parametrize(("envelope", "reason"), [
    (b"", "MALFORMED_REQUEST"),
    (struct.pack(">BI", 0, 100) + b"{}", "MALFORMED_REQUEST"),
    (struct.pack(">BI", 0, 2) + b"{}" + struct.pack(">BI", 0, 2) + b"{}", "MALFORMED_REQUEST"),
    (struct.pack(">BI", 1, 2) + b"{}", "UNSUPPORTED_ENCODING"),
    (struct.pack(">BI", 0x80, 2) + b"{}", "MALFORMED_REQUEST"),
])
def test_a_stream_body_must_be_exactly_one_plain_envelope(web_server, envelope, reason):
    connect = httpx.post(f"http://{web_server.web_address}{GAME}WatchGame", content=envelope,
                         headers={"content-type": "application/connect+json"})
    assert connect.status_code == 200
    flags, length = struct.unpack(">BI", connect.content[:5])
    end = json.loads(connect.content[5:5 + length])
    assert flags == 2 and end["error"]["code"] in ("invalid_argument", "unimplemented")
    grpc_web_answer = httpx.post(f"http://{web_server.web_address}{GAME}WatchGame", content=envelope,
                                 headers={"content-type": "application/grpc-web+proto"})
    trailers = grpc_web_answer.content[5:].decode()
    assert grpc_web_answer.content[0] == 0x80 and "grpc-status: " in trailers
    details = next(line for line in trailers.split("\r\n") if line.startswith("grpc-status-details-bin"))
    value = details.split(": ", 1)[1]
    status = status_pb2.Status.FromString(base64.b64decode(value + "=" * (-len(value) % 4)))
    info = error_details_pb2.ErrorInfo()
    status.details[0].Unpack(info)
    assert info.reason == reason and status.code in (3, 12)


def test_a_call_to_no_method_is_a_plain_404_that_names_nothing_in_logs_or_metrics(web, web_server):
    name = "NoSuchMethod" + "x" * 40
    answer = web.http.post(GAME + name, content=b"{}", headers={
        "content-type": "application/json", "connect-timeout-ms": "9" * 500, "x-request-id": "no-method-1"})
    assert answer.status_code == 404
    later = web.call(GAME + "ListGames", {}, headers={"x-request-id": "after-no-method-1"})
    assert not isinstance(later, ConnectError)
    _logged(web_server, "after-no-method-1")  # lines are written in order: the 404's would be there by now
    assert not any(name in line or '"request_id":"no-method-1"' in line for line in web_server.logs)


def test_native_grpc_on_the_web_port_is_sent_to_the_grpc_port(web_server):
    answer = httpx.post(f"http://{web_server.web_address}{GAME}GetGame", content=b"\0\0\0\0\0",
                        headers={"content-type": "application/grpc"})
    assert answer.status_code == 415


def test_answers_are_never_cached_and_streams_carry_their_request_id(web):
    created = web.http.post(GAME + "CreateGame", content=b'{"variant": "VARIANT_HEARTS"}',
                            headers={"content-type": "application/json"})
    assert created.headers["cache-control"] == "no-store" and created.headers["x-content-type-options"] == "nosniff"
    payload = json.dumps({"gameId": created.json()["gameId"]}).encode()
    with web.http.stream("POST", GAME + "WatchGame", content=struct.pack(">BI", 0, len(payload)) + payload,
                         headers={"content-type": "application/connect+json", "x-request-id": "stream-1"}) as stream:
        assert stream.headers["x-request-id"] == "stream-1"


def test_a_stopping_server_ends_open_streams_unavailable_as_grpc_does(tmp_path):
    server = ServerProcess(tmp_path / "stop.db", "--grace", "1", web=True).start()
    web = Connect(server.web_address)
    try:
        game_id = web.ok(GAME + "CreateGame", {"variant": "VARIANT_HEARTS"})["gameId"]
        ended: list[BaseException] = []
        opened = threading.Event()

        def watch() -> None:
            try:
                for _ in web.stream(GAME + "WatchGame", {"gameId": game_id}):
                    opened.set()
            except BaseException as error:  # the test reads it
                ended.append(error)

        watcher = threading.Thread(target=watch)
        watcher.start()
        assert opened.wait(60)
        assert server.terminate() == 0
        watcher.join(60)
        assert len(ended) == 1 and isinstance(ended[0], StreamFailed) and ended[0].error.code == "unavailable"
        assert not any("Exception in ASGI" in line for line in server.logs)
    finally:
        web.close()
        server.stop()


def test_an_unknown_method_a_get_and_a_wrong_content_type_are_plain_http_errors(web):
    unknown = web.http.post(GAME + "NoSuchMethod", content=b"{}", headers={"content-type": "application/json"})
    wrong_type = web.http.post(GAME + "GetGame", content=b"{}", headers={"content-type": "text/plain"})
    get = web.http.get(GAME + "GetGame")
    assert (unknown.status_code, wrong_type.status_code, get.status_code) == (404, 415, 405)
    assert "application/json" in wrong_type.headers["accept-post"] and get.headers["allow"] == "POST"
    assert unknown.content == wrong_type.content == get.content == b""  # as docs/api.md says


def test_hints_answer_over_connect(web):
    created = _create(web, "euchre3", seed="11")
    game_id, tokens = created["gameId"], _tokens(created)
    seat = created["view"]["toAct"][0]
    hint = web.ok(GAME + "GetHint", {"gameId": game_id, "seat": seat, "budgetMs": 100, "seed": "1"}, tokens[seat])["hint"]
    assert hint["options"] and all("move" in option for option in hint["options"])


def test_a_call_is_logged_with_its_request_id_and_no_token(web, web_server):
    created = _create(web, "hearts", seed="5")
    tokens = _tokens(created)
    answer = web.call(GAME + "GetGame", {"gameId": created["gameId"], "seat": 1}, tokens[1],
                      headers={"x-request-id": "web-call-1"})
    assert not isinstance(answer, ConnectError)
    deadline = time.monotonic() + 60
    while not any(r.get("request_id") == "web-call-1" for r in web_server.log_records()):
        assert time.monotonic() < deadline, "the call was never logged"
        time.sleep(0.05)
    line = next(r for r in web_server.log_records() if r.get("request_id") == "web-call-1")
    assert (line["method"], line["status"], line["seat"]) == ("GetGame", "OK", 1)
    logged = "".join(web_server.logs)
    assert all(token not in logged for token in tokens.values())


def test_grpc_web_calls_and_streams_in_binary(web, web_server):
    created = _create(web, "belote", seed="3")
    game_id, tokens = created["gameId"], _tokens(created)
    answer = grpc_web(web_server.web_address, GAME + "GetGame",
                      game_service_pb2.GetGameRequest(game_id=game_id, seat=0), tokens[0])
    assert answer.status == 0 and len(answer.messages) == 1
    view = game_service_pb2.GetGameResponse.FromString(answer.messages[0]).view
    assert len(view.hand) == 5 and view.game_id == game_id  # belote deals five before the bid
    missing = grpc_web(web_server.web_address, GAME + "GetGame", game_service_pb2.GetGameRequest(game_id="nope"))
    assert missing.status == 5  # NOT_FOUND
    with Client(web_server.address) as client:  # four bots play a short match by themselves
        bots = client.create_game("euchre3", QUICK_OPTIONS["euchre3"], table=table_options(
            ["bot:random"] * 3, bot_delay_ms=0, deal_pause_ms=0))
        watch = grpc_web(web_server.web_address, GAME + "WatchGame",
                         game_service_pb2.WatchGameRequest(game_id=bots.game_id, after_version=0))
        final = client.get_game(bots.game_id)
    assert watch.status == 0 and final.status == pb.GAME_STATUS_FINISHED
    versions = [game_service_pb2.WatchGameResponse.FromString(item).change.version for item in watch.messages]
    assert versions == list(range(1, final.version + 1))


def test_the_web_table_is_served_at_the_root(web):
    page = web.http.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert web.http.get("/no-such-file.js").status_code == 404


def test_cors_admits_only_the_configured_origins(tmp_path):
    server = ServerProcess(tmp_path / "cors.db", "--web-origins", "https://cards.example", web=True).start()
    try:
        preflight = {"access-control-request-method": "POST",
                     "access-control-request-headers": "authorization,content-type,connect-protocol-version"}
        admitted = httpx.options(f"http://{server.web_address}{GAME}GetGame",
                                 headers={"origin": "https://cards.example", **preflight})
        assert admitted.status_code == 200
        assert admitted.headers["access-control-allow-origin"] == "https://cards.example"
        assert "authorization" in admitted.headers["access-control-allow-headers"].lower()
        refused = httpx.options(f"http://{server.web_address}{GAME}GetGame",
                                headers={"origin": "https://evil.example", **preflight})
        assert "access-control-allow-origin" not in refused.headers
        call = httpx.post(f"http://{server.web_address}{GAME}GetGame", content=b'{"gameId": "x"}',
                          headers={"content-type": "application/json", "origin": "https://evil.example"})
        assert "access-control-allow-origin" not in call.headers
    finally:
        server.stop()


def test_a_refused_web_address_is_a_clean_startup_error(web_server, tmp_path):
    refused = ServerProcess(tmp_path / "second.db", "--web-address", web_server.web_address)
    process = refused.launch().process
    assert process is not None and process.wait(timeout=60) == 1
    assert refused.log_records()[-1]["event"] == "address_unavailable"


def test_the_page_is_served_the_catalogue_of_words_the_terminal_reads(web_server):
    from cardgames_client.words import catalogue

    for language in ("en", "fr"):
        answer = httpx.get(f"http://{web_server.web_address}/words/{language}.json")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json")
        assert answer.json() == catalogue(language)
    for missing in ("/words/de.json", "/words/%2e%2e/__init__.py", "/words/..%2f__init__.py"):
        assert httpx.get(f"http://{web_server.web_address}{missing}").status_code == 404


def test_a_connect_error_gives_every_detail_in_readable_json_too(web_server):
    """A page reads the reason and the field at fault without decoding protobuf (Connect's "debug")."""
    url = f"http://{web_server.web_address}{GAME}"
    refused = httpx.post(url + "CreateGame", json={"variant": "VARIANT_HEARTS", "sead": "x"})  # by the service
    early = httpx.post(url + "GetGame", json={"gameId": "g"}, headers={"connect-timeout-ms": "soon"})  # before the call
    body = b'{"gameId": "none"}'
    streamed = httpx.post(url + "WatchGame", content=struct.pack(">BI", 0, len(body)) + body,
                          headers={"content-type": "application/connect+json"})
    for answer, reason, field in ((refused, "MALFORMED_REQUEST", "sead"), (early, "MALFORMED_REQUEST", "connect-timeout-ms")):
        details = {detail["type"]: detail for detail in answer.json()["details"]}
        assert details["google.rpc.ErrorInfo"]["debug"] == {"reason": reason, "domain": "cardgames.v1"}
        violation = details["google.rpc.BadRequest"]["debug"]["fieldViolations"][0]
        assert (violation["field"], violation["reason"]) == (field, reason)
        packed = error_details_pb2.ErrorInfo.FromString(base64.b64decode(details["google.rpc.ErrorInfo"]["value"] + "=="))
        assert packed.reason == reason  # the same detail, packed as over gRPC
    end = streamed.content[5:]  # the stream's last envelope: {"error": ...}
    (info,) = [detail for detail in json.loads(end)["error"]["details"] if detail["type"] == "google.rpc.ErrorInfo"]
    assert info["debug"]["reason"] == "GAME_NOT_FOUND"


def _envelope(body: dict[str, Any]) -> bytes:
    data = json.dumps(body).encode()
    return struct.pack(">BI", 0, len(data)) + data


def test_a_watch_resumed_at_the_current_version_sends_its_headers_at_once(web, web_server):
    """Its first message may be far off: the headers tell the caller the stream was accepted."""
    created = _create(web, "hearts", seed="headers-at-once")
    body = _envelope({"gameId": created["gameId"], "afterVersion": "0"})
    for content_type in ("application/connect+json", "application/grpc-web+json"):
        headers = {"content-type": content_type, "x-request-id": f"at-once-{content_type}"}
        with httpx.stream("POST", f"http://{web_server.web_address}{GAME}WatchGame", content=body, headers=headers,
                          timeout=httpx.Timeout(30, read=30)) as response:
            assert response.status_code == 200 and response.headers["content-type"] == content_type
            assert response.headers["x-request-id"] == headers["x-request-id"]


def test_a_call_cut_by_its_deadline_is_logged_as_the_caller_was_answered(web, web_server):
    created = _create(web, "hearts", seed="deadline-logged")
    request_id = "deadline-logged-1"
    answer = httpx.post(f"http://{web_server.web_address}{GAME}WatchGame",
                        content=_envelope({"gameId": created["gameId"], "afterVersion": "0"}),
                        headers={"content-type": "application/connect+json", "connect-timeout-ms": "300",
                                 "x-request-id": request_id}, timeout=60)
    end = json.loads(answer.content[5:])
    assert end["error"]["code"] == "deadline_exceeded"
    record = web_server.wait_for_log(lambda line: line.get("request_id") == request_id, timeout=60)
    assert record["status"] == "DEADLINE_EXCEEDED"

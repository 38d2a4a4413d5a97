"""Renders docs/api.md, the API reference, from the comments in proto/cardgames/v1/*.proto.

    .venv/bin/python scripts/gen_api_docs.py [OUTPUT]      (default docs/api.md)

tests/service/test_proto.py fails when the committed reference differs from a fresh one.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import grpc_tools
from google.protobuf import descriptor_pb2
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # engine_service, for the JSON example
PROTO_DIR = ROOT / "proto"
TYPE_NAMES = {
    value: name.removeprefix("TYPE_").lower()
    for name, value in descriptor_pb2.FieldDescriptorProto.Type.items()
}
# Path numbers in SourceCodeInfo (descriptor.proto).
MESSAGE, ENUM, SERVICE = 4, 5, 6
FIELD, VALUE, METHOD = 2, 2, 2


def descriptor_set() -> descriptor_pb2.FileDescriptorSet:
    files = sorted(str(path.relative_to(PROTO_DIR)) for path in (PROTO_DIR / "cardgames").rglob("*.proto"))
    well_known = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "api.pb")
        code = protoc.main(["protoc", f"-I{PROTO_DIR}", f"-I{well_known}", "--include_source_info",
                            f"--descriptor_set_out={out}", *files])
        if code != 0:
            raise SystemExit("protoc failed")
        return descriptor_pb2.FileDescriptorSet.FromString(Path(out).read_bytes())


def comments(file: descriptor_pb2.FileDescriptorProto) -> dict[tuple[int, ...], str]:
    found = {}
    for location in file.source_code_info.location:
        text = (location.leading_comments or location.trailing_comments).strip()
        if text:
            found[tuple(location.path)] = "\n".join(line.strip() for line in text.splitlines())
    return found


def type_of(field: descriptor_pb2.FieldDescriptorProto) -> str:
    name = field.type_name.lstrip(".") if field.type_name else TYPE_NAMES[field.type]
    name = name.removeprefix("cardgames.v1.")
    if field.label == field.LABEL_REPEATED:
        return f"repeated {name}"
    return f"optional {name}" if field.proto3_optional else name


def cell(text: str) -> str:
    return text.replace("\n", " ").replace("|", "\\|")


def _paragraph(text: str | None) -> list[str]:
    return [text, ""] if text else []


JSON_NOTES = """## The messages as JSON

Clients that speak JSON (grpcurl, gateways, browsers) see each message in the proto3 JSON
mapping: field names in lowerCamelCase (`to_act` is `toAct`); enums by name
(`"PHASE_BIDDING"`); `int64` and `uint64` fields as strings (`"version": "1"`), since
JavaScript numbers cannot hold every 64-bit integer; and fields at their zero value (0,
`""`, `false`, an empty list, the first enum value) left out, so a reader takes a missing
field as its zero. An `optional` field is present whenever it is set, zero or not: in the
example below, seat 0's `viewer` is set, though it is 0. The view of seat 0 of a new belote
game (`seed` "api-example"), after its first bid (its `deck`, every card of the deck in
holding order, cut to its first two cards here):
"""


def json_example() -> str:
    """A real view, converted as the server converts it: the example cannot drift from the API."""
    from google.protobuf import json_format

    from engine_service.rules import new_game, parse_move
    from engine_service.service import convert
    from engine_service.tables import Table, TableSpec

    game = new_game("belote", seed="api-example")
    table = Table(game, TableSpec.reserved(game.players), ["hash"] * game.players, 1_800_000_000.0)
    first = table.to_act()[0]
    table.push(first, parse_move("pass", game.deck), 1_800_000_004.0)
    message = convert.game_view("0f8e2d1c4b3a49588c6d7e9f0a1b2c3d", table.view(0, 1_800_000_005.0))
    del message.deck[2:]
    return json_format.MessageToJson(message, indent=2)


HTTP_NOTES = """## Calling over HTTP: Connect and gRPC-Web

Every method is also served on the web address (`--web-address`, default
`127.0.0.1:8080`) in the [Connect protocol](https://connectrpc.com/docs/protocol) (JSON or
binary) and in gRPC-Web, for browsers and for any HTTP client: `POST
/cardgames.v1.<Service>/<Method>`, the token in `authorization: Bearer <token>` as over
gRPC. A unary call in JSON:

```sh
curl -s http://127.0.0.1:8080/cardgames.v1.GameService/CreateGame \\
  -H 'content-type: application/json' -H 'connect-protocol-version: 1' \\
  -d '{"variant": "VARIANT_HEARTS", "seed": "1"}'
```

An error is an HTTP status with the Connect code, the message and the same `google.rpc`
details as over gRPC, the `ErrorInfo` (its `reason`) first: each as base64-encoded protobuf
(`value`) and in readable JSON (`debug`), so a page reads the reason without decoding
protobuf:

```sh
curl -s http://127.0.0.1:8080/cardgames.v1.GameService/GetGame \\
  -H 'content-type: application/json' -d '{"gameId": "none"}'
# HTTP 404: {"code": "not_found", "message": "no game has this id",
#            "details": [{"type": "google.rpc.ErrorInfo", "value": "Cg5HQU1FX05PVF9GT1VORBIMY2FyZGdhbWVzLnYx",
#                         "debug": {"reason": "GAME_NOT_FOUND", "domain": "cardgames.v1"}}]}
```

A JSON request is read strictly: a field its message does not have (`"targetScor"` for
`"targetScore"`) or an enumeration name its enum does not have is `INVALID_ARGUMENT`,
reason `MALFORMED_REQUEST`, the unknown field named in the `BadRequest`, rather than read as
the field left unset.

A request the protocol itself refuses gets a plain HTTP answer with no body, as Connect
specifies: a path that names no method (404), a method other than POST (405, with
`allow: POST`), a content type that is neither JSON nor binary protobuf (415, with
`accept-post`).

A server stream (`WatchGame`, `AnalyzeDeals`) takes `content-type: application/connect+json`
and one enveloped message (a flag byte, 0, then the message's length in four bytes, big
endian); the answer is a sequence of such envelopes, the last one flagged 2 with `{}` or
`{"error": ...}`:

```sh
body='{"gameId": "<game id>"}'
{ printf '\\0\\0\\0\\0'; printf "\\\\x$(printf %02x ${#body})"; printf %s "$body"; } |  # a body under 256 bytes
  curl -sN http://127.0.0.1:8080/cardgames.v1.GameService/WatchGame \\
    -H 'content-type: application/connect+json' --data-binary @-
```

gRPC-Web clients send `content-type: application/grpc-web+proto` (or `+json`). Pages served
from other origins are admitted by `--web-origins` (CORS). Requests are sent uncompressed
(a compressed one is `UNIMPLEMENTED`, reason `UNSUPPORTED_ENCODING`), at most 4 MiB
(`RESOURCE_EXHAUSTED`, `REQUEST_TOO_LARGE`), their body within 30 s of their headers
(`DEADLINE_EXCEEDED`, `REQUEST_TIMEOUT`); a header that is not UTF-8, a malformed timeout
header or a stream body that is not exactly one envelope is `INVALID_ARGUMENT`
(`MALFORMED_REQUEST`). Every answer carries its `x-request-id`, the id of its log line;
answers are never cached (`cache-control: no-store`).
"""


def render(files: descriptor_pb2.FileDescriptorSet) -> str:
    lines = ["# API reference: `cardgames.v1`", "",
             "Generated from the comments of `proto/cardgames/v1/*.proto` by `scripts/gen_api_docs.py`; do not edit.",
             "", JSON_NOTES, "```json", json_example(), "```", "", HTTP_NOTES]
    for file in files.file:
        if not file.name.startswith("cardgames/"):
            continue
        notes = comments(file)
        lines += [f"## `{file.name}`", ""]
        header = notes.get((12,))  # the syntax statement carries the file's opening comment
        if header:
            lines += [header, ""]
        for s_index, service in enumerate(file.service):
            lines += [f"### service `{service.name}`", "", *_paragraph(notes.get((SERVICE, s_index))),
                      "| Method | Request | Response | |", "|---|---|---|---|"]
            for m_index, method in enumerate(service.method):
                response = ("stream " if method.server_streaming else "") + method.output_type.split(".")[-1]
                text = cell(notes.get((SERVICE, s_index, METHOD, m_index), ""))
                lines.append(f"| `{method.name}` | `{method.input_type.split('.')[-1]}` | `{response}` | {text} |")
            lines.append("")
        for e_index, enum in enumerate(file.enum_type):
            lines += [f"### enum `{enum.name}`", "", *_paragraph(notes.get((ENUM, e_index))), "| Value | Number | |",
                      "|---|---|---|"]
            for v_index, value in enumerate(enum.value):
                text = cell(notes.get((ENUM, e_index, VALUE, v_index), ""))
                lines.append(f"| `{value.name}` | {value.number} | {text} |")
            lines.append("")
        for m_index, message in enumerate(file.message_type):
            lines += [f"### message `{message.name}`", "", *_paragraph(notes.get((MESSAGE, m_index)))]
            if message.field:
                lines += ["| Field | Type | |", "|---|---|---|"]
                for f_index, field in enumerate(message.field):
                    text = cell(notes.get((MESSAGE, m_index, FIELD, f_index), ""))
                    if field.HasField("oneof_index") and not field.proto3_optional:
                        text = f"(oneof `{message.oneof_decl[field.oneof_index].name}`) {text}".strip()
                    lines.append(f"| `{field.name}` | `{type_of(field)}` | {text} |")
                lines.append("")
    return "\n".join(line for line in lines).rstrip() + "\n"


def main() -> None:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "api.md"
    output.write_text(render(descriptor_set()))


if __name__ == "__main__":
    main()

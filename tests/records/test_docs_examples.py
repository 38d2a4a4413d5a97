"""The examples of docs/records.md are real: each JSON record and each text form imports,
and both say the same deal with the same result."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cardgames.v1 import record_pb2
from google.protobuf import json_format

from engine_service.records import parse_record, replay
from engine_service.service.convert_records import record_from_message

DOC = (Path(__file__).parents[2] / "docs" / "records.md").read_text()
EXAMPLES = re.findall(r"### (\w+)\n\n```json\n(.*?)\n```\n\n```text\n(.*?)\n```", DOC, re.S)


def test_each_variant_has_its_example():
    assert sorted(variant for variant, _, _ in EXAMPLES) == ["belote", "belote3", "euchre3", "hearts"]


@pytest.mark.parametrize(("variant", "document", "text"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_json_and_the_text_of_an_example_import_to_the_same_deal(variant, document, text):
    message = json_format.Parse(document, record_pb2.GameRecord())
    from_json = replay(record_from_message(message))
    from_text = replay(parse_record(text))
    assert from_json.variant == from_text.variant == variant
    assert [deal.deal for deal in from_json.deals] == [deal.deal for deal in from_text.deals]
    assert [deal.result for deal in from_json.deals] == [deal.result for deal in from_text.deals]
    assert from_json.deals[0].result is not None
    assert list(message.deals[0].result.scores) == list(from_json.deals[0].result.scores)

"""The views the page's Node tests read are what the engine and the server's conversion
make today (regenerate with ``.venv/bin/python -m tests.js.fixtures``)."""

from __future__ import annotations

from tests.js.fixtures import FIXTURES, text


def test_the_node_tests_read_the_views_the_server_sends_today():
    assert FIXTURES.read_text() == text(), "regenerate with .venv/bin/python -m tests.js.fixtures"

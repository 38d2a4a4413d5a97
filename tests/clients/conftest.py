"""A real server process for the terminal client's tests (SQLite in a temporary folder)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.service.server_process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("terminal") / "games.db").start()
    yield process
    process.stop()

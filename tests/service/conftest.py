"""Fixtures for the service tests: a real server process and clients over loopback."""

from __future__ import annotations

import pytest
from cardgames_client import Client

from tests.service.server_process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("db") / "games.db").start()
    yield process
    process.stop()


@pytest.fixture()
def client(server: ServerProcess):
    with Client(server.address) as connected:
        yield connected

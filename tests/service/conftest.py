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


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL server for the whole run (the machine's binaries)."""
    from tests.service.postgres_server import PostgresServer

    server = PostgresServer().start()
    yield server
    server.destroy()


@pytest.fixture()
def postgres_url(postgres, request) -> str:
    """A fresh, empty database of that server for one test."""
    import re

    name = "t_" + re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:40] + f"_{id(request):x}"
    return postgres.fresh_database(name)

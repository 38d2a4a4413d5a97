"""Fixtures for the players' tests: a real identity provider (a JWKS endpoint on a loopback
port), and a real server pointed at it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.players.identity import IdentityProvider
from tests.service.server_process import ServerProcess


@pytest.fixture(scope="module")
def provider() -> Iterator[IdentityProvider]:
    identity = IdentityProvider()
    yield identity
    identity.stop()


@pytest.fixture(scope="module")
def server(provider: IdentityProvider, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("players") / "games.db", *provider.server_args()).start()
    yield process
    process.stop()

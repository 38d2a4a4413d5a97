"""The players' examples of the README and docs/players.md, run against a server pointed at
a real identity provider, with a real login as ``id_token``."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from tests.players.identity import IdentityProvider
from tests.service.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("document", ["README.md", "docs/players.md"])
def test_the_login_examples_run(document, tmp_path, capsys):
    blocks = [block for block in re.findall(r"```python\n(.*?)```", (ROOT / document).read_text(), re.S)
              if "login=id_token" in block]
    assert blocks
    provider = IdentityProvider()
    process = ServerProcess(tmp_path / "games.db", *provider.server_args()).start()
    try:
        for block in blocks:
            code = textwrap.dedent(block).replace("127.0.0.1:50051", process.address)
            exec(compile(code, document, "exec"), {"id_token": provider.token("reader", "Reader")})
    finally:
        process.stop()
        provider.stop()
    if document == "README.md":
        assert capsys.readouterr().out.startswith("Reader ")

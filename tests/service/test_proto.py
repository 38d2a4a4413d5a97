"""The generated API package is exactly what scripts/gen-proto produces from proto/."""

from __future__ import annotations

import filecmp
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_generated_code_is_current(tmp_path):
    subprocess.run([str(ROOT / "scripts" / "gen-proto"), str(tmp_path)], check=True, cwd=ROOT)
    committed = ROOT / "clients" / "python" / "cardgames" / "v1"
    fresh = tmp_path / "cardgames" / "v1"
    names = sorted(path.name for path in fresh.iterdir() if path.is_file())
    assert names == sorted(path.name for path in committed.iterdir() if path.is_file() and path.suffix != ".pyc")
    _, mismatch, errors = filecmp.cmpfiles(committed, fresh, names, shallow=False)
    assert not mismatch and not errors, f"regenerate with scripts/gen-proto: {mismatch or errors}"


def test_api_reference_is_current(tmp_path):
    fresh = tmp_path / "api.md"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_api_docs.py"), str(fresh)], check=True, cwd=ROOT)
    assert fresh.read_text() == (ROOT / "docs" / "api.md").read_text(), "regenerate with scripts/gen_api_docs.py"


def test_api_follows_buf_style():
    """Buf's standard rules, checked on the descriptors: versioned package, one service
    named ...Service, XxxRequest/XxxResponse per method, enum values prefixed with the enum's
    name in UPPER_SNAKE and a *_UNSPECIFIED zero value."""
    import re

    from cardgames.v1 import game_pb2, game_service_pb2

    files = [game_pb2.DESCRIPTOR, game_service_pb2.DESCRIPTOR]
    assert {f.package for f in files} == {"cardgames.v1"}
    services = [s for f in files for s in f.services_by_name.values()]
    assert [s.name for s in services] == ["GameService"]
    for method in services[0].methods:
        assert method.input_type.name == f"{method.name}Request"
        assert method.output_type.name == f"{method.name}Response"
    for file in files:
        for enum in file.enum_types_by_name.values():
            prefix = re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"
            assert enum.values[0].name == f"{prefix}UNSPECIFIED" and enum.values[0].number == 0
            assert all(value.name.startswith(prefix) for value in enum.values)
        for message in file.message_types_by_name.values():
            for field in message.fields:
                assert re.fullmatch(r"[a-z][a-z0-9_]*", field.name), field.full_name

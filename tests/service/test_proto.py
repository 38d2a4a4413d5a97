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

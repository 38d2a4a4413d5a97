"""The generated API package is exactly what scripts/gen-proto produces from proto/."""

from __future__ import annotations

import filecmp
import subprocess
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

"""Installing as a user does: `pip install .` (and `pip install clients/python`) from a clean copy
of the repository into a fresh virtualenv, with build isolation and PyPI as the only index."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Run in the fresh venv from outside the source tree (-I: no cwd, PYTHON* or user site on sys.path).
PROBE = """
import importlib.metadata as metadata, json, sys
import cardgames.v1.game_service_pb2_grpc, cardgames_client
from pathlib import Path
import engine_service
from engine_service.solver import Solver
value = Solver().solve("belote", "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0").value
owned = {str(file) for file in metadata.files("cardgames")}
print(json.dumps({
    "prefix": sys.prefix, "value": value,
    "files": [cardgames_client.__file__, cardgames.v1.game_service_pb2_grpc.__file__],
    "client_owned": "cardgames_client/__init__.py" in owned and "cardgames/v1/game_pb2.py" in owned,
    "web_table": (Path(engine_service.__file__).parent / "web" / "static" / "index.html").is_file()
                 and (Path(cardgames_client.__file__).parent / "words" / "fr.json").is_file(),
    "distributions": sorted(d.metadata["Name"].lower() for d in metadata.distributions()),
}))
"""


def _run(command: list, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{command}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """The tracked files only, links kept as links: what a clean clone holds."""
    copy = tmp_path_factory.mktemp("checkout") / "cardgames"
    names = _run(["git", "ls-files", "-z"], cwd=ROOT).stdout.split("\0")
    for name in filter(None, names):
        source = ROOT / name
        if not source.is_symlink() and not source.exists():
            continue  # deleted in the work tree, not yet in the index
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, copy / name, follow_symlinks=False)
    return copy


@pytest.fixture
def pip_env() -> dict[str, str]:
    # The repository's target dir makes the Rust build incremental; mtimes kept by copy2 let cargo reuse it.
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.setdefault("CARGO_TARGET_DIR", str(ROOT / "target"))
    return env


def _venv(path: Path) -> Path:
    """A virtualenv with nothing but the standard library; this interpreter's pip installs into it
    (--python), which spares each test the install of the bundled pip."""
    _run([sys.executable, "-m", "venv", "--without-pip", path])
    return path / "bin"


def _pip_install(bin_dir: Path, *args, **kwargs) -> None:
    _run([sys.executable, "-m", "pip", "--python", bin_dir / "python", "install", "--quiet", *args], **kwargs)


def test_pip_install_gives_the_server_and_the_client(checkout, pip_env, tmp_path):
    bin_dir = _venv(tmp_path / "venv")
    _pip_install(bin_dir, checkout, cwd=tmp_path, env=pip_env)
    probe = json.loads(_run([bin_dir / "python", "-I", "-c", PROBE], cwd=tmp_path).stdout)
    assert probe["value"] > 0
    assert all(Path(file).is_relative_to(probe["prefix"]) for file in probe["files"]), probe["files"]
    assert probe["client_owned"], "the client's packages must ship in the cardgames wheel"
    # Nothing of that name may come from an index: it would be whoever registered it there.
    assert "cardgames-client" not in probe["distributions"]
    assert "CARDGAMES_" in _run([bin_dir / "cardgames-server", "--help"], cwd=tmp_path).stdout
    assert probe["web_table"], "the web table's files must ship in the wheel"
    assert "join" in _run([bin_dir / "cardgames", "--help"], cwd=tmp_path).stdout


def test_the_client_alone_installs(checkout, pip_env, tmp_path):
    bin_dir = _venv(tmp_path / "venv")
    _pip_install(bin_dir, checkout / "clients" / "python", cwd=tmp_path, env=pip_env)
    _run([bin_dir / "python", "-I", "-c", "import cardgames.v1.game_service_pb2_grpc, cardgames_client"], cwd=tmp_path)
    # The catalogue of words ships with it: the terminal reads every sentence from it.
    words = "from cardgames_client.words import Words; assert Words('fr').reason('NOT_YOUR_TURN').startswith('Ce n')"
    _run([bin_dir / "python", "-I", "-c", words], cwd=tmp_path)
    missing = subprocess.run([bin_dir / "python", "-I", "-c", "import engine_service"], capture_output=True, cwd=tmp_path)
    assert missing.returncode != 0


def test_the_sdist_holds_the_client_as_files(checkout, pip_env, tmp_path):
    bin_dir = _venv(tmp_path / "venv")
    maturin = tomllib.loads((checkout / "pyproject.toml").read_text())["build-system"]["requires"]
    _pip_install(bin_dir, *maturin, cwd=tmp_path, env=pip_env)
    _run([bin_dir / "maturin", "sdist", "--out", tmp_path / "dist"], cwd=checkout, env=pip_env)
    (sdist,) = (tmp_path / "dist").glob("cardgames-*.tar.gz")
    with tarfile.open(sdist) as archive:
        members = {member.name.split("/", 1)[1]: member for member in archive.getmembers() if "/" in member.name}
    for name in ("cardgames/v1/game_pb2.py", "cardgames/v1/game_service_pb2_grpc.py", "cardgames_client/__init__.py",
                 "engine_service/solver.py", "solver_rs/py/Cargo.toml", "cardgames_client/words/en.json"):
        assert name in members and members[name].isfile(), name
    assert not any("__pycache__" in name for name in members)


def test_the_wheel_declares_the_client_dependencies():
    """The client's own dependencies must be the server's too, since its packages ship in that wheel."""
    root = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    client = tomllib.loads((ROOT / "clients" / "python" / "pyproject.toml").read_text())["project"]["dependencies"]
    assert set(client) <= set(root), set(client) - set(root)

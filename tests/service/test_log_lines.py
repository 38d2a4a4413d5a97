"""The server's stderr is JSON lines only: other libraries' warnings (asyncio's, Python's own
warnings) are bridged without their words, which nobody here chose and might hold a card."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

PROGRAM = textwrap.dedent("""
    import asyncio, logging, warnings
    from engine_service.service import logs
    logs.configure("info")
    logs.bridge_the_rest()
    logging.getLogger("asyncio").warning("Task for the QS was destroyed but it is pending")
    warnings.warn("the 7H is deprecated", DeprecationWarning)
    try:
        raise ValueError("the AS")
    except ValueError:
        logging.getLogger("grpc._server").exception("Exception calling application: AS")
    logging.getLogger("some.library").info("below the warning level: not logged")
    logs.flush()
""")


def test_other_libraries_warnings_become_json_lines_without_their_words():
    run = subprocess.run([sys.executable, "-W", "always", "-c", PROGRAM], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stderr.splitlines()
    records = [json.loads(line) for line in lines]  # every line JSON
    assert [(record["event"], record["logger"]) for record in records] == [
        ("library_log", "asyncio"), ("library_log", "py.warnings"), ("library_log", "grpc._server")]
    assert records[2]["error_type"] == "ValueError" and records[2]["raised_at"] == "<string>:9"
    for card in ("QS", "7H", "AS"):
        assert card not in run.stderr

"""The time of a server process under test: a file it reads (CARDGAMES_TEST_CLOCK) and the
test advances, so nothing waits on the real clock."""

from __future__ import annotations

from pathlib import Path

START = 1_800_000_000.0


class FileClock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.now = START
        self.path.write_text(repr(self.now))

    @property
    def env(self) -> dict[str, str]:
        """The environment that gives a server this clock."""
        return {"CARDGAMES_TEST_CLOCK": str(self.path)}

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self.path.write_text(repr(self.now))

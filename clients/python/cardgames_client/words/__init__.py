"""Every sentence and name a player reads, one catalogue per language: the rules' and the
service's refusals (``reason.<REASON>``), cards (``rank.``, ``face.``, ``suit.``, ``mark.``,
``role.``, ``card.name``), moves, outcomes, and each client's own words (the web table's
without a prefix, the terminal's under ``terminal.``).

One JSON file per language (``en.json``, ``fr.json``): the web table fetches the same file
from the server (``/words/<language>.json``) and the terminal reads it here, so both show the
same sentence for the same thing. JSON rather than gettext's ``.po``/``.mo``: a browser
reads it natively, keys name a message rather than its English text, and ``{name}``
placeholders format alike in Python and JavaScript. A sentence about a count has a ``.one``
and an ``.other`` form (``Words.count``), chosen by the language's rule.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT = "en"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The words of ``lang`` (an unknown language: English)."""
    name = lang if lang in LANGUAGES else DEFAULT
    data: dict[str, str] = json.loads(resources.files(__package__).joinpath(f"{name}.json").read_text("utf-8"))
    return data


def fill(template: str, values: dict[str, Any]) -> str:
    """``{name}`` placeholders filled; one nobody filled reads "?" rather than raising."""
    return template.format_map(_Blanks(values))


class Words:
    """One language's words, read under ``namespace`` first (a client's own), then shared;
    a key missing from the language falls back to English, then to the key itself."""

    def __init__(self, lang: str = DEFAULT, namespace: str = "") -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self.prefix = f"{namespace}." if namespace else ""
        self.table = catalogue(self.lang)
        self.english = catalogue(DEFAULT)

    def template(self, key: str) -> str | None:
        for table in (self.table, self.english):
            for name in (self.prefix + key, key) if self.prefix else (key,):
                if name in table:
                    return table[name]
        return None

    def __call__(self, key: str, **values: object) -> str:
        return fill(self.template(key) or key, values)

    def shared(self, key: str, **values: object) -> str:
        """The shared sentence of ``key``, whatever this client's own says."""
        for table in (self.table, self.english):
            if key in table:
                return fill(table[key], values)
        return fill(key, values)

    def about(self, key: str, you: bool, **values: object) -> str:
        """The sentence of ``key`` about the viewer himself ("You play") or another seat."""
        if you and self.template(f"{key}.you") is not None:
            key = f"{key}.you"
        return self(key, **values)

    def count(self, key: str, n: int, **values: object) -> str:
        """The sentence of ``key`` for a count ``n``: its ``.one`` form or its ``.other``
        form, as the language chooses (French says "0 point", English "0 points")."""
        form = "one" if (n in (0, 1) if self.lang == "fr" else n == 1) else "other"
        return self(f"{key}.{form}", n=n, **values)

    def reason(self, reason: str, message: str = "", **values: object) -> str:
        """A refusal in words: the reason's sentence (or, without a reason, the status
        code's), else the server's own message."""
        for key in (f"reason.{reason}", f"code.{reason.lower()}"):
            if reason and self.template(key) is not None:
                return self(key, **values)
        return message or reason or "?"


class _Blanks(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "?"

"""``cardgames``: play the server's trick-taking games at a terminal, join an open seat, or
follow a game as a spectator.

The screen is built on Textual: a maintained terminal UI framework over Rich (colours,
tables, wide characters), with asyncio at its core, so the gRPC stream and the keys share
one loop, and a test pilot (``App.run_test``) that drives the real screen by key presses.

    cardgames play euchre3 --bots hint
    cardgames join 'http://127.0.0.1:8080/#join=<game id>&seat=1&code=<code>'
    cardgames watch <game id>
"""

from __future__ import annotations

from .cli import main

__all__ = ["main"]

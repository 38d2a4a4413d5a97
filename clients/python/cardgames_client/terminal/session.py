"""Getting a seat (or a spectator's place) before the screen opens: a new table against the
server's bots, an open seat taken from a join link, or a game to follow."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from cardgames_client import PLAYERS, Client, table_options

DEFAULT_SERVER = "127.0.0.1:50051"
# Unary calls before the screen opens; a server that does not answer is an error, not a hang.
SETUP_TIMEOUT = 15.0
# Reconnections of the watch stream after the server went away, before giving up.
RETRIES = 5
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,128}")


@dataclass(frozen=True)
class Session:
    """Where the terminal sits: a game, and a seat with its token (None: a spectator)."""

    address: str
    game_id: str
    seat: int | None = None
    token: str | None = None  # "" for a seat held by a login: the login acts for it
    login: str | None = None  # the identity provider's token (docs/players.md), sent with every call

    def come_back(self) -> str:
        """The command that takes this seat again (a player's login needs no token)."""
        command = f"cardgames join {self.game_id} --server {self.address}"
        if self.seat is not None and self.token:
            command += f" --seat {self.seat} --token {self.token}"
        return command + (" --login $CARDGAMES_LOGIN" if self.login else "")


@dataclass(frozen=True)
class JoinLink:
    game_id: str
    seat: int | None = None
    code: str | None = None


def parse_link(text: str, seat: int | None = None) -> JoinLink:
    """A web table's join link, ``http://HOST:PORT/#join=<game_id>&seat=<n>&code=<code>``
    (seat and code optional), or a bare game id. ValueError says what is wrong."""
    text = text.strip()
    if _GAME_ID.fullmatch(text):
        return JoinLink(text, seat)
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.fragment:
        raise ValueError(f"not a join link or a game id: {text[:60]!r}")
    fields = parse_qs(parts.fragment, keep_blank_values=True)
    game = (fields.get("join") or fields.get("game") or [""])[0]
    if not _GAME_ID.fullmatch(game):
        raise ValueError(f"the link names no game (#join=<game id>): {text[:60]!r}")
    seat_text = (fields.get("seat") or [""])[0]
    if seat_text and not seat_text.isdigit():
        raise ValueError(f"the link's seat is not a number: {seat_text[:10]!r}")
    code = (fields.get("code") or [""])[0]
    return JoinLink(game, int(seat_text) if seat_text else None, code or None)


def new_table(address: str, variant: str, bots: str = "hint", *, seed: str | None = None,
              bot_delay_ms: int = 300, deal_pause_ms: int = 10_000, login: str | None = None,
              rated: bool = False) -> Session:
    """A table of ``variant``: the person at seat 0 (reserved, or claimed with ``login``),
    the server's bots elsewhere; ``rated`` (with a login) moves the player's rating."""
    if rated and not login:
        raise ValueError("a rated table needs --login (or $CARDGAMES_LOGIN)")
    seats = ["open" if login else "reserved"] + [f"bot:{bots}"] * (PLAYERS[variant] - 1)
    with Client(address, timeout=SETUP_TIMEOUT, login=login) as client:
        game = client.create_game(variant, seed=seed, table=table_options(
            seats, bot_delay_ms=bot_delay_ms, deal_pause_ms=deal_pause_ms, rated=rated))
        if not login:
            return Session(address, game.game_id, 0, game.tokens[0])
        seat = client.claim_seat(game.game_id, 0)
    return Session(address, game.game_id, seat.seat, seat.token, login)


def join(address: str, link: JoinLink, login: str | None = None, token: str | None = None) -> Session:
    """Claims the link's seat (or the first open one) with its invitation code, if any: for
    the signed-in player when there is a ``login``. With the seat's ``token``, takes back a
    seat held already (the link must name the seat)."""
    if token:
        if link.seat is None:
            raise ValueError("--token takes back a seat: name it (--seat N, or &seat=N in the link)")
        with Client(address, timeout=SETUP_TIMEOUT) as client:
            client.get_game(link.game_id, link.seat, token)  # refused unless the token is the seat's
        return Session(address, link.game_id, link.seat, token, login)
    with Client(address, timeout=SETUP_TIMEOUT, login=login) as client:
        seat = client.claim_seat(link.game_id, link.seat, invitation_code=link.code)
    return Session(address, seat.game_id, seat.seat, seat.token, login)


def spectate(address: str, game_id: str) -> Session:
    """A spectator's place at a game (which must exist)."""
    with Client(address, timeout=SETUP_TIMEOUT) as client:
        client.get_game(game_id)
    return Session(address, game_id)

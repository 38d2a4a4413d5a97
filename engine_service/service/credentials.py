"""Who a call is made by, as far as a game cares: the holder of a seat token, or a player
signed in with the frontend's identity provider (``logins.py``).

A seat keeps its holder as one string (``tables.seats``): a token's hash (64 hex digits),
or ``player:`` and the player's id. A token carries 192 random bits, so a plain SHA-256 is enough to store
it: a slow password hash protects guessable secrets, and these cannot be guessed. The two
forms never meet: a hash is hex digits only, and no token is accepted as a player's.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from ..tables.seats import player_holder
from .logins import Player

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class SeatToken:
    """A seat's secret, as given by CreateGame, ClaimSeat or Rematch."""

    token: str

    @property
    def holder(self) -> str:
        return token_hash(self.token)

    @property
    def given(self) -> str:
        """What the caller is told to keep: the token itself."""
        return self.token


@dataclass(frozen=True)
class Login:
    """A signed-in player: any fresh login of the same player reaches the same seats."""

    player: Player

    @property
    def holder(self) -> str:
        return player_holder(self.player.id)

    @property
    def given(self) -> str:
        """Nothing to keep: the player's next login is the credential."""
        return ""


Credential = SeatToken | Login


def seat_of(credential: Credential, holders: list[str]) -> int | None:
    """The seat ``credential`` holds; compares against every seat, never stopping early."""
    wanted = credential.holder
    found: int | None = None
    for seat, stored in enumerate(holders):
        if hmac.compare_digest(wanted.encode(), stored.encode()):
            found = seat
    return found


__all__ = ["Credential", "Login", "SeatToken", "new_token", "seat_of", "token_hash"]

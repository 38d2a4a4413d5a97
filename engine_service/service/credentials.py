"""Seat credentials: random tokens, stored only as hashes, checked in constant time.

A token carries 192 random bits, so a plain SHA-256 is enough to store it: a slow
password hash protects guessable secrets, and these cannot be guessed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_of(token: str, hashes: list[str]) -> int | None:
    """The seat whose hash matches ``token``; compares against every seat, never stopping early."""
    digest = token_hash(token)
    found: int | None = None
    for seat, stored in enumerate(hashes):
        if hmac.compare_digest(digest, stored):
            found = seat
    return found

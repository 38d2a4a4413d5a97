"""Logins from the frontend's identity provider (OpenID Connect): a call carrying
``Authorization: Bearer <JWT>`` is made by the player the token names.

PyJWT checks the signature and the claims (it is the most used JOSE library in Python,
kept up to date, and typed); this module adds the policy around it: the issuer's keys
(JWKS) are fetched, cached, fetched again when a token names a key id not seen yet (at most
once per ``REFRESH_INTERVAL``, so tokens with made-up key ids cannot hammer the provider)
and once they are an hour old, and the algorithm must be one of the asymmetric ones the key's type allows (never
``none``, never an HMAC secret made of a public key). A player is (issuer, subject); the
service keeps only a digest of the pair as the player's id, and a display name.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import time
import unicodedata
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jwt

from .errors import ServiceReason, Unauthenticated, Unavailable

# The algorithms a key of each type (JWK "kty") may sign with.
ALGORITHMS: dict[str, tuple[str, ...]] = {
    "RSA": ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512"),
    "EC": ("ES256", "ES384", "ES512"),
    "OKP": ("EdDSA",),
}
LEEWAY = 60.0  # seconds of clock skew allowed on exp, nbf and iat
REFRESH_INTERVAL = 30.0  # the least time between two fetches for key ids not seen yet
KEYS_MAX_AGE = 3600.0  # cached keys are fetched again after this long (a removed key stops working)
FETCH_TIMEOUT = 5.0
MAX_JWKS_BYTES = 1 << 20
MAX_NAME = 64


@dataclass(frozen=True)
class LoginSettings:
    issuer: str
    audience: str
    jwks_url: str
    name_claim: str = "name"


@dataclass(frozen=True)
class Player:
    """Who a login names: a stable id (a digest of issuer and subject) and a display name."""

    id: str
    name: str


def player_id(issuer: str, subject: str) -> str:
    digest = hashlib.sha256(f"{issuer}\n{subject}".encode()).digest()[:16]
    return "p" + base64.urlsafe_b64encode(digest).decode().rstrip("=")


def looks_like_jwt(token: str) -> bool:
    """A JWT has three dot-separated parts; a seat token has none."""
    return token.count(".") == 2


def display_name(claims: dict[str, Any], claim: str, fallback: str) -> str:
    """The configured claim (else ``preferred_username``) as printable text of at most MAX_NAME characters."""
    for key in (claim, "preferred_username"):
        value = claims.get(key)
        if isinstance(value, str):
            text = "".join(ch for ch in unicodedata.normalize("NFC", value) if ch.isprintable()).strip()
            if text:
                return text[:MAX_NAME]
    return fallback


Fetch = Callable[[str], bytes]


@dataclass(frozen=True)
class PublicKey:
    """One key of the issuer's set: its type, and the algorithm it names (if it names one)."""

    jwk: jwt.PyJWK
    kty: str
    alg: str | None

    def may_sign_with(self, algorithm: str) -> bool:
        return algorithm in ALGORITHMS.get(self.kty, ()) and self.alg in (None, algorithm)


def fetch_url(url: str) -> bytes:
    """The body of ``url`` (at most MAX_JWKS_BYTES), or OSError."""
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as answer:
        body: bytes = answer.read(MAX_JWKS_BYTES + 1)
    if len(body) > MAX_JWKS_BYTES:
        raise OSError("the key set is larger than 1 MiB")
    return body


class KeySet:
    """The issuer's public keys by key id, fetched when needed and at most once per interval."""

    def __init__(self, url: str, *, fetch: Fetch = fetch_url, clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self._fetch = fetch
        self._clock = clock
        self._keys: dict[str, PublicKey] = {}
        self._fetched_at: float | None = None
        self._missed_at: float | None = None  # the last fetch for a key id not seen yet
        self._failed = False  # the last fetch failed
        self._lock = asyncio.Lock()
        self.fetches = 0

    async def key(self, kid: str) -> PublicKey:
        now = self._clock()
        if self._fetched_at is None or now - self._fetched_at >= KEYS_MAX_AGE:
            await self._refresh()  # the first use, or keys old enough that one may have been withdrawn
        elif kid not in self._keys and (self._missed_at is None or now - self._missed_at >= REFRESH_INTERVAL):
            self._missed_at = now  # a key id not seen yet: maybe a rotation, maybe made up
            await self._refresh()
        if kid in self._keys:
            return self._keys[kid]
        if self._failed:
            raise Unavailable("the identity provider's keys cannot be fetched; retry shortly",
                              reason=ServiceReason.IDENTITY_PROVIDER_UNAVAILABLE)
        raise Unauthenticated("the login is signed with a key the identity provider does not publish",
                              reason=ServiceReason.UNKNOWN_KEY)

    async def _refresh(self) -> None:
        fetched_at = self._fetched_at
        async with self._lock:  # one fetch at a time: the calls that waited for it use its keys
            if self._fetched_at != fetched_at:
                return
            self._fetched_at = self._clock()
            self.fetches += 1
            try:
                body = await asyncio.to_thread(self._fetch, self.url)
                self._keys = _keys_of(json.loads(body))
                self._failed = False
            except (OSError, ValueError, jwt.PyJWKSetError, jwt.PyJWKError):
                self._failed = True  # the keys cached keep working


def _keys_of(document: Any) -> dict[str, PublicKey]:
    """The signing keys of a JWKS document that have a key id and a type we accept."""
    if not isinstance(document, dict) or not isinstance(document.get("keys"), list):
        raise ValueError("not a JWK set")
    keys: dict[str, PublicKey] = {}
    for entry in document["keys"]:
        if not isinstance(entry, dict) or entry.get("kty") not in ALGORITHMS or not isinstance(entry.get("kid"), str):
            continue
        if entry.get("use", "sig") != "sig":
            continue
        try:
            stated = entry.get("alg")
            keys[entry["kid"]] = PublicKey(jwt.PyJWK(entry), entry["kty"], 
                                           None if stated is None else str(stated))
        except (jwt.PyJWKError, jwt.InvalidKeyError, ValueError, TypeError):
            continue  # a key this library cannot read signs nothing we accept
    return keys


class LoginVerifier:
    """Turns a login's JWT into the player it names, or refuses it with a reason."""

    def __init__(self, settings: LoginSettings, *, fetch: Fetch = fetch_url,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.keys = KeySet(settings.jwks_url, fetch=fetch, clock=clock)

    async def player(self, token: str) -> Player:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.DecodeError:
            raise _invalid("the login is not a well-formed JWT") from None
        algorithm, kid = header.get("alg"), header.get("kid")
        if not isinstance(kid, str) or not isinstance(algorithm, str):
            raise _invalid("the login names no key id or no algorithm")
        key = await self.keys.key(kid)
        if not key.may_sign_with(algorithm):  # "none", HS256 with the public key as its secret...
            raise _invalid("the login's algorithm is not one its key may sign with")
        claims = self._claims(token, key.jwk, algorithm)
        subject = claims["sub"]
        if not isinstance(subject, str) or not subject:
            raise _invalid("the login names no subject")
        identity = player_id(self.settings.issuer, subject)
        return Player(identity, display_name(claims, self.settings.name_claim, f"Player {identity[1:7]}"))

    def _claims(self, token: str, key: jwt.PyJWK, algorithm: str) -> dict[str, Any]:
        try:
            claims: dict[str, Any] = jwt.decode(
                token, key.key, algorithms=[algorithm], audience=self.settings.audience, issuer=self.settings.issuer,
                leeway=LEEWAY, options={"require": ["exp", "iss", "aud", "sub"]},
            )
            return claims
        except jwt.ExpiredSignatureError:
            raise Unauthenticated("the login has expired: sign in again", reason=ServiceReason.TOKEN_EXPIRED) from None
        except jwt.ImmatureSignatureError:
            raise Unauthenticated("the login is not valid yet", reason=ServiceReason.TOKEN_NOT_YET_VALID) from None
        except jwt.InvalidAudienceError:
            raise Unauthenticated("the login is for another audience", reason=ServiceReason.WRONG_AUDIENCE) from None
        except jwt.InvalidIssuerError:
            raise Unauthenticated("the login is from another issuer", reason=ServiceReason.WRONG_ISSUER) from None
        except jwt.PyJWTError:
            raise _invalid("the login's signature or claims are not valid") from None


def _invalid(message: str) -> Unauthenticated:
    return Unauthenticated(message, reason=ServiceReason.TOKEN_INVALID)


__all__ = ["LoginSettings", "LoginVerifier", "Player", "looks_like_jwt", "player_id"]

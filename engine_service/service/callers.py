"""Who is calling: the credential a call carries (a seat token, or a player's login), and
the key by which a caller's quotas (the player's, when signed in) and its share of the
analysis slots are counted. That key is the peer's address (without its port); behind a trusted proxy (a reverse proxy or
load balancer named by ``--trusted-proxies``), the address the proxy says it forwards for
(``X-Forwarded-For``: the last address in it that is not a trusted proxy too).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from .credentials import Credential, Login, SeatToken
from .errors import ServiceReason, Unauthenticated
from .logins import LoginVerifier, looks_like_jwt

FORWARDED_FOR = "x-forwarded-for"


def _address(peer: str) -> tuple[str, str]:
    """(kind, host) of a peer as gRPC names it ("ipv4:1.2.3.4:5678", "ipv6:[::1]:5678")."""
    kind, _, rest = peer.partition(":")
    if kind == "ipv4":
        return kind, rest.rsplit(":", 1)[0]
    if kind == "ipv6":
        return kind, rest.rsplit(":", 1)[0].strip("[]")
    return kind, rest


def bearer_token(context: Any) -> str | None:
    """The token of `authorization: Bearer <token>` (the scheme's case aside), if the call
    carries one; a header in another form is refused, naming the mistake, rather than read
    as no token at all."""
    for key, value in context.invocation_metadata() or ():
        if key != "authorization":
            continue
        scheme, _, token = str(value).strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthenticated("the authorization header must be 'Bearer <token>'",
                                  reason=ServiceReason.MALFORMED_CREDENTIAL)
        return token.strip()
    return None


class Callers:
    """Names callers, trusting ``X-Forwarded-For`` from the ``trusted`` proxies only, and
    reads their credentials, verifying logins with ``logins`` (None: logins are refused)."""

    def __init__(self, trusted: Iterable[str] = (), logins: LoginVerifier | None = None) -> None:
        self.trusted = frozenset(address.strip().strip("[]") for address in trusted if address.strip())
        self.logins = logins

    async def credential(self, context: Any) -> Credential | None:
        """The call's credential: a verified login (a JWT), a seat token, or None."""
        token = bearer_token(context)
        if token is None:
            return None
        if not looks_like_jwt(token):
            return SeatToken(token)
        if self.logins is None:
            raise Unauthenticated("this server accepts no logins: send the seat's token",
                                  reason=ServiceReason.LOGINS_DISABLED)
        return Login(await self.logins.player(token))

    async def login(self, context: Any) -> Login:
        """The call's login; refused if it carries none."""
        credential = await self.credential(context)
        if not isinstance(credential, Login):
            raise Unauthenticated("this call needs a login", reason=ServiceReason.LOGIN_REQUIRED)
        return credential

    def of(self, context: Any) -> str:
        """The caller of the call ``context`` is for."""
        kind, host = _address(context.peer() or "")
        if host in self.trusted:
            forwarded = [value for key, value in context.invocation_metadata() or () if key == FORWARDED_FOR]
            hops = [hop.strip().strip("[]") for text in forwarded for hop in str(text).split(",") if hop.strip()]
            for hop in reversed(hops):
                if hop not in self.trusted:
                    return f"{'ipv6' if ':' in hop else 'ipv4'}:{hop[:64]}"
        return f"{kind}:{host}" if host else kind

    def key(self, context: Any) -> str:
        """The caller as the store keeps it with the games it creates: a hash, not its address."""
        return hashlib.sha256(self.of(context).encode()).hexdigest()[:32]

    async def quota_key(self, context: Any) -> str:
        """Whose quotas a creation counts against: the signed-in player's wherever he calls
        from, else the caller's address (``key``)."""
        credential = await self.credential(context)
        if isinstance(credential, Login):
            return hashlib.sha256(credential.holder.encode()).hexdigest()[:32]
        return self.key(context)

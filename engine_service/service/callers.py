"""Who is calling: the key by which a caller's quotas and its share of the analysis slots
are counted. It is the peer's address (without its port); behind a trusted proxy (a
reverse proxy or load balancer named by ``--trusted-proxies``), the address the proxy says it
forwards for (``X-Forwarded-For``: the last address in it that is not a trusted proxy too).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

FORWARDED_FOR = "x-forwarded-for"


def _address(peer: str) -> tuple[str, str]:
    """(kind, host) of a peer as gRPC names it ("ipv4:1.2.3.4:5678", "ipv6:[::1]:5678")."""
    kind, _, rest = peer.partition(":")
    if kind == "ipv4":
        return kind, rest.rsplit(":", 1)[0]
    if kind == "ipv6":
        return kind, rest.rsplit(":", 1)[0].strip("[]")
    return kind, rest


class Callers:
    """Names callers, trusting ``X-Forwarded-For`` from the ``trusted`` proxies only."""

    def __init__(self, trusted: Iterable[str] = ()) -> None:
        self.trusted = frozenset(address.strip().strip("[]") for address in trusted if address.strip())

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

"""Who sits at each seat of a table (docs/tables.md): a human who holds the seat's
token, a seat still open to whoever claims it (or to the holder of an invitation code),
or a bot the server plays."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..rules.errors import Reason, RuleViolation

# A seat's holder is its token's hash, or this mark and the id of the signed-in player who holds it.
PLAYER_MARK = "player:"


@dataclass(frozen=True)
class SeatPlayer:
    """The signed-in player who holds a seat: an id and the display name of the claim."""

    id: str
    name: str


def player_holder(player_id: str) -> str:
    return PLAYER_MARK + player_id


def player_of_holder(holder: str) -> str | None:
    """The player id a seat's holder names, if a player (not a token) holds the seat."""
    return holder[len(PLAYER_MARK):] if holder.startswith(PLAYER_MARK) else None


class SeatKind(str, Enum):
    RESERVED = "reserved"  # its token goes to the game's creator
    OPEN = "open"  # claimed by the first caller (or the invitation code's holder)
    BOT = "bot"  # played by the server


class Strength(str, Enum):
    """How a server bot decides (engine_service/bots)."""

    RANDOM = "random"  # a legal move at random
    GREEDY = "greedy"  # bid with enough trumps, win a trick as cheaply as it can, else play low
    HINT = "hint"  # the top option of the hint engine, within the table's time per bot move


@dataclass(frozen=True)
class SeatSpec:
    kind: SeatKind = SeatKind.RESERVED
    strength: Strength | None = None  # bots only
    # An open seat reserved for the holder of a code: the code's SHA-256 hex (never the code).
    invitation_hash: str | None = None

    def __post_init__(self) -> None:
        if (self.kind is SeatKind.BOT) != (self.strength is not None):
            raise RuleViolation(Reason.INVALID_OPTION, "a bot seat, and only a bot seat, has a strength",
                                field="table.seats.strength")
        if self.invitation_hash is not None and self.kind is not SeatKind.OPEN:
            raise RuleViolation(Reason.INVALID_OPTION, "only an open seat takes an invitation",
                                field="table.seats.invitation")

    @property
    def is_human(self) -> bool:
        return self.kind is not SeatKind.BOT

    @property
    def is_public(self) -> bool:
        """Open to anyone (listed in the lobby), not to an invitation's holder only."""
        return self.kind is SeatKind.OPEN and self.invitation_hash is None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.strength is not None:
            data["strength"] = self.strength.value
        if self.invitation_hash is not None:
            data["invitation_hash"] = self.invitation_hash
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatSpec:
        strength = data.get("strength")
        return cls(SeatKind(data["kind"]), Strength(strength) if strength else None, data.get("invitation_hash"))


__all__ = ["PLAYER_MARK", "SeatKind", "SeatPlayer", "SeatSpec", "Strength", "player_holder", "player_of_holder"]

"""Turn clocks (docs/tables.md "Clocks"): seconds per decision and/or a time bank with an
increment, enforced by the server.

A decision first uses its own ``per_move`` seconds, then the bank (a delay clock, as the
US chess delay): a seat that decides within ``per_move`` keeps its bank whole. After each
decision the bank gains ``increment`` (Fischer). A seat whose time runs out gets the
table's timeout policy: its stand-in bot decides for it, or it forfeits the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..rules.errors import Reason, RuleViolation
from .seats import Strength

MAX_SECONDS = 7 * 24 * 3600.0


class TimeoutPolicy(str, Enum):
    BOT = "bot"  # the seat's stand-in bot decides, and the game goes on
    FORFEIT = "forfeit"  # the seat loses the match


@dataclass(frozen=True)
class ClockSpec:
    per_move: float = 0.0  # seconds of each decision before the bank runs; 0: none
    bank: float = 0.0  # the seat's time bank at the start; 0: no bank
    increment: float = 0.0  # added to the bank after each decision
    policy: TimeoutPolicy = TimeoutPolicy.BOT
    stand_in: Strength = Strength.GREEDY  # who decides for a seat out of time (policy BOT)

    def __post_init__(self) -> None:
        for name in ("per_move", "bank", "increment"):
            value = getattr(self, name)
            if not 0 <= value <= MAX_SECONDS:
                raise RuleViolation(Reason.INVALID_OPTION, f"{name} must be 0..{MAX_SECONDS:.0f} seconds",
                                    field=f"table.clock.{name}_ms")
        if self.increment and not self.bank:
            raise RuleViolation(Reason.INVALID_OPTION, "an increment needs a time bank", field="table.clock.increment_ms")

    @property
    def is_running(self) -> bool:
        """Whether decisions are timed at all."""
        return self.per_move > 0 or self.bank > 0

    def allowance(self, bank_left: float) -> float:
        """Seconds a decision may take from its start, with ``bank_left`` in the bank."""
        return self.per_move + bank_left

    def bank_after(self, bank_left: float, used: float) -> float:
        """The bank after a decision that took ``used`` seconds."""
        if not self.bank:
            return 0.0
        return max(0.0, bank_left - max(0.0, used - self.per_move)) + self.increment

    def to_dict(self) -> dict[str, Any]:
        return {"per_move": self.per_move, "bank": self.bank, "increment": self.increment,
                "policy": self.policy.value, "stand_in": self.stand_in.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockSpec:
        return cls(data["per_move"], data["bank"], data["increment"], TimeoutPolicy(data["policy"]),
                   Strength(data["stand_in"]))


__all__ = ["ClockSpec", "MAX_SECONDS", "TimeoutPolicy"]

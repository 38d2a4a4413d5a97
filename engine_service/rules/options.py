"""Variant options: game parameters, fixed at creation and validated there."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from .errors import InvalidOption, echo


class Announcements(str, Enum):
    """Which announcements score (belote family)."""

    NONE = "none"
    BELOTE = "belote"  # belote-rebelote only
    ALL = "all"  # belote-rebelote and the combinations (tierce ... four jacks)


MAX_DEALS = 100  # the longest match of a fixed number of deals


@dataclass(frozen=True)
class Options:
    target_score: int = 0
    first_dealer: int = 0
    # 0: the match is played to the target score; N: it is exactly N deals (a duplicate
    # event's tables), the best total winning (a tie shares the win) and the target unused.
    deals: int = 0

    allowed_targets: ClassVar[tuple[int, ...] | range] = range(1, 10_001)

    def validate(self, players: int) -> None:
        if not _is_int(self.target_score) or self.target_score not in self.allowed_targets:
            raise InvalidOption("target_score", f"target_score must be one of {_describe(self.allowed_targets)}")
        if not _is_int(self.first_dealer) or not 0 <= self.first_dealer < players:
            raise InvalidOption("first_dealer", f"first_dealer must be a seat, 0..{players - 1}")
        if not _is_int(self.deals) or not 0 <= self.deals <= MAX_DEALS:
            raise InvalidOption("deals", f"deals must be 0..{MAX_DEALS} (0: play to the target score)")

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Options:
        """Builds options from plain values (as received over the API); unknown names are errors."""
        known = {f.name: f for f in dataclasses.fields(cls)}
        converted: dict[str, Any] = {}
        for name, value in values.items():
            if name not in known:
                raise InvalidOption(name, f"{echo(name)} is not an option of this variant")
            if name == "announcements":
                try:
                    value = Announcements(str(value).lower())
                except ValueError:
                    raise InvalidOption(name, "announcements must be none, belote or all") from None
            converted[name] = value
        return cls(**converted)

    def to_dict(self) -> dict[str, Any]:
        """Plain values; ``deals`` only when set (a match to the target keeps its older form)."""
        return {
            f.name: (getattr(self, f.name).value if isinstance(getattr(self, f.name), Enum) else getattr(self, f.name))
            for f in dataclasses.fields(self) if f.name != "deals" or self.deals
        }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _describe(allowed: tuple[int, ...] | range) -> str:
    if isinstance(allowed, range):
        return f"{allowed.start}..{allowed.stop - 1}"
    return ", ".join(str(v) for v in allowed)


@dataclass(frozen=True)
class Euchre3Options(Options):
    target_score: int = 7
    allowed_targets: ClassVar[range] = range(1, 101)


@dataclass(frozen=True)
class HeartsOptions(Options):
    target_score: int = 100
    allowed_targets: ClassVar[range] = range(1, 1001)


@dataclass(frozen=True)
class BeloteFamilyOptions(Options):
    announcements: Announcements = Announcements.ALL

    def validate(self, players: int) -> None:
        super().validate(players)
        if not isinstance(self.announcements, Announcements):
            raise InvalidOption("announcements", "announcements must be none, belote or all")


@dataclass(frozen=True)
class Belote3Options(BeloteFamilyOptions):
    target_score: int = 1000
    announcements: Announcements = Announcements.BELOTE  # [decided] default: belote
    allowed_targets: ClassVar[tuple[int, ...]] = (500, 1000)


@dataclass(frozen=True)
class BeloteOptions(BeloteFamilyOptions):
    target_score: int = 1000
    announcements: Announcements = Announcements.ALL
    allowed_targets: ClassVar[tuple[int, ...]] = (501, 1000, 2000)

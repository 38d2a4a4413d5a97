"""What happened, redacted per viewer.

An event has a public part (what everyone at the table sees) and private parts, one per
seat allowed to see more (a seat's own hand, its discard, its passed cards). Hidden
information is put in a private part by the code that creates the event; redaction
only merges the parts a viewer may see, so nothing can leak by forgetting to strip it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    seat: int | None = None
    public: dict[str, Any] = field(default_factory=dict)
    private: dict[int, dict[str, Any]] = field(default_factory=dict)

    def for_viewer(self, viewer: int | None) -> dict[str, Any]:
        """The event as ``viewer`` sees it (``None``: a spectator, public part only)."""
        seen: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            seen["seat"] = self.seat
        seen.update(self.public)
        if viewer is not None:
            seen.update(self.private.get(viewer, {}))
        return seen


def codes(cards: Any) -> list[str]:
    """Card codes in a stable order (by code), for event payloads."""
    return sorted(card.code for card in cards)

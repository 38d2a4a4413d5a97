"""A game's log entries as the service keeps them (:class:`Change`: what one entry did,
unredacted) and as one viewer sees them (:class:`SeenChange`), with the JSON form a stored
answer keeps for retries."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules.cards import Deck
from ..rules.codec import event_from_data, event_types, to_data
from ..rules.events import Event
from ..tables import SeatClock


@dataclass(frozen=True)
class Change:
    """One entry of the log: the version it produced, whose it was, what it did (unredacted)."""

    version: int
    seat: int | None  # None: the table's own entry (abandonment, a rematch's link)
    events: tuple[Event, ...]
    at: float = 0.0  # when it was made
    clocks: tuple[SeatClock, ...] = ()  # every seat's clock just after the entry (public)

    def for_viewer(self, viewer: int | None) -> SeenChange:
        return SeenChange(self.version, self.seat, tuple(event.for_viewer(viewer) for event in self.events),
                          self.at, self.clocks)


@dataclass(frozen=True)
class SeenChange:
    """A change as one viewer may see it: its events redacted for that viewer."""

    version: int
    seat: int | None
    events: tuple[Event, ...]
    at: float = 0.0
    clocks: tuple[SeatClock, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"schema": Event.SCHEMA_VERSION, "version": self.version, "seat": self.seat,
                "events": [to_data(event) for event in self.events], "at": self.at,
                "clocks": [[clock.bank, clock.deadline] for clock in self.clocks]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], deck: Deck, variant: str, viewer: int | None) -> SeenChange:
        """The change ``to_dict`` wrote; one stored before events had a schema is read as
        the viewer it was redacted for saw it then."""
        clocks = tuple(SeatClock(bank, deadline) for bank, deadline in data.get("clocks", ()))
        if "schema" in data:
            events = tuple(event_from_data(event, deck) for event in data["events"])
        else:
            events = tuple(event_from_data(_unversioned_event(event, variant, viewer), deck) for event in data["events"])
        return cls(data["version"], data["seat"], events, data.get("at", 0.0), clocks)


# Unversioned stored events: the keys renamed since, per kind, and their deal results' detail keys.
_RENAMED_KEYS = {"bid": {"bid": "move"}, "cards_received": {"from": "giver"}}
_RENAMED_DETAILS = {"belote": "belote_rebelote", "moon": "moon_shooter"}


def _unversioned_event(data: Mapping[str, Any], variant: str, viewer: int | None) -> dict[str, Any]:
    """An event as answers stored it before events had a schema (flat redacted values, some
    keys named otherwise), in today's form."""
    kind = data.get("kind")
    renamed = _RENAMED_KEYS.get(kind, {})  # type: ignore[arg-type]
    event = {renamed.get(key, key): value for key, value in data.items()}
    cls = event_types().get(kind)  # type: ignore[arg-type]
    for item in dataclasses.fields(cls) if cls is not None else ():
        if item.type == "Hidden" or str(item.type).startswith("Hidden["):
            seen = event.get(item.name)
            event[item.name] = {} if seen is None or viewer is None else {str(viewer): seen}
    if kind == "deal_scored":
        result = {_RENAMED_DETAILS.get(key, key): value for key, value in event["result"].items()}
        if variant == "belote3" and "capot" in result:
            result["capot_seats"] = result.pop("capot")
        event["result"] = {**result, "variant": variant}
    if kind == "declarations_resolved":
        event["revealed"] = [
            {"seat": entry["seat"],
             "combinations": [{**combination, "kind": combination["kind"].upper()} for combination in entry["combinations"]]}
            for entry in event["revealed"]
        ]
    return event

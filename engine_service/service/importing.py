"""Records made elsewhere, checked (``ImportGameRecord``, and the reviews of imported
records): read from their message or text, replayed through the engine off the event
loop, every fault the caller's INVALID_ARGUMENT naming where it is."""

from __future__ import annotations

import asyncio

from cardgames.v1 import record_pb2 as rec

from .. import records
from ..rules import RuleViolation
from .convert_records import record_from_message, replay_fault
from .errors import InvalidInput

MAX_TEXT = 1 << 20  # bytes of a record's text form


async def imported(message: rec.GameRecord | None, text: str | None) -> records.GameRecord:
    """The record a request gives (its message, or its text form), checked and completed."""
    if text is not None:
        if len(text.encode()) > MAX_TEXT:
            raise InvalidInput(f"a record's text is at most {MAX_TEXT} bytes", field="text")
        return await asyncio.to_thread(_replayed_text, text)
    if message is None:
        raise InvalidInput("give a record or its text", field="source")
    record = record_from_message(message)
    return await asyncio.to_thread(_replayed, record, "record")


def _replayed_text(text: str) -> records.GameRecord:
    try:
        record = records.parse_record(text)
    except RuleViolation as violation:
        raise InvalidInput(violation.message, reason=violation.reason, field="text") from None
    return _replayed(record, "text")


def _replayed(record: records.GameRecord, prefix: str) -> records.GameRecord:
    try:
        return records.replay(record)
    except RuleViolation as violation:
        raise replay_fault(violation, prefix) from None


__all__ = ["MAX_TEXT", "imported"]

"""The reviews of ``cardgames-analyze``: records exported from a server (``--export``),
and records reviewed one per task (``--review``), each line in the JSON of the API's
messages (GameRecord; DecisionReview, DealReview, MatchReview), so a line reads as the
server's answers do."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from typing import Any

from cardgames.v1 import record_pb2, review_pb2
from google.protobuf import json_format
from google.protobuf.message import Message

from . import records, reviews
from .rules import RuleViolation
from .service import convert_records, convert_reviews
from .service.errors import ServiceError
from .solver import Solver

_local = threading.local()  # one solver per worker thread: its tables stay warm


def review_options(seats: tuple[int, ...], samples: int, budget_ms: int, seed: int) -> dict[str, Any]:
    """What a review line depends on besides its record (a resumed output must match)."""
    return {"review": {"seats": list(seats), "deals": samples, "budget_ms": budget_ms, "seed": seed}}


def digest(line: str) -> str:
    """An input line's short digest: a review line names its record by it."""
    return hashlib.sha256(line.encode()).hexdigest()[:16]


def review_one(seats: tuple[int, ...], samples: int, budget_ms: int, seed: int, index: int, line: str) -> dict[str, Any]:
    """One record's review line (its error's, if it does not replay)."""
    out: dict[str, Any] = {"index": index, "record": digest(line),
                           "options": review_options(seats, samples, budget_ms, seed)}
    try:
        message = json_format.Parse(line, record_pb2.GameRecord())
        record = records.replay(convert_records.record_from_message(message))
        out["game_id"] = record.game_id
        solver = getattr(_local, "solver", None)
        if solver is None:
            solver = _local.solver = Solver()
        review = reviews.review_record(record, seats=seats, seed=seed, samples=samples,
                                       budget=budget_ms / 1000 or None, solver=solver)
    except json_format.ParseError:
        return {**out, "error": "MALFORMED_RECORD: not a GameRecord in JSON"}
    except (RuleViolation, ServiceError) as error:
        return {**out, "error": f"{error.reason.value if isinstance(error, RuleViolation) else error.reason}: "
                                f"{error.message}"}
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        return {**out, "error": f"{type(error).__name__}: the review failed"}
    match = review_pb2.MatchReview(complete=True, seats=[convert_reviews.seat(summary) for summary in review.seats])
    out["review"] = {
        "decisions": [_data(convert_reviews.decision(decision)) for decision in review.decisions],
        "deals": [_data(convert_reviews.deal(summary)) for summary in review.deals],
        "match": _data(match),
    }
    return out


def _data(message: Message) -> dict[str, Any]:
    return json_format.MessageToDict(message)


def exported(address: str, variant: str | None) -> Iterator[str]:
    """Every finished game's record on the server at ``address``, as JSON lines (newest first)."""
    from cardgames_client import Client

    with Client(address) as client:
        for summary in client.iter_games(variant, "finished"):
            record = client.get_game_record(summary.game_id)
            yield json_format.MessageToJson(record, indent=None)


__all__ = ["digest", "exported", "review_one", "review_options"]

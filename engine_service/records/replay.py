"""A record made elsewhere, checked by replaying it through the engine: every deal given
whole, every move legal in its turn, every result and the match's equal to what the rules
make of it. The first fault is a ``RuleViolation`` naming its deal and entry (``field``:
``deals[2].entries[14]``) and why; the answer is the record as the engine completes it
(versions, results, status, winners)."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Deal, Game, Reason, RuleViolation, new_game, variant_class
from ..rules.errors import echo
from ..rules.events import DealResult
from ..tables import Table, TableSpec, action_text
from .building import RecordBuilder
from .model import DealRecord, Entry, GameRecord, TableAction

# Entries of the table's bookkeeping, not of the play: a replay passes over them.
PASSED_OVER = (TableAction.CLAIM, TableAction.REMATCH)
COMPARED = ("outcome", "taker", "trump", "tricks", "card_points", "scores")


def replay(record: GameRecord) -> GameRecord:
    """``record`` checked and completed by the engine (see the module's comment)."""
    cls = variant_class(record.variant)
    deals = [_whole(deal, index, cls) for index, deal in enumerate(record.deals)]
    if not deals:
        raise _fault("deals", "a record holds at least one deal")
    game = new_game(record.variant, record.options, deals=deals)
    table = Table(game, TableSpec.reserved(game.players), ["replay"] * game.players, record.created_at or 0.0)
    builder = RecordBuilder(table, game_id=record.game_id, created_at=record.created_at)
    for index, deal in enumerate(record.deals):
        where = f"deals[{index}]"
        if deal.dealer is not None and game.dealer != deal.dealer:
            raise _fault(f"{where}.dealer", f"deal {index} is dealt by seat {game.dealer}, not {deal.dealer}")
        for number, entry in enumerate(deal.entries):
            _apply(builder, entry, f"{where}.entries[{number}]", index)
        if index + 1 < len(record.deals) and game.deal_number == index:
            raise _fault(f"{where}.entries", f"deal {index} does not end, yet deal {index + 1} follows it")
    done = builder.record()
    _compare(record, done)
    return done


def _whole(deal: DealRecord, index: int, cls: type[Game]) -> Deal:
    whole = deal.deal
    if whole is None:
        raise _fault(f"deals[{index}].hands", f"deal {index} is not given whole (every hand and the stock)")
    if deal.number != index:
        raise _fault(f"deals[{index}].number", f"deal {index} is numbered {deal.number}")
    try:
        whole.check(cls.deck, cls.layout.hand_size, cls.players)
    except RuleViolation as violation:
        raise RuleViolation(violation.reason, f"deal {index}: {violation.message}", field=f"deals[{index}].hands") from None
    return whole


def _apply(builder: RecordBuilder, entry: Entry, where: str, deal: int) -> None:
    if entry.action in PASSED_OVER:
        return
    if entry.move is None and entry.action is None:
        raise _fault(where, "an entry is a move or a table action, in full")
    text = entry.move.text() if entry.move is not None else action_text(entry.action.value)  # type: ignore[union-attr]
    try:
        builder.add(entry.seat, text, entry.at or 0.0, entry.actor)
    except RuleViolation as violation:
        who = "the table" if entry.seat is None else f"seat {entry.seat}"
        raise RuleViolation(violation.reason, f"deal {deal}, {who} {echo(text)}: {violation.message}",
                            field=where) from None
    except (AssertionError, ValueError):
        raise _fault(where, f"deal {deal}: {echo(text)} needs a seat, and a seat of this game") from None


def _compare(given: GameRecord, done: GameRecord) -> None:
    for index, (said, made) in enumerate(zip(given.deals, done.deals)):
        if said.result is not None:
            _compare_result(said.result, made.result, f"deals[{index}].result", index)
    if len(done.deals) != len(given.deals):
        raise _fault("deals", f"the moves deal {len(done.deals)} deals, the record gives {len(given.deals)}")
    if given.scores and tuple(given.scores) != done.scores:
        raise _fault("scores", f"the record says the match stands at {list(given.scores)}; "
                               f"its moves make it {list(done.scores)}")


def _compare_result(said: DealResult, made: DealResult | None, where: str, deal: int) -> None:
    if made is None:
        raise _fault(where, f"deal {deal} has a result, but its moves do not finish it")
    for name in COMPARED:
        expected, got = getattr(said, name), getattr(made, name)
        if _given(expected) and expected != got:
            raise _fault(f"{where}.{name}", f"deal {deal}: the record says {name} {_shown(expected)}, "
                                            f"its moves make {_shown(got)}")


def _given(value: object) -> bool:
    """Whether an imported result says this (an empty list or an unset value says nothing)."""
    return value is not None and not (isinstance(value, Sequence) and not isinstance(value, str) and not value)


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return str(list(value))
    return str(getattr(value, "value", getattr(value, "code", value)))


def _fault(field: str, message: str) -> RuleViolation:
    return RuleViolation(Reason.INVALID_RECORD, message, field=field)


__all__ = ["replay"]

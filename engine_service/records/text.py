"""A record's text form, for people who write deals by hand (docs/records.md): a first line
naming the variant and its options, then one deal per line in the deal notation of
docs/rules.md, extended with its moves and, optionally, its dealer and scores::

    variant=hearts target_score=100
    0:AKQ.T98.76.5432 ...;moves=0:give:2C 3C 4C,1:give:...,2:play:2C,...;scores=0 26 0 0

A move is ``<seat>:<move text>``; a table action ``<seat>:@resign``, ``<seat>:@forfeit``
or ``@abandon``; moves are separated by commas. Lines starting with ``#`` are comments.
"""

from __future__ import annotations

from typing import Any

from ..rules import Card, Deal, Game, Reason, RuleViolation, format_deal, parse_deal, parse_move, variant_class
from ..rules.errors import echo
from ..rules.events import DealResult
from ..tables import ACTION_MARK, SeatKind, Status
from .model import DealRecord, Entry, GameRecord, SeatRecord, TableAction

KNOWN_FIELDS = ("stock", "moves", "dealer", "scores")
MAX_LINES = 1000  # more deals than any match plays


def parse_record(text: str) -> GameRecord:
    """The record a text form describes (its results left for the replay to make)."""
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.strip().startswith("#")]
    if not lines:
        raise _fault("text", "a record's text starts with a line such as 'variant=hearts'")
    if len(lines) > MAX_LINES:
        raise _fault("text", f"a record's text has at most {MAX_LINES} lines")
    header_line, header = lines[0]
    variant, options = _header(header, header_line)
    cls = variant_class(variant)
    game_options = cls.options_type.from_mapping(options)
    game_options.validate(cls.players)
    deals = tuple(_deal(cls, line, number, index) for index, (number, line) in enumerate(lines[1:]))
    seats = tuple(SeatRecord(SeatKind.RESERVED) for _ in range(cls.players))
    return GameRecord(variant, game_options, seats, deals, Status.ACTIVE, (), None, ())


def format_record(record: GameRecord) -> str:
    """The text form of a record whose every deal is whole (nothing hidden)."""
    cls = variant_class(record.variant)
    options = " ".join(f"{name}={_option_text(value)}" for name, value in record.options.to_dict().items())
    lines = [f"variant={record.variant} {options}".strip()]
    for deal in record.deals:
        whole = deal.deal
        if whole is None:
            raise _fault(f"deals[{deal.number}]", f"deal {deal.number} is hidden: it has no text form")
        text = format_deal(cls.deck, whole) + f";dealer={deal.dealer}"
        moves = [_entry_text(entry) for entry in deal.entries if entry.action not in (TableAction.CLAIM,
                                                                                      TableAction.REMATCH)]
        if moves:
            text += ";moves=" + ",".join(moves)
        if deal.result is not None:
            text += ";scores=" + " ".join(str(score) for score in deal.result.scores)
        lines.append(text)
    return "\n".join(lines) + "\n"


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _entry_text(entry: Entry) -> str:
    if entry.move is not None:
        return f"{entry.seat}:{entry.move.text()}"
    assert entry.action is not None
    action = ACTION_MARK + entry.action.value
    return action if entry.seat is None else f"{entry.seat}:{action}"


def _header(line: str, number: int) -> tuple[str, dict[str, Any]]:
    values: dict[str, Any] = {}
    for token in line.split():
        key, sep, value = token.partition("=")
        if not sep or not key or key in values:
            raise _fault(f"line {number}", f"the first line is name=value pairs, each once: {echo(token)}")
        values[key] = _value(value)
    variant = values.pop("variant", None)
    if not isinstance(variant, str):
        raise _fault(f"line {number}", "the first line names the variant: 'variant=hearts'")
    return variant, values


def _value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if text.lstrip("-").isdigit() and len(text) < 12:
        return int(text)
    return text


def _deal(cls: type[Game], line: str, number: int, index: int) -> DealRecord:
    where = f"line {number}"
    head, *rest = line.split(";")
    fields: dict[str, str] = {}
    for item in rest:
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or key not in KNOWN_FIELDS or key in fields:
            raise _fault(where, f"a deal's fields are ';name=value', each once, among {', '.join(KNOWN_FIELDS)}: "
                                f"{echo(item)}")
        fields[key] = value.strip()
    try:
        deal = parse_deal(cls.deck, head + (f";stock={fields['stock']}" if "stock" in fields else ""), cls.players)
    except RuleViolation as violation:
        raise RuleViolation(violation.reason, f"{where}: {violation.message}", field=where) from None
    entries = tuple(_entry(cls, item, where) for item in fields.get("moves", "").split(",") if item.strip())
    dealer = _number(fields["dealer"], where) if "dealer" in fields else None
    result = _scores(cls, fields["scores"], where, index) if "scores" in fields else None
    return DealRecord(index, dealer, deal.hands, deal.stock, _turned(deal), entries, result)


def _turned(deal: Deal) -> Card | None:
    return deal.stock[0] if deal.stock else None


def _entry(cls: type[Game], item: str, where: str) -> Entry:
    seat_text, sep, move_text = item.strip().partition(":")
    if item.strip().startswith(ACTION_MARK):
        seat, move_text = None, item.strip()
    elif not sep:
        raise _fault(where, f"a move is written '<seat>:<move>': {echo(item)}")
    else:
        seat = _number(seat_text, where)
    if move_text.startswith(ACTION_MARK):
        try:
            action = TableAction(move_text[len(ACTION_MARK):])
        except ValueError:
            raise _fault(where, f"{echo(move_text)} is not a table action") from None
        return Entry(0, seat, None, action=action)
    try:
        return Entry(0, seat, None, move=parse_move(move_text, cls.deck))
    except RuleViolation as violation:
        raise RuleViolation(violation.reason, f"{where}: {violation.message}", field=where) from None


def _number(text: str, where: str) -> int:
    if not text.strip().isdigit() or len(text.strip()) > 3:
        raise _fault(where, f"{echo(text)} is not a seat")
    return int(text)


def _scores(cls: type[Game], text: str, where: str, index: int) -> DealResult:
    try:
        scores = tuple(int(value) for value in text.split())
    except ValueError:
        raise _fault(where, f"scores are whole numbers, one per side: {echo(text)}") from None
    # Only the scores are said: the other fields are left unsaid for the replay to compare.
    return DealResult(variant=cls.variant, deal_number=index, outcome=None, taker=None, trump=None,  # type: ignore[arg-type]
                      tricks=(), card_points=(), scores=scores)


def _fault(field: str, message: str) -> RuleViolation:
    return RuleViolation(Reason.INVALID_RECORD, message, field=field)


__all__ = ["format_record", "parse_record"]

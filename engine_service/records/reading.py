"""A reader's share of a record: the hidden cards only once they can no longer matter.

A deal's hidden cards (the hands as dealt, the stock, the cards passed or discarded) are
shown when the deal is over if the server drew the game's seed, and otherwise only when
the match is over: a seed a person chose, or a deal he gave, could be searched from one
deal to the next. Until then the reader sees what a view shows him: his own hand as
dealt, the turned card, his own private moves, and every public move.
"""

from __future__ import annotations

import dataclasses

from ..tables import Status
from .model import DealRecord, Entry, GameRecord


def for_reader(record: GameRecord, reader: int | None, *, seed_drawn: bool) -> GameRecord:
    """What ``reader`` (a seat, or None for a spectator) may see of ``record``; ``seed_drawn``:
    the server drew the seed (nobody could predict a later deal from an earlier one)."""
    deals = tuple(deal if _is_shown(deal, record, seed_drawn) else _hidden(deal, reader) for deal in record.deals)
    return dataclasses.replace(record, deals=deals)


def first_deals(record: GameRecord, count: int) -> GameRecord:
    """The record of the first ``count`` deals only, each whole once scored (an event's table
    read from another table, whose own players have played those deals): the deals after,
    the deal in play and how the match ended are left out, the scores summed anew."""
    deals = tuple(deal for deal in record.deals if deal.number < count and deal.result is not None)
    sides = len(record.scores)
    scores = tuple(sum(deal.result.scores[side] for deal in deals if deal.result is not None) for side in range(sides))
    return dataclasses.replace(record, deals=deals, status=Status.ACTIVE, scores=scores, ending=None, winners=(),
                               rematch_game_id=None)


def _is_shown(deal: DealRecord, record: GameRecord, seed_drawn: bool) -> bool:
    return record.is_over or (seed_drawn and deal.result is not None)


def _hidden(deal: DealRecord, reader: int | None) -> DealRecord:
    hands = tuple(hand if seat == reader else None for seat, hand in enumerate(deal.hands))
    return dataclasses.replace(deal, hands=hands, stock=None,
                               entries=tuple(_entry_for(entry, reader) for entry in deal.entries))


def _entry_for(entry: Entry, reader: int | None) -> Entry:
    move = entry.move
    if move is None or not move.PRIVATE or entry.seat == reader:
        return entry
    return dataclasses.replace(entry, move=None, hidden_kind=move.KIND)


__all__ = ["first_deals", "for_reader"]

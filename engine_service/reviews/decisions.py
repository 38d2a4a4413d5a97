"""The decisions a review judges, taken from a whole record by replaying it: for each, the
question its seat could have asked then (its knowledge only: what a hint is computed
from), how many options it had, and for a card the real position (every hand)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ..hints import Question, hint_question
from ..records import GameRecord, TableAction
from ..rules import Move, NextDeal, Play, Position, new_game, variant_class

ENDING_ACTIONS = (TableAction.RESIGN, TableAction.FORFEIT, TableAction.ABANDON)


@dataclass(frozen=True)
class Decision:
    variant: str
    deal: int
    entry: int
    version: int
    seat: int
    played: Move
    options: int  # legal options it had (1: forced)
    question: Question | None  # what its seat knew (None: forced, or a seat not reviewed)
    position: Position | None  # a card: the real position before it

    @property
    def forced(self) -> bool:
        return self.options == 1

    @property
    def is_reviewed(self) -> bool:
        return self.question is not None or self.forced


@dataclass(frozen=True)
class DealPlay:
    """Cards of a deal to solve in the real deal, in order, all for one objective (so each
    solve starts from the last one's tables): with a contract every card (the taker's side's
    value judges them all, and makes the curve); in hearts one seat's own cards (its own
    points judge them; the curve seat's make the curve)."""

    variant: str
    deal: int
    cards: tuple[Decision, ...]
    player: int | None  # hearts: whose cards and points; None: the taker's side, every card
    makes_curve: bool


def decisions_of(record: GameRecord, deals: Collection[int], seats: Collection[int],
                 curve_seat: int | None = None) -> tuple[list[Decision], list[DealPlay]]:
    """The decisions of ``seats`` in ``deals`` (every move of theirs but the next deal's),
    and the card play to solve in each of ``deals`` (see :class:`DealPlay`; in hearts the
    cards of ``seats``, the curve following ``curve_seat``). ``record`` is whole."""
    whole = [deal.deal for deal in record.deals]
    game = new_game(record.variant, record.options, deals=[deal for deal in whole if deal is not None])
    decisions: list[Decision] = []
    plays: dict[int, list[Decision]] = {number: [] for number in deals}
    for deal in record.deals:
        for index, entry in enumerate(deal.entries):
            if entry.action in ENDING_ACTIONS:
                return decisions, _plays(record, plays, seats, curve_seat)
            move, seat = entry.move, entry.seat
            if move is None or seat is None:
                continue
            if deal.number in deals and not isinstance(move, NextDeal):
                options = len(game.legal_moves(seat))
                reviewed = seat in seats
                question = hint_question(game, seat) if reviewed and options > 1 else None
                position = game.position() if isinstance(move, Play) else None
                decision = Decision(record.variant, deal.number, index, entry.version, seat, move, options, question,
                                    position)
                if reviewed:
                    decisions.append(decision)
                if position is not None:
                    plays[deal.number].append(decision)
            game.push(seat, move)
    return decisions, _plays(record, plays, seats, curve_seat)


def _plays(record: GameRecord, plays: dict[int, list[Decision]], seats: Collection[int],
           curve_seat: int | None) -> list[DealPlay]:
    if variant_class(record.variant).has_contract:
        return [DealPlay(record.variant, number, tuple(cards), None, True) for number, cards in plays.items() if cards]
    return [DealPlay(record.variant, number, tuple(card for card in cards if card.seat == seat), seat,
                     seat == curve_seat)
            for number, cards in plays.items() for seat in sorted(seats) if any(card.seat == seat for card in cards)]


__all__ = ["DealPlay", "Decision", "decisions_of"]

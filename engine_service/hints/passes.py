"""Hints for the hearts pass: every choice of three cards, valued over sampled deals.

A full hearts deal is far too large to solve exactly for each of the 286 choices (one
exact solve of 52 cards takes seconds, sometimes minutes: see the README's solver figures), so each
choice is valued by play-outs in the Rust extension (``solver_rs/core/src/playout.rs``):
in each sampled deal of the other hands, the others pass their most dangerous cards, and
the whole deal is played by a simple policy (duck, shed the Q♠ and high hearts). The
value is the seat's penalty points, moon included; lower is better. Every choice is
valued in the same sampled deals, so their differences are what the ranking measures.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Game, Knowledge, Position
from ..rules.notation import format_position
from ..solver import evaluate_passes
from .common import Hint, HintOption, HolderFacts, Sampling, behind_the_best, codes, column_stats, holder_facts

UNIT = "penalty_points"


@dataclass(frozen=True)
class PassQuestion:
    """Everything a pass hint is computed from: ``seat``'s hand and who receives."""

    seat: int
    version: int
    template: str  # the deal with only the seat's hand
    unseen: tuple[str, ...]
    holders: tuple[HolderFacts, ...]
    offset: int  # the receiver is seat + offset


def pass_question(game: Game, seat: int) -> PassQuestion:
    knowledge = Knowledge.of(game, seat)
    hands = tuple(game.hand(seat) if index == seat else frozenset() for index in range(game.players))
    return PassQuestion(
        seat=seat,
        version=game.version,
        template=format_position(game.deck, Position(hands, leader=seat)),
        unseen=codes(knowledge.unseen),
        holders=holder_facts(knowledge),
        offset=game.pass_offset(),
    )


def answer_passes(
    question: PassQuestion,
    sampling: Sampling,
) -> Hint:
    evaluation = evaluate_passes(
        question.template, question.unseen, question.holders, question.seat, question.offset,
        *sampling.extension_args(), stop=sampling.stop,
    )
    per_deal = evaluation.values
    columns = list(zip(*per_deal, strict=True))  # each choice's values, deal by deal
    options = [HintOption("give:" + " ".join(cards), mean, error, mean, error)
               for cards, (mean, error) in zip(evaluation.choices, column_stats(columns))]
    by_move = dict(zip((option.move for option in options), columns))
    options.sort(key=lambda option: (option.expected, option.move))
    return Hint(question.seat, question.version, UNIT, behind_the_best(options, by_move.__getitem__), len(per_deal),
                sampling.seed, 0)


__all__ = ["PassQuestion", "UNIT", "answer_passes", "pass_question"]

"""Card-play hints: every legal card of the seat to move, valued over deals it cannot tell apart.

:func:`card_question` turns a game into a
:class:`HintQuestion` built from the seat's knowledge alone (its hand, the public play,
what the table learned: voids, known cards, the stock's size); the hidden hands never
enter it. :func:`answer_cards` then has the Rust extension draw deals of the unseen cards
uniformly among those consistent with that knowledge, solve each double dummy, and
averages each card's value. Same question, same seed, same number of deals: same hint.

Units are the game's own, for the asking seat's side: tricks (euchre3), card points with
the last trick (belote, belote3), penalty points (hearts, the seat's own, moon included).
Each option also gets its expected deal score: from the solved value where it decides it
(euchre3, hearts); in belote and belote3, whose score also depends on capot, each player's
points and announcements, from the solver's line after each card in the first deals of the
hint, played and scored by the engine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules import Game, Knowledge, variant_class
from ..rules.notation import Position, format_position
from ..solver import VALUE_UNITS, evaluate_cards
from .common import (
    Hint,
    HintOption,
    HolderFacts,
    Sampling,
    Smoothed,
    behind_the_best,
    codes,
    holder_facts,
    mean_and_error,
    sample_placements,
)
from .decisions import filled, play_line, side_score

# Where the deal score depends on more than the solved value (``Game.scored_by_lines``: capot,
# each player's points, announcements), it is scored on the solver's lines in the first
# LINE_DEALS deals of a hint (each line replayed by the engine).
LINE_DEALS = 8
LINE_TIME_SHARE = 1 / 3


class _ReplayCost:
    """What replaying one card of a line costs on this machine, measured on every hint that
    scores lines (smoothed), so that the sampling ends early enough to leave the scoring
    its time whatever the speed of the CPU."""

    SMOOTHING = 0.3

    def __init__(self, seconds_per_card: float) -> None:
        self.first_guess = seconds_per_card
        self._per_card = Smoothed(self.SMOOTHING, seconds_per_card)

    @property
    def seconds_per_card(self) -> float:
        value = self._per_card.value
        return self.first_guess if value is None else value

    def reserve(self, deals: int, lines: int, cards: int) -> float:
        return deals * lines * cards * self.seconds_per_card

    def measured(self, seconds: float, replayed_cards: int) -> None:
        if replayed_cards:
            self._per_card.measured(seconds / replayed_cards)


# A first guess, on the slow side (a 2-core EPYC replays a card in about 60 us).
REPLAY_COST = _ReplayCost(seconds_per_card=150e-6)

UNITS = VALUE_UNITS


@dataclass(frozen=True)
class HintQuestion:
    """Everything a card-play hint is computed from: only what ``seat`` knows."""

    variant: str
    seat: int
    version: int
    template: str  # the position with only the seat's own hand filled in
    unseen: tuple[str, ...]
    holders: tuple[HolderFacts, ...]
    hearts_player: int | None
    value_is_own: bool  # whether solved values are the seat's side's (else the other side's)
    deal_total: int  # tricks or card points of the whole deal (the two sides' values add up to it)
    taker_seat: int | None
    cards_left: int  # in every hand and the trick: the length of a line from here
    # belote, belote3: the game with every card the seat cannot see removed, to score the
    # solver's lines by the rules (the deal score there depends on more than card points).
    blind: Game | None = field(default=None, compare=False)


def card_question(game: Game, seat: int) -> HintQuestion:
    """The card-play question for ``seat`` (the caller checked it has a card to play)."""
    knowledge = Knowledge.of(game, seat)
    position = game.position()
    template = Position(
        hands=tuple(hand if index == seat else frozenset() for index, hand in enumerate(position.hands)),
        leader=position.leader,
        trump=position.trump,
        taker=position.taker,
        trick=position.trick,
        points=position.points,
        tricks=position.tricks,
    )
    return HintQuestion(
        variant=game.variant,
        seat=seat,
        version=game.version,
        template=format_position(game.deck, template),
        unseen=codes(knowledge.unseen),
        holders=holder_facts(knowledge),
        hearts_player=game.objective_player(seat),
        value_is_own=game.is_objective_side(seat),
        deal_total=game.deal_total(),
        taker_seat=game.taker,
        cards_left=sum(game.hand_counts()),
        blind=game.blind_copy(seat) if game.scored_by_lines else None,
    )


def answer_cards(
    question: HintQuestion,
    sampling: Sampling,
) -> Hint:
    """Solves sampled deals and ranks the cards (see :func:`engine_service.hints.answer`)."""
    seed = sampling.seed
    line_deals, reserve = _line_deals(question, sampling)
    evaluation = evaluate_cards(
        question.variant, question.template, question.unseen, question.holders, question.hearts_player,
        *sampling.extension_args(reserve), line_deals=line_deals, stop=sampling.stop,
    )
    per_deal = evaluation.values
    lines = evaluation.lines
    scored_lines = _scores_of_lines(question, seed, lines, sampling.end_for(1), sampling.stopped) if lines else None
    options = []
    own_per_deal = {}
    for index, card in enumerate(evaluation.cards):
        own = [_for_seat(question, values[index]) for values in per_deal]
        own_per_deal[f"play:{card}"] = own
        if scored_lines is not None:
            scores: list[float | None] = [deal[index] for deal in scored_lines]
        else:
            scores = [_deal_score(question, values[index]) for values in per_deal]
        mean, stderr = mean_and_error(own)
        score_mean, score_error = mean_and_error(scores) if None not in scores else (None, None)
        options.append(HintOption(f"play:{card}", mean, stderr, score_mean, score_error))
    lower_is_better = variant_class(question.variant).lower_is_better
    options.sort(key=lambda option: (option.expected if lower_is_better else -option.expected, option.move))
    unit = UNITS[question.variant]
    return Hint(question.seat, question.version, unit, behind_the_best(options, own_per_deal.__getitem__),
                len(per_deal), seed, evaluation.nodes)


def _line_deals(question: HintQuestion, sampling: Sampling) -> tuple[int, float]:
    """How many deals get lines to score, and the seconds kept for scoring them: the lines
    are scored after the extension returns, so its sampling ends that much earlier. Scoring
    takes at most LINE_TIME_SHARE of the time left (the deal scores are for the caller; the
    ranking rests on the solved values); at the budget's end scoring stops, so the deals
    scored depend on the time left (none if the first deal alone outlasted the budget)."""
    if question.blind is None:
        return 0, 0.0
    per_deal = REPLAY_COST.reserve(1, len(question.blind.legal_moves(question.seat)), question.cards_left)
    if sampling.budget_end is None:
        return LINE_DEALS, 0.0
    left = sampling.budget_end - time.monotonic()
    deals = max(1, min(LINE_DEALS, int(left * LINE_TIME_SHARE / per_deal)))
    return deals, deals * per_deal


def _scores_of_lines(
    question: HintQuestion, seed: int, lines: list[list[list[str]]], end: float | None
, stopped: Callable[[], bool] = lambda: False) -> list[list[float]] | None:
    """The seat's side's deal score after each card, in each deal that has lines: the deal
    (drawn again from the same stream of the seed) played along the solver's line by the
    engine, which scores it by the rules (capot, dedans, litige, announcements). The deals
    scored by ``end`` (a monotonic instant), None if not one."""
    assert question.blind is not None
    started = time.monotonic()
    placements = sample_placements(question.variant, question.unseen, question.holders, seed, len(lines))
    scores = []
    replayed = 0
    for placement, deal_lines in zip(placements, lines):
        if stopped() or (end is not None and time.monotonic() >= end):
            break
        game = filled(question.blind, question.holders, question.seat, placement, random.Random(0))
        scores.append([side_score(play_line(game, line), question.seat)[0] for line in deal_lines])
        replayed += sum(len(line) for line in deal_lines)
    REPLAY_COST.measured(time.monotonic() - started, replayed)
    return scores or None


def _for_seat(question: HintQuestion, value: int) -> int:
    """A solved value (the MAX side's, or the hearts player's) for the asking seat's side."""
    return value if question.value_is_own else question.deal_total - value


def _deal_score(question: HintQuestion, value: int) -> float | None:
    """The asking seat's deal score when the solved value decides it (docs/rules.md "Score")."""
    return variant_class(question.variant).deal_score_from_value(value, seat=question.seat, taker=question.taker_seat)


__all__ = ["HintQuestion", "UNITS", "answer_cards", "card_question"]

"""Play hints: every legal card of the seat to move, valued over deals it cannot tell apart.

A hint may use only what the asking seat knows. :func:`hint_question` turns a game into a
:class:`HintQuestion` built from the seat's knowledge alone (its hand, the public play,
what the table learned: voids, known cards, the stock's size); the hidden hands never
enter it. :func:`answer` then has the Rust extension draw deals of the unseen cards
uniformly among those consistent with that knowledge, solve each double dummy, and
averages each card's value. Same question, same seed, same number of deals: same hint.

Units are the game's own, for the asking seat's side: tricks (euchre3), card points with
the last trick (belote, belote3), penalty points (hearts, the seat's own, moon included).
Each option also gets its expected deal score where the deal score follows from the
solved value alone (euchre3, hearts); belote's depends on capot, declarations and
belote-rebelote too, so it is left out there for now.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from typing import Any

from . import _solver
from .rules import STOCK, Game, Phase, Reason, RuleViolation
from .rules.notation import Position, format_position

# The sampling defaults (see docs/architecture.md "Hints"): a hint solves at least
# MIN_SAMPLES deals whatever its budget, and at most MAX_SAMPLES.
MIN_SAMPLES = 4
MAX_SAMPLES = 400
DEFAULT_BUDGET_SECONDS = 0.2

UNITS = {"euchre3": "tricks", "belote3": "card_points", "belote": "card_points", "hearts": "penalty_points"}


@dataclass(frozen=True)
class HintQuestion:
    """Everything a card-play hint is computed from: only what ``seat`` knows."""

    variant: str
    seat: int
    version: int
    template: str  # the position with only the seat's own hand filled in
    unseen: tuple[str, ...]
    holders: tuple[tuple[int | None, int, tuple[str, ...], tuple[str, ...]], ...]  # seat, size, known, allowed
    hearts_player: int | None
    value_is_own: bool  # whether solved values are the seat's side's (else the other side's)
    deal_total: int  # tricks or card points of the whole deal (the two sides' values add up to it)
    taker_seat: int | None


@dataclass(frozen=True)
class CardOption:
    card: str
    expected: float  # in `Hint.unit`, for the seat's side
    stderr: float
    expected_deal_score: float | None  # the seat's deal score, where the solved value decides it
    deal_score_stderr: float | None


@dataclass(frozen=True)
class Hint:
    seat: int
    version: int
    unit: str
    options: tuple[CardOption, ...]  # best first
    samples: int
    seed: int
    nodes: int  # varies with thread scheduling (warm tables); everything else is reproducible

    @property
    def best(self) -> CardOption:
        return self.options[0]


def hint_question(game: Game, seat: int) -> HintQuestion:
    """The card-play question for ``seat``; a :class:`RuleViolation` if it has no card to play."""
    if game.is_over():
        raise RuleViolation(Reason.GAME_OVER, "the game is over")
    if seat not in game.to_act():
        raise RuleViolation(Reason.NOT_YOUR_TURN, f"seat {seat} has nothing to decide now")
    if game.phase is not Phase.PLAY:
        raise RuleViolation(Reason.HINT_UNAVAILABLE, f"hints cover card play; this is the {game.phase.value} phase")
    d = game.d
    knowledge = game.knowledge(seat)
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
    holders = tuple(
        (
            None if facts.holder == STOCK else facts.holder,
            facts.size,
            _codes(facts.known),
            _codes(knowledge.unseen - facts.excluded),
        )
        for facts in knowledge.holders
    )
    value_is_own = game.variant == "hearts" or seat == d.taker or game.partner_of(seat) == d.taker
    return HintQuestion(
        variant=game.variant,
        seat=seat,
        version=game.version,
        template=format_position(game.deck, template),
        unseen=_codes(knowledge.unseen),
        holders=holders,
        hearts_player=seat if game.variant == "hearts" else None,
        value_is_own=value_is_own,
        deal_total=_deal_total(game, seat),
        taker_seat=d.taker,
    )


def answer(
    question: HintQuestion,
    *,
    seed: int | None = None,
    budget: float | None = DEFAULT_BUDGET_SECONDS,
    deadline: float | None = None,
    min_samples: int = MIN_SAMPLES,
    max_samples: int = MAX_SAMPLES,
    threads: int = 0,
) -> Hint:
    """Solves sampled deals (``budget`` and ``deadline`` in seconds from now) and ranks the cards.

    Raises ``SolveStoppedError`` when ``deadline`` passes before ``min_samples`` deals are solved.
    """
    seed = secrets.randbits(63) if seed is None else seed
    raw: dict[str, Any] = _solver.evaluate_cards(
        question.variant, question.template, list(question.unseen), [_holder_arg(h) for h in question.holders],
        question.hearts_player, seed, min_samples, max_samples, budget, deadline, threads,
    )
    per_deal: list[list[int]] = raw["values"]
    options = []
    for index, card in enumerate(raw["cards"]):
        own = [_for_seat(question, values[index]) for values in per_deal]
        scores = [_deal_score(question, values[index]) for values in per_deal]
        mean, stderr = _mean_and_error(own)
        score_mean, score_error = _mean_and_error(scores) if None not in scores else (None, None)
        options.append(CardOption(card, mean, stderr, score_mean, score_error))
    lower_is_better = question.variant == "hearts"
    options.sort(key=lambda option: (option.expected if lower_is_better else -option.expected, option.card))
    return Hint(question.seat, question.version, UNITS[question.variant], tuple(options), len(per_deal), seed, raw["nodes"])


def _holder_arg(holder: tuple[int | None, int, tuple[str, ...], tuple[str, ...]]) -> tuple[Any, ...]:
    seat, size, known, allowed = holder
    return (seat, size, list(known), list(allowed))


def _codes(cards: frozenset[Any] | set[Any]) -> tuple[str, ...]:
    return tuple(sorted(card.code for card in cards))


def _deal_total(game: Game, seat: int) -> int:
    """The deal's total in the variant's units: every trick, or every card point plus the last trick."""
    d = game.d
    if game.variant == "euchre3":
        return len(d.tricks) + len(d.hands[seat])
    in_play = game.deck.card_set - set(d.stock) - ({d.discard} if d.discard is not None else set())
    return sum(game._card_points(card) for card in in_play) + game.last_trick_bonus


def _for_seat(question: HintQuestion, value: int) -> int:
    """A solved value (the MAX side's, or the hearts player's) for the asking seat's side."""
    return value if question.value_is_own else question.deal_total - value


def _deal_score(question: HintQuestion, value: int) -> float | None:
    """The asking seat's deal score when the solved value decides it (RULES.md "Score")."""
    if question.variant == "hearts":
        return float(value)  # the player's own points, moon included
    if question.variant == "euchre3":
        taker_tricks = value
        if question.seat == question.taker_seat:
            return 0.0 if taker_tricks <= 2 else 1.0 if taker_tricks <= 4 else 2.0
        return 1.0 if taker_tricks <= 2 else 0.0
    return None


def _mean_and_error(values: list[int] | list[float | None]) -> tuple[float, float]:
    numbers = [float(v) for v in values if v is not None]
    n = len(numbers)
    mean = sum(numbers) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in numbers) / (n - 1)
    return mean, math.sqrt(variance / n)


__all__ = ["CardOption", "Hint", "HintQuestion", "MAX_SAMPLES", "MIN_SAMPLES", "answer", "hint_question"]

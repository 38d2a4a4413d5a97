"""Hints for the decisions around card play: bids, euchre3's discard, belote declarations.

The method is the card hint's (``cards.py``), one level up. Deals of the cards the seat
cannot see are drawn uniformly among those consistent with its knowledge (the same Rust
sampler). In each deal every option is *played out*: the engine applies it, then the
rest of the deal is played double dummy (the solver finds an optimal line, the engine
plays it and scores the deal by its own rules: capot, dedans, litige, declarations and
belote-rebelote included). An option's value is the seat's side's deal score, and its
margin over the other sides (the mean of their deal scores), averaged over the deals.

What the play-out assumes, beyond double-dummy card play (docs/architecture.md "Hints"):
- Bids: after the seat's bid, the later bidders of the same round bid double dummy: each
  takes (or names the best suit) if, in that deal, taking gives him a positive margin;
  the first who does is the taker. After a round 1 of passes, round 2 follows the same
  way for every seat (the asking one too, double dummy like the others). Nobody takes:
  the deal is void and scores 0 for everyone.
- A taker's discard (euchre3) is the one that leaves him the most tricks.
- A belote contract whose taker is surely dedans is played along a line that keeps him
  so, not an optimal one: the deal scores the same (``_Outcomes._set_line``).
- Declarations: every other player declares whenever he holds a combination.

The question holds a copy of the game with every card the seat cannot see removed (other
hands, the stock, discards, declarations not yet shown, the move log and events), so a
hint cannot depend on the real hidden cards.
"""

from __future__ import annotations

import contextlib
import os
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from ..analysis import best_discard
from ..rules import STOCK, Declare, Game, Knowledge, Move, Pass, Phase, Play, RuleViolation
from ..rules.errors import Reason
from ..rules.notation import format_position
from ..solver import Solver, SolveStoppedError, seconds_until
from .common import (
    Hint,
    HintOption,
    HolderFacts,
    Sampling,
    behind_the_best,
    codes,
    holder_facts,
    mean_and_error,
    sample_placements,
)

UNIT = "deal_score_margin"
# Each side's deal score once a deal is played out.
Scores = tuple[float, ...]
DECISION_PHASES = (Phase.BIDDING, Phase.DISCARD, Phase.DECLARATIONS)


@dataclass(frozen=True)
class DecisionQuestion:
    """Everything a bid, discard or declaration hint is computed from: only what ``seat`` knows."""

    variant: str
    seat: int
    version: int
    blind: Game  # the game as the seat sees it: every hidden card removed
    options: tuple[Move, ...]
    unseen: tuple[str, ...]
    holders: tuple[HolderFacts, ...]


def decision_question(game: Game, seat: int) -> DecisionQuestion:
    """The question for ``seat``'s bid, discard or declaration (the caller checked it is its turn)."""
    if game.phase not in DECISION_PHASES:
        raise RuleViolation(Reason.HINT_UNAVAILABLE, f"no hint for the {game.phase.value} phase")
    knowledge = Knowledge.of(game, seat)
    return DecisionQuestion(
        variant=game.variant,
        seat=seat,
        version=game.version,
        blind=blind_copy(game, seat),
        options=tuple(game.legal_moves(seat)),
        unseen=codes(knowledge.unseen),
        holders=holder_facts(knowledge),
    )


def blind_copy(game: Game, seat: int) -> Game:
    """A copy of ``game`` holding nothing ``seat`` cannot see (``Game.blind_copy``)."""
    return game.blind_copy(seat)


def answer_decision(
    question: DecisionQuestion,
    sampling: Sampling,
) -> Hint:
    """Plays every option out in sampled deals (as many as ``budget`` allows, at least
    ``min_samples``) and ranks the options by their mean margin."""
    seed, max_samples = sampling.seed, sampling.max_samples
    placements = sample_placements(question.variant, question.unseen, question.holders, seed, max_samples)
    solvers = threading.local()  # one solver per worker thread, for this hint only

    def play_out(index: int) -> tuple[list[tuple[float, float]], int]:
        end = sampling.end_for(index)
        if not hasattr(solvers, "solver"):
            solvers.solver = Solver(memory_mb=16)
        game = filled(question.blind, question.holders, question.seat, placements[index],
                      random.Random(f"{seed}:{index}"))
        outcomes = _Outcomes(game, question.seat, solvers.solver, end)
        with solvers.solver.stopping(sampling.stop) if sampling.stop is not None else contextlib.nullcontext():
            return [outcomes.of_option(move) for move in question.options], outcomes.nodes

    outcomes = _sampled(play_out, len(placements), sampling)
    options = []
    per_deal = {}
    for position, move in enumerate(question.options):
        margins = [values[position][1] for values, _ in outcomes]
        scores = [values[position][0] for values, _ in outcomes]
        margin, margin_error = mean_and_error(margins)
        score, score_error = mean_and_error(scores)
        options.append(HintOption(move.text(), margin, margin_error, score, score_error))
        per_deal[move.text()] = margins
    # Equal margins: a contract before a pass. The pass's value rests on the model's later
    # bidders (double dummy, and round 2 after round 1), the contract's only on the play.
    options.sort(key=lambda option: (-option.expected, option.move == "pass", option.move))
    nodes = sum(count for _, count in outcomes)
    return Hint(question.seat, question.version, UNIT, behind_the_best(options, per_deal.__getitem__), len(outcomes),
                seed, nodes)


def _sampled(work: Callable[[int], Any], count: int, sampling: Sampling) -> list[Any]:
    """``work(i)`` for deals 0, 1, ...: the first ``min_samples`` always, more until the
    budget ends; the results of an unbroken run of deals from 0 (reproducible from the seed
    and their number). A deal stopped by its end is not counted; one of the minimum stopped
    (by the deadline) stops the hint."""
    min_samples = sampling.min_samples
    workers = sampling.threads or os.cpu_count() or 1
    results: dict[int, Any] = {}
    stopped = count
    with ThreadPoolExecutor(workers) as pool:
        running: dict[int, Future[Any]] = {}
        next_index = 0

        def may_start() -> bool:
            return next_index < min(count, stopped) and (next_index < min_samples or sampling.in_budget())

        while True:
            while len(running) < workers and may_start():
                running[next_index] = pool.submit(work, next_index)
                next_index += 1
            if not running:
                break
            finished, _ = wait(running.values(), return_when=FIRST_COMPLETED)
            for index in [i for i, future in running.items() if future in finished]:
                future = running.pop(index)
                try:
                    results[index] = future.result()
                except SolveStoppedError:
                    if index < min_samples:
                        for other in running.values():
                            other.cancel()
                        raise
                    stopped = min(stopped, index)
    done = 0
    while done in results and done < stopped:
        done += 1
    return [results[i] for i in range(done)]


# ----------------------------------------------------------------------------- play-outs


def filled(
    blind: Game, holders: Sequence[HolderFacts], seat: int, placement: Sequence[Sequence[str]], rng: random.Random
) -> Game:
    """``seat``'s blind game with a sampled deal of the hidden cards put back, each holder's
    card codes in the order of ``holders`` (``Game.with_hidden_cards``)."""
    parse = blind.deck.parse
    cards = {STOCK if holder is None else holder: [parse(code) for code in codes] for (holder, *_), codes in
             zip(holders, placement)}
    return blind.with_hidden_cards(seat, cards, rng)


class _Outcomes:
    """The outcomes of one sampled deal, each deal state solved once."""

    def __init__(self, game: Game, seat: int, solver: Solver, end: float | None) -> None:
        self.game = game
        self.seat = seat
        self.solver = solver
        self.end = end  # time.monotonic() past which the deal is abandoned
        self.nodes = 0
        self._taken: dict[tuple[int, str], Game] = {}
        self._set_lines: dict[str, list[str] | None] = {}
        self._solutions: dict[str, tuple[int, list[str]]] = {}

    def of_option(self, move: Move) -> tuple[float, float]:
        game = self.game
        if game.phase is Phase.BIDDING:
            return self._margin(self._after_bid(move), self.seat)
        # A declaration is made here: the play-out's policy (everyone else declares what he
        # holds) leaves it as made.
        return self._margin(self._finished(self._pushed(game, self.seat, move)), self.seat)

    # --- bidding
    def _after_bid(self, move: Move) -> Scores | None:
        """The deal played out after the seat's bid: None if nobody takes (the deal is void)."""
        if move.text() != "pass":
            return self._finished(self._taken_by([move], self.seat))
        passes: list[Move] = [move]
        bidders = self._later_bidders()
        if self.game.bid_round == 1:
            # Round 2 follows a round of passes: everyone may name a suit, from the first
            # bidder on (the seat too, double dummy like the others).
            first = self.game.next_seat(self.game.dealer)
            bidders += [(first + k) % self.game.players for k in range(self.game.players)]
        for bidder in bidders:
            taken = self._best_contract(passes, bidder)
            if taken is not None:
                return taken
            passes.append(_PASS)
        return None

    def _best_contract(self, passes: list[Move], bidder: int) -> Scores | None:
        """After ``passes``, the deal played out with ``bidder``'s contract of the largest
        positive margin for him, if he has one."""
        best: tuple[float, Scores] | None = None
        for option in self._pushed_all(self.game, passes).legal_moves(bidder):
            if option.text() == "pass":
                continue
            taken = self._taken_by(passes + [option], bidder)
            if not self._may_make(taken):
                continue  # he would not gain by taking (see `_may_make`)
            finished = self._finished(taken)
            margin = self._margin(finished, bidder)[1]
            if finished is not None and margin > 0 and (best is None or margin > best[0]):
                best = (margin, finished)
        return None if best is None else best[1]

    def _later_bidders(self) -> list[int]:
        """The seats after this one in the current round of bidding."""
        spoken = self.game.passes_this_round  # everyone before the seat in this round has passed
        return [(self.seat + k) % self.game.players for k in range(1, self.game.players - spoken)]

    def _taken_by(self, bids: list[Move], taker: int) -> Game:
        key = (taker, bids[-1].text())
        if key not in self._taken:
            game = self._pushed_all(self.game, bids)
            if game.phase is Phase.DISCARD:
                game, nodes = best_discard(game, taker, self.solver, self._left)
                self.nodes += nodes
            self._taken[key] = game
        return self._taken[key]

    def _may_make(self, taken: Game) -> bool:
        """Whether the taker of ``taken`` can make his contract double dummy. A contract not
        made never gives its taker a positive margin (dedans or litige leave his side at most
        its belote and capot bonus, 70, against the others' share of 162 and more), so a
        bidder who cannot make it passes; one null-window search tells, usually thousands of
        times cheaper than the line a play-out needs (tested in
        tests/rules/test_properties.py)."""
        target = taken.card_points_to_make()
        if target is None:
            return True
        position = format_position(taken.deck, taken.position())
        return self.solver.reaches(taken.variant, position, target, deadline=self._left())

    def _pushed_all(self, game: Game, bids: list[Move]) -> Game:
        result = game
        for move in bids:
            result = self._pushed(result, result.to_act()[0], move)
        return result

    # --- play to the end
    def _finished(self, game: Game | None) -> Scores | None:
        """Each side's deal score once the deal is played to its end double dummy (the
        players still to declare declaring whatever they hold). Where the solved value
        alone decides the score (``Game.scores_from_value``), from the value: the same score
        the optimal line would give, without playing it."""
        if game is None:
            return None
        position = format_position(game.deck, game.position())
        if position not in self._set_lines:
            self._set_lines[position] = self._set_line(game, position)
        line = self._set_lines[position]
        if line is None:
            value, line = self._solved(game, position)
            scores = game.scores_from_value(value)
            if scores is not None:
                return scores
        return play_line(game, line).results[-1].scores

    def _solved(self, game: Game, position: str) -> tuple[int, list[str]]:
        """``game``'s value and, where a value may not decide the score
        (``scored_by_lines``), an optimal line (declaring or not does not change it)."""
        if position not in self._solutions:
            solution = self.solver.solve(game.variant, position, all_cards=False, line=game.scored_by_lines,
                                         deadline=self._left())
            self.nodes += solution.nodes
            self._solutions[position] = (solution.value, solution.line)
        return self._solutions[position]

    def _set_line(self, game: Game, position: str) -> list[str] | None:
        """When the taker's side cannot win the card points that keep it from being dedans,
        a line along which it stays below them: its deal score does not depend on how many
        it wins (``card_points_surely_set``), so the optimal line would score the same (but
        for capot, which the solver's card points do not see either). Proving it is a
        null-window search: the exact value of a hopeless contract is the costliest solve of
        a bid hint (lower bounds against two free defenders)."""
        if game.taker is None:
            return None
        target = game.card_points_surely_set()
        if target is None:
            return None
        return self.solver.line_short_of(game.variant, position, target, deadline=self._left())

    def _left(self) -> float | None:
        return seconds_until(self.end)

    def _margin(self, scores: Scores | None, seat: int) -> tuple[float, float]:
        """(``seat``'s side's deal score, its margin over the other sides); a deal nobody
        took (None) is 0 for everyone."""
        return margin_of(scores, self.game.side_of(seat))

    @staticmethod
    def _pushed(game: Game, seat: int, move: Move) -> Game:
        result = game.fork()
        result.push(seat, move)
        return result


_PASS = Pass()


def play_line(game: Game, line: Sequence[str]) -> Game:
    """A copy of ``game`` with the deal played to its end along ``line`` (card codes), the
    players still to declare declaring whatever they hold (as ``Game.scores_from_value``
    supposes)."""
    game = game.fork()
    cards = iter(line)
    while game.phase in (Phase.PLAY, Phase.DECLARATIONS):
        seat = game.to_act()[0]
        if game.phase is Phase.DECLARATIONS:
            game.push(seat, Declare(Declare(True) in game.legal_moves(seat)))
        else:
            game.push(seat, Play(game.deck.parse(next(cards))))
    return game


def side_score(game: Game | None, seat: int) -> tuple[float, float]:
    """(``seat``'s side's deal score, its margin over the other sides) once the deal is
    over; a deal nobody took (None) is 0 for everyone."""
    if game is None:
        return 0.0, 0.0
    return margin_of(game.results[-1].scores, game.side_of(seat))


def margin_of(scores: Scores | None, own_side: int) -> tuple[float, float]:
    """(``own_side``'s deal score, its margin over the mean of the other sides'); None: 0, 0."""
    if scores is None:
        return 0.0, 0.0
    own = scores[own_side]
    others = [score for side, score in enumerate(scores) if side != own_side]
    return float(own), own - sum(others) / len(others)


__all__ = [
    "DECISION_PHASES", "DecisionQuestion", "UNIT", "answer_decision", "blind_copy", "decision_question", "filled",
    "play_line", "side_score",
]

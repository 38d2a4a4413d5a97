"""Deal analysis: the double-dummy value of a deal's play, every first card, the line, the table.

Three inputs, one answer (:class:`DealAnalysis`):

- a complete deal in the deal notation, before bidding (:func:`analyse_deal`): the play
  under a contract (trump and taker; default the turned suit taken by next(dealer)) from
  its first card, the hands completed by the engine's own rules, plus the table over every
  trump and taker (``Solver.dd_table``: completion per taker, euchre3's best discard);
- a position in the position notation (:func:`analyse_position`): that position only;
- a deal a game has played to its end (:func:`analyse_played_deal`, the service checks
  the deal is over): the start of its play, and the table of those hands under every
  trump and taker. Every card in it was played face up, so nothing hidden is shown: not
  the stock, not a discard, not a passed card as such.

Values are in the variant's units (``UNITS``), for the side the solver maximises: the
taker's tricks (euchre3), the taker's side's card points with the last trick (belote,
belote3), or the chosen player's own penalty points (hearts, that player minimising).
``deadline`` (seconds from now) bounds the whole analysis: past it, ``SolveStoppedError``.

Anytime analysis (:func:`deal_bounds`, :func:`position_bounds`, :func:`played_deal_bounds`,
one per input): the same play, its value and every card's as bounds reported as the search
proves them (:class:`PlayBounds`), the exact values last; no table. A deadline ends it with
the bounds so far, not an error (but while euchre3's discard is still being chosen).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .rules import Game, Move, Phase, Reason, RuleViolation, new_game, parse_move, variant_class
from .rules.notation import Position, format_position, parse_position
from .solver import VALUE_UNITS, DDTable, Progress, Solution, Solver, StopFlag, seconds_until

UNITS = VALUE_UNITS


@dataclass(frozen=True)
class Contract:
    """Who plays for what: the trump suit's code (None in hearts) and the taker (in
    hearts, the player whose points are solved)."""

    trump: str | None
    taker: int


@dataclass(frozen=True)
class PlayAnalysis:
    contract: Contract
    position: str  # the position solved, in the position notation
    discard: str | None  # euchre3, turned suit: the taker's discard that the value assumes
    solution: Solution  # value, every legal card's value, an optimal line, nodes


@dataclass(frozen=True)
class PlayBounds:
    """An anytime analysis of a play at one moment: what is solved, and the bounds so far."""

    variant: str
    unit: str
    contract: Contract
    position: str  # the position solved, in the position notation
    discard: str | None  # as in PlayAnalysis
    progress: Progress  # the value's and each card's bounds, which are exact, the line once exact


# Gets each new bounds of an anytime analysis, in the solver's thread; False stops it.
BoundsObserver = Callable[[PlayBounds], "bool | None"]


@dataclass(frozen=True)
class _Play:
    """A play to solve: its contract, its position, euchre3's discard it assumes."""

    contract: Contract
    position: str
    discard: str | None


@dataclass(frozen=True)
class DealAnalysis:
    variant: str
    unit: str
    play: PlayAnalysis | None
    table: DDTable | None


class _Clock:
    """What is left of a deadline given in seconds from now."""

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else time.monotonic() + seconds

    def left(self) -> float | None:
        return seconds_until(self.end)


def analyse_deal(
    variant: str,
    deal: str,
    *,
    dealer: int = 0,
    contract: Contract | None = None,
    table: bool = True,
    deadline: float | None = None,
    solver: Solver | None = None,
) -> DealAnalysis:
    """A deal before bidding: its play under ``contract`` and (if ``table``) its table."""
    solver = solver or Solver()
    clock = _Clock(deadline)
    play = _solve(solver, variant, _deal_play(variant, deal, dealer, contract, solver, clock), clock)
    dd = solver.dd_table(variant, deal, dealer, deadline=clock.left()) if table else None
    return DealAnalysis(variant, UNITS[variant], play, dd)


def deal_bounds(
    variant: str,
    deal: str,
    *,
    dealer: int = 0,
    contract: Contract | None = None,
    deadline: float | None = None,
    solver: Solver | None = None,
    on_progress: BoundsObserver | None = None,
    stop: StopFlag | None = None,
) -> PlayBounds:
    """:func:`analyse_deal`'s play, anytime: each new bounds to ``on_progress``, the last
    returned (``stopped`` when ``deadline`` or ``stop`` came first)."""
    solver = solver or Solver()
    clock = _Clock(deadline)
    play = _deal_play(variant, deal, dealer, contract, solver, clock)
    return _bounds(solver, variant, play, clock, on_progress, stop)


def _deal_play(variant: str, deal: str, dealer: int, contract: Contract | None, solver: Solver, clock: _Clock) -> _Play:
    game = _game_for(variant, deal, dealer)
    contract = contract or _default_contract(game)
    position, discard = _start_of_play(game, contract, solver, clock)
    return _Play(contract, position, discard)


def analyse_position(
    variant: str,
    position: str,
    *,
    player: int | None = None,
    deadline: float | None = None,
    solver: Solver | None = None,
) -> DealAnalysis:
    """One position (any point of play); ``player`` is required without a contract (hearts)."""
    solver = solver or Solver()
    play = _solve(solver, variant, _position_play(variant, position, player), _Clock(deadline))
    return DealAnalysis(variant, UNITS[variant], play, None)


def position_bounds(
    variant: str,
    position: str,
    *,
    player: int | None = None,
    deadline: float | None = None,
    solver: Solver | None = None,
    on_progress: BoundsObserver | None = None,
    stop: StopFlag | None = None,
) -> PlayBounds:
    """:func:`analyse_position`, anytime (see :func:`deal_bounds`)."""
    solver = solver or Solver()
    return _bounds(solver, variant, _position_play(variant, position, player), _Clock(deadline), on_progress, stop)


def _position_play(variant: str, position: str, player: int | None) -> _Play:
    game_type = new_game(variant)  # only for the deck, seat count and objective
    parsed = parse_position(game_type.deck, position, game_type.players)
    if not game_type.has_contract and player is None:
        raise RuleViolation(Reason.INVALID_SEAT, f"{variant} analysis needs the player whose points are solved",
                            field="player")
    taker = parsed.taker if game_type.has_contract else player
    contract = Contract(parsed.trump.code if parsed.trump else None, taker)  # type: ignore[arg-type]
    return _Play(contract, format_position(game_type.deck, parsed), None)


def analyse_played_deal(
    game: Game, start: Position, player: int, *, deadline: float | None = None, solver: Solver | None = None
) -> DealAnalysis:
    """A deal played to its end, from ``start`` (the first card of one of its tricks); in
    hearts the values are ``player``'s points. The table: the same hands under every trump
    and taker from the first trick; in hearts each player's points, from any trick."""
    solver = solver or Solver()
    clock = _Clock(deadline)
    variant = game.variant
    play = _solve(solver, variant, _played_play(game, start, player), clock)
    if game.has_contract and any(start.tricks):
        return DealAnalysis(variant, UNITS[variant], play, None)  # points won belong to the real contract
    entries: dict[tuple[str | None, int], int] = {}
    for trump in game.table_trumps():
        for seat in range(game.players):
            cell = Position(start.hands, start.leader, trump, seat if game.has_contract else None,
                            points=start.points, tricks=start.tricks)
            value = solver.solve(variant, format_position(game.deck, cell), player=game.objective_player(seat),
                                 all_cards=False, line=False, deadline=clock.left()).value
            entries[(trump.code if trump else None, seat)] = value
    return DealAnalysis(variant, UNITS[variant], play, DDTable(variant, entries))


def played_deal_bounds(
    game: Game,
    start: Position,
    player: int,
    *,
    deadline: float | None = None,
    solver: Solver | None = None,
    on_progress: BoundsObserver | None = None,
    stop: StopFlag | None = None,
) -> PlayBounds:
    """:func:`analyse_played_deal`'s play from ``start``, anytime (see :func:`deal_bounds`)."""
    solver = solver or Solver()
    return _bounds(solver, game.variant, _played_play(game, start, player), _Clock(deadline), on_progress, stop)


def _played_play(game: Game, start: Position, player: int) -> _Play:
    taker = start.taker if game.has_contract else player
    assert taker is not None
    return _Play(Contract(start.trump.code if start.trump else None, taker), format_position(game.deck, start), None)


def _solve(solver: Solver, variant: str, play: _Play, clock: _Clock) -> PlayAnalysis:
    player = variant_class(variant).objective_player(play.contract.taker)
    solution = solver.solve(variant, play.position, player=player, deadline=clock.left())
    return PlayAnalysis(play.contract, play.position, play.discard, solution)


def _bounds(solver: Solver, variant: str, play: _Play, clock: _Clock, on_progress: BoundsObserver | None,
            stop: StopFlag | None) -> PlayBounds:
    """The anytime analysis of ``play``; its deadline is what is left of ``clock`` (none left:
    the cheap bounds only)."""

    def at(progress: Progress) -> PlayBounds:
        return PlayBounds(variant, UNITS[variant], play.contract, play.position, play.discard, progress)

    def observe(progress: Progress) -> bool | None:
        return None if on_progress is None else on_progress(at(progress))

    player = variant_class(variant).objective_player(play.contract.taker)
    left = None if clock.end is None else max(0.0, clock.end - time.monotonic())
    return at(solver.solve_anytime(variant, play.position, player=player, deadline=left, on_progress=observe, stop=stop))


def _game_for(variant: str, deal: str, dealer: int) -> Game:
    return new_game(variant, {"first_dealer": dealer}, deal=deal)


def _default_contract(game: Game) -> Contract:
    """The turned suit, taken by the first to speak (hearts: next(dealer)'s points)."""
    first = game.next_seat(game.dealer)
    turned = game.turned
    return Contract(turned.suit.code if turned is not None else None, first)


def _start_of_play(game: Game, contract: Contract, solver: Solver, clock: _Clock) -> tuple[str, str | None]:
    """The position at the first card under ``contract``, bid and completed by the engine."""
    deck = game.deck
    if not 0 <= contract.taker < game.players:
        raise RuleViolation(Reason.INVALID_SEAT, f"the taker is a seat, 0..{game.players - 1}", field="contract.taker")
    if not game.has_contract:
        if contract.trump is not None:
            raise RuleViolation(Reason.UNKNOWN_SUIT, f"{game.variant} has no trump", field="contract.trump")
        return format_position(deck, game.position_as_dealt()), None  # as given: no passing
    if contract.trump is None:
        raise RuleViolation(Reason.UNKNOWN_SUIT, "the contract needs a trump suit", field="contract.trump")
    try:
        trump = deck.parse_suit(contract.trump)
    except RuleViolation as violation:
        raise RuleViolation(violation.reason, violation.message, field="contract.trump") from None
    _bid(game, trump, contract.taker)
    if game.phase is Phase.DISCARD:
        game, _ = best_discard(game, contract.taker, solver, clock.left)
        assert game.discard is not None
        return format_position(deck, game.position()), game.discard.code
    return format_position(deck, game.position()), None


def _bid(game: Game, trump: object, taker: int) -> None:
    """Everyone before ``taker`` passes; the taker takes the turned suit in round 1, or
    names ``trump`` in round 2 after everyone passed round 1."""
    turned = game.turned
    assert turned is not None
    first = game.next_seat(game.dealer)
    before = [(first + i) % game.players for i in range((taker - first) % game.players)]
    if trump == turned.suit:
        moves = [(seat, "pass") for seat in before] + [(taker, "take")]
    else:
        everyone = [(first + i) % game.players for i in range(game.players)]
        call = f"call:{trump.code}"  # type: ignore[attr-defined]
        moves = [(seat, "pass") for seat in everyone + before] + [(taker, call)]
    for seat, text in moves:
        try:
            game.push(seat, parse_move(text, game.deck))
        except RuleViolation as violation:
            raise RuleViolation(violation.reason, f"this contract cannot be bid: {violation.message}",
                                field="contract") from None


def best_discard(
    game: Game, taker: int, solver: Solver, time_left: Callable[[], float | None]
) -> tuple[Game, int]:
    """euchre3: ``game`` forked after the taker's discard that leaves him the most tricks
    (ties: the first in card order), and the search nodes it took. ``time_left`` gives
    each solve's deadline."""
    best: tuple[int, Game] | None = None
    nodes = 0
    for move in game.legal_moves(taker):
        trial = game.fork()
        trial.push(taker, move)
        solution = solver.solve(game.variant, format_position(game.deck, trial.position()), all_cards=False,
                                line=False, deadline=time_left())
        nodes += solution.nodes
        if best is None or solution.value > best[0]:
            best = (solution.value, trial)
    assert best is not None
    return best[1], nodes


def played_start(fresh: Game, history: list[tuple[int, Move]], number: int, trick: int = 0) -> Position | None:
    """Replays ``history`` on ``fresh`` (the same match, before any move) up to the first
    card of trick ``trick`` of deal ``number``: the position there, or None if that deal
    was void or has no such trick."""
    for seat, move in history:
        if _at_trick(fresh, number, trick) or fresh.deal_number > number:
            break
        fresh.push(seat, move)
    return fresh.position() if _at_trick(fresh, number, trick) else None


def _at_trick(game: Game, number: int, trick: int) -> bool:
    playing = game.phase in (Phase.PLAY, Phase.DECLARATIONS)
    return game.deal_number == number and playing and len(game.tricks) == trick and not game.current_trick


__all__ = [
    "BoundsObserver", "Contract", "DealAnalysis", "PlayAnalysis", "PlayBounds", "UNITS", "analyse_deal",
    "analyse_played_deal", "analyse_position", "best_discard", "deal_bounds", "played_deal_bounds", "played_start",
    "position_bounds",
]

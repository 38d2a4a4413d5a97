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
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .rules import Game, Move, Phase, Reason, RuleViolation, new_game, parse_move, variant_class
from .rules.notation import Position, format_position, parse_position
from .solver import VALUE_UNITS, DDTable, Solution, Solver, seconds_until

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
    solver = solver or Solver(memory_mb=64)
    clock = _Clock(deadline)
    game = _game_for(variant, deal, dealer)
    contract = contract or _default_contract(game)
    position, discard = _start_of_play(game, contract, solver, clock)
    play = _solve(solver, variant, position, contract, discard, clock)
    dd = solver.dd_table(variant, deal, dealer, deadline=clock.left()) if table else None
    return DealAnalysis(variant, UNITS[variant], play, dd)


def analyse_position(
    variant: str,
    position: str,
    *,
    player: int | None = None,
    deadline: float | None = None,
    solver: Solver | None = None,
) -> DealAnalysis:
    """One position (any point of play); ``player`` is required without a contract (hearts)."""
    solver = solver or Solver(memory_mb=64)
    game_type = new_game(variant)  # only for the deck, seat count and objective
    parsed = parse_position(game_type.deck, position, game_type.players)
    if not game_type.has_contract and player is None:
        raise RuleViolation(Reason.INVALID_SEAT, f"{variant} analysis needs the player whose points are solved",
                            field="player")
    taker = parsed.taker if game_type.has_contract else player
    contract = Contract(parsed.trump.code if parsed.trump else None, taker)  # type: ignore[arg-type]
    text = format_position(game_type.deck, parsed)
    return DealAnalysis(variant, UNITS[variant], _solve(solver, variant, text, contract, None, _Clock(deadline)), None)


def analyse_played_deal(
    game: Game, start: Position, player: int, *, deadline: float | None = None, solver: Solver | None = None
) -> DealAnalysis:
    """A deal played to its end, from ``start`` (the first card of one of its tricks); in
    hearts the values are ``player``'s points. The table: the same hands under every trump
    and taker from the first trick; in hearts each player's points, from any trick."""
    solver = solver or Solver(memory_mb=64)
    clock = _Clock(deadline)
    variant = game.variant
    taker = start.taker if game.has_contract else player
    assert taker is not None
    contract = Contract(start.trump.code if start.trump else None, taker)
    play = _solve(solver, variant, format_position(game.deck, start), contract, None, clock)
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


def _solve(
    solver: Solver, variant: str, position: str, contract: Contract, discard: str | None, clock: _Clock
) -> PlayAnalysis:
    player = variant_class(variant).objective_player(contract.taker)
    solution = solver.solve(variant, position, player=player, deadline=clock.left())
    return PlayAnalysis(contract, position, discard, solution)


def _game_for(variant: str, deal: str, dealer: int) -> Game:
    return new_game(variant, {"first_dealer": dealer}, deal=deal)


def _default_contract(game: Game) -> Contract:
    """The turned suit, taken by the first to speak (hearts: next(dealer)'s points)."""
    first = game.next_seat(game.d.dealer)
    turned = game.d.turned
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
        assert game.d.discard is not None
        return format_position(deck, game.position()), game.d.discard.code
    return format_position(deck, game.position()), None


def _bid(game: Game, trump: object, taker: int) -> None:
    """Everyone before ``taker`` passes; the taker takes the turned suit in round 1, or
    names ``trump`` in round 2 after everyone passed round 1."""
    turned = game.d.turned
    assert turned is not None
    first = game.next_seat(game.d.dealer)
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
        if _at_trick(fresh, number, trick) or fresh.d.number > number:
            break
        fresh.push(seat, move)
    return fresh.position() if _at_trick(fresh, number, trick) else None


def _at_trick(game: Game, number: int, trick: int) -> bool:
    d = game.d
    playing = game.phase in (Phase.PLAY, Phase.DECLARATIONS)
    return d.number == number and playing and len(d.tricks) == trick and not d.trick


__all__ = [
    "Contract", "DealAnalysis", "PlayAnalysis", "UNITS", "analyse_deal", "analyse_played_deal", "analyse_position",
    "best_discard", "played_start",
]

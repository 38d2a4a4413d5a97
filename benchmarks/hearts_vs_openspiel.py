"""Hearts card play: the hint bot against OpenSpiel's IS-MCTS bot, in duplicate, at about
equal time per move.

    .venv/bin/python benchmarks/hearts_vs_openspiel.py --deals 200 --seed 1 --jobs 2 \\
        --output hearts_vs_openspiel.jsonl [--budget-ms 200] [--simulations 800]

Needs OpenSpiel, the optional ``bench`` group: ``.venv/bin/python -m pip install -e ".[bench]"``.

Each seeded deal is played twice, dealt identically in our engine and in OpenSpiel's
``hearts`` (configured to docs/rules.md, passing off: card play only). Table A: the hint bot
in seats 0 and 2, IS-MCTS in 1 and 3; table B: the same deal with the seats swapped. Every
seat is so played once by each bot, with the same kind of company (its own kind across,
the other beside). The deal's margin is, averaged over the four seats, the points IS-MCTS
scored in the seat minus the points the hint bot scored in it (moon included): positive
means the hint bot is better, in penalty points per seat and deal. Deals are the
independent units of the 95% t-interval.

Both engines run in lockstep: every card goes to both; before each card both must offer
the same legal cards, and after each trick agree on its winner (the next to play) and the
points so far; at the end, on the deal's scores. The hint bot sees only its seat's hint
question (``engine_service.hints``, one thread); IS-MCTS (OpenSpiel's C++ ``ISMCTSBot``,
random roll-outs, the most visited card) sees OpenSpiel's information state. A forced card
(one legal) is played without asking either bot and is not timed.

``--output`` gets one JSON line per deal and is resumable: deals already in it (same
settings) are skipped, and the summary covers every deal of the file.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import re
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from duplicate_runs import machine, margin, play_deals

from engine_service import hints
from engine_service.rules import Card, Phase, Play, parse_move
from engine_service.rules.hearts import Hearts

# docs/rules.md, hearts: the 2♣ leads (no other club); no heart nor the Q♠ in the first trick
# unless nothing else; hearts led only once broken, and only a heart breaks them; no J♦ or
# no-trick bonus. Passing off: the comparison is card play only.
OUR_RULES: dict[str, bool] = {
    "pass_cards": False,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": False,
    "can_lead_hearts_instead_of_qs": False,
}
NO_PASS = 0  # OpenSpiel's first chance action: the pass direction
# OpenSpiel's card id is rank * 4 + suit, suits C D H S, ranks 2 to A; its card strings are ours.
OS_SUITS = "CDHS"
OS_RANKS = "23456789TJQKA"
MOON = 26
SEATS = 4
TABLES = ((0, 2), (1, 3))  # the hint bot's seats at table A, then B


class NoPassHearts(Hearts):
    """Our hearts with no passing on any deal (as on every fourth deal of a match)."""

    def pass_offset(self) -> int:
        return 0


@dataclass(frozen=True)
class Settings:
    seed: int
    budget_ms: int
    max_samples: int
    simulations: int
    uct_c: float
    rollouts: int

    def key(self) -> dict[str, Any]:
        return asdict(self)


def action_of(card: Card) -> int:
    return OS_RANKS.index(card.code[0]) * 4 + OS_SUITS.index(card.code[1])


def deal_game(settings: Settings, number: int) -> NoPassHearts:
    return NoPassHearts(seed=f"hearts-vs-openspiel-{settings.seed}-{number}")


def openspiel_state(pyspiel: Any, game: NoPassHearts) -> Any:
    """OpenSpiel's state at the same first card: its deal gives card k to player k mod 4."""
    state = pyspiel.load_game("hearts", OUR_RULES).new_initial_state()
    state.apply_action(NO_PASS)
    hands = [sorted(hand, key=action_of) for hand in (game.hand(seat) for seat in range(game.players))]
    for index in range(len(hands[0])):
        for seat in range(SEATS):
            state.apply_action(action_of(hands[seat][index]))
    return state


def openspiel_hand(state: Any, seat: int) -> set[str]:
    text = state.information_state_string(seat)
    hand = text.split("Hand: \n", 1)[1]
    cards = set()
    for line in hand.splitlines()[:4]:
        suit, ranks = line.split(" ", 1)
        if ranks != "none":
            cards |= {rank + suit for rank in ranks}
    return cards


def check_same_deal(state: Any, game: NoPassHearts) -> None:
    for card in game.deck.cards:
        assert state.action_to_string(0, action_of(card)) == card.code, card
    for seat in range(SEATS):
        ours = {card.code for card in game.hand(seat)}
        assert openspiel_hand(state, seat) == ours, (seat, openspiel_hand(state, seat), ours)
    assert state.current_player() == game.to_act()[0]


def openspiel_points(state: Any) -> list[int]:
    found = dict(re.findall(r"^([NESW]): (-?\d+)$", state.to_string(), re.MULTILINE))
    return [int(found[name]) if name in found else 0 for name in "NESW"]


@dataclass
class Table:
    scores: list[int]
    moon: int | None
    hint_seconds: float = 0.0
    hint_moves: int = 0
    mcts_seconds: float = 0.0
    mcts_moves: int = 0


def play_table(pyspiel: Any, settings: Settings, number: int, hint_seats: tuple[int, ...]) -> Table:
    game = deal_game(settings, number)
    state = openspiel_state(pyspiel, game)
    check_same_deal(state, game)
    label = f"{settings.seed}:{number}:{hint_seats}"
    rng = random.Random(label)
    evaluator = pyspiel.RandomRolloutEvaluator(settings.rollouts, rng.randrange(2**31))
    mcts = {
        seat: pyspiel.ISMCTSBot(rng.randrange(2**31), evaluator, settings.uct_c, settings.simulations, -1,
                                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        for seat in range(SEATS) if seat not in hint_seats
    }
    table = Table(scores=[], moon=None)
    while game.phase is Phase.PLAY:
        seat = game.to_act()[0]
        assert state.current_player() == seat, (label, seat, state.current_player())
        legal = game.legal_cards(seat)
        assert sorted(state.legal_actions()) == sorted(map(action_of, legal)), (label, seat, legal)
        started = time.perf_counter()
        if len(legal) == 1:
            card = next(iter(legal))
        elif seat in hint_seats:
            budget = settings.budget_ms / 1000 if settings.budget_ms else None
            hint = hints.answer(hints.hint_question(game, seat), seed=rng.randrange(2**62), budget=budget,
                                max_samples=settings.max_samples, threads=1)
            move = parse_move(hint.best.move, game.deck)
            assert isinstance(move, Play)
            card = move.card
            table.hint_seconds += time.perf_counter() - started
            table.hint_moves += 1
        else:
            action = mcts[seat].step(state)
            card = next(card for card in legal if action_of(card) == action)
            table.mcts_seconds += time.perf_counter() - started
            table.mcts_moves += 1
        tricks = len(game.tricks)
        game.push(seat, Play(card))
        state.apply_action(action_of(card))
        if len(game.tricks) > tricks and not state.is_terminal():
            trick = game.tricks[-1]
            assert state.current_player() == trick.winner, (label, trick, state.current_player())
            assert openspiel_points(state) == game.card_points_won, (label, openspiel_points(state), game.card_points_won)
    assert state.is_terminal(), label
    result = game.results[-1]
    table.scores = list(result.scores)
    table.moon = result.moon_shooter
    # OpenSpiel's return is 26 less the player's points, moon included.
    assert [MOON - round(value) for value in state.returns()] == table.scores, (label, state.returns(), table.scores)
    assert sum(table.scores) == (3 * MOON if table.moon is not None else MOON), (label, table.scores)
    return table


def play_deal(args: tuple[Settings, int]) -> dict[str, Any]:
    settings, number = args
    pyspiel = importlib.import_module("pyspiel")
    started = time.perf_counter()
    hint_points = [0] * SEATS
    mcts_points = [0] * SEATS
    tables = []
    for hint_seats in TABLES:
        table = play_table(pyspiel, settings, number, hint_seats)
        for seat in range(SEATS):
            (hint_points if seat in hint_seats else mcts_points)[seat] = table.scores[seat]
        tables.append(table)
    return {
        **settings.key(),
        "deal": number,
        "margin": statistics.fmean(mcts - hint for mcts, hint in zip(mcts_points, hint_points, strict=True)),
        "hint_points": hint_points,
        "mcts_points": mcts_points,
        "moons": [table.moon for table in tables],
        "hint_seconds": round(sum(table.hint_seconds for table in tables), 4),
        "hint_moves": sum(table.hint_moves for table in tables),
        "mcts_seconds": round(sum(table.mcts_seconds for table in tables), 4),
        "mcts_moves": sum(table.mcts_moves for table in tables),
        "seconds": round(time.perf_counter() - started, 2),
    }


# ----------------------------------------------------------------------------- statistics

# Student's t, two-sided 95%, for 1 to 30 degrees of freedom.
def summary(rows: list[dict[str, Any]]) -> str:
    margins = [float(row["margin"]) for row in rows]
    n = len(margins)
    if not n:
        return "no deals"
    mean, interval = margin(margins)
    hint_move = sum(row["hint_seconds"] for row in rows) / max(1, sum(row["hint_moves"] for row in rows))
    mcts_move = sum(row["mcts_seconds"] for row in rows) / max(1, sum(row["mcts_moves"] for row in rows))
    moons = sum(moon is not None for row in rows for moon in row["moons"])
    hint_seat = statistics.fmean(p for row in rows for p in row["hint_points"])
    mcts_seat = statistics.fmean(p for row in rows for p in row["mcts_points"])
    deal_seconds = statistics.fmean(row["seconds"] for row in rows)
    return "\n".join([
        f"deals: {n}; margin (IS-MCTS points - hint bot points, per seat and deal; > 0: the hint bot is better): "
        f"{mean:+.2f}, 95% t-interval {interval}",
        f"points per seat and deal: hint bot {hint_seat:.2f}, IS-MCTS {mcts_seat:.2f}; moons {moons} of {2 * n} tables; "
        f"hint bot ahead in {sum(m > 0 for m in margins)} deals, behind in {sum(m < 0 for m in margins)}",
        f"seconds per move (cards with a choice): hint bot {hint_move:.3f}, IS-MCTS {mcts_move:.3f} "
        f"(ratio {hint_move / mcts_move if mcts_move else math.nan:.2f}); {deal_seconds:.1f} s per deal (both tables)",
        f"machine: {machine()}",
    ])


# ----------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed")
    parser.add_argument("--budget-ms", type=int, default=200,
                        help="the hint bot's budget a card; 0: no budget, --max-samples deals a card (reproducible)")
    parser.add_argument("--max-samples", type=int, default=hints.MAX_SAMPLES, help="the hint bot's most deals a card")
    parser.add_argument("--simulations", type=int, default=800, help="IS-MCTS simulations a card")
    parser.add_argument("--uct-c", type=float, default=2.0, help="IS-MCTS exploration constant")
    parser.add_argument("--rollouts", type=int, default=1, help="random roll-outs per IS-MCTS leaf")
    parser.add_argument("--jobs", type=int, default=1, help="deals played in parallel processes")
    parser.add_argument("--output", help="JSON lines, one a deal; deals already there are skipped")
    args = parser.parse_args()
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        sys.exit("OpenSpiel is not installed: .venv/bin/python -m pip install -e '.[bench]'")
    settings = Settings(args.seed, args.budget_ms, args.max_samples, args.simulations, args.uct_c, args.rollouts)
    rows = play_deals(play_deal, settings, settings.key(), args.deals, args.jobs, args.output,
                      lambda row: f"hint {row['hint_points']}, IS-MCTS {row['mcts_points']}")
    print(summary(rows))


if __name__ == "__main__":
    main()

"""The Python engine against the Rust extension, rule by rule, on random games of every
variant. Both implement card order, points, trick winners, obligations, the completion of
the hands after the auction, belote declarations and the hearts moon; here they must agree:

- the legal cards at every card played;
- each completed trick's winner and points (the last trick's bonus included, hearts'
  penalty points) against ``trick_result``;
- the solver's optimal line from a random position, played in the engine: the engine's
  count for the solver's side (tricks, card points, the hearts player's deal score with
  the moon) equals the solved value;
- the DD table's entry for the contract a game took against the engine's own completion
  (euchre3: the best of the taker's discards);
- the hands the sampler draws for a shown or beaten belote declaration against the
  engine's best set of every hand that could have been drawn.

Seeded, so a run is reproducible; ``soaked`` scales the counts for soak runs.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from engine_service.rules import VARIANTS, DealOutcome, Declare, Game, Move, Phase, Play, format_deal, format_position, new_game
from engine_service.rules.declarations import best_set, strength_code, strongest
from engine_service.solver import Solver, legal_cards, sample_placements, trick_result
from tests.conftest import soaked

OPTIONS = {
    "euchre3": {"target_score": 3},
    "belote3": {"target_score": 500, "announcements": "all"},
    "hearts": {"target_score": 40},
    "belote": {"target_score": 501, "announcements": "all"},
}
# The most cards a hand may hold where a line is solved: whole deals but in hearts, whose
# deals from the first card take seconds.
LINE_CARDS = {"euchre3": 5, "belote3": 10, "hearts": 7, "belote": 8}

# Called before each move of a game; True when it has pushed the move itself.
Visit = Callable[[Game, int, Move], bool]


def shooter_policy(game: Game, seat: int, moves: list[Move], rng: random.Random, shooter: int) -> Move:
    """Hearts: the shooter wins what he can and keeps his points when void; the others play
    low and throw their points onto his tricks only. One seat then keeps every point for a
    while and the moon stays open (random play closes it at once)."""
    plays = [move for move in moves if isinstance(move, Play)]
    if len(plays) != len(moves) or not plays:
        return rng.choice(moves)
    rank = game.deck.ranks.index
    led = game.current_trick[0].card.suit if game.current_trick else None
    if led is None or any(move.card.suit is led for move in plays):
        return (max if seat == shooter else min)(plays, key=lambda move: rank(move.card.rank))
    points = [move for move in plays if game.card_points(move.card)]
    if seat != shooter and game.winning_seat() == shooter and points:
        return max(points, key=lambda move: game.card_points(move.card))
    return min(plays, key=lambda move: (game.card_points(move.card), rank(move.card.rank)))


def play_games(variant: str, games: int, visit: Visit, *, seed: str = "") -> None:
    """Plays ``games`` seeded random games of ``variant`` to their end, calling ``visit``
    before each move (which pushes it unless ``visit`` did). In half the hearts games one
    seat plays to shoot the moon."""
    rng = random.Random(f"differential-{variant}-{seed}")
    for number in range(games):
        game = new_game(variant, OPTIONS[variant], seed=f"differential-{variant}-{seed}-{number}")
        shooter = number % 8 if variant == "hearts" else 4  # seats 0..3 in half the games
        while game.phase is not Phase.GAME_OVER:
            seat = rng.choice(game.to_act())
            moves = game.legal_moves(seat)
            move = shooter_policy(game, seat, moves, rng, shooter) if shooter < 4 else rng.choice(moves)
            if not visit(game, seat, move):
                game.push(seat, move)


def position_text(game: Game) -> str:
    return format_position(game.deck, game.position())


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_legal_cards_and_every_tricks_winner_and_points_agree(variant):
    checked = {"cards": 0, "tricks": 0, "last tricks": 0}

    def visit(game: Game, seat: int, move: Move) -> bool:
        if not isinstance(move, Play):
            return False
        text = position_text(game)
        assert sorted(legal_cards(variant, text)) == sorted(card.code for card in game.legal_cards(seat)), text
        checked["cards"] += 1
        if len(game.current_trick) < game.players - 1:
            return False
        solved = trick_result(variant, text, [move.card.code])
        game.push(seat, move)  # the engine completes the trick
        trick = game.tricks[-1]
        assert (solved.winner, solved.points) == (trick.winner, trick.points), f"{text} + {move.card.code}"
        checked["tricks"] += 1
        checked["last tricks"] += game.phase in (Phase.DEAL_OVER, Phase.GAME_OVER)
        return True

    play_games(variant, soaked(10), visit)
    assert checked["cards"] > 300 and checked["tricks"] > 80 and checked["last tricks"] > 8, checked


def engine_count(game: Game, variant: str, taker: int | None, player: int) -> int:
    """The engine's count, once the deal is scored, of what the solver's value counts: the
    taker's side's tricks (euchre3) or card points with the last trick (belote3, belote),
    or the hearts player's deal score (the moon applied)."""
    result = game.results[-1]
    if variant == "hearts":
        return result.scores[player]
    assert taker is not None
    side = [seat for seat in range(game.players) if seat == taker or (variant == "belote" and seat % 2 == taker % 2)]
    counted = result.tricks if variant == "euchre3" else result.card_points
    return sum(counted[seat] for seat in side)


def play_line(game: Game, line: list[str]) -> None:
    """Plays the solver's line in the engine (declaring nothing where it asks), to the deal's end."""
    for code in line:
        while game.phase is Phase.DECLARATIONS:
            game.push(game.to_act()[0], Declare(False))
        game.push(game.to_act()[0], Play(game.deck.parse(code)))
    assert game.phase in (Phase.DEAL_OVER, Phase.GAME_OVER), "the line ends the deal"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_engine_scores_the_solvers_optimal_line_at_the_solved_value(variant):
    solver = Solver(memory_mb=64)
    rng = random.Random(f"lines-{variant}")
    checked = {"lines": 0, "moons": 0, "from the first card": 0}
    solved: list[object] = [None]  # the deal last solved (its state object)

    def visit(game: Game, seat: int, move: Move) -> bool:
        deal = (id(game), game.deal_number)
        if not isinstance(move, Play) or deal == solved[0] or len(game.hand(seat)) > LINE_CARDS[variant]:
            return False
        # A random card of the deal's later ones; in hearts at once while one seat holds
        # every point so far (the moon rule then decides the value more often).
        moon_open = variant == "hearts" and sum(1 for points in game.card_points_won if points) == 1
        if rng.random() > 0.3 and len(game.hand(seat)) > 1 and not moon_open:
            return False
        solved[0] = deal
        player = rng.randrange(game.players)
        text = position_text(game)
        solution = solver.solve(variant, text, player=player if variant == "hearts" else None)
        fork = game.fork()
        play_line(fork, solution.line)
        assert engine_count(fork, variant, game.taker, player) == solution.value, f"{text} (player {player}): {solution.line}"
        checked["lines"] += 1
        checked["moons"] += fork.results[-1].outcome is DealOutcome.MOON
        checked["from the first card"] += not game.tricks and not game.current_trick
        return False

    # hearts' lines are a few cards long, and a moon among them needs many games
    play_games(variant, soaked(40 if variant == "hearts" else 16), visit, seed="lines")
    assert checked["lines"] >= 12, checked
    if variant == "hearts":
        assert checked["moons"] >= 2, checked
    else:
        assert checked["from the first card"] >= 3, checked


@pytest.mark.parametrize("variant", ["belote", "belote3", "euchre3"])
def test_the_dd_tables_completion_agrees_with_the_engines(variant):
    """The DD table completes the dealt hands itself (and in euchre3 picks the taker's best
    discard): its entry for a game's contract is the value of the engine's completed deal."""
    solver = Solver(memory_mb=64)
    rng = random.Random(f"completion-{variant}")
    checked = {"taken": 0, "discarded": 0}
    for number in itertools.count():
        if checked["taken"] >= soaked(6) and (variant != "euchre3" or 0 < checked["discarded"] < checked["taken"]):
            break
        game = new_game(variant, OPTIONS[variant], seed=f"completion-{variant}-{number}")
        while game.phase is Phase.BIDDING:
            seat = rng.choice(game.to_act())
            game.push(seat, rng.choice(game.legal_moves(seat)))
        taker, trump = game.taker, game.trump
        if taker is None or trump is None:
            continue  # nobody took
        if game.phase is Phase.DISCARD:
            values = []
            for discard in game.legal_moves(taker):
                fork = game.fork()
                fork.push(taker, discard)
                values.append(solver.value(variant, position_text(fork)))
            value = max(values)
            checked["discarded"] += 1
        else:
            value = solver.value(variant, position_text(game))
        table = solver.dd_table(variant, format_deal(game.deck, game.dealt), game.dealer)
        assert table[(trump.code, taker)] == value, format_deal(game.deck, game.dealt)
        checked["taken"] += 1


@pytest.mark.parametrize("variant", ["belote", "belote3"])
def test_the_hands_a_declaration_allows_agree_with_the_engines_best_set(variant):
    """A declarer's hand with three cards hidden among seven: the sampler's draws for a
    shown declaration (or one beaten by another hand's best) are exactly the hands whose
    best set, by the engine, shows the same (or loses)."""
    rng = random.Random(f"declarations-{variant}")
    game_class = VARIANTS[variant]
    deck = sorted(game_class.deck.cards, key=lambda card: card.code)
    hand_size = 10 if variant == "belote3" else 8
    checked = 0
    while checked < soaked(24):
        trump = rng.choice(game_class.deck.suits)
        hand = frozenset(rng.sample(deck, hand_size))
        combos = best_set(hand, trump)
        if not combos:
            continue
        rest = [card for card in deck if card not in hand]
        other = best_set(frozenset(rng.sample(rest, hand_size)), trump)
        hidden = rng.sample(sorted(hand, key=lambda card: card.code), 3)
        seen = hand - set(hidden)
        unseen = hidden + rng.sample(rest, 4)
        if checked % 2 == 0:
            fact = (sum(c.value for c in combos), strongest(combos))
            shows, loses_to = (fact[0], strength_code(fact[1])), None

            def agrees(cards: frozenset, fact=fact, trump=trump) -> bool:
                found = best_set(cards, trump)
                return (sum(c.value for c in found), strongest(found)) == fact
        else:
            beaten_by = max(strongest(combos), strongest(other))
            shows, loses_to = None, (strength_code(beaten_by), True)

            def agrees(cards: frozenset, beaten_by=beaten_by, trump=trump) -> bool:
                found = best_set(cards, trump)
                return bool(found) and strongest(found) <= beaten_by
        codes = [card.code for card in unseen]
        declaration = ([card.code for card in seen], trump.code, shows, loses_to)
        holders = [(0, 3, [], codes, declaration), (1, 4, [], codes, None)]
        drawn = {frozenset(placement[0]) for placement in sample_placements(variant, codes, holders, seed=checked, count=600)}
        allowed = {frozenset(card.code for card in cards) for cards in itertools.combinations(unseen, 3) if agrees(seen | set(cards))}
        assert drawn == allowed, (sorted(card.code for card in hand), trump.code, shows, loses_to, codes)
        checked += 1

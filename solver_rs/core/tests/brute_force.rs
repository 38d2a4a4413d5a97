//! The solver against a plain minimax (no pruning, no table, no merging) written from
//! docs/rules.md on natural cards, independently of the solver's compiled rules: the value of
//! every legal card agrees on 3,000 random positions per variant with up to 4 tricks
//! left, mid-trick positions included. Each solution's line is replayed too.
//!
//! For a deeper check after a search change: `BRUTE_FORCE_POSITIONS=20000
//! BRUTE_FORCE_SEED=7 cargo test --release --test brute_force` (other positions, same rules).

use cardgames_solver::{Card, CardSet, Position, SolveOptions, Solver, Variant};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// 3,000: a wrong bound that needs a rare layout (a trump holder on lead with nothing but
/// trumps) failed with one seed in four at 1,000 positions, two in four at 3,000 (about a
/// minute more in the debug build the test command uses).
const POSITIONS_PER_VARIANT: usize = 3000;

/// How many positions, and which seeds (`BRUTE_FORCE_SEED` shifts every variant's).
fn positions_and_seed(seed: u64) -> (usize, u64) {
    let number = |name: &str| std::env::var(name).ok().map(|v| v.parse::<u64>().expect("a number"));
    let positions = number("BRUTE_FORCE_POSITIONS").map_or(POSITIONS_PER_VARIANT, |p| p as usize);
    (positions, seed + number("BRUTE_FORCE_SEED").unwrap_or(0) * 1000)
}

/// The rules again, on natural cards (suit * 16 + rank), straight from docs/rules.md.
struct Reference {
    variant: Variant,
    n: usize,
    trump: Option<u32>,
    taker: usize,
    hearts_player: usize,
}

const BELOTE_TRUMP_ORDER: [u32; 8] = [0, 1, 5, 6, 3, 7, 2, 4]; // 7 8 Q K 10 A 9 J by natural rank
const BELOTE_PLAIN_ORDER: [u32; 8] = [0, 1, 2, 4, 5, 6, 3, 7]; // 7 8 9 J Q K 10 A

fn suit(c: u32) -> u32 {
    c / 16
}
fn rank(c: u32) -> u32 {
    c % 16
}
/// Every card still in a hand or on the table.
fn in_play(hands: &[u64; 4], trick: &[(usize, u32)]) -> u64 {
    hands.iter().fold(0u64, |a, &h| a | h) | trick.iter().fold(0u64, |a, &(_, c)| a | (1u64 << c))
}

fn cards(set: u64) -> Vec<u32> {
    (0..64).filter(|&i| set & (1u64 << i) != 0).collect()
}

impl Reference {
    fn effective_suit(&self, c: u32) -> u32 {
        if self.variant == Variant::Euchre3 {
            if let Some(t) = self.trump {
                let same_colour = [1, 0, 3, 2][t as usize];
                if rank(c) == 0 && suit(c) == same_colour {
                    return t; // the Sage
                }
            }
        }
        suit(c)
    }

    fn strength(&self, c: u32) -> u32 {
        match self.variant {
            Variant::Belote | Variant::Belote3 => {
                let order = if Some(suit(c)) == self.trump { BELOTE_TRUMP_ORDER } else { BELOTE_PLAIN_ORDER };
                order.iter().position(|&r| r == rank(c)).unwrap() as u32
            }
            Variant::Euchre3 if self.trump.is_some() && rank(c) == 0 && self.effective_suit(c) == self.trump.unwrap() => {
                if suit(c) == self.trump.unwrap() {
                    100
                } else {
                    99
                }
            }
            _ => rank(c),
        }
    }

    fn points(&self, c: u32) -> i32 {
        match self.variant {
            Variant::Belote | Variant::Belote3 => {
                let trump = Some(suit(c)) == self.trump;
                match (rank(c), trump) {
                    (4, true) => 20,
                    (2, true) => 14,
                    (7, _) => 11,
                    (3, _) => 10,
                    (6, _) => 4,
                    (5, _) => 3,
                    (4, false) => 2,
                    _ => 0,
                }
            }
            Variant::Hearts if suit(c) == 1 => 1,
            Variant::Hearts if suit(c) == 0 && rank(c) == 10 => 13,
            _ => 0,
        }
    }

    fn is_trump(&self, c: u32) -> bool {
        Some(self.effective_suit(c)) == self.trump
    }

    fn winner(&self, trick: &[(usize, u32)]) -> usize {
        let led = self.effective_suit(trick[0].1);
        let key = |&(_, c): &(usize, u32)| (self.is_trump(c), self.effective_suit(c) == led, self.strength(c));
        trick.iter().max_by_key(|entry| key(entry)).unwrap().0
    }

    fn partner(&self, seat: usize) -> Option<usize> {
        match self.variant {
            Variant::Belote => Some((seat + 2) % 4),
            Variant::Belote3 if seat != self.taker => Some(3 - seat - self.taker),
            _ => None,
        }
    }

    fn legal(&self, hands: &[u64], seat: usize, trick: &[(usize, u32)], in_play: u64) -> Vec<u32> {
        let hand = cards(hands[seat]);
        let pick = |tiers: Vec<Vec<u32>>| -> Vec<u32> { tiers.into_iter().find(|tier| !tier.is_empty()).unwrap_or_else(|| hand.clone()) };
        let of = |keep: &dyn Fn(u32) -> bool| hand.iter().copied().filter(|&c| keep(c)).collect::<Vec<u32>>();
        let first_trick = self.variant == Variant::Hearts
            && hand.len() + usize::from(!trick.is_empty() && trick.iter().any(|&(s, _)| s == seat)) == 13
            && trick.len() + hands.iter().map(|h| h.count_ones() as usize).sum::<usize>() == 52;
        if trick.is_empty() {
            if self.variant != Variant::Hearts {
                return hand;
            }
            if first_trick {
                return pick(vec![of(&|c| c == 3 * 16)]);
            }
            let broken = (0..13).any(|r| in_play & (1u64 << (16 + r)) == 0);
            return if broken { hand } else { pick(vec![of(&|c| suit(c) != 1)]) };
        }
        let led = self.effective_suit(trick[0].1);
        let follow = of(&|c| self.effective_suit(c) == led);
        match self.variant {
            Variant::Hearts if first_trick => pick(vec![follow, of(&|c| self.points(c) == 0)]),
            Variant::Belote | Variant::Belote3 => {
                let best = trick.iter().map(|&(_, c)| c).filter(|&c| self.is_trump(c)).map(|c| self.strength(c)).max();
                let higher = of(&|c| self.is_trump(c) && best.is_none_or(|b| self.strength(c) > b));
                let trumps = of(&|c| self.is_trump(c));
                if Some(led) == self.trump {
                    return pick(vec![higher, trumps]);
                }
                if !follow.is_empty() {
                    return follow;
                }
                if self.partner(seat) == Some(self.winner(trick)) {
                    return hand;
                }
                pick(vec![higher, trumps])
            }
            _ => pick(vec![follow]),
        }
    }

    fn max_side(&self, seat: usize) -> bool {
        match self.variant {
            Variant::Bridge | Variant::Belote => seat % 2 == self.taker % 2,
            Variant::Hearts => seat != self.hearts_player,
            _ => seat == self.taker,
        }
    }

    /// The deal's final objective from per-seat totals (tricks, points).
    fn objective(&self, tricks: &[i32; 4], points: &[i32; 4]) -> i32 {
        match self.variant {
            Variant::Bridge | Variant::Euchre3 => (0..self.n).filter(|&s| self.max_side(s)).map(|s| tricks[s]).sum(),
            Variant::Belote | Variant::Belote3 => (0..self.n).filter(|&s| self.max_side(s)).map(|s| points[s]).sum(),
            Variant::Hearts => match (0..4).find(|&s| points[s] == 26) {
                Some(shooter) if shooter == self.hearts_player => 0,
                Some(_) => 26,
                None => points[self.hearts_player],
            },
        }
    }

    /// Minimax over every legal card: returns the final objective.
    fn minimax(&self, hands: &mut [u64; 4], trick: &mut Vec<(usize, u32)>, leader: usize, tricks: &mut [i32; 4], points: &mut [i32; 4]) -> i32 {
        if trick.is_empty() && hands.iter().all(|&h| h == 0) {
            return self.objective(tricks, points);
        }
        let seat = (leader + trick.len()) % self.n;
        let in_play = in_play(hands, trick);
        let maximising = self.max_side(seat);
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for card in self.legal(hands, seat, trick, in_play) {
            let value = self.after(hands, trick, leader, tricks, points, seat, card);
            best = if maximising { best.max(value) } else { best.min(value) };
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn after(
        &self,
        hands: &mut [u64; 4],
        trick: &mut Vec<(usize, u32)>,
        leader: usize,
        tricks: &mut [i32; 4],
        points: &mut [i32; 4],
        seat: usize,
        card: u32,
    ) -> i32 {
        hands[seat] &= !(1u64 << card);
        trick.push((seat, card));
        let value = if trick.len() == self.n {
            let winner = self.winner(trick);
            let last = hands.iter().all(|&h| h == 0);
            let won: i32 = trick.iter().map(|&(_, c)| self.points(c)).sum::<i32>()
                + if last && matches!(self.variant, Variant::Belote | Variant::Belote3) { 10 } else { 0 };
            let saved = std::mem::take(trick);
            tricks[winner] += 1;
            points[winner] += won;
            let value = self.minimax(hands, trick, winner, tricks, points);
            tricks[winner] -= 1;
            points[winner] -= won;
            *trick = saved;
            value
        } else {
            self.minimax(hands, trick, leader, tricks, points)
        };
        trick.pop();
        hands[seat] |= 1u64 << card;
        value
    }
}

fn deck_cards(variant: Variant) -> Vec<u32> {
    variant.deck().iter().map(|c| u32::from(c.index())).collect()
}

fn card_set(cards: &[u32]) -> CardSet {
    CardSet::from_indices(cards).unwrap()
}

/// A random position with `k` tricks left and a few cards of the current trick played.
fn random_position(variant: Variant, rng: &mut SmallRng) -> (Position, Reference) {
    let n = variant.players();
    let k = rng.random_range(1..=4usize);
    let mut deck = deck_cards(variant);
    deck.shuffle(rng);
    let mut hands = [0u64; 4];
    for seat in 0..n {
        for &c in &deck[seat * k..(seat + 1) * k] {
            hands[seat] |= 1u64 << c;
        }
    }
    let out_of_play: Vec<u32> = deck[n * k..].to_vec();
    let trump = match variant {
        Variant::Hearts => None,
        Variant::Bridge => [None, Some(0), Some(1), Some(2), Some(3)][rng.random_range(0..5)],
        _ => Some(rng.random_range(0..4)),
    };
    let taker = rng.random_range(0..n);
    let hearts_player = rng.random_range(0..n);
    let reference = Reference { variant, n, trump, taker, hearts_player };
    // What was won before: random, but possible (what `Position::new` checks): the tricks
    // played and the points of the cards out of play, each to a random seat; in hearts
    // half the time all to one player (his moon still open).
    let mut points = [0i32; 4];
    let mut tricks = [0i32; 4];
    for _ in 0..variant.hand_size().saturating_sub(k) {
        tricks[rng.random_range(0..n)] += 1;
    }
    if variant == Variant::Hearts && rng.random_bool(0.5) {
        points[rng.random_range(0..4)] = out_of_play.iter().map(|&c| reference.points(c)).sum();
    } else {
        for &card in &out_of_play {
            points[rng.random_range(0..n)] += reference.points(card);
        }
    }
    let leader = rng.random_range(0..n);
    let mut trick: Vec<(usize, u32)> = Vec::new();
    let in_trick = rng.random_range(0..n);
    for i in 0..in_trick {
        let seat = (leader + i) % n;
        let legal = reference.legal(&hands, seat, &trick, in_play(&hands, &trick));
        let card = legal[rng.random_range(0..legal.len())];
        hands[seat] &= !(1u64 << card);
        trick.push((seat, card));
    }
    let sets = hands.map(|h| card_set(&cards(h)));
    let trick_cards: Vec<Card> = trick.iter().map(|&(_, c)| Card::new(c).unwrap()).collect();
    let tricks_won = tricks.map(|t| t as u32);
    let taker = if variant == Variant::Hearts { None } else { Some(taker) };
    let position = Position::new(variant, sets, leader, trick_cards, trump, taker, points, tricks_won).unwrap();
    (position, reference)
}

fn check_variant(variant: Variant, seed: u64) {
    let (positions, seed) = positions_and_seed(seed);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut solver = Solver::with_memory(1 << 20);
    for case in 0..positions {
        let (position, reference) = random_position(variant, &mut rng);
        check_position(&mut solver, &position, &reference, case);
    }
}

/// The solver's values, lines and bound queries in `position` against the reference's.
fn check_position(solver: &mut Solver, position: &Position, reference: &Reference, case: usize) {
    let variant = reference.variant;
    let player = (variant == Variant::Hearts).then_some(reference.hearts_player);
    let solution = solver.solve(position, player, SolveOptions::default()).unwrap();
    let (mut hands, mut trick, mut tricks, mut points) = start_of(reference, position);
    let seat = position.to_play();
    let legal = reference.legal(&hands, seat, &trick, in_play(&hands, &trick));
    let mut expected: Vec<(u32, i32)> =
        legal.iter().map(|&c| (c, reference.after(&mut hands, &mut trick, position.leader(), &mut tricks, &mut points, seat, c))).collect();
    expected.sort();
    let got: Vec<(u32, i32)> = solution.card_values.iter().map(|&(c, v)| (u32::from(c.index()), v)).collect();
    let text = position.to_text();
    assert_eq!(got, expected, "{variant:?} case {case}: card values differ for {text}");
    let best = reference.minimax(&mut hands, &mut trick, position.leader(), &mut tricks, &mut points);
    assert_eq!(solution.value, best, "{variant:?} case {case}: value differs for {text}");
    // A bound query: the value is reached, one more is not (from a cold table too).
    solver.clear();
    assert!(solver.reaches(position, player, best, None).unwrap(), "{variant:?}: {best} not reached in {text}");
    assert!(!solver.reaches(position, player, best + 1, None).unwrap(), "{variant:?}: {} reached in {text}", best + 1);
    // A line short of a target the MAX side cannot reach ends below it.
    assert_eq!(solver.line_short_of(position, player, best, None).unwrap(), None);
    for target in [best + 1, best + 3] {
        let short = solver.line_short_of(position, player, target, None).unwrap().expect("a line short of the target");
        assert!(line_value(reference, position, &short) < target, "the short line reaches {target} in {text}");
    }
    // The optimal line, and the line after each card, are legal card by card and
    // achieve their values.
    assert_eq!(line_value(reference, position, &solution.line), solution.value, "the line misses the value in {text}");
    let lines = solver.card_lines(position, player, &solution.card_values, None).unwrap();
    for (&(card, value), line) in solution.card_values.iter().zip(&lines) {
        assert_eq!(line[0], card);
        assert_eq!(line_value(reference, position, line), value, "the line after {card:?} misses its value in {text}");
    }
}

/// A position as the reference plays it: hands as bits, the trick as (seat, card), tricks
/// and points won per seat.
#[allow(clippy::type_complexity)]
fn start_of(reference: &Reference, position: &Position) -> ([u64; 4], Vec<(usize, u32)>, [i32; 4], [i32; 4]) {
    let n = reference.n;
    let mut hands = [0u64; 4];
    for (hand, set) in hands.iter_mut().zip(position.hands()).take(n) {
        *hand = set.bits();
    }
    let trick = position.trick().iter().enumerate().map(|(i, c)| ((position.leader() + i) % n, u32::from(c.index()))).collect();
    (hands, trick, position.tricks().map(|t| t as i32), position.points())
}

/// The objective once `line` is played from `position` (each card checked legal).
fn line_value(reference: &Reference, position: &Position, line: &[Card]) -> i32 {
    let n = reference.n;
    let text = position.to_text();
    let (mut hands, mut trick, mut tricks, mut points) = start_of(reference, position);
    let mut leader = position.leader();
    for &card in line {
        let seat = (leader + trick.len()) % n;
        let c = u32::from(card.index());
        assert!(reference.legal(&hands, seat, &trick, in_play(&hands, &trick)).contains(&c), "illegal line card in {text}");
        hands[seat] &= !(1u64 << c);
        trick.push((seat, c));
        if trick.len() == n {
            let winner = reference.winner(&trick);
            let last = hands.iter().all(|&h| h == 0);
            let bonus = if last && matches!(position.variant(), Variant::Belote | Variant::Belote3) { 10 } else { 0 };
            points[winner] += trick.iter().map(|&(_, c)| reference.points(c)).sum::<i32>() + bonus;
            tricks[winner] += 1;
            trick.clear();
            leader = winner;
        }
    }
    assert!(hands.iter().all(|&h| h == 0) && trick.is_empty(), "the line stops early in {text}");
    reference.objective(&tricks, &points)
}

#[test]
fn bridge_agrees_with_minimax() {
    check_variant(Variant::Bridge, 1);
}

#[test]
fn euchre3_agrees_with_minimax() {
    check_variant(Variant::Euchre3, 2);
}

#[test]
fn belote3_agrees_with_minimax() {
    check_variant(Variant::Belote3, 3);
}

#[test]
fn hearts_agrees_with_minimax() {
    check_variant(Variant::Hearts, 4);
}

#[test]
fn belote_agrees_with_minimax() {
    check_variant(Variant::Belote, 5);
}

/// Positions where a card once searched stood for others of its lane that it must not:
/// after the 2♠ (or 5♠) is searched, the Q♠ (13 points) looks like a low spade unless its
/// identity is kept (found among random positions, rarer than the random test's reach).
#[test]
fn searched_cards_never_stand_for_the_queen_of_spades() {
    let mut solver = Solver::with_memory(1 << 20);
    for (case, (text, player)) in
        [("0:Q52..9. 9..AQ.J K.7.7.9 .Q3..2;leader=3;points=9 0 0 0;trick=TH", 1), ("0:A..T5.6 Q2...2 .7.J8. 7..Q3.;leader=1;points=6 2 1 1;trick=TH 6H TS", 0)]
            .into_iter()
            .enumerate()
    {
        let position = Position::parse(Variant::Hearts, text).unwrap();
        let reference = Reference { variant: Variant::Hearts, n: 4, trump: None, taker: 0, hearts_player: player };
        check_position(&mut solver, &position, &reference, case);
    }
}

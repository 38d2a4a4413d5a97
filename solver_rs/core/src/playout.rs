//! Hearts play-outs: a deal played to a point by a simple policy, for what exact search
//! cannot reach in time (a full 52-card hearts solve takes up to a minute, half a second at the median).
//!
//! Two uses. A card-play hint early in a hearts deal values each card by playing it, then
//! letting every seat follow [`policy_card`] until `exact_cards` cards are left at a trick
//! boundary, and solving the rest exactly. A passing hint values each choice of three
//! cards by a whole deal of policy play ([`pass_values`]).
//!
//! The policy sees only its own hand and the table: lead low (a heart only up to the 5
//! while anything else is quiet), duck under the trick's
//! winner as high as possible, and when it cannot, win with its highest card (never the
//! Q♠; in spades the lowest unless last, lest the queen land on a high spade); when void
//! shed the Q♠, then the A♠/K♠ while the queen is out, then hearts, then high cards.

use crate::cards::{bits, Card, CardSet};
use crate::deal::Deal;
use crate::error::SolverError;
use crate::position::Position;
use crate::rules::{first_leader, lane_of, Objective, Rules, LANES, MOON_POINTS};
use crate::search::state::State;
use crate::search::{SolveOptions, Solver};
use crate::variant::Variant;
use std::time::Instant;

const SPADES: usize = 0;
const HEARTS: usize = 1;
/// Ranks are strength bits within a lane: 0 is the 2, 12 the ace.
const QUEEN: u32 = 10;
/// The 2♥ to the 5♥ lead as safely as a low card of another suit (someone else takes the trick).
const LOW_HEART_RANKS: u32 = 4;

fn rank(card: u32) -> u32 {
    card % 16
}

fn lowest(set: u64) -> u32 {
    set.trailing_zeros()
}

fn highest(set: u64) -> u32 {
    63 - set.leading_zeros()
}

/// The lowest-ranked card of `set`, lanes compared by rank (ties: the first lane).
fn lowest_rank(set: u64) -> u32 {
    bits(set).min_by_key(|&card| (rank(card), card)).expect("a non-empty set")
}

fn highest_rank(set: u64) -> u32 {
    bits(set).max_by_key(|&card| (rank(card), std::cmp::Reverse(card))).expect("a non-empty set")
}

fn nonzero_or(preferred: u64, fallback: u64) -> u64 {
    if preferred != 0 {
        preferred
    } else {
        fallback
    }
}

/// The policy's card for the seat to move (internal layout).
pub(crate) fn policy_card(rules: &Rules, st: &State) -> u32 {
    let legal = st.legal(rules);
    let queen = (SPADES * 16) as u32 + QUEEN;
    let queen_bit = 1u64 << queen;
    let high_spades = LANES[SPADES] & !((1u64 << (queen + 1)) - 1); // K♠ and A♠
    if st.trick_len == 0 {
        // Lead low, keeping the Q♠ and the spades above it, and hearts above the 5 while possible.
        let high_hearts = LANES[HEARTS] & !((1u64 << (HEARTS as u32 * 16 + LOW_HEART_RANKS)) - 1);
        let quiet = nonzero_or(legal & !queen_bit & !high_spades & !high_hearts, legal & !queen_bit & !high_spades);
        return lowest_rank(nonzero_or(quiet, legal));
    }
    let led = lane_of(u32::from(st.trick[0]));
    if legal & LANES[led] != 0 {
        let winner = u32::from(st.trick[rules.winning(&st.trick[..st.trick_len])]);
        let under = legal & ((1u64 << winner) - 1) & LANES[led];
        if under != 0 {
            return highest(under); // duck, shedding as high a card as possible
        }
        // Winning for now: shed the highest, but in spades, not last, the lowest.
        let without_queen = nonzero_or(legal & !queen_bit, legal);
        return if led == SPADES && st.trick_len != rules.n - 1 { lowest(without_queen) } else { highest(without_queen) };
    }
    // Void in the led suit: shed the most dangerous card.
    if legal & queen_bit != 0 {
        return queen;
    }
    let own_queen = st.hands[st.to_play(rules.n)] & queen_bit != 0;
    if st.in_play() & queen_bit != 0 && !own_queen && legal & high_spades != 0 {
        return highest(legal & high_spades);
    }
    if legal & LANES[HEARTS] != 0 {
        return highest(legal & LANES[HEARTS]);
    }
    highest_rank(legal)
}

/// A hearts deal in progress with each seat's points and tricks, played by the policy.
struct Playout<'a> {
    rules: &'a Rules,
    st: State,
    points: [i32; 4],
    tricks: [u32; 4],
}

impl<'a> Playout<'a> {
    fn new(rules: &'a Rules, position: &Position) -> Playout<'a> {
        Playout { rules, st: State::new(rules, position), points: position.points(), tricks: position.tricks() }
    }

    fn play(&mut self, card: u32) {
        let trick_cards = self.st.on_table() | 1u64 << card;
        let undo = self.st.play(self.rules, card);
        if undo.completed.is_some() {
            let winner = self.st.leader; // the winner leads the next trick
            self.points[winner] += self.rules.points_of(trick_cards);
            self.tricks[winner] += 1;
        }
    }

    fn cards_left(&self) -> u32 {
        self.st.in_play().count_ones()
    }

    /// Policy play until at most `cards` cards are left with no trick in progress.
    fn run_until(&mut self, cards: u32) {
        while self.cards_left() > 0 && (self.cards_left() > cards || self.st.trick_len != 0) {
            let card = policy_card(self.rules, &self.st);
            self.play(card);
        }
    }

    /// `player`'s score once the deal is over (docs/rules.md hearts "Score", moon included).
    fn final_score(&self, player: usize) -> i32 {
        let shooter = (0..self.rules.n).find(|&seat| self.points[seat] == MOON_POINTS);
        match shooter {
            Some(seat) if seat == player => 0,
            Some(_) => MOON_POINTS,
            None => self.points[player],
        }
    }

    /// The position reached (no trick in progress).
    fn position(&self) -> Result<Position, SolverError> {
        let mut hands = [CardSet::EMPTY; 4];
        for (seat, hand) in hands.iter_mut().enumerate().take(self.rules.n) {
            for card in bits(self.st.hands[seat]) {
                hand.insert(self.rules.natural(card));
            }
        }
        Position::new(Variant::Hearts, hands, self.st.leader, vec![], None, None, self.points, self.tricks)
    }
}

/// Each legal card's value for `player` in a hearts `position`: the card, policy play down
/// to `exact_cards` cards, then an exact solve. Cards in [`crate::search::legal_cards`] order.
pub fn card_values_by_playout(
    solver: &mut Solver,
    position: &Position,
    player: usize,
    exact_cards: u32,
    deadline: Option<Instant>,
) -> Result<(Vec<i32>, u64), SolverError> {
    let rules = Rules::new(position, Objective::Hearts { player });
    let cards = crate::search::legal_cards(position);
    let mut values = Vec::with_capacity(cards.len());
    let mut nodes = 0;
    for card in cards {
        stop_at(deadline)?;
        let mut playout = Playout::new(&rules, position);
        playout.play(rules.to_internal[card.index() as usize].into());
        playout.run_until(exact_cards);
        if playout.cards_left() == 0 {
            values.push(playout.final_score(player));
            continue;
        }
        let options = SolveOptions { all_cards: false, line: false, deadline };
        let solution = solver.solve(&playout.position()?, Some(player), options)?;
        nodes += solution.nodes;
        values.push(solution.value);
    }
    Ok((values, nodes))
}

/// The policy's three cards to pass from a 13-card hearts hand: the most dangerous ones
/// (the Q♠ and the spades above it, then hearts high first, then high cards).
fn policy_pass(hand: u64) -> u64 {
    let danger = |card: u32| -> u32 {
        let (lane, rank) = (card as usize / 16, rank(card));
        match lane {
            SPADES if rank >= QUEEN => 100 + rank,
            HEARTS => 50 + rank,
            _ => rank,
        }
    };
    let mut cards: Vec<u32> = bits(hand).collect();
    cards.sort_by_key(|&card| std::cmp::Reverse((danger(card), card)));
    cards[..3].iter().fold(0, |acc, &card| acc | (1u64 << card))
}

/// Every choice of three cards `seat` may pass from its hand in a hearts `deal`, with
/// `seat`'s score after the passes (the others pass by the policy; `offset` is the
/// receiver: 1 left, 3 right, 2 across) and a whole deal of policy play. Choices in
/// lexicographic order of card indices; [`SolverError::Stopped`] once `deadline` passes.
pub fn pass_values(deal: &Deal, seat: usize, offset: usize, deadline: Option<Instant>) -> Result<Vec<([Card; 3], i32)>, SolverError> {
    if deal.variant() != Variant::Hearts {
        return Err(SolverError::InvalidPosition("a pass needs a hearts deal".into()));
    }
    if seat >= 4 || !(1..=3).contains(&offset) {
        return Err(SolverError::InvalidPosition("the passer is a seat and the receiver another".into()));
    }
    // The rules of the deal as dealt (they do not depend on who holds what).
    let leader = first_leader(deal.hands()).ok_or(SolverError::MissingArgument("2C"))?;
    let dealt = Position::new(Variant::Hearts, *deal.hands(), leader, vec![], None, None, [0; 4], [0; 4])?;
    let rules = Rules::new(&dealt, Objective::Hearts { player: seat });
    let hands: Vec<u64> = deal.hands().iter().map(|&hand| rules.internal_set(hand)).collect();
    let others_pass: Vec<u64> = (0..4).map(|s| if s == seat { 0 } else { policy_pass(hands[s]) }).collect();
    let own: Vec<u32> = bits(hands[seat]).collect();
    let mut values = Vec::new();
    for (i, &a) in own.iter().enumerate() {
        for (j, &b) in own.iter().enumerate().skip(i + 1) {
            for &c in own.iter().skip(j + 1) {
                stop_at(deadline)?;
                let given = (1u64 << a) | (1u64 << b) | (1u64 << c);
                let mut after = [0u64; 4];
                for giver in 0..4 {
                    let passed = if giver == seat { given } else { others_pass[giver] };
                    after[giver] |= hands[giver] & !passed;
                    after[(giver + offset) % 4] |= passed;
                }
                let score = play_whole_deal(&rules, after, seat)?;
                let mut natural = [rules.natural(a), rules.natural(b), rules.natural(c)];
                natural.sort();
                values.push((natural, score));
            }
        }
    }
    values.sort_by_key(|&(cards, _)| cards);
    Ok(values)
}

/// [`SolverError::Stopped`] once `deadline` has passed: the play-outs between searches look
/// at the clock too, so a deal abandoned at a hint's budget ends within a play-out.
fn stop_at(deadline: Option<Instant>) -> Result<(), SolverError> {
    match deadline {
        _ if crate::search::interrupt::interrupted() => Err(SolverError::Stopped),
        Some(end) if Instant::now() >= end => Err(SolverError::Stopped),
        _ => Ok(()),
    }
}

fn play_whole_deal(rules: &Rules, hands: [u64; 4], player: usize) -> Result<i32, SolverError> {
    let mut natural = [CardSet::EMPTY; 4];
    for (seat, hand) in hands.iter().enumerate() {
        for card in bits(*hand) {
            natural[seat].insert(rules.natural(card));
        }
    }
    let leader = first_leader(&natural).ok_or(SolverError::MissingArgument("2C"))?;
    let position = Position::new(Variant::Hearts, natural, leader, vec![], None, None, [0; 4], [0; 4])?;
    let mut playout = Playout::new(rules, &position);
    playout.run_until(0);
    Ok(playout.final_score(player))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(text: &str) -> Position {
        Position::parse(Variant::Hearts, text).unwrap()
    }

    /// The policy's card for the seat to move in `text`, as a code.
    fn policy_in(text: &str) -> Card {
        let position = deal(text);
        let rules = Rules::new(&position, Objective::Hearts { player: 0 });
        rules.natural(policy_card(&rules, &State::new(&rules, &position)))
    }

    fn card(code: &str) -> Card {
        crate::notation::parse_cards(Variant::Hearts, code).unwrap()[0]
    }

    #[test]
    fn a_follower_that_cannot_duck_sheds_its_highest_but_not_in_spades_before_the_last() {
        // Clubs led, every club of seat 1 above the 5: the king, not the 7.
        assert_eq!(policy_in("0:A.2.. ...KQ7 K.3.2. Q.4.3.;leader=0;trick=5C;points=10 0 0 0;tricks=10 0 0 0"), card("KC"));
        // Spades led: the lowest spade (never the queen), lest the queen land on a high one.
        assert_eq!(policy_in("0:A.2.. KQ7... ..2.KQ ..3.J8;leader=0;trick=5S;points=12 0 0 0;tricks=10 0 0 0"), card("7S"));
        // Last to play in spades: the trick is its own, so the highest but the queen.
        assert_eq!(policy_in("0:..2.A ..3.K ..4.J KQ7...;leader=0;trick=5S 4S 3S;points=13 0 0 0;tricks=10 0 0 0"), card("KS"));
        // Last, a heart on the trick, no diamond under the winner: taken with the highest.
        assert_eq!(policy_in("0:.2.3. .5..4 .6.5. ..QT9.;leader=0;trick=8D 3H 2D;points=22 0 0 0;tricks=10 0 0 0"), card("QD"));
        // A card under the winner: ducked as high as possible.
        assert_eq!(policy_in("0:A.2.. ...KQ4 K.3.2. Q.4.3.;leader=0;trick=5C;points=10 0 0 0;tricks=10 0 0 0"), card("4C"));
    }

    #[test]
    fn a_lead_is_low_and_a_low_heart_counts_as_low() {
        // Hearts broken: the 3♥ leads before the 7♣, the 9♥ does not.
        let lead = |hand: &str| policy_in(&format!("0:{hand} 2..3. 3..4. Q..5.;leader=0;points=12 0 0 0;tricks=11 0 0 0"));
        assert_eq!(lead(".3..7"), card("3H"));
        assert_eq!(lead(".9..7"), card("7C"));
        // The spades above the Q♠ kept while anything else is legal, a high heart included.
        assert_eq!(lead("K.9.."), card("9H"));
    }

    #[test]
    fn a_policy_deal_gives_out_all_26_points_or_a_moon() {
        let position = deal("0:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432;leader=3");
        let rules = Rules::new(&position, Objective::Hearts { player: 0 });
        let mut playout = Playout::new(&rules, &position);
        playout.run_until(0);
        assert_eq!(playout.points.iter().sum::<i32>(), 26);
        assert_eq!(playout.tricks.iter().sum::<u32>(), 13);
        let scores: Vec<i32> = (0..4).map(|seat| playout.final_score(seat)).collect();
        assert!(scores.iter().sum::<i32>() == 26 || scores.iter().sum::<i32>() == 78);
    }

    #[test]
    fn policy_play_only_makes_legal_moves_and_stops_at_a_trick_boundary() {
        let position = deal("0:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432;leader=3");
        let rules = Rules::new(&position, Objective::Hearts { player: 1 });
        let mut playout = Playout::new(&rules, &position);
        while playout.cards_left() > 20 {
            let card = policy_card(&rules, &playout.st);
            assert!(playout.st.legal(&rules) & (1u64 << card) != 0);
            playout.play(card);
        }
        let mut again = Playout::new(&rules, &position);
        again.run_until(20);
        assert_eq!(again.cards_left(), 20);
        assert_eq!(again.st.trick_len, 0);
        assert!(again.position().is_ok());
    }

    #[test]
    fn the_policy_plays_only_legal_cards_in_random_deals() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let deck: Vec<Card> = Variant::Hearts.deck().iter().collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..300 {
            let mut cards = deck.clone();
            cards.shuffle(&mut rng);
            let mut hands = [CardSet::EMPTY; 4];
            for (i, &card) in cards.iter().enumerate() {
                hands[i % 4].insert(card);
            }
            let leader = first_leader(&hands).unwrap();
            let position = Position::new(Variant::Hearts, hands, leader, vec![], None, None, [0; 4], [0; 4]).unwrap();
            let rules = Rules::new(&position, Objective::Hearts { player: 0 });
            let mut playout = Playout::new(&rules, &position);
            while playout.cards_left() > 0 {
                let card = policy_card(&rules, &playout.st);
                assert!(playout.st.legal(&rules) & (1u64 << card) != 0, "illegal policy card");
                playout.play(card);
            }
            assert_eq!(playout.points.iter().sum::<i32>(), 26);
            assert_eq!(playout.tricks.iter().sum::<u32>(), 13);
        }
    }

    #[test]
    fn every_pass_is_valued_once() {
        let dealt = Deal::parse(Variant::Hearts, "0:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432").unwrap();
        let values = pass_values(&dealt, 0, 1, None).unwrap();
        assert_eq!(values.len(), 286);
        assert!(values.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(values.iter().all(|&(_, score)| (0..=26).contains(&score)));
        assert!(pass_values(&dealt, 0, 0, None).is_err());
    }
}

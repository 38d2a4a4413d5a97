//! Move generation for the search: one card per run of equivalent cards, best first.
//!
//! The driver here ([`ordered`]) scores each representative card against what one node
//! offers ([`Context`], worked out once a node) and sorts them; each concern in its file:
//! - [`equivalence`]: the runs of equivalent cards (adjacent in play, equal in points);
//! - [`leads`]: leads in the trick games (sure winners, partner's cards and ruffs, the
//!   narrower lane first, DDS's suit weights in bridge);
//! - [`following`]: the second, third and fourth hands in the trick games (play low when
//!   the side has the trick, the cheapest sure winner, bridge's discards and forcing card);
//! - [`hearts`]: hearts' own order (lead low, duck high, shed points onto others' tricks).

mod equivalence;
mod following;
mod hearts;
mod leads;

pub(crate) use equivalence::{representative_of, representatives};

use super::state::State;
use crate::cards::bits;
use crate::rules::{lane_of, seat_after, Objective, Rules, LANES};
use leads::Against;

#[derive(Clone, Copy)]
pub(crate) struct Moves {
    cards: [u8; 16],
    len: usize,
    /// The legal cards, and those left out as equivalent to a representative.
    pub legal: u64,
    pub merged: u64,
}

impl Moves {
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len]
    }

    /// Puts `card` first, if it is among the moves.
    pub(crate) fn put_first(&mut self, card: u8) {
        if let Some(at) = self.cards[..self.len].iter().position(|&c| c == card) {
            self.cards[..=at].rotate_right(1);
        }
    }
}

/// The representatives of the legal cards, by heuristic, the `killer` (see
/// `alpha_beta.rs`) weighing `KILLER_WEIGHT` more.
pub(crate) fn ordered(rules: &Rules, st: &State, killer: Option<u32>) -> Moves {
    let in_play = st.in_play();
    let legal = st.legal(rules);
    let reps = representatives(rules, legal, in_play);
    if reps.count_ones() == 1 {
        // A forced move (one card, or a run of equivalent ones): nothing to order.
        let mut moves = Moves { cards: [0; 16], len: 1, legal, merged: legal & !reps };
        moves.cards[0] = reps.trailing_zeros() as u8;
        return moves;
    }
    let context = Context::new(rules, st);
    let mut scored: [(i32, u8); 16] = [(0, 0); 16];
    let mut len = 0;
    for card in bits(reps) {
        let score = if Some(card) == killer {
            heuristic(rules, st, &context, card) + KILLER_WEIGHT
        } else if st.trick_len == 0 && rules.plain_tricks() && leads::heads_a_sequence(card, in_play, legal & !reps) {
            // Bridge: a lead from the top of a sequence (KQJ) goes before low ones (40 deals
            // and 40 positions together -4.5% nodes).
            heuristic(rules, st, &context, card) + leads::SEQUENCE_LEAD_WEIGHT * (card % 16) as i32
        } else {
            heuristic(rules, st, &context, card)
        };
        if len < 16 {
            scored[len] = (score, card as u8);
            len += 1;
        }
    }
    scored[..len].sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
    let mut moves = Moves { cards: [0; 16], len, legal, merged: legal & !reps };
    for (i, &(_, card)) in scored[..len].iter().enumerate() {
        moves.cards[i] = card;
    }
    moves
}

/// What the killer lead (see `Search::lead_killers`) adds to its heuristic score: a bonus,
/// not first. With the narrow-lead weights (`leads::NARROW_LEAD_WEIGHT`), a killer that refuted a sibling is often
/// a valid but costly refutation where a sure winner proves the same in a few nodes (100
/// to 300 do about as well; figures in benchmarks/README.md, "Move ordering").
const KILLER_WEIGHT: i32 = 200;

/// What every move of one node is scored against: computed once per node.
struct Context {
    seat: usize,
    best: u32,
    winner: usize,
    /// At a lead (not in hearts): what the opponents hold against each lane.
    against: Option<Against>,
    /// Following: the seat's side wins the trick whatever the others play (or, second
    /// hand, partner last to play can win it: `last_hand_wins`).
    side_has_it: bool,
    /// Bridge, void in the led lane: what a discard from each lane weighs.
    discards: [i32; 4],
    /// Hearts, at a lead: how many cards the other three may answer a lead of each lane
    /// with (a void one: any of his cards).
    answers: [i32; 4],
    /// Bridge, third hand: the card that forces out the fourth hand's top one
    /// (`forcing_card`), or 0.
    forcing: u64,
}

impl Context {
    fn new(rules: &Rules, st: &State) -> Context {
        let seat = st.to_play(rules.n);
        if st.trick_len == 0 {
            let hearts = rules.is_hearts();
            let against = (!hearts).then(|| Against::new(rules, st, seat));
            let answers = if hearts { std::array::from_fn(|lane| leads::answers_to(rules, st, seat, lane, |_| true)) } else { [0; 4] };
            return Context { seat, best: 0, winner: seat, against, side_has_it: false, discards: [0; 4], answers, forcing: 0 };
        }
        let trick = &st.trick[..st.trick_len];
        let index = rules.winning(trick);
        let (best, winner) = (u32::from(trick[index]), seat_after(st.leader, index, rules.n));
        let led = lane_of(u32::from(trick[0]));
        let side_has_it = rules.max_side[winner] == rules.max_side[seat] && following::sure_to_win(rules, st, best, winner, led)
            || st.trick_len == 1 && !rules.is_hearts() && following::last_hand_wins(rules, st, seat, led);
        let void = st.hands[seat] & LANES[led] == 0;
        let discards = if rules.plain_tricks() && void { std::array::from_fn(|lane| following::discard_weight(rules, st, seat, lane)) } else { [0; 4] };
        let forcing = if st.trick_len == 2 && rules.plain_tricks() { following::forcing_card(rules, st, seat, led) } else { 0 };
        Context { seat, best, winner, against: None, side_has_it, discards, answers: [0; 4], forcing }
    }
}

fn heuristic(rules: &Rules, st: &State, context: &Context, card: u32) -> i32 {
    let rank = (card % 16) as i32;
    let points = rules.points[card as usize];
    if let Objective::Hearts { player } = rules.objective {
        return hearts::score(rules, st, context, card, player, rank, points);
    }
    if let Some(against) = &context.against {
        return leads::score(against, card, rank, points);
    }
    following::score(rules, st, context, card, rank, points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_card_goes_first_and_the_rest_keep_their_order() {
        let mut moves = Moves { cards: [0; 16], len: 4, legal: 0, merged: 0 };
        moves.cards[..4].copy_from_slice(&[7, 3, 9, 1]);
        moves.put_first(9);
        assert_eq!(moves.as_slice(), [9, 7, 3, 1]);
        moves.put_first(42); // not a move: nothing changes
        assert_eq!(moves.as_slice(), [9, 7, 3, 1]);
    }
}

/// Positions the ordering tests of several files share.
#[cfg(test)]
mod fixtures {
    use super::ordered;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::search::state::State;
    use crate::variant::Variant;

    /// The card the order puts first in `text` (hearts: for player 0).
    pub(super) fn first_card(variant: Variant, text: &str) -> String {
        let position = Position::parse(variant, text).unwrap();
        let rules = Rules::new(&position, crate::search::objective_for(&position, Some(0)).unwrap());
        let st = State::new(&rules, &position);
        variant.card_code(rules.natural(u32::from(ordered(&rules, &st, None).as_slice()[0])))
    }
}

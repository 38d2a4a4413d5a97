//! Cheap bounds on the future value, checked before searching a node.
//!
//! What is left to win bounds every node (here); each file below tightens that by one
//! concern, and the driver, [`future_bounds`], asks each where it applies:
//! - [`quick_tricks`]: at a trick boundary, the top cards the leader's side can cash at once;
//! - [`master_trumps`]: the run of top trumps one side holds wins its tricks whoever leads;
//! - [`bridge`]: DDS's second-hand quick tricks, later tricks and rank-free sure tricks,
//!   for partnerships playing for tricks only (bridge's card play, `Rules::plain_tricks`);
//! - [`hearts`]: the moon rule and the tricks the player cannot win, for his score.
//!
//! Each bound carries the cards whose ranks it relies on, so a node one bound settles
//! relies on that bound's cards only (partition search keeps no more of the position).

mod bridge;
mod hearts;
mod master_trumps;
mod quick_tricks;

pub(crate) use master_trumps::master_run;

use super::state::{Moon, State};
use crate::rules::{Objective, Rules, MOON_POINTS};

/// Bounds on the future value the MAX side can end with from a node, each with the cards
/// whose ranks it relies on (the top cards it counts): a node settled by one bound relies
/// on that bound's cards only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Future {
    pub low: i32,
    pub high: i32,
    pub low_relies: u64,
    pub high_relies: u64,
}

impl Future {
    /// MAX is sure of `value`, relying on `relies`: kept if tighter.
    fn raise(&mut self, value: i32, relies: u64) {
        // Of two bounds alike, the one relying on fewer cards (its entries serve more).
        let tie = value == self.low && value > 0 && relies.count_ones() < self.low_relies.count_ones();
        if value > self.low || tie {
            (self.low, self.low_relies) = (value.min(self.high), relies);
        }
    }

    /// MIN is sure of keeping MAX to `value`, relying on `relies`: kept if tighter.
    fn lower(&mut self, value: i32, relies: u64) {
        let tie = value == self.high && self.high_relies != 0 && relies.count_ones() < self.high_relies.count_ones();
        if value < self.high || tie {
            (self.high, self.high_relies) = (value.max(self.low), relies);
        }
    }

    /// One side (the MAX side or not) is sure of `value` out of the `total` still to win.
    fn side_sure(&mut self, max_side: bool, value: i32, total: i32, relies: u64) {
        if max_side {
            self.raise(value, relies);
        } else {
            self.lower(total - value, relies);
        }
    }
}

/// Every cheap bound on the future value of the node `st`, each with the cards it relies on.
pub(crate) fn future_bounds(rules: &Rules, st: &State) -> Future {
    let (low, high) = basic_bounds(rules, st);
    let mut future = Future { low, high, low_relies: 0, high_relies: 0 };
    if st.trick_len == 1 && rules.plain_tricks() {
        if let Some((tricks, relied)) = bridge::second_hand_wins(rules, st) {
            let seat = st.to_play(rules.n);
            future.side_sure(rules.max_side[seat], (tricks as i32).min(high), high, relied);
            return future;
        }
    }
    if let Objective::Hearts { player } = rules.objective {
        hearts::tighten(rules, st, player, &mut future);
        return future;
    }
    if st.trick_len != 0 {
        return future;
    }
    let (tricks, points, cashed) = quick_tricks::quick_tricks(rules, st);
    let gain = match rules.objective {
        Objective::Tricks => tricks as i32,
        _ if tricks == 0 => 0,
        _ => points + if tricks == st.tricks_left { rules.last_trick_bonus } else { 0 },
    };
    // Both are lower bounds on what one side wins: take the larger, never the sum.
    let (max_sure, min_sure, masters) = master_trumps::master_trumps(rules, st);
    future.raise(max_sure, masters);
    future.lower(high - min_sure, masters);
    future.side_sure(rules.max_side[st.leader], gain, high, cashed);
    if rules.plain_tricks() {
        bridge::tighten_at_a_lead(rules, st, high, &mut future);
    }
    future
}

fn basic_bounds(rules: &Rules, st: &State) -> (i32, i32) {
    match rules.objective {
        Objective::Tricks => (0, st.tricks_left as i32),
        Objective::Points => (0, st.points_left(rules)),
        Objective::Hearts { player } => {
            let left = st.points_left(rules);
            if left == 0 {
                // Every point card is played: the moon rule alone is still to come.
                let settled = st.terminal(rules);
                (settled, settled)
            } else if st.moon_open_to_others(player) {
                (0, MOON_POINTS.max(left)) // someone else may shoot: 26 for the player
            } else if st.moon() == Moon::Holder(player) {
                // The player may still shoot (back to 0); if he does not, another seat takes
                // at least one of the points left.
                (-(MOON_POINTS - left), left - 1)
            } else {
                (0, left) // nobody can shoot any more: the player takes what is left at most
            }
        }
    }
}

/// The cards the `seats` hold between them.
fn cards_of(st: &State, seats: impl Iterator<Item = usize>) -> u64 {
    seats.fold(0u64, |acc, seat| acc | st.hands[seat])
}

/// Positions the bound tests of several files share.
#[cfg(test)]
mod fixtures {
    use crate::position::Position;
    use crate::rules::{Objective, Rules};
    use crate::search::state::State;
    use crate::variant::Variant;

    /// A bridge position's rules (trick objective) and search state.
    pub(super) fn bridge(text: &str) -> (Rules, State) {
        let position = Position::parse(Variant::Bridge, text).unwrap();
        let rules = Rules::new(&position, Objective::Tricks);
        let st = State::new(&rules, &position);
        (rules, st)
    }

    /// The bounds of a bridge position, and the cards each relies on as codes.
    pub(super) fn bridge_future(text: &str) -> (i32, i32, Vec<String>, Vec<String>) {
        let (rules, st) = bridge(text);
        let future = super::future_bounds(&rules, &st);
        let codes = |cards: u64| {
            let deck = Variant::Bridge.deck();
            deck.iter().filter(|&card| cards & rules.internal_bit(card) != 0).map(|card| Variant::Bridge.card_code(card)).collect()
        };
        (future.low, future.high, codes(future.low_relies), codes(future.high_relies))
    }
}

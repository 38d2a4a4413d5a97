//! A small direct-mapped cache of exact positions the partition table settled, in front of
//! it (hearts only).
//!
//! A hearts search meets the same exact position again soon after the table settled it
//! (another order of the same cards, a sibling's line): a partition probe then computes
//! the position's shape and owners and scans a list of entries, where the cache compares
//! the four hands once. Bounds stay true of a position for good (the key holds the rules'
//! fingerprint and the moon status, as the partition table's shape does), so an entry
//! needs no generation; a newer one of the same slot simply replaces it.
//!
//! 2^12 slots (256 KB) measured best: a larger cache misses the processor's caches itself
//! (the positions met again are recent ones). In bridge it saves nothing: fewer exact
//! positions come back there (figures in benchmarks/README.md, "Partition search").

use super::partition::FxHasher;
use super::state::State;
use super::table::Bounds;
use std::hash::Hasher;

/// log2 of the slots.
const SLOT_BITS: u32 = 12;

/// Bounds on a position and the cards (ranks) each of them relies on, as the partition
/// table found them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    pub bounds: Bounds,
    pub lower_relies: u64,
    pub upper_relies: u64,
}

impl Found {
    /// Whether the bounds settle a search with window (`alpha`, `beta`).
    pub(crate) fn settles(&self, alpha: i32, beta: i32) -> bool {
        self.bounds.settle(alpha, beta).is_some()
    }

    /// The cards a search with window (`alpha`, `beta`) relies on when it takes these
    /// bounds: a bound that settles it alone relies on its own cards only, and a bound that
    /// does not narrow the window on none.
    pub(crate) fn relies(&self, alpha: i32, beta: i32) -> u64 {
        let Bounds { lower, upper } = self.bounds;
        if lower >= beta {
            self.lower_relies
        } else if upper <= alpha {
            self.upper_relies
        } else {
            (if lower > alpha { self.lower_relies } else { 0 }) | (if upper < beta { self.upper_relies } else { 0 })
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Slot {
    hands: [u64; 4],
    /// The partition shape's meta word (fingerprint, moon status, leader). A slot never
    /// written holds no card: no position probed (a trick still to play) matches it.
    meta: u64,
    found: Found,
}

const EMPTY: Slot = Slot { hands: [0; 4], meta: 0, found: Found { bounds: Bounds::UNKNOWN, lower_relies: 0, upper_relies: 0 } };

#[derive(Debug, Default)]
pub(crate) struct Recall {
    /// Allocated at the first hearts probe: other variants never pay for it.
    slots: Vec<Slot>,
}

impl Recall {
    pub(crate) fn clear(&mut self) {
        self.slots = Vec::new();
    }

    /// What settled this exact position before, if anything did.
    pub(crate) fn get(&self, st: &State, meta: u64) -> Option<Found> {
        let slot = self.slots.get(slot_of(&st.hands, meta))?;
        (slot.meta == meta && slot.hands == st.hands).then_some(slot.found)
    }

    pub(crate) fn put(&mut self, st: &State, meta: u64, found: Found) {
        if self.slots.is_empty() {
            self.slots = vec![EMPTY; 1 << SLOT_BITS];
        }
        self.slots[slot_of(&st.hands, meta)] = Slot { hands: st.hands, meta, found };
    }

    /// The memory it holds.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }
}

/// The slot of a position: the top bits of the partition table's hash of its words (the
/// last step of that hash is a multiplication, so they are the best mixed).
fn slot_of(hands: &[u64; 4], meta: u64) -> usize {
    let mut hasher = FxHasher::default();
    hands.iter().chain([&meta]).for_each(|&word| hasher.write_u64(word));
    (hasher.finish() >> (64 - SLOT_BITS)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::{Objective, Rules};
    use crate::variant::Variant;

    fn state(text: &str) -> State {
        let position = Position::parse(Variant::Hearts, text).unwrap();
        State::new(&Rules::new(&position, Objective::Hearts { player: 0 }), &position)
    }

    #[test]
    fn it_gives_back_only_the_exact_position_it_was_given() {
        let st = state("0:A... K... Q... J...;leader=0;points=7 6 0 0");
        let other = state("0:K... A... Q... J...;leader=0;points=7 6 0 0");
        let found = Found { bounds: Bounds { lower: 1, upper: 1 }, lower_relies: 2, upper_relies: 4 };
        let mut recall = Recall::default();
        assert!(recall.get(&st, 7).is_none());
        recall.put(&st, 7, found);
        assert_eq!(recall.get(&st, 7).map(|f| f.bounds.lower), Some(1));
        assert!(recall.get(&st, 8).is_none(), "another leader, moon status or rules");
        assert!(recall.get(&other, 7).is_none(), "other hands");
        recall.clear();
        assert!(recall.get(&st, 7).is_none() && recall.bytes() == 0);
    }

    #[test]
    fn a_window_relies_on_the_bounds_that_decide_it() {
        let found = Found { bounds: Bounds { lower: 2, upper: 5 }, lower_relies: 0b01, upper_relies: 0b10 };
        assert!(found.settles(0, 2) && found.relies(0, 2) == 0b01);
        assert!(found.settles(5, 6) && found.relies(5, 6) == 0b10);
        assert!(!found.settles(2, 5));
        assert_eq!(found.relies(1, 6), 0b11);
        assert_eq!(found.relies(2, 5), 0);
    }
}

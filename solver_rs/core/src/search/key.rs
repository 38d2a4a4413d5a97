//! Transposition keys with relative ranks: positions that differ only in which
//! equivalent cards are already gone share one key (and one table entry).
//!
//! In each lane the remaining cards are renumbered from 0 by strength, and each hand is
//! written in that numbering. This is exact for trick objectives; for card points the
//! key adds what renumbering hides: in belote the exact set of remaining point cards (the
//! zero-point cards are always the weakest of a lane, so the sequence of values is
//! restored), in hearts the relative place of the Q♠ (hearts are all worth 1).

use super::state::State;
use crate::cards::{bits, extract};
use crate::rules::{Objective, Rules, LANES};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key {
    pub hands: [u64; 4],
    pub signature: u64,
}

/// The `index`-th set bit of `mask` (the inverse of `extract`).
fn nth_bit(mask: u64, index: u32) -> Option<u32> {
    bits(mask).nth(index as usize)
}

/// The key of a position at a trick boundary (nothing on the table).
pub(crate) fn key(rules: &Rules, st: &State) -> Key {
    let in_play = st.in_play;
    let mut hands = [0u64; 4];
    for (lane, &cards) in LANES.iter().enumerate() {
        let remaining = in_play & cards;
        if remaining == 0 {
            continue;
        }
        for (key_hand, &hand) in hands.iter_mut().zip(&st.hands).take(rules.n) {
            *key_hand |= extract(hand, remaining) << (lane * 16);
        }
    }
    let signature = match rules.objective {
        Objective::Tricks => 0,
        Objective::Points => in_play & rules.point_cards_mask,
        Objective::Hearts { .. } => {
            let queen = rules.point_cards_mask & !rules.hearts_lane;
            if in_play & queen != 0 {
                let below = in_play & LANES[0] & (queen - 1);
                u64::from(below.count_ones()) + 1
            } else {
                0
            }
        }
    };
    Key { hands, signature }
}

/// A card as (lane, relative slot), for storing best moves in the table.
pub(crate) fn relative(st: &State, card: u32) -> u32 {
    let in_play = st.in_play;
    let lane = card / 16;
    let below = in_play & LANES[lane as usize] & ((1u64 << card) - 1);
    lane * 16 + below.count_ones()
}

/// The card at a relative slot in the current position, if there is one.
pub(crate) fn absolute(st: &State, relative: u32) -> Option<u32> {
    let in_play = st.in_play;
    let lane = relative / 16;
    nth_bit(in_play & LANES[lane as usize], relative % 16)
}

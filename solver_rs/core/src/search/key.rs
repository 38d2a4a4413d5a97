//! Transposition keys with relative ranks: positions that differ only in which
//! equivalent cards are already gone share one key (and one table entry).
//!
//! In each lane the remaining cards are renumbered from 0 by strength, and each hand is
//! written in that numbering (all lanes packed in one word, with the lanes' sizes). This
//! is exact for trick objectives; for card points the key adds what renumbering hides: in
//! belote the exact set of remaining point cards (the zero-point cards are always the
//! weakest of a lane, so the sequence of values is restored), in hearts the relative place
//! of the Q♠ (hearts are all worth 1).

use super::state::State;
use crate::cards::extract;
use crate::rules::{LaneValues, Objective, Rules, LANES};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key {
    /// Each at most 32 bits (positions of at most 32 cards, see `table.rs`).
    pub hands: [u64; 4],
    /// Points: the point cards in play, the eight low bits of each lane a byte each.
    pub signature: u32,
}

/// The key of a position at a trick boundary (nothing on the table).
///
/// Each hand is packed over the cards in play (one PEXT: lane after lane, each in its
/// relative ranks), and the last hand, which holds what the others do not, gives its word
/// to the number of cards left in each lane (which the packing hides).
pub(crate) fn key(rules: &Rules, st: &State) -> Key {
    let in_play = st.in_play;
    let mut hands = [0u64; 4];
    let last = rules.n - 1;
    for (key_hand, &hand) in hands.iter_mut().zip(&st.hands).take(last) {
        *key_hand = extract(hand, in_play);
    }
    hands[last] = LANES.iter().enumerate().fold(0u64, |acc, (lane, &cards)| acc | u64::from((in_play & cards).count_ones()) << (lane * 8));
    let signature = match rules.objective {
        Objective::Tricks => 0,
        Objective::Points => lane_bytes(in_play & rules.point_cards_mask),
        Objective::Hearts { .. } => {
            let queen = rules.point_cards_mask & !rules.hearts_lane;
            if in_play & queen != 0 {
                let below = in_play & LANES[0] & (queen - 1);
                below.count_ones() + 1
            } else {
                0
            }
        }
    };
    Key { hands, signature }
}

/// How far the value of a position can lie from that of another with the same hands in
/// relative ranks (the same game tree) whose point cards differ: `current` and `stored`
/// are their keys' signatures. Slot by slot down each lane (the zero-point cards are the
/// weakest of a lane, so the point cards fill its top slots), the two cards' points
/// differ by some amount; whichever cards the MAX side ends up winning, its points differ
/// by at least the sum of the negative differences and at most that of the positive ones.
/// The slots of `sure` go to a known side (master trumps): their difference counts
/// exactly, for MAX, or not at all. The idea is *payoff similarity* (Furtak and Buro,
/// "Using payoff-similarity to speed up search", IJCAI 2011): a table entry bounds every
/// position of its structure.
pub(crate) fn payoff_shift(lane_values: &[&LaneValues; 4], current: u32, stored: u32, sure: Option<SureSlots>) -> (i32, i32) {
    // Eight slots a word, a byte each, every lane at once and without branches (this runs
    // at most table probes: a loop over the slots was a sixth of belote3's search time).
    // Slot by slot, max(d, 0) = max(m, t) - t and min(d, 0) = m - max(m, t); the words of
    // the four lanes add bytewise without carries (a slot is worth at most 20 points).
    let (mut mine, mut theirs, mut higher) = (0u64, 0u64, 0u64);
    let mut words = [(0u64, 0u64); 4];
    for (lane, values) in lane_values.iter().enumerate() {
        let (m, t) = (values[(current >> (8 * lane) & 0xFF) as usize], values[(stored >> (8 * lane) & 0xFF) as usize]);
        words[lane] = (m, t);
        mine += m;
        theirs += t;
        higher += byte_max(m, t);
    }
    let mut exact = 0;
    if let Some(sure) = sure {
        // The sure slots' differences count exactly (for MAX) or not at all.
        let (m, t) = words[sure.lane];
        let mask = low_bytes(sure.slots);
        mine -= m & mask;
        theirs -= t & mask;
        higher -= byte_max(m, t) & mask;
        if sure.to_max {
            exact = word_sum(m & mask) - word_sum(t & mask);
        }
    }
    let higher = word_sum(higher);
    (exact + word_sum(mine) - higher, exact + higher - word_sum(theirs))
}

/// The sum of a word's bytes.
fn word_sum(word: u64) -> i32 {
    const EVEN: u64 = 0x00FF_00FF_00FF_00FF;
    let pairs = (word & EVEN) + (word >> 8 & EVEN); // four 16-bit sums
    (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as i32
}

/// The larger of each pair of bytes (each under 128).
fn byte_max(a: u64, b: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Per byte, (a + 128) - b stays within the byte; its high bit says a >= b.
    let a_not_less = ((a | HIGH) - b) & HIGH;
    let mask = (a_not_less >> 7) * 0xFF;
    (a & mask) | (b & !mask)
}

/// A word whose `count` low bytes are all ones.
fn low_bytes(count: u32) -> u64 {
    if count >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * count)) - 1
    }
}

/// The top `slots` of a lane, whose cards the MAX side (`to_max`) or the other wins for sure.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SureSlots {
    pub lane: usize,
    pub slots: u32,
    pub to_max: bool,
}

/// The eight low bits of each lane of `cards`, a byte each (every point card of the point
/// games is among them; see `Rules::lane_values`).
fn lane_bytes(cards: u64) -> u32 {
    debug_assert_eq!(cards & !0x00FF_00FF_00FF_00FF, 0, "point cards beyond a lane's eight low bits");
    LANES.iter().enumerate().fold(0, |acc, (lane, _)| acc | ((cards >> (16 * lane) & 0xFF) as u32) << (8 * lane))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, slot by slot.
    fn shift_by_slots(lane_values: &[&LaneValues; 4], current: u32, stored: u32, sure: Option<SureSlots>) -> (i32, i32) {
        let (mut below, mut above) = (0, 0);
        for (lane, values) in lane_values.iter().enumerate() {
            let (mine, theirs) = (values[(current >> (8 * lane) & 0xFF) as usize], values[(stored >> (8 * lane) & 0xFF) as usize]);
            let sure = sure.filter(|s| s.lane == lane);
            for slot in 0..8 {
                let difference = (mine >> (8 * slot) & 0xFF) as i32 - (theirs >> (8 * slot) & 0xFF) as i32;
                match sure {
                    Some(s) if slot < s.slots => {
                        if s.to_max {
                            below += difference;
                            above += difference;
                        }
                    }
                    _ if difference < 0 => below += difference,
                    _ => above += difference,
                }
            }
        }
        (below, above)
    }

    #[test]
    fn payoff_shift_sums_the_slot_differences() {
        use crate::rules::{BELOTE_PLAIN_POINTS, BELOTE_TRUMP_POINTS};
        static TRUMP: LaneValues = crate::rules::lane_values_of(&BELOTE_TRUMP_POINTS);
        static PLAIN: LaneValues = crate::rules::lane_values_of(&BELOTE_PLAIN_POINTS);
        let lanes = [&TRUMP, &PLAIN, &PLAIN, &TRUMP];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (current, stored) = (seed as u32, (seed >> 32) as u32);
            let slots = (seed >> 20 & 0xF) as u32 % 9;
            for sure in [None, Some(SureSlots { lane: (seed & 3) as usize, slots, to_max: seed & 4 != 0 })] {
                assert_eq!(payoff_shift(&lanes, current, stored, sure), shift_by_slots(&lanes, current, stored, sure));
            }
        }
    }

    #[test]
    fn payoff_shift_pairs_each_lane_from_the_top() {
        // lane 0: bits 2..=5 worth 3, 4, 10, 11; lane 1 (from bit 16): 2, 20.
        static LANE0: LaneValues = crate::rules::lane_values_of(&[0, 0, 3, 4, 10, 11, 0, 0]);
        static LANE1: LaneValues = crate::rules::lane_values_of(&[2, 20, 0, 0, 0, 0, 0, 0]);
        static NONE: LaneValues = [0; 256];
        let points = [&LANE0, &LANE1, &NONE, &NONE];
        let set = |cards: &[u32]| lane_bytes(cards.iter().fold(0u64, |acc, &c| acc | 1u64 << c));
        // Lane 0: the ace against the ace, a zero against the king (-4), zero against zero.
        // Lane 1: the 20 against the 2 (+18).
        let current = set(&[5, 17]);
        let stored = set(&[3, 5, 16]);
        assert_eq!(payoff_shift(&points, current, stored, None), (-4, 18));
        assert_eq!(payoff_shift(&points, stored, current, None), (-18, 4));
        assert_eq!(payoff_shift(&points, current, current, None), (0, 0));
        // Lane 1's top slot sure to go to MAX: its +18 counts both ways; to the other side: not at all.
        let sure = |to_max| Some(SureSlots { lane: 1, slots: 1, to_max });
        assert_eq!(payoff_shift(&points, current, stored, sure(true)), (-4 + 18, 18));
        assert_eq!(payoff_shift(&points, current, stored, sure(false)), (-4, 0));
    }
}

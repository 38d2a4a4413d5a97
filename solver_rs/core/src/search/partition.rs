//! Partition search (Ginsberg's, DDS's "winning ranks"): a table entry stands for every
//! position that differs from the searched one only in low cards whose ranks did not
//! matter to the result.
//!
//! The search reports, with each value, the cards whose *rank* the result relied on (a
//! card that won a trick over a card of its own lane, the master trumps a bound counted
//! where it decided the node, what a table entry relied on, the variant's always-relevant
//! cards, and the lowest card of a run searched once that reaches from a relevant card
//! into the low ones).
//! In each lane the entry keeps the owners of the cards from the top down to the lowest
//! relevant one; below it, only how many cards each hand holds (the same for every
//! position of one list). Used for the trick objective and hearts, whose legal cards
//! depend only on lane lengths (and, in hearts, on the always-relevant 2♣ and Q♠).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::recall::{Found, Recall};
use super::state::State;
use super::table::{clamp16, Bounds};
use crate::cards::{bits, deposit, extract, top_cards};
use crate::rules::{Rules, LANES};

/// An entry's size in memory.
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
/// What a new shape costs in the hash map (its growth slack included: a map doubles its
/// buckets when 7/8 full), and a new list in its shape's vector (doubling too).
const SHAPE_BYTES: usize = 2 * (std::mem::size_of::<(Shape, Vec<List>)>() + 1);
const LIST_BYTES: usize = 2 * std::mem::size_of::<List>();
/// Entries kept in one list: beyond, the most specific one (of an older generation if
/// there is one) is replaced. Measured on 13-card bridge deals with one list a shape: 48
/// thrashed (5 times the nodes), 256 and 1,024 about the same, except on the hardest deal
/// (1,024 needed).
const LIST_LIMIT: usize = 1024;

/// What every position of one list shares: hand lengths in every lane, leader, moon
/// status, the rules' fingerprint, and where the always-relevant cards stand (their
/// identity matters, not only their rank: the Q♠ is worth 13 points, the J♠ nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Shape {
    lengths: u64,
    meta: u64,
    places: u64,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Per lane (32 bits each), the owners (2 bits a card, lowest card first) of the
    /// relevant top cards, and the mask of their bits: a position matches when its owners
    /// under the mask are these (one masked compare of two words; the lane lengths are the
    /// list's).
    owners: Packed,
    mask: Packed,
    lower: i16,
    upper: i16,
    generation: u8,
}

/// A position seen by the partition table: its shape and, per lane, the owners of the
/// cards in play (2 bits a card, lowest first) and how many there are.
pub(crate) struct Seen {
    shape: Shape,
    owners: [u32; 4],
    counts: [u8; 4],
    /// `owners`, the four lanes packed.
    packed: Packed,
    /// The owner of each lane's top card (2 bits a lane; 0 for an empty lane).
    top_owners: u8,
}

/// Four lanes' 32-bit words in two 64-bit ones (not a u128: its 16-byte alignment would
/// make every entry 48 bytes instead of 40).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Packed([u64; 2]);

impl Packed {
    fn new(words: [u32; 4]) -> Packed {
        Packed([u64::from(words[0]) | u64::from(words[1]) << 32, u64::from(words[2]) | u64::from(words[3]) << 32])
    }

    fn under(self, mask: Packed) -> Packed {
        Packed([self.0[0] & mask.0[0], self.0[1] & mask.0[1]])
    }

    /// How many cards the mask keeps in all (2 bits a card).
    fn cards_kept(self) -> u32 {
        (self.0[0].count_ones() + self.0[1].count_ones()) / 2
    }

    /// Per lane, how many cards the mask keeps (2 bits a card).
    fn depths(self) -> [u8; 4] {
        let word = |lane: usize| (self.0[lane / 2] >> (32 * (lane % 2))) as u32;
        std::array::from_fn(|lane| (word(lane).count_ones() / 2) as u8)
    }
}

/// The multiply-xor hash of rustc's FxHasher: the keys are already well mixed integers.
#[derive(Default)]
pub(super) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// One list of a shape: its entries keep cards in the same `lanes`, whose top cards have
/// the owners `tops` (2 bits a lane), so a probe scans only the lists its position fits.
#[derive(Debug)]
struct List {
    lanes: u8,
    tops: u8,
    entries: Vec<Entry>,
}

#[derive(Debug)]
pub struct PartitionTable {
    /// Exact positions it settled (hearts), looked up before it (see `recall.rs`).
    pub(crate) recall: Recall,
    /// Per shape, its lists: one map lookup a probe (each lookup is a likely cache miss,
    /// and they were most of a probe's time with a map entry per list).
    shapes: FxMap<Shape, Vec<List>>,
    /// The memory the maps and lists hold (lists counted by their capacity), and its bound.
    bytes: usize,
    memory_bytes: usize,
    generation: u8,
}

/// Spreads the low 16 bits of `x` to the even bits (bit i to bit 2i).
fn spread(x: u64) -> u64 {
    deposit(x & 0xFFFF, 0x5555_5555)
}

/// The owner bits of the top `depth` of `count` cards.
fn top_mask(count: u8, depth: u8) -> u32 {
    if depth == 0 {
        return 0;
    }
    let low = 2 * u32::from(count - depth);
    let bits = 2 * u32::from(depth);
    (if bits >= 32 { u32::MAX } else { (1u32 << bits) - 1 }) << low
}

impl PartitionTable {
    pub fn with_memory(memory_bytes: usize) -> PartitionTable {
        PartitionTable { recall: Recall::default(), shapes: FxMap::default(), bytes: 0, memory_bytes, generation: 0 }
    }

    /// The memory its maps and lists hold now.
    #[cfg(test)]
    pub(crate) fn allocated_bytes(&self) -> usize {
        self.bytes
    }

    /// Forgets every entry and gives the memory back (a cleared map would keep its buckets).
    pub fn clear(&mut self) {
        self.recall.clear();
        self.shapes = FxMap::default();
        self.bytes = 0;
    }

    /// Full: forgets the shapes of the fewest cards (the cheapest to search again, and the
    /// most numerous) until a quarter of the memory is free. Starting over instead loses
    /// the entries near the root too; freeing half costs more nodes than a quarter
    /// (docs/solver.md, "Partition search").
    fn make_room(&mut self) {
        let mut by_cards = [0usize; 53];
        for (shape, lists) in &self.shapes {
            by_cards[shape.cards() as usize] += shape_bytes(lists);
        }
        let mut freed = 0;
        let mut keep_above = 0;
        while keep_above < 52 && freed < self.bytes / 4 {
            freed += by_cards[keep_above];
            keep_above += 1;
        }
        self.shapes.retain(|shape, _| shape.cards() as usize >= keep_above);
        self.bytes = self.shapes.values().map(|lists| shape_bytes(lists)).sum();
    }

    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// What every position of a shape shares besides the lengths and the always-relevant
    /// cards' places: the rules' fingerprint, the moon status and the leader.
    pub(crate) fn meta(st: &State, fingerprint: u32) -> u64 {
        u64::from(fingerprint) << 32 | u64::from(st.moon) << 16 | (st.leader as u64) << 8
    }

    /// The shape and owners of a position at a trick boundary.
    pub(crate) fn seen(rules: &Rules, st: &State, fingerprint: u32) -> Seen {
        let mut lengths = 0u64;
        let mut owners = [0u32; 4];
        let mut counts = [0u8; 4];
        for lane in 0..4 {
            let remaining = st.in_play & LANES[lane];
            counts[lane] = remaining.count_ones() as u8;
            for seat in 0..rules.n {
                let held = st.hands[seat] & LANES[lane];
                lengths |= u64::from(held.count_ones()) << (4 * (seat * 4 + lane));
            }
            // An owner's two bits, one plane at a time: the seats with the low bit (1 and 3)
            // and those with the high bit (2 and 3).
            let low_bit = (st.hands[1] | st.hands[3]) & remaining;
            let high_bit = (st.hands[2] | st.hands[3]) & remaining;
            owners[lane] = (spread(extract(low_bit, remaining)) | spread(extract(high_bit, remaining)) << 1) as u32;
        }
        let mut places = 0u64;
        for (i, card) in bits(rules.always_relevant).enumerate() {
            let bit = 1u64 << card;
            if st.in_play & bit != 0 {
                let below = st.in_play & LANES[card as usize / 16] & (bit - 1);
                places |= u64::from(below.count_ones() + 1) << (5 * i);
            }
        }
        let meta = PartitionTable::meta(st, fingerprint);
        let top_owners = (0..4).filter(|&lane| counts[lane] > 0).fold(0u8, |acc, lane| {
            let top = (owners[lane] >> (2 * (u32::from(counts[lane]) - 1)) & 3) as u8;
            acc | top << (2 * lane)
        });
        Seen { shape: Shape { lengths, meta, places }, owners, counts, packed: Packed::new(owners), top_owners }
    }

    /// The bounds of the entries matching the position, combined, and the cards they rely
    /// on: those of the entries that gave the combined lower and upper bounds (an entry
    /// whose bounds the others already beat adds nothing). The scan stops as soon as the
    /// bounds settle a search with window (`alpha`, `beta`): it is faster, and the result
    /// then relies on fewer cards. Unsettled, the search relies only on a bound that
    /// narrows its window (`Found::relies`).
    pub(crate) fn probe(&self, st: &State, seen: &Seen, alpha: i32, beta: i32) -> Option<Found> {
        let lists = self.shapes.get(&seen.shape)?;
        let mut found: Option<Bounds> = None;
        let (mut lower_relies, mut upper_relies) = (0u64, 0u64);
        let fitting = lists.iter().filter(|list| list.tops == seen.tops(list.lanes));
        for entry in fitting.flat_map(|list| &list.entries) {
            if seen.packed.under(entry.mask) != entry.owners {
                continue;
            }
            let depths = entry.mask.depths();
            let relevant = (0..4).fold(0u64, |acc, lane| acc | top_cards(st.in_play & LANES[lane], u32::from(depths[lane])));
            let theirs = entry.bounds();
            let bounds = match found {
                None => {
                    (lower_relies, upper_relies) = (relevant, relevant);
                    theirs
                }
                Some(bounds) => {
                    if theirs.lower > bounds.lower {
                        lower_relies = relevant;
                    }
                    if theirs.upper < bounds.upper {
                        upper_relies = relevant;
                    }
                    bounds.meet(theirs)
                }
            };
            found = Some(bounds);
            if bounds.lower >= beta || bounds.upper <= alpha || bounds.lower == bounds.upper {
                break;
            }
        }
        found.map(|bounds| Found { bounds, lower_relies, upper_relies })
    }

    /// Records the fail-soft result `value` of a search with window (`alpha`, `beta`) that
    /// relied on the ranks of the cards of `relevant`.
    pub(crate) fn store(&mut self, st: &State, seen: &Seen, relevant: u64, value: i32, alpha: i32, beta: i32) {
        let mut depth = [0u8; 4];
        let mut owners = [0u32; 4];
        let mut mask = [0u32; 4];
        for lane in 0..4 {
            let lane_relevant = relevant & LANES[lane];
            if lane_relevant == 0 {
                continue;
            }
            let lowest = lane_relevant.trailing_zeros();
            let at_or_above = st.in_play & LANES[lane] & !((1u64 << lowest) - 1);
            depth[lane] = at_or_above.count_ones() as u8;
            mask[lane] = top_mask(seen.counts[lane], depth[lane]);
            owners[lane] = seen.owners[lane] & mask[lane];
        }
        let (owners, mask) = (Packed::new(owners), Packed::new(mask));
        if self.bytes + self.recall.bytes() + LIST_BYTES + SHAPE_BYTES + LIST_LIMIT * ENTRY_BYTES > self.memory_bytes {
            self.make_room();
        }
        let generation = self.generation;
        let lanes = (0..4).filter(|&lane| depth[lane] > 0).fold(0u8, |acc, lane| acc | 1 << lane);
        let lists = self.shapes.entry(seen.shape).or_insert_with(|| {
            self.bytes += SHAPE_BYTES;
            Vec::new()
        });
        let tops = seen.tops(lanes);
        let at = match lists.iter().position(|list| list.lanes == lanes && list.tops == tops) {
            Some(at) => at,
            None => {
                // Kept in order of lanes: the order the probe meets entries in decides which
                // bounds it takes first (another order: +7 to 25% nodes, measured with best moves).
                self.bytes += LIST_BYTES;
                let at = lists.partition_point(|list| list.lanes < lanes);
                lists.insert(at, List { lanes, tops, entries: Vec::new() });
                at
            }
        };
        let list = &mut lists[at].entries;
        let index = match list.iter().position(|e| e.mask == mask && e.owners == owners) {
            Some(i) => i,
            None => {
                let fresh = Entry { owners, mask, lower: i16::MIN, upper: i16::MAX, generation };
                if list.len() < LIST_LIMIT {
                    let before = list.capacity();
                    // The most general entries (fewest cards kept) first, as with the lists:
                    // a probe then meets them first (12 bridge deals: -6% nodes).
                    let at = list.partition_point(|e| e.mask.cards_kept() <= fresh.mask.cards_kept());
                    list.insert(at, fresh);
                    self.bytes += (list.capacity() - before) * ENTRY_BYTES;
                    at
                } else {
                    // Replace the most specific entry of an older generation, else the most
                    // specific one (the list runs from general to specific).
                    let i = list.iter().rposition(|e| e.generation != generation).unwrap_or(list.len() - 1);
                    list[i] = fresh;
                    i
                }
            }
        };
        let entry = &mut list[index];
        let mut bounds = entry.bounds();
        bounds.record(value, alpha, beta);
        entry.set_bounds(bounds);
        entry.generation = generation;
    }
}

/// What one shape's lists hold, as `store` counts it.
fn shape_bytes(lists: &[List]) -> usize {
    SHAPE_BYTES + lists.iter().map(|list| LIST_BYTES + list.entries.capacity() * ENTRY_BYTES).sum::<usize>()
}

impl Shape {
    /// The cards in play (the sum of the hands' lane lengths, 4 bits each).
    fn cards(&self) -> u32 {
        (0..16).map(|i| (self.lengths >> (4 * i) & 0xF) as u32).sum()
    }
}

impl Entry {
    fn bounds(&self) -> Bounds {
        Bounds { lower: i32::from(self.lower), upper: i32::from(self.upper) }
    }

    fn set_bounds(&mut self, bounds: Bounds) {
        (self.lower, self.upper) = (clamp16(bounds.lower), clamp16(bounds.upper));
    }
}

impl Seen {
    /// The owners of the top cards of `lanes` (2 bits a lane): the list of entries keeping
    /// cards in those lanes that this position could match.
    fn tops(&self, lanes: u8) -> u8 {
        self.top_owners & (spread(u64::from(lanes)) as u8 * 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_moves_bit_i_to_bit_2i() {
        assert_eq!(spread(0b1011), 0b01_00_01_01);
    }

    #[test]
    fn a_probe_relies_only_on_the_bounds_that_narrow_the_window() {
        use crate::position::Position;
        use crate::rules::Objective;
        use crate::variant::Variant;
        let position = Position::parse(Variant::Bridge, "0:AK.2.. Q.3.2. J.4.3. T.5.4.;trump=N;leader=0").unwrap();
        let rules = Rules::new(&position, Objective::Tricks);
        let st = State::new(&rules, &position);
        let seen = PartitionTable::seen(&rules, &st, rules.fingerprint);
        let mut table = PartitionTable::with_memory(1 << 20);
        let ace = rules.internal_bit(Variant::Bridge.parse_card("AS").unwrap());
        // A search with window (0, 1) found at least 2, relying on the A♠: lower bound 2.
        table.store(&st, &seen, ace, 2, 0, 1);
        let relied_on_ace = |(alpha, beta): (i32, i32)| table.probe(&st, &seen, alpha, beta).unwrap().relies(alpha, beta) & ace != 0;
        // Window (2, 3): the lower bound does not settle it but raises nothing either.
        assert!(!relied_on_ace((2, 3)));
        // Window (1, 3): it raises alpha to 2, so the search relies on it.
        assert!(relied_on_ace((1, 3)));
        // Window (0, 2): it settles the node.
        assert!(relied_on_ace((0, 2)));
    }

    #[test]
    fn a_full_table_forgets_the_positions_of_fewest_cards_first() {
        use crate::position::Position;
        use crate::rules::Objective;
        use crate::variant::Variant;
        let texts = ["0:A... K... Q... J...", "0:AK... QJ... T9... 87...", "0:AKQ... JT9... 876... 543..."];
        let mut table = PartitionTable::with_memory(1 << 20);
        let positions: Vec<(State, Seen)> = texts
            .iter()
            .map(|text| {
                let position = Position::parse(Variant::Bridge, &format!("{text};trump=N;leader=0")).unwrap();
                let rules = Rules::new(&position, Objective::Tricks);
                let st = State::new(&rules, &position);
                let seen = PartitionTable::seen(&rules, &st, rules.fingerprint);
                table.store(&st, &seen, 0, 1, 0, 2);
                (st, seen)
            })
            .collect();
        let found = |table: &PartitionTable| positions.iter().map(|(st, seen)| table.probe(st, seen, 0, 2).is_some()).collect::<Vec<_>>();
        assert_eq!(found(&table), [true, true, true]);
        let held = table.bytes;
        table.make_room();
        // The smallest position held about a third: it goes, the larger ones stay.
        assert_eq!(found(&table), [false, true, true]);
        assert!(table.bytes <= held * 3 / 4);
    }

    #[test]
    fn top_mask_selects_the_highest_cards() {
        assert_eq!(top_mask(5, 2), 0b11_11_00_00_00);
        assert_eq!(top_mask(16, 16), u32::MAX);
        assert_eq!(top_mask(3, 0), 0);
    }
}

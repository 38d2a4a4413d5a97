//! The transposition table: bounds on the future value at trick boundaries.
//!
//! Entries are keyed by the hands in relative ranks (see `key.rs`), the leader and a
//! fingerprint of the rules (trump, sides, objective), so a [`Table`] can be kept
//! across solves: related positions share it. Memory is bounded; the table is allocated
//! zeroed, sized for the position at hand (see `prepare`).
//!
//! In point games, positions with the same hands in relative ranks but other point cards
//! share a bucket, and each entry bounds them all, shifted by how much their points can
//! differ (`key::payoff_shift`): belote's full deals visit 4.5 times fewer nodes with it,
//! belote3's 8 times fewer.

use super::key::{payoff_shift, Key, SureSlots};
use super::state::State;
use crate::rules::LaneValues;

/// An entry: the key's four words packed two a word, the signature and the rules'
/// fingerprint, then the bounds and bookkeeping (see `Table::key_words`); a bucket of them
/// fills two cache lines.
const WORDS: usize = 4;
/// Slots a bucket: the entries of one structure with different point cards share it.
const BUCKET: usize = 4;
/// The smallest table: 2^9 entries, plus one bit per four cards in play (a full 32-card
/// deal: 2^17 entries, 4 MB, to start with; 2^19 makes two threads share the caches badly).
const MIN_BITS: u32 = 9;
/// A table a quarter full doubles (keeping its entries), up to its memory bound: the
/// hardest belote3 deals store millions of entries; most deals never grow it.
const GROW_AT_MUL: usize = 1;
const GROW_AT_DIV: usize = 4;
pub(crate) const ENTRY_BYTES: usize = WORDS * 8;
/// The exact table serves positions of at most this many cards (each key word is 32 bits).
const MAX_CARDS: u32 = 32;

type Entry = [u64; WORDS];

#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

const EMPTY_BUCKET: Bucket = Bucket([[0; WORDS]; BUCKET]);

#[derive(Debug)]
pub struct Table {
    buckets: Vec<Bucket>,
    /// The most entries the memory bound allows (a power of two).
    capacity: usize,
    generation: u8,
    /// Entries of other epochs are empty: clearing is O(1) and keeps the memory mapped.
    epoch: u8,
    stores: u64,
    /// Entries of this epoch (see `GROW_AT_DIV`).
    occupied: usize,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    pub lower: i32,
    pub upper: i32,
}

impl Bounds {
    /// Nothing known yet.
    pub(crate) const UNKNOWN: Bounds = Bounds { lower: i16::MIN as i32, upper: i16::MAX as i32 };

    /// Narrows by the fail-soft result `value` of a search with window (`alpha`, `beta`).
    ///
    /// No best move is kept: searched first, the table's move costs nodes in every rule set,
    /// partly because a move that proved a lower target is a poor first try for the next one.
    pub(crate) fn record(&mut self, value: i32, alpha: i32, beta: i32) {
        if value > alpha {
            self.lower = self.lower.max(value);
        }
        if value < beta {
            self.upper = self.upper.min(value);
        }
    }

    /// The bounds of a position whose value lies within `(below, above)` of this one's
    /// (unknown bounds stay unknown).
    pub(crate) fn shifted(self, (below, above): (i32, i32)) -> Bounds {
        Bounds {
            lower: if self.lower == Bounds::UNKNOWN.lower { self.lower } else { self.lower + below },
            upper: if self.upper == Bounds::UNKNOWN.upper { self.upper } else { self.upper + above },
        }
    }

    /// The value to return when these bounds decide a search with window (`alpha`,
    /// `beta`): the exact value, or a bound outside the window.
    pub(crate) fn settle(&self, alpha: i32, beta: i32) -> Option<i32> {
        if self.lower >= beta || self.lower == self.upper {
            Some(self.lower)
        } else if self.upper <= alpha {
            Some(self.upper)
        } else {
            None
        }
    }

    /// What two sets of bounds on one position say together.
    pub(crate) fn meet(self, other: Bounds) -> Bounds {
        Bounds { lower: self.lower.max(other.lower), upper: self.upper.min(other.upper) }
    }
}

/// A bound as stored (values beyond 16 bits never occur: at most 162 card points).
pub(crate) fn clamp16(value: i32) -> i16 {
    value.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}

impl Table {
    /// A table of at most `memory_bytes` (at least 1024 entries).
    pub fn with_memory(memory_bytes: usize) -> Table {
        let entries = (memory_bytes / ENTRY_BYTES).max(1024);
        let capacity = 1usize << (usize::BITS - 1 - entries.leading_zeros()); // a power of two
        Table { buckets: Vec::new(), capacity, generation: 0, epoch: 1, stores: 0, occupied: 0 }
    }

    pub fn memory_bytes(&self) -> usize {
        self.capacity * ENTRY_BYTES
    }

    /// Forgets every entry (in O(1): the memory stays allocated for the next solve).
    pub fn clear(&mut self) {
        self.stores = 0;
        self.occupied = 0;
        if self.epoch == u8::MAX {
            self.buckets = Vec::new(); // every 255 clears, start from zeroed memory again
            self.epoch = 1;
        } else {
            self.epoch += 1;
        }
    }

    /// The memory its entries hold now.
    #[cfg(test)]
    pub(crate) fn allocated_bytes(&self) -> usize {
        self.entries() * ENTRY_BYTES
    }

    /// Forgets every entry and gives the memory back (the next `prepare` allocates again).
    pub(crate) fn release(&mut self) {
        self.buckets = Vec::new();
        self.clear();
    }

    /// Marks later entries as newer (older ones are replaced first).
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn stores(&self) -> u64 {
        self.stores
    }

    fn entries(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Sizes the table for a search over `cards_in_play` cards, within the memory bound: a
    /// small position gets a small table (a few hundred kilobytes for euchre3), a full deal a
    /// few megabytes, which grows as it fills (see `GROW_AT_DIV`). Every page of a table is
    /// faulted in by its first use, so an oversized table costs a cold solve far more than
    /// its searching does (and threads faulting pages at once contend in the kernel). A
    /// table resized here loses its entries. Positions of more than `MAX_CARDS` cards get no
    /// table (none of the rule sets that use it has them).
    pub(crate) fn prepare(&mut self, cards_in_play: u32) {
        if cards_in_play > MAX_CARDS {
            self.buckets = Vec::new();
            return;
        }
        let wanted_bits = (MIN_BITS + cards_in_play / 4).min(usize::BITS - 2);
        let wanted = (1usize << wanted_bits).min(self.capacity);
        if self.entries() < wanted {
            self.buckets = vec![EMPTY_BUCKET; wanted / BUCKET];
        }
    }

    // An entry: word 0: the key's hands 0 and 1 (32 bits each, see `key.rs`); word 1: hands
    // 2 and 3; word 2: signature | fingerprint << 32; word 3: lower (16 bits) | upper << 16
    // | depth << 40 | leader << 44 | generation << 48 | epoch << 56 (epoch 0
    // never occurs: a zeroed entry is empty).
    fn key_words(key: &Key, fingerprint: u32) -> [u64; 3] {
        [key.hands[0] | key.hands[1] << 32, key.hands[2] | key.hands[3] << 32, u64::from(key.signature) | u64::from(fingerprint) << 32]
    }

    fn bucket(&self, words: &[u64; 3], leader: usize) -> usize {
        // The signature stays out: a structure's point-card variants share the bucket.
        let mut h = (words[2] >> 32 | (leader as u64) << 40).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &word in &words[..2] {
            h = (h ^ word).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 31;
        }
        (h as usize) & (self.buckets.len() - 1)
    }

    /// The same hands in relative ranks (any point cards), rules and leader, this epoch.
    fn same_structure(&self, entry: &Entry, words: &[u64; 3], leader: usize) -> bool {
        entry[0] == words[0] && entry[1] == words[1] && entry[2] >> 32 == words[2] >> 32 && entry[3] >> 44 & 0x3 == leader as u64 && !self.is_empty(entry)
    }

    fn is_empty(&self, entry: &Entry) -> bool {
        (entry[3] >> 56) as u8 != self.epoch
    }

    /// What the bucket's entries of this structure say of the position: its own entry's
    /// bounds, met with the shifted bounds of its point-card variants.
    /// `sure`: the slots whose winner is known (computed only if a variant is met).
    pub(crate) fn probe(
        &self,
        st: &State,
        key: &Key,
        fingerprint: u32,
        lane_values: &[&LaneValues; 4],
        sure: impl Fn() -> Option<SureSlots>,
    ) -> Option<Bounds> {
        if self.buckets.is_empty() {
            return None;
        }
        let words = Table::key_words(key, fingerprint);
        let bucket = &self.buckets[self.bucket(&words, st.leader)];
        let (mut own, mut similar) = (None::<Bounds>, None::<Bounds>);
        let mut sure_slots = None;
        for entry in bucket.0.iter().filter(|entry| self.same_structure(entry, &words, st.leader)) {
            let bounds = decode(entry[3]);
            if entry[2] == words[2] {
                own = Some(bounds);
            } else {
                let sure_slots = *sure_slots.get_or_insert_with(&sure);
                let shifted = bounds.shifted(payoff_shift(lane_values, key.signature, entry[2] as u32, sure_slots));
                similar = Some(similar.map_or(shifted, |s| s.meet(shifted)));
            }
        }
        match (own, similar) {
            (Some(own), Some(similar)) => Some(own.meet(similar)),
            (own, similar) => own.or(similar),
        }
    }

    /// Records the fail-soft result `value` of a search with window (`alpha`, `beta`).
    pub(crate) fn store(&mut self, st: &State, key: &Key, fingerprint: u32, value: i32, alpha: i32, beta: i32) {
        if self.buckets.is_empty() {
            return; // not prepared (see `prepare`)
        }
        self.stores += 1;
        let words = Table::key_words(key, fingerprint);
        let index = self.bucket(&words, st.leader);
        let bucket = &self.buckets[index];
        let existing = (0..BUCKET).find(|&i| self.same_structure(&bucket.0[i], &words, st.leader) && bucket.0[i][2] == words[2]);
        let slot = existing.unwrap_or_else(|| {
            // Replace an empty entry, else one from an older generation, else the shallowest.
            let keep_score = |i: usize| {
                let entry = &bucket.0[i];
                if self.is_empty(entry) {
                    return 0;
                }
                let current = (entry[3] >> 48) as u8 == self.generation;
                1 + u64::from(current) * 256 + (entry[3] >> 40 & 0xF)
            };
            (0..BUCKET).min_by_key(|&i| keep_score(i)).expect("a bucket has entries")
        });
        let mut bounds = existing.map_or(Bounds::UNKNOWN, |i| decode(bucket.0[i][3]));
        bounds.record(value, alpha, beta);
        if self.is_empty(&bucket.0[slot]) {
            self.occupied += 1;
        }
        let bookkeeping = u64::from(st.tricks_left) << 40 | (st.leader as u64) << 44 | u64::from(self.generation) << 48 | u64::from(self.epoch) << 56;
        self.buckets[index].0[slot] = [words[0], words[1], words[2], encode(bounds) | bookkeeping];
        if self.occupied * GROW_AT_DIV > self.entries() * GROW_AT_MUL && self.entries() < self.capacity {
            self.grow();
        }
    }

    /// Doubles the table, keeping its entries: each bucket's go to the same bucket or to its
    /// twin in the new upper half, so none is lost.
    fn grow(&mut self) {
        let doubled = vec![EMPTY_BUCKET; self.buckets.len() * 2];
        let old = std::mem::replace(&mut self.buckets, doubled);
        self.occupied = 0;
        for entry in old.iter().flat_map(|bucket| bucket.0.iter()) {
            if self.is_empty(entry) {
                continue;
            }
            let words = [entry[0], entry[1], entry[2]];
            let index = self.bucket(&words, (entry[3] >> 44 & 0x3) as usize);
            let epoch = self.epoch;
            if let Some(free) = self.buckets[index].0.iter_mut().find(|e| (e[3] >> 56) as u8 != epoch) {
                *free = *entry;
                self.occupied += 1;
            }
        }
    }
}

fn encode(bounds: Bounds) -> u64 {
    u64::from(clamp16(bounds.lower) as u16) | u64::from(clamp16(bounds.upper) as u16) << 16
}

fn decode(word: u64) -> Bounds {
    Bounds { lower: i32::from(word as u16 as i16), upper: i32::from((word >> 16) as u16 as i16) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::{Objective, Rules};
    use crate::variant::Variant;

    #[test]
    fn a_growing_table_keeps_its_entries() {
        let position =
            Position::parse(Variant::Belote, "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0;points=0 0 0 0;tricks=0 0 0 0").unwrap();
        let rules = Rules::new(&position, Objective::Points);
        let st = State::new(&rules, &position);
        let mut table = Table::with_memory(1 << 20);
        table.prepare(0); // 2^9 entries, which grow a quarter full
        let key_of = |i: u64| Key { hands: [i, i * 7, 3, 4], signature: (i % 5) as u32 };
        let probe = |table: &Table, i: u64| table.probe(&st, &key_of(i), rules.fingerprint, &rules.lane_values, || None);
        let (mut stored, mut before) = (0, 0);
        while table.entries() == 512 {
            before = table.occupied;
            table.store(&st, &key_of(stored), rules.fingerprint, (stored % 100) as i32, -1000, 1000);
            stored += 1;
        }
        assert!(stored > 100, "grew after {stored} entries");
        assert_eq!(table.occupied, before + 1, "growing lost entries");
        // Every entry there before the last store (some met a full bucket) is there after.
        let mut kept = 0;
        for i in 0..stored {
            if let Some(bounds) = probe(&table, i) {
                assert_eq!((bounds.lower, bounds.upper), ((i % 100) as i32, (i % 100) as i32));
                kept += 1;
            }
        }
        assert_eq!(kept, table.occupied);
        assert!(kept + 10 > stored as usize, "{kept} of {stored} kept");
    }
}

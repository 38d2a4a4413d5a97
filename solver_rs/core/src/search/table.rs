//! The transposition table: bounds on the future value at trick boundaries.
//!
//! Entries are keyed by the hands in relative ranks (see `key.rs`), the leader, the hearts moon status and
//! a fingerprint of the rules (trump, sides, objective), so a [`Table`] can be kept
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

const WORDS: usize = 7;
/// Slots a bucket: the entries of one structure with different point cards share it.
const BUCKET: usize = 4;
/// The smallest table: 2^9 entries, plus one bit per four cards in play (a full 32-card
/// deal: 2^17 entries, 7 MB, to start with; 2^19 made two threads share the caches badly:
/// batch speed-up 1.67x against 1.82x, single-thread times equal).
const MIN_BITS: u32 = 9;
/// A table a quarter full doubles (keeping its entries), up to its memory bound: the
/// hardest belote3 deals store millions of entries and ran 20% more nodes in a fixed
/// 2^17 (growing at half full: 10% more); most deals never grow it.
const GROW_AT_MUL: usize = 1;
const GROW_AT_DIV: usize = 4;
pub(crate) const ENTRY_BYTES: usize = WORDS * 8;

#[derive(Debug)]
pub struct Table {
    slots: Vec<[u64; WORDS]>,
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
    pub best: Option<u32>,
}

impl Bounds {
    /// Nothing known yet.
    pub(crate) const UNKNOWN: Bounds = Bounds { lower: i16::MIN as i32, upper: i16::MAX as i32, best: None };

    /// Narrows by the fail-soft result `value` of a search with window (`alpha`, `beta`)
    /// whose best move was `best`.
    pub(crate) fn record(&mut self, value: i32, alpha: i32, beta: i32, best: Option<u32>) {
        if value > alpha {
            self.lower = self.lower.max(value);
        }
        if value < beta {
            self.upper = self.upper.min(value);
        }
        if best.is_some() {
            self.best = best;
        }
    }

    /// The bounds of a position whose value lies within `(below, above)` of this one's
    /// (unknown bounds stay unknown).
    pub(crate) fn shifted(self, (below, above): (i32, i32)) -> Bounds {
        Bounds {
            lower: if self.lower == Bounds::UNKNOWN.lower { self.lower } else { self.lower + below },
            upper: if self.upper == Bounds::UNKNOWN.upper { self.upper } else { self.upper + above },
            best: self.best,
        }
    }

    /// What two sets of bounds on one position say together.
    pub(crate) fn meet(self, other: Bounds) -> Bounds {
        Bounds { lower: self.lower.max(other.lower), upper: self.upper.min(other.upper), best: self.best.or(other.best) }
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
        Table { slots: Vec::new(), capacity, generation: 0, epoch: 1, stores: 0, occupied: 0 }
    }

    pub fn memory_bytes(&self) -> usize {
        self.capacity * ENTRY_BYTES
    }

    /// Forgets every entry (in O(1): the memory stays allocated for the next solve).
    pub fn clear(&mut self) {
        self.stores = 0;
        self.occupied = 0;
        if self.epoch == u8::MAX {
            self.slots = Vec::new(); // every 255 clears, start from zeroed memory again
            self.epoch = 1;
        } else {
            self.epoch += 1;
        }
    }

    /// Marks later entries as newer (older ones are replaced first).
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn stores(&self) -> u64 {
        self.stores
    }

    /// Sizes the table for a search over `cards_in_play` cards, within the memory bound: a
    /// small position gets a small table (a few hundred kilobytes for euchre3), a full deal a
    /// few megabytes, which grows as it fills (see `GROW_AT_DIV`). Every page of a table is faulted in by its first use, so an
    /// oversized table costs a cold solve far more than its searching does (and threads
    /// faulting pages at once contend in the kernel). A table that grows loses its entries.
    pub(crate) fn prepare(&mut self, cards_in_play: u32) {
        let wanted_bits = (MIN_BITS + cards_in_play / 4).min(usize::BITS - 2);
        let wanted = (1usize << wanted_bits).min(self.capacity);
        if self.slots.len() < wanted {
            self.slots = vec![[0u64; WORDS]; wanted];
        }
    }

    // Word 5 of a slot: epoch | leader << 8 | moon << 16 | generation << 24 | fingerprint << 32
    // (epoch 0 never occurs: a zeroed slot is empty).
    // Word 4: lower (16 bits) | upper << 16 | best << 32 | depth << 40.
    fn meta(st: &State, fingerprint: u32) -> u64 {
        u64::from(fingerprint) << 32 | u64::from(st.moon) << 16 | (st.leader as u64) << 8
    }

    fn bucket(&self, key: &Key, meta: u64) -> usize {
        // The signature stays out: a structure's point-card variants share the bucket.
        let mut h = meta.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &hand in &key.hands {
            h = (h ^ hand).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 31;
        }
        (h as usize) & (self.slots.len() - 1) & !(BUCKET - 1)
    }

    /// The same hands in relative ranks (any point cards).
    fn same_structure(&self, slot: &[u64; WORDS], key: &Key, meta: u64) -> bool {
        slot[5] & (KEY_MASK | 0xFF) == meta | u64::from(self.epoch) && slot[..4] == key.hands
    }

    fn matches(&self, slot: &[u64; WORDS], key: &Key, meta: u64) -> bool {
        self.same_structure(slot, key, meta) && slot[6] == key.signature
    }

    fn is_empty(&self, slot: &[u64; WORDS]) -> bool {
        slot[5] & 0xFF != u64::from(self.epoch)
    }

    /// What the bucket's entries of this structure say of the position: its own entry's
    /// bounds (and best move), met with the shifted bounds of its point-card variants.
    /// `sure`: the slots whose winner is known (computed only if a variant is met).
    pub(crate) fn probe(
        &self,
        st: &State,
        key: &Key,
        fingerprint: u32,
        lane_values: &[&LaneValues; 4],
        sure: impl Fn() -> Option<SureSlots>,
    ) -> Option<Bounds> {
        if self.slots.is_empty() {
            return None;
        }
        let meta = Table::meta(st, fingerprint);
        let index = self.bucket(key, meta);
        let (mut own, mut similar) = (None::<Bounds>, None::<Bounds>);
        let mut sure_slots = None;
        for slot in self.slots[index..index + BUCKET].iter().filter(|slot| self.same_structure(slot, key, meta)) {
            let bounds = decode(slot[4]);
            if slot[6] == key.signature {
                own = Some(bounds);
            } else {
                let sure_slots = *sure_slots.get_or_insert_with(&sure);
                let shifted = bounds.shifted(payoff_shift(lane_values, key.signature, slot[6], sure_slots));
                similar = Some(similar.map_or(shifted, |s| s.meet(shifted)));
            }
        }
        match (own, similar) {
            (Some(own), Some(similar)) => Some(own.meet(similar)),
            (own, similar) => own.or(similar),
        }
    }

    /// Records the fail-soft result `value` of a search with window (`alpha`, `beta`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(&mut self, st: &State, key: &Key, fingerprint: u32, value: i32, alpha: i32, beta: i32, best: Option<u32>) {
        if self.slots.is_empty() {
            return; // not prepared (see `prepare`)
        }
        self.stores += 1;
        let meta = Table::meta(st, fingerprint);
        let index = self.bucket(key, meta);
        let existing = (index..index + BUCKET).find(|&i| self.matches(&self.slots[i], key, meta));
        let slot_index = existing.unwrap_or_else(|| {
            // Replace an empty slot, else one from an older generation, else the shallower one.
            let keep_score = |i: usize| {
                let slot = &self.slots[i];
                if self.is_empty(slot) {
                    return 0;
                }
                let current = (slot[5] >> 24 & 0xFF) as u8 == self.generation;
                1 + u64::from(current) * 256 + (slot[4] >> 40 & 0xFF)
            };
            (index..index + BUCKET).min_by_key(|&i| keep_score(i)).expect("a bucket has slots")
        });
        let mut bounds = existing.map_or(Bounds::UNKNOWN, |i| decode(self.slots[i][4]));
        bounds.record(value, alpha, beta, best);
        if self.is_empty(&self.slots[slot_index]) {
            self.occupied += 1;
        }
        let slot = &mut self.slots[slot_index];
        slot[..4].copy_from_slice(&key.hands);
        slot[6] = key.signature;
        slot[4] = encode(bounds) | u64::from(st.tricks_left) << 40;
        slot[5] = u64::from(self.epoch) | meta | u64::from(self.generation) << 24;
        if self.occupied * GROW_AT_DIV > self.slots.len() * GROW_AT_MUL && self.slots.len() < self.capacity {
            self.grow();
        }
    }

    /// Doubles the table, keeping its entries (each moves to its bucket in the larger one).
    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![[0u64; WORDS]; 0]);
        self.slots = vec![[0u64; WORDS]; old.len() * 2];
        self.occupied = 0;
        let epoch = u64::from(self.epoch);
        for slot in old.iter().filter(|slot| slot[5] & 0xFF == epoch) {
            let key = Key { hands: [slot[0], slot[1], slot[2], slot[3]], signature: slot[6] };
            let index = self.bucket(&key, slot[5] & KEY_MASK);
            if let Some(free) = (index..index + BUCKET).find(|&i| self.is_empty(&self.slots[i])) {
                self.slots[free] = *slot;
                self.occupied += 1;
            }
        }
    }
}

const KEY_MASK: u64 = 0xFFFF_FFFF_00FF_FF00;

fn encode(bounds: Bounds) -> u64 {
    let best = bounds.best.map_or(0xFF, u64::from);
    u64::from(clamp16(bounds.lower) as u16) | u64::from(clamp16(bounds.upper) as u16) << 16 | best << 32
}

fn decode(word: u64) -> Bounds {
    let best = (word >> 32 & 0xFF) as u32;
    Bounds {
        lower: i32::from(word as u16 as i16),
        upper: i32::from((word >> 16) as u16 as i16),
        best: if best == 0xFF { None } else { Some(best) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::{Objective, Rules};
    use crate::variant::Variant;

    #[test]
    fn a_growing_table_keeps_its_entries() {
        let position = Position::parse(
            Variant::Belote,
            "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0;points=0 0 0 0;tricks=0 0 0 0",
        )
        .unwrap();
        let rules = Rules::new(&position, Objective::Points);
        let st = State::new(&rules, &position);
        let mut table = Table::with_memory(1 << 20);
        table.prepare(0); // 2^9 slots, which grow a quarter full
        let key_of = |i: u64| Key { hands: [i, i.wrapping_mul(7), 3, 4], signature: i % 5 };
        let probe = |table: &Table, i: u64| table.probe(&st, &key_of(i), rules.fingerprint, &rules.lane_values, || None);
        let (mut stored, mut before) = (0, 0);
        while table.slots.len() == 512 {
            before = table.occupied;
            table.store(&st, &key_of(stored), rules.fingerprint, (stored % 100) as i32, -1000, 1000, None);
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

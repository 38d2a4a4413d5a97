//! Cards as small indices and sets of cards as 64-bit bitsets (four 16-bit suit lanes).

use crate::error::SolverError;

/// One card: `suit * 16 + rank`, an index below 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Validates the index (never panics on user input).
    pub fn new(index: u32) -> Result<Card, SolverError> {
        if index < 64 {
            Ok(Card(index as u8))
        } else {
            Err(SolverError::CardOutOfRange(index))
        }
    }

    /// `suit` below 4 and `rank` below 16 (callers pass deck constants).
    pub(crate) const fn from_parts(suit: u32, rank: u32) -> Card {
        debug_assert!(suit < 4 && rank < 16);
        Card((suit * 16 + rank) as u8)
    }

    pub(crate) fn from_index(index: u32) -> Card {
        debug_assert!(index < 64);
        Card(index as u8)
    }

    pub fn index(self) -> u8 {
        self.0
    }

    pub fn suit(self) -> u32 {
        u32::from(self.0 / 16)
    }

    pub fn rank(self) -> u32 {
        u32::from(self.0 % 16)
    }

    pub(crate) fn bit(self) -> u64 {
        1u64 << self.0
    }
}

/// A set of distinct cards, one bit per card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(pub(crate) u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    /// Builds a set from card indices, rejecting duplicates and out-of-range indices.
    pub fn from_indices(indices: &[u32]) -> Result<CardSet, SolverError> {
        let mut set = CardSet::EMPTY;
        for &index in indices {
            let card = Card::new(index)?;
            if set.contains(card) {
                return Err(SolverError::DuplicateCard(index.to_string()));
            }
            set.insert(card);
        }
        Ok(set)
    }

    pub fn bits(self) -> u64 {
        self.0
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.bit();
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of `self` not in `other`.
    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    pub fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cards in increasing index order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        bits(self.0).map(|index| Card(index as u8))
    }
}

/// Iterates the set bits of a word, lowest first.
pub(crate) fn bits(mut word: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if word == 0 {
            return None;
        }
        let index = word.trailing_zeros();
        word &= word - 1;
        Some(index)
    })
}

/// The highest `count` set bits of `word` (all of them if it has fewer): the top `count`
/// of its bits' places, deposited onto them (one PDEP where the CPU has it).
pub(crate) fn top_cards(word: u64, count: u32) -> u64 {
    let set = word.count_ones();
    let taken = count.min(set);
    if taken == 0 {
        return 0;
    }
    let ones = u64::MAX >> (64 - taken);
    deposit(ones << (set - taken), word)
}

/// The cards strictly above `card` in the whole word.
pub(crate) fn above(card: u32) -> u64 {
    if card >= 63 {
        0
    } else {
        u64::MAX << (card + 1)
    }
}

/// The highest bit of `word` (the best card of a lane's word), or 0 for none.
pub(crate) fn top_card(word: u64) -> u64 {
    (1u64 << 63).checked_shr(word.leading_zeros()).unwrap_or(0)
}

/// The bits of `word` selected by `mask`, packed into the low bits (PEXT: with the BMI2
/// instruction where the CPU has it, the hot path of transposition keys).
pub(crate) fn extract(word: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("bmi2") {
            // SAFETY: the CPU supports BMI2 (checked just above; the check is cached).
            return unsafe { pext(word, mask) };
        }
    }
    let mut out = 0u64;
    let mut rest = mask;
    let mut i = 0;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        if word & bit != 0 {
            out |= 1u64 << i;
        }
        rest ^= bit;
        i += 1;
    }
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pext(word: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pext_u64(word, mask)
}

/// The low bits of `word` spread over the set bits of `mask` (PDEP, the inverse of
/// `extract`: `deposit(extract(w, m), m) == w & m`).
pub(crate) fn deposit(word: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("bmi2") {
            // SAFETY: the CPU supports BMI2 (checked just above; the check is cached).
            return unsafe { pdep(word, mask) };
        }
    }
    let mut out = 0u64;
    let mut rest = mask;
    let mut i = 0;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        if word >> i & 1 != 0 {
            out |= bit;
        }
        rest ^= bit;
        i += 1;
    }
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pdep(word: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pdep_u64(word, mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_cards_takes_from_the_top() {
        assert_eq!(top_cards(0b1011_0000, 2), 0b1010_0000);
        assert_eq!(top_cards(0b1011_0000, u32::MAX), 0b1011_0000);
        assert_eq!(top_cards(0b1011_0000, 0), 0);
        assert_eq!(top_cards(0, 3), 0);
        assert_eq!(top_cards(u64::MAX, 64), u64::MAX);
        assert_eq!(top_cards(u64::MAX, 1), 1 << 63);
    }

    #[test]
    fn extract_packs_the_selected_bits() {
        assert_eq!(extract(0b1010_0110, 0b1111_0000), 0b1010);
        assert_eq!(extract(u64::MAX, 0x8000_0000_0000_0001), 0b11);
    }

    #[test]
    fn deposit_spreads_the_low_bits() {
        assert_eq!(deposit(0b1010, 0b1111_0000), 0b1010_0000);
        assert_eq!(deposit(0b11, 0x8000_0000_0000_0001), 0x8000_0000_0000_0001);
        let (word, mask) = (0x0123_4567_89AB_CDEF_u64, 0xF0F0_0FF0_3C3C_8001_u64);
        assert_eq!(deposit(extract(word, mask), mask), word & mask);
    }

    #[test]
    fn builds_and_iterates_in_order() {
        let set = CardSet::from_indices(&[5, 0, 63]).unwrap();
        assert_eq!(set.len(), 3);
        let indices: Vec<u8> = set.iter().map(Card::index).collect();
        assert_eq!(indices, vec![0, 5, 63]);
    }

    #[test]
    fn rejects_duplicates_and_out_of_range() {
        assert_eq!(CardSet::from_indices(&[1, 1]), Err(SolverError::DuplicateCard("1".into())));
        assert_eq!(CardSet::from_indices(&[64]), Err(SolverError::CardOutOfRange(64)));
    }
}

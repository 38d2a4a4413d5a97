//! Cards as small indices and sets of cards as 64-bit bitsets.

use crate::error::SolverError;

/// One card: an index below 64 into its variant's deck.
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

    pub fn index(self) -> u8 {
        self.0
    }
}

/// A set of distinct cards, one bit per card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    /// Builds a set from card indices, rejecting duplicates and out-of-range indices.
    pub fn from_indices(indices: &[u32]) -> Result<CardSet, SolverError> {
        let mut set = CardSet::EMPTY;
        for &index in indices {
            let card = Card::new(index)?;
            if set.contains(card) {
                return Err(SolverError::DuplicateCard(card.index()));
            }
            set.insert(card);
        }
        Ok(set)
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.0) != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u64 << card.0;
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in increasing index order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Card(index))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_and_iterates_in_order() {
        let set = CardSet::from_indices(&[5, 0, 63]).unwrap();
        assert_eq!(set.len(), 3);
        let indices: Vec<u8> = set.iter().map(Card::index).collect();
        assert_eq!(indices, vec![0, 5, 63]);
    }

    #[test]
    fn rejects_duplicates_and_out_of_range() {
        assert_eq!(CardSet::from_indices(&[1, 1]), Err(SolverError::DuplicateCard(1)));
        assert_eq!(CardSet::from_indices(&[64]), Err(SolverError::CardOutOfRange(64)));
    }
}

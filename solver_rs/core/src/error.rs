//! Errors for invalid input. User input never panics: it returns one of these.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverError {
    /// A card index outside the 64 slots a [`crate::CardSet`] can hold.
    CardOutOfRange(u32),
    /// The same card given twice where a set of distinct cards is required.
    DuplicateCard(u8),
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverError::CardOutOfRange(index) => write!(f, "card index {index} is out of range 0..64"),
            SolverError::DuplicateCard(index) => write!(f, "card index {index} appears twice"),
        }
    }
}

impl std::error::Error for SolverError {}

//! Errors: invalid input (user input never panics: it returns one of these), and a solve
//! stopped by its deadline.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverError {
    /// A card index outside the 64 slots a [`crate::CardSet`] can hold.
    CardOutOfRange(u32),
    /// The same card given twice.
    DuplicateCard(String),
    UnknownCard(String),
    UnknownVariant(String),
    /// The text does not follow the notation.
    Notation(String),
    /// The cards, trick or sides do not make a position of this variant.
    InvalidPosition(String),
    /// A solve needs an argument it was not given (e.g. the hearts player).
    MissingArgument(&'static str),
    /// The deadline passed before the solve finished (nothing was computed).
    Stopped,
    /// No placement of the unseen cards agrees with what the seat knows.
    Inconsistent(String),
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverError::CardOutOfRange(index) => write!(f, "card index {index} is out of range 0..64"),
            SolverError::DuplicateCard(card) => write!(f, "card {card} appears twice"),
            SolverError::UnknownCard(card) => write!(f, "{card:?} is not a card of this deck"),
            SolverError::UnknownVariant(name) => write!(f, "unknown variant {name:?}"),
            SolverError::Notation(message) => write!(f, "notation: {message}"),
            SolverError::InvalidPosition(message) => write!(f, "invalid position: {message}"),
            SolverError::MissingArgument(name) => write!(f, "missing argument: {name}"),
            SolverError::Stopped => write!(f, "the deadline passed before the solve finished"),
            SolverError::Inconsistent(message) => write!(f, "inconsistent knowledge: {message}"),
        }
    }
}

impl std::error::Error for SolverError {}

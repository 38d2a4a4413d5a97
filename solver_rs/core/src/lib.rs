//! `cardgames-solver`: the pure-Rust core of the cardgames solver.
//!
//! No Python in this crate: the PyO3 binding lives in `solver_rs/py` and only
//! converts types and maps [`SolverError`] to Python exceptions.
//!
//! Table of contents:
//! - [`cards`]: [`Card`] and [`CardSet`], a card as an index below 64 and a hand as a bitset.
//! - [`error`]: [`SolverError`], every way input can be rejected.

pub mod cards;
pub mod error;

pub use cards::{Card, CardSet};
pub use error::SolverError;

/// Version of the core crate, exposed so the Python side can check what it loaded.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

//! `cardgames-solver`: exact double-dummy solving for the cardgames variants.
//!
//! No Python in this crate: the PyO3 binding lives in `solver_rs/py` and only converts
//! types and maps [`SolverError`] to Python exceptions.
//!
//! Table of contents:
//! - [`cards`]: [`Card`] and [`CardSet`], a card as an index below 64, sets as bitsets.
//! - [`variant`]: the rule sets ([`Variant`]), their decks and card codes.
//! - [`notation`] and [`position`]: the PBN-like notation and a validated [`Position`].
//! - `rules` (internal): a position's rules compiled for search (obligations, trick winner);
//!   [`trick`]: one trick under those rules, outside the search ([`trick_result`], and the
//!   check of a position's trick in progress).
//! - [`search`]: the [`Solver`] (zero-window alpha-beta, transposition table, ordering, bounds);
//!   [`search::anytime`]: the value and every card's as bounds reported as they narrow.
//! - [`deal`]: a [`Deal`] before bidding and its [`dd_table`].
//! - [`batch`]: [`solve_batch`] on all cores.
//! - [`sampling`]: [`DealSampler`], uniform deals of the cards a seat cannot see;
//!   [`declarations`]: what a belote declaration tells of the declarer's hand.
//! - [`hint`]: [`evaluate_cards`], every legal card's value over sampled deals;
//!   [`evaluate_passes`], every hearts pass over sampled deals.
//! - [`playout`]: hearts play-outs by a simple policy, where exact search is out of reach.
//! - [`error`]: [`SolverError`], every way input can be rejected.

pub mod batch;
pub mod cards;
pub mod deal;
pub mod declarations;
pub mod error;
pub mod hint;
pub mod notation;
pub mod playout;
pub mod position;
mod rules;
pub mod sampling;
pub mod search;
pub mod trick;
pub mod variant;

pub use batch::{solve_batch, Job};
pub use cards::{Card, CardSet};
pub use deal::{dd_table, Deal, TableEntry};
pub use declarations::{DeclarationFact, Declared};
pub use error::SolverError;
pub use hint::{evaluate_cards, evaluate_passes, SampleLimits, SampledPasses, SampledValues};
pub use position::{Position, PositionParts};
pub use rules::Objective;
pub use sampling::{DealSampler, Holder};
pub use search::interrupt::StopFlag;
pub use search::{legal_cards, objective_for, AnytimeOptions, Progress, Solution, SolveOptions, Solver, ValueBounds, DEFAULT_MEMORY_BYTES};
pub use trick::{trick_result, TrickResult};
pub use variant::Variant;

/// Version of the core crate, exposed so the Python side can check what it loaded.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

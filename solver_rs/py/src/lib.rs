//! `engine_service._solver`: the PyO3 binding of `cardgames-solver`.
//!
//! Table of contents: [`error`] maps core errors to Python exceptions in one place;
//! the functions below only convert types.

mod error;

use cardgames_solver::CardSet;
use pyo3::prelude::*;

/// Version of the Rust core this extension was built from.
#[pyfunction]
fn core_version() -> &'static str {
    cardgames_solver::VERSION
}

/// Number of distinct cards in `indices`; raises `InvalidInputError` on a duplicate
/// or an index outside 0..64.
#[pyfunction]
fn count_cards(indices: Vec<u32>) -> PyResult<u32> {
    let set = CardSet::from_indices(&indices).map_err(error::to_py)?;
    Ok(set.len())
}

#[pymodule]
fn _solver(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SolverError", m.py().get_type::<error::SolverError>())?;
    m.add("InvalidInputError", m.py().get_type::<error::InvalidInputError>())?;
    m.add_function(wrap_pyfunction!(core_version, m)?)?;
    m.add_function(wrap_pyfunction!(count_cards, m)?)?;
    Ok(())
}

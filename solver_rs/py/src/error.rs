//! The one place where core errors (and any panic) become Python exceptions.

use cardgames_solver::SolverError as CoreError;
use pyo3::create_exception;
use pyo3::PyErr;
use std::panic::{catch_unwind, AssertUnwindSafe};

create_exception!(_solver, SolverError, pyo3::exceptions::PyException, "Base class of solver errors.");
create_exception!(_solver, InvalidInputError, SolverError, "The input describes no valid cards, deal or position.");
create_exception!(_solver, UnknownVariantError, InvalidInputError, "The variant name is not one the solver knows.");
create_exception!(_solver, NotationError, InvalidInputError, "The text does not follow the deal/position notation.");
create_exception!(_solver, InvalidPositionError, InvalidInputError, "The cards, trick or sides do not make a position.");
create_exception!(_solver, InconsistentKnowledgeError, InvalidInputError, "No deal of the unseen cards agrees with what the seat knows.");
create_exception!(_solver, SolveStoppedError, SolverError, "The deadline passed before the solve finished.");

pub fn to_py(error: CoreError) -> PyErr {
    let message = error.to_string();
    match error {
        CoreError::UnknownVariant(_) => UnknownVariantError::new_err(message),
        CoreError::Notation(_) | CoreError::UnknownCard(_) | CoreError::DuplicateCard(_) => NotationError::new_err(message),
        CoreError::InvalidPosition(_) | CoreError::MissingArgument(_) => InvalidPositionError::new_err(message),
        CoreError::CardOutOfRange(_) => InvalidInputError::new_err(message),
        CoreError::Inconsistent(_) => InconsistentKnowledgeError::new_err(message),
        CoreError::Stopped => SolveStoppedError::new_err(message),
    }
}

/// Runs `work`, turning a panic into `SolverError` so that none ever reaches Python.
pub fn guarded<T>(work: impl FnOnce() -> Result<T, CoreError>) -> Result<T, GuardedError> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(GuardedError::Core(error)),
        Err(_) => Err(GuardedError::Panic),
    }
}

pub enum GuardedError {
    Core(CoreError),
    Panic,
}

impl From<GuardedError> for PyErr {
    fn from(error: GuardedError) -> PyErr {
        match error {
            GuardedError::Core(error) => to_py(error),
            GuardedError::Panic => SolverError::new_err("internal solver error (a bug: please report the input)"),
        }
    }
}

//! The one place where core errors become Python exceptions.

use cardgames_solver::SolverError as CoreError;
use pyo3::create_exception;
use pyo3::PyErr;

create_exception!(_solver, SolverError, pyo3::exceptions::PyException, "Base class of solver errors.");
create_exception!(_solver, InvalidInputError, SolverError, "The input describes no valid cards or position.");

pub fn to_py(error: CoreError) -> PyErr {
    match error {
        CoreError::CardOutOfRange(_) | CoreError::DuplicateCard(_) => InvalidInputError::new_err(error.to_string()),
    }
}

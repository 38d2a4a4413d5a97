//! Stopping every search of the process at once, for a server that shuts down: a search
//! looks at this flag when it looks at the clock, and stops as at its deadline.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Stops every search running or started from now on (they fail with `SolverError::Stopped`).
pub fn interrupt_all() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

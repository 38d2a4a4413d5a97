//! Stopping searches from another thread: every search of the process at once, for a
//! server that shuts down, or one search by its [`StopFlag`] (an anytime analysis nobody
//! waits for any more). A search looks at both when it looks at the clock, and stops as at
//! its deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Stops every search running or started from now on (they fail with `SolverError::Stopped`).
pub fn interrupt_all() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// A request to stop one search, set from any thread (clones share it).
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Stops the searches given this flag, running or to come.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

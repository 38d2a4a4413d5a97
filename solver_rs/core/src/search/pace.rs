//! A test hook that makes every search slower, as a slower CPU would: after each stretch
//! of nodes between two looks at the clock, the search waits `factor - 1` times as long as
//! the stretch took. Off (factor 1) unless a test sets it; the cost when off is one
//! relaxed atomic load per few thousand nodes.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

static FACTOR: AtomicU32 = AtomicU32::new(1);

/// Makes every search in this process `factor` times slower (1: full speed; 0 is taken as 1).
pub fn set_slowdown(factor: u32) {
    FACTOR.store(factor.max(1), Ordering::Relaxed);
}

/// The slowdown in force.
pub fn slowdown() -> u32 {
    FACTOR.load(Ordering::Relaxed)
}

/// Called at each look at the clock; `since` is when the previous stretch began.
pub(crate) fn pace(since: &mut Instant) {
    let factor = FACTOR.load(Ordering::Relaxed);
    if factor <= 1 {
        return;
    }
    let now = Instant::now();
    let until = now + (now - *since) * (factor - 1);
    while Instant::now() < until {
        std::hint::spin_loop();
    }
    *since = Instant::now();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_stretch_is_followed_by_a_wait_of_factor_minus_one_times_it() {
        set_slowdown(3);
        let mut since = Instant::now();
        std::thread::sleep(Duration::from_millis(2));
        let before = Instant::now();
        pace(&mut since);
        set_slowdown(1);
        // At least twice the stretch (at least 2 ms) was waited; machine speed only adds to it.
        assert!(before.elapsed() >= Duration::from_millis(4));
        let mut since = Instant::now();
        let before = Instant::now();
        pace(&mut since);
        assert!(since <= before, "off: no wait, and the stretch start is left alone");
    }
}

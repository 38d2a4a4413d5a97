//! Zero-window alpha-beta: "can the MAX side make at least `target` from here?".
//!
//! Values are *future* values (what is still to be won), so transposition entries stored
//! at trick boundaries serve every path that reaches the same cards. The exact value comes
//! from a few such boolean searches around a guess (MTD(f) style), see [`Search::exact`].

use super::bounds::future_bounds;
use super::ordering::ordered;
use super::state::State;
use super::table::Table;
use crate::rules::Rules;

pub(crate) struct Search<'a> {
    pub rules: &'a Rules,
    pub table: &'a mut Table,
    pub st: State,
    pub nodes: u64,
}

impl<'a> Search<'a> {
    /// Can the MAX side reach a future value of at least `target`?
    pub(crate) fn reaches(&mut self, target: i32) -> bool {
        self.nodes += 1;
        let boundary = self.st.trick_len == 0;
        if boundary && self.st.tricks_left == 0 {
            return self.st.terminal(self.rules) >= target;
        }
        let (low, high) = future_bounds(self.rules, &self.st);
        if target <= low {
            return true;
        }
        if target > high {
            return false;
        }
        let mut hint = None;
        if boundary {
            if let Some(bounds) = self.table.probe(&self.st, self.rules.fingerprint) {
                if bounds.lower >= target {
                    return true;
                }
                if bounds.upper < target {
                    return false;
                }
                hint = bounds.best;
            }
        }
        let seat = self.st.to_play(self.rules.n);
        let maximising = self.rules.max_side[seat];
        let moves = ordered(self.rules, &self.st, hint);
        let mut result = !maximising;
        let mut best = None;
        for &card in moves.as_slice() {
            let undo = self.st.play(self.rules, u32::from(card));
            let contribution = undo.completed.as_ref().map_or(0, |done| done.contribution);
            let reached = self.reaches(target - contribution);
            self.st.unplay(self.rules, &undo);
            if reached == maximising {
                result = maximising;
                best = Some(u32::from(card));
                break;
            }
        }
        if boundary {
            self.table.store(&self.st, self.rules.fingerprint, target, result, best);
        }
        result
    }

    /// The exact future value, searched between the node's bounds starting from `guess`.
    pub(crate) fn exact(&mut self, guess: Option<i32>) -> i32 {
        let (mut low, mut high) = future_bounds(self.rules, &self.st);
        let mut next = guess.map(|g| g.clamp(low, high));
        while low < high {
            // Test "value >= t": first at the guess, then by bisection.
            let t = match next.take() {
                Some(g) if g > low => g,
                Some(g) => g + 1,
                None => low + (high - low + 1) / 2,
            };
            if self.reaches(t) {
                low = t;
            } else {
                high = t - 1;
            }
        }
        low
    }
}

//! Fail-soft alpha-beta on *future* values (what is still to be won), with the exact
//! value found by MTD(f): a few null-window searches around a guess, each of which
//! returns a bound (fail-soft) that moves the guess far when it fails.
//!
//! Transposition entries stored at trick boundaries hold bounds on the future value, so
//! they serve every path reaching the same cards.

use super::bounds::future_bounds;
use super::key::{absolute, key, relative};
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
        self.alpha_beta(target - 1, target) >= target
    }

    /// Fail-soft alpha-beta: the exact future value if it lies strictly between `alpha`
    /// and `beta`; otherwise an upper bound (<= alpha) or a lower bound (>= beta).
    pub(crate) fn alpha_beta(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let boundary = self.st.trick_len == 0;
        if boundary && self.st.tricks_left == 0 {
            return self.st.terminal(self.rules);
        }
        let (low, high) = future_bounds(self.rules, &self.st);
        if low >= beta {
            return low;
        }
        if high <= alpha {
            return high;
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut hint = None;
        let table_key = if boundary { Some(key(self.rules, &self.st)) } else { None };
        if let Some(table_key) = &table_key {
            if let Some(bounds) = self.table.probe(&self.st, table_key, self.rules.fingerprint) {
                if bounds.lower >= beta || bounds.lower == bounds.upper {
                    return bounds.lower;
                }
                if bounds.upper <= alpha {
                    return bounds.upper;
                }
                alpha = alpha.max(bounds.lower);
                beta = beta.min(bounds.upper);
                hint = bounds.best.and_then(|slot| absolute(&self.st, slot));
            }
        }
        let maximising = self.rules.max_side[self.st.to_play(self.rules.n)];
        let moves = ordered(self.rules, &self.st, hint);
        let mut best_value = if maximising { i32::MIN } else { i32::MAX };
        let mut best_card = None;
        for &card in moves.as_slice() {
            let undo = self.st.play(self.rules, u32::from(card));
            let gain = undo.completed.as_ref().map_or(0, |done| done.contribution);
            let value = gain + self.alpha_beta(alpha - gain, beta - gain);
            self.st.unplay(self.rules, &undo);
            if maximising {
                if value > best_value {
                    (best_value, best_card) = (value, Some(u32::from(card)));
                }
                if best_value >= beta {
                    break;
                }
                alpha = alpha.max(best_value);
            } else {
                if value < best_value {
                    (best_value, best_card) = (value, Some(u32::from(card)));
                }
                if best_value <= alpha {
                    break;
                }
                beta = beta.min(best_value);
            }
        }
        let best_value = best_value.clamp(low, high);
        if let Some(table_key) = &table_key {
            let best_slot = best_card.map(|card| relative(&self.st, card));
            self.table.store(&self.st, table_key, self.rules.fingerprint, best_value, alpha0, beta0, best_slot);
        }
        best_value
    }

    /// The exact future value: a null-window test at `guess` first, then bisection of the
    /// remaining interval (MTD(f) alone crawls one point per pass on card-point values).
    pub(crate) fn exact(&mut self, guess: Option<i32>) -> i32 {
        let (mut low, mut high) = future_bounds(self.rules, &self.st);
        let mut next = guess;
        while low < high {
            let t = match next.take() {
                Some(g) => g.clamp(low + 1, high),
                None => low + (high - low + 1) / 2,
            };
            let g = self.alpha_beta(t - 1, t);
            if g >= t {
                low = g;
            } else {
                high = g;
            }
        }
        low
    }
}

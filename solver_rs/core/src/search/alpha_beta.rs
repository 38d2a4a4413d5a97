//! Fail-soft alpha-beta on *future* values (what is still to be won), with the exact
//! value found by MTD(f): a few null-window searches around a guess, each of which
//! returns a bound (fail-soft) that moves the guess far when it fails.
//!
//! Transposition entries stored at trick boundaries hold bounds on the future value, so
//! they serve every path reaching the same cards. Each result also says which cards'
//! ranks it relied on: with partition search (bridge, hearts) an entry then serves every
//! position that differs only in the others (see `partition.rs`).

use super::bounds::{future_bounds, master_run};
use super::interrupt::StopFlag;
use super::key::{key, SureSlots};
use super::ordering::{ordered, representative_of, Moves};
use super::partition::{PartitionTable, Seen};
use super::recall::Found;
use super::state::State;
use super::table::{Bounds, Table};
use crate::cards::bits;
use crate::rules::{lane_of, Objective, Rules, LANES, MOON_POINTS};
use std::collections::HashMap;
use std::time::Instant;

pub(crate) struct Search<'a> {
    pub rules: &'a Rules,
    pub table: &'a mut Table,
    pub partition: &'a mut PartitionTable,
    pub st: State,
    pub nodes: u64,
    /// Per tricks left and leading seat, the lead that last refuted a node (a cut-off):
    /// weighed up in the order (`ordering::KILLER_WEIGHT`). Sibling positions differ in a
    /// few cards, and the same lead often refutes them again (killer heuristic); at
    /// following seats it multiplies the nodes (figures in benchmarks/README.md, "Move ordering").
    pub lead_killers: [[u8; 4]; 14],
    /// Hearts: the player's card that last refuted a node with at least
    /// `REMEMBERED_TRICKS` tricks left, by exact position: tried first when a later
    /// null-window test of the solve meets the node again. The moon test's refutations
    /// (the player stopping the moon) are often what the test next to the value needs too.
    pub refutations: HashMap<PositionKey, u8>,
    /// When to give up (see `SolveOptions::deadline`); `stopped` once it has passed, and
    /// from then on every node returns at once with a meaningless value.
    pub deadline: Option<Instant>,
    /// Another thread's request to stop, looked at with the clock (see `interrupt::StopFlag`).
    pub stop: Option<StopFlag>,
    pub stopped: bool,
    /// When the stretch of nodes since the last look at the clock began (see `pace`).
    pub paced_since: Instant,
}

/// An exact position: the hands, the trick's cards, and its length and leader.
pub(crate) type PositionKey = ([u64; 4], [u8; 4], usize);

/// See `Search::refutations`: 11 or 12 measured best (10 the same, 8 a little worse: more
/// positions, none met again).
const REMEMBERED_TRICKS: u32 = 11;

/// Nodes between two looks at the clock (a power of two): a few hundred microseconds.
const NODES_PER_CLOCK_CHECK: u64 = 4096;

/// Point-game boundaries with this many cards or fewer are searched exactly (belote: the
/// last two tricks, belote3: the last three): exact values there are tighter bounds above;
/// more cards, or euchre3, cost nodes (docs/solver.md, "The search").
const EXACT_ENDGAME_CARDS: u32 = 10;

/// `Search::lead_killers` when none is known.
pub(crate) const NO_KILLER: u8 = 0xFF;

impl<'a> Search<'a> {
    /// Can the MAX side reach a future value of at least `target`?
    pub(crate) fn reaches(&mut self, target: i32) -> bool {
        self.alpha_beta(target - 1, target).0 >= target
    }

    /// Fail-soft alpha-beta: the exact future value if it lies strictly between `alpha`
    /// and `beta`; otherwise an upper bound (<= alpha) or a lower bound (>= beta). With it,
    /// the cards whose ranks the result relied on (see `partition.rs`).
    pub(crate) fn alpha_beta(&mut self, mut alpha: i32, mut beta: i32) -> (i32, u64) {
        self.nodes += 1;
        if self.nodes & (NODES_PER_CLOCK_CHECK - 1) == 0 {
            super::pace::pace(&mut self.paced_since);
            self.stopped |= super::interrupt::interrupted()
                || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
                || self.stop.as_ref().is_some_and(StopFlag::is_set);
        }
        if self.stopped {
            return (0, 0);
        }
        let boundary = self.st.trick_len == 0;
        if boundary && self.st.tricks_left == 0 {
            return (self.st.terminal(self.rules), 0);
        }
        // The last trick plays itself. With partition search the bounds go first: a bound
        // that settles the node relies on fewer cards than the trick's winner.
        let last = boundary && self.st.tricks_left == 1;
        if last && !self.rules.partition {
            return self.last_trick();
        }
        // The exact table goes first (a settled probe saves the bounds); the partition
        // table's probe needs the window the bounds narrow.
        let early = (boundary && !self.rules.partition).then(|| self.probe(alpha, beta));
        if let Some(value) = early.as_ref().and_then(|(_, found)| found.as_ref()).and_then(|(bounds, _)| bounds.settle(alpha, beta)) {
            return (value, 0);
        }
        let future = future_bounds(self.rules, &self.st);
        let (low, high) = (future.low, future.high);
        if low >= beta {
            return (low, future.low_relies);
        }
        if high <= alpha {
            return (high, future.high_relies);
        }
        if last {
            return self.last_trick();
        }
        if boundary && self.exact_endgame() {
            // Searched with the whole window: an exact value (stored as such) serves every
            // later test, and gives the nodes above it tighter fail-soft values.
            alpha = low - 1;
            beta = high + 1;
        }
        // The bounds' cards count only where the bounds decide the result (see the clamp).
        let mut relevant = 0u64;
        let (alpha0, beta0) = (alpha, beta);
        let at_boundary = if boundary { Some(early.unwrap_or_else(|| self.probe(alpha, beta))) } else { None };
        if let Some((_, Some((bounds, used)))) = &at_boundary {
            relevant |= used;
            if let Some(value) = bounds.settle(alpha, beta) {
                return (value, relevant);
            }
            alpha = alpha.max(bounds.lower);
            beta = beta.min(bounds.upper);
        }
        let seat = self.st.to_play(self.rules.n);
        let maximising = self.rules.max_side[seat];
        let killer_slot = boundary.then_some((self.st.tricks_left as usize, seat));
        let killer = killer_slot.map(|(left, seat)| self.lead_killers[left][seat]).filter(|&k| k != NO_KILLER).map(u32::from);
        let mut moves = ordered(self.rules, &self.st, killer);
        let remembered = !maximising && self.rules.is_hearts() && self.st.tricks_left >= REMEMBERED_TRICKS && moves.as_slice().len() > 1;
        let position_key = remembered.then(|| (self.st.hands, self.st.trick, self.st.trick_len * 4 + self.st.leader));
        if let Some(card) = position_key.as_ref().and_then(|key| self.refutations.get(key)) {
            moves.put_first(*card);
        }
        let mut best_value = if maximising { i32::MIN } else { i32::MAX };
        let mut searched = 0u64;
        let mut cut_off = false;
        // Per lane, the cards below its floor are not searched (see `floor`).
        let mut floors = [0u32; 4];
        for &card in moves.as_slice() {
            let lane = lane_of(u32::from(card));
            if u32::from(card) < floors[lane] {
                continue;
            }
            let undo = self.st.play(self.rules, u32::from(card));
            let (gain, won) = undo.completed.as_ref().map_or((0, 0), |done| (done.contribution, done.relevant));
            let (child, child_relevant) = self.alpha_beta(alpha - gain, beta - gain);
            let value = gain + child;
            self.st.unplay(self.rules, &undo);
            let cut = if maximising {
                best_value = best_value.max(value);
                alpha = alpha.max(best_value);
                best_value >= beta
            } else {
                best_value = best_value.min(value);
                beta = beta.min(best_value);
                best_value <= alpha
            };
            if cut {
                if let Some(key) = position_key {
                    self.refutations.insert(key, card);
                }
                // One refutation proves the bound: only its cards matter.
                searched = child_relevant | won;
                if let Some((left, seat)) = killer_slot {
                    self.lead_killers[left][seat] = card;
                }
                cut_off = true;
                break;
            }
            searched |= child_relevant | won;
            if self.rules.partition && floors[lane] == 0 {
                floors[lane] = self.floor(u32::from(card), searched | relevant);
            }
        }
        relevant |= searched;
        if self.rules.partition && !cut_off && moves.merged != 0 {
            relevant |= self.straddling(relevant, &moves);
        }
        let clamped = best_value.clamp(low, high);
        if clamped > best_value {
            relevant |= future.low_relies;
        } else if clamped < best_value {
            relevant |= future.high_relies;
        }
        let best_value = clamped;
        match at_boundary {
            Some((Key::Exact(table_key), _)) => {
                self.table.store(&self.st, &table_key, self.rules.fingerprint, best_value, alpha0, beta0);
            }
            Some((Key::Partition(seen), _)) => {
                relevant |= self.rules.always_relevant & self.st.in_play;
                self.partition.store(&self.st, &seen, relevant, best_value, alpha0, beta0);
            }
            // A recalled position is settled before its search.
            Some((Key::Recalled, _)) | None => {}
        }
        (best_value, relevant)
    }

    /// After `card` was searched without a cut-off, with the results so far relying on
    /// the ranks of `relevant`: the cards of its lane below the returned floor need no
    /// search (0: every card does). When `card` lies below every relevant card of its lane
    /// (the always-relevant ones counted), another card below them all leads to a position
    /// that differs only in low cards whose ranks did not matter: in the same partition,
    /// with the same value (DDS skips such moves the same way, its "lowest win" ranks).
    fn floor(&self, card: u32, relevant: u64) -> u32 {
        let lane = lane_of(card);
        let lane_relevant = (relevant | self.rules.always_relevant & self.st.in_play()) & LANES[lane];
        let low = if lane_relevant == 0 { lane as u32 * 16 + 16 } else { lane_relevant.trailing_zeros() };
        if card < low {
            low
        } else {
            0
        }
    }

    /// Whether this trick boundary is searched for its exact value rather than a bound: in
    /// point games, with at most `EXACT_ENDGAME_CARDS` cards left.
    fn exact_endgame(&self) -> bool {
        self.rules.objective == Objective::Points && self.st.in_play.count_ones() <= EXACT_ENDGAME_CARDS
    }

    /// The last trick: every hand holds one card, so it plays itself out.
    fn last_trick(&mut self) -> (i32, u64) {
        let n = self.rules.n;
        let mut undos = [None, None, None, None];
        for undo in undos.iter_mut().take(n) {
            let seat = self.st.to_play(n);
            let card = self.st.hands[seat].trailing_zeros();
            *undo = Some(self.st.play(self.rules, card));
        }
        let done = undos[n - 1].as_ref().and_then(|undo| undo.completed.as_ref()).expect("the last seat's card completes the trick");
        let result = (done.contribution + self.st.terminal(self.rules), done.relevant);
        for undo in undos[..n].iter().rev().flatten() {
            self.st.unplay(self.rules, undo);
        }
        result
    }

    /// Every move was needed, and equivalent cards were searched once, standing for a run
    /// of one hand with no card in play between them. A run wholly among the low cards
    /// needs nothing (any low card of the lane is as good as another), but a run from a
    /// relevant card down into the low ones must stay a run: its lowest card is relevant.
    fn straddling(&self, relevant: u64, moves: &Moves) -> u64 {
        let in_play = self.st.in_play();
        let mut extra = 0u64;
        for lane in LANES {
            let lane_relevant = relevant & lane;
            if lane_relevant == 0 {
                continue;
            }
            let lowest = lane_relevant.trailing_zeros();
            let below = moves.merged & lane & ((1u64 << lowest) - 1);
            if let Some(card) = bits(below).find(|&card| representative_of(self.rules, card, moves.legal, in_play) >= lowest) {
                extra |= 1u64 << card; // the lowest such card: everything above it is kept
            }
        }
        extra
    }

    /// The table's key for this trick boundary and what the table knows of it.
    fn probe(&mut self, alpha: i32, beta: i32) -> (Key, Option<(Bounds, u64)>) {
        if self.rules.partition {
            let always = self.rules.always_relevant & self.st.in_play;
            let taken = |found: Found| (found.bounds, found.relies(alpha, beta) | always);
            // Hearts looks for the exact position first (see `recall.rs`).
            let recalling = self.rules.is_hearts();
            let meta = PartitionTable::meta(&self.st, self.rules.fingerprint);
            if let Some(found) = recalling.then(|| self.partition.recall.get(&self.st, meta)).flatten().filter(|found| found.settles(alpha, beta)) {
                return (Key::Recalled, Some(taken(found)));
            }
            let seen = PartitionTable::seen(self.rules, &self.st, self.rules.fingerprint);
            let found = self.partition.probe(&self.st, &seen, alpha, beta);
            if let Some(found) = found.filter(|found| recalling && found.settles(alpha, beta)) {
                self.partition.recall.put(&self.st, meta, found);
            }
            (Key::Partition(seen), found.map(taken))
        } else {
            let table_key = key(self.rules, &self.st);
            let sure = || {
                master_run(self.rules, &self.st).map(|(run, to_max)| SureSlots { lane: self.rules.trump_lane.unwrap_or(0), slots: run.count_ones(), to_max })
            };
            let found = self.table.probe(&self.st, &table_key, self.rules.fingerprint, &self.rules.lane_values, sure);
            (Key::Exact(table_key), found.map(|b| (b, 0)))
        }
    }

    /// The exact future value: a null-window test at `guess` first and, while the guess
    /// is likely close (a sibling's value), MTD(f) steps next to the bound each test
    /// returned; then bisection of the remaining interval (MTD(f) alone crawls one point
    /// per pass on card-point values when the guess is far), which hearts leaves after each
    /// test the others pass, for the point above it (see `climbs`). Trick counts span at most 13:
    /// there MTD(f) steps all the way, the first test without a guess included (bridge,
    /// the value only: -9% nodes on the bench's deals).
    pub(crate) fn exact(&mut self, guess: Option<i32>) -> i32 {
        let future = future_bounds(self.rules, &self.st);
        self.narrow(guess, future.low, future.high, |_, _, _| true).0
    }

    /// `exact`'s tests from the future value's bounds `low..=high` on: after each test
    /// `proved` gets the bounds it proved and the nodes so far, and stops the tests by
    /// returning false. The bounds then (equal once exact); a test the deadline stopped
    /// proved nothing and is not reported.
    pub(crate) fn narrow(&mut self, guess: Option<i32>, mut low: i32, mut high: i32, mut proved: impl FnMut(i32, i32, u64) -> bool) -> (i32, i32) {
        // Hearts without a guess tests the top first while the bounds leave the others their
        // moon: can one of them shoot? A moon deal is then settled at once. Once a bound rules
        // the moon out, the top is no moon and bisection does better (docs/solver.md).
        let mut next = guess.or_else(|| (self.rules.is_hearts() && high >= MOON_POINTS).then_some(high));
        let all_the_way = self.rules.objective == Objective::Tricks;
        // Hearts climbs: after a test the others pass, the next is one above what they
        // reached. There a pass is cheap and a failure dear (tens of times the nodes), so the
        // failures are best spent next to the value rather than halfway.
        let climbs = self.rules.is_hearts();
        let mut steps = if guess.is_some() { MTD_STEPS_AFTER_GUESS } else { 0 };
        while low < high && !self.stopped {
            let t = match next.take() {
                Some(g) => g.clamp(low + 1, high),
                None => low + (high - low + 1) / 2,
            };
            let (g, _) = self.alpha_beta(t - 1, t);
            if self.stopped {
                break;
            }
            if g >= t {
                low = g.min(high);
            } else {
                high = g.max(low);
            }
            if all_the_way || steps > 0 {
                steps = steps.saturating_sub(1);
                next = Some(if g >= t { g + 1 } else { g });
            } else if climbs && g >= t {
                next = Some(g + 1);
            }
            if !proved(low, high, self.nodes) {
                break;
            }
        }
        (low, high)
    }
}

/// MTD(f) steps after a guessed first test: 3 measured best (belote -7% nodes, belote3
/// -7%; 1, 2 and 5 did less).
const MTD_STEPS_AFTER_GUESS: u32 = 3;

/// A boundary's key in the table in use.
enum Key {
    Exact(super::key::Key),
    Partition(Seen),
    /// An exact position recalled settled (see `recall.rs`): nothing to store.
    Recalled,
}

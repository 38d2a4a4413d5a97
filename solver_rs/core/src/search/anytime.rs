//! Anytime analysis: the value of a position and of each legal card as bounds, reported
//! as the search proves them, until they meet.
//!
//! The first bounds are the cheap ones (`bounds/`), for the position and after each card,
//! with no search at all. Then the null-window tests of [`Search::narrow`] (the exact
//! solve's own schedule) narrow the position's value first, then each card's next to it;
//! every test that moves a bound is reported. Bounds pass between the position and its
//! cards: the side to move takes its best card, so the best of the cards' bounds bound the
//! value, and the value bounds each card from the side that chooses. The tables are the
//! solver's own, so the search stays within the same memory as a solve.

use super::alpha_beta::Search;
use super::bounds::future_bounds;
use super::interrupt::StopFlag;
use super::ordering::{ordered, representative_of};
use super::{base_value, optimal_line, Solver};
use crate::cards::{bits, Card};
use crate::error::SolverError;
use crate::position::Position;
use std::time::Instant;

/// A value known to lie in `low..=high`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueBounds {
    pub low: i32,
    pub high: i32,
}

impl ValueBounds {
    /// The bounds have met: the value is proved.
    pub fn exact(&self) -> bool {
        self.low == self.high
    }

    pub fn contains(&self, value: i32) -> bool {
        (self.low..=self.high).contains(&value)
    }

    fn shifted(self, by: i32) -> ValueBounds {
        ValueBounds { low: self.low + by, high: self.high + by }
    }

    /// Both bounds kept where they are the tighter.
    fn meet(&mut self, other: ValueBounds) -> bool {
        let met = ValueBounds { low: self.low.max(other.low), high: self.high.min(other.high) };
        // Sound bounds always overlap; should they not, the older ones stand.
        let changed = met != *self && met.low <= met.high;
        if changed {
            *self = met;
        }
        changed
    }
}

/// What an anytime analysis knows at one moment. Values are totals for the deal, as in
/// [`super::Solution`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    pub value: ValueBounds,
    /// Every legal card of the player to move, in card order, with its value's bounds.
    pub card_values: Vec<(Card, ValueBounds)>,
    /// An optimal line, once every value is exact (when asked).
    pub line: Vec<Card>,
    pub nodes: u64,
    pub to_play: usize,
    pub maximising: bool,
    /// The deadline, the stop flag, an interrupt or the observer ended the analysis first:
    /// the bounds are the last ones proved.
    pub stopped: bool,
}

impl Progress {
    /// The value and every card's value are exact.
    pub fn exact(&self) -> bool {
        self.value.exact() && self.card_values.iter().all(|(_, bounds)| bounds.exact())
    }
}

/// What an anytime analysis computes besides the bounds, and when it stops.
#[derive(Debug, Clone, Default)]
pub struct AnytimeOptions {
    /// An optimal line once the values are exact.
    pub line: bool,
    /// Stop at this instant, with the bounds proved so far.
    pub deadline: Option<Instant>,
    /// Stop once another thread sets this flag, likewise.
    pub stop: Option<StopFlag>,
}

impl Solver {
    /// The value of `position` and of each legal card as bounds narrowed until exact:
    /// `observe` gets the first (cheap) bounds at once, then the bounds after each test
    /// that narrowed one, the exact values last; it stops the analysis by returning false.
    /// The result is the last bounds, `stopped` if the deadline, the stop flag, an interrupt
    /// or `observe` came first. Errors: the position's (the hearts player missing or no seat), never
    /// the deadline.
    pub fn solve_anytime(
        &mut self,
        position: &Position,
        hearts_player: Option<usize>,
        options: AnytimeOptions,
        mut observe: impl FnMut(&Progress) -> bool,
    ) -> Result<Progress, SolverError> {
        let rules = self.begin(position, hearts_player)?;
        let base = base_value(position, &rules);
        let mut search = self.search(&rules, position, options.deadline);
        if options.stop.is_some() {
            search.stop = options.stop; // the analysis' own flag; else the solver's, if any
        }
        let mut brackets = Brackets::cheap(&mut search, base, options.line);
        let finished = brackets.narrow(&mut search, &mut observe);
        let mut progress = brackets.progress(search.nodes);
        progress.stopped = !finished;
        if search.stopped {
            // The unwinding search stored meaningless bounds (see `Solver::unless_stopped`).
            self.clear();
        }
        Ok(progress)
    }
}

/// The bounds of one anytime analysis, as future values (what is still to win).
struct Brackets {
    base: i32,
    to_play: usize,
    maximising: bool,
    value: ValueBounds,
    /// One card per run of equivalent cards (they share a value), in move order.
    cards: Vec<(u32, ValueBounds)>,
    /// Every legal card, in card order, and the index of its representative in `cards`.
    legal: Vec<(Card, usize)>,
    /// Whether the exact values wait for an optimal line before they are reported.
    with_line: bool,
    line: Vec<Card>,
}

impl Brackets {
    /// The cheap bounds of the position and after each of its cards.
    fn cheap(search: &mut Search<'_>, base: i32, with_line: bool) -> Brackets {
        let rules = search.rules;
        let to_play = search.st.to_play(rules.n);
        let value = node_bounds(search);
        let legal = search.st.legal(rules);
        let in_play = search.st.in_play();
        let mut cards = Vec::new();
        for &card in ordered(rules, &search.st, None).as_slice() {
            let card = u32::from(card);
            let undo = search.st.play(rules, card);
            let gain = undo.completed.as_ref().map_or(0, |done| done.contribution);
            let after = node_bounds(search).shifted(gain);
            search.st.unplay(rules, &undo);
            cards.push((card, after));
        }
        let mut legal: Vec<(Card, usize)> = bits(legal)
            .filter_map(|card| {
                let rep = representative_of(rules, card, legal, in_play);
                cards.iter().position(|&(c, _)| c == rep).map(|index| (rules.natural(card), index))
            })
            .collect();
        legal.sort_by_key(|&(card, _)| card);
        let maximising = rules.max_side[to_play];
        let mut brackets = Brackets { base, to_play, maximising, value, cards, legal, with_line, line: Vec::new() };
        brackets.tighten();
        brackets
    }

    /// Narrows every bound until exact, reporting each change: the position's value first,
    /// then each card's. False if stopped first.
    fn narrow(&mut self, search: &mut Search<'_>, observe: &mut impl FnMut(&Progress) -> bool) -> bool {
        // Exact already: the one report of exact values waits for their line.
        let mut going = (self.exact() && self.with_line) || observe(&self.progress(search.nodes));
        if going && !self.value.exact() {
            let (low, high) = (self.value.low, self.value.high);
            search.narrow(None, low, high, |low, high, nodes| {
                going = self.proved(None, ValueBounds { low, high }, nodes, observe);
                going
            });
        }
        let rules = search.rules;
        for index in 0..self.cards.len() {
            if !going || search.stopped {
                return false;
            }
            let (card, bounds) = self.cards[index];
            if bounds.exact() {
                continue;
            }
            let undo = search.st.play(rules, card);
            let gain = undo.completed.as_ref().map_or(0, |done| done.contribution);
            // The best card has the position's value: the first guess for every card.
            let guess = self.value.exact().then_some(self.value.low - gain);
            search.narrow(guess, bounds.low - gain, bounds.high - gain, |low, high, nodes| {
                going = self.proved(Some(index), ValueBounds { low, high }.shifted(gain), nodes, observe);
                going
            });
            search.st.unplay(rules, &undo);
        }
        if !going || search.stopped || !self.exact() {
            return false;
        }
        if self.with_line {
            let line = optimal_line(search, self.value.low);
            if search.stopped {
                // Stopped before the line: the exact values are the last bounds proved, and
                // the last report must say so (the result repeats the last report).
                observe(&self.progress(search.nodes));
                return false;
            }
            self.line = line;
            // The last report: what it returns changes nothing now.
            observe(&self.progress(search.nodes));
        }
        true
    }

    /// A test proved `bounds` for the position (`None`) or a card: reported if it narrowed
    /// anything, except the exact values when their line is still to come. Whether to go on.
    fn proved(&mut self, card: Option<usize>, bounds: ValueBounds, nodes: u64, observe: &mut impl FnMut(&Progress) -> bool) -> bool {
        let changed = match card {
            None => self.value.meet(bounds),
            Some(index) => self.cards[index].1.meet(bounds),
        };
        if !changed {
            return true;
        }
        self.tighten();
        if self.exact() && self.with_line {
            return true;
        }
        observe(&self.progress(nodes))
    }

    fn exact(&self) -> bool {
        self.value.exact() && self.cards.iter().all(|(_, bounds)| bounds.exact())
    }

    /// Passes bounds between the position and its cards until neither moves.
    fn tighten(&mut self) {
        if self.cards.is_empty() {
            return;
        }
        let pick: fn(i32, i32) -> i32 = if self.maximising { i32::max } else { i32::min };
        loop {
            // The side to move takes its best card.
            let low = self.cards.iter().map(|(_, b)| b.low).reduce(pick).unwrap_or(self.value.low);
            let high = self.cards.iter().map(|(_, b)| b.high).reduce(pick).unwrap_or(self.value.high);
            let mut changed = self.value.meet(ValueBounds { low, high });
            let value = self.value;
            for index in 0..self.cards.len() {
                let mut others = self.cards.iter().enumerate().filter(|&(other, _)| other != index).map(|(_, (_, b))| *b);
                // No card is better than the value; one that no other can match is the value.
                let bound = if self.maximising {
                    let alone = others.all(|b| b.high < value.low);
                    if alone {
                        value
                    } else {
                        ValueBounds { low: i32::MIN, high: value.high }
                    }
                } else {
                    let alone = others.all(|b| b.low > value.high);
                    if alone {
                        value
                    } else {
                        ValueBounds { low: value.low, high: i32::MAX }
                    }
                };
                changed |= self.cards[index].1.meet(bound);
            }
            if !changed {
                return;
            }
        }
    }

    /// The bounds as totals for the deal, every legal card in card order.
    fn progress(&self, nodes: u64) -> Progress {
        Progress {
            value: self.value.shifted(self.base),
            card_values: self.legal.iter().map(|&(card, rep)| (card, self.cards[rep].1.shifted(self.base))).collect(),
            line: self.line.clone(),
            nodes,
            to_play: self.to_play,
            maximising: self.maximising,
            stopped: false,
        }
    }
}

/// The cheap bounds on the future value of the node `search` is at.
fn node_bounds(search: &Search<'_>) -> ValueBounds {
    let st = &search.st;
    if st.tricks_left == 0 && st.trick_len == 0 {
        let settled = st.terminal(search.rules);
        return ValueBounds { low: settled, high: settled };
    }
    let future = future_bounds(search.rules, st);
    ValueBounds { low: future.low, high: future.high }
}

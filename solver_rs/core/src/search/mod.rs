//! Exact double-dummy search: [`Solver`] owns its transposition table and can be reused,
//! so related solves (the same deal a card later, sampled deals of one hint) share it.

mod alpha_beta;
pub mod anytime;
mod bounds;
pub mod interrupt;
mod key;
pub(crate) mod ordering;
pub mod pace;
mod partition;
mod recall;
pub(crate) mod state;
pub mod table;

use crate::cards::{bits, Card};
use crate::error::SolverError;
use crate::position::Position;
use crate::rules::{Objective, Rules};
use crate::variant::Variant;
use alpha_beta::{Search, NO_KILLER};
pub use anytime::{AnytimeOptions, Progress, ValueBounds};
use interrupt::StopFlag;
use ordering::{ordered, representative_of, representatives};
use partition::PartitionTable;
use state::State;
use std::collections::HashMap;
use std::time::Instant;
use table::Table;

/// Default transposition table bound. A bound, not an allocation: the partition table
/// grows as it fills. The hardest 52-card bridge deal of the benchmark peaks near 100 MB;
/// the bench's first hearts deal needs about 190 MB, and with 128 MB took 12% more nodes.
pub const DEFAULT_MEMORY_BYTES: usize = 256 << 20;

/// What to compute besides the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveOptions {
    /// The value of every legal card of the player to move.
    pub all_cards: bool,
    /// An optimal line of play to the end of the deal.
    pub line: bool,
    /// Give up at this instant: the solve returns [`SolverError::Stopped`] (checked every
    /// few thousand nodes, so it stops within a millisecond or so).
    pub deadline: Option<Instant>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { all_cards: true, line: true, deadline: None }
    }
}

/// The result of a solve. Values are totals for the deal: what the MAX side ends with
/// (tricks or card points won, the ones already won included), or in hearts the score of
/// the chosen player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub value: i32,
    /// Every legal card of the player to move, with its value (when asked).
    pub card_values: Vec<(Card, i32)>,
    /// An optimal line of play from here to the end (when asked).
    pub line: Vec<Card>,
    pub nodes: u64,
    /// The seat to move and whether it is on the MAX side.
    pub to_play: usize,
    pub maximising: bool,
}

/// The objective of a solve, from docs/rules.md "What the solver optimises".
pub fn objective_for(position: &Position, hearts_player: Option<usize>) -> Result<Objective, SolverError> {
    match position.variant() {
        Variant::Hearts => {
            let player = hearts_player.ok_or(SolverError::MissingArgument("player (hearts)"))?;
            if player >= position.players() {
                return Err(SolverError::InvalidPosition("the hearts player must be a seat".into()));
            }
            Ok(Objective::Hearts { player })
        }
        Variant::Bridge | Variant::Euchre3 => Ok(Objective::Tricks),
        Variant::Belote | Variant::Belote3 => Ok(Objective::Points),
    }
}

#[derive(Debug)]
pub struct Solver {
    table: Table,
    partition: PartitionTable,
    /// Stops every search this solver runs while set (a caller that went away).
    stop: Option<StopFlag>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_memory(DEFAULT_MEMORY_BYTES)
    }

    /// A solver whose transposition table uses at most `memory_bytes`. (It has two: the
    /// exact table, and the partition table of bridge and hearts; a solve uses one of them,
    /// and gives the other's memory back.)
    pub fn with_memory(memory_bytes: usize) -> Solver {
        Solver { table: Table::with_memory(memory_bytes), partition: PartitionTable::with_memory(memory_bytes), stop: None }
    }

    /// Every search of this solver stops (as at a deadline) once `stop` is set, until
    /// another flag, or none, is given: the work of a caller that went away ends early.
    pub fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    pub fn memory_bytes(&self) -> usize {
        self.table.memory_bytes()
    }

    /// Forgets what earlier solves stored.
    pub fn clear(&mut self) {
        self.table.clear();
        self.partition.clear();
    }

    /// Solves `position`; `hearts_player` is required in hearts (whose score is solved).
    pub fn solve(&mut self, position: &Position, hearts_player: Option<usize>, options: SolveOptions) -> Result<Solution, SolverError> {
        self.with_search(position, hearts_player, options.deadline, |search, base| {
            let rules = search.rules;
            let to_play = search.st.to_play(rules.n);
            let maximising = rules.max_side[to_play];
            let (future, card_values) = if options.all_cards {
                let values = every_card(search);
                let best = values.iter().map(|&(_, v)| v);
                let future = if maximising { best.max() } else { best.min() }.unwrap_or(0);
                (future, values)
            } else {
                (search.exact(None), Vec::new())
            };
            let line = if options.line { optimal_line(search, future) } else { Vec::new() };
            Solution {
                value: base + future,
                card_values: card_values.into_iter().map(|(card, v)| (card, base + v)).collect(),
                line,
                nodes: search.nodes,
                to_play,
                maximising,
            }
        })
    }

    /// `work` on a fresh search of `position`, given the position's base value (what the
    /// MAX side has already won; the search counts the future only): its result, unless
    /// the deadline stopped the search.
    fn with_search<T>(
        &mut self,
        position: &Position,
        hearts_player: Option<usize>,
        deadline: Option<Instant>,
        work: impl FnOnce(&mut Search<'_>, i32) -> T,
    ) -> Result<T, SolverError> {
        let rules = self.begin(position, hearts_player)?;
        let base = base_value(position, &rules);
        let mut search = self.search(&rules, position, deadline);
        let result = work(&mut search, base);
        let stopped = search.stopped;
        self.unless_stopped(stopped, result)
    }

    /// `result`, unless the search stopped at its deadline: the unwinding search stored
    /// meaningless bounds, so the tables forget everything.
    fn unless_stopped<T>(&mut self, stopped: bool, result: T) -> Result<T, SolverError> {
        if stopped {
            self.clear();
            return Err(SolverError::Stopped);
        }
        Ok(result)
    }

    /// The value of `position`, searched first next to `guess` (a related solve's value:
    /// the DD table's solves of one strain guess from each other).
    pub(crate) fn value_near(&mut self, position: &Position, guess: Option<i32>, deadline: Option<Instant>) -> Result<i32, SolverError> {
        self.with_search(position, None, deadline, |search, base| base + search.exact(guess.map(|g| g - base)))
    }

    /// Whether the MAX side ends the deal with a value of at least `target` (the ones
    /// already won included): one null-window search, far cheaper than the exact value
    /// when the answer is clear by a margin.
    pub fn reaches(&mut self, position: &Position, hearts_player: Option<usize>, target: i32, deadline: Option<Instant>) -> Result<bool, SolverError> {
        self.with_search(position, hearts_player, deadline, |search, base| search.reaches(target - base))
    }

    /// A line along which the MAX side ends the deal below `target` (the MIN side's cards
    /// keep it there; the MAX side's are the first in move order, as none can lift it),
    /// or `None` when the MAX side reaches `target`. As cheap as [`Solver::reaches`] when
    /// the value is far below `target`.
    pub fn line_short_of(
        &mut self,
        position: &Position,
        hearts_player: Option<usize>,
        target: i32,
        deadline: Option<Instant>,
    ) -> Result<Option<Vec<Card>>, SolverError> {
        self.with_search(position, hearts_player, deadline, |search, base| {
            let target = target - base;
            (!search.reaches(target)).then(|| line_keeping(search, target, Keep::Below))
        })
    }

    /// The rules of a solve of `position`, with the tables made ready for it.
    fn begin(&mut self, position: &Position, hearts_player: Option<usize>) -> Result<Rules, SolverError> {
        let objective = objective_for(position, hearts_player)?;
        let rules = Rules::new(position, objective);
        let in_play = position.hands().iter().map(|hand| hand.len()).sum::<u32>() + position.trick().len() as u32;
        if rules.partition {
            self.table.release(); // the partition table grows as it fills instead
        } else {
            self.partition.clear();
            self.table.prepare(in_play);
        }
        self.table.next_generation();
        self.partition.next_generation();
        Ok(rules)
    }

    /// An optimal line from `position` after each of `card_values`' cards (the card first),
    /// given the values [`Solver::solve`] found for them (its tables still warm).
    pub fn card_lines(
        &mut self,
        position: &Position,
        hearts_player: Option<usize>,
        card_values: &[(Card, i32)],
        deadline: Option<Instant>,
    ) -> Result<Vec<Vec<Card>>, SolverError> {
        let objective = objective_for(position, hearts_player)?;
        let rules = Rules::new(position, objective);
        let base = base_value(position, &rules);
        let mut search = self.search(&rules, position, deadline);
        let mut lines = Vec::with_capacity(card_values.len());
        let start = search.st.clone();
        for &(card, value) in card_values {
            // The line is played forward on the state: each card starts from a fresh copy.
            search.st = start.clone();
            let undo = search.st.play(&rules, u32::from(rules.to_internal[card.index() as usize]));
            let contribution = undo.completed.as_ref().map_or(0, |done| done.contribution);
            let mut line = vec![card];
            line.extend(optimal_line(&mut search, value - base - contribution));
            lines.push(line);
        }
        let stopped = search.stopped;
        self.unless_stopped(stopped, lines)
    }

    fn search<'a>(&'a mut self, rules: &'a Rules, position: &Position, deadline: Option<Instant>) -> Search<'a> {
        Search {
            rules,
            table: &mut self.table,
            partition: &mut self.partition,
            st: State::new(rules, position),
            nodes: 0,
            lead_killers: [[NO_KILLER; 4]; 14],
            refutations: HashMap::new(),
            deadline,
            stop: self.stop.clone(),
            stopped: false,
            paced_since: Instant::now(),
        }
    }

    /// Just the value of `position` (the cheapest solve).
    pub fn value(&mut self, position: &Position, hearts_player: Option<usize>) -> Result<i32, SolverError> {
        Ok(self.solve(position, hearts_player, SolveOptions { all_cards: false, line: false, deadline: None })?.value)
    }
}

/// What the MAX side has already won (hearts: the player's points so far).
fn base_value(position: &Position, rules: &Rules) -> i32 {
    let n = rules.n;
    match rules.objective {
        Objective::Tricks => (0..n).filter(|&s| rules.max_side[s]).map(|s| position.tricks()[s] as i32).sum(),
        Objective::Points => (0..n).filter(|&s| rules.max_side[s]).map(|s| position.points()[s]).sum(),
        Objective::Hearts { player } => position.points()[player],
    }
}

/// The future value of every legal card of the player to move (equivalent cards share it).
fn every_card(search: &mut Search<'_>) -> Vec<(Card, i32)> {
    let rules = search.rules;
    let legal = search.st.legal(rules);
    let in_play = search.st.in_play();
    let reps = representatives(rules, legal, in_play);
    let mut rep_values: Vec<(u32, i32)> = Vec::new();
    let maximising = rules.max_side[search.st.to_play(rules.n)];
    // Each card's first guess: the best value so far (several cards often share it;
    // 3% fewer nodes in belote and belote3 than the previous card's value).
    let mut guess: Option<i32> = None;
    for &card in ordered(rules, &search.st, None).as_slice() {
        if search.stopped {
            break;
        }
        let card = u32::from(card);
        debug_assert!(reps & (1u64 << card) != 0);
        let undo = search.st.play(rules, card);
        let contribution = undo.completed.as_ref().map_or(0, |done| done.contribution);
        let value = contribution + search.exact(guess.map(|g: i32| g - contribution));
        search.st.unplay(rules, &undo);
        guess = Some(guess.map_or(value, |best| if maximising { best.max(value) } else { best.min(value) }));
        rep_values.push((card, value));
    }
    let mut values: Vec<(Card, i32)> = bits(legal)
        .map(|card| {
            let rep = representative_of(rules, card, legal, in_play);
            let value = rep_values.iter().find(|&&(c, _)| c == rep).map_or(0, |&(_, v)| v);
            (rules.natural(card), value)
        })
        .collect();
    values.sort_by_key(|&(card, _)| card);
    values
}

/// What each card of a line keeps of the future value.
#[derive(Clone, Copy)]
enum Keep {
    /// Exactly this value: the line is optimal.
    Exactly,
    /// Below this value (which the MAX side cannot reach): the MIN side's cards keep it
    /// there, and the MAX side's, whichever they are, cannot lift it.
    Below,
}

/// An optimal line from the current node whose future value is `value`.
fn optimal_line(search: &mut Search<'_>, value: i32) -> Vec<Card> {
    line_keeping(search, value, Keep::Exactly)
}

/// A line from the current node whose cards keep the future value as `keep` says. The
/// candidates are tried in an order that depends on the position only, so lines are
/// deterministic.
fn line_keeping(search: &mut Search<'_>, mut value: i32, keep: Keep) -> Vec<Card> {
    let rules = search.rules;
    let mut line = Vec::new();
    while search.st.tricks_left > 0 && !search.stopped {
        let maximising = rules.max_side[search.st.to_play(rules.n)];
        let moves = ordered(rules, &search.st, None);
        let mut chosen = None;
        for &card in moves.as_slice() {
            let undo = search.st.play(rules, u32::from(card));
            let contribution = undo.completed.as_ref().map_or(0, |done| done.contribution);
            let keeps_value = match (keep, maximising) {
                (Keep::Exactly, true) => search.reaches(value - contribution),
                (Keep::Exactly, false) => !search.reaches(value - contribution + 1),
                (Keep::Below, true) => true,
                (Keep::Below, false) => !search.reaches(value - contribution),
            };
            if keeps_value {
                value -= contribution;
                chosen = Some(card);
                break;
            }
            search.st.unplay(rules, &undo);
        }
        match chosen {
            Some(card) => line.push(rules.natural(u32::from(card))),
            None => break, // unreachable when `value` is exact
        }
    }
    line
}

/// The cards the player to move may play in `position`, per the variant's obligations.
pub fn legal_cards(position: &Position) -> Vec<Card> {
    let rules = Rules::new(position, crate::trick::legality_objective(position));
    let st = State::new(&rules, position);
    let mut cards: Vec<Card> = bits(st.legal(&rules)).map(|i| rules.natural(i)).collect();
    cards.sort();
    cards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(variant: Variant, text: &str) -> Vec<String> {
        let position = Position::parse(variant, text).unwrap();
        legal_cards(&position).into_iter().map(|card| variant.card_code(card)).collect()
    }

    #[test]
    fn hearts_are_not_broken_while_all_thirteen_are_in_play() {
        // After the first trick (clubs), all hearts still in hands: no heart lead.
        let text = "3:KT82.QT5.A9.QJ8 A643.K873.62.64 QJ75.4.KJ8743.A 9.AJ962.QT5.K53;leader=3;points=0 0 0 0;tricks=0 0 0 1";
        assert_eq!(codes(Variant::Hearts, text), ["2S", "8S", "TS", "KS", "9D", "AD", "8C", "JC", "QC"]);
    }

    #[test]
    fn hearts_first_trick_leads_the_two_of_clubs_and_sheds_no_points() {
        let deal = "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
        assert_eq!(codes(Variant::Hearts, &format!("{deal};leader=3")), ["2C"]);
        // Seat 0 holds only spades (the Q♠ among them): void in clubs, it must not play the Q♠.
        let legal = codes(Variant::Hearts, "3:...AKQJT9876543 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.;leader=3;trick=2C");
        assert!(!legal.contains(&"QS".to_string()) && legal.len() == 12);
    }

    #[test]
    fn a_solve_gives_back_the_memory_of_the_table_it_does_not_use() {
        let belote = Position::parse(Variant::Belote, "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0").unwrap();
        let bridge = Position::parse(Variant::Bridge, "0:AK2.K2.. QJ3.AQ.. T4.J3.A. 85.T4.K.;trump=N;leader=0").unwrap();
        let mut solver = Solver::new();
        solver.solve(&belote, None, SolveOptions::default()).unwrap();
        let held = |solver: &Solver| (solver.table.allocated_bytes(), solver.partition.allocated_bytes());
        assert!(held(&solver).0 > 0);
        solver.solve(&bridge, None, SolveOptions::default()).unwrap();
        assert!(held(&solver).0 == 0 && held(&solver).1 > 0);
        solver.solve(&belote, None, SolveOptions::default()).unwrap();
        assert!(held(&solver).0 > 0 && held(&solver).1 == 0);
    }
}

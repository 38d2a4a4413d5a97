//! `engine_service._solver`: the PyO3 binding of `cardgames-solver`.
//!
//! Table of contents: [`error`] maps core errors and panics to Python exceptions in one
//! place; [`convert`] converts values; the functions and the `Solver` class below only
//! parse arguments, release the GIL around the work, and convert the results.

mod convert;
mod error;

use cardgames_solver as core;
use convert::Int;
use error::guarded;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// Version of the Rust core this extension was built from.
#[pyfunction]
fn core_version() -> &'static str {
    core::VERSION
}

/// Testing: makes every search in this process `factor` times slower (1: full speed), as
/// a slower CPU would, so that time budgets can be tested whatever the machine's speed.
#[pyfunction]
fn set_slowdown(factor: Int<u32>) {
    core::search::pace::set_slowdown(factor.0);
}

/// Stops every search of the process, running or to come (for a server that shuts down).
#[pyfunction]
fn interrupt_all() {
    core::search::interrupt::interrupt_all();
}

/// The slowdown `set_slowdown` put in force (1: none).
#[pyfunction]
fn slowdown() -> u32 {
    core::search::pace::slowdown()
}

/// Number of distinct cards in `indices`; raises `InvalidInputError` on a duplicate
/// or an index outside 0..64.
#[pyfunction]
fn count_cards(indices: Vec<Int<u32>>) -> PyResult<u32> {
    let indices: Vec<u32> = indices.into_iter().map(|index| index.0).collect();
    Ok(guarded(|| core::CardSet::from_indices(&indices))?.len())
}

/// The legal cards of the player to move in `position` (notation), as card codes.
#[pyfunction]
fn legal_cards(variant: &str, position: &str) -> PyResult<Vec<String>> {
    let (variant, position) = guarded(|| convert::variant_position(variant, position))?;
    Ok(convert::codes(variant, &core::legal_cards(&position)))
}

/// The trick in progress of `position` completed by `cards` (codes, in play order): its
/// winner's seat and its points (the last-trick bonus included).
#[pyfunction]
fn trick_result(variant: &str, position: &str, cards: Vec<String>) -> PyResult<(usize, i32)> {
    let result = guarded(|| {
        let (variant, position) = convert::variant_position(variant, position)?;
        let cards = cards.iter().map(|code| variant.parse_card(code)).collect::<Result<Vec<_>, _>>()?;
        core::trick_result(&position, &cards)
    })?;
    Ok((result.winner, result.points))
}

/// A table bound in megabytes as bytes: 1 to 4096, a typed error otherwise.
fn memory_bytes(memory_mb: usize) -> PyResult<usize> {
    if !(1..=MAX_MEMORY_MB).contains(&memory_mb) {
        return Err(error::InvalidInputError::new_err(format!("memory_mb must be 1..{MAX_MEMORY_MB}")));
    }
    Ok(memory_mb << 20)
}

/// The largest table bound a solver accepts.
const MAX_MEMORY_MB: usize = 4096;

/// The instant `seconds` from now (at most a day; NaN and negative durations are now).
fn instant_after(seconds: Option<f64>) -> Option<std::time::Instant> {
    let seconds = seconds.map(|s| if s.is_nan() { 0.0 } else { s.clamp(0.0, 86_400.0) });
    seconds.map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s))
}

/// A request to stop a search (an anytime analysis, a solver's, a sampled evaluation), set from any thread (the search sees it within a
/// millisecond or so).
#[pyclass(module = "engine_service._solver", frozen)]
struct StopFlag {
    inner: core::StopFlag,
}

#[pymethods]
impl StopFlag {
    #[new]
    fn new() -> Self {
        StopFlag { inner: core::StopFlag::new() }
    }

    fn set(&self) {
        self.inner.set();
    }

    fn is_set(&self) -> bool {
        self.inner.is_set()
    }
}

/// A reusable solver: its transposition table is kept between solves.
#[pyclass(module = "engine_service._solver")]
struct Solver {
    inner: core::Solver,
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (memory_mb = Int(core::DEFAULT_MEMORY_BYTES >> 20)))]
    fn new(memory_mb: Int<usize>) -> PyResult<Self> {
        Ok(Solver { inner: core::Solver::with_memory(memory_bytes(memory_mb.0)?) })
    }

    #[getter]
    fn memory_bytes(&self) -> usize {
        self.inner.memory_bytes()
    }

    fn clear(&mut self) {
        self.inner.clear();
    }

    /// Every search of this solver stops (`SolveStoppedError`) once `stop` is set, until
    /// another flag, or None, is given.
    #[pyo3(signature = (stop = None))]
    fn set_stop(&mut self, stop: Option<PyRef<'_, StopFlag>>) {
        self.inner.set_stop(stop.map(|flag| flag.inner.clone()));
    }

    /// Solves a position; returns a dict (value, card_values, line, nodes, to_play, maximising).
    /// `deadline`: seconds from now after which it raises `SolveStoppedError`.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (variant, position, player = None, all_cards = true, line = true, deadline = None))]
    fn solve<'py>(
        &mut self,
        py: Python<'py>,
        variant: &str,
        position: &str,
        player: Option<Int<usize>>,
        all_cards: bool,
        line: bool,
        deadline: Option<f64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let player = player.map(|p| p.0);
        let (variant, position) = guarded(|| convert::variant_position(variant, position))?;
        let options = core::SolveOptions { all_cards, line, deadline: instant_after(deadline) };
        let inner = &mut self.inner;
        let solution = py.detach(|| guarded(|| inner.solve(&position, player, options)))?;
        convert::solution(py, variant, &solution)
    }

    /// Anytime analysis: `on_progress(bounds)` gets the first (cheap) bounds at once, then
    /// the bounds after each test that narrowed one, the exact values last (with an optimal
    /// line if `line`), and stops the analysis by returning False. Returns the last bounds, a
    /// dict (value, card_values, line, nodes, to_play, maximising, stopped): `stopped` when
    /// `deadline` (seconds from now), `stop` or `on_progress` came first. What `on_progress`
    /// raises ends the analysis and is raised here.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (variant, position, on_progress, player = None, line = true, deadline = None, stop = None))]
    fn solve_anytime<'py>(
        &mut self,
        py: Python<'py>,
        variant: &str,
        position: &str,
        on_progress: Py<PyAny>,
        player: Option<Int<usize>>,
        line: bool,
        deadline: Option<f64>,
        stop: Option<PyRef<'py, StopFlag>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let player = player.map(|p| p.0);
        let (variant, position) = guarded(|| convert::variant_position(variant, position))?;
        let stop = stop.map(|flag| flag.inner.clone());
        let options = core::AnytimeOptions { line, deadline: instant_after(deadline), stop };
        let inner = &mut self.inner;
        let mut raised: Option<PyErr> = None;
        let observe = |progress: &core::Progress| {
            // Each report holds the GIL only while Python looks at it.
            Python::attach(|py| {
                let answer = convert::progress(py, variant, progress).and_then(|bounds| on_progress.call1(py, (bounds,)));
                match answer {
                    Ok(answer) => !answer.bind(py).is(PyBool::new(py, false)),
                    Err(error) => {
                        raised = Some(error);
                        false
                    }
                }
            })
        };
        let progress = py.detach(|| guarded(|| inner.solve_anytime(&position, player, options, observe)))?;
        if let Some(error) = raised {
            return Err(error);
        }
        convert::progress(py, variant, &progress)
    }

    /// Whether the MAX side ends with at least `target` (one null-window search).
    #[pyo3(signature = (variant, position, target, player = None, deadline = None))]
    fn reaches(
        &mut self,
        py: Python<'_>,
        variant: &str,
        position: &str,
        target: Int<i32>,
        player: Option<Int<usize>>,
        deadline: Option<f64>,
    ) -> PyResult<bool> {
        let (target, player) = (target.0, player.map(|p| p.0));
        let (_, position) = guarded(|| convert::variant_position(variant, position))?;
        let inner = &mut self.inner;
        let deadline = instant_after(deadline);
        Ok(py.detach(|| guarded(|| inner.reaches(&position, player, target, deadline)))?)
    }

    /// A line (card codes) along which the MAX side ends below `target`, or None when it reaches it.
    #[pyo3(signature = (variant, position, target, player = None, deadline = None))]
    fn line_short_of(
        &mut self,
        py: Python<'_>,
        variant: &str,
        position: &str,
        target: Int<i32>,
        player: Option<Int<usize>>,
        deadline: Option<f64>,
    ) -> PyResult<Option<Vec<String>>> {
        let (target, player) = (target.0, player.map(|p| p.0));
        let (variant, position) = guarded(|| convert::variant_position(variant, position))?;
        let inner = &mut self.inner;
        let deadline = instant_after(deadline);
        let line = py.detach(|| guarded(|| inner.line_short_of(&position, player, target, deadline)))?;
        Ok(line.map(|cards| convert::codes(variant, &cards)))
    }

    /// The double-dummy table of a deal before bidding: (trump code or None, taker, value) rows.
    #[pyo3(signature = (variant, deal, dealer, deadline = None))]
    fn dd_table(
        &mut self,
        py: Python<'_>,
        variant: &str,
        deal: &str,
        dealer: Int<usize>,
        deadline: Option<f64>,
    ) -> PyResult<Vec<(Option<String>, usize, i32)>> {
        let dealer = dealer.0;
        let variant = guarded(|| convert::variant(variant))?;
        let deal = guarded(|| convert::deal(variant, deal))?;
        let inner = &mut self.inner;
        let deadline = instant_after(deadline);
        let table = py.detach(|| guarded(|| core::dd_table(inner, &deal, dealer, deadline)))?;
        Ok(table.iter().map(|entry| convert::table_entry(variant, entry)).collect())
    }
}

/// Solves many positions on `threads` threads (0: all cores). Returns, in input order, a
/// dict per job: the solution's fields, or {"error": message} for a job that is invalid.
#[pyfunction]
#[pyo3(signature = (jobs, all_cards = true, line = false, threads = Int(0), memory_mb = Int(16)))]
fn solve_batch<'py>(
    py: Python<'py>,
    jobs: Vec<(String, String, Option<Int<i64>>)>,
    all_cards: bool,
    line: bool,
    threads: Int<usize>,
    memory_mb: Int<usize>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let (threads, memory) = (threads.0, memory_bytes(memory_mb.0)?);
    // Parse every job first: a malformed one gets its own error, not a failed batch.
    let parsed: Vec<Result<(core::Variant, core::Job), core::SolverError>> = jobs
        .iter()
        .map(|(variant, position, player)| {
            let (variant, position) = convert::variant_position(variant, position)?;
            // A negative player is this job's error, not the batch's: the core refuses any
            // number that is no seat.
            let hearts_player = player.as_ref().map(|p| usize::try_from(p.0).unwrap_or(usize::MAX));
            Ok((variant, core::Job { position, hearts_player }))
        })
        .collect();
    let valid: Vec<core::Job> = parsed.iter().filter_map(|p| p.as_ref().ok().map(|(_, job)| job.clone())).collect();
    let options = core::SolveOptions { all_cards, line, deadline: None };
    let mut solved = py.detach(|| guarded(|| Ok(core::solve_batch(&valid, options, threads, memory))))?.into_iter();
    let mut out = Vec::with_capacity(parsed.len());
    for item in parsed {
        let result = match item {
            Ok((variant, _)) => solved.next().map(|r| r.map(|s| (variant, s))).unwrap_or(Err(core::SolverError::MissingArgument("result"))),
            Err(error) => Err(error),
        };
        out.push(match result {
            Ok((variant, solution)) => convert::solution(py, variant, &solution)?,
            Err(error) => {
                let dict = PyDict::new(py);
                dict.set_item("error", error.to_string())?;
                dict
            }
        });
    }
    Ok(out)
}

/// One holder of unseen cards: (seat or None for the stock, size, known codes, allowed
/// codes, its declaration if it made one).
type HolderSpec = (Option<usize>, u32, Vec<String>, Vec<String>, Option<convert::DeclarationSpec>);

fn sampler_of(variant: core::Variant, unseen: &[String], holders: &[HolderSpec]) -> Result<core::DealSampler, core::SolverError> {
    let unseen = convert::card_set(variant, unseen)?;
    let facts: Vec<core::Holder> = holders
        .iter()
        .map(|(_, size, known, allowed, _)| {
            Ok(core::Holder { size: *size, known: convert::card_set(variant, known)?, allowed: convert::card_set(variant, allowed)? })
        })
        .collect::<Result<_, core::SolverError>>()?;
    let declarations = holders
        .iter()
        .enumerate()
        .filter_map(|(index, holder)| holder.4.as_ref().map(|spec| Ok((index, convert::declaration(variant, spec)?))))
        .collect::<Result<_, core::SolverError>>()?;
    core::DealSampler::new(unseen, &facts)?.with_declarations(declarations)
}

/// A hint's template position, its sampler and each holder's seat (None: the stock).
fn sampled_template(
    variant: core::Variant,
    template: &str,
    unseen: &[String],
    holders: &[HolderSpec],
) -> Result<(core::PositionParts, core::DealSampler, Vec<Option<usize>>), core::SolverError> {
    let parts = core::PositionParts::parse(variant, template)?;
    let sampler = sampler_of(variant, unseen, holders)?;
    Ok((parts, sampler, holders.iter().map(|(seat, ..)| *seat).collect()))
}

/// Sampling limits from seconds from now.
fn sample_limits(min_samples: usize, max_samples: usize, budget: Option<f64>, deadline: Option<f64>, stop: Option<PyRef<'_, StopFlag>>) -> core::SampleLimits {
    let stop = stop.map(|flag| flag.inner.clone());
    core::SampleLimits { min_samples, max_samples, budget_end: instant_after(budget), deadline: instant_after(deadline), stop }
}

/// Draws `count` placements of the `unseen` cards among `holders` (uniform over the ones
/// consistent with the holders' facts), deal `i` from stream `i` of `seed`; each placement
/// lists every holder's cards. Also returns how many placements are consistent.
#[pyfunction]
fn sample_placements(
    py: Python<'_>,
    variant: &str,
    unseen: Vec<String>,
    holders: Vec<HolderSpec>,
    seed: u64,
    count: usize,
) -> PyResult<(u128, Vec<Vec<Vec<String>>>)> {
    let (variant, total, placements) = guarded(|| {
        let variant = convert::variant(variant)?;
        let sampler = sampler_of(variant, &unseen, &holders)?;
        let placements = py.detach(|| core::hint::sample_many(&sampler, seed, count));
        Ok((variant, sampler.count(), placements))
    })?;
    let codes = placements.iter().map(|placement| placement.iter().map(|cards| convert::codes(variant, &cards.iter().collect::<Vec<_>>())).collect()).collect();
    Ok((total, codes))
}

/// Every legal card of the seat to move in `template` (its hidden hands empty or partly
/// known), valued in deals sampled from `unseen` and `holders`. Durations in seconds from
/// now: `budget` ends the sampling beyond `min_samples`, `deadline` ends everything
/// (`SolveStoppedError` if the minimum is not solved by then). Deals `0..line_deals` also
/// get an optimal line after each card. Returns a dict: cards, values (one list per deal,
/// a value per card), nodes, lines (per deal with lines, per card, the card codes).
#[pyfunction]
#[pyo3(signature = (variant, template, unseen, holders, player, seed, min_samples, max_samples, budget = None, deadline = None, threads = 0, memory_mb = 16, line_deals = 0, stop = None))]
#[allow(clippy::too_many_arguments)]
fn evaluate_cards<'py>(
    py: Python<'py>,
    variant: &str,
    template: &str,
    unseen: Vec<String>,
    holders: Vec<HolderSpec>,
    player: Option<usize>,
    seed: u64,
    min_samples: usize,
    max_samples: usize,
    budget: Option<f64>,
    deadline: Option<f64>,
    threads: usize,
    memory_mb: usize,
    line_deals: usize,
    stop: Option<PyRef<'py, StopFlag>>,
) -> PyResult<Bound<'py, PyDict>> {
    let limits = sample_limits(min_samples, max_samples, budget, deadline, stop);
    let memory = memory_bytes(memory_mb)?;
    let (variant, result) = guarded(|| {
        let variant = convert::variant(variant)?;
        let (parts, sampler, seats) = sampled_template(variant, template, &unseen, &holders)?;
        let result = py.detach(|| core::evaluate_cards(&parts, &seats, &sampler, player, seed, limits, line_deals, threads, memory))?;
        Ok((variant, result))
    })?;
    let dict = PyDict::new(py);
    dict.set_item("cards", convert::codes(variant, &result.cards))?;
    dict.set_item("values", result.values)?;
    dict.set_item("nodes", result.nodes)?;
    let lines: Vec<Vec<Vec<String>>> = result.lines.iter().map(|deal| deal.iter().map(|line| convert::codes(variant, line)).collect()).collect();
    dict.set_item("lines", lines)?;
    Ok(dict)
}

/// Every choice of three cards `seat` may pass to `seat + offset` in a hearts deal whose
/// other hands are sampled (as in `evaluate_cards`), with `seat`'s score in each deal after
/// policy passes and play. Returns a dict: choices (three codes each), values (one list per
/// deal, a value per choice).
#[pyfunction]
#[pyo3(signature = (template, unseen, holders, seat, offset, seed, min_samples, max_samples, budget = None, deadline = None, threads = 0, stop = None))]
#[allow(clippy::too_many_arguments)]
fn evaluate_passes<'py>(
    py: Python<'py>,
    template: &str,
    unseen: Vec<String>,
    holders: Vec<HolderSpec>,
    seat: usize,
    offset: usize,
    seed: u64,
    min_samples: usize,
    max_samples: usize,
    budget: Option<f64>,
    deadline: Option<f64>,
    threads: usize,
    stop: Option<PyRef<'py, StopFlag>>,
) -> PyResult<Bound<'py, PyDict>> {
    let limits = sample_limits(min_samples, max_samples, budget, deadline, stop);
    let variant = core::Variant::Hearts;
    let result = guarded(|| {
        let (parts, sampler, seats) = sampled_template(variant, template, &unseen, &holders)?;
        py.detach(|| core::evaluate_passes(&parts, &seats, &sampler, seat, offset, seed, limits, threads))
    })?;
    let dict = PyDict::new(py);
    let choices: Vec<Vec<String>> = result.choices.iter().map(|cards| convert::codes(variant, cards)).collect();
    dict.set_item("choices", choices)?;
    dict.set_item("values", result.values)?;
    Ok(dict)
}

#[pymodule]
fn _solver(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SolverError", py.get_type::<error::SolverError>())?;
    m.add("InvalidInputError", py.get_type::<error::InvalidInputError>())?;
    m.add("UnknownVariantError", py.get_type::<error::UnknownVariantError>())?;
    m.add("NotationError", py.get_type::<error::NotationError>())?;
    m.add("InvalidPositionError", py.get_type::<error::InvalidPositionError>())?;
    m.add("InconsistentKnowledgeError", py.get_type::<error::InconsistentKnowledgeError>())?;
    m.add("SolveStoppedError", py.get_type::<error::SolveStoppedError>())?;
    m.add("DEFAULT_MEMORY_MB", core::DEFAULT_MEMORY_BYTES >> 20)?;
    m.add("MAX_MEMORY_MB", MAX_MEMORY_MB)?;
    m.add_class::<Solver>()?;
    m.add_class::<StopFlag>()?;
    m.add_function(wrap_pyfunction!(core_version, m)?)?;
    m.add_function(wrap_pyfunction!(count_cards, m)?)?;
    m.add_function(wrap_pyfunction!(set_slowdown, m)?)?;
    m.add_function(wrap_pyfunction!(slowdown, m)?)?;
    m.add_function(wrap_pyfunction!(interrupt_all, m)?)?;
    m.add_function(wrap_pyfunction!(legal_cards, m)?)?;
    m.add_function(wrap_pyfunction!(trick_result, m)?)?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(sample_placements, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_cards, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_passes, m)?)?;
    Ok(())
}

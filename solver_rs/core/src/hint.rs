//! Sampled double-dummy evaluation, the engine behind play hints: draw deals of the cards
//! the seat to move cannot see ([`DealSampler`]), solve each double dummy, and report
//! every legal card's value in each deal. The caller aggregates (means, errors, scores).
//!
//! Determinism: deal `i` comes from its own ChaCha8 stream (`seed`, stream `i`), and the
//! result holds the deals `0..m` for some `m`, whatever the thread count; so a result is
//! a function of the seed and of how many deals fit in the time budget, and a fixed
//! number of deals (no budget) makes it a function of the seed alone.

use crate::batch::run_indexed;
use crate::cards::{Card, CardSet};
use crate::deal::Deal;
use crate::error::SolverError;
use crate::playout::{card_values_by_playout, pass_values};
use crate::position::{Position, PositionParts};
use crate::sampling::DealSampler;
use crate::search::interrupt::StopFlag;
use crate::search::{SolveOptions, Solver};
use crate::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// hearts: a deal with more cards than this in play is valued by play-outs (too large to
/// solve exactly within a hint's time): each card, then policy play down to
/// [`HEARTS_PLAYOUT_TO`] cards, then an exact solve (see [`crate::playout`]). Three tricks
/// of exact play, not five: as strong a deal for a third of its time, so thrice the deals.
pub const HEARTS_EXACT_CARDS: u32 = 24;
pub const HEARTS_PLAYOUT_TO: u32 = 12;

/// Where the sampled cards go: each sampler holder's seat, or `None` (the stock: out of play).
pub type HolderSeats = Vec<Option<usize>>;

/// One deal's card values, node count and (when asked) the line after each card.
struct SolvedDeal {
    values: Vec<i32>,
    nodes: u64,
    lines: Option<Vec<Vec<Card>>>,
}

/// How many deals to solve, and until when.
#[derive(Debug, Clone, Default)]
pub struct SampleLimits {
    /// Solved whatever the budget (only `deadline` stops them).
    pub min_samples: usize,
    pub max_samples: usize,
    /// No deal beyond the minimum starts after this, and those running are abandoned.
    pub budget_end: Option<Instant>,
    /// The hard end (the caller's deadline): past it the evaluation fails with
    /// [`SolverError::Stopped`] unless the minimum is already solved.
    pub deadline: Option<Instant>,
    /// Set when the caller went away: every deal stops as at the deadline.
    pub stop: Option<StopFlag>,
}

/// Every legal card's value in each solved deal: `values[i][j]` is card `cards[j]` in deal `i`.
/// `lines[i][j]`: an optimal line of deal `i` after card `cards[j]` (that card first), for
/// the deals that were asked lines (the first ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampledValues {
    pub cards: Vec<Card>,
    pub values: Vec<Vec<i32>>,
    pub nodes: u64,
    pub lines: Vec<Vec<Vec<Card>>>,
}

/// Evaluates the legal cards of the seat to move in `template`, whose hidden hands are
/// filled with each sampled deal (cards known to the seat may already be in them). Deals
/// `0..line_deals` also get an optimal line after each card (for scoring them; not for
/// hearts played out, whose value is already its score).
#[allow(clippy::too_many_arguments)]
pub fn evaluate_cards(
    template: &PositionParts,
    holder_seats: &[Option<usize>],
    sampler: &DealSampler,
    hearts_player: Option<usize>,
    seed: u64,
    limits: SampleLimits,
    line_deals: usize,
    threads: usize,
    memory_bytes: usize,
) -> Result<SampledValues, SolverError> {
    check_limits(&limits)?;
    let first = deal_position(template, holder_seats, sampler, seed, 0)?;
    let cards = crate::search::legal_cards(&first.build()?);
    // Lines are extra: even the minimum's are given up at the budget's end (their deal's values kept).
    let lines_stop = earliest(limits.budget_end, limits.deadline);
    let per_deal = sampled(limits, threads, memory_bytes, |solver, index, stop| {
        let deal = DealToSolve { template, holder_seats, sampler, hearts_player, seed, index, lines: index < line_deals };
        solve_deal(solver, &deal, stop, earliest(stop, lines_stop))
    })?;
    let nodes = per_deal.iter().map(|deal| deal.nodes).sum();
    let lines = per_deal.iter().map_while(|deal| deal.lines.clone()).collect();
    let values = per_deal.into_iter().map(|deal| deal.values).collect();
    Ok(SampledValues { cards, values, nodes, lines })
}

/// Every choice of three cards for `seat` to pass to `seat + offset` (hearts), with its
/// score for `seat` in each sampled deal (see [`crate::playout::pass_values`]):
/// `values[i][j]` is choice `choices[j]` in deal `i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampledPasses {
    pub choices: Vec<[Card; 3]>,
    pub values: Vec<Vec<i32>>,
}

/// Values every pass of `seat` over deals of the other hands sampled into `template`.
#[allow(clippy::too_many_arguments)]
pub fn evaluate_passes(
    template: &PositionParts,
    holder_seats: &[Option<usize>],
    sampler: &DealSampler,
    seat: usize,
    offset: usize,
    seed: u64,
    limits: SampleLimits,
    threads: usize,
) -> Result<SampledPasses, SolverError> {
    check_limits(&limits)?;
    let per_deal = sampled(limits, threads, 1 << 20, |_, index, stop| {
        let sampled = deal_position(template, holder_seats, sampler, seed, index)?;
        pass_values(&Deal::new(Variant::Hearts, sampled.hands, vec![])?, seat, offset, stop)
    })?;
    let choices = per_deal.first().map(|deal| deal.iter().map(|&(cards, _)| cards).collect()).unwrap_or_default();
    let values = per_deal.into_iter().map(|deal| deal.into_iter().map(|(_, value)| value).collect()).collect();
    Ok(SampledPasses { choices, values })
}

fn check_limits(limits: &SampleLimits) -> Result<(), SolverError> {
    if limits.min_samples == 0 || limits.min_samples > limits.max_samples {
        return Err(SolverError::InvalidPosition("1 <= min_samples <= max_samples".into()));
    }
    Ok(())
}

/// `per_deal(solver, i, stop)` for deals `0..m` on `threads` threads: at least
/// `min_samples` (only the deadline stops them), more until the budget ends. The results of
/// an unbroken run of deals from 0, so that they depend on the seed and their number only.
fn sampled<T: Send>(
    limits: SampleLimits,
    threads: usize,
    memory_bytes: usize,
    per_deal: impl Fn(&mut Solver, usize, Option<Instant>) -> Result<T, SolverError> + Sync,
) -> Result<Vec<T>, SolverError> {
    let results = run_indexed(limits.max_samples, threads, memory_bytes, |solver, index| {
        let within_minimum = index < limits.min_samples;
        let stop = if within_minimum { limits.deadline } else { earliest(limits.budget_end, limits.deadline) };
        if stop.is_some_and(|end| Instant::now() >= end) || limits.stop.as_ref().is_some_and(StopFlag::is_set) {
            return None;
        }
        solver.set_stop(limits.stop.clone());
        let outcome = per_deal(solver, index, stop);
        let stopped = matches!(outcome, Err(SolverError::Stopped));
        Some((outcome, !stopped))
    });
    let mut done = Vec::new();
    for outcome in results {
        match outcome {
            Some(Ok(value)) => done.push(value),
            Some(Err(SolverError::Stopped)) | None => break,
            Some(Err(error)) => return Err(error),
        }
    }
    if done.len() < limits.min_samples {
        return Err(SolverError::Stopped);
    }
    Ok(done)
}

/// One sampled deal of a hint, and what to compute in it.
struct DealToSolve<'a> {
    template: &'a PositionParts,
    holder_seats: &'a [Option<usize>],
    sampler: &'a DealSampler,
    hearts_player: Option<usize>,
    seed: u64,
    index: usize,
    lines: bool,
}

fn solve_deal(solver: &mut Solver, deal: &DealToSolve<'_>, deadline: Option<Instant>, lines_deadline: Option<Instant>) -> Result<SolvedDeal, SolverError> {
    let position = deal_position(deal.template, deal.holder_seats, deal.sampler, deal.seed, deal.index)?.build()?;
    if let (Variant::Hearts, Some(player)) = (position.variant(), deal.hearts_player) {
        if cards_in_play(&position) > HEARTS_EXACT_CARDS {
            let (values, nodes) = card_values_by_playout(solver, &position, player, HEARTS_PLAYOUT_TO, deadline)?;
            return Ok(SolvedDeal { values, nodes, lines: None });
        }
    }
    let options = SolveOptions { all_cards: true, line: false, deadline };
    let solution = solver.solve(&position, deal.hearts_player, options)?;
    let lines = if deal.lines {
        match solver.card_lines(&position, deal.hearts_player, &solution.card_values, lines_deadline) {
            Ok(lines) => Some(lines),
            // Stopped by the budget, not the deadline: the deal's values, without lines.
            Err(SolverError::Stopped) if deadline.is_none_or(|end| Instant::now() < end) => None,
            Err(error) => return Err(error),
        }
    } else {
        None
    };
    Ok(SolvedDeal { values: solution.card_values.iter().map(|&(_, value)| value).collect(), nodes: solution.nodes, lines })
}

fn cards_in_play(position: &Position) -> u32 {
    position.hands().iter().map(|hand| hand.len()).sum::<u32>() + position.trick().len() as u32
}

/// The template with deal `index`'s cards added to the hidden hands.
pub fn deal_position(
    template: &PositionParts,
    holder_seats: &[Option<usize>],
    sampler: &DealSampler,
    seed: u64,
    index: usize,
) -> Result<PositionParts, SolverError> {
    let placement = sampler.sample(&mut deal_rng(seed, index));
    if placement.len() != holder_seats.len() {
        return Err(SolverError::InvalidPosition("one seat (or none, for the stock) per holder".into()));
    }
    let mut parts = template.clone();
    for (cards, seat) in placement.into_iter().zip(holder_seats) {
        if let Some(seat) = *seat {
            let hand = parts.hands.get_mut(seat).ok_or_else(|| SolverError::InvalidPosition("a holder's seat is 0..3".into()))?;
            if hand.intersects(cards) {
                return Err(SolverError::DuplicateCard("a sampled card is already in the template".into()));
            }
            *hand = hand.union(cards);
        }
    }
    Ok(parts)
}

/// `count` placements, deal `i` from stream `i` of `seed` (as [`evaluate_cards`] draws them).
pub fn sample_many(sampler: &DealSampler, seed: u64, count: usize) -> Vec<Vec<CardSet>> {
    (0..count).map(|index| sampler.sample(&mut deal_rng(seed, index))).collect()
}

fn deal_rng(seed: u64, index: usize) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index as u64);
    rng
}

fn earliest(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sampling::Holder;
    use crate::variant::Variant;

    /// Seat 0 of a belote deal after two tricks, the other hands hidden.
    fn belote_template() -> (PositionParts, Vec<Holder>, HolderSeats) {
        let full =
            PositionParts::parse(Variant::Belote, "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0;points=0 0 0 0;tricks=0 0 0 0").unwrap();
        let mut template = full.clone();
        let mut holders = Vec::new();
        let mut unseen = CardSet::EMPTY;
        for seat in 1..4 {
            unseen = unseen.union(full.hands[seat]);
        }
        for seat in 1..4 {
            holders.push(Holder { size: full.hands[seat].len(), known: CardSet::EMPTY, allowed: unseen });
            template.hands[seat] = CardSet::EMPTY;
        }
        (template, holders, vec![Some(1), Some(2), Some(3)])
    }

    fn unseen_of(holders: &[Holder]) -> CardSet {
        holders.iter().fold(CardSet::EMPTY, |all, h| all.union(h.allowed))
    }

    #[test]
    fn same_seed_same_values_whatever_the_threads() {
        let (template, holders, seats) = belote_template();
        let sampler = DealSampler::new(unseen_of(&holders), &holders).unwrap();
        let limits = SampleLimits { min_samples: 12, max_samples: 12, budget_end: None, deadline: None, stop: None };
        let one = evaluate_cards(&template, &seats, &sampler, None, 5, limits.clone(), 0, 1, 1 << 20).unwrap();
        let two = evaluate_cards(&template, &seats, &sampler, None, 5, limits.clone(), 0, 2, 1 << 20).unwrap();
        assert_eq!(one.values, two.values);
        assert_eq!(one.values.len(), 12);
        assert_eq!(one.cards.len(), 5);
        let other = evaluate_cards(&template, &seats, &sampler, None, 6, limits.clone(), 0, 1, 1 << 20).unwrap();
        let with_lines = evaluate_cards(&template, &seats, &sampler, None, 5, limits, 3, 2, 1 << 20).unwrap();
        assert_eq!(with_lines.values, one.values);
        assert_eq!(with_lines.lines.len(), 3);
        for deal in &with_lines.lines {
            assert_eq!(deal.len(), one.cards.len());
            assert!(deal.iter().zip(&one.cards).all(|(line, &card)| line[0] == card && line.len() == 20));
            // every card of the deal
        }
        assert_ne!(one.values, other.values);
    }

    #[test]
    fn a_passed_deadline_stops_before_the_minimum() {
        let (template, holders, seats) = belote_template();
        let sampler = DealSampler::new(unseen_of(&holders), &holders).unwrap();
        let past = Some(Instant::now());
        let limits = SampleLimits { min_samples: 3, max_samples: 5, budget_end: None, deadline: past, stop: None };
        assert_eq!(evaluate_cards(&template, &seats, &sampler, None, 1, limits, 0, 1, 1 << 20), Err(SolverError::Stopped));
        // A spent budget still solves the minimum.
        let limits = SampleLimits { min_samples: 3, max_samples: 50, budget_end: past, deadline: None, stop: None };
        assert_eq!(evaluate_cards(&template, &seats, &sampler, None, 1, limits, 0, 2, 1 << 20).unwrap().values.len(), 3);
    }

    #[test]
    fn a_set_stop_flag_stops_the_minimum_too() {
        let (template, holders, seats) = belote_template();
        let sampler = DealSampler::new(unseen_of(&holders), &holders).unwrap();
        let stop = StopFlag::new();
        stop.set();
        let limits = SampleLimits { min_samples: 3, max_samples: 5, budget_end: None, deadline: None, stop: Some(stop) };
        assert_eq!(evaluate_cards(&template, &seats, &sampler, None, 1, limits, 0, 2, 1 << 20), Err(SolverError::Stopped));
    }
}

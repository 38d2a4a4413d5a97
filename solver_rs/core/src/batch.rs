//! Batch solving on several threads: parallel over positions (one solver, hence one
//! table, per thread), results in input order and independent of the thread count.

use crate::error::SolverError;
use crate::position::Position;
use crate::search::{SolveOptions, Solution, Solver};
use rayon::prelude::*;

/// One position to solve, with the hearts player where needed.
#[derive(Debug, Clone)]
pub struct Job {
    pub position: Position,
    pub hearts_player: Option<usize>,
}

/// Solves every job on `threads` threads (0: all cores), each thread with its own table.
pub fn solve_batch(jobs: &[Job], options: SolveOptions, threads: usize, memory_bytes: usize) -> Vec<Result<Solution, SolverError>> {
    let run = || {
        jobs.par_iter()
            .map_init(|| Solver::with_memory(memory_bytes), |solver, job| solver.solve(&job.position, job.hearts_player, options))
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    }
}

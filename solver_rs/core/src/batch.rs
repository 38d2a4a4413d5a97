//! Batch solving on several threads: each thread owns one solver (hence one table, sized
//! and faulted in once) and takes the next job from a shared counter; results come back
//! in input order and do not depend on the thread count (values are exact, and lines are
//! chosen by exact tests in a fixed order).

use crate::error::SolverError;
use crate::position::Position;
use crate::search::{Solution, SolveOptions, Solver};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Threads to use for `jobs` jobs when `threads` are asked for (0: one per core).
fn thread_count(threads: usize, jobs: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, jobs.max(1))
}

/// One position to solve, with the hearts player where needed.
#[derive(Debug, Clone)]
pub struct Job {
    pub position: Position,
    pub hearts_player: Option<usize>,
}

/// Solves every job on `threads` threads (0: all cores), each thread with its own table.
pub fn solve_batch(jobs: &[Job], options: SolveOptions, threads: usize, memory_bytes: usize) -> Vec<Result<Solution, SolverError>> {
    let results = run_indexed(jobs.len(), threads, memory_bytes, |solver, index| {
        let job = &jobs[index];
        Some((solver.solve(&job.position, job.hearts_player, options), true))
    });
    results.into_iter().map(|outcome| outcome.expect("every job is solved")).collect()
}

/// Runs `work(solver, index)` for the indices `0..count` on `threads` threads (0: all
/// cores), each thread with its own solver taking the next index from a shared counter.
/// `work` returns the index's result and whether its thread goes on, or `None` to stop
/// its thread without a result. Results come back by index (`None`: not reached).
pub(crate) fn run_indexed<T: Send>(
    count: usize,
    threads: usize,
    memory_bytes: usize,
    work: impl Fn(&mut Solver, usize) -> Option<(T, bool)> + Sync,
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..thread_count(threads, count) {
            scope.spawn(|| {
                let mut solver = Solver::with_memory(memory_bytes);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count {
                        break;
                    }
                    let Some((outcome, go_on)) = work(&mut solver, index) else { break };
                    results.lock().unwrap_or_else(|poisoned| poisoned.into_inner())[index] = Some(outcome);
                    if !go_on {
                        break;
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner())
}

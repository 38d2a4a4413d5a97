//! Developer probe: per-solve overhead on small positions (repeated solves, cold table).
use cardgames_solver::{Position, SolveOptions, Solver, Variant};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = Variant::parse(&args[1]).expect("variant");
    let text = std::fs::read_to_string(&args[2]).expect("file");
    let mut solver = Solver::new();
    let mut times = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let position = Position::parse(variant, line).expect("position");
        let reps = 200;
        let start = Instant::now();
        for _ in 0..reps {
            solver.clear();
            solver.solve(&position, None, SolveOptions { all_cards: true, line: false, deadline: None }).expect("solve");
        }
        times.push(start.elapsed().as_secs_f64() * 1000.0 / reps as f64);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("median {:.4} ms, max {:.4} ms", times[times.len() / 2], times[times.len() - 1]);
}

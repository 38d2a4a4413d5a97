//! Developer probe: solves the positions of a file (one per line) and prints time and
//! nodes. `cargo run --release --example probe -- VARIANT FILE [all]`
//! (env: MB memory bound in MB, P the hearts player, KEEP=1 one warm solver for the file)
use cardgames_solver::{Position, SolveOptions, Solver, Variant};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = Variant::parse(&args[1]).expect("variant");
    let text = std::fs::read_to_string(&args[2]).expect("file");
    let all = args.get(3).is_some_and(|a| a == "all");
    let player = (variant == Variant::Hearts).then_some(std::env::var("P").map(|p| p.parse::<usize>().unwrap()).unwrap_or(0));
    let (mut total_ms, mut total_nodes, mut count) = (0.0, 0u64, 0);
    // MB: the memory bound in megabytes (default: the library's).
    let mut solver = std::env::var("MB").map_or_else(|_| Solver::new(), |m| Solver::with_memory(m.parse::<usize>().unwrap() << 20));
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let position = Position::parse(variant, line).expect("position");
        if std::env::var("KEEP").is_err() {
            solver.clear(); // KEEP=1: one warm solver for the whole file, as a reused Solver
        }
        let start = Instant::now();
        let solution = solver.solve(&position, player, SolveOptions { all_cards: all, line: false, deadline: None }).expect("solve");
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{ms:10.2} ms {:>12} nodes value {} {:?}",
            solution.nodes,
            solution.value,
            solution.card_values.iter().map(|(c, v)| (variant.card_code(*c), *v)).collect::<Vec<_>>()
        );
        total_ms += ms;
        total_nodes += solution.nodes;
        count += 1;
    }
    println!("mean {:.2} ms, {} nodes", total_ms / count as f64, total_nodes / count as u64);
}

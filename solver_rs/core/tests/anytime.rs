//! Anytime analysis against the exact solve, on random positions of every variant played
//! out from random deals (mid-trick ones included): every reported bound contains the
//! exact value of the position and of each card, bounds only narrow, the first report
//! comes before any search, and the exact values at the end are `Solver::solve`'s.

use cardgames_solver::{legal_cards, trick_result, AnytimeOptions, Card, CardSet, Position, Progress, SolveOptions, Solver, SolverError, StopFlag, Variant};
use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// Random play from a random deal until each hand holds `cards_left` cards once the trick in
/// progress (of random length) is counted; in hearts also who is solved for.
fn random_position(variant: Variant, cards_left: usize, rng: &mut SmallRng) -> (Position, Option<usize>) {
    let n = variant.players();
    let mut deck: Vec<Card> = variant.deck().iter().collect();
    deck.shuffle(rng);
    let size = variant.hand_size();
    let mut hands = [CardSet::EMPTY; 4];
    for (seat, hand) in hands.iter_mut().enumerate().take(n) {
        for &card in &deck[seat * size..(seat + 1) * size] {
            hand.insert(card);
        }
    }
    let (trump, taker) = match variant {
        Variant::Hearts => (None, None),
        Variant::Bridge => ([None, Some(0), Some(1), Some(2), Some(3)][rng.random_range(0..5)], Some(rng.random_range(0..n))),
        _ => (Some(rng.random_range(0..4)), Some(rng.random_range(0..n))),
    };
    let two_of_clubs = variant.parse_card("2C").ok();
    let mut leader = match variant {
        Variant::Hearts => (0..n).find(|&seat| two_of_clubs.is_some_and(|card| hands[seat].contains(card))).unwrap_or(0),
        _ => rng.random_range(0..n),
    };
    let (mut points, mut tricks) = ([0i32; 4], [0u32; 4]);
    let mut left = size;
    loop {
        let at = |hands: [CardSet; 4], leader: usize, trick: &[Card]| {
            Position::new(variant, hands, leader, trick.to_vec(), trump, taker, points, tricks).expect("a position of legal play")
        };
        let start = at(hands, leader, &[]);
        let stop = left == cards_left;
        let cards_now = if stop { rng.random_range(0..n) } else { n };
        let mut trick = Vec::new();
        let mut now = [CardSet::EMPTY; 4];
        now.copy_from_slice(&hands);
        for i in 0..cards_now {
            let legal = legal_cards(&at(now, leader, &trick));
            let card = *legal.choose(rng).expect("a legal card");
            now[(leader + i) % n].remove(card);
            trick.push(card);
        }
        if stop {
            let hearts_player = (variant == Variant::Hearts).then(|| rng.random_range(0..n));
            return (at(now, leader, &trick), hearts_player);
        }
        let result = trick_result(&start, &trick).expect("a complete trick");
        hands = now;
        leader = result.winner;
        points[result.winner] += result.points;
        tricks[result.winner] += 1;
        left -= 1;
    }
}

/// Every report of an anytime analysis of `position`, and its result.
fn analysed(solver: &mut Solver, position: &Position, player: Option<usize>, options: AnytimeOptions) -> (Vec<Progress>, Progress) {
    let mut reports = Vec::new();
    let result = solver
        .solve_anytime(position, player, options, |progress| {
            reports.push(progress.clone());
            true
        })
        .expect("a valid position");
    (reports, result)
}

fn check(position: &Position, player: Option<usize>, anytime: &mut Solver, exact: &mut Solver) {
    let solution = exact.solve(position, player, SolveOptions { all_cards: true, line: false, deadline: None }).unwrap();
    let (reports, result) = analysed(anytime, position, player, AnytimeOptions { line: true, ..AnytimeOptions::default() });
    let text = position.to_text();
    // The cheap bounds come before any search (exact already, they wait for their line).
    assert!(reports[0].nodes == 0 || reports.len() == 1, "{text}: the first bounds need no search");
    let mut before: Option<&Progress> = None;
    for progress in &reports {
        assert!(progress.value.contains(solution.value), "{text}: {progress:?} against {}", solution.value);
        let cards: Vec<Card> = progress.card_values.iter().map(|&(card, _)| card).collect();
        assert_eq!(cards, solution.card_values.iter().map(|&(card, _)| card).collect::<Vec<_>>(), "{text}");
        for (&(_, bounds), &(_, value)) in progress.card_values.iter().zip(&solution.card_values) {
            assert!(bounds.contains(value), "{text}: {progress:?} against {solution:?}");
        }
        if let Some(before) = before {
            let inside = |outer: cardgames_solver::ValueBounds, inner: cardgames_solver::ValueBounds| outer.low <= inner.low && inner.high <= outer.high;
            assert!(inside(before.value, progress.value), "{text}: the bounds widened");
            assert!(before.card_values.iter().zip(&progress.card_values).all(|(a, b)| inside(a.1, b.1)), "{text}: a card's bounds widened");
            assert!(before.nodes <= progress.nodes);
        }
        before = Some(progress);
    }
    assert!(!result.stopped && result.exact(), "{text}: {result:?}");
    assert_eq!(reports.last(), Some(&result), "{text}: the exact values are the last report");
    assert_eq!(reports.iter().filter(|progress| progress.exact()).count(), 1, "{text}: exact once, with the line");
    assert_eq!((result.value.low, result.to_play, result.maximising), (solution.value, solution.to_play, solution.maximising), "{text}");
    let values: Vec<(Card, i32)> = result.card_values.iter().map(|&(card, bounds)| (card, bounds.low)).collect();
    assert_eq!(values, solution.card_values, "{text}");
    let in_play = position.hands().iter().map(|hand| hand.len() as usize).sum::<usize>();
    assert_eq!(result.line.len(), in_play, "{text}: a line to the end");
    assert!(solution.card_values.iter().any(|&(card, value)| Some(&card) == result.line.first() && value == solution.value), "{text}");
}

#[test]
fn every_bound_contains_the_exact_value_and_the_end_is_the_solve() {
    let mut rng = SmallRng::seed_from_u64(41);
    let (mut anytime, mut exact) = (Solver::with_memory(1 << 20), Solver::with_memory(1 << 20));
    for variant in Variant::ALL {
        for _ in 0..200 {
            let cards_left = rng.random_range(1..=variant.hand_size().min(6));
            let (position, player) = random_position(variant, cards_left, &mut rng);
            check(&position, player, &mut anytime, &mut exact);
        }
    }
}

#[test]
fn a_deadline_ends_with_the_bounds_proved_not_an_error() {
    let mut rng = SmallRng::seed_from_u64(7);
    let (position, player) = random_position(Variant::Hearts, 13, &mut rng);
    let mut solver = Solver::with_memory(16 << 20);
    let (reports, result) = analysed(&mut solver, &position, player, AnytimeOptions { line: true, deadline: Some(Instant::now()), stop: None });
    assert!(result.stopped && !result.exact());
    assert_eq!(reports.len(), 1, "the cheap bounds only");
    assert_eq!((reports[0].value, &reports[0].card_values), (result.value, &result.card_values));
    assert!(result.value.low < result.value.high);
    // The stopped search's tables were cleared: a later solve is still exact.
    let (small, small_player) = random_position(Variant::Hearts, 4, &mut rng);
    let fresh = Solver::with_memory(1 << 20).solve(&small, small_player, SolveOptions::default()).unwrap();
    assert_eq!(solver.solve(&small, small_player, SolveOptions::default()).unwrap().card_values, fresh.card_values);
}

#[test]
fn a_stop_flag_set_by_another_thread_ends_the_search_with_its_bounds() {
    let mut rng = SmallRng::seed_from_u64(10);
    let (position, player) = random_position(Variant::Hearts, 13, &mut rng);
    let stop = StopFlag::new();
    let setter = stop.clone();
    let mut reports = 0;
    let options = AnytimeOptions { line: true, deadline: None, stop: Some(stop) };
    let result = Solver::with_memory(16 << 20)
        .solve_anytime(&position, player, options, |_| {
            reports += 1;
            // Set from another thread once the first bounds are out: the search stops at its next look at the clock.
            let setter = setter.clone();
            std::thread::spawn(move || setter.set()).join().is_ok()
        })
        .unwrap();
    assert!(result.stopped && !result.exact() && reports == 1);
}

#[test]
fn the_observer_stops_the_analysis() {
    let mut rng = SmallRng::seed_from_u64(8);
    let (position, _) = random_position(Variant::Belote, 8, &mut rng);
    let mut calls = 0;
    let result = Solver::new()
        .solve_anytime(&position, None, AnytimeOptions::default(), |_| {
            calls += 1;
            false
        })
        .unwrap();
    assert!(result.stopped && calls == 1 && result.nodes == 0);
}

#[test]
fn a_hearts_analysis_needs_its_player() {
    let mut rng = SmallRng::seed_from_u64(9);
    let (position, _) = random_position(Variant::Hearts, 3, &mut rng);
    let refused = Solver::new().solve_anytime(&position, None, AnytimeOptions::default(), |_| true);
    assert!(matches!(refused, Err(SolverError::MissingArgument(_))));
    let refused = Solver::new().solve_anytime(&position, Some(4), AnytimeOptions::default(), |_| true);
    assert!(matches!(refused, Err(SolverError::InvalidPosition(_))));
}

#[test]
fn a_solvers_stop_flag_ends_each_of_its_searches_until_it_is_taken_away() {
    let mut rng = SmallRng::seed_from_u64(11);
    let (position, player) = random_position(Variant::Hearts, 13, &mut rng);
    let mut solver = Solver::with_memory(16 << 20);
    let stop = StopFlag::new();
    solver.set_stop(Some(stop.clone()));
    stop.set(); // by the caller's thread as it goes away: every search of the solver ends at its next look
    assert_eq!(solver.solve(&position, player, SolveOptions::default()), Err(SolverError::Stopped));
    assert_eq!(solver.reaches(&position, player, 10, None), Err(SolverError::Stopped));
    solver.set_stop(None);
    let (small, small_player) = random_position(Variant::Hearts, 3, &mut rng);
    let fresh = Solver::with_memory(1 << 20).solve(&small, small_player, SolveOptions::default()).unwrap();
    assert_eq!(solver.solve(&small, small_player, SolveOptions::default()).unwrap().card_values, fresh.card_values);
}

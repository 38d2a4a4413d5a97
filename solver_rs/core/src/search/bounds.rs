//! Cheap bounds on the future value, checked before searching a node.
//!
//! Besides what is left to win, at a trick boundary the leader's *quick tricks* bound
//! the result: the top cards of a lane he can cash one after the other, each the best
//! card still in play, in the trump lane or where no opponent can ruff; and either side's
//! master trumps bring it at least their own points, or in trick games as many tricks as
//! one of its seats holds of them.

use super::state::State;
use crate::rules::{Objective, Rules, LANES, MOON_POINTS, MOON_SPLIT};

/// (lowest, highest) future value the MAX side can end with from this node, and the cards
/// whose ranks these bounds rely on (the top cards they count).
pub(crate) fn future_bounds(rules: &Rules, st: &State) -> (i32, i32, u64) {
    let (low, high) = basic_bounds(rules, st);
    if st.trick_len != 0 || matches!(rules.objective, Objective::Hearts { .. }) {
        return (low, high, 0);
    }
    let (tricks, points, cashed) = quick_tricks(rules, st);
    let gain = match rules.objective {
        Objective::Tricks => tricks as i32,
        _ if tricks == 0 => 0,
        _ => points + if tricks == st.tricks_left { rules.last_trick_bonus } else { 0 },
    };
    // Both are lower bounds on what one side wins: take the larger, never the sum.
    let (mut max_sure, mut min_sure, masters) = master_trumps(rules, st);
    if rules.max_side[st.leader] {
        max_sure = max_sure.max(gain);
    } else {
        min_sure = min_sure.max(gain);
    }
    (low.max(max_sure), high - min_sure, cashed | masters)
}

/// What a side is sure to take with its *master trumps*: the run of top trumps still in
/// play held by one side (partners pooled). Each of them wins the trick it is played to,
/// whoever leads: in point games all their points go to that side; in trick games the
/// side wins at least as many tricks as one of its seats holds of them (one seat's cards
/// go to different tricks; partners' may meet in one).
fn master_trumps(rules: &Rules, st: &State) -> (i32, i32, u64) {
    let Some(trump) = rules.trump_lane else {
        return (0, 0, 0); // no trumps (hearts among them)
    };
    let all_trumps = st.in_play & LANES[trump];
    let mut trumps = all_trumps;
    let mut side = None;
    let mut points = 0;
    let mut held = [0i32; 4];
    while trumps != 0 {
        let top = 63 - trumps.leading_zeros();
        let Some(owner) = (0..rules.n).find(|&seat| st.hands[seat] & (1u64 << top) != 0) else { break };
        let owner_side = rules.max_side[owner];
        if side.is_some_and(|s| s != owner_side) {
            break;
        }
        side = Some(owner_side);
        points += rules.points[top as usize];
        held[owner] += 1;
        trumps &= !(1u64 << top);
    }
    let sure = match rules.objective {
        Objective::Points => points,
        _ => held.into_iter().max().unwrap_or(0),
    };
    let masters = all_trumps & !trumps;
    match side {
        Some(true) => (sure, 0, masters),
        Some(false) => (0, sure, masters),
        None => (0, 0, 0),
    }
}

fn basic_bounds(rules: &Rules, st: &State) -> (i32, i32) {
    match rules.objective {
        Objective::Tricks => (0, st.tricks_left as i32),
        Objective::Points => (0, st.points_left(rules)),
        Objective::Hearts { player } => {
            let left = st.points_left(rules);
            if st.moon == MOON_SPLIT {
                (0, left) // nobody can shoot any more: the player takes what is left at most
            } else if usize::from(st.moon) == player {
                (-(MOON_POINTS - left), left) // the player may still shoot (back to 0)
            } else {
                (0, MOON_POINTS.max(left)) // someone else may shoot: 26 for the player
            }
        }
    }
}

/// Tricks (and the points of the leader's own cards in them) the leader can cash at once,
/// and the cards counted.
fn quick_tricks(rules: &Rules, st: &State) -> (u32, i32, u64) {
    let leader = st.leader;
    let hand = st.hands[leader];
    let opponents = (0..rules.n).filter(|&s| rules.max_side[s] != rules.max_side[leader]);
    let mut tricks = 0u32;
    let mut points = 0i32;
    let mut cashed = 0u64;
    for lane in 0..4 {
        let mine = hand & LANES[lane];
        if mine == 0 {
            continue;
        }
        // The leader's unbroken run of top cards in this lane (at most `safe` of them count).
        let safe = match rules.trump_lane {
            Some(trump) if trump != lane => opponents
                .clone()
                .filter(|&s| st.hands[s] & LANES[trump] != 0)
                .map(|s| (st.hands[s] & LANES[lane]).count_ones())
                .min()
                .unwrap_or(u32::MAX),
            _ => u32::MAX,
        };
        let mut in_lane = st.in_play & LANES[lane];
        let mut run = 0u32;
        let mut run_points = 0i32;
        while in_lane != 0 && run < safe {
            let top = 63 - in_lane.leading_zeros();
            if mine & (1u64 << top) == 0 {
                break;
            }
            run += 1;
            run_points += rules.points[top as usize];
            cashed |= 1u64 << top;
            in_lane &= !(1u64 << top);
        }
        tricks += run;
        points += run_points;
    }
    (tricks.min(st.tricks_left), points, cashed)
}

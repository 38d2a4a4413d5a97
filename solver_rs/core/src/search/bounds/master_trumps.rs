//! Either side's *master trumps*: the run of top trumps still in play that one side holds.
//!
//! Each of them wins the trick it is played to whoever leads, so the side is sure of their
//! points, or of as many tricks as one of its seats holds of them. The transposition
//! table's payoff similarity counts the same run for its side (`master_run`).

use crate::cards::top_card;
use crate::rules::{Objective, Rules, LANES};
use crate::search::state::State;

/// What a side is sure to take with its *master trumps*: the run of top trumps still in
/// play held by one side (partners pooled). Each of them wins the trick it is played to,
/// whoever leads: in point games all their points go to that side; in trick games the
/// side wins at least as many tricks as one of its seats holds of them (one seat's cards
/// go to different tricks; partners' may meet in one), and two when the top two are in
/// two hands, one of them guarded.
pub(super) fn master_trumps(rules: &Rules, st: &State) -> (i32, i32, u64) {
    let Some((masters, max_side)) = master_run(rules, st) else {
        return (0, 0, 0);
    };
    let sure = match rules.objective {
        Objective::Points => rules.points_of(masters),
        _ => {
            let one_seat = (0..rules.n).map(|seat| (st.hands[seat] & masters).count_ones() as i32).max().unwrap_or(0);
            // The top two trumps in two hands, one of them with another trump beside
            // it: they never fall in one trick (DDS's "later tricks" count them as two).
            let trumps = st.in_play & LANES[rules.trump_lane.unwrap_or(0)];
            let guarded = (0..rules.n).any(|seat| st.hands[seat] & masters != 0 && (st.hands[seat] & trumps).count_ones() >= 2);
            if one_seat == 1 && masters.count_ones() >= 2 && guarded {
                2
            } else {
                one_seat
            }
        }
    };
    if max_side {
        (sure, 0, masters)
    } else {
        (0, sure, masters)
    }
}

/// The master trumps (see `master_trumps`) and whether the MAX side holds them; `None`
/// without trumps, or when the top trump is on the table.
pub(crate) fn master_run(rules: &Rules, st: &State) -> Option<(u64, bool)> {
    let trump = rules.trump_lane?;
    let mut trumps = st.in_play & LANES[trump];
    let mut side = None;
    let mut run = 0u64;
    while trumps != 0 {
        let top = top_card(trumps);
        let Some(owner) = (0..rules.n).find(|&seat| st.hands[seat] & top != 0) else { break };
        let owner_side = rules.max_side[owner];
        if side.is_some_and(|s| s != owner_side) {
            break;
        }
        side = Some(owner_side);
        run |= top;
        trumps &= !top;
    }
    side.map(|side| (run, side))
}

#[cfg(test)]
mod tests {
    use crate::search::bounds::fixtures::bridge_future;

    #[test]
    fn the_top_two_trumps_in_two_hands_take_two_tricks_when_one_is_guarded() {
        // North's A♠ and South's K♠ 3♠: East-West (East on lead: MAX) take one trick at most.
        assert_eq!(bridge_future("0:A.2.3. 4.3.2. K3.4.. 2.5.4.;trump=S;leader=1").1, 1);
        // South's K♠ bare too: a trump lead drops both honours in one trick.
        assert_eq!(bridge_future("0:A.2.3. 43.3.. K.4.2. 2.5.4.;trump=S;leader=1").1, 2);
    }
}

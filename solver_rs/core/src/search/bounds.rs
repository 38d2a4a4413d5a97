//! Cheap bounds on the future value, checked before searching a node.

use super::state::State;
use crate::rules::{Objective, Rules, MOON_POINTS, MOON_SPLIT};

/// (lowest, highest) future value the MAX side can end with from this node.
pub(crate) fn future_bounds(rules: &Rules, st: &State) -> (i32, i32) {
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

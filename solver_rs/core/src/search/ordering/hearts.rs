//! Hearts' own order, for the player against the three others: lead low and keep points,
//! the narrower lane first; duck with the highest card that does not win; shed points onto
//! the other side's tricks; keep one's top card of a lane (a sure way to stop the moon)
//! while another may shoot; and in a trick sure to hold no points win, or lead, with the
//! highest card, shedding it for free.

use super::leads::NARROW_LEAD_WEIGHT;
use super::Context;
use crate::rules::{lane_of, Rules, LANES};
use crate::search::state::State;

/// A card's score in hearts, for the player (`player`) against the three others.
pub(super) fn score(rules: &Rules, st: &State, context: &Context, card: u32, player: usize, rank: i32, points: i32) -> i32 {
    if st.trick_len == 0 {
        // Lead low, keep points; the smaller tree first (as in the trick games: the sets of
        // 8 and 9 hearts positions -6% to -26% nodes). The player sheds his top card of a
        // lane whose trick can hold no points first.
        let narrow = NARROW_LEAD_WEIGHT * context.answers[lane_of(card)];
        if context.seat == player && clean_trick(rules, st, lane_of(card)) {
            return CLEAN_LEAD_WEIGHT + rank - narrow;
        }
        return 100 - rank - points * 4 - narrow;
    }
    let (seat, best, winner) = (context.seat, context.best, context.winner);
    let follows = lane_of(card) == lane_of(u32::from(st.trick[0]));
    if !follows {
        // Discarding: give points to the other side's winner, keep them from one's own.
        let good_target = (seat == player) != (winner == player);
        let keep = if seat == player && st.moon_open_to_others(player) && st.is_master(card) { MOON_STOPPER_WEIGHT } else { 0 };
        return if good_target { 300 + points * 8 + rank - keep } else { 100 - points * 8 + rank };
    }
    if rules.beats(card, best) {
        if seat == player && clean_trick(rules, st, lane_of(u32::from(st.trick[0]))) {
            return CLEAN_WIN_WEIGHT + rank;
        }
        50 + rank // must win or chooses to: shed a high card
    } else {
        200 + rank // duck with the highest card that does not win
    }
}

/// Hearts: what the player's discard of his top card of a lane loses in the order while
/// one of the others may still shoot the moon: that card is his sure way to take a trick
/// (and stop the moon). 30 to 60 do the same, 15 a little less (benchmarks/README.md).
const MOON_STOPPER_WEIGHT: i32 = 30;

/// Hearts: what the player's winning card weighs, highest first, in a trick sure to hold
/// no points (`clean_trick`): it sheds a high card for free, where his winning cards
/// otherwise come after his ducks. The lowest winner first instead is worse; only while
/// the moon is open, or only while it is closed, half the gain (benchmarks/README.md).
const CLEAN_WIN_WEIGHT: i32 = 250;

/// Hearts: what the player's lead weighs, highest first, in a lane whose trick is sure to
/// hold no points (`clean_trick`): before every other lead, where leads otherwise go low
/// first. Weighed 150 or 200 (among the other leads): a little less (benchmarks/README.md).
const CLEAN_LEAD_WEIGHT: i32 = 300;

/// Whether the trick in progress, in `lane` (the lane led, or the lane of a lead), is sure
/// to hold no points: none on the table, none in the lane, and every seat still to play
/// after this one holds the lane (no discard).
fn clean_trick(rules: &Rules, st: &State, lane: usize) -> bool {
    let lane = LANES[lane];
    if (st.on_table() | st.in_play & lane) & rules.point_cards != 0 {
        return false;
    }
    st.seats_after_to_play(rules.n).all(|seat| st.hands[seat] & lane != 0)
}

#[cfg(test)]
mod tests {
    use crate::search::ordering::fixtures::first_card;
    use crate::variant::Variant;

    #[test]
    fn in_hearts_the_player_keeps_his_top_card_while_another_may_shoot_the_moon() {
        let first = |text: &str| first_card(Variant::Hearts, text);
        // North, void in clubs, discards: East holds every point so far, so North keeps the
        // A♠ (his sure trick) and sheds the K♦ (East holds the A♦).
        assert_eq!(first("0:A..K. ..A. ..2. ...6;leader=1;trick=3C 4C 5C;points=0 26 0 0"), "KD");
        // The points are split: nobody can shoot, and the higher card goes first.
        assert_eq!(first("0:A..K. ..A. ..2. ...6;leader=1;trick=3C 4C 5C;points=0 13 13 0"), "AS");
    }

    #[test]
    fn in_hearts_the_player_wins_or_leads_a_trick_sure_to_hold_no_points_with_his_highest_card() {
        let first = |text: &str| first_card(Variant::Hearts, text);
        // West led the 5♣; East and South still hold clubs and no point card is in clubs:
        // North sheds his K♣ for free.
        assert_eq!(first("0:...KQ4 ...AJ3 ...T98 AK...;leader=3;trick=5C;points=13 13 0 0"), "KC");
        // South, void in clubs, may throw a heart on it: North ducks.
        assert_eq!(first("0:...KQ4 ...AJ3 .432.. AK...;leader=3;trick=5C;points=13 10 0 0"), "4C");
        // North leads: everyone holds clubs (West no diamond), so his K♣ goes before his low cards.
        assert_eq!(first("0:..5.KQ4 ..A.J32 ..7.T98 AK...65;leader=0;points=13 13 0 0"), "KC");
        // East, void in clubs, may throw a heart on them: North leads low (the 5♦, fewer answers).
        assert_eq!(first("0:..5.KQ4 .32.AJ. ..7.T98 AK...65;leader=0;points=13 11 0 0"), "5D");
    }
}

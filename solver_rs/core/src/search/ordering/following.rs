//! Following in the trick games (hearts orders its own way, `hearts.rs`): the second hand
//! plays low, or gives points, when his side has the trick (a partner's sure winner, or
//! partner last to play beating every card between); else the cheapest sure winner; else
//! by whether the card wins and who holds the trick. In bridge, a discard comes from a
//! long lane and keeps guards, and the third hand forces out the fourth hand's top card.

use super::Context;
use crate::cards::{above, top_card};
use crate::rules::{lane_of, seat_after, Rules, LANES};
use crate::search::state::State;

/// A card's score following in the trick games: low when the seat's side has the trick,
/// else the cheapest sure winner, then by who wins the trick so far.
pub(super) fn score(rules: &Rules, st: &State, context: &Context, card: u32, rank: i32, points: i32) -> i32 {
    let seat = context.seat;
    let led = lane_of(u32::from(st.trick[0]));
    let side_winning = rules.max_side[context.winner] == rules.max_side[seat];
    let discard = context.discards[lane_of(card)];
    if context.side_has_it {
        return 500 + points * 4 - rank + discard; // partner has it: play low, or give him points
    }
    let wins = rules.beats(card, context.best);
    if wins && sure_to_win(rules, st, card, seat, led) {
        return 450 - rank; // the cheapest sure winner
    }
    let force = if context.forcing == 1u64 << card { FORCING_WEIGHT } else { 0 };
    force
        + discard
        + match (wins, side_winning) {
            (true, false) => 300 - rank,
            (false, true) => 200 + points * 4 - rank,
            (true, true) => 50 - rank,
            (false, false) => 100 - points * 4 - rank,
        }
}

/// A bridge discard (neither following nor ruffing): from a long lane first, 5 a card,
/// and not from a doubleton with the lane's second card or a singleton top card (-10), as
/// DDS discards. On five deal and position sets -0.6% to -8% nodes.
pub(super) fn discard_weight(rules: &Rules, st: &State, seat: usize, lane: usize) -> i32 {
    let mine = st.hands[seat] & LANES[lane];
    if mine == 0 || rules.trump_lane == Some(lane) {
        return 0; // nothing to discard there, or a ruff
    }
    let in_lane = st.in_play & LANES[lane];
    let top = top_card(in_lane);
    let second = top_card(in_lane & !top);
    let unguards = match mine.count_ones() {
        1 => mine & top != 0,
        2 => mine & second != 0,
        _ => false,
    };
    5 * mine.count_ones() as i32 - if unguards { 10 } else { 0 }
}

/// Can a seat that plays after the current card still beat `card` in a trick led in `led`?
fn can_beat(rules: &Rules, hand: u64, card: u32, led: usize) -> bool {
    let card_lane = lane_of(card);
    let follow = hand & LANES[led];
    if follow != 0 {
        // Following: only a higher card of the same lane, unless the card is a trump ruff.
        return card_lane == led && follow & above(card) != 0;
    }
    match rules.trump_lane {
        Some(trump) => {
            let trumps = hand & LANES[trump];
            if card_lane == trump {
                trumps & above(card) != 0
            } else {
                trumps != 0
            }
        }
        None => false,
    }
}

/// Second hand, following: does his partner, last to play, beat the card led and every
/// card a hand between them (bridge and belote: the third) can follow with, that hand
/// unable to ruff? Then the second hand plays low or gives points, as DDS orders it,
/// rather than trying a card beating the lead first (docs/solver.md, "Move ordering").
pub(super) fn last_hand_wins(rules: &Rules, st: &State, seat: usize, led: usize) -> bool {
    let last = seat_after(seat, rules.n - 2, rules.n);
    let lane = LANES[led];
    let (mine, lasts) = (st.hands[seat] & lane, st.hands[last] & lane);
    if mine == 0 || lasts == 0 || rules.max_side[last] != rules.max_side[seat] {
        return false;
    }
    let top = top_card(lasts);
    // The hands between (bridge and belote: the third) follow below it, or cannot ruff.
    let beaten = |between: usize| {
        let follows = st.hands[between] & lane;
        if follows == 0 {
            rules.trump_lane.is_none_or(|t| st.hands[between] & LANES[t] == 0)
        } else {
            top > follows
        }
    };
    top > 1u64 << st.trick[0] && (1..rules.n - 2).all(|i| beaten(seat_after(seat, i, rules.n)))
}

/// Is `card` (played now, or already winning) sure to take the trick?
pub(super) fn sure_to_win(rules: &Rules, st: &State, card: u32, seat: usize, led: usize) -> bool {
    let n = rules.n;
    let played = st.trick_len + usize::from(seat == st.to_play(n));
    (played..n).map(|i| seat_after(st.leader, i, n)).filter(|&s| rules.max_side[s] != rules.max_side[seat]).all(|s| !can_beat(rules, st.hands[s], card, led))
}

/// What the card that forces out the fourth hand's top card gains (DDS's third hand):
/// -0.3% to -1.4% nodes on the bench's 20 deals and four other sets.
const FORCING_WEIGHT: i32 = 20;

/// Third hand in bridge, following, when the fourth hand's top card of the lane beats all
/// of his: the cheapest of his cards that beats the fourth hand's second card and the
/// trick's best so far (nobody having ruffed), which forces the top card out; 0 for none.
pub(super) fn forcing_card(rules: &Rules, st: &State, seat: usize, led: usize) -> u64 {
    let fourth = seat_after(seat, 1, rules.n);
    let lane = LANES[led];
    let (mine, theirs) = (st.hands[seat] & lane, st.hands[fourth] & lane);
    if theirs.count_ones() < 2 || top_card(theirs) < top_card(mine) {
        return 0;
    }
    let above_second = mine & !((top_card(theirs & !top_card(theirs)) << 1) - 1);
    let cheapest = above_second & above_second.wrapping_neg();
    let beats_the_trick = st.trick[..st.trick_len].iter().all(|&c| lane_of(u32::from(c)) == led && 1u64 << c < cheapest);
    if beats_the_trick {
        cheapest
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::search::ordering::fixtures::first_card;
    use crate::search::ordering::ordered;
    use crate::variant::Variant;

    #[test]
    fn the_second_hand_plays_low_when_partner_last_beats_the_third_hand() {
        let first = |text: &str| first_card(Variant::Bridge, text);
        // North led the 6♠. West's A♠ beats South's Q♠: East keeps his K♠.
        assert_eq!(first("0:.2.. K5... Q3... A4...;trump=N;leader=0;trick=6S"), "5S");
        // West's top is the J♠, below South's queen: East tries his K♠ first.
        assert_eq!(first("0:.2.. K5... Q3... J4...;trump=N;leader=0;trick=6S"), "KS");
        // South, void in spades, may ruff: West's ace is no longer sure.
        assert_eq!(first("0:.2.. K5... .3.2. A4...;trump=D;leader=0;trick=6S"), "KS");
    }

    #[test]
    fn the_third_hand_forces_out_the_fourth_hands_top_card() {
        let position = Position::parse(Variant::Bridge, "0:.32.. .54.. QT4... AJ5...;trump=N;leader=0;trick=2S 3S").unwrap();
        let rules = Rules::new(&position, crate::search::objective_for(&position, None).unwrap());
        let st = State::new(&rules, &position);
        let bit = |code: &str| rules.internal_bit(Variant::Bridge.parse_card(code).unwrap()).trailing_zeros();
        // West's A♠ beats all of South's spades; the Q♠ (above his J♠) forces it out.
        let forcing = forcing_card(&rules, &st, 2, lane_of(bit("QS")));
        assert!(forcing == 1u64 << bit("QS"));
        assert!(forcing != 1u64 << bit("TS"));
        assert_eq!(ordered(&rules, &st, None).as_slice()[0] as u32, bit("QS"));
    }

    #[test]
    fn in_belote3_the_second_hand_gives_points_when_his_partner_last_beats_the_lead() {
        // The taker led the 8♣; the other defender, last to play, holds the A♣: East gives
        // his 10♣ (10 points) rather than try the 9♣ above the lead.
        assert_eq!(first_card(Variant::Belote3, "0:8... ...T9 K...A;trump=H;taker=0;leader=0;trick=8C"), "TC");
    }
}

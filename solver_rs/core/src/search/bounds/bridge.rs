//! Bounds for bridge's card play only (partnerships playing for tricks with partition
//! search, `Rules::plain_tricks`): they count tricks for a side of two, which is bridge's
//! objective alone, and were measured there, after DDS.
//!
//! Second to play, the side that holds the best card of the led lane above the next hand
//! wins the trick, and without trumps cashes its top cards (`second_hand_wins`); at a lead,
//! a side is sure of one trick when the other cannot win them all (`sure_of_a_trick`:
//! DDS's "later tricks"), of a lane the opponents are void in for as many rounds as its
//! shorter hand there (`shared_lane`), and of a partner's ruff (`partner_ruffs_a_lead`).

use super::{cards_of, Future};
use crate::cards::top_card;
use crate::rules::{lane_of, seat_after, Rules, LANES};
use crate::search::state::State;

/// At a lead: tightens `future` (of `high` still to win) with the later tricks and the
/// larger of the two rank-free counts of sure tricks.
pub(super) fn tighten_at_a_lead(rules: &Rules, st: &State, high: i32, future: &mut Future) {
    sure_of_a_trick(rules, st, future);
    // Two counts of sure tricks that rely on no card's rank: the larger one counts.
    let ruff = partner_ruffs_a_lead(rules, st).then_some(1);
    if let Some(tricks) = shared_lane(rules, st).max(ruff) {
        future.side_sure(rules.max_side[st.leader], tricks, high, 0);
    }
}

/// DDS's lowest quick trick: the leader holds a lane his partner can ruff, both opponents
/// following it (or holding no trump): partner's ruff takes the trick.
fn partner_ruffs_a_lead(rules: &Rules, st: &State) -> bool {
    let (Some(trump), Some(partner)) = (rules.trump_lane, rules.partner[st.leader]) else { return false };
    let (lho, rho) = (seat_after(st.leader, 1, rules.n), seat_after(st.leader, rules.n - 1, rules.n));
    let hands = &st.hands;
    if hands[partner] & LANES[trump] == 0 {
        return false;
    }
    let cannot_overruff = |seat: usize, lane: usize| hands[seat] & LANES[lane] != 0 || hands[seat] & LANES[trump] == 0;
    (0..4).any(|lane| {
        lane != trump && hands[st.leader] & LANES[lane] != 0 && hands[partner] & LANES[lane] == 0 && cannot_overruff(lho, lane) && cannot_overruff(rho, lane)
    })
}

/// DDS's quick tricks in a lane the opponents are void in (and cannot ruff): the leader
/// and partner both holding cards of it, every round led there is theirs, whichever of
/// them wins it and leads again, for as many rounds as the shorter holds (no rank counts).
fn shared_lane(rules: &Rules, st: &State) -> Option<i32> {
    let partner = rules.partner[st.leader]?;
    let opponents = cards_of(st, (0..rules.n).filter(|&s| rules.max_side[s] != rules.max_side[st.leader]));
    let opponents_ruff = rules.trump_lane.is_some_and(|t| opponents & LANES[t] != 0);
    let (hand, partner_hand) = (st.hands[st.leader], st.hands[partner]);
    (0..4)
        .filter(|&lane| opponents & LANES[lane] == 0 && (rules.trump_lane == Some(lane) || !opponents_ruff))
        .map(|lane| (hand & LANES[lane]).count_ones().min((partner_hand & LANES[lane]).count_ones()) as i32)
        .max()
        .filter(|&tricks| tricks > 0)
}

/// Tricks a side is sure of, the other side unable to win them all (DDS's "later
/// tricks"): (low, high) tightened by one where either holds, and the cards relied on.
/// - The side on lead, without trumps in play, cannot win every trick when the lanes
///   whose top card it holds have fewer rounds (the longer of its two hands there) than
///   tricks are left: some trick is led in a lane whose top card the opponents hold.
/// - The side without the top trump wins a trick when it holds the second and third
///   trumps, the second with a smaller one beside it: the top trump takes one of them.
fn sure_of_a_trick(rules: &Rules, st: &State, future: &mut Future) {
    let Some(partner) = rules.partner[st.leader] else { return };
    let trumps_in_play = rules.trump_lane.map_or(0, |trump| st.in_play & LANES[trump]);
    // Which side is sure of one trick, and the cards that relies on.
    let sure = if trumps_in_play == 0 {
        lead_side_short(st, partner).map(|relied| (!rules.max_side[st.leader], relied))
    } else {
        second_trump_guarded(rules, st, trumps_in_play)
    };
    if let Some((max_side, relied)) = sure {
        future.side_sure(max_side, 1, st.tricks_left as i32, relied);
    }
}

/// Without trumps: when the lanes whose top card the leader's side holds give it fewer
/// rounds than tricks are left, the cards the count relies on (the opponents' top cards;
/// a lane whose top were the leader side's would only add rounds).
fn lead_side_short(st: &State, partner: usize) -> Option<u64> {
    let (hand, partner_hand) = (st.hands[st.leader], st.hands[partner]);
    let ours = hand | partner_hand;
    let mut rounds = 0;
    let mut relied = 0u64;
    for lane in LANES {
        let in_lane = st.in_play & lane;
        if in_lane == 0 {
            continue;
        }
        let top = top_card(in_lane);
        if ours & top != 0 {
            rounds += (hand & lane).count_ones().max((partner_hand & lane).count_ones());
        } else if in_lane != top {
            relied |= top; // the opponents' top card, with other cards of the lane in play
        }
    }
    (rounds < st.tricks_left).then_some(relied)
}

/// With trumps, when one side holds the top trump in play and the other the second one,
/// guarded (its holder has another trump): the latter wins a trick when its holder plays
/// right after the top trump's holder (DDS: "K behind A"), or when it holds the third
/// trump too. Whether that side is the MAX side, and the trump whose rank (and the owners
/// above it) the claim relies on.
fn second_trump_guarded(rules: &Rules, st: &State, trumps: u64) -> Option<(bool, u64)> {
    let top = top_card(trumps);
    let rest = trumps & !top;
    if rest.count_ones() < 2 {
        return None;
    }
    let second = top_card(rest);
    let third = top_card(rest & !second);
    let owner = |card: u64| (0..rules.n).find(|&seat| st.hands[seat] & card != 0);
    let (top_owner, second_owner, third_owner) = (owner(top)?, owner(second)?, owner(third)?);
    let side = rules.max_side[second_owner];
    let guarded = (st.hands[second_owner] & trumps).count_ones() >= 2;
    if rules.max_side[top_owner] == side || !guarded {
        return None;
    }
    // Right after the top trump's holder, the second trump's holder plays after him in
    // every trick but his own leads: he keeps it (guarded) until the top trump falls, and
    // wins with it once the top's holder has played a lower card. He leads only after his
    // side won a trick, or now: then he must have a card that is not a trump (with only
    // trumps he would lead one, and the top's holder, last, wins it cheaply).
    let leads_a_trump = st.leader == second_owner && st.hands[second_owner] & !trumps == 0;
    if seat_after(top_owner, 1, rules.n) == second_owner && !leads_a_trump {
        return Some((side, second));
    }
    (rules.max_side[third_owner] == side).then_some((side, third))
}

/// Second to play in a four-hand trick: the tricks the side to play is sure of, and the
/// cards whose ranks that relies on (DDS's "quick tricks second hand"). It wins this
/// trick when it holds the best card of the led lane above everything the next hand can
/// follow with, and the next hand cannot ruff; without trumps, the winner then cashes his
/// top cards: the next one of the led lane, one in each other lane where he holds the
/// top, and all his cards of a lane nobody else holds.
pub(super) fn second_hand_wins(rules: &Rules, st: &State) -> Option<(u32, u64)> {
    let seat = st.to_play(rules.n);
    let partner = rules.partner[seat]?;
    let next = seat_after(seat, 1, rules.n);
    let led = u32::from(st.trick[0]);
    let lane = LANES[lane_of(led)];
    let next_hand = st.hands[next];
    if next_hand & lane == 0 && rules.trump_lane.is_some_and(|trump| lane != LANES[trump] && next_hand & LANES[trump] != 0) {
        return None;
    }
    let ours = (st.hands[seat] | st.hands[partner]) & lane;
    let best = 63 - (ours | 1).leading_zeros();
    if ours == 0 || best <= led || best <= 63 - (next_hand & lane | 1).leading_zeros() {
        return None;
    }
    let mut relied = 1u64 << best;
    let mut tricks = 1;
    if rules.trump_lane.is_some() {
        return Some((tricks, relied));
    }
    let holder = if st.hands[seat] & relied != 0 { seat } else { partner };
    let hand = st.hands[holder] & !relied;
    let elsewhere = cards_of(st, (0..rules.n).filter(|&s| s != holder));
    for other in LANES.into_iter().filter(|&other| hand & other != 0) {
        let in_lane = st.in_play & other & !relied;
        // In the led lane, a card above the best one (the leader's) is the top here.
        let top = top_card(in_lane);
        if other != lane && elsewhere & other == 0 {
            tricks += (hand & other).count_ones();
        } else if hand & top != 0 {
            tricks += 1;
            relied |= top;
        }
    }
    Some((tricks, relied))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bounds::fixtures::{bridge, bridge_future};
    use crate::variant::Variant;

    #[test]
    fn a_lane_the_opponents_are_void_in_gives_the_shorter_holding_in_tricks() {
        let shared = |text: &str| {
            let (rules, st) = bridge(text);
            shared_lane(&rules, &st)
        };
        // North and South hold the only spades, two and three: two tricks whatever the ranks.
        assert_eq!(shared("0:32.A.. .K.A.2 AKQ... .Q.K.K;trump=N;leader=0"), Some(2));
        // With hearts trumps, East's trump could ruff a spade: none sure.
        assert_eq!(shared("0:32.A.. .K.A.2 AKQ... .Q.K.K;trump=H;leader=0"), None);
    }

    #[test]
    fn partner_ruffing_a_lead_both_opponents_follow_is_a_trick() {
        let ruffs = |text: &str| {
            let (rules, st) = bridge(text);
            partner_ruffs_a_lead(&rules, &st)
        };
        // North leads a spade; South, void, ruffs with the 2♥; East and West follow.
        assert!(ruffs("0:3.A.. K.K.. .2.A. Q.Q..;trump=H;leader=0"));
        // West is void in spades too, with a heart: he may overruff.
        assert!(!ruffs("0:3.A.. K.K.. .2.A. .Q.Q.;trump=H;leader=0"));
        // Without trumps nobody ruffs.
        assert!(!ruffs("0:3.A.. K.K.. .2.A. Q.Q..;trump=N;leader=0"));
    }

    /// What the second hand's side is sure of, and the cards relied on as codes.
    fn second_hand(text: &str) -> Option<(u32, Vec<String>)> {
        let (rules, st) = bridge(text);
        let (tricks, relied) = second_hand_wins(&rules, &st)?;
        let codes = Variant::Bridge.deck().iter().filter(|&card| relied & rules.internal_bit(card) != 0);
        Some((tricks, codes.map(|card| Variant::Bridge.card_code(card)).collect()))
    }

    #[test]
    fn the_second_hand_wins_the_trick_and_cashes_its_top_cards_without_trumps() {
        // North led the 2♠. East's K♠ beats South's spades: one trick; with North's A♠
        // still out, East's Q♠ is no second one.
        let text = "0:A.5.. KQ..7. 43..8. .8.9T.;trump=N;leader=0;trick=2S";
        assert_eq!(second_hand(text), Some((1, vec!["KS".to_string()])));
        // With the A♠ and K♠ East cashes both, then his A♦ (the top of the lane).
        let text = "0:Q.5.. AK..A. 43..8. .8.9T.;trump=N;leader=0;trick=2S";
        assert_eq!(second_hand(text), Some((3, vec!["KS".to_string(), "AS".to_string(), "AD".to_string()])));
        // South above East's best spade: nothing sure.
        assert_eq!(second_hand("0:Q.5.. JT..7. K4..8. .8.9T.;trump=N;leader=0;trick=2S"), None);
    }

    #[test]
    fn the_second_hand_is_not_sure_of_a_trick_the_next_hand_can_ruff() {
        let text = "0:A.5.. KQ..7. .4.8.3 .8.9T.;trump=C;leader=0;trick=2S";
        assert_eq!(second_hand(text), None);
        // Following in the lane, South cannot ruff: the K♠ is sure (and only it, with trumps).
        let text = "0:A.5.. KQ..7. 4..8.3 .8.9T.;trump=C;leader=0;trick=2S";
        assert_eq!(second_hand(text), Some((1, vec!["KS".to_string()])));
    }

    #[test]
    fn without_trumps_the_leaders_side_cannot_win_every_trick_with_too_few_top_lanes() {
        // North-South (North on lead: MAX) hold the top spade only: one round there, three
        // tricks left, so East-West take one. That relies on East's A♥ and West's A♦ (the
        // lone 2♣ needs no rank); North's cashed A♠ is the low bound's alone.
        let text = "0:A.2.3. K.A.4. 2.3.2. 3..A.2;trump=N;leader=0";
        assert_eq!(bridge_future(text), (1, 2, vec!["AS".to_string()], vec!["AH".to_string(), "AD".to_string()]));
        // Three rounds of spades for North: nothing sure against them.
        assert_eq!(bridge_future("0:AKQ... .A.4.2 2.3.2. 3..A.3;trump=N;leader=0").1, 3);
    }

    #[test]
    fn the_second_and_third_trumps_against_the_top_one_take_a_trick() {
        // East's A♠ is the top trump; North's K♠ (with the 3♠) and South's Q♠ are the next
        // two: North-South take a trick, East-West (East on lead: MAX) two at most, relying
        // on the Q♠ (and the owners above it).
        let (_, high, _, relied) = bridge_future("0:K3.2.. A.4.2. Q.5.3. .6.4.2;trump=S;leader=1");
        assert_eq!((high, relied), (2, vec!["QS".to_string()]));
    }

    #[test]
    fn a_guarded_second_trump_right_after_the_top_one_takes_a_trick() {
        // West's A♠ is the top trump, North's K♠ 3♠ sit right after it: North-South take a
        // trick, East-West (East on lead: MAX) two at most, relying on the K♠. East-West's
        // two: a heart to West's 6♥, then his A♠.
        let text = "0:K3.2.. .4.2.2 Q.5.3. A.6.4.;trump=S;leader=1";
        assert_eq!(bridge_future(text), (2, 2, vec!["AS".to_string(), "6H".to_string()], vec!["KS".to_string()]));
        // A bare K♠: not counted.
        assert_eq!(bridge_future("0:K.2..3 .4.2.2 Q4.5.. A.6.4.;trump=S;leader=1").1, 3);
        // West (T♠ 2♠, behind South's Q♠ 9♠) on lead with nothing but trumps leads one:
        // South, last, wins it with the 9♠ and draws the T♠ with the Q♠. No trick counted.
        assert_eq!(bridge_future("0:7..5. ...T8 Q9... T2...;trump=S;leader=3").0, 0);
    }
}

//! Cheap bounds on the future value, checked before searching a node.
//!
//! Besides what is left to win, at a trick boundary the leader's *quick tricks* bound
//! the result (not in bridge, see `future_bounds`): the top cards of a lane he can cash
//! one after the other, each the best card still in play, in the trump lane or where no
//! opponent can ruff; and either side's master trumps bring it at least their own points,
//! or in trick games as many tricks as one of its seats holds of them.

use super::state::State;
use crate::cards::top_cards;
use crate::rules::{lane_of, seat_after, Objective, Rules, LANES, MOON_POINTS, MOON_SPLIT};

/// (lowest, highest) future value the MAX side can end with from this node, and the cards
/// whose ranks these bounds rely on (the top cards they count).
pub(crate) fn future_bounds(rules: &Rules, st: &State) -> (i32, i32, u64) {
    let (low, high) = basic_bounds(rules, st);
    if st.trick_len == 1 && rules.partition && rules.objective == Objective::Tricks {
        if let Some((tricks, relied)) = second_hand_wins(rules, st) {
            let seat = st.to_play(rules.n);
            let tricks = (tricks as i32).min(high);
            return if rules.max_side[seat] { (low.max(tricks), high, relied) } else { (low, high - tricks, relied) };
        }
    }
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

/// Second to play in a four-hand trick: the tricks the side to play is sure of, and the
/// cards whose ranks that relies on (DDS's "quick tricks second hand"). It wins this
/// trick when it holds the best card of the led lane above everything the next hand can
/// follow with, and the next hand cannot ruff; without trumps, the winner then cashes his
/// top cards: the next one of the led lane, one in each other lane where he holds the
/// top, and all his cards of a lane nobody else holds.
fn second_hand_wins(rules: &Rules, st: &State) -> Option<(u32, u64)> {
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
    let elsewhere = (0..rules.n).filter(|&s| s != holder).fold(0u64, |acc, s| acc | st.hands[s]);
    for other in LANES.into_iter().filter(|&other| hand & other != 0) {
        let in_lane = st.in_play & other & !relied;
        // In the led lane, a card above the best one (the leader's) is the top here.
        let top = 1u64 << (63 - in_lane.leading_zeros());
        if other != lane && elsewhere & other == 0 {
            tricks += (hand & other).count_ones();
        } else if hand & top != 0 {
            tricks += 1;
            relied |= top;
        }
    }
    Some((tricks, relied))
}

/// What a side is sure to take with its *master trumps*: the run of top trumps still in
/// play held by one side (partners pooled). Each of them wins the trick it is played to,
/// whoever leads: in point games all their points go to that side; in trick games the
/// side wins at least as many tricks as one of its seats holds of them (one seat's cards
/// go to different tricks; partners' may meet in one).
fn master_trumps(rules: &Rules, st: &State) -> (i32, i32, u64) {
    let Some((masters, max_side)) = master_run(rules, st) else {
        return (0, 0, 0);
    };
    let sure = match rules.objective {
        Objective::Points => rules.points_of(masters),
        _ => (0..rules.n).map(|seat| (st.hands[seat] & masters).count_ones() as i32).max().unwrap_or(0),
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
        let top = 1u64 << (63 - trumps.leading_zeros());
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

/// Tricks (and the points of the counted winners in them) the leader's side can cash at
/// once, and the counted cards whose ranks that relies on: the better of the leader's own
/// top cards, and the leader's top cards followed by a crossing to a partner who then
/// cashes his own.
fn quick_tricks(rules: &Rules, st: &State) -> (u32, i32, u64) {
    let leader = st.leader;
    let safe = safe_rounds(rules, st);
    let own = Runs::of(rules, st, leader, &safe);
    let mut best = (own.tricks(), own.points(), own.contested);
    if let Some(partner) = rules.partner[leader] {
        if let Some(crossing) = with_partner(rules, st, &own, partner, &safe) {
            if crossing.0 > best.0 {
                best = crossing;
            }
        }
    }
    (best.0.min(st.tricks_left), best.1, best.2)
}

/// Per lane, how many rounds the leader's side can cash before an opponent may ruff: the
/// fewest cards of the lane an opponent holding trumps has (no limit without trumps).
fn safe_rounds(rules: &Rules, st: &State) -> [u32; 4] {
    let mut safe = [u32::MAX; 4];
    let Some(trump) = rules.trump_lane else { return safe };
    let side = rules.max_side[st.leader];
    for (lane, rounds) in safe.iter_mut().enumerate().filter(|&(lane, _)| lane != trump) {
        *rounds = (0..rules.n)
            .filter(|&s| rules.max_side[s] != side && st.hands[s] & LANES[trump] != 0)
            .map(|s| (st.hands[s] & LANES[lane]).count_ones())
            .min()
            .unwrap_or(u32::MAX);
    }
    safe
}

/// One seat's unbroken runs of top cards per lane (each card the best still in play once
/// the ones above it are gone) and, when the run outlasts every other hand's cards of the
/// lane, the rest of the seat's cards there (they win by length: DDS counts them too); at
/// most `safe` rounds of each lane.
struct Runs {
    length: [u32; 4],
    points: [i32; 4],
    cards: [u64; 4],
    /// The counted cards whose ranks the count relies on: in each lane the top ones, as
    /// many as another hand holds cards of the lane (once they are all gone, the rest of
    /// the run wins whatever its ranks).
    contested: u64,
}

impl Runs {
    fn of(rules: &Rules, st: &State, seat: usize, safe: &[u32; 4]) -> Runs {
        let hand = st.hands[seat];
        let mut runs = Runs { length: [0; 4], points: [0; 4], cards: [0; 4], contested: 0 };
        for lane in 0..4 {
            let mut in_lane = st.in_play & LANES[lane];
            while in_lane != 0 && runs.length[lane] < safe[lane] {
                let top = 63 - in_lane.leading_zeros();
                if hand & (1u64 << top) == 0 {
                    break;
                }
                runs.length[lane] += 1;
                runs.points[lane] += rules.points[top as usize];
                runs.cards[lane] |= 1u64 << top;
                in_lane &= !(1u64 << top);
            }
            if runs.length[lane] > 0 {
                let others = (0..rules.n).filter(|&s| s != seat).map(|s| (st.hands[s] & LANES[lane]).count_ones()).max().unwrap_or(0);
                runs.contested |= top_cards(runs.cards[lane], others);
                if runs.length[lane] >= others {
                    // The others are void by then: the rest of the lane wins by length.
                    let rest = hand & LANES[lane] & !runs.cards[lane];
                    let long = top_cards(rest, safe[lane] - runs.length[lane]);
                    runs.length[lane] += long.count_ones();
                    runs.points[lane] += rules.points_of(long);
                    runs.cards[lane] |= long;
                }
            }
        }
        runs
    }

    fn tricks(&self) -> u32 {
        self.length.iter().sum()
    }

    fn points(&self) -> i32 {
        self.points.iter().sum()
    }

    fn cards(&self) -> u64 {
        self.cards.iter().fold(0, |acc, cards| acc | cards)
    }
}

/// The leader cashes his top cards in the lanes his partner can follow (or, void, discard a
/// spare card), then leads a small card of a lane whose top card the partner holds, and
/// the partner cashes his own top cards. Opponents holding trumps follow every counted
/// round (`safe`), so they never discard and the partner's counts stay good.
fn with_partner(rules: &Rules, st: &State, own: &Runs, partner: usize, safe: &[u32; 4]) -> Option<(u32, i32, u64)> {
    let theirs = Runs::of(rules, st, partner, safe);
    let leader_hand = st.hands[st.leader];
    // The crossing: a lane whose top card is the partner's (so not one of the leader's
    // lanes), of which the leader keeps a card to lead.
    (0..4).find(|&lane| theirs.length[lane] > 0 && leader_hand & LANES[lane] != 0)?;
    let partner_hand = st.hands[partner];
    let leader_lanes = (0..4).filter(|&lane| own.length[lane] > 0).fold(0u32, |acc, lane| acc | (1 << lane));
    // Rounds of the leader's lanes the partner cannot follow: he discards cards that
    // neither follow those lanes nor are counted among his own winners.
    let discards: u32 = (0..4)
        .filter(|&lane| leader_lanes & (1 << lane) != 0)
        .map(|lane| own.length[lane].saturating_sub((partner_hand & LANES[lane]).count_ones()))
        .sum();
    let following = (0..4).filter(|&lane| leader_lanes & (1 << lane) != 0).fold(0u64, |acc, lane| acc | (partner_hand & LANES[lane]));
    let spare = (partner_hand & !following & !theirs.cards()).count_ones();
    if discards > spare {
        return None;
    }
    // Every counted trick takes a card of the partner's (a follow, a discard or a winner),
    // so the total never exceeds the tricks left.
    Some((own.tricks() + theirs.tricks(), own.points() + theirs.points(), own.contested | theirs.contested))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::variant::Variant;

    fn quick(text: &str) -> (u32, i32) {
        let position = Position::parse(Variant::Belote, text).unwrap();
        let rules = Rules::new(&position, Objective::Points);
        let (tricks, points, _) = quick_tricks(&rules, &State::new(&rules, &position));
        (tricks, points)
    }

    #[test]
    fn quick_tricks_cross_to_the_partners_top_cards() {
        // North (0) cashes A♥ while South discards the 9♦, then leads the 7♠ to South's
        // A♠, and South cashes the 10♠: three tricks, 11 + 11 + 10 points of winners.
        assert_eq!(quick("0:7.A.8. K.8.7. AT..9. 8.7.J.;trump=C;taker=0;leader=0"), (3, 32));
    }

    #[test]
    fn quick_tricks_do_not_cross_when_the_partner_would_discard_a_winner() {
        // South has no spare card for North's A♥: only the A♥ counts.
        assert_eq!(quick("0:7.A.. K.8.. AT... 8.7..;trump=C;taker=0;leader=0"), (1, 11));
    }

    /// The cards a bridge quick-trick count relies on, as card codes.
    fn relied_on(text: &str) -> (u32, Vec<&'static str>) {
        let position = Position::parse(Variant::Bridge, text).unwrap();
        let rules = Rules::new(&position, Objective::Tricks);
        let (tricks, _, cards) = quick_tricks(&rules, &State::new(&rules, &position));
        let codes = ["AS", "KS", "QS"].into_iter().filter(|code| cards & rules.internal_bit(Variant::Bridge.parse_card(code).unwrap()) != 0);
        (tricks, codes.collect())
    }

    #[test]
    fn quick_tricks_rely_on_the_ranks_of_the_cards_others_can_follow_to() {
        // North cashes A♠ K♠ Q♠. With one spade elsewhere only the A♠ must outrank it (the
        // K♠ and Q♠ then win whatever their ranks); with two, the A♠ and K♠.
        assert_eq!(relied_on("0:AKQ... 2.AK.. .QJT.. ..432.;trump=N;leader=0"), (3, vec!["AS"]));
        assert_eq!(relied_on("0:AKQ... 32.A.. .QJT.. ..432.;trump=N;leader=0"), (3, vec!["AS", "KS"]));
    }

    /// What the second hand's side is sure of, and the cards relied on as codes.
    fn second_hand(text: &str) -> Option<(u32, Vec<String>)> {
        let position = Position::parse(Variant::Bridge, text).unwrap();
        let rules = Rules::new(&position, Objective::Tricks);
        let (tricks, relied) = second_hand_wins(&rules, &State::new(&rules, &position))?;
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
    fn after_its_top_cards_a_run_wins_by_length_once_the_others_are_void() {
        // North's A♠ draws the only other spades (one in each hand): his 5♠ 4♠ 3♠ then win
        // too, relying on the A♠'s rank alone.
        assert_eq!(relied_on("0:A543... K.KQJ.. Q.T98.. J.765..;trump=N;leader=0"), (4, vec!["AS"]));
        // With two spades left in East's hand, the 5♠ could lose: one trick only.
        assert_eq!(relied_on("0:A543... KQ.KQ.. T.T98.. J.765..;trump=N;leader=0"), (1, vec!["AS"]));
    }

    #[test]
    fn quick_tricks_stop_where_an_opponent_can_ruff() {
        // West (1) is void in hearts and holds a trump: North's A♥ and 10♥ are not sure.
        assert_eq!(quick("0:.AT.. 9...7 .87.. J..8.;trump=C;taker=0;leader=0"), (0, 0));
    }
}

//! The leader's *quick tricks* at a trick boundary (every variant but hearts): the top
//! cards of a lane he can cash one after the other, each the best card still in play, in
//! the trump lane or where no opponent can ruff, then the rest of a lane by length once
//! the others are void; or his own, then a small card to his partner's top card and the
//! partner's. A lower bound for the leader's side that relies only on the top cards of a
//! run another hand can follow to.

use crate::cards::{top_card, top_cards};
use crate::rules::{Rules, LANES};
use crate::search::state::State;

/// Tricks (and the points of the counted winners in them) the leader's side can cash at
/// once, and the counted cards whose ranks that relies on: the better of the leader's own
/// top cards, and the leader's top cards followed by a crossing to a partner who then
/// cashes his own.
pub(super) fn quick_tricks(rules: &Rules, st: &State) -> (u32, i32, u64) {
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
    let leader_hand = st.hands[st.leader];
    // The crossing: a lane whose top card is the partner's (so not one of the leader's
    // lanes), of which the leader keeps a card to lead (looked for before the partner's
    // runs are counted: most positions have none).
    let partner_tops = |lane: usize| {
        let in_lane = st.in_play & LANES[lane];
        safe[lane] > 0 && st.hands[partner] & top_card(in_lane) != 0
    };
    (0..4).find(|&lane| partner_tops(lane) && leader_hand & LANES[lane] != 0)?;
    let theirs = Runs::of(rules, st, partner, safe);
    let partner_hand = st.hands[partner];
    let leader_lanes = (0..4).filter(|&lane| own.length[lane] > 0).fold(0u32, |acc, lane| acc | (1 << lane));
    // Rounds of the leader's lanes the partner cannot follow: he discards cards that
    // neither follow those lanes nor are counted among his own winners.
    let discards: u32 =
        (0..4).filter(|&lane| leader_lanes & (1 << lane) != 0).map(|lane| own.length[lane].saturating_sub((partner_hand & LANES[lane]).count_ones())).sum();
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
    use crate::rules::Objective;
    use crate::search::bounds::fixtures::bridge;
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

    #[test]
    fn quick_tricks_stop_where_an_opponent_can_ruff() {
        // West (1) is void in hearts and holds a trump: North's A♥ and 10♥ are not sure.
        assert_eq!(quick("0:.AT.. 9...7 .87.. J..8.;trump=C;taker=0;leader=0"), (0, 0));
    }

    /// The cards a bridge quick-trick count relies on, as card codes.
    fn relied_on(text: &str) -> (u32, Vec<&'static str>) {
        let (rules, st) = bridge(text);
        let (tricks, _, cards) = quick_tricks(&rules, &st);
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

    #[test]
    fn after_its_top_cards_a_run_wins_by_length_once_the_others_are_void() {
        // North's A♠ draws the only other spades (one in each hand): his 5♠ 4♠ 3♠ then win
        // too, relying on the A♠'s rank alone.
        assert_eq!(relied_on("0:A543... K.KQJ.. Q.T98.. J.765..;trump=N;leader=0"), (4, vec!["AS"]));
        // With two spades left in East's hand, the 5♠ could lose: one trick only.
        assert_eq!(relied_on("0:A543... KQ.KQ.. T.T98.. J.765..;trump=N;leader=0"), (1, vec!["AS"]));
    }
}

//! Hearts: bounds on the player's score from the moon rule and the tricks he cannot win.
//!
//! While another seat may still shoot the moon, the player may end with 26 unless he can
//! stop it: at once, by a trick with points that seat will not win
//! (`player_stops_the_moon`), or for good, by a heart above every heart of each seat that
//! may shoot (`player_guards_against_the_moon`); a trick the shooter cannot follow stops
//! the moon once it holds points (`shooter_loses_the_trick`). Once none of the others can
//! shoot, a trick the player cannot follow is not his, nor what he throws onto it
//! (`player_loses_the_trick`, `player_sheds`). Most of these rely on no card's rank, which
//! keeps the partition table's entries general.

use super::{cards_of, Future};
use crate::cards::{above, bits, top_card};
use crate::rules::{lane_of, seat_after, Rules, LANES};
use crate::search::state::{Moon, State};

/// Tightens `future` with every hearts bound on `player`'s score.
pub(super) fn tighten(rules: &Rules, st: &State, player: usize, future: &mut Future) {
    if let Some((bound, relies)) = player_stops_the_moon(rules, st, player) {
        future.lower(bound, relies);
    }
    if let Some((bound, relies)) = player_guards_against_the_moon(rules, st, player) {
        future.lower(bound, relies);
    }
    if let Some(bound) = shooter_loses_the_trick(rules, st, player) {
        future.lower(bound, 0);
    }
    if player_loses_the_trick(rules, st, player) {
        // The trick's points, and what he may still throw onto it, are another's.
        let points = rules.points_of(st.on_table());
        future.lower(st.points_left(rules) - points - player_sheds(rules, st, player), 0);
        if points > 0 {
            future.raise(0, 0); // the player's own moon is gone with them (not with a
                                // shed: he may keep the card and the moon)
        }
    }
}

/// Hearts: can the player, to play, stop the others' moon at once? While one of them (the
/// shooter) holds every point taken so far, the points of one trick must go elsewhere;
/// while nobody has any, to the player himself. Either way the player then takes at most
/// what is left, and in the second case one less (all of it would be his own moon, back
/// to 0). The bound and the cards it relies on, if he can.
fn player_stops_the_moon(rules: &Rules, st: &State, player: usize) -> Option<(i32, u64)> {
    let n = rules.n;
    if st.to_play(n) != player {
        return None;
    }
    // The seats that must not take the trick's points.
    let (rivals, bound) = others_moon(rules, st, player)?;
    let trick = &st.trick[..st.trick_len];
    let best = (!trick.is_empty()).then(|| {
        let index = rules.winning(trick);
        (u32::from(trick[index]), seat_after(st.leader, index, n))
    });
    let stop = MoonStop { rules, st, player, rivals, best, legal: st.legal(rules) };
    let relies = stop.now().or_else(|| stop.at_his_next_lead())?;
    Some((bound, relies))
}

/// Hearts, at a trick boundary while the others' moon is open: the player holds a heart
/// above every heart of each seat that may still shoot, and each of them holds a heart.
/// Then none of them can: the player keeps that heart and plays it to the first heart
/// trick he meets (only his last card could be forced onto another trick), which its
/// shooter cannot win; and the shooter's own hearts reach no trick of his but a heart
/// trick (a discard wins nothing), which the player, holding the heart, must follow. So
/// the player takes at most what is left, one less while nobody has a point (all of it
/// would be his own moon). Relies on that heart (the lowest that will do).
fn player_guards_against_the_moon(rules: &Rules, st: &State, player: usize) -> Option<(i32, u64)> {
    if st.trick_len != 0 {
        return None;
    }
    let (shooters, bound) = others_moon(rules, st, player)?;
    let mut their_hearts = 0u64;
    for seat in (0..rules.n).filter(|&seat| shooters & 1 << seat != 0) {
        let hearts = st.hands[seat] & rules.hearts_lane;
        if hearts == 0 {
            return None;
        }
        their_hearts |= hearts;
    }
    let guards = st.hands[player] & rules.hearts_lane & above(top_card(their_hearts).trailing_zeros());
    (guards != 0).then(|| (bound, guards & guards.wrapping_neg()))
}

/// Hearts, while the others' moon is open: the seats that may still shoot (one bit a
/// seat: the one holding every point so far, or, while nobody has one, each of the others)
/// and the most the player takes if none of them does: what is left, one less while nobody
/// has a point (all of it would be his own moon, back to 0).
fn others_moon(rules: &Rules, st: &State, player: usize) -> Option<(u8, i32)> {
    let left = st.points_left(rules);
    match st.moon() {
        Moon::NoneTaken => Some(((0..rules.n).filter(|&seat| seat != player).fold(0u8, |acc, seat| acc | 1 << seat), left - 1)),
        Moon::Holder(shooter) if shooter != player => Some((1u8 << shooter, left)),
        _ => None,
    }
}

/// Hearts, none of the others able to shoot any more: the player has no card of the lane
/// led (on the table, or in his hand while he is still to play), so the trick in progress
/// and the points on the table are not his (nor, if there are any, his own moon). No
/// card's rank matters to that. The same bound when he follows too low would rely on the
/// ranks, which then every table entry above it relies on: it costs nodes there.
fn player_loses_the_trick(rules: &Rules, st: &State, player: usize) -> bool {
    st.trick_len != 0 && !st.moon_open_to_others(player) && !follows_the_lead(rules, st, player)
}

/// The card `seat` has played to the trick in progress, if it has.
fn played(rules: &Rules, st: &State, seat: usize) -> Option<u8> {
    let place = (seat + rules.n - st.leader) % rules.n;
    (place < st.trick_len).then(|| st.trick[place])
}

/// Whether `seat` has a card of the lane led: on the table, or in his hand while he is
/// still to play. Only inside a trick.
fn follows_the_lead(rules: &Rules, st: &State, seat: usize) -> bool {
    let lane = LANES[lane_of(u32::from(st.trick[0]))];
    let cards = played(rules, st, seat).map_or(st.hands[seat], |card| 1u64 << card);
    cards & lane != 0
}

/// Hearts, while one of the others (the shooter) holds every point so far: the shooter has
/// no card of the lane led (on the table, or in hand while still to play), so another seat
/// wins the trick, and if it holds points the moon is stopped: the player takes at most
/// what is left. If the player has none of the lane either, a third seat wins it, and the
/// point the player may throw onto it stops the moon too: he takes at most what is left
/// less the trick's points and his shed. No card's rank matters to that (figures in
/// docs/solver.md, "Bounds").
fn shooter_loses_the_trick(rules: &Rules, st: &State, player: usize) -> Option<i32> {
    let Moon::Holder(shooter) = st.moon() else { return None };
    if st.trick_len == 0 || shooter == player {
        return None;
    }
    if follows_the_lead(rules, st, shooter) {
        return None;
    }
    let on_table = rules.points_of(st.on_table());
    if follows_the_lead(rules, st, player) {
        // He may win it himself: its points stop the moon all the same.
        return (on_table > 0).then(|| st.points_left(rules));
    }
    let lost = on_table + player_sheds(rules, st, player);
    (lost > 0).then(|| st.points_left(rules) - lost)
}

/// Hearts, the player void in the lane led and still to play: the most points one card
/// he may discard onto the trick carries (it goes to the trick's winner, never to him).
/// No card's rank matters to that either.
fn player_sheds(rules: &Rules, st: &State, player: usize) -> i32 {
    if played(rules, st, player).is_some() {
        return 0;
    }
    let legal = rules.legal(st.hands[player], player, &st.trick[..st.trick_len], st.leader, st.in_play(), st.tricks_left);
    bits(legal & rules.point_cards).map(|card| rules.points_of(1u64 << card)).max().unwrap_or(0)
}

/// What both ways of stopping the moon look at, worked out once a node.
struct MoonStop<'a> {
    rules: &'a Rules,
    st: &'a State,
    player: usize,
    /// The seats that must not take the trick's points (one bit a seat).
    rivals: u8,
    /// The trick's best card so far and its seat.
    best: Option<(u32, usize)>,
    legal: u64,
}

impl MoonStop<'_> {
    /// The player has a card after which the trick holds points and is no rival's whatever
    /// the rest play: its best card is not a rival's, and no rival still to play can beat
    /// it (hearts has no trumps). Relies on that best card (every card of its lane above it
    /// is another seat's).
    fn now(&self) -> Option<u64> {
        let (rules, st) = (self.rules, self.st);
        let trick_points = st.on_table() & rules.point_cards != 0;
        let rivals_to_play = cards_of(st, st.seats_after_to_play(rules.n).filter(|&seat| self.rivals & 1 << seat != 0));
        let stopping_top = |card: u32| {
            if !trick_points && rules.point_cards & 1u64 << card == 0 {
                return None;
            }
            let (top, top_seat) = match self.best {
                Some((b, seat)) if !rules.beats(card, b) => (b, seat),
                _ => (card, self.player),
            };
            let beaten = rivals_to_play & LANES[lane_of(top)] & above(top) != 0;
            (self.rivals & 1 << top_seat == 0 && !beaten).then_some(top)
        };
        // Of several such cards, the one with the fewest cards above it (its entries serve more).
        bits(self.legal).filter_map(stopping_top).min_by_key(|&top| st.cards_above(top)).map(|top| 1u64 << top)
    }

    /// Or the player wins this trick whatever the rest play (no one still to play holds a
    /// higher card of the lane led), and then leads a point card no rival can beat (and may
    /// lead it: the hearts broken by then at least by the cards gone already), which no
    /// rival wins. Relies on both cards.
    fn at_his_next_lead(&self) -> Option<u64> {
        let (rules, st) = (self.rules, self.st);
        if st.tricks_left < 2 {
            return None;
        }
        let still_to_play = cards_of(st, st.seats_after_to_play(rules.n));
        let sure_winner = |card: &u32| self.best.is_none_or(|(b, _)| rules.beats(*card, b)) && still_to_play & LANES[lane_of(*card)] & above(*card) == 0;
        let winner = bits(self.legal).filter(sure_winner).min_by_key(|&card| st.cards_above(card))?;
        let rest = st.hands[self.player] & !(1u64 << winner);
        // What is surely out of play by the next lead: this trick's cards and the winner.
        let gone = st.on_table() | 1u64 << winner;
        let leads = rules.legal_lead(rest, st.in_play() & !gone, st.tricks_left - 1) & rules.point_cards;
        let rival_cards = cards_of(st, (0..rules.n).filter(|&seat| self.rivals & 1 << seat != 0));
        let unbeaten = |card: &u32| rival_cards & LANES[lane_of(*card)] & above(*card) == 0;
        let lead = bits(leads).filter(unbeaten).min_by_key(|&card| st.cards_above(card))?;
        Some(1u64 << winner | 1u64 << lead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::Objective;
    use crate::search::bounds::future_bounds;
    use crate::variant::Variant;

    /// North's (the player's) future in hearts: the bounds before any search.
    fn hearts_future(text: &str) -> (i32, i32) {
        let position = Position::parse(Variant::Hearts, text).unwrap();
        let rules = Rules::new(&position, Objective::Hearts { player: 0 });
        let future = future_bounds(&rules, &State::new(&rules, &position));
        (future.low, future.high)
    }

    #[test]
    fn hearts_with_every_point_card_played_only_the_moon_rule_is_left() {
        let hands = "0:..2.3 ..4.5 ..6.7 ..8.9;leader=0";
        // East shot the moon: 26 for North; North shot it: 0, his 26 taken back; split: 0.
        assert_eq!(hearts_future(&format!("{hands};points=0 26 0 0")), (26, 26));
        assert_eq!(hearts_future(&format!("{hands};points=26 0 0 0")), (-26, -26));
        assert_eq!(hearts_future(&format!("{hands};points=10 16 0 0")), (0, 0));
        // With a heart still out, East may yet be stopped: no longer settled.
        assert_eq!(hearts_future("0:.2..3 ..4.5 ..6.7 ..8.9;leader=1;points=0 25 0 0"), (0, 26));
        // North took the 25: he shoots with the last heart (back to 0), or it is another's.
        assert_eq!(hearts_future("0:.2..3 ..4.5 ..6.7 ..8.9;leader=1;points=25 0 0 0"), (-25, 0));
    }

    #[test]
    fn hearts_player_who_stops_the_moon_at_once_takes_at_most_what_is_left() {
        // East (1) took every point so far. North leads the last heart: the trick is not East's.
        assert_eq!(hearts_future("0:.2..3 ..4.5 ..6.7 ..8.9;leader=0;points=0 25 0 0"), (0, 1));
        // East holds a higher heart: he may win North's, and still shoot.
        assert_eq!(hearts_future("0:.2..3 .4..5 ..6.7 ..8.9;leader=0;points=0 24 0 0"), (0, 26));
        // Last to play to East's heart lead, North beats it with his own...
        assert_eq!(hearts_future("0:.5..3 ...5 ...7 ...9;leader=1;trick=4H 6D 8D;points=0 24 0 0"), (0, 2));
        // ...unless he cannot.
        assert_eq!(hearts_future("0:.3..2 ...5 ...7 ...9;leader=1;trick=4H 6D 8D;points=0 24 0 0"), (0, 26));
        // Second to play to West's diamond, North wins the trick with his A♦ and then leads
        // his heart, which East cannot beat...
        assert_eq!(hearts_future("0:.2.A. ..K.9 ..7.8 ...T;leader=3;trick=5D;points=0 25 0 0"), (0, 1));
        // ...unless East holds a higher heart.
        assert_eq!(hearts_future("0:.2.A. .3.K. ..7.8 ...T;leader=3;trick=5D;points=0 24 0 0"), (0, 26));
        // Nobody has points yet: North, last to play, takes the trick's hearts with his A♥,
        // so nobody else can shoot, and all 26 would be his own moon...
        assert_eq!(hearts_future("0:Q.A..43 .543.. .987.. .KQJ..;leader=1;trick=2H 6H TH;points=0 0 0 0"), (0, 25));
        // ...unless his heart is too low to win it.
        assert_eq!(hearts_future("0:Q.5..43 .A43.. .987.. .KQJ..;leader=1;trick=2H 6H TH;points=0 0 0 0"), (0, 26));
    }

    #[test]
    fn hearts_player_holding_a_heart_above_the_shooters_guards_against_the_moon() {
        // East (1) took every point so far and holds the 5♥; North's A♥ is above it.
        assert_eq!(hearts_future("0:.A.2.3 .5.4.5 ..765. ...987;leader=1;points=0 24 0 0"), (0, 2));
        // East's heart above North's: East may still shoot.
        assert_eq!(hearts_future("0:.5.2.3 .A.4.5 ..765. ...987;leader=1;points=0 24 0 0"), (0, 26));
        // East without a heart may yet take North's at the last trick, as a discard.
        assert_eq!(hearts_future("0:.A.2.3 ..4.54 .5.76. ...987;leader=1;points=0 24 0 0"), (0, 26));
        // Nobody has a point yet and each of the others holds a heart below North's A♥ and
        // K♥: nobody else can shoot, and all 26 would be North's own moon. The bound relies
        // on the lower of the two.
        let text = "0:Q.AK.2.3 .QJT.4.5 .987.76. .65432..;leader=1;points=0 0 0 0";
        assert_eq!(hearts_future(text), (0, 25));
        let position = Position::parse(Variant::Hearts, text).unwrap();
        let rules = Rules::new(&position, Objective::Hearts { player: 0 });
        let future = future_bounds(&rules, &State::new(&rules, &position));
        assert_eq!(future.high_relies, rules.internal_bit(Variant::Hearts.parse_card("KH").unwrap()));
        // West without a heart: the bound does not hold.
        assert_eq!(hearts_future("0:Q.AK2.3.3 .QJT9.4.5 .876543.. ..765.987;leader=1;points=0 0 0 0"), (0, 26));
    }

    #[test]
    fn hearts_player_void_in_the_lane_led_takes_none_of_the_tricks_points() {
        // East led a diamond, South threw the 9♥; North (void) cannot win it: of the two
        // hearts left he may take the other (West's) only.
        let trick = "leader=1;trick=5D 9H";
        assert_eq!(hearts_future(&format!("0:3...3 ...6 ...8 .2..4;{trick};points=13 11 0 0")), (0, 1));
        // Holding that heart, he discards it onto the trick: nothing more for him.
        assert_eq!(hearts_future(&format!("0:.2..3 ...6 ...8 ..T.4;{trick};points=13 11 0 0")), (0, 0));
        // Holding the Q♠, he sheds it: of the 15 points left, one at most (West's 2♥).
        assert_eq!(hearts_future(&format!("0:Q...3 ...6 ...8 .2..4;{trick};points=2 9 0 0")), (0, 1));
        // North's own moon goes with the trick's points (he took all 24 so far).
        assert_eq!(hearts_future(&format!("0:3...3 ...6 ...8 .2..4;{trick};points=24 0 0 0")), (0, 1));
        // Not with a card he may throw: North, holding every point so far (24) and the Q♥,
        // keeps his moon by keeping it (the brute-force test found this).
        assert_eq!(hearts_future("0:2.Q.. ...4 J... .2..;leader=1;trick=4D 9S 7D;points=24 0 0 0"), (-24, 1));
        // With a diamond North may win it.
        assert_eq!(hearts_future(&format!("0:.2.A. ...6 ...8 ..T.4;{trick};points=13 11 0 0")), (0, 2));
        // While East may still shoot, the 26 stays in reach.
        assert_eq!(hearts_future(&format!("0:.2..3 ...6 ...8 ..T.4;{trick};points=0 24 0 0")), (0, 26));
    }

    #[test]
    fn hearts_a_trick_the_shooter_cannot_follow_stops_the_moon_once_it_holds_points() {
        // East (1) holds every point so far. South led a diamond; neither North nor East
        // holds one, so West or South wins it, and North throws his 2♥ onto it: the moon is
        // stopped, and North takes at most the 5♥ left.
        let trick = "leader=2;trick=7D;points=0 24 0 0";
        assert_eq!(hearts_future(&format!("0:.2..3 .5..6 ...8 ..T.4;{trick}")), (0, 1));
        // East with a diamond may win it (and North's heart): his moon stays open.
        assert_eq!(hearts_future(&format!("0:.2..3 .5.9. ...8 ..T.4;{trick}")), (0, 26));
        // North without a point to throw, and none on the table: nothing is decided yet.
        assert_eq!(hearts_future(&format!("0:3...3 .5..6 ...8 .2.T.;{trick}")), (0, 26));
        // South led the 3♥ and East has no heart: whoever wins it, North or another, its
        // point stops the moon; North, who may win it, takes at most the 3 points left.
        assert_eq!(hearts_future("0:.2..5 ...76 ...8 .8..4;leader=2;trick=3H;points=0 23 0 0"), (0, 3));
    }
}

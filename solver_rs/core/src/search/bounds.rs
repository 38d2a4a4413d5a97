//! Cheap bounds on the future value, checked before searching a node.
//!
//! Besides what is left to win, at a trick boundary the leader's *quick tricks* bound
//! the result: the top cards of a lane he can cash one after the other, each the best
//! card still in play, in the trump lane or where no opponent can ruff; either side's
//! master trumps bring it at least their own points, or in trick games as many tricks as
//! one of its seats holds of them; and in bridge a side is sure of one trick when the
//! other cannot win them all (`sure_of_a_trick`), of a lane the opponents are void in for
//! as many rounds as its shorter hand there (`shared_lane`), and of a partner's ruff
//! (`partner_ruffs_a_lead`). In hearts, the moon rule bounds the player's score (who may
//! still shoot, who can stop it: `player_stops_the_moon`), and a trick he cannot follow is
//! not his, nor what he throws onto it (`player_loses_the_trick`, `player_sheds`), and
//! one the shooter cannot follow stops the moon once it holds points
//! (`shooter_loses_the_trick`). Each bound carries the cards it relies on, so a node one
//! bound settles relies on that bound's cards only.

use super::state::{Moon, State};
use crate::cards::{above, bits, top_card, top_cards};
use crate::rules::{lane_of, seat_after, Objective, Rules, LANES, MOON_POINTS};

/// Bounds on the future value the MAX side can end with from a node, each with the cards
/// whose ranks it relies on (the top cards it counts): a node settled by one bound relies
/// on that bound's cards only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Future {
    pub low: i32,
    pub high: i32,
    pub low_relies: u64,
    pub high_relies: u64,
}

impl Future {
    /// MAX is sure of `value`, relying on `relies`: kept if tighter.
    fn raise(&mut self, value: i32, relies: u64) {
        // Of two bounds alike, the one relying on fewer cards (its entries serve more).
        let tie = value == self.low && value > 0 && relies.count_ones() < self.low_relies.count_ones();
        if value > self.low || tie {
            (self.low, self.low_relies) = (value.min(self.high), relies);
        }
    }

    /// MIN is sure of keeping MAX to `value`, relying on `relies`: kept if tighter.
    fn lower(&mut self, value: i32, relies: u64) {
        let tie = value == self.high && self.high_relies != 0 && relies.count_ones() < self.high_relies.count_ones();
        if value < self.high || tie {
            (self.high, self.high_relies) = (value.max(self.low), relies);
        }
    }

    /// One side (the MAX side or not) is sure of `value` out of the `total` still to win.
    fn side_sure(&mut self, max_side: bool, value: i32, total: i32, relies: u64) {
        if max_side {
            self.raise(value, relies);
        } else {
            self.lower(total - value, relies);
        }
    }
}

pub(crate) fn future_bounds(rules: &Rules, st: &State) -> Future {
    let (low, high) = basic_bounds(rules, st);
    let mut future = Future { low, high, low_relies: 0, high_relies: 0 };
    if st.trick_len == 1 && rules.plain_tricks() {
        if let Some((tricks, relied)) = second_hand_wins(rules, st) {
            let seat = st.to_play(rules.n);
            future.side_sure(rules.max_side[seat], (tricks as i32).min(high), high, relied);
            return future;
        }
    }
    if let Objective::Hearts { player } = rules.objective {
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
        return future;
    }
    if st.trick_len != 0 {
        return future;
    }
    let (tricks, points, cashed) = quick_tricks(rules, st);
    let gain = match rules.objective {
        Objective::Tricks => tricks as i32,
        _ if tricks == 0 => 0,
        _ => points + if tricks == st.tricks_left { rules.last_trick_bonus } else { 0 },
    };
    // Both are lower bounds on what one side wins: take the larger, never the sum.
    let (max_sure, min_sure, masters) = master_trumps(rules, st);
    future.raise(max_sure, masters);
    future.lower(high - min_sure, masters);
    future.side_sure(rules.max_side[st.leader], gain, high, cashed);
    if rules.plain_tricks() {
        sure_of_a_trick(rules, st, &mut future);
        // Two counts of sure tricks that rely on no card's rank: the larger one counts.
        let ruff = partner_ruffs_a_lead(rules, st).then_some(1);
        if let Some(tricks) = shared_lane(rules, st).max(ruff) {
            future.side_sure(rules.max_side[st.leader], tricks, high, 0);
        }
    }
    future
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

/// The cards the `seats` hold between them.
fn cards_of(st: &State, seats: impl Iterator<Item = usize>) -> u64 {
    seats.fold(0u64, |acc, seat| acc | st.hands[seat])
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

/// What a side is sure to take with its *master trumps*: the run of top trumps still in
/// play held by one side (partners pooled). Each of them wins the trick it is played to,
/// whoever leads: in point games all their points go to that side; in trick games the
/// side wins at least as many tricks as one of its seats holds of them (one seat's cards
/// go to different tricks; partners' may meet in one), and two when the top two are in
/// two hands, one of them guarded.
fn master_trumps(rules: &Rules, st: &State) -> (i32, i32, u64) {
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

fn basic_bounds(rules: &Rules, st: &State) -> (i32, i32) {
    match rules.objective {
        Objective::Tricks => (0, st.tricks_left as i32),
        Objective::Points => (0, st.points_left(rules)),
        Objective::Hearts { player } => {
            let left = st.points_left(rules);
            if left == 0 {
                // Every point card is played: the moon rule alone is still to come.
                let settled = st.terminal(rules);
                (settled, settled)
            } else if st.moon_open_to_others(player) {
                (0, MOON_POINTS.max(left)) // someone else may shoot: 26 for the player
            } else if st.moon() == Moon::Holder(player) {
                // The player may still shoot (back to 0); if he does not, another seat takes
                // at least one of the points left.
                (-(MOON_POINTS - left), left - 1)
            } else {
                (0, left) // nobody can shoot any more: the player takes what is left at most
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

    /// A bridge position's rules (trick objective) and search state.
    fn bridge(text: &str) -> (Rules, State) {
        let position = Position::parse(Variant::Bridge, text).unwrap();
        let rules = Rules::new(&position, Objective::Tricks);
        let st = State::new(&rules, &position);
        (rules, st)
    }

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
    fn after_its_top_cards_a_run_wins_by_length_once_the_others_are_void() {
        // North's A♠ draws the only other spades (one in each hand): his 5♠ 4♠ 3♠ then win
        // too, relying on the A♠'s rank alone.
        assert_eq!(relied_on("0:A543... K.KQJ.. Q.T98.. J.765..;trump=N;leader=0"), (4, vec!["AS"]));
        // With two spades left in East's hand, the 5♠ could lose: one trick only.
        assert_eq!(relied_on("0:A543... KQ.KQ.. T.T98.. J.765..;trump=N;leader=0"), (1, vec!["AS"]));
    }

    /// The bounds of a bridge position, and the cards each relies on as codes.
    fn bridge_future(text: &str) -> (i32, i32, Vec<String>, Vec<String>) {
        let (rules, st) = bridge(text);
        let future = future_bounds(&rules, &st);
        let codes = |cards: u64| {
            let deck = Variant::Bridge.deck();
            deck.iter().filter(|&card| cards & rules.internal_bit(card) != 0).map(|card| Variant::Bridge.card_code(card)).collect()
        };
        (future.low, future.high, codes(future.low_relies), codes(future.high_relies))
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

    #[test]
    fn the_top_two_trumps_in_two_hands_take_two_tricks_when_one_is_guarded() {
        // North's A♠ and South's K♠ 3♠: East-West (East on lead: MAX) take one trick at most.
        assert_eq!(bridge_future("0:A.2.3. 4.3.2. K3.4.. 2.5.4.;trump=S;leader=1").1, 1);
        // South's K♠ bare too: a trump lead drops both honours in one trick.
        assert_eq!(bridge_future("0:A.2.3. 43.3.. K.4.2. 2.5.4.;trump=S;leader=1").1, 2);
    }

    #[test]
    fn quick_tricks_stop_where_an_opponent_can_ruff() {
        // West (1) is void in hearts and holds a trump: North's A♥ and 10♥ are not sure.
        assert_eq!(quick("0:.AT.. 9...7 .87.. J..8.;trump=C;taker=0;leader=0"), (0, 0));
    }
}

//! Move generation for the search: one card per run of equivalent cards, best first.
//!
//! Two cards of one hand are equivalent when no card still in play lies between them in
//! their lane and they are worth the same points: playing either gives the same game.

use super::state::State;
use crate::cards::{above, bits, deposit, extract, top_card};
use crate::rules::{lane_of, seat_after, Objective, Rules, LANES, LANE_SEPARATORS};

/// The next card in play above `card` in its lane, when it is a legal card equivalent to it.
fn equivalent_above(rules: &Rules, card: u32, legal: u64, in_play: u64) -> Option<u32> {
    let higher = in_play & LANES[lane_of(card)] & above(card);
    let next = higher.trailing_zeros();
    let equivalent = higher != 0 && legal & (1u64 << next) != 0 && rules.points[card as usize] == rules.points[next as usize];
    equivalent.then_some(next)
}

/// One representative (the highest) of each run of equivalent cards in `legal`.
///
/// All at once over the cards in play packed together (each lane closed by its separator
/// bit, never in play): a legal card is merged into the next one up when that one is legal
/// too and both are worth a lane's shared points (see `Rules::shared_points`).
pub(crate) fn representatives(rules: &Rules, legal: u64, in_play: u64) -> u64 {
    let order = in_play | LANE_SEPARATORS;
    let packed = extract(legal, order);
    let shared = extract(rules.shared_points, order);
    let merged = packed & packed >> 1 & shared & shared >> 1;
    legal & !deposit(merged, order)
}

/// The representative standing for `card` (the top of its run).
pub(crate) fn representative_of(rules: &Rules, card: u32, legal: u64, in_play: u64) -> u32 {
    let mut card = card;
    while let Some(next) = equivalent_above(rules, card, legal, in_play) {
        card = next;
    }
    card
}

#[derive(Clone, Copy)]
pub(crate) struct Moves {
    cards: [u8; 16],
    len: usize,
    /// The legal cards, and those left out as equivalent to a representative.
    pub legal: u64,
    pub merged: u64,
}

impl Moves {
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len]
    }

    /// Puts `card` first, if it is among the moves.
    pub(crate) fn put_first(&mut self, card: u8) {
        if let Some(at) = self.cards[..self.len].iter().position(|&c| c == card) {
            self.cards[..=at].rotate_right(1);
        }
    }
}

/// The representatives of the legal cards, by heuristic, the `killer` (see
/// `alpha_beta.rs`) weighing `KILLER_WEIGHT` more.
pub(crate) fn ordered(rules: &Rules, st: &State, killer: Option<u32>) -> Moves {
    let in_play = st.in_play();
    let legal = st.legal(rules);
    let reps = representatives(rules, legal, in_play);
    if reps.count_ones() == 1 {
        // A forced move (one card, or a run of equivalent ones): nothing to order.
        let mut moves = Moves { cards: [0; 16], len: 1, legal, merged: legal & !reps };
        moves.cards[0] = reps.trailing_zeros() as u8;
        return moves;
    }
    let context = Context::new(rules, st);
    let mut scored: [(i32, u8); 16] = [(0, 0); 16];
    let mut len = 0;
    for card in bits(reps) {
        let score = if Some(card) == killer {
            heuristic(rules, st, &context, card) + KILLER_WEIGHT
        } else if st.trick_len == 0 && rules.plain_tricks() && heads_a_sequence(card, in_play, legal & !reps) {
            // Bridge: a lead from the top of a sequence (KQJ) goes before low ones (40 deals
            // and 40 positions together -4.5% nodes).
            heuristic(rules, st, &context, card) + SEQUENCE_LEAD_WEIGHT * (card % 16) as i32
        } else {
            heuristic(rules, st, &context, card)
        };
        if len < 16 {
            scored[len] = (score, card as u8);
            len += 1;
        }
    }
    scored[..len].sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
    let mut moves = Moves { cards: [0; 16], len, legal, merged: legal & !reps };
    for (i, &(_, card)) in scored[..len].iter().enumerate() {
        moves.cards[i] = card;
    }
    moves
}

/// What the killer lead (see `Search::lead_killers`) adds to its heuristic score: a bonus,
/// not first. With the narrow-lead weights below, a killer that refuted a sibling is often
/// a valid but costly refutation where a sure winner proves the same in a few nodes (100
/// to 300 do about as well; figures in docs/solver.md, "Move ordering").
const KILLER_WEIGHT: i32 = 200;

/// Per opponent card that may answer a lead, what the lead loses in the order (the trick
/// games; hearts orders its own way): the smaller tree first, as DDS weighs suits. 30 to
/// 80 do about as well (figures in docs/solver.md, "Move ordering").
const NARROW_LEAD_WEIGHT: i32 = 50;

/// Per rank, what a lead from the top of a sequence gains (bridge): within its lane it
/// goes before the low cards, which lead lowest first.
const SEQUENCE_LEAD_WEIGHT: i32 = 2;

/// Does `card` head a run of equivalent cards (the next card in play below it in its lane
/// is one of the `merged` cards it stands for)?
fn heads_a_sequence(card: u32, in_play: u64, merged: u64) -> bool {
    let below = in_play & LANES[lane_of(card)] & ((1u64 << card) - 1);
    merged & top_card(below) != 0
}

/// A bridge discard (neither following nor ruffing): from a long lane first, 5 a card,
/// and not from a doubleton with the lane's second card or a singleton top card (-10), as
/// DDS discards. On five deal and position sets -0.6% to -8% nodes.
fn discard_weight(rules: &Rules, st: &State, seat: usize, lane: usize) -> i32 {
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

/// What every move of one node is scored against: computed once per node.
struct Context {
    seat: usize,
    best: u32,
    winner: usize,
    /// At a lead (not in hearts): what the opponents hold against each lane.
    against: Option<Against>,
    /// Following: the seat's side wins the trick whatever the others play (or, second
    /// hand, partner last to play can win it: `last_hand_wins`).
    side_has_it: bool,
    /// Bridge, void in the led lane: what a discard from each lane weighs.
    discards: [i32; 4],
    /// Hearts, at a lead: how many cards the other three may answer a lead of each lane
    /// with (a void one: any of his cards).
    answers: [i32; 4],
    /// Bridge, third hand: the card that forces out the fourth hand's top one
    /// (`forcing_card`), or 0.
    forcing: u64,
}

impl Context {
    fn new(rules: &Rules, st: &State) -> Context {
        let seat = st.to_play(rules.n);
        if st.trick_len == 0 {
            let hearts = rules.is_hearts();
            let against = (!hearts).then(|| Against::new(rules, st, seat));
            let answers = if hearts { std::array::from_fn(|lane| answers_to(rules, st, seat, lane, |_| true)) } else { [0; 4] };
            return Context { seat, best: 0, winner: seat, against, side_has_it: false, discards: [0; 4], answers, forcing: 0 };
        }
        let trick = &st.trick[..st.trick_len];
        let index = rules.winning(trick);
        let (best, winner) = (u32::from(trick[index]), seat_after(st.leader, index, rules.n));
        let led = lane_of(u32::from(trick[0]));
        let side_has_it = rules.max_side[winner] == rules.max_side[seat] && sure_to_win(rules, st, best, winner, led)
            || st.trick_len == 1 && !rules.is_hearts() && last_hand_wins(rules, st, seat, led);
        let void = st.hands[seat] & LANES[led] == 0;
        let discards = if rules.plain_tricks() && void { std::array::from_fn(|lane| discard_weight(rules, st, seat, lane)) } else { [0; 4] };
        let forcing = if st.trick_len == 2 && rules.plain_tricks() { forcing_card(rules, st, seat, led) } else { 0 };
        Context { seat, best, winner, against: None, side_has_it, discards, answers: [0; 4], forcing }
    }
}

/// Per lane, what the leader's opponents hold against a lead in it: their best card of the
/// lane (index + 1, 0 for none), and whether one of them is void in it with a trump. A lead
/// has several candidate cards: one pass over the hands serves them all.
struct Against {
    follow_top: [u32; 4],
    ruffs: [bool; 4],
    /// How many cards the opponents may answer a lead of the lane with (a void one: any
    /// of his cards): a lead into fewer answers has a smaller tree to search.
    answers: [i32; 4],
    /// Per lane, whether a partner of the leader holds its top card, and whether one can
    /// ruff it (worked out once a lead, not once a card).
    partner_top: [bool; 4],
    partner_ruffs: [bool; 4],
    /// Per lane, whether the leader holds its top card (he then cashes it rather than
    /// lead low for partner's ruff).
    own_top: [bool; 4],
    /// Bridge, per lane: what a lead that wins nothing at once gains or loses by where the
    /// top two cards lie (`position_weight`).
    position: [i32; 4],
}

impl Against {
    fn new(rules: &Rules, st: &State, leader: usize) -> Against {
        let mut against = Against {
            follow_top: [0; 4],
            ruffs: [false; 4],
            answers: [0; 4],
            partner_top: [false; 4],
            partner_ruffs: [false; 4],
            own_top: [false; 4],
            position: [0; 4],
        };
        against.own_top = std::array::from_fn(|lane| st.hands[leader] & top_card(st.in_play & LANES[lane]) != 0);
        if rules.plain_tricks() {
            against.position = std::array::from_fn(|lane| position_weight(rules, st, leader, lane));
        }
        for seat in (0..rules.n).filter(|&s| s != leader && rules.max_side[s] == rules.max_side[leader]) {
            for (lane, &cards) in LANES.iter().enumerate() {
                let in_lane = st.in_play & cards;
                against.partner_top[lane] |= st.hands[seat] & top_card(in_lane) != 0;
                against.partner_ruffs[lane] |= can_ruff(rules, st, seat, lane);
            }
        }
        for seat in (0..rules.n).filter(|&s| rules.max_side[s] != rules.max_side[leader]) {
            for (lane, &cards) in LANES.iter().enumerate() {
                let follow = st.hands[seat] & cards;
                if follow != 0 {
                    against.follow_top[lane] = against.follow_top[lane].max(64 - follow.leading_zeros());
                }
                against.ruffs[lane] |= can_ruff(rules, st, seat, lane);
            }
        }
        against.answers = std::array::from_fn(|lane| answers_to(rules, st, leader, lane, |seat| rules.max_side[seat] != rules.max_side[leader]));
        against
    }

    /// Does a lead of `card` win the trick whatever the opponents do?
    fn sure_to_win(&self, card: u32) -> bool {
        let lane = lane_of(card);
        self.follow_top[lane] <= card && !self.ruffs[lane]
    }
}

/// DDS's suit weights for a lead that wins nothing at once (bridge): a lane where the
/// leader's right-hand opponent, playing last, holds the top or second card (not bare)
/// goes later; one where the left-hand opponent holds the top card and partner, after him,
/// the second (not bare) sooner, a finesse. Measured on the bench's 20 deals and six other
/// sets: -1% to -5% nodes but one set (+0.6%).
fn position_weight(rules: &Rules, st: &State, leader: usize, lane: usize) -> i32 {
    let n = rules.n;
    let (lho, partner, rho) = (seat_after(leader, 1, n), seat_after(leader, 2, n), seat_after(leader, n - 1, n));
    let in_lane = st.in_play & LANES[lane];
    let top = top_card(in_lane);
    let second = top_card(in_lane & !top);
    let holds = |seat: usize, card: u64| st.hands[seat] & card != 0;
    let bare = |seat: usize| (st.hands[seat] & LANES[lane]).count_ones() == 1;
    if (holds(rho, top) || holds(rho, second)) && !bare(rho) {
        -RHO_HIGH_CARD_WEIGHT
    } else if holds(lho, top) && holds(partner, second) && !bare(partner) {
        FINESSE_WEIGHT
    } else {
        0
    }
}

/// See `position_weight` (45 to 90 and 100 to 200 did about as well).
const RHO_HIGH_CARD_WEIGHT: i32 = 45;
const FINESSE_WEIGHT: i32 = 100;

/// How many cards the seats other than `leader` that `counted` selects may answer a lead
/// in `lane` with: their cards of the lane, or any card when void.
fn answers_to(rules: &Rules, st: &State, leader: usize, lane: usize, counted: impl Fn(usize) -> bool) -> i32 {
    (0..rules.n)
        .filter(|&seat| seat != leader && counted(seat))
        .map(|seat| {
            let follow = st.hands[seat] & LANES[lane];
            (if follow != 0 { follow.count_ones() } else { st.tricks_left + 1 }) as i32
        })
        .sum()
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

/// Can `seat` trump a lead in `lane` (void in it, holding a trump)?
fn can_ruff(rules: &Rules, st: &State, seat: usize, lane: usize) -> bool {
    let hand = st.hands[seat];
    rules.trump_lane.is_some_and(|trump| trump != lane && hand & LANES[lane] == 0 && hand & LANES[trump] != 0)
}

/// Second hand, following: does his partner, last to play, beat the card led and every
/// card a hand between them (bridge and belote: the third) can follow with, that hand
/// unable to ruff? Then the second hand plays low or gives points, as DDS orders it,
/// rather than trying a card beating the lead first (docs/solver.md, "Move ordering").
fn last_hand_wins(rules: &Rules, st: &State, seat: usize, led: usize) -> bool {
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
fn sure_to_win(rules: &Rules, st: &State, card: u32, seat: usize, led: usize) -> bool {
    let n = rules.n;
    let played = st.trick_len + usize::from(seat == st.to_play(n));
    (played..n).map(|i| seat_after(st.leader, i, n)).filter(|&s| rules.max_side[s] != rules.max_side[seat]).all(|s| !can_beat(rules, st.hands[s], card, led))
}

fn heuristic(rules: &Rules, st: &State, context: &Context, card: u32) -> i32 {
    let seat = context.seat;
    let rank = (card % 16) as i32;
    let points = rules.points[card as usize];
    if let Objective::Hearts { player } = rules.objective {
        return heuristic_hearts(rules, st, context, card, player, rank, points);
    }
    if let Some(against) = &context.against {
        let lane = lane_of(card);
        // The smaller tree first: a lead into fewer answers (as DDS weighs suits). Weighed
        // this heavily, it outranks the kind of lead below but where the answers are about
        // as many.
        let narrow = NARROW_LEAD_WEIGHT * against.answers[lane];
        if against.sure_to_win(card) {
            return 300 + points - narrow; // cash a sure winner
        }
        // A lane where partner holds the top card lets him win it.
        let partner_top = against.partner_top[lane];
        // A lane an opponent can ruff gives him the trick (and the points in it); one that
        // only partner can ruff is nearly as good as a winner.
        let ruffed = against.ruffs[lane];
        if !ruffed && against.partner_ruffs[lane] && !against.own_top[lane] {
            return 350 - rank - narrow;
        }
        let penalty = if ruffed { 60 } else { 0 };
        return if partner_top { 250 - rank - penalty - narrow } else { 100 - rank - points - penalty - narrow + against.position[lane] };
    }
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

/// Hearts: what the player's discard of his top card of a lane loses in the order while
/// one of the others may still shoot the moon: that card is his sure way to take a trick
/// (and stop the moon). 30 to 60 do the same, 15 a little less (docs/solver.md).
const MOON_STOPPER_WEIGHT: i32 = 30;

/// Hearts: what the player's winning card weighs, highest first, in a trick sure to hold
/// no points (`clean_trick`): it sheds a high card for free, where his winning cards
/// otherwise come after his ducks. The lowest winner first instead is worse; only while
/// the moon is open, or only while it is closed, half the gain (docs/solver.md).
const CLEAN_WIN_WEIGHT: i32 = 250;

/// Hearts: what the player's lead weighs, highest first, in a lane whose trick is sure to
/// hold no points (`clean_trick`): before every other lead, where leads otherwise go low
/// first. Weighed 150 or 200 (among the other leads): a little less (docs/solver.md).
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

fn heuristic_hearts(rules: &Rules, st: &State, context: &Context, card: u32, player: usize, rank: i32, points: i32) -> i32 {
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

/// What the card that forces out the fourth hand's top card gains (DDS's third hand):
/// -0.3% to -1.4% nodes on the bench's 20 deals and four other sets.
const FORCING_WEIGHT: i32 = 20;

/// Third hand in bridge, following, when the fourth hand's top card of the lane beats all
/// of his: the cheapest of his cards that beats the fourth hand's second card and the
/// trick's best so far (nobody having ruffed), which forces the top card out; 0 for none.
fn forcing_card(rules: &Rules, st: &State, seat: usize, led: usize) -> u64 {
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
    use crate::variant::Variant;

    /// The card the order puts first in `text` (hearts: for player 0).
    fn first_card(variant: Variant, text: &str) -> String {
        let position = Position::parse(variant, text).unwrap();
        let rules = Rules::new(&position, crate::search::objective_for(&position, Some(0)).unwrap());
        let st = State::new(&rules, &position);
        variant.card_code(rules.natural(u32::from(ordered(&rules, &st, None).as_slice()[0])))
    }

    #[test]
    fn a_remembered_card_goes_first_and_the_rest_keep_their_order() {
        let mut moves = Moves { cards: [0; 16], len: 4, legal: 0, merged: 0 };
        moves.cards[..4].copy_from_slice(&[7, 3, 9, 1]);
        moves.put_first(9);
        assert_eq!(moves.as_slice(), [9, 7, 3, 1]);
        moves.put_first(42); // not a move: nothing changes
        assert_eq!(moves.as_slice(), [9, 7, 3, 1]);
    }

    /// The definition, card by card.
    fn representatives_by_cards(rules: &Rules, legal: u64, in_play: u64) -> u64 {
        bits(legal).filter(|&card| equivalent_above(rules, card, legal, in_play).is_none()).fold(0, |reps, card| reps | (1u64 << card))
    }

    #[test]
    fn the_king_heads_the_kq_sequence_and_the_two_heads_none() {
        let position = Position::parse(Variant::Bridge, "0:KQ2... A.2.3. J3.3.. 4..52.;trump=N;leader=0").unwrap();
        let rules = Rules::new(&position, crate::search::objective_for(&position, None).unwrap());
        let st = State::new(&rules, &position);
        let (legal, in_play) = (st.legal(&rules), st.in_play());
        let merged = legal & !representatives(&rules, legal, in_play);
        let bit = |code: &str| rules.internal_bit(Variant::Bridge.parse_card(code).unwrap()).trailing_zeros();
        assert!(heads_a_sequence(bit("KS"), in_play, merged));
        assert!(!heads_a_sequence(bit("2S"), in_play, merged));
        // Leading spades, the top of the sequence goes before the small card.
        assert_eq!(ordered(&rules, &st, None).as_slice()[0] as u32, bit("KS"));
    }

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

    #[test]
    fn leads_weigh_where_the_top_two_cards_lie() {
        let spades = |text: &str| {
            let position = Position::parse(Variant::Bridge, text).unwrap();
            let rules = Rules::new(&position, crate::search::objective_for(&position, None).unwrap());
            let lane = lane_of(rules.internal_bit(Variant::Bridge.parse_card("2S").unwrap()).trailing_zeros());
            position_weight(&rules, &State::new(&rules, &position), 0, lane)
        };
        // East (left of North, on lead) holds the A♠, South the K♠ behind him: a finesse.
        assert_eq!(spades("0:2.2.. A3... K4... 5.3..;trump=N;leader=0"), FINESSE_WEIGHT);
        // West, playing last, holds the A♠ with a small one: the lead waits.
        assert_eq!(spades("0:2.2.. 3.4.. K4... A5...;trump=N;leader=0"), -RHO_HIGH_CARD_WEIGHT);
        // A bare ace on the right falls anyway; South's bare king is no finesse.
        assert_eq!(spades("0:2.2.. 3.4.. K.6.. A.5..;trump=N;leader=0"), 0);
        assert_eq!(spades("0:2.2.. A3... K.4.. 5.3..;trump=N;leader=0"), 0);
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

    #[test]
    fn packed_representatives_follow_the_definition() {
        let positions = [
            (Variant::Belote, "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0"),
            (Variant::Belote3, "1:Q.KQ98.KT.AK8 K.7.Q987.QJT9 AJT98.AJT.AJ.;trump=H;taker=1;leader=1"),
            (Variant::Hearts, "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432;leader=3"),
            (Variant::Bridge, "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432;leader=0"),
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for (variant, text) in positions {
            let position = Position::parse(variant, text).unwrap();
            let rules = Rules::new(&position, crate::search::objective_for(&position, Some(0)).unwrap());
            let deck = rules.internal_set(variant.deck());
            for _ in 0..2_000 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let in_play = deck & (seed | seed >> 3);
                let legal = in_play & seed.rotate_left(17);
                assert_eq!(representatives(&rules, legal, in_play), representatives_by_cards(&rules, legal, in_play), "{variant:?}");
            }
        }
    }
}

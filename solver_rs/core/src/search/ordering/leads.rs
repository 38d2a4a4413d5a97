//! Leads in the trick games (hearts orders its own way, `hearts.rs`): a sure winner first,
//! then a lane partner can ruff or holds the top card of, low cards last; a lead an
//! opponent can ruff goes later; every lead loses a little per card the opponents may
//! answer it with (the smaller tree first, as DDS weighs suits); in bridge, the top of a
//! sequence before the low cards of its lane, and DDS's weights for where the top two
//! cards of a lane lie.

use crate::cards::top_card;
use crate::rules::{lane_of, seat_after, Rules, LANES};
use crate::search::state::State;

/// Per opponent card that may answer a lead, what the lead loses in the order (the trick
/// games; hearts orders its own way): the smaller tree first, as DDS weighs suits. 30 to
/// 80 do about as well (figures in benchmarks/README.md, "Move ordering").
pub(super) const NARROW_LEAD_WEIGHT: i32 = 50;

/// Per rank, what a lead from the top of a sequence gains (bridge): within its lane it
/// goes before the low cards, which lead lowest first.
pub(super) const SEQUENCE_LEAD_WEIGHT: i32 = 2;

/// Does `card` head a run of equivalent cards (the next card in play below it in its lane
/// is one of the `merged` cards it stands for)?
pub(super) fn heads_a_sequence(card: u32, in_play: u64, merged: u64) -> bool {
    let below = in_play & LANES[lane_of(card)] & ((1u64 << card) - 1);
    merged & top_card(below) != 0
}

/// A lead's score in the trick games, against what the opponents hold (`against`).
pub(super) fn score(against: &Against, card: u32, rank: i32, points: i32) -> i32 {
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
    if partner_top {
        250 - rank - penalty - narrow
    } else {
        100 - rank - points - penalty - narrow + against.position[lane]
    }
}

/// Per lane, what the leader's opponents hold against a lead in it: their best card of the
/// lane (index + 1, 0 for none), and whether one of them is void in it with a trump. A lead
/// has several candidate cards: one pass over the hands serves them all.
pub(super) struct Against {
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
    pub(super) fn new(rules: &Rules, st: &State, leader: usize) -> Against {
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
pub(super) fn answers_to(rules: &Rules, st: &State, leader: usize, lane: usize, counted: impl Fn(usize) -> bool) -> i32 {
    (0..rules.n)
        .filter(|&seat| seat != leader && counted(seat))
        .map(|seat| {
            let follow = st.hands[seat] & LANES[lane];
            (if follow != 0 { follow.count_ones() } else { st.tricks_left + 1 }) as i32
        })
        .sum()
}

/// Can `seat` trump a lead in `lane` (void in it, holding a trump)?
fn can_ruff(rules: &Rules, st: &State, seat: usize, lane: usize) -> bool {
    let hand = st.hands[seat];
    rules.trump_lane.is_some_and(|trump| trump != lane && hand & LANES[lane] == 0 && hand & LANES[trump] != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::search::ordering::{ordered, representatives};
    use crate::variant::Variant;

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
}

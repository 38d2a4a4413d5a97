//! The mutable search state, with make/unmake of one card.

use crate::cards::above;
use crate::position::Position;
use crate::rules::{lane_of, seat_after, Objective, Rules, LANES, MOON_NONE_TAKEN, MOON_POINTS, MOON_SPLIT};

#[derive(Debug, Clone)]
pub(crate) struct State {
    pub hands: [u64; 4],
    pub trick: [u8; 4],
    pub trick_len: usize,
    pub leader: usize,
    /// Tricks still to complete, the one in progress included.
    pub tricks_left: u32,
    /// hearts: the seat that has taken every point card so far, or MOON_NONE_TAKEN / MOON_SPLIT
    /// (read through `moon()`; a byte for the table key).
    pub moon: u8,
    /// Every card still in a hand or on the table (kept up to date by play/unplay).
    pub in_play: u64,
    /// Card points of `in_play`.
    pub points_in_play: i32,
}

/// Hearts: who may still shoot the moon, from the points taken so far (`State::moon`
/// packs it in a byte for the table's key).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Moon {
    /// Nobody has a point yet.
    NoneTaken,
    /// This seat has taken every point so far.
    Holder(usize),
    /// Two seats or more have points: nobody can shoot.
    Split,
}

/// What `play` changed, to undo it.
pub(crate) struct Undo {
    pub seat: usize,
    pub card: u8,
    /// Set when the card completed a trick.
    pub completed: Option<Completed>,
}

pub(crate) struct Completed {
    pub trick: [u8; 4],
    pub leader: usize,
    pub moon: u8,
    /// What the trick added to the future value of the MAX side.
    pub contribution: i32,
    /// The winning card, when it beat a card of its own lane (its rank mattered).
    pub relevant: u64,
}

impl State {
    pub(crate) fn new(rules: &Rules, position: &Position) -> State {
        let mut hands = [0u64; 4];
        for (seat, hand) in position.hands().iter().enumerate().take(rules.n) {
            hands[seat] = rules.internal_set(*hand);
        }
        let mut trick = [0u8; 4];
        for (i, &card) in position.trick().iter().enumerate() {
            trick[i] = rules.to_internal[card.index() as usize];
        }
        let takers: Vec<usize> = (0..rules.n).filter(|&seat| position.points()[seat] > 0).collect();
        let moon = match takers.as_slice() {
            [] => MOON_NONE_TAKEN,
            [one] => *one as u8,
            _ => MOON_SPLIT,
        };
        let trick_len = position.trick().len();
        let table = trick[..trick_len].iter().fold(0u64, |acc, &c| acc | (1u64 << c));
        let in_play = hands.iter().fold(table, |acc, &hand| acc | hand);
        State {
            hands,
            trick,
            trick_len,
            leader: position.leader(),
            tricks_left: position.cards_per_hand() as u32,
            moon,
            in_play,
            points_in_play: rules.points_of(in_play),
        }
    }

    pub(crate) fn to_play(&self, n: usize) -> usize {
        seat_after(self.leader, self.trick_len, n)
    }

    /// Every card still in a hand or on the table.
    pub(crate) fn in_play(&self) -> u64 {
        self.in_play
    }

    /// The cards of the trick in progress.
    pub(crate) fn on_table(&self) -> u64 {
        self.trick[..self.trick_len].iter().fold(0u64, |acc, &c| acc | (1u64 << c))
    }

    /// How many cards in play (in a hand or on the table) rank above `card` in its lane.
    pub(crate) fn cards_above(&self, card: u32) -> u32 {
        (self.in_play & LANES[lane_of(card)] & above(card)).count_ones()
    }

    /// Whether `card` is the top card in play of its lane.
    pub(crate) fn is_master(&self, card: u32) -> bool {
        self.cards_above(card) == 0
    }

    /// The seats still to play in the trick after the one to play.
    pub(crate) fn seats_after_to_play(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        (self.trick_len + 1..n).map(move |i| seat_after(self.leader, i, n))
    }

    pub(crate) fn legal(&self, rules: &Rules) -> u64 {
        let seat = self.to_play(rules.n);
        rules.legal(self.hands[seat], seat, &self.trick[..self.trick_len], self.leader, self.in_play(), self.tricks_left)
    }

    pub(crate) fn play(&mut self, rules: &Rules, card: u32) -> Undo {
        let seat = self.to_play(rules.n);
        self.hands[seat] &= !(1u64 << card);
        self.trick[self.trick_len] = card as u8;
        self.trick_len += 1;
        let mut undo = Undo { seat, card: card as u8, completed: None };
        if self.trick_len == rules.n {
            undo.completed = Some(self.complete_trick(rules));
        }
        undo
    }

    fn complete_trick(&mut self, rules: &Rules) -> Completed {
        let n = rules.n;
        let winning = rules.winning(&self.trick[..n]);
        let winner = seat_after(self.leader, winning, n);
        let winning_card = u32::from(self.trick[winning]);
        let contested = self.trick[..n].iter().any(|&c| u32::from(c) != winning_card && lane_of(u32::from(c)) == lane_of(winning_card));
        let relevant = if contested { 1u64 << winning_card } else { 0 };
        let last = self.tricks_left == 1;
        let cards = self.on_table();
        let card_points = rules.points_of(cards);
        let points = card_points + if last { rules.last_trick_bonus } else { 0 };
        let saved = Completed { trick: self.trick, leader: self.leader, moon: self.moon, contribution: 0, relevant };
        self.in_play &= !cards;
        self.points_in_play -= card_points;
        let contribution = match rules.objective {
            Objective::Tricks => i32::from(rules.max_side[winner]),
            Objective::Points => {
                if rules.max_side[winner] {
                    points
                } else {
                    0
                }
            }
            Objective::Hearts { player } => {
                if points > 0 {
                    self.moon = match self.moon {
                        MOON_NONE_TAKEN => winner as u8,
                        seat if seat == winner as u8 => seat,
                        _ => MOON_SPLIT,
                    };
                }
                if winner == player {
                    points
                } else {
                    0
                }
            }
        };
        self.leader = winner;
        self.trick_len = 0;
        self.tricks_left -= 1;
        Completed { contribution, ..saved }
    }

    pub(crate) fn unplay(&mut self, rules: &Rules, undo: &Undo) {
        if let Some(done) = &undo.completed {
            let cards = done.trick[..rules.n].iter().fold(0u64, |acc, &c| acc | (1u64 << c));
            self.in_play |= cards;
            self.points_in_play += rules.points_of(cards);
            self.trick = done.trick;
            self.leader = done.leader;
            self.moon = done.moon;
            self.tricks_left += 1;
            self.trick_len = rules.n;
        }
        self.trick_len -= 1;
        self.hands[undo.seat] |= 1u64 << undo.card;
    }

    /// hearts: who may still shoot the moon.
    pub(crate) fn moon(&self) -> Moon {
        match self.moon {
            MOON_NONE_TAKEN => Moon::NoneTaken,
            MOON_SPLIT => Moon::Split,
            seat => Moon::Holder(usize::from(seat)),
        }
    }

    /// hearts: whether a seat other than `player` may still shoot the moon (nobody has a
    /// point yet, or one of the others holds them all).
    pub(crate) fn moon_open_to_others(&self, player: usize) -> bool {
        match self.moon() {
            Moon::NoneTaken => true,
            Moon::Holder(seat) => seat != player,
            Moon::Split => false,
        }
    }

    /// hearts: what the end of the deal adds (the moon rule); zero elsewhere.
    pub(crate) fn terminal(&self, rules: &Rules) -> i32 {
        match (rules.objective, self.moon()) {
            (Objective::Hearts { player }, Moon::Holder(shooter)) => {
                if shooter == player {
                    -MOON_POINTS // the shooter scores 0 instead of 26
                } else {
                    MOON_POINTS // somebody else shot: 26 for the player
                }
            }
            _ => 0,
        }
    }

    /// The points still to be won (cards in hands and on the table, plus the last-trick bonus).
    pub(crate) fn points_left(&self, rules: &Rules) -> i32 {
        let bonus = if self.tricks_left > 0 { rules.last_trick_bonus } else { 0 };
        self.points_in_play + bonus
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn a_card_on_the_table_still_ranks_above_the_ones_in_hand() {
        let position = Position::parse(Variant::Bridge, "0:K2... Q.3.. J.4.. .5..;trump=N;leader=3;trick=AS").unwrap();
        let rules = Rules::new(&position, Objective::Tricks);
        let st = State::new(&rules, &position);
        let card = |code: &str| rules.internal_bit(Variant::Bridge.parse_card(code).unwrap()).trailing_zeros();
        assert!(st.is_master(card("AS")));
        assert_eq!(st.cards_above(card("KS")), 1); // the A♠ on the table
        assert!(!st.is_master(card("KS")));
        assert_eq!(st.cards_above(card("2S")), 4);
        assert!(st.is_master(card("5H")));
    }
}

//! One trick under a position's rules, outside the search: whether each card of a trick
//! was legal when it was played (what [`Position`] checks of its trick in progress), and
//! who wins a completed trick and what it is worth ([`trick_result`]).
//!
//! It asks the compiled [`Rules`] the same questions the search does (legal cards, the
//! winning card, card points), so a validated position and a solved one never disagree on
//! a rule, and the Python engine's tricks can be compared with the solver's.

use crate::cards::Card;
use crate::error::SolverError;
use crate::position::{invalid, Position};
use crate::rules::{seat_after, Objective, Rules};
use crate::variant::Variant;

/// The winner of a completed trick and what it is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrickResult {
    /// The seat that wins the trick.
    pub winner: usize,
    /// Its card points, with the last-trick bonus on the deal's last trick (belote,
    /// belote3); hearts' penalty points; zero in euchre3 and bridge.
    pub points: i32,
}

/// The trick of `position` completed by `rest`, played in turn by the seats still to play:
/// who wins it and its points. An error unless `rest` completes the trick with cards each
/// seat may play there.
pub fn trick_result(position: &Position, rest: &[Card]) -> Result<TrickResult, SolverError> {
    let variant = position.variant();
    let n = variant.players();
    if position.trick().len() + rest.len() != n {
        return Err(invalid(format!("a trick of {n} cards: {} on the table and {} given", position.trick().len(), rest.len())));
    }
    let mut replay = Replay::new(position);
    for &card in rest {
        if !variant.deck().contains(card) {
            return Err(SolverError::UnknownCard(format!("card index {}", card.index())));
        }
        let seat = replay.to_play();
        if !replay.play(card) {
            return Err(invalid(format!("seat {seat} cannot play {} there", variant.card_code(card))));
        }
    }
    let rules = &replay.rules;
    let winner = seat_after(position.leader(), rules.winning(&replay.trick), n);
    let table = replay.trick.iter().fold(0u64, |acc, &card| acc | 1u64 << card);
    let last = position.cards_per_hand() == 1;
    Ok(TrickResult { winner, points: rules.points_of(table) + if last { rules.last_trick_bonus } else { 0 } })
}

/// Where in `trick` the first card lies that was not legal when it was played, if any;
/// `start` is the position before the trick, its cards back in their seats' hands (each
/// hand then was what it holds now and its card in the trick).
pub(crate) fn illegal_trick_card(start: &Position, trick: &[Card]) -> Option<usize> {
    let mut replay = Replay::new(start);
    trick.iter().position(|&card| !replay.play(card))
}

/// Legal cards do not depend on what is solved; an objective is only needed for the rules.
pub(crate) fn legality_objective(position: &Position) -> Objective {
    match position.variant() {
        Variant::Hearts => Objective::Hearts { player: 0 },
        _ => Objective::Tricks,
    }
}

/// A position's trick in progress played on, card by card, in the rules' layout.
struct Replay {
    rules: Rules,
    hands: [u64; 4],
    leader: usize,
    trick: Vec<u8>,
    /// The cards in a hand or on the table (a trick in progress leaves them in play).
    in_play: u64,
    /// The tricks still to complete, this one included.
    tricks_left: u32,
}

impl Replay {
    fn new(position: &Position) -> Replay {
        let rules = Rules::new(position, legality_objective(position));
        let hands = position.hands().map(|hand| rules.internal_set(hand));
        let trick: Vec<u8> = position.trick().iter().map(|&card| rules.to_internal[card.index() as usize]).collect();
        let in_play = trick.iter().fold(hands.iter().fold(0, |acc, hand| acc | hand), |acc, &card| acc | 1u64 << card);
        let tricks_left = position.cards_per_hand() as u32;
        Replay { rules, hands, leader: position.leader(), trick, in_play, tricks_left }
    }

    fn to_play(&self) -> usize {
        seat_after(self.leader, self.trick.len(), self.rules.n)
    }

    /// Plays `card` (a card of the deck) for the seat to play, if he may play it there.
    fn play(&mut self, card: Card) -> bool {
        let seat = self.to_play();
        let bit = self.rules.internal_bit(card);
        let legal = self.rules.legal(self.hands[seat], seat, &self.trick, self.leader, self.in_play, self.tricks_left);
        if legal & bit == 0 {
            return false;
        }
        self.hands[seat] &= !bit;
        self.trick.push(bit.trailing_zeros() as u8);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(variant: Variant, text: &str, rest: &str) -> Result<TrickResult, SolverError> {
        let position = Position::parse(variant, text).unwrap();
        let cards: Vec<Card> = rest.split_whitespace().map(|code| variant.parse_card(code).unwrap()).collect();
        trick_result(&position, &cards)
    }

    #[test]
    fn a_trick_goes_to_its_best_card_with_its_points() {
        // Belote, hearts trump, the last trick: South trumps North's A♠ with the 9♥ (partner
        // master: he may), 14 + 11 points and the last trick's 10.
        let belote = "0:A... 7... .9.. 8...;trump=H;taker=0;leader=0";
        assert_eq!(result(Variant::Belote, belote, "AS 7S 9H 8S"), Ok(TrickResult { winner: 2, points: 35 }));
        // Hearts: East's K♠ takes the Q♠ and West's 4♥ (13 + 1), two tricks before the end.
        let hearts = "0:Q.2.. K.3.. 5..4. .4.2.;leader=1;points=0 10 0 0";
        assert_eq!(result(Variant::Hearts, hearts, "KS 5S 4H QS"), Ok(TrickResult { winner: 1, points: 14 }));
        // euchre3 counts tricks only.
        let euchre3 = "0:S... I... C...;trump=A;taker=0;leader=0";
        assert_eq!(result(Variant::Euchre3, euchre3, "SA IA CA").map(|r| r.points), Ok(0));
    }

    #[test]
    fn the_cards_given_must_complete_the_trick_legally() {
        let belote = "0:A..K. 7.9.. .8.Q. 8..J.;trump=H;taker=0;leader=0";
        let error = result(Variant::Belote, belote, "AS 9H").unwrap_err().to_string();
        assert!(error.contains("a trick of 4 cards"), "{error}");
        // East holds a spade: he must follow.
        let error = result(Variant::Belote, belote, "AS 9H 8H 8S").unwrap_err().to_string();
        assert!(error.contains("seat 1 cannot play 9H"), "{error}");
        // North holds the Q♠: he must follow, not throw a heart.
        let hearts = "0:Q.2.. K.3.. 5..4. .4.2.;leader=1;points=0 10 0 0";
        let error = result(Variant::Hearts, hearts, "KS 5S 4H 2H").unwrap_err().to_string();
        assert!(error.contains("seat 0 cannot play 2H"), "{error}");
    }
}

//! The rule sets the solver knows, with their decks and card codes.
//!
//! A card is named in the *natural layout*: `suit * 16 + rank`, where `suit` is the
//! deck's suit order (the notation's order) and `rank` counts from the lowest natural
//! rank (2 in a 52-card deck, 7 in belote decks, Initié in euchre3).

use crate::cards::{Card, CardSet};
use crate::error::SolverError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Plain trick-taking: follow suit, optional trump, two partnerships (bridge card play).
    Bridge,
    Euchre3,
    Belote3,
    Hearts,
    Belote,
}

impl Variant {
    pub const ALL: [Variant; 5] = [Variant::Bridge, Variant::Euchre3, Variant::Belote3, Variant::Hearts, Variant::Belote];

    pub fn parse(name: &str) -> Result<Variant, SolverError> {
        Variant::ALL.into_iter().find(|variant| variant.name() == name).ok_or_else(|| SolverError::UnknownVariant(name.to_string()))
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Bridge => "bridge",
            Variant::Euchre3 => "euchre3",
            Variant::Belote3 => "belote3",
            Variant::Hearts => "hearts",
            Variant::Belote => "belote",
        }
    }

    pub fn players(self) -> usize {
        match self {
            Variant::Euchre3 | Variant::Belote3 => 3,
            _ => 4,
        }
    }

    /// Suit codes in deck (and notation) order.
    pub fn suit_codes(self) -> [char; 4] {
        match self {
            Variant::Euchre3 => ['A', 'C', 'R', 'P'],
            _ => ['S', 'H', 'D', 'C'],
        }
    }

    /// Rank codes from the lowest natural rank.
    pub fn rank_codes(self) -> &'static [char] {
        match self {
            Variant::Bridge | Variant::Hearts => &['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'],
            Variant::Belote | Variant::Belote3 => &['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'],
            Variant::Euchre3 => &['I', 'E', 'A', 'C', 'S', 'M'],
        }
    }

    /// Every card of the deck.
    pub fn deck(self) -> CardSet {
        let mut deck = CardSet::EMPTY;
        for suit in 0..4u32 {
            for rank in 0..self.rank_codes().len() as u32 {
                deck.insert(Card::from_parts(suit, rank));
            }
        }
        if self == Variant::Belote3 {
            // 32 cards less the 7 of spades and the 7 of clubs.
            deck.remove(Card::from_parts(0, 0));
            deck.remove(Card::from_parts(3, 0));
        }
        deck
    }

    /// Cards each player holds when play starts.
    pub fn hand_size(self) -> usize {
        match self {
            Variant::Bridge | Variant::Hearts => 13,
            Variant::Belote => 8,
            Variant::Belote3 => 10,
            Variant::Euchre3 => 5,
        }
    }

    pub fn suit_index(self, code: char) -> Option<u32> {
        self.suit_codes().iter().position(|&c| c == code.to_ascii_uppercase()).map(|i| i as u32)
    }

    /// Parses a card code such as `QS` or `MA` (rank code, then suit code).
    pub fn parse_card(self, code: &str) -> Result<Card, SolverError> {
        let unknown = || SolverError::UnknownCard(code.to_string());
        let mut chars = code.trim().chars();
        let (rank, suit) = match (chars.next(), chars.next(), chars.next()) {
            (Some(rank), Some(suit), None) => (rank.to_ascii_uppercase(), suit),
            _ => return Err(unknown()),
        };
        let rank = self.rank_codes().iter().position(|&c| c == rank).ok_or_else(unknown)? as u32;
        let suit = self.suit_index(suit).ok_or_else(unknown)?;
        let card = Card::from_parts(suit, rank);
        if self.deck().contains(card) {
            Ok(card)
        } else {
            Err(unknown())
        }
    }

    pub fn card_code(self, card: Card) -> String {
        let rank = self.rank_codes()[card.rank() as usize];
        let suit = self.suit_codes()[card.suit() as usize];
        format!("{rank}{suit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes() {
        let sizes: Vec<u32> = Variant::ALL.iter().map(|v| v.deck().len()).collect();
        assert_eq!(sizes, vec![52, 24, 30, 52, 32]);
    }

    #[test]
    fn card_codes_round_trip() {
        for variant in Variant::ALL {
            for card in variant.deck().iter() {
                assert_eq!(variant.parse_card(&variant.card_code(card)), Ok(card));
            }
        }
        assert!(Variant::Belote3.parse_card("7S").is_err());
        assert!(Variant::Belote.parse_card("2S").is_err());
        assert!(Variant::Hearts.parse_card("QSS").is_err());
    }
}

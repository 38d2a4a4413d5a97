//! belote announcements, as far as hint sampling needs them (docs/rules.md § belote
//! "Announcements"): the best set of combinations a hand holds, and what a seat's
//! declaration tells of the hand it held then.
//!
//! Cards are in the natural layout of the belote decks (`suit * 16 + rank`, rank 0 = 7 up
//! to 7 = ace): the sequence order is the rank order, so a sequence is a run of bits.

use crate::cards::CardSet;

/// A combination's strength as one comparable number: any four of a kind above any
/// sequence; sequences by length, then by their top rank, then trump first. The engine's
/// tuples `(1, k)` and `(0, length, end, trump)` (engine_service/rules/declarations.py)
/// map to `kind << 24 | a << 16 | b << 8 | c`, in the same order.
pub type Strength = u32;

/// Four of a kind, strongest first: (rank, value).
const CARRES: [(u32, u32); 6] = [(4, 200), (2, 150), (7, 100), (3, 100), (6, 100), (5, 100)];
const SUITS: u32 = 4;
const RANKS: u32 = 8;

#[derive(Debug, Clone, Copy)]
struct Combination {
    cards: u64,
    value: u32,
    strength: Strength,
}

fn sequence_value(length: u32) -> u32 {
    match length {
        3 => 20,
        4 => 50,
        _ => 100,
    }
}

/// Every combination in `hand`: each four of a kind, each run segment of 3 cards or more.
fn candidates(hand: u64, trump: u32) -> Vec<Combination> {
    let mut found = Vec::new();
    for (index, &(rank, value)) in CARRES.iter().enumerate() {
        let four = (0..SUITS).fold(0u64, |acc, suit| acc | 1u64 << (suit * 16 + rank));
        if hand & four == four {
            found.push(Combination { cards: four, value, strength: 1 << 24 | ((CARRES.len() - index) as u32) << 16 });
        }
    }
    for suit in 0..SUITS {
        let present = |rank: u32| hand >> (suit * 16 + rank) & 1 == 1;
        for start in 0..RANKS {
            for end in start + 3..=RANKS {
                if !(start..end).all(present) {
                    break;
                }
                let length = end - start;
                let cards = (start..end).fold(0u64, |acc, rank| acc | 1u64 << (suit * 16 + rank));
                let strength = length << 16 | end << 8 | u32::from(suit == trump);
                found.push(Combination { cards, value: sequence_value(length), strength });
            }
        }
    }
    found
}

/// The best set of disjoint combinations in `hand` (the largest total value, then the
/// strongest member): its total value and its strongest combination; `None` without any.
pub fn best_set(hand: CardSet, trump: u32) -> Option<(u32, Strength)> {
    fn search(options: &[Combination], from: usize, used: u64, score: (u32, Strength), best: &mut (u32, Strength)) {
        *best = (*best).max(score);
        for (i, option) in options.iter().enumerate().skip(from) {
            if option.cards & used == 0 {
                search(options, i + 1, used | option.cards, (score.0 + option.value, score.1.max(option.strength)), best);
            }
        }
    }
    let options = candidates(hand.bits(), trump);
    if options.is_empty() {
        return None;
    }
    let mut best = (0, 0);
    search(&options, 0, 0, (0, 0), &mut best);
    Some(best)
}

/// What the first trick told of a declarer's best set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declared {
    /// Not resolved yet: it holds one.
    Holds,
    /// It scored and was shown: its total value and strongest combination.
    Shows { value: u32, strongest: Strength },
    /// It lost to the best declaration, of this strength (an equal one loses too when
    /// `tie_loses`: the declarer comes after the best one in play order).
    LosesTo { strongest: Strength, tie_loses: bool },
}

/// A seat's declaration: its hand then was its cards now and `played` (the cards it has
/// played since), and its best set is as `declared` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeclarationFact {
    pub played: CardSet,
    pub trump: u32,
    pub declared: Declared,
}

impl DeclarationFact {
    /// Whether a hand of the declarer (its cards now) agrees with the declaration.
    pub fn allows(&self, hand: CardSet) -> bool {
        let Some((value, strongest)) = best_set(hand.union(self.played), self.trump) else {
            return false;
        };
        match self.declared {
            Declared::Holds => true,
            Declared::Shows { value: shown, strongest: shown_strength } => (value, strongest) == (shown, shown_strength),
            Declared::LosesTo { strongest: winner, tie_loses } => strongest < winner || (tie_loses && strongest == winner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn hand(codes: &[&str]) -> CardSet {
        codes.iter().fold(CardSet::EMPTY, |mut set, code| {
            set.insert(Variant::Belote.parse_card(code).unwrap());
            set
        })
    }

    const HEARTS: u32 = 1;

    #[test]
    fn the_best_set_takes_the_most_value_then_the_strongest() {
        assert_eq!(best_set(hand(&["7S", "9S", "JS", "KH", "AD"]), HEARTS), None);
        // A tierce Q-K-A of clubs: length 3, ending at the top (8), not trump.
        assert_eq!(best_set(hand(&["QC", "KC", "AC", "7D"]), HEARTS), Some((20, 3 << 16 | 8 << 8)));
        // Eight spades: a tierce and a cent (120) beat one sequence of eight (100).
        let spades = hand(&["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]);
        assert_eq!(best_set(spades, HEARTS), Some((120, 5 << 16 | 8 << 8)));
        // Four jacks and the tierce 9-T-J of hearts, sharing the J♥: the carré (200) wins.
        let jacks = hand(&["JS", "JH", "JD", "JC", "9H", "TH"]);
        assert_eq!(best_set(jacks, HEARTS), Some((200, 1 << 24 | 6 << 16)));
    }

    #[test]
    fn the_best_set_agrees_with_the_engine() {
        // (hand, value, strongest) from engine_service.rules.declarations.best_set, trump hearts.
        let cases: [(&str, u32, Strength); 8] = [
            ("7C 8S 9S AH JC KC KH KS QD QH TH TS", 40, 0x30801),
            ("8D 8H 9D 9H AD QS TD TH", 40, 0x30401),
            ("9C 9S JC JH KC KD QD QH TC TH", 40, 0x30601),
            ("7H 7S 9D 9H JC JD JH JS TC TH", 200, 0x1060000),
            ("7C 7D 8D 8H 8S 9D AH JH KC KD KH KS", 120, 0x1020000),
            ("7C 7D 8C 9C AH JH KC KH QH TD", 70, 0x40801),
            ("7C 7D 7S 8C 8S 9C 9S AD JS QH TH TS", 120, 0x50500),
            ("7D 8C JD JH KD KH QD QH TC TD", 70, 0x40700),
        ];
        for (codes, value, strongest) in cases {
            let cards: Vec<&str> = codes.split(' ').collect();
            assert_eq!(best_set(hand(&cards), HEARTS), Some((value, strongest)), "{codes}");
        }
    }

    #[test]
    fn a_declaration_allows_only_the_hands_it_describes() {
        let tierce = Declared::Shows { value: 20, strongest: 3 << 16 | 8 << 8 };
        let fact = |declared| DeclarationFact { played: hand(&["AC"]), trump: HEARTS, declared };
        assert!(fact(tierce).allows(hand(&["QC", "KC", "7D"])));
        assert!(!fact(tierce).allows(hand(&["QC", "JC", "7D"])));
        assert!(!fact(Declared::Holds).allows(hand(&["7S", "9D"])));
        // Beaten by a cinquante: a tierce (equal length, lower) loses, a cinquante ending higher does not.
        let cinquante = 4 << 16 | 7 << 8;
        assert!(fact(Declared::LosesTo { strongest: cinquante, tie_loses: false }).allows(hand(&["QC", "KC"])));
        assert!(!fact(Declared::LosesTo { strongest: cinquante, tie_loses: true }).allows(hand(&["JC", "QC", "KC"])));
    }
}

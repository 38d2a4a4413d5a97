//! A deal before bidding (hands as dealt and the ordered stock) and its double-dummy table.

use crate::cards::{Card, CardSet};
use crate::error::SolverError;
use crate::notation::{parse_cards, parse_hands, split_fields};
use crate::position::{invalid, Position};
use crate::rules::first_leader;
use crate::search::{SolveOptions, Solver};
use crate::variant::Variant;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    variant: Variant,
    hands: [CardSet; 4],
    stock: Vec<Card>,
}

impl Deal {
    /// Parses `0:<hands>;stock=<codes>` and checks it deals the whole deck.
    pub fn parse(variant: Variant, text: &str) -> Result<Deal, SolverError> {
        let (head, fields) = split_fields(text)?;
        let hands = parse_hands(variant, head)?;
        let mut stock = Vec::new();
        for (key, value) in fields {
            match key.as_str() {
                "stock" => stock = parse_cards(variant, value)?,
                other => return Err(SolverError::Notation(format!("unknown deal field {other:?}"))),
            }
        }
        Deal::new(variant, hands, stock)
    }

    /// Checks that the hands (equal) and the stock deal the whole deck once.
    pub fn new(variant: Variant, hands: [CardSet; 4], stock: Vec<Card>) -> Result<Deal, SolverError> {
        if hands[variant.players()..].iter().any(|hand| !hand.is_empty()) {
            return Err(SolverError::InvalidPosition("more hands than players".into()));
        }
        let mut all = hands.iter().fold(CardSet::EMPTY, |acc, &h| acc.union(h));
        for &card in &stock {
            if all.contains(card) {
                return Err(SolverError::DuplicateCard(variant.card_code(card)));
            }
            all.insert(card);
        }
        let dealt: u32 = hands.iter().map(|hand| hand.len()).sum::<u32>() + stock.len() as u32;
        if all != variant.deck() || dealt != all.len() {
            return Err(SolverError::InvalidPosition(format!("a {} deal holds the whole deck, each card once", variant.name())));
        }
        let sizes: Vec<u32> = hands[..variant.players()].iter().map(|h| h.len()).collect();
        if sizes.windows(2).any(|w| w[0] != w[1]) {
            return Err(SolverError::InvalidPosition("hands must be equal".into()));
        }
        Ok(Deal { variant, hands, stock })
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The hands as dealt (the seats past the variant's players hold nothing).
    pub fn hands(&self) -> &[CardSet; 4] {
        &self.hands
    }

    /// The undealt cards in order; the first is the turned card where one is turned.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }
}

/// One cell of a double-dummy table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableEntry {
    /// Trump suit index (None: no trump).
    pub trump: Option<u32>,
    /// The taker (declarer in bridge; the chosen player in hearts).
    pub taker: usize,
    pub value: i32,
}

/// The value for each possible trump and taker, play starting from the first card:
/// bridge: tricks for each strain and declarer (the next seat leads);
/// euchre3: the taker's tricks (with the turned suit he picks the card up and discards his
/// best choice); belote, belote3: the taker's side's card points after completion;
/// hearts: each player's score (no trump), the 2♣ leading.
/// Past `deadline` it stops with [`SolverError::Stopped`].
pub fn dd_table(solver: &mut Solver, deal: &Deal, dealer: usize, deadline: Option<Instant>) -> Result<Vec<TableEntry>, SolverError> {
    let v = deal.variant;
    let options = SolveOptions { all_cards: false, line: false, deadline };
    let mut value = |position: &Position, player: Option<usize>| Ok::<i32, SolverError>(solver.solve(position, player, options)?.value);
    let n = v.players();
    if dealer >= n {
        return Err(invalid("the dealer must be a seat"));
    }
    let leader = (dealer + 1) % n;
    let mut table = Vec::new();
    match v {
        Variant::Bridge => {
            let tricks = deal.hands[0].len() as i32;
            for trump in [None, Some(0), Some(1), Some(2), Some(3)] {
                // North-South's tricks for each leader (East-West's are the rest). Counted
                // for one side, the four solves of a strain share their table entries
                // (counted for each declarer's side, East-West's solves started cold), and
                // each after the first starts from a guess: North's lead for South's and
                // East's, East's for West's. One core: the solver bench's 20 deals 1.98x
                // DDS's time before, 1.32x after; 20 other deals 0.53 s a table before,
                // 0.34 s after (DDS 0.18 s).
                let mut north_south = [0i32; 4];
                for (i, leader) in [0usize, 2, 1, 3].into_iter().enumerate() {
                    let position = Position::new(v, deal.hands, leader, vec![], trump, Some(0), [0; 4], [0; 4])?;
                    let guess = (i > 0).then(|| north_south[if leader == 3 { 1 } else { 0 }]);
                    north_south[leader] = solver.value_near(&position, guess, deadline)?;
                }
                for declarer in 0..4 {
                    let theirs = north_south[(declarer + 1) % 4];
                    let value = if declarer % 2 == 0 { theirs } else { tricks - theirs };
                    table.push(TableEntry { trump, taker: declarer, value });
                }
            }
        }
        Variant::Hearts => {
            let leader = first_leader(&deal.hands).ok_or_else(|| invalid("nobody holds the 2C"))?;
            for player in 0..4 {
                let position = Position::new(v, deal.hands, leader, vec![], None, None, [0; 4], [0; 4])?;
                let value = value(&position, Some(player))?;
                table.push(TableEntry { trump: None, taker: player, value });
            }
        }
        Variant::Euchre3 => {
            let turned = *deal.stock.first().ok_or_else(|| invalid("euchre3 needs the turned card"))?;
            for trump in 0..4 {
                for taker in 0..n {
                    let mut hands = deal.hands;
                    let value = if trump == turned.suit() {
                        // Round 1: take the turned card, discard the best of the five dealt.
                        let mut best = i32::MIN;
                        for discard in deal.hands[taker].iter() {
                            hands[taker] = deal.hands[taker];
                            hands[taker].remove(discard);
                            hands[taker].insert(turned);
                            let position = Position::new(v, hands, leader, vec![], Some(trump), Some(taker), [0; 4], [0; 4])?;
                            best = best.max(value(&position, None)?);
                        }
                        best
                    } else {
                        let position = Position::new(v, hands, leader, vec![], Some(trump), Some(taker), [0; 4], [0; 4])?;
                        value(&position, None)?
                    };
                    table.push(TableEntry { trump: Some(trump), taker, value });
                }
            }
        }
        Variant::Belote | Variant::Belote3 => {
            let (taker_extra, others_extra) = if v == Variant::Belote { (2, 3) } else { (3, 4) };
            if deal.stock.len() != 1 + taker_extra + (n - 1) * others_extra {
                return Err(invalid("the stock does not complete the hands"));
            }
            for trump in 0..4 {
                for taker in 0..n {
                    let mut hands = deal.hands;
                    hands[taker].insert(deal.stock[0]);
                    let mut next = 1;
                    for offset in 1..=n {
                        let seat = (dealer + offset) % n;
                        let count = if seat == taker { taker_extra } else { others_extra };
                        for &card in &deal.stock[next..next + count] {
                            hands[seat].insert(card);
                        }
                        next += count;
                    }
                    let position = Position::new(v, hands, leader, vec![], Some(trump), Some(taker), [0; 4], [0; 4])?;
                    let value = value(&position, None)?;
                    table.push(TableEntry { trump: Some(trump), taker, value });
                }
            }
        }
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_deals_the_whole_deck_once_in_equal_hands() {
        let text = "0:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
        let deal = Deal::parse(Variant::Hearts, text).unwrap();
        assert_eq!(Deal::new(Variant::Hearts, *deal.hands(), vec![]), Ok(deal.clone()));
        // The A♠ twice (in North's and East's hands) and the 2♠ nowhere.
        let mut hands = *deal.hands();
        hands[1].remove(Variant::Hearts.parse_card("TS").unwrap());
        hands[1].insert(Variant::Hearts.parse_card("AS").unwrap());
        assert!(Deal::new(Variant::Hearts, hands, vec![]).is_err());
        // Each hand with one more card, its neighbour's: the whole deck, equal hands, but
        // four cards dealt twice.
        let mut doubled = *deal.hands();
        for (seat, hand) in doubled.iter_mut().enumerate() {
            hand.insert(deal.hands()[(seat + 1) % 4].iter().next().unwrap());
        }
        assert!(Deal::new(Variant::Hearts, doubled, vec![]).is_err());
        // A card left out.
        let mut short = *deal.hands();
        short[3].remove(Variant::Hearts.parse_card("2S").unwrap());
        assert!(Deal::new(Variant::Hearts, short, vec![]).is_err());
        // A fourth hand in a game of three, even one repeating cards dealt already.
        let mut hands = [CardSet::EMPTY; 4];
        for (i, card) in Variant::Euchre3.deck().iter().enumerate() {
            hands[i % 3].insert(card);
        }
        assert!(Deal::new(Variant::Euchre3, hands, vec![]).is_ok());
        hands[3] = hands[0];
        assert!(Deal::new(Variant::Euchre3, hands, vec![]).is_err());
    }
}

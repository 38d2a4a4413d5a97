//! The PBN-like notation shared with the Python engine (`engine_service/rules/notation.py`).
//!
//! A hand lists its suits in deck order separated by dots, ranks high to low:
//! `AKQ.JT9..32`. Hands are separated by spaces, the first prefixed by its seat
//! (`0:`). Fields follow as `;key=value`.

use crate::cards::{Card, CardSet};
use crate::error::SolverError;
use crate::variant::Variant;

fn bad(message: impl Into<String>) -> SolverError {
    SolverError::Notation(message.into())
}

pub fn parse_hand(variant: Variant, text: &str) -> Result<CardSet, SolverError> {
    let groups: Vec<&str> = text.split('.').collect();
    if groups.len() != 4 {
        return Err(bad(format!("a hand has 4 suits separated by dots: {:?}", truncate(text))));
    }
    let mut hand = CardSet::EMPTY;
    for (suit, group) in groups.iter().enumerate() {
        for rank in group.chars() {
            let code = format!("{rank}{}", variant.suit_codes()[suit]);
            let card = variant.parse_card(&code)?;
            if hand.contains(card) {
                return Err(SolverError::DuplicateCard(code));
            }
            hand.insert(card);
        }
    }
    Ok(hand)
}

pub fn format_hand(variant: Variant, hand: CardSet) -> String {
    let ranks = variant.rank_codes();
    let groups: Vec<String> = (0..4u32)
        .map(|suit| (0..ranks.len() as u32).rev().filter(|&rank| hand.contains(Card::from_parts(suit, rank))).map(|rank| ranks[rank as usize]).collect())
        .collect();
    groups.join(".")
}

/// Parses `first:hand hand ...` into hands indexed by seat.
pub fn parse_hands(variant: Variant, text: &str) -> Result<[CardSet; 4], SolverError> {
    let players = variant.players();
    let (head, body) = text.trim().split_once(':').ok_or_else(|| bad("hands start with the first seat and a colon"))?;
    let first: usize = head.trim().parse().map_err(|_| bad("the first seat is a number"))?;
    if first >= players {
        return Err(bad(format!("the first seat is 0..{}", players - 1)));
    }
    let parts: Vec<&str> = body.split_whitespace().collect();
    if parts.len() != players {
        return Err(bad(format!("expected {players} hands, found {}", parts.len())));
    }
    let mut hands = [CardSet::EMPTY; 4];
    let mut seen = CardSet::EMPTY;
    for (i, part) in parts.iter().enumerate() {
        let hand = parse_hand(variant, part)?;
        if let Some(card) = hand.iter().find(|&card| seen.contains(card)) {
            return Err(SolverError::DuplicateCard(variant.card_code(card)));
        }
        seen = seen.union(hand);
        hands[(first + i) % players] = hand;
    }
    Ok(hands)
}

pub fn format_hands(variant: Variant, hands: &[CardSet; 4], first: usize) -> String {
    let players = variant.players();
    let hands: Vec<String> = (0..players).map(|i| format_hand(variant, hands[(first + i) % players])).collect();
    format!("{first}:{}", hands.join(" "))
}

pub fn parse_cards(variant: Variant, text: &str) -> Result<Vec<Card>, SolverError> {
    text.split_whitespace().map(|code| variant.parse_card(code)).collect()
}

/// A notation's `key=value` fields, keys lower-cased.
pub type Fields<'a> = Vec<(String, &'a str)>;

/// Splits `head;key=value;...` into the head and the fields (each key once).
pub fn split_fields(text: &str) -> Result<(&str, Fields<'_>), SolverError> {
    let mut parts = text.trim().split(';');
    let head = parts.next().unwrap_or("");
    let mut fields: Fields<'_> = Vec::new();
    for item in parts {
        let (key, value) = item.split_once('=').ok_or_else(|| bad(format!("fields are key=value: {:?}", truncate(item))))?;
        let key = key.trim().to_ascii_lowercase();
        if key.is_empty() || fields.iter().any(|(k, _)| *k == key) {
            return Err(bad(format!("field {key:?} is empty or given twice")));
        }
        fields.push((key, value.trim()));
    }
    Ok((head, fields))
}

pub(crate) fn truncate(text: &str) -> String {
    text.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_round_trip() {
        let text = "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.";
        let hands = parse_hands(Variant::Belote, text).unwrap();
        assert_eq!(format_hands(Variant::Belote, &hands, 0), text);
        assert_eq!(hands[0].len(), 5);
        let rotated = format_hands(Variant::Belote, &hands, 2);
        assert_eq!(parse_hands(Variant::Belote, &rotated).unwrap(), hands);
    }

    #[test]
    fn rejects_bad_hands() {
        assert!(parse_hands(Variant::Belote, "0:AA... ... ... ...").is_err());
        assert!(parse_hands(Variant::Belote, "0:A... A... ... ...").is_err());
        assert!(parse_hands(Variant::Belote, "4:... ... ... ...").is_err());
        assert!(parse_hands(Variant::Euchre3, "0:M... ...").is_err());
        assert!(parse_hands(Variant::Hearts, "0:2.. ... ... ...").is_err());
    }
}

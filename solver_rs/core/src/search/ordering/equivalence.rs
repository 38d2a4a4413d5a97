//! Equivalent cards: two cards of one hand are equivalent when no card still in play lies
//! between them in their lane and they are worth the same points, so playing either gives
//! the same game. The search tries one representative of each run (its highest card).

use crate::cards::{above, deposit, extract};
use crate::rules::{lane_of, Rules, LANES, LANE_SEPARATORS};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::bits;
    use crate::position::Position;
    use crate::variant::Variant;

    /// The definition, card by card.
    fn representatives_by_cards(rules: &Rules, legal: u64, in_play: u64) -> u64 {
        bits(legal).filter(|&card| equivalent_above(rules, card, legal, in_play).is_none()).fold(0, |reps, card| reps | (1u64 << card))
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

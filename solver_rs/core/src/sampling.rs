//! Uniform sampling of the cards a seat cannot see, among the holders that may hold them.
//!
//! A seat sees its own hand and the cards played. The other cards lie in the other hands
//! (and, in some variants, the stock), each holder with a known number of cards, some
//! cards known to be there (the turned card the taker picked up, cards one passed), and
//! some known not to be (a suit it did not follow, a trump it did not play when it had
//! to). Every placement that respects those facts is equally likely, and the sampler
//! draws one exactly uniformly.
//!
//! How: the cards not known to be anywhere fall into classes by the set of holders that
//! may take them (at most 2^5 classes). The number of placements of classes `k..` into
//! the holders' remaining room is a sum, over how many cards of class `k` each holder
//! takes, of a multinomial coefficient times the number for the classes after `k`:
//! counted once, memoised. A draw walks the classes, picks each split with probability
//! proportional to its count, and deals the class's cards at random to that split.
//! (Rejection sampling would be simpler, but its acceptance rate collapses once a few
//! voids are known.)
//!
//! What a belote declaration tells (the declarer held a combination, shown or beaten:
//! [`DeclarationFact`]) does not split into classes: draws that contradict it are
//! rejected and drawn again, which keeps the draw uniform over the placements that agree
//! with every fact (a hand holds a combination often enough for this to be cheap).

use crate::cards::{Card, CardSet};
use crate::declarations::DeclarationFact;
use crate::error::SolverError;
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashMap;

/// At most this many holders: three other hands and the stock.
pub const MAX_HOLDERS: usize = 5;

/// One place the unseen cards can be: its size and what is known of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holder {
    /// How many unseen cards it holds.
    pub size: u32,
    /// Cards known to be there.
    pub known: CardSet,
    /// Cards that may be there (the known ones included); every other card is not.
    pub allowed: CardSet,
}

/// Room left in each holder.
type Room = [u8; MAX_HOLDERS];

#[derive(Debug, Clone)]
struct Class {
    cards: Vec<Card>,
    holders: Vec<usize>,
}

/// Draws placements of `unseen` among the holders, uniformly over those consistent with
/// the holders' facts. Built once per hint; drawing is cheap and needs no mutation, so
/// threads share one sampler.
#[derive(Debug, Clone)]
pub struct DealSampler {
    holders: Vec<Holder>,
    classes: Vec<Class>,
    room: Room,
    /// Placements of classes `k..` into a room: every state a draw can reach.
    counts: HashMap<(usize, Room), u128>,
    binomial: Vec<Vec<u128>>,
    /// Declarations of holders (by index): a draw must agree with them.
    declarations: Vec<(usize, DeclarationFact)>,
}

/// Draws a placement may be rejected for contradicting a declaration before the sampler
/// gives up and returns it anyway (the truth agrees with every fact, so this never happens
/// with facts from a real game; it only bounds the work on contradictory input).
const MAX_REDRAWS: usize = 100_000;

fn inconsistent(message: impl Into<String>) -> SolverError {
    SolverError::Inconsistent(message.into())
}

impl DealSampler {
    /// Validates the facts; [`SolverError::Inconsistent`] when no placement satisfies them.
    pub fn new(unseen: CardSet, holders: &[Holder]) -> Result<DealSampler, SolverError> {
        if holders.is_empty() || holders.len() > MAX_HOLDERS {
            return Err(inconsistent(format!("1..{MAX_HOLDERS} holders")));
        }
        let mut known_anywhere = CardSet::EMPTY;
        let mut room = [0u8; MAX_HOLDERS];
        for (index, holder) in holders.iter().enumerate() {
            if !holder.known.is_subset(unseen) || holder.known.intersects(known_anywhere) {
                return Err(inconsistent("a known card is not unseen, or known in two places"));
            }
            if !holder.known.is_subset(holder.allowed) {
                return Err(inconsistent("a card is known to be where it cannot be"));
            }
            if holder.known.len() > holder.size || holder.size > 52 {
                return Err(inconsistent("a holder is known to hold more cards than it has"));
            }
            known_anywhere = known_anywhere.union(holder.known);
            room[index] = (holder.size - holder.known.len()) as u8;
        }
        if holders.iter().map(|holder| holder.size).sum::<u32>() != unseen.len() {
            return Err(inconsistent("the holders' sizes do not add up to the unseen cards"));
        }
        let classes = classes_of(unseen.difference(known_anywhere), holders)?;
        let mut sampler =
            DealSampler { holders: holders.to_vec(), classes, room, counts: HashMap::new(), binomial: binomial_table(52), declarations: Vec::new() };
        if sampler.count_from(0, room)? == 0 {
            return Err(inconsistent("no placement of the unseen cards agrees with what is known"));
        }
        Ok(sampler)
    }

    /// The sampler, its draws also agreeing with declarations: (holder index, fact).
    pub fn with_declarations(mut self, declarations: Vec<(usize, DeclarationFact)>) -> Result<DealSampler, SolverError> {
        if declarations.iter().any(|&(holder, _)| holder >= self.holders.len()) {
            return Err(inconsistent("a declaration of a holder that does not exist"));
        }
        self.declarations = declarations;
        Ok(self)
    }

    /// How many placements agree with the holders' facts (each equally likely to be drawn;
    /// the declarations, if any, are not counted: they only reject draws).
    pub fn count(&self) -> u128 {
        self.counts[&(0, self.room)]
    }

    /// One placement: the cards of each holder, in the holders' order.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<CardSet> {
        let mut hands = self.draw(rng);
        for _ in 1..MAX_REDRAWS {
            if self.declarations.iter().all(|(holder, fact)| fact.allows(hands[*holder])) {
                break;
            }
            hands = self.draw(rng);
        }
        hands
    }

    /// One placement that agrees with the holders' facts (not yet with the declarations).
    fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<CardSet> {
        let mut hands: Vec<CardSet> = self.holders.iter().map(|holder| holder.known).collect();
        let mut room = self.room;
        for (k, class) in self.classes.iter().enumerate() {
            let mut target = rng.random_range(0..self.counts[&(k, room)]);
            let mut chosen = None;
            for_each_split(class, &room, &mut |split| {
                if chosen.is_some() {
                    return;
                }
                let ways = self.ways(k, class, &room, split);
                if target < ways {
                    chosen = Some(split.to_vec());
                } else {
                    target -= ways;
                }
            });
            let split = chosen.expect("the counts cover every draw");
            let mut cards = class.cards.clone();
            cards.shuffle(rng);
            let mut dealt = cards.into_iter();
            for (&holder, &take) in class.holders.iter().zip(&split) {
                for card in dealt.by_ref().take(take as usize) {
                    hands[holder].insert(card);
                }
                room[holder] -= take;
            }
        }
        hands
    }

    /// Placements of classes `k..` into `room`, memoised.
    fn count_from(&mut self, k: usize, room: Room) -> Result<u128, SolverError> {
        if let Some(&count) = self.counts.get(&(k, room)) {
            return Ok(count);
        }
        let count = if k == self.classes.len() {
            u128::from(room.iter().all(|&r| r == 0))
        } else {
            let class = self.classes[k].clone();
            let mut splits = Vec::new();
            for_each_split(&class, &room, &mut |split| splits.push(split.to_vec()));
            let mut total: u128 = 0;
            for split in splits {
                let rest = self.count_from(k + 1, after(&class, &room, &split))?;
                let ways = self.multinomial(class.cards.len(), &split).checked_mul(rest);
                total = ways.and_then(|w| total.checked_add(w)).ok_or_else(|| inconsistent("too many placements"))?;
            }
            total
        };
        self.counts.insert((k, room), count);
        Ok(count)
    }

    fn ways(&self, k: usize, class: &Class, room: &Room, split: &[u8]) -> u128 {
        self.multinomial(class.cards.len(), split) * self.counts[&(k + 1, after(class, room, split))]
    }

    /// `n! / (split[0]! split[1]! ...)`, as a product of binomials (no factorial overflows).
    fn multinomial(&self, n: usize, split: &[u8]) -> u128 {
        let mut left = n;
        let mut product = 1u128;
        for &take in split {
            product *= self.binomial[left][take as usize];
            left -= take as usize;
        }
        product
    }
}

/// The free cards grouped by the set of holders that may take them.
fn classes_of(free: CardSet, holders: &[Holder]) -> Result<Vec<Class>, SolverError> {
    let mut by_mask: Vec<(u8, Vec<Card>)> = Vec::new();
    for card in free.iter() {
        let mask = holders.iter().enumerate().filter(|(_, h)| h.allowed.contains(card)).fold(0u8, |m, (i, _)| m | 1 << i);
        if mask == 0 {
            return Err(inconsistent("an unseen card has nowhere to be"));
        }
        match by_mask.iter_mut().find(|(m, _)| *m == mask) {
            Some((_, cards)) => cards.push(card),
            None => by_mask.push((mask, vec![card])),
        }
    }
    by_mask.sort_by_key(|(mask, _)| *mask);
    Ok(by_mask.into_iter().map(|(mask, cards)| Class { cards, holders: (0..MAX_HOLDERS).filter(|&i| mask & (1 << i) != 0).collect() }).collect())
}

/// Calls `visit` with every way to split the class's cards among its holders within `room`
/// (how many each takes, in the class's holder order).
fn for_each_split(class: &Class, room: &Room, visit: &mut dyn FnMut(&[u8])) {
    fn go(class: &Class, room: &Room, index: usize, left: u8, split: &mut Vec<u8>, visit: &mut dyn FnMut(&[u8])) {
        let holder = class.holders[index];
        if index + 1 == class.holders.len() {
            if left <= room[holder] {
                split.push(left);
                visit(split);
                split.pop();
            }
            return;
        }
        for take in 0..=left.min(room[holder]) {
            split.push(take);
            go(class, room, index + 1, left - take, split, visit);
            split.pop();
        }
    }
    go(class, room, 0, class.cards.len() as u8, &mut Vec::with_capacity(MAX_HOLDERS), visit);
}

fn after(class: &Class, room: &Room, split: &[u8]) -> Room {
    let mut rest = *room;
    for (&holder, &take) in class.holders.iter().zip(split) {
        rest[holder] -= take;
    }
    rest
}

fn binomial_table(n: usize) -> Vec<Vec<u128>> {
    let mut table = vec![vec![0u128; n + 1]; n + 1];
    for i in 0..=n {
        table[i][0] = 1;
        for j in 1..=i {
            table[i][j] = table[i - 1][j - 1] + if j < i { table[i - 1][j] } else { 0 };
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn set(indices: &[u32]) -> CardSet {
        CardSet::from_indices(indices).unwrap()
    }

    fn holder(size: u32, known: &[u32], allowed: &[u32]) -> Holder {
        Holder { size, known: set(known), allowed: set(allowed) }
    }

    #[test]
    fn counts_placements() {
        let unseen = set(&[0, 1, 2, 3, 4, 5]);
        let all = &[0, 1, 2, 3, 4, 5];
        // Two hands of three, nothing known: C(6,3) placements.
        let sampler = DealSampler::new(unseen, &[holder(3, &[], all), holder(3, &[], all)]).unwrap();
        assert_eq!(sampler.count(), 20);
        // The second hand is void of cards 0..2: they all go to the first.
        let sampler = DealSampler::new(unseen, &[holder(3, &[], all), holder(3, &[], &[3, 4, 5])]).unwrap();
        assert_eq!(sampler.count(), 1);
        // Card 5 known in the first hand: C(5,2).
        let sampler = DealSampler::new(unseen, &[holder(3, &[5], all), holder(3, &[], all)]).unwrap();
        assert_eq!(sampler.count(), 10);
    }

    #[test]
    fn draws_agree_with_a_declaration_and_stay_uniform() {
        use crate::declarations::{DeclarationFact, Declared};
        // Belote layout: 7S 8S 9S TS (spades, ranks 0..3), 7H (16), KD (32 + 6). The first
        // hand declared: it holds 7-8-9 or 8-9-T of spades, the only 2 of the 20 placements.
        let cards = [0, 1, 2, 3, 16, 38];
        let sampler = DealSampler::new(set(&cards), &[holder(3, &[], &cards), holder(3, &[], &cards)]).unwrap();
        let declared = DeclarationFact { played: CardSet::EMPTY, trump: 1, declared: Declared::Holds };
        let sampler = sampler.with_declarations(vec![(0, declared)]).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen: HashMap<u64, u32> = HashMap::new();
        for _ in 0..400 {
            *seen.entry(sampler.sample(&mut rng)[0].bits()).or_default() += 1;
        }
        let (low, high) = (set(&[0, 1, 2]).bits(), set(&[1, 2, 3]).bits());
        assert_eq!(seen.keys().copied().collect::<std::collections::BTreeSet<_>>(), [low, high].into());
        assert!((150..=250).contains(&seen[&low]), "{seen:?}");
        assert!(sampler.clone().with_declarations(vec![(2, declared)]).is_err());
    }

    #[test]
    fn rejects_impossible_facts() {
        let unseen = set(&[0, 1, 2, 3]);
        let all = &[0, 1, 2, 3];
        assert!(DealSampler::new(unseen, &[holder(2, &[], all), holder(1, &[], all)]).is_err()); // sizes
        assert!(DealSampler::new(unseen, &[holder(2, &[], &[0, 1]), holder(2, &[], &[0, 1])]).is_err()); // nowhere
        assert!(DealSampler::new(unseen, &[holder(2, &[], &[0]), holder(2, &[], all)]).is_err()); // too few allowed
        assert!(DealSampler::new(unseen, &[holder(2, &[0], &[1, 2]), holder(2, &[], all)]).is_err()); // known, not allowed
        assert!(DealSampler::new(unseen, &[holder(2, &[0], all), holder(2, &[0], all)]).is_err());
        // known twice
    }

    #[test]
    fn samples_respect_the_facts_and_cover_every_placement_evenly() {
        // Three holders, one void in cards 0..1, one card known: small enough to enumerate.
        let unseen = set(&[0, 1, 2, 3, 4, 5, 6]);
        let all = &[0, 1, 2, 3, 4, 5, 6];
        let holders = [holder(3, &[6], all), holder(2, &[], &[2, 3, 4, 5]), holder(2, &[], all)];
        let sampler = DealSampler::new(unseen, &holders).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen: HashMap<Vec<u64>, u32> = HashMap::new();
        let draws = 20_000;
        for _ in 0..draws {
            let hands = sampler.sample(&mut rng);
            for (hand, facts) in hands.iter().zip(&holders) {
                assert_eq!(hand.len(), facts.size);
                assert!(facts.known.is_subset(*hand) && hand.is_subset(facts.allowed));
            }
            assert_eq!(hands.iter().fold(CardSet::EMPTY, |all, &h| all.union(h)), unseen);
            *seen.entry(hands.iter().map(|h| h.bits()).collect()).or_default() += 1;
        }
        assert_eq!(seen.len() as u128, sampler.count());
        // Chi-square against the uniform distribution (df = count - 1 = 23): 99.9% bound 49.7.
        let expected = f64::from(draws) / sampler.count() as f64;
        let chi2: f64 = seen.values().map(|&n| (f64::from(n) - expected).powi(2) / expected).sum();
        assert!(chi2 < 49.7, "chi-square {chi2}");
    }

    #[test]
    fn three_hidden_hearts_hands_count_without_overflow() {
        let unseen = set(&(0..39).collect::<Vec<_>>());
        let holders = [Holder { size: 13, known: CardSet::EMPTY, allowed: unseen }; 3];
        let sampler = DealSampler::new(unseen, &holders).unwrap();
        assert_eq!(sampler.count(), 8_122_425_444 * 10_400_600); // C(39,13) C(26,13)
    }
}

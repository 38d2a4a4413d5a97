//! The rules of one position compiled for search.
//!
//! Cards are re-laid for the search: lane = the card's *effective* suit (euchre3's Sage
//! joins the trump lane), bit = its strength within that lane (belote's trump lane runs
//! 7 8 Q K 10 A 9 J). Following, beating and "higher trump" then become bit operations.

use crate::cards::{bits, Card, CardSet};
use crate::position::Position;
use crate::variant::Variant;

pub(crate) const LANES: [u64; 4] = [0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48];
pub(crate) const NONE: u8 = u8::MAX;
/// The top bit of each lane: never a card (a lane holds at most 13).
pub(crate) const LANE_SEPARATORS: u64 = 1 << 15 | 1 << 31 | 1 << 47 | 1 << 63;

/// The seat `steps` places after `seat` (both under `n`) round a table of `n`: without
/// a division, which at every node cost 4% of the search.
#[inline]
pub(crate) fn seat_after(seat: usize, steps: usize, n: usize) -> usize {
    debug_assert!(seat < n && steps < n);
    let sum = seat + steps;
    if sum >= n {
        sum - n
    } else {
        sum
    }
}

/// hearts: the 2♣, which leads the first trick, and the Q♠, worth 13 (docs/rules.md).
pub(crate) const TWO_OF_CLUBS: Card = Card::from_parts(3, 0);
pub(crate) const QUEEN_OF_SPADES: Card = Card::from_parts(0, 10);

/// hearts: the seat holding the 2♣ in a whole deal, the first trick's leader.
pub(crate) fn first_leader(hands: &[CardSet; 4]) -> Option<usize> {
    hands.iter().position(|hand| hand.contains(TWO_OF_CLUBS))
}

pub(crate) fn lane_of(index: u32) -> usize {
    (index / 16) as usize
}

/// What the side called MAX maximises (docs/rules.md "What the solver optimises").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Tricks won by the MAX side (bridge, euchre3).
    Tricks,
    /// Card points won by the MAX side, last-trick bonus included (belote, belote3).
    Points,
    /// hearts: the score of `player` in the deal, moon included; MAX = the three others.
    Hearts { player: usize },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Obligations {
    FollowSuit,
    Belote,
    Hearts,
}

// Moon status in hearts: who has taken every point card so far.
pub(crate) const MOON_NONE_TAKEN: u8 = 4;
pub(crate) const MOON_SPLIT: u8 = 5;
pub(crate) const MOON_POINTS: i32 = 26;

#[derive(Debug, Clone)]
pub(crate) struct Rules {
    pub variant: Variant,
    pub n: usize,
    pub trump_lane: Option<usize>,
    pub to_internal: [u8; 64],
    pub to_natural: [u8; 64],
    pub points: [i32; 64],
    pub last_trick_bonus: i32,
    pub objective: Objective,
    pub max_side: [bool; 4],
    pub partner: [Option<usize>; 4],
    pub obligations: Obligations,
    pub hand_size: u32,
    pub two_of_clubs: u64,
    pub point_cards: u64,
    pub hearts_lane: u64,
    /// Cards worth points (internal layout), for transposition keys.
    pub point_cards_mask: u64,
    /// Cards worth the same points as another card of their lane. In every rule set those
    /// of a lane share one value (the zero cards of belote, the hearts, the spades but the
    /// Q♠): two of them in a lane are worth the same, a card outside never equals another.
    pub shared_points: u64,
    pub fingerprint: u32,
    /// Whether the search uses partition search (see `search/partition.rs`): the rule sets
    /// whose legal cards depend on lane lengths only, and whose points (hearts) are equal
    /// within a lane but for `always_relevant` cards.
    pub partition: bool,
    /// Cards whose identity every table entry keeps (hearts: the 2♣ and the Q♠).
    pub always_relevant: u64,
    /// Per lane, for each set of its eight lowest bits, the points of its cards top card
    /// first, a byte each: what payoff similarity compares slot by slot in belote and
    /// belote3, whose cards all lie in those bits (see `search::key::payoff_shift`); zero
    /// elsewhere (hearts, the other point game, uses the partition table instead).
    pub lane_values: [&'static LaneValues; 4],
}

/// See `Rules::lane_values`.
pub(crate) type LaneValues = [u64; 256];

/// The lane values of a lane whose eight strength bits are worth `points`.
pub(crate) const fn lane_values_of(points: &[i32; 8]) -> LaneValues {
    let mut table = [0u64; 256];
    let mut set = 0;
    while set < 256 {
        let (mut packed, mut slot, mut bit) = (0u64, 0, 8);
        while bit > 0 {
            bit -= 1;
            if set >> bit & 1 == 1 {
                packed |= (points[bit] as u64) << (8 * slot);
                slot += 1;
            }
        }
        table[set] = packed;
        set += 1;
    }
    table
}

static NO_POINTS: LaneValues = [0; 256];
static BELOTE_TRUMP_VALUES: LaneValues = lane_values_of(&BELOTE_TRUMP_POINTS);
static BELOTE_PLAIN_VALUES: LaneValues = lane_values_of(&BELOTE_PLAIN_POINTS);

/// Belote trump order, natural rank (7 8 9 10 J Q K A) -> strength bit.
const BELOTE_TRUMP_BIT: [u32; 8] = [0, 1, 6, 4, 7, 2, 3, 5];
/// Belote plain order.
const BELOTE_PLAIN_BIT: [u32; 8] = [0, 1, 2, 6, 3, 4, 5, 7];
/// Points by strength bit.
pub(crate) const BELOTE_TRUMP_POINTS: [i32; 8] = [0, 0, 3, 4, 10, 11, 14, 20];
pub(crate) const BELOTE_PLAIN_POINTS: [i32; 8] = [0, 0, 0, 2, 3, 4, 10, 11];
const EUCHRE3_SAME_COLOUR: [u32; 4] = [1, 0, 3, 2];

impl Rules {
    /// Compiles the rules of `position`; `player` is the hearts player whose score is solved.
    pub(crate) fn new(position: &Position, objective: Objective) -> Rules {
        let variant = position.variant();
        let n = variant.players();
        let trump = position.trump();
        let mut rules = Rules {
            variant,
            n,
            trump_lane: trump.map(|t| t as usize),
            to_internal: [NONE; 64],
            to_natural: [NONE; 64],
            points: [0; 64],
            last_trick_bonus: 0,
            objective,
            max_side: [false; 4],
            partner: [None; 4],
            obligations: Obligations::FollowSuit,
            hand_size: variant.hand_size() as u32,
            two_of_clubs: 0,
            point_cards: 0,
            hearts_lane: 0,
            point_cards_mask: 0,
            shared_points: 0,
            fingerprint: 0,
            partition: false,
            always_relevant: 0,
            lane_values: [&NO_POINTS; 4],
        };
        for card in variant.deck().iter() {
            let (lane, bit, points) = layout(variant, card, trump);
            let internal = (lane * 16 + bit) as u8;
            rules.to_internal[card.index() as usize] = internal;
            rules.to_natural[internal as usize] = card.index();
            rules.points[internal as usize] = points;
        }
        rules.point_cards_mask = (0..64).filter(|&i| rules.points[i] != 0).fold(0, |acc, i| acc | (1u64 << i));
        rules.shared_points = rules.cards_sharing_points(variant);
        rules.set_sides(position);
        match variant {
            Variant::Belote | Variant::Belote3 => {
                rules.obligations = Obligations::Belote;
                rules.last_trick_bonus = 10;
                for lane in 0..4 {
                    let trump = rules.trump_lane == Some(lane);
                    rules.lane_values[lane] = if trump { &BELOTE_TRUMP_VALUES } else { &BELOTE_PLAIN_VALUES };
                }
            }
            Variant::Hearts => {
                rules.obligations = Obligations::Hearts;
                rules.two_of_clubs = rules.internal_bit(TWO_OF_CLUBS);
                // Only the 13 real hearts: the lane's spare bits hold no card.
                rules.hearts_lane = rules.internal_set(variant.deck()) & LANES[1];
                rules.point_cards = rules.hearts_lane | rules.internal_bit(QUEEN_OF_SPADES);
                rules.partition = true;
                rules.always_relevant = rules.two_of_clubs | (rules.point_cards & !rules.hearts_lane);
            }
            Variant::Bridge => rules.partition = true,
            _ => {}
        }
        rules.fingerprint = rules.compute_fingerprint();
        rules
    }

    /// See `shared_points`. Its promise (one shared value a lane) holds for every rule set
    /// (asserted), and no card sits on a lane's top bit, which move generation uses as a
    /// separator (`ordering::representatives`).
    fn cards_sharing_points(&self, variant: Variant) -> u64 {
        let cards = self.internal_set(variant.deck());
        assert_eq!(cards & LANE_SEPARATORS, 0, "a card on a lane's top bit");
        let mut shared = 0u64;
        for lane in LANES {
            // Cards by point value (at most 20 points a card): one pass, on every solve.
            let mut by_value = [0u64; 32];
            for card in bits(cards & lane) {
                by_value[self.points[card as usize] as usize] |= 1u64 << card;
            }
            let mut repeated = by_value.iter().filter(|cards| cards.count_ones() > 1);
            if let Some(&lane_shared) = repeated.next() {
                assert!(repeated.next().is_none(), "two shared point values in a lane");
                shared |= lane_shared;
            }
        }
        shared
    }

    fn set_sides(&mut self, position: &Position) {
        let n = self.n;
        let taker = position.taker();
        match (self.variant, self.objective) {
            (_, Objective::Hearts { player }) => {
                for seat in 0..n {
                    self.max_side[seat] = seat != player;
                }
            }
            (Variant::Bridge, _) => {
                let declarer = taker.unwrap_or(position.to_play());
                for seat in 0..4 {
                    self.max_side[seat] = seat % 2 == declarer % 2;
                    self.partner[seat] = Some((seat + 2) % 4);
                }
            }
            (Variant::Belote, _) => {
                let taker = taker.unwrap_or(0);
                for seat in 0..4 {
                    self.max_side[seat] = seat % 2 == taker % 2;
                    self.partner[seat] = Some((seat + 2) % 4);
                }
            }
            (Variant::Belote3, _) => {
                let taker = taker.unwrap_or(0);
                self.max_side[taker] = true;
                let defenders = [(taker + 1) % 3, (taker + 2) % 3];
                self.partner[defenders[0]] = Some(defenders[1]);
                self.partner[defenders[1]] = Some(defenders[0]);
            }
            _ => {
                self.max_side[taker.unwrap_or(0)] = true;
            }
        }
    }

    fn compute_fingerprint(&self) -> u32 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |value: u64| {
            h ^= value;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        mix(self.variant as u64);
        mix(self.trump_lane.map_or(9, |t| t as u64));
        mix(match self.objective {
            Objective::Tricks => 100,
            Objective::Points => 200,
            Objective::Hearts { player } => 300 + player as u64,
        });
        for seat in 0..4 {
            mix(u64::from(self.max_side[seat]));
        }
        (h ^ (h >> 32)) as u32
    }

    pub(crate) fn internal_bit(&self, card: Card) -> u64 {
        1u64 << self.to_internal[card.index() as usize]
    }

    pub(crate) fn internal_set(&self, set: CardSet) -> u64 {
        set.iter().fold(0, |acc, card| acc | self.internal_bit(card))
    }

    pub(crate) fn natural(&self, internal: u32) -> Card {
        Card::from_index(u32::from(self.to_natural[internal as usize]))
    }

    /// Partnerships playing for tricks with partition search: bridge's card play, the rule
    /// set the DDS-derived bounds and move weights were measured on (and apply to).
    pub(crate) fn plain_tricks(&self) -> bool {
        self.partition && self.objective == Objective::Tricks
    }

    /// Hearts: a player's points against the other three (see `Objective::Hearts`).
    pub(crate) fn is_hearts(&self) -> bool {
        matches!(self.objective, Objective::Hearts { .. })
    }

    pub(crate) fn points_of(&self, set: u64) -> i32 {
        bits(set).map(|i| self.points[i as usize]).sum()
    }

    /// Does `card` beat `best`, the card winning the trick so far (of the led lane or trump)?
    pub(crate) fn beats(&self, card: u32, best: u32) -> bool {
        if lane_of(card) == lane_of(best) {
            card > best
        } else {
            Some(lane_of(card)) == self.trump_lane
        }
    }

    /// Index (in play order) of the card currently winning `trick`.
    pub(crate) fn winning(&self, trick: &[u8]) -> usize {
        let mut best = 0;
        for i in 1..trick.len() {
            if self.beats(u32::from(trick[i]), u32::from(trick[best])) {
                best = i;
            }
        }
        best
    }

    /// The cards `seat` may play (internal layout), docs/rules.md obligations.
    pub(crate) fn legal(&self, hand: u64, seat: usize, trick: &[u8], leader: usize, in_play: u64, tricks_left: u32) -> u64 {
        if trick.is_empty() {
            return self.legal_lead(hand, in_play, tricks_left);
        }
        let led = lane_of(u32::from(trick[0]));
        let follow = hand & LANES[led];
        match self.obligations {
            Obligations::FollowSuit => nonzero_or(follow, hand),
            Obligations::Hearts => {
                if follow != 0 {
                    follow
                } else if tricks_left == self.hand_size {
                    nonzero_or(hand & !self.point_cards, hand) // no points on the first trick
                } else {
                    hand
                }
            }
            Obligations::Belote => self.legal_belote(hand, seat, trick, leader, led, follow),
        }
    }

    pub(crate) fn legal_lead(&self, hand: u64, in_play: u64, tricks_left: u32) -> u64 {
        if self.obligations != Obligations::Hearts {
            return hand;
        }
        if tricks_left == self.hand_size {
            return nonzero_or(hand & self.two_of_clubs, hand);
        }
        let broken = self.hearts_lane & !in_play != 0; // a heart left play in an earlier trick
        if broken {
            hand
        } else {
            nonzero_or(hand & !self.hearts_lane, hand)
        }
    }

    fn legal_belote(&self, hand: u64, seat: usize, trick: &[u8], leader: usize, led: usize, follow: u64) -> u64 {
        let trump = match self.trump_lane {
            Some(t) => t,
            None => return nonzero_or(follow, hand),
        };
        let trumps = hand & LANES[trump];
        let best_trump = trick.iter().map(|&c| u32::from(c)).filter(|&c| lane_of(c) == trump).max();
        let higher = match best_trump {
            Some(best) => trumps & !((2u64 << best) - 1),
            None => trumps,
        };
        if led == trump {
            return nonzero_or(higher, nonzero_or(trumps, hand));
        }
        if follow != 0 {
            return follow;
        }
        let winner = seat_after(leader, self.winning(trick), self.n);
        if self.partner[seat] == Some(winner) {
            return hand; // partner is master: discard or trump freely
        }
        nonzero_or(higher, nonzero_or(trumps, hand))
    }
}

fn nonzero_or(set: u64, otherwise: u64) -> u64 {
    if set != 0 {
        set
    } else {
        otherwise
    }
}

/// (lane, strength bit, points) of a natural card once trump is known.
fn layout(variant: Variant, card: Card, trump: Option<u32>) -> (u32, u32, i32) {
    let (suit, rank) = (card.suit(), card.rank());
    match variant {
        Variant::Bridge | Variant::Hearts => {
            let points = if variant == Variant::Hearts && suit == 1 {
                1
            } else if variant == Variant::Hearts && card == QUEEN_OF_SPADES {
                13
            } else {
                0
            };
            (suit, rank, points)
        }
        Variant::Belote | Variant::Belote3 => {
            let r = rank as usize;
            if Some(suit) == trump {
                let bit = BELOTE_TRUMP_BIT[r];
                (suit, bit, BELOTE_TRUMP_POINTS[bit as usize])
            } else {
                let bit = BELOTE_PLAIN_BIT[r];
                (suit, bit, BELOTE_PLAIN_POINTS[bit as usize])
            }
        }
        Variant::Euchre3 => {
            let trump = trump.unwrap_or(u32::MAX);
            if trump < 4 && rank == 0 && suit == trump {
                (trump, 6, 0) // the Oracle
            } else if trump < 4 && rank == 0 && suit == EUCHRE3_SAME_COLOUR[trump as usize] {
                (trump, 5, 0) // the Sage: trump for every purpose
            } else if suit == trump || (trump < 4 && suit == EUCHRE3_SAME_COLOUR[trump as usize]) {
                (suit, rank - 1, 0)
            } else {
                (suit, rank, 0)
            }
        }
    }
}

/// A card's points once trump is known (docs/rules.md: belote "Trump order and points", hearts' 1 a heart and
/// 13 for the Q♠; none in euchre3 and bridge).
pub(crate) fn card_points(variant: Variant, card: Card, trump: Option<u32>) -> i32 {
    layout(variant, card, trump).2
}

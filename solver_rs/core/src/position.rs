//! A position: the remaining hands, the trick in progress, trump, sides, what was won.

use crate::cards::{Card, CardSet};
use crate::error::SolverError;
use crate::notation::{format_hands, parse_cards, parse_hands, split_fields};
use crate::rules::{card_points, TWO_OF_CLUBS};
use crate::variant::Variant;

/// A moment of play. Built through [`Position::new`] or [`Position::parse`], which
/// validate it: a `Position` value is always consistent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    variant: Variant,
    hands: [CardSet; 4],
    leader: usize,
    trick: Vec<Card>,
    trump: Option<u32>,
    taker: Option<usize>,
    points: [i32; 4],
    tricks: [u32; 4],
}

pub(crate) fn invalid(message: impl Into<String>) -> SolverError {
    SolverError::InvalidPosition(message.into())
}

impl Position {
    /// Validates and builds a position. `points` and `tricks` are what each seat has won so far.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        variant: Variant,
        hands: [CardSet; 4],
        leader: usize,
        trick: Vec<Card>,
        trump: Option<u32>,
        taker: Option<usize>,
        points: [i32; 4],
        tricks: [u32; 4],
    ) -> Result<Position, SolverError> {
        let n = variant.players();
        if leader >= n {
            return Err(invalid(format!("leader must be a seat 0..{}", n - 1)));
        }
        if hands[n..].iter().any(|hand| !hand.is_empty()) {
            return Err(invalid("more hands than players"));
        }
        let deck = variant.deck();
        let mut seen = CardSet::EMPTY;
        for card in hands[..n].iter().flat_map(|hand| hand.iter()).chain(trick.iter().copied()) {
            if !deck.contains(card) {
                return Err(SolverError::UnknownCard(format!("card index {}", card.index())));
            }
            if seen.contains(card) {
                return Err(SolverError::DuplicateCard(variant.card_code(card)));
            }
            seen.insert(card);
        }
        if trick.len() >= n {
            return Err(invalid("a trick in progress has fewer cards than players"));
        }
        let before_trick = |seat: usize| hands[seat].len() as usize + usize::from((seat + n - leader) % n < trick.len());
        if (0..n).any(|seat| before_trick(seat) != before_trick(leader)) {
            return Err(invalid("hands must be equal once the trick in progress is counted"));
        }
        if before_trick(leader) > variant.hand_size() {
            return Err(invalid(format!("a {} hand holds at most {} cards", variant.name(), variant.hand_size())));
        }
        if before_trick(leader) == 0 {
            return Err(invalid("no card left to play"));
        }
        match (variant, trump) {
            (Variant::Hearts, Some(_)) => return Err(invalid("hearts has no trump")),
            (Variant::Euchre3 | Variant::Belote | Variant::Belote3, None) => return Err(invalid("this variant needs a trump")),
            (_, Some(suit)) if suit >= 4 => return Err(invalid("trump must be a suit")),
            _ => {}
        }
        match (variant, taker) {
            (Variant::Euchre3 | Variant::Belote | Variant::Belote3, None) => return Err(invalid("this variant needs a taker")),
            (_, Some(seat)) if seat >= n => return Err(invalid("the taker must be a seat")),
            _ => {}
        }
        if points[..n].iter().any(|&p| p < 0) || points[n..].iter().any(|&p| p != 0) || tricks[n..].iter().any(|&t| t != 0) {
            return Err(invalid("points and tricks won are per seat and not negative"));
        }
        check_won_so_far(variant, deck.difference(seen), trump, &points, &tricks, variant.hand_size() - before_trick(leader))?;
        if variant == Variant::Hearts && before_trick(leader) == variant.hand_size() {
            // The leader held the 2♣ when the trick began: he still does, or led it.
            if !hands[leader].contains(TWO_OF_CLUBS) && trick.first() != Some(&TWO_OF_CLUBS) {
                return Err(invalid("the holder of the 2C leads the first trick"));
            }
        }
        let position = Position { variant, hands, leader, trick, trump, taker, points, tricks };
        // (Only with a trick in progress: the check builds the rules, and a hint checks
        // thousands of positions.)
        let illegal = if position.trick.is_empty() { None } else { crate::trick::illegal_trick_card(&position.at_trick_start(), &position.trick) };
        if let Some(place) = illegal {
            return Err(invalid(format!(
                "the trick in progress breaks the rules: seat {} could not play {} there with what it still holds",
                (leader + place) % n,
                variant.card_code(position.trick[place])
            )));
        }
        Ok(position)
    }

    /// The same deal at the start of its trick in progress: each card back in its seat's hand.
    fn at_trick_start(&self) -> Position {
        let n = self.variant.players();
        let mut hands = self.hands;
        for (i, &card) in self.trick.iter().enumerate() {
            hands[(self.leader + i) % n].insert(card);
        }
        Position { hands, trick: Vec::new(), ..self.clone() }
    }

    /// Parses `first:hands;trump=H;taker=0;leader=2;trick=JH 9H;points=..;tricks=..`.
    pub fn parse(variant: Variant, text: &str) -> Result<Position, SolverError> {
        PositionParts::parse(variant, text)?.build()
    }

    pub fn to_text(&self) -> String {
        let v = self.variant;
        let mut parts = vec![format_hands(v, &self.hands, self.leader)];
        parts.push(format!("trump={}", self.trump.map_or('-', |suit| v.suit_codes()[suit as usize])));
        if let Some(taker) = self.taker {
            parts.push(format!("taker={taker}"));
        }
        parts.push(format!("leader={}", self.leader));
        if !self.trick.is_empty() {
            let codes: Vec<String> = self.trick.iter().map(|&card| v.card_code(card)).collect();
            parts.push(format!("trick={}", codes.join(" ")));
        }
        let n = v.players();
        let join = |values: Vec<String>| values.join(" ");
        parts.push(format!("points={}", join(self.points[..n].iter().map(|p| p.to_string()).collect())));
        parts.push(format!("tricks={}", join(self.tricks[..n].iter().map(|t| t.to_string()).collect())));
        parts.join(";")
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }
    pub fn players(&self) -> usize {
        self.variant.players()
    }
    pub fn hands(&self) -> &[CardSet; 4] {
        &self.hands
    }
    pub fn leader(&self) -> usize {
        self.leader
    }
    pub fn trick(&self) -> &[Card] {
        &self.trick
    }
    pub fn trump(&self) -> Option<u32> {
        self.trump
    }
    pub fn taker(&self) -> Option<usize> {
        self.taker
    }
    pub fn points(&self) -> [i32; 4] {
        self.points
    }
    pub fn tricks(&self) -> [u32; 4] {
        self.tricks
    }
    /// The seat to play next.
    pub fn to_play(&self) -> usize {
        (self.leader + self.trick.len()) % self.players()
    }
    /// Cards each player holds at the start of the trick in progress.
    pub fn cards_per_hand(&self) -> usize {
        self.hands[self.leader].len() as usize + usize::from(!self.trick.is_empty())
    }
    /// The same position with another trump (for tables).
    pub fn with_trump(&self, trump: Option<u32>) -> Result<Position, SolverError> {
        Position::new(self.variant, self.hands, self.leader, self.trick.clone(), trump, self.taker, self.points, self.tricks)
    }
}

/// What was won before this position must be possible: no more tricks than were played,
/// no more points than the cards played carry. In hearts the points must be exactly
/// those of the cards played, as the moon rule needs to know who took them (left at zero
/// with point cards gone, a player taking the rest would count as shooting the moon).
fn check_won_so_far(
    variant: Variant,
    played: CardSet,
    trump: Option<u32>,
    points: &[i32; 4],
    tricks: &[u32; 4],
    tricks_played: usize,
) -> Result<(), SolverError> {
    let won_tricks: u32 = tricks.iter().sum();
    if won_tricks as usize > tricks_played {
        return Err(invalid(format!("tricks won add up to {won_tricks}, but {tricks_played} tricks were played")));
    }
    let played_points: i32 = played.iter().map(|card| card_points(variant, card, trump)).sum();
    let won_points: i32 = points.iter().sum();
    if variant == Variant::Hearts && won_points != played_points {
        return Err(invalid(format!(
            "points won add up to {won_points}, but the cards played carry {played_points}: hearts needs them all, \
             by who took them (points=..)"
        )));
    }
    if won_points > played_points {
        return Err(invalid(format!("points won add up to {won_points}, but the cards played carry only {played_points}")));
    }
    Ok(())
}

/// The fields of a position as the notation gives them, not yet validated together: a
/// hint's template, whose hidden hands the sampler fills before [`PositionParts::build`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionParts {
    pub variant: Variant,
    pub hands: [CardSet; 4],
    pub leader: usize,
    pub trick: Vec<Card>,
    pub trump: Option<u32>,
    pub taker: Option<usize>,
    pub points: [i32; 4],
    pub tricks: [u32; 4],
}

impl PositionParts {
    /// Parses the notation (hands may be incomplete or empty here).
    pub fn parse(variant: Variant, text: &str) -> Result<PositionParts, SolverError> {
        let n = variant.players();
        let (head, fields) = split_fields(text)?;
        let hands = parse_hands(variant, head)?;
        let (mut leader, mut trick, mut trump, mut taker) = (None, Vec::new(), None, None);
        let (mut points, mut tricks) = ([0i32; 4], [0u32; 4]);
        for (key, value) in fields {
            match key.as_str() {
                "leader" => leader = Some(parse_seat(value, n, "leader")?),
                "taker" => taker = Some(parse_seat(value, n, "taker")?),
                "trick" => trick = parse_cards(variant, value)?,
                "trump" => {
                    trump = match value {
                        "-" | "N" | "NT" => None,
                        code => Some(
                            code.chars()
                                .next()
                                .filter(|_| code.chars().count() == 1)
                                .and_then(|c| variant.suit_index(c))
                                .ok_or_else(|| SolverError::Notation(format!("unknown trump {code:?}")))?,
                        ),
                    }
                }
                "points" => points = parse_numbers(value, n, "points")?,
                "tricks" => {
                    let values: [i32; 4] = parse_numbers(value, n, "tricks")?;
                    tricks = values.map(|v| v as u32);
                }
                other => return Err(SolverError::Notation(format!("unknown position field {other:?}"))),
            }
        }
        let leader = leader.ok_or(SolverError::Notation("a position needs leader=<seat>".into()))?;
        Ok(PositionParts { variant, hands, leader, trick, trump, taker, points, tricks })
    }

    /// Validates the parts into a position (see [`Position::new`]).
    pub fn build(self) -> Result<Position, SolverError> {
        let PositionParts { variant, hands, leader, trick, trump, taker, points, tricks } = self;
        Position::new(variant, hands, leader, trick, trump, taker, points, tricks)
    }
}

fn parse_seat(text: &str, players: usize, name: &str) -> Result<usize, SolverError> {
    text.parse::<usize>().ok().filter(|&seat| seat < players).ok_or_else(|| SolverError::Notation(format!("{name} is a seat 0..{}", players - 1)))
}

fn parse_numbers(text: &str, players: usize, name: &str) -> Result<[i32; 4], SolverError> {
    let values: Vec<i32> = text
        .split_whitespace()
        .map(|v| v.parse::<i32>().ok().filter(|&v| (0..=10_000).contains(&v)))
        .collect::<Option<Vec<i32>>>()
        .ok_or_else(|| SolverError::Notation(format!("{name} is {players} whole numbers")))?;
    if values.len() != players {
        return Err(SolverError::Notation(format!("{name} is {players} whole numbers")));
    }
    let mut out = [0i32; 4];
    out[..players].copy_from_slice(&values);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats() {
        let text = "2:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=2;points=0 0 0 0;tricks=0 0 0 0";
        let position = Position::parse(Variant::Belote, text).unwrap();
        assert_eq!(position.to_text(), text);
        assert_eq!(position.to_play(), 2);
    }

    #[test]
    fn validates() {
        let v = Variant::Belote;
        assert!(Position::parse(v, "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;leader=0").is_err()); // no taker
        assert!(Position::parse(v, "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;taker=0;leader=0").is_err()); // no trump
        assert!(Position::parse(v, "0:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J.;trump=H;taker=0;leader=0").is_err()); // unequal
        assert!(Position::parse(v, "0:AT.KQ.. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=0;trick=AD").is_ok());
        assert!(Position::parse(v, "0:AT.KQ.. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=1;trick=AD").is_err());
        assert!(Position::parse(Variant::Hearts, "0:2... ... ... ...;trump=H;leader=0").is_err());
        assert!(Position::parse(Variant::Hearts, "0:.... .... .... ....;leader=0").is_err());
    }

    #[test]
    fn what_was_won_must_be_possible() {
        // Three tricks played (five cards a hand of eight): the 7♥, Q♦, 9♦, 7♦ and every
        // club, worth 33 card points with hearts trump.
        let belote = |won: &str| Position::parse(Variant::Belote, &format!("2:AT.KQ.A. KQ.A8.T. J9.J9.K. 87.T.J8.;trump=H;taker=0;leader=2;{won}"));
        assert!(belote("tricks=2 1 0 0").is_ok());
        assert!(belote("tricks=2 1 1 0").is_err());
        assert!(belote("points=20 13 0 0").is_ok());
        assert!(belote("points=0 0 0 0").is_ok()); // counted from here
        assert!(belote("points=20 14 0 0").is_err());
        // Hearts: every heart is gone, the Q♠ still to play. The moon rule needs to know
        // who took them, so they cannot be left out.
        let hearts = |won: &str| Position::parse(Variant::Hearts, &format!("0:A... K... Q... J...;leader=0;{won}"));
        assert!(hearts("points=0 13 0 0").is_ok());
        assert!(hearts("points=5 8 0 0").is_ok());
        let error = hearts("points=0 0 0 0").unwrap_err().to_string();
        assert!(error.contains("points won add up to 0, but the cards played carry 13"), "{error}");
        assert!(hearts("points=0 14 0 0").is_err());
        // A card on the table is not won yet.
        let led = |won: &str| Position::parse(Variant::Hearts, &format!("0:... K... A... J...;leader=0;trick=QS;{won}"));
        assert!(led("points=0 13 0 0").is_ok());
        assert!(led("points=13 13 0 0").is_err());
    }

    #[test]
    fn the_trick_in_progress_must_follow_the_rules() {
        // West (seat 3) threw the 5♥ on the 5♠ though he still holds a spade.
        let hearts = |west: &str| Position::parse(Variant::Hearts, &format!("0:K.A.. 3..2. .3.. {west};leader=2;trick=5S 5H;points=0 0 0 23"));
        assert!(hearts("..4.").is_ok());
        let error = hearts("4...").unwrap_err().to_string();
        assert!(error.contains("seat 3 could not play 5H"), "{error}");
        // Belote, trump led: East (seat 1) played under the 9♥ though he holds the J♥.
        let belote = |east: &str| Position::parse(Variant::Belote, &format!("0:A... {east} KQ... ..AK.;trump=H;taker=0;leader=0;trick=9H 8H"));
        assert!(belote(".7..").is_ok()); // he could not overtrump: any trump
        assert!(belote(".J..").is_err());
        // euchre3, trump A led: the Initié of C is the Sage, a trump, so holding it seat 1
        // had to follow; the Scribe of C is a plain card.
        let euchre3 = |seat1: &str| Position::parse(Variant::Euchre3, &format!("0:S... {seat1} ..CE.;trump=A;taker=0;leader=0;trick=MA MR"));
        assert!(euchre3(".S..").is_ok());
        assert!(euchre3(".I..").is_err());
    }

    #[test]
    fn in_hearts_the_holder_of_the_two_of_clubs_leads_it_to_the_first_trick() {
        // West (seat 3) holds the 2♣: only he may lead, and only the 2♣.
        let led = "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543";
        assert!(Position::parse(Variant::Hearts, &format!("{led};leader=3;trick=2C")).is_ok());
        // He led another club.
        let other_club = "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876542";
        assert!(Position::parse(Variant::Hearts, &format!("{other_club};leader=3;trick=3C")).is_err());
        // South led the 2♦ (or is to lead) though West holds the 2♣.
        let diamond = "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543. ...AKQJT98765432";
        let error = Position::parse(Variant::Hearts, &format!("{diamond};leader=2;trick=2D")).unwrap_err().to_string();
        assert!(error.contains("the holder of the 2C leads the first trick"), "{error}");
        let deal = "0:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
        assert!(Position::parse(Variant::Hearts, &format!("{deal};leader=3")).is_ok());
        assert!(Position::parse(Variant::Hearts, &format!("{deal};leader=0")).is_err());
    }
}

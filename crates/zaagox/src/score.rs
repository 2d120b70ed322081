//! Scoring a stored set (the repository's `docs/zaagox.md`, "Scoring").
//!
//! The fast path ([`Scorer`], [`score`], [`score_set`]) turns a set into one word of attribute
//! bits with table lookups and no branches on the cards, then reads the points from a table
//! indexed by the three kind counts. [`reference::score`] computes the same thing with plain
//! loops and hash sets, straight from the spec's wording; tests compare the two on every
//! possible set.

use cards_core::{Card as _, CardSet, DidoCard};

use crate::{Shape, ShapeMap};

/// The breakdown of a stored set's score.
///
/// `points` is the set's value; the other fields say how it came about, so a user interface
/// can explain the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Score {
    /// The points the set is worth (between −4 and 4096 under the default shape map).
    pub points: i64,
    /// How many cards the set has: 4, or 5 after Ava.
    pub cards: u8,
    /// Distinct shapes among the cards; the blank (Quotos) counts as a shape.
    pub shape_kinds: u8,
    /// Distinct colours among the numbered cards, or 5 for a five-card set with four colours
    /// and a blank.
    pub colour_kinds: u8,
    /// Distinct numbers modulo 4 among the numbered cards, or 5 for a five-card set with four
    /// classes and a blank.
    pub number_kinds: u8,
    /// Whether the number connection is strong: `number_kinds` is 4 or 5 and the numbered
    /// cards' distinct values are exactly {1, 2, 3, 4} or exactly {5, 6, 7, 8}.
    pub strong: bool,
}

impl core::fmt::Display for Score {
    /// `36 points (4 cards: 3 shape, 4 colour, 4 number kinds, weak)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} points ({} cards: {} shape, {} colour, {} number kinds{})",
            self.points,
            self.cards,
            self.shape_kinds,
            self.colour_kinds,
            self.number_kinds,
            match (self.number_kinds >= 4, self.strong) {
                (false, _) => "",
                (true, true) => ", strong",
                (true, false) => ", weak",
            }
        )
    }
}

/// One step of a set's score (`docs/zaagox.md`, "Scoring"): what a kind count does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Add(i64),
    Times(i64),
    Power(u32),
}

/// What `kinds` of an attribute (`0` shape, `1` colour, `2` number) do to the score, by the
/// spec's table.
fn step(attribute: usize, kinds: u8, strong: bool) -> Option<Step> {
    Some(match (attribute, kinds, strong) {
        (_, 0, _) => return None,
        (0, 1, _) => Step::Add(-1),
        (_, 1, _) => Step::Add(-2),
        (_, 2, _) => Step::Add(1),
        (_, 3, _) => Step::Times(2),
        (0, _, _) => Step::Power(2),
        (1, 4, _) => Step::Times(3),
        (1, _, _) => Step::Power(2),
        (2, 4, true) => Step::Power(2),
        (2, 4, false) => Step::Times(3),
        (2, _, true) => Step::Power(3),
        (_, _, _) => Step::Power(2),
    })
}

impl Score {
    /// How the points are worked out, step by step in the spec's order (additions, then
    /// multiplications, then powers), each step with the kinds that make it: `2 for the set,
    /// + 1 for 2 shape kinds, − 2 for 1 colour kind, squared for 4 number kinds (strong)`.
    #[must_use]
    pub fn steps(&self) -> String {
        let names = ["shape", "colour", "number"];
        let kinds = [self.shape_kinds, self.colour_kinds, self.number_kinds];
        let mut steps: Vec<(Step, String)> = Vec::new();
        for a in 0..3 {
            let k = kinds[a];
            if let Some(step) = step(a, k, self.strong) {
                let mut why = format!("{k} {} kind{}", names[a], if k == 1 { "" } else { "s" });
                if a == 2 && k >= 4 {
                    why.push_str(if self.strong { " (strong)" } else { " (weak)" });
                }
                steps.push((step, why));
            }
        }
        // Additions, then multiplications, then powers; a stable sort keeps the attributes'
        // order within each.
        steps.sort_by_key(|(step, _)| match step {
            Step::Add(_) => 0,
            Step::Times(_) => 1,
            Step::Power(_) => 2,
        });
        let mut text = "2 for the set".to_owned();
        for (step, why) in steps {
            text.push_str(&match step {
                Step::Add(n) if n < 0 => format!(", − {} for {why}", -n),
                Step::Add(n) => format!(", + {n} for {why}"),
                Step::Times(n) => format!(", × {n} for {why}"),
                Step::Power(2) => format!(", squared for {why}"),
                Step::Power(_) => format!(", cubed for {why}"),
            });
        }
        text
    }

    /// The points [`Score::steps`] work out to (equal to `points`; tested over every set).
    #[doc(hidden)]
    #[must_use]
    pub fn steps_value(&self) -> i64 {
        let kinds = [self.shape_kinds, self.colour_kinds, self.number_kinds];
        let all: Vec<Step> = (0..3)
            .filter_map(|a| step(a, kinds[a], self.strong))
            .collect();
        let mut v = 2i64;
        for s in &all {
            if let Step::Add(n) = s {
                v += n;
            }
        }
        for s in &all {
            if let Step::Times(n) = s {
                v *= n;
            }
        }
        for s in &all {
            if let Step::Power(e) = s {
                v = v.pow(*e);
            }
        }
        v
    }
}

/// Why a group of cards could not be scored as a stored set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// The set does not have 4 or 5 cards.
    #[error("a stored set has 4 cards, or 5 after Ava, not {got}")]
    WrongCount {
        /// The number of cards given.
        got: usize,
    },
    /// A card was given more than once.
    #[error("{card} is given more than once; the cards of a stored set must all differ")]
    Duplicate {
        /// The first card (in the order given) that repeats an earlier one.
        card: DidoCard,
    },
}

// Layout of the per-card attribute word. Each attribute value has its own bit, so OR-ing the
// words of a set's cards yields the set of values present and a popcount gives the kinds.
/// Bits 0–3: the shape, one bit per [`Shape`] (by its discriminant).
const SHAPE_SHIFT: u32 = 0;
/// Bits 4–7: the colour of a numbered card (blanks have none).
const COLOUR_SHIFT: u32 = 4;
/// Bits 8–11: the number modulo 4 of a numbered card.
const CLASS_SHIFT: u32 = 8;
/// Bit 12: the card is a blank. It sits right above the classes so that colours, classes and
/// blank form one 9-bit index into [`KINDS`].
const BLANK_BIT: u32 = 1 << 12;
/// Bits 13–20: the number 1–8 of a numbered card, value `v` at bit `13 + v - 1`.
const VALUE_SHIFT: u32 = 13;
/// Value bits (after shifting down) of the strong set {1, 2, 3, 4}.
const STRONG_LOW: u32 = 0x0F;
/// Value bits (after shifting down) of the strong set {5, 6, 7, 8}.
const STRONG_HIGH: u32 = 0xF0;

/// The set bits are read six at a time: six lookups cover the 36 cards without a loop whose
/// length depends on the set, so 4- and 5-card sets take the same branch-free path.
const CHUNK_BITS: usize = 6;
const CHUNKS: usize = DidoCard::COUNT / CHUNK_BITS;

/// Nibble `i` holds the popcount of `i`, so a 4-bit field's popcount is one shift: cheap on
/// targets built without the `popcnt` instruction (the x86-64 baseline).
const NIBBLE_POPCOUNT: u64 = {
    let mut table = 0u64;
    let mut i = 0u32;
    while i < 16 {
        table |= (i.count_ones() as u64) << (4 * i);
        i += 1;
    }
    table
};

/// The number of set bits among the low four bits of `word`.
const fn nibble_popcount(word: u32) -> u32 {
    ((NIBBLE_POPCOUNT >> (4 * (word & 0xF))) & 0xF) as u32
}

/// The attribute word of one card under a given shape.
const fn card_attributes(card: DidoCard, shape: Shape) -> u32 {
    let shape_bit = 1 << (SHAPE_SHIFT + shape as u32);
    let number = card.number() as u32;
    if number == 0 {
        // Blanks have a shape but no colour and no number.
        shape_bit | BLANK_BIT
    } else {
        shape_bit
            | 1 << (COLOUR_SHIFT + card.colour().index() as u32)
            | 1 << (CLASS_SHIFT + number % 4)
            | 1 << (VALUE_SHIFT + number - 1)
    }
}

/// The effect of one kind count, split so that all effects of a set combine in the spec's
/// order: `((2 + Σ add) × Π mul) ^ Π exp` — powers compose, `(b^x)^y = b^(x·y)`.
#[derive(Clone, Copy)]
struct Effect {
    add: i64,
    mul: i64,
    exp: u32,
}

const NOTHING: Effect = Effect {
    add: 0,
    mul: 1,
    exp: 1,
};
const fn add(add: i64) -> Effect {
    Effect { add, ..NOTHING }
}
const fn mul(mul: i64) -> Effect {
    Effect { mul, ..NOTHING }
}
const fn pow(exp: u32) -> Effect {
    Effect { exp, ..NOTHING }
}

/// The spec's effect table. Counts that cannot occur (5+ shapes, 6+ kinds) get no effect; they
/// are never looked up. 0 kinds adds nothing (spec decision).
const fn effect_shape(kinds: u32) -> Effect {
    match kinds {
        1 => add(-1),
        2 => add(1),
        3 => mul(2),
        4 => pow(2),
        _ => NOTHING,
    }
}
const fn effect_colour(kinds: u32) -> Effect {
    match kinds {
        1 => add(-2),
        2 => add(1),
        3 => mul(2),
        4 => mul(3),
        5 => pow(2),
        _ => NOTHING,
    }
}
const fn effect_number(kinds: u32, strong: bool) -> Effect {
    match (kinds, strong) {
        (1, _) => add(-2),
        (2, _) => add(1),
        (3, _) => mul(2),
        (4, false) => mul(3),
        (4, true) | (5, false) => pow(2),
        (5, true) => pow(3),
        _ => NOTHING,
    }
}

// Index into `POINTS`: shape kinds in bits 0–2, colour kinds in bits 3–5, number kinds in
// bits 6–8, strong in bit 9.
const KEY_COLOUR_SHIFT: u32 = 3;
const KEY_NUMBER_SHIFT: u32 = 6;
const KEY_STRONG_SHIFT: u32 = 9;

/// Colour and number kinds, already in their places in a [`POINTS`] key, for every
/// combination of the attribute word's colour bits, class bits and blank bit (bits 4–12).
///
/// Doing the counting and the five-kind rule here, once, leaves the hot path one lookup. The
/// rule: with five cards, four colours (or four classes) plus a blank count as five kinds.
/// Four colours or classes take four numbered cards, so a set that also has a blank has five
/// cards: the "five cards" condition needs no test of its own.
static KINDS: [u16; 1 << 9] = {
    let mut table = [0u16; 1 << 9];
    let mut index = 0u32;
    while index < 1 << 9 {
        let bits = index << COLOUR_SHIFT;
        let blank = bits & BLANK_BIT != 0;
        let mut colours = ((bits >> COLOUR_SHIFT) & 0xF).count_ones();
        let mut classes = ((bits >> CLASS_SHIFT) & 0xF).count_ones();
        if blank && colours == 4 {
            colours = 5;
        }
        if blank && classes == 4 {
            classes = 5;
        }
        table[index as usize] = (colours << KEY_COLOUR_SHIFT | classes << KEY_NUMBER_SHIFT) as u16;
        index += 1;
    }
    table
};

/// Points for every combination of kind counts. The points do not depend on the shape map
/// (only the counts do), so one table serves every [`Scorer`]. Real sets score −4..=4096, but
/// some combinations no set can have go higher (4 shapes, 4 colours and 5 strong numbers would
/// be 6^6); `i32` holds them all in 4 KiB, and the build fails if a value did not fit.
static POINTS: [i32; 1 << 10] = {
    let mut table = [0i32; 1 << 10];
    let mut key = 0u32;
    while key < 1 << 10 {
        let effects = [
            effect_shape(key & 7),
            effect_colour((key >> KEY_COLOUR_SHIFT) & 7),
            effect_number(
                (key >> KEY_NUMBER_SHIFT) & 7,
                (key >> KEY_STRONG_SHIFT) & 1 == 1,
            ),
        ];
        let mut sum = 2;
        let mut product = 1;
        let mut exp = 1;
        let mut i = 0;
        while i < effects.len() {
            sum += effects[i].add;
            product *= effects[i].mul;
            exp *= effects[i].exp;
            i += 1;
        }
        let points = (sum * product).pow(exp);
        assert!(points >= i32::MIN as i64 && points <= i32::MAX as i64);
        table[key as usize] = points as i32;
        key += 1;
    }
    table
};

/// Precomputed tables for scoring stored sets under one shape map.
///
/// [`Scorer::DEFAULT`] serves the default map (and is what [`score`] and [`score_set`] use);
/// [`Scorer::new`] builds one for a custom map (1.7 KB of tables, so build it once and keep
/// it). Scoring allocates nothing and does not branch on the cards.
///
/// ```
/// use cards_core::{CardSet, DidoCard};
/// use zaagox::ShapeMap;
/// use zaagox::Scorer;
///
/// let scorer = Scorer::new(&ShapeMap::default());
/// let set: CardSet<DidoCard> = ["A0", "S8", "A5", "G6", "P7"]
///     .iter()
///     .map(|s| s.parse().unwrap())
///     .collect();
/// assert_eq!(scorer.score_set(set)?.points, 4096);
/// # Ok::<(), zaagox::ScoreError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Scorer {
    /// Attribute word of each card, by card index (used when scoring a slice).
    cards: [u32; DidoCard::COUNT],
    /// `chunks[c][m]`: OR of the attribute words of the cards `6c + i` for each bit `i` of `m`.
    chunks: [[u32; 1 << CHUNK_BITS]; CHUNKS],
}

/// Used by the free functions; a `static` so the 1.7 KB of tables is not copied per call.
// The entry points below are `#[inline]`: they are short, and without it a call from another
// crate (no LTO) costs two real calls per set, about half as much again as the scoring itself
// (measured when added: 13 ns instead of 9 ns per set).
static DEFAULT_SCORER: Scorer = Scorer::DEFAULT;

impl Scorer {
    /// The scorer for the default shape map ([`ShapeMap::DEFAULT`]).
    pub const DEFAULT: Scorer = Scorer::from_shapes(ShapeMap::DEFAULT.as_array());

    /// The scorer for `map`.
    #[must_use]
    pub fn new(map: &ShapeMap) -> Scorer {
        Scorer::from_shapes(map.as_array())
    }

    /// Builds the tables from shapes given in card index order.
    const fn from_shapes(shapes: &[Shape; DidoCard::COUNT]) -> Scorer {
        let mut cards = [0u32; DidoCard::COUNT];
        let mut i = 0;
        while i < DidoCard::COUNT {
            // `DidoCard::ALL` is in index order, so entry `i` is the card with index `i`.
            cards[i] = card_attributes(DidoCard::ALL[i], shapes[i]);
            i += 1;
        }
        let mut chunks = [[0u32; 1 << CHUNK_BITS]; CHUNKS];
        let mut c = 0;
        while c < CHUNKS {
            let mut m = 0;
            while m < 1 << CHUNK_BITS {
                let mut word = 0;
                let mut bit = 0;
                while bit < CHUNK_BITS {
                    if (m >> bit) & 1 == 1 {
                        word |= cards[c * CHUNK_BITS + bit];
                    }
                    bit += 1;
                }
                chunks[c][m] = word;
                m += 1;
            }
            c += 1;
        }
        Scorer { cards, chunks }
    }

    /// Scores the stored set `cards` (4 cards, or 5 after Ava), in any order.
    ///
    /// # Errors
    /// [`ScoreError::WrongCount`] unless there are 4 or 5 cards (checked first);
    /// [`ScoreError::Duplicate`] naming the first card that repeats an earlier one.
    #[inline]
    pub fn score(&self, cards: &[DidoCard]) -> Result<Score, ScoreError> {
        let count = cards.len();
        if count != 4 && count != 5 {
            return Err(ScoreError::WrongCount { got: count });
        }
        let mut bits = 0u64;
        let mut repeated = 0u64;
        let mut attributes = 0u32;
        for &card in cards {
            let bit = 1u64 << card.index();
            repeated |= bits & bit;
            bits |= bit;
            attributes |= self.cards[card.index() as usize];
        }
        if repeated != 0 {
            return Err(first_repeat(cards));
        }
        Ok(finish(attributes, count == 5))
    }

    /// Scores the stored set `cards` (4 cards, or 5 after Ava); the fastest entry point.
    ///
    /// # Errors
    /// [`ScoreError::WrongCount`] unless the set has 4 or 5 cards.
    #[inline]
    pub fn score_set(&self, cards: CardSet<DidoCard>) -> Result<Score, ScoreError> {
        let bits = cards.bits();
        let count = cards.len();
        if count != 4 && count != 5 {
            return Err(ScoreError::WrongCount { got: count });
        }
        let mut attributes = 0u32;
        let mut c = 0;
        while c < CHUNKS {
            let chunk = (bits >> (c * CHUNK_BITS)) as usize & ((1 << CHUNK_BITS) - 1);
            attributes |= self.chunks[c][chunk];
            c += 1;
        }
        Ok(finish(attributes, count == 5))
    }
}

/// A scorer's tables are 1.7 KB of numbers; its debug form only names the attribute words.
impl core::fmt::Debug for Scorer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scorer")
            .field("cards", &self.cards)
            .finish_non_exhaustive()
    }
}

/// The score of a valid set from the OR of its cards' attribute words.
#[inline]
fn finish(attributes: u32, five: bool) -> Score {
    let shape_kinds = nibble_popcount(attributes >> SHAPE_SHIFT);
    // Colour and number kinds (five-kind rule applied), already shifted into key position.
    let kinds = u32::from(KINDS[((attributes >> COLOUR_SHIFT) & 0x1FF) as usize]);
    let values = (attributes >> VALUE_SHIFT) & 0xFF;
    // Either strong value set has four classes, so `number_kinds` is 4 or 5 whenever this holds.
    let strong = values == STRONG_LOW || values == STRONG_HIGH;
    let key = (shape_kinds | kinds | u32::from(strong) << KEY_STRONG_SHIFT) as usize;
    // Every part is below 1 << 10 by construction; the mask only tells the compiler so, which
    // removes a bounds check from the hot path. The exhaustive tests run with debug assertions.
    debug_assert!(key < POINTS.len());
    Score {
        points: i64::from(POINTS[key & (POINTS.len() - 1)]),
        cards: 4 + u8::from(five),
        shape_kinds: shape_kinds as u8,
        colour_kinds: ((kinds >> KEY_COLOUR_SHIFT) & 7) as u8,
        number_kinds: ((kinds >> KEY_NUMBER_SHIFT) & 7) as u8,
        strong,
    }
}

/// The error for a slice known to repeat a card: the first card equal to an earlier one.
#[cold]
fn first_repeat(cards: &[DidoCard]) -> ScoreError {
    for (i, &card) in cards.iter().enumerate() {
        if cards[..i].contains(&card) {
            return ScoreError::Duplicate { card };
        }
    }
    unreachable!("first_repeat is called only when a card repeats")
}

/// Scores the stored set `cards` (4 cards, or 5 after Ava) under the default shape map.
///
/// ```
/// use cards_core::DidoCard;
/// use zaagox::score;
///
/// // A worked example from the rules: 3 shapes, 4 colours, 4 number classes (weak).
/// let cards: Vec<DidoCard> = ["S8", "A5", "G6", "P3"].iter().map(|s| s.parse().unwrap()).collect();
/// let s = score(&cards)?;
/// assert_eq!((s.shape_kinds, s.colour_kinds, s.number_kinds, s.strong), (3, 4, 4, false));
/// assert_eq!(s.points, 2 * 2 * 3 * 3);
///
/// assert!(score(&cards[..3]).is_err());
/// # Ok::<(), zaagox::ScoreError>(())
/// ```
///
/// # Errors
/// [`ScoreError::WrongCount`] unless there are 4 or 5 cards (checked first);
/// [`ScoreError::Duplicate`] naming the first card that repeats an earlier one.
#[inline]
pub fn score(cards: &[DidoCard]) -> Result<Score, ScoreError> {
    DEFAULT_SCORER.score(cards)
}

/// Scores the stored set `cards` (4 cards, or 5 after Ava) under the default shape map; the
/// fastest entry point.
///
/// # Errors
/// [`ScoreError::WrongCount`] unless the set has 4 or 5 cards.
#[inline]
pub fn score_set(cards: CardSet<DidoCard>) -> Result<Score, ScoreError> {
    DEFAULT_SCORER.score_set(cards)
}

/// The scoring rules written as plainly as possible, to check the fast path against.
#[doc(hidden)]
pub mod reference {
    use std::collections::{BTreeSet, HashSet};

    use cards_core::DidoCard;

    use crate::ShapeMap;

    use super::{Score, ScoreError};

    /// One row of the spec's effect table.
    enum Effect {
        None,
        Add(i64),
        Times(i64),
        Power(u32),
    }

    /// Scores `cards` under `map`, following the spec's text step by step.
    ///
    /// # Errors
    /// As [`crate::score()`].
    pub fn score(cards: &[DidoCard], map: &ShapeMap) -> Result<Score, ScoreError> {
        if cards.len() != 4 && cards.len() != 5 {
            return Err(ScoreError::WrongCount { got: cards.len() });
        }
        let mut seen = HashSet::new();
        for &card in cards {
            if !seen.insert(card) {
                return Err(ScoreError::Duplicate { card });
            }
        }
        let five = cards.len() == 5;

        let mut numbered = Vec::new();
        let mut blanks = 0;
        for &card in cards {
            if card.number() == 0 {
                blanks += 1;
            } else {
                numbered.push(card);
            }
        }

        // Shape kinds: every card has a shape; the blank's is Quotos.
        let mut shapes = HashSet::new();
        for &card in cards {
            shapes.insert(map.shape(card));
        }
        let shape_kinds = shapes.len();

        // Colour kinds: numbered cards only; with five cards, 4 colours + a blank count as 5.
        let mut colours = HashSet::new();
        for &card in &numbered {
            colours.insert(card.colour());
        }
        let mut colour_kinds = colours.len();
        if five && colour_kinds == 4 && blanks >= 1 {
            colour_kinds = 5;
        }

        // Number kinds: numbered cards modulo 4; with five cards, 4 classes + a blank count as 5.
        let mut classes = HashSet::new();
        let mut values = BTreeSet::new();
        for &card in &numbered {
            classes.insert(card.number() % 4);
            values.insert(card.number());
        }
        let mut number_kinds = classes.len();
        if five && number_kinds == 4 && blanks >= 1 {
            number_kinds = 5;
        }
        let values: Vec<u8> = values.into_iter().collect();
        let strong = (number_kinds == 4 || number_kinds == 5)
            && (values == [1, 2, 3, 4] || values == [5, 6, 7, 8]);

        let shape_effect = match shape_kinds {
            0 => Effect::None,
            1 => Effect::Add(-1),
            2 => Effect::Add(1),
            3 => Effect::Times(2),
            4 => Effect::Power(2),
            n => unreachable!("{n} shape kinds: there are only four shapes"),
        };
        let colour_effect = match colour_kinds {
            1 => Effect::Add(-2),
            2 => Effect::Add(1),
            3 => Effect::Times(2),
            4 => Effect::Times(3),
            5 => Effect::Power(2),
            _ => Effect::None,
        };
        let number_effect = match number_kinds {
            1 => Effect::Add(-2),
            2 => Effect::Add(1),
            3 => Effect::Times(2),
            4 if strong => Effect::Power(2),
            4 => Effect::Times(3),
            5 if strong => Effect::Power(3),
            5 => Effect::Power(2),
            _ => Effect::None,
        };
        let effects = [shape_effect, colour_effect, number_effect];

        // +2 for the set, then all additions, then all multiplications, then all powers.
        let mut points: i64 = 2;
        for effect in &effects {
            if let Effect::Add(n) = effect {
                points += n;
            }
        }
        for effect in &effects {
            if let Effect::Times(n) = effect {
                points *= n;
            }
        }
        for effect in &effects {
            if let Effect::Power(n) = effect {
                points = points.pow(*n);
            }
        }

        Ok(Score {
            points,
            cards: cards.len() as u8,
            shape_kinds: shape_kinds as u8,
            colour_kinds: colour_kinds as u8,
            number_kinds: number_kinds as u8,
            strong,
        })
    }
}

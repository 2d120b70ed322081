//! Capture enumeration: every distinct set of table cards a played card may take, lazily at the
//! card level ([`captures`], [`Choices`]) and suit-blind at the value level
//! ([`capture_patterns`], [`Patterns`]), with counts that build no set ([`count_captures`],
//! [`count_capture_patterns`]) and a membership test ([`is_capture`]).
//!
//! What may be taken (the spec's "A turn" and "Yorùbá rule"; decisions in `docs/elewenjewe.md`):
//! - a card of value `v` (A = 1 … 10): any non-empty union of pairwise disjoint groups of table
//!   cards each summing to `v`; a card of value `v` is a group of its own;
//! - a J, Q or K: any non-empty set of table cards of its own rank;
//! - a joker: the whole table, one option (none on an empty table);
//! - a joker lying on the table belongs to every option, and is never an option alone;
//! - the Yorùbá rule: the captured cards have pairwise distinct values, none the played card's
//!   (groups may still combine); a face card takes exactly one card; jokers are not restricted.
//!
//! The fast path works on counts per value (suits never matter) and expands a value pattern to
//! card sets only when asked; [`reference`](mod@reference) beside it follows the spec's words over every subset
//! of the table, and the tests hold the two equal.

use cards_core::{CardSet, StdCard};

use crate::cards::{
    JOKER_BITS, JOKER_SLOT, MAX_VALUE, RANK_COLUMN, binomial, nibble, packed_counts,
};
use crate::error::CaptureError;
use crate::groups::splits;
use crate::pattern::{CardSets, Pattern};
use crate::rules::Rules;
use crate::search::Search;

pub mod reference;

/// Where the patterns of one question come from.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    /// Groups of a value, by the search.
    Search(Search),
    /// `next ..= max` cards of one rank (`one` is a packed count of 1 of it), plus jokers.
    Ranked {
        one: u64,
        next: u8,
        max: u8,
        jokers: u64,
    },
    /// At most one pattern (a played joker's whole table, or nothing).
    Single(Option<Pattern>),
}

/// Refuses what cannot be a position: the played card on the table, jokers without jokers.
pub(crate) fn check(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<(), CaptureError> {
    if table.contains(played) {
        return Err(CaptureError::PlayedOnTable { card: played });
    }
    if !rules.jokers {
        let joker = if played.is_joker() {
            Some(played)
        } else {
            CardSet::<StdCard>::from_bits_truncate(table.bits() & JOKER_BITS).first()
        };
        if let Some(card) = joker {
            return Err(CaptureError::JokersNotInPlay { card });
        }
    }
    Ok(())
}

fn capture_source(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<Source, CaptureError> {
    check(played, table, rules)?;
    let counts = packed_counts(table.bits());
    let jokers = counts & 0xf << (4 * JOKER_SLOT);
    Ok(match played.rank() {
        None => Source::Single((!table.is_empty()).then_some(Pattern::from_packed(counts))),
        Some(rank) if rank > MAX_VALUE => {
            let have = nibble(counts, u32::from(rank) - 1);
            Source::Ranked {
                one: 1 << (4 * (u32::from(rank) - 1)),
                next: 1,
                max: if rules.yoruba { have.min(1) } else { have },
                jokers,
            }
        }
        Some(v) => {
            let mut caps = [0u8; 11];
            for value in 1..=v {
                let have = nibble(counts, u32::from(value) - 1);
                caps[usize::from(value)] = if rules.yoruba { have.min(1) } else { have };
            }
            if rules.yoruba {
                caps[usize::from(v)] = 0;
            }
            Source::Search(Search::new(v, caps, counts, 0, jokers))
        }
    })
}

impl Source {
    fn pattern_count(self) -> u64 {
        match self {
            Source::Search(search) => search.pattern_count(),
            // Fresh: next is 1.
            Source::Ranked { max, .. } => u64::from(max),
            Source::Single(p) => u64::from(p.is_some()),
        }
    }

    fn card_set_count(self, table: u64) -> u64 {
        match self {
            Source::Search(search) => search.card_set_count(),
            Source::Ranked { one, max, .. } => {
                let have = (table & RANK_COLUMN << (one.trailing_zeros() / 4)).count_ones() as u8;
                (1..=max).map(|k| binomial(have, k)).sum()
            }
            Source::Single(p) => u64::from(p.is_some()),
        }
    }
}

/// The distinct suit-blind [`Pattern`]s of one capture or build question, lazily: each stands
/// for the card sets [`Pattern::card_sets`] lists. Made by [`capture_patterns`] and
/// [`build_patterns`](crate::build_patterns). Never yields the same pattern twice, nor the
/// empty one; the order is fixed by the inputs (the odometer's: lower values varying fastest).
#[derive(Clone, Debug)]
pub struct Patterns {
    source: Source,
}

impl Patterns {
    pub(crate) fn new(source: Source) -> Patterns {
        Patterns { source }
    }
}

impl Iterator for Patterns {
    type Item = Pattern;

    #[inline]
    fn next(&mut self) -> Option<Pattern> {
        match &mut self.source {
            Source::Search(search) => search.next_pattern(),
            Source::Ranked {
                one,
                next,
                max,
                jokers,
            } => {
                if *next > *max {
                    return None;
                }
                let p = Pattern::from_packed((*one * u64::from(*next)) | *jokers);
                *next += 1;
                Some(p)
            }
            Source::Single(p) => p.take(),
        }
    }
}

impl core::iter::FusedIterator for Patterns {}

/// The distinct sets of table cards of one capture or build question, lazily: the patterns of
/// [`Patterns`] expanded to card sets one at a time (no allocation). Made by [`captures`] and
/// [`builds`](crate::builds). Never yields the same set twice, nor the empty set.
#[derive(Clone, Debug)]
pub struct Choices {
    table: u64,
    patterns: Patterns,
    sets: CardSets,
}

impl Choices {
    pub(crate) fn new(source: Source, table: CardSet<StdCard>) -> Choices {
        Choices {
            table: table.bits(),
            patterns: Patterns::new(source),
            sets: CardSets::NONE,
        }
    }
}

impl Iterator for Choices {
    type Item = CardSet<StdCard>;

    #[inline]
    fn next(&mut self) -> Option<CardSet<StdCard>> {
        loop {
            if let Some(set) = self.sets.next() {
                return Some(set);
            }
            let pattern = self.patterns.next()?;
            self.sets.reset(pattern, self.table);
        }
    }
}

impl core::iter::FusedIterator for Choices {}

/// Every distinct non-empty set of `table` cards that `played` may capture, lazily (see the
/// module docs for what may be taken). Leaving the card on the table is not an option here.
///
/// `table` holds the loose table cards (protected piles are the game's business), jokers
/// included when the rules have them.
///
/// ```
/// use cards_core::{CardSet, StdCard};
/// use elewenjewe::{Rules, captures, count_captures};
///
/// let cards = |s: &str| s.split_whitespace().map(str::parse).collect::<Result<CardSet<StdCard>, _>>();
/// // The spec's example: a 9 onto 6, 3, 3, 7, 9, A, A.
/// let table = cards("6C 3D 3H 7S 9H AC AD")?;
/// let played = "9S".parse()?;
/// let options: Vec<CardSet<StdCard>> = captures(played, table, &Rules::default())?.collect();
/// assert_eq!(options.len(), 11);
/// assert!(options.contains(&cards("6C 3D 7S AC AD 9H")?));
/// assert_eq!(count_captures(played, table, &Rules::yoruba())?, 2); // 6 + 3 only
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CaptureError::PlayedOnTable`] when `played` lies on `table`;
/// [`CaptureError::JokersNotInPlay`] for a joker played or on the table when `rules.jokers` is
/// off.
pub fn captures(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<Choices, CaptureError> {
    Ok(Choices::new(capture_source(played, table, rules)?, table))
}

/// The number of sets [`captures`] yields, without building them.
///
/// # Errors
/// As [`captures`].
pub fn count_captures(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<u64, CaptureError> {
    Ok(capture_source(played, table, rules)?.card_set_count(table.bits()))
}

/// The capture options of [`captures`] suit-blind: every distinct value pattern (counts per
/// rank, jokers included) that some capture has. Each pattern expands by
/// [`Pattern::card_sets`] to exactly its captures, and every capture has exactly one pattern.
///
/// ```
/// use cards_core::{CardSet, StdCard};
/// use elewenjewe::{Rules, capture_patterns};
///
/// let table: CardSet<StdCard> = ["6C", "3D", "3H", "7S", "9H", "AC", "AD"].iter().map(|c| c.parse().unwrap()).collect();
/// let mut patterns: Vec<String> =
///     capture_patterns("9S".parse()?, table, &Rules::default())?.map(|p| p.to_string()).collect();
/// patterns.sort();
/// assert_eq!(patterns, ["3 6", "3 6 9", "9", "A A 3 6 7", "A A 3 6 7 9", "A A 7", "A A 7 9"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`captures`].
pub fn capture_patterns(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<Patterns, CaptureError> {
    Ok(Patterns::new(capture_source(played, table, rules)?))
}

/// The number of patterns [`capture_patterns`] yields, without building them.
///
/// # Errors
/// As [`captures`].
pub fn count_capture_patterns(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<u64, CaptureError> {
    Ok(capture_source(played, table, rules)?.pattern_count())
}

/// Whether `played` may capture exactly `taken` from `table`: whether [`captures`] would list
/// it, in a few table lookups. `false` when `taken` is empty or not on the table.
///
/// # Errors
/// As [`captures`].
pub fn is_capture(
    played: StdCard,
    table: CardSet<StdCard>,
    taken: CardSet<StdCard>,
    rules: &Rules,
) -> Result<bool, CaptureError> {
    check(played, table, rules)?;
    let (table, taken) = (table.bits(), taken.bits());
    if taken == 0 || taken & !table != 0 {
        return Ok(false);
    }
    let cards = taken & !JOKER_BITS;
    // A lying joker goes with every capture, and never alone.
    let jokers_ok = taken & JOKER_BITS == table & JOKER_BITS && cards != 0;
    Ok(match played.rank() {
        None => taken == table,
        Some(rank) if rank > MAX_VALUE => {
            jokers_ok
                && cards & !(RANK_COLUMN << (rank - 1)) == 0
                && (!rules.yoruba || cards.count_ones() == 1)
        }
        Some(v) => jokers_ok && splits_by_counts(v, cards, 0, rules.yoruba, rules.yoruba),
    })
}

/// Whether the cards (no jokers) split into groups of `v`, with a card of value `extra` (0:
/// none) added to the groups. With `distinct`, no value may repeat among the cards, and with
/// `forbid_v` none may be `v`.
pub(crate) fn splits_by_counts(
    v: u8,
    cards: u64,
    extra: u8,
    distinct: bool,
    forbid_v: bool,
) -> bool {
    let packed = packed_counts(cards);
    let mut counts = [0u8; 11];
    for value in 1..=MAX_VALUE {
        counts[usize::from(value)] = nibble(packed, u32::from(value) - 1);
    }
    // Only values up to v can be in a group.
    let above = packed >> (4 * u32::from(v));
    if above != 0 {
        return false;
    }
    if distinct && (counts.iter().any(|&c| c > 1) || (forbid_v && counts[usize::from(v)] > 0)) {
        return false;
    }
    if extra != 0 && extra < v {
        counts[usize::from(extra)] += 1;
    }
    splits(v, &counts)
}

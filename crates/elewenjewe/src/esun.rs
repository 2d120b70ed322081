//! Esun: which table cards a played card can be built into a protected pile with, for a value
//! `v` the player still holds (the spec's "Esun" and its clarifications).
//!
//! A pile is the played card plus a non-empty set of loose table cards, all of which split into
//! disjoint groups each summing to `v`, the played card in one of them (so its value is at most
//! `v`; it may equal `v`, and then it is a group on its own). Only numeric cards (A … 10) have
//! a value, so a played J, Q, K or joker builds nothing, and a joker on the table never goes
//! into a pile (it waits for the next capture). Under the Yorùbá rule the pile's cards have
//! pairwise distinct values (the played card's included), and with
//! [`Rules::yoruba_pile_excludes_v`] none of them, the played card included, has the value `v`.
//!
//! Whether `v` is held, whether Esun is in play ([`Rules::esun`]) and what happens to the pile
//! afterwards are the game's to check; these functions answer the card question only. The same
//! search as the captures answers it, with the played card committed to the groups up front.

use cards_core::{CardSet, StdCard};

use crate::capture::{Choices, Patterns, Source, check, splits_by_counts};
use crate::cards::{JOKER_BITS, MAX_VALUE, card_value, nibble, packed_counts};
use crate::error::CaptureError;
use crate::rules::Rules;
use crate::search::Search;

fn build_source(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<Source, CaptureError> {
    check(played, table, rules)?;
    if !(1..=MAX_VALUE).contains(&value) {
        return Err(CaptureError::NotAValue { value });
    }
    let Some(own) = card_value(played).filter(|&p| p <= value) else {
        return Ok(Source::Single(None));
    };
    let yoruba = rules.yoruba;
    if yoruba && rules.yoruba_pile_excludes_v && own == value {
        return Ok(Source::Single(None));
    }
    let counts = packed_counts(table.bits() & !JOKER_BITS);
    let mut caps = [0u8; 11];
    for v in 1..=value {
        let have = nibble(counts, u32::from(v) - 1);
        caps[usize::from(v)] = if yoruba { have.min(1) } else { have };
    }
    if yoruba {
        caps[usize::from(own)] = 0;
        if rules.yoruba_pile_excludes_v {
            caps[usize::from(value)] = 0;
        }
    }
    Ok(Source::Search(Search::new(value, caps, counts, own, 0)))
}

/// Every distinct non-empty set of `table` cards that can go into a protected pile with
/// `played` for the value `value` (see the module docs), lazily. `table` holds the loose table
/// cards only.
///
/// ```
/// use cards_core::{CardSet, StdCard};
/// use elewenjewe::{Rules, builds, count_builds, is_build};
///
/// let cards = |s: &str| s.split_whitespace().map(str::parse).collect::<Result<CardSet<StdCard>, _>>();
/// // The spec's example: holding a 10, play an ace onto 9, 2, 8, 5, 5 and build
/// // {9, A} + {2, 8} + {5, 5}.
/// let table = cards("9C 2D 8H 5S 5H")?;
/// let ace = "AS".parse()?;
/// assert!(is_build(ace, table, 10, table, &Rules::default())?);
/// assert!(builds(ace, table, 10, &Rules::default())?.any(|set| set == table));
/// // Under the Yorùbá rule the two fives may not go together.
/// assert!(!is_build(ace, table, 10, table, &Rules::yoruba())?);
/// // {9, A}, or {9, A} + {2, 8}: the ace must be in a group.
/// assert_eq!(count_builds(ace, table, 10, &Rules::yoruba())?, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CaptureError::NotAValue`] unless `value` is 1 ..= 10; otherwise as
/// [`captures`](crate::captures).
pub fn builds(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<Choices, CaptureError> {
    Ok(Choices::new(
        build_source(played, table, value, rules)?,
        table,
    ))
}

/// The number of sets [`builds`] yields, without building them.
///
/// # Errors
/// As [`builds`].
pub fn count_builds(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<u64, CaptureError> {
    Ok(match build_source(played, table, value, rules)? {
        Source::Search(search) => search.card_set_count(),
        _ => 0,
    })
}

/// The sets of [`builds`] suit-blind: every distinct value pattern of the table cards (the
/// played card not included), each expanding by [`Pattern::card_sets`](crate::Pattern::card_sets)
/// to exactly its sets.
///
/// # Errors
/// As [`builds`].
pub fn build_patterns(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<Patterns, CaptureError> {
    Ok(Patterns::new(build_source(played, table, value, rules)?))
}

/// The number of patterns [`build_patterns`] yields, without building them.
///
/// # Errors
/// As [`builds`].
pub fn count_build_patterns(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<u64, CaptureError> {
    Ok(match build_source(played, table, value, rules)? {
        Source::Search(search) => search.pattern_count(),
        _ => 0,
    })
}

/// Whether `played` can be built into any pile for `value` on this table: whether [`builds`]
/// yields anything (it stops at the first).
///
/// # Errors
/// As [`builds`].
pub fn can_build(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<bool, CaptureError> {
    Ok(build_patterns(played, table, value, rules)?
        .next()
        .is_some())
}

/// Whether `played` and exactly the table cards `taken` form a pile for `value`: whether
/// [`builds`] would list `taken`. `false` when `taken` is empty, not on the table, or holds a
/// joker.
///
/// # Errors
/// As [`builds`].
pub fn is_build(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    taken: CardSet<StdCard>,
    rules: &Rules,
) -> Result<bool, CaptureError> {
    check(played, table, rules)?;
    if !(1..=MAX_VALUE).contains(&value) {
        return Err(CaptureError::NotAValue { value });
    }
    let cards = taken.bits();
    if cards == 0 || cards & !table.bits() != 0 || cards & JOKER_BITS != 0 {
        return Ok(false);
    }
    let Some(own) = card_value(played).filter(|&p| p <= value) else {
        return Ok(false);
    };
    if rules.yoruba {
        let counts = packed_counts(cards);
        let excludes_v = rules.yoruba_pile_excludes_v;
        let repeats = (1..=MAX_VALUE).any(|v| nibble(counts, u32::from(v) - 1) > 1);
        if repeats
            || nibble(counts, u32::from(own) - 1) > 0
            || (excludes_v && (own == value || nibble(counts, u32::from(value) - 1) > 0))
        {
            return Ok(false);
        }
    }
    Ok(splits_by_counts(value, cards, own, false, false))
}

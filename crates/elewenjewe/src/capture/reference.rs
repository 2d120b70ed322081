//! The obvious capture and build enumeration, the test oracle and bench baseline of the fast
//! path: every subset of the table, kept when some partition of it into groups follows the
//! spec's words; the kept card sets are distinct by construction (one per subset), and the
//! answers are sorted by their bits. Exponential in the table size: meant for tables of up to
//! 16 cards or so.

use cards_core::{Card, CardSet, StdCard};

use crate::cards::card_value;
use crate::error::CaptureError;
use crate::pattern::Pattern;
use crate::rules::Rules;

fn check(played: StdCard, table: CardSet<StdCard>, rules: &Rules) -> Result<(), CaptureError> {
    if table.contains(played) {
        return Err(CaptureError::PlayedOnTable { card: played });
    }
    if !rules.jokers
        && let Some(card) = std::iter::once(played)
            .chain(table.iter())
            .find(|c| c.is_joker())
    {
        return Err(CaptureError::JokersNotInPlay { card });
    }
    Ok(())
}

/// The card's value, 0 for a face card or a joker (bit index `i` of the table).
fn value_of(i: u32) -> u8 {
    StdCard::ALL
        .get(i as usize)
        .and_then(|&c| card_value(c))
        .unwrap_or(0)
}

/// Whether the cards `cards` (bits) can be split into groups each summing to `v`: the group
/// holding the lowest card is tried with every set of later cards that completes it, and the
/// rest is split the same way. A card without a value is in no group.
fn splits_into_groups(cards: u64, v: u8) -> bool {
    /// Completes the group that still needs `need` from the cards of `from`, then splits
    /// `rest` (the cards not in the group).
    fn complete(need: u8, from: u64, rest: u64, v: u8) -> bool {
        if need == 0 {
            return splits_into_groups(rest, v);
        }
        let mut candidates = from;
        while candidates != 0 {
            let i = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let value = value_of(i);
            if value != 0
                && value <= need
                && complete(need - value, candidates, rest & !(1 << i), v)
            {
                return true;
            }
        }
        false
    }
    if cards == 0 {
        return true;
    }
    let first = cards.trailing_zeros();
    let rest = cards & (cards - 1);
    let value = value_of(first);
    value != 0 && value <= v && complete(v - value, rest, rest, v)
}

/// Whether every two cards' values differ.
fn distinct_values(cards: u64) -> bool {
    let mut seen = 0u32;
    let mut rest = cards;
    while rest != 0 {
        let value = value_of(rest.trailing_zeros());
        rest &= rest - 1;
        if seen >> value & 1 == 1 {
            return false;
        }
        seen |= 1 << value;
    }
    true
}

/// Whether some card has the value `v`.
fn holds_value(cards: u64, v: u8) -> bool {
    CardSet::<StdCard>::from_bits_truncate(cards)
        .iter()
        .any(|c| card_value(c) == Some(v))
}

/// Every subset of `set`, the empty one included (the submasks of its bits).
fn subsets(set: CardSet<StdCard>) -> impl Iterator<Item = u64> {
    let all = set.bits();
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let current = next?;
        let following = (current | !all).wrapping_add(1) & all;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

const JOKERS: u64 = 3 << 52;

fn played_index(card: StdCard) -> u32 {
    u32::from(card.index())
}

/// Whether `played` may capture exactly `taken` (bits of a subset of the table), by the spec's
/// words.
fn may_capture(played: StdCard, taken: u64, table: CardSet<StdCard>, rules: &Rules) -> bool {
    if taken == 0 {
        return false;
    }
    // A played joker takes the whole table.
    if played.is_joker() {
        return taken == table.bits();
    }
    // A joker on the table goes with every capture, and is never a capture alone.
    let cards = taken & !JOKERS;
    if taken & JOKERS != table.bits() & JOKERS || cards == 0 {
        return false;
    }
    match card_value(played) {
        // A face card: cards of its own rank, each a group of its own (Yorùbá: exactly one).
        None => {
            CardSet::<StdCard>::from_bits_truncate(cards)
                .iter()
                .all(|c| c.rank() == played.rank())
                && (!rules.yoruba || cards.count_ones() == 1)
        }
        Some(v) => {
            if rules.yoruba && (!distinct_values(cards) || holds_value(cards, v)) {
                return false;
            }
            splits_into_groups(cards, v)
        }
    }
}

/// Every distinct capture, as [`captures`](crate::captures) defines it, sorted by bits.
///
/// # Errors
/// As [`captures`](crate::captures).
pub fn captures(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<Vec<CardSet<StdCard>>, CaptureError> {
    check(played, table, rules)?;
    let mut out: Vec<CardSet<StdCard>> = subsets(table)
        .filter(|&taken| may_capture(played, taken, table, rules))
        .map(CardSet::from_bits_truncate)
        .collect();
    out.sort_by_key(|s| s.bits());
    out.dedup();
    Ok(out)
}

/// The distinct patterns of [`captures`], sorted.
///
/// # Errors
/// As [`captures`](crate::captures).
pub fn capture_patterns(
    played: StdCard,
    table: CardSet<StdCard>,
    rules: &Rules,
) -> Result<Vec<Pattern>, CaptureError> {
    let mut out: Vec<Pattern> = captures(played, table, rules)?
        .into_iter()
        .map(Pattern::of)
        .collect();
    out.sort();
    out.dedup();
    Ok(out)
}

/// Every distinct set of table cards that goes into a pile with `played` for `value`, as
/// [`builds`](crate::builds) defines it, sorted by bits.
///
/// # Errors
/// As [`builds`](crate::builds).
pub fn builds(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<Vec<CardSet<StdCard>>, CaptureError> {
    check(played, table, rules)?;
    if !(1..=10).contains(&value) {
        return Err(CaptureError::NotAValue { value });
    }
    // A played face card or joker has no value: it is in no group, so nothing is kept.
    let mut out = Vec::new();
    for taken in subsets(table) {
        // A pile holds at least one table card, never a joker.
        if taken == 0 || taken & JOKERS != 0 {
            continue;
        }
        // The pile: the played card and the table cards (the played card is not on the table).
        let pile = taken | 1 << played_index(played);
        if rules.yoruba
            && (!distinct_values(pile)
                || (rules.yoruba_pile_excludes_v && holds_value(pile, value)))
        {
            continue;
        }
        if splits_into_groups(pile, value) {
            out.push(CardSet::from_bits_truncate(taken));
        }
    }
    out.sort_by_key(|s| s.bits());
    out.dedup();
    Ok(out)
}

/// The distinct patterns of [`builds`], sorted.
///
/// # Errors
/// As [`builds`](crate::builds).
pub fn build_patterns(
    played: StdCard,
    table: CardSet<StdCard>,
    value: u8,
    rules: &Rules,
) -> Result<Vec<Pattern>, CaptureError> {
    let mut out: Vec<Pattern> = builds(played, table, value, rules)?
        .into_iter()
        .map(Pattern::of)
        .collect();
    out.sort();
    out.dedup();
    Ok(out)
}

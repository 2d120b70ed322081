//! [`Pattern`]: a suit-blind choice of table cards (how many of each rank, and the jokers), and
//! [`CardSets`], its expansion into the concrete card sets of a table.

use core::fmt;

use cards_core::{CardSet, StdCard};

use crate::cards::{JOKER_SLOT, binomial, nibble, packed_counts, slot_bits};

/// How many cards of each rank (A = 1 … K = 13) and how many jokers a choice of table cards
/// holds, suits forgotten: the unit of the value-level (AI) enumeration.
///
/// One pattern stands for every card set of the table with these counts:
/// [`Pattern::card_sets`] lists them, [`Pattern::card_set_count`] counts them (the product of
/// the binomials `C(cards of rank r on the table, count of r)`).
///
/// Text form: the ranks in ascending order with repeats, jokers as `X` (`A A 7`, `3 6`,
/// `J J X`); `-` when empty.
///
/// ```
/// use cards_core::{CardSet, StdCard};
/// use elewenjewe::Pattern;
///
/// let table: CardSet<StdCard> = ["6C", "3D", "3H", "9H"].iter().map(|c| c.parse().unwrap()).collect();
/// let six_three = Pattern::EMPTY.with(6, 1).with(3, 1);
/// assert_eq!(six_three.to_string(), "3 6");
/// assert_eq!(six_three.card_set_count(table), 2); // 6C with 3D, or with 3H
/// let sets: Vec<String> = six_three.card_sets(table).map(|s| s.to_string()).collect();
/// assert_eq!(sets, ["6C 3D", "6C 3H"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pattern(u64);

impl Pattern {
    /// The empty pattern.
    pub const EMPTY: Pattern = Pattern(0);

    /// The pattern of a set of cards (its counts per rank and its jokers).
    #[must_use]
    pub const fn of(cards: CardSet<StdCard>) -> Pattern {
        Pattern(packed_counts(cards.bits()))
    }

    pub(crate) const fn from_packed(packed: u64) -> Pattern {
        Pattern(packed)
    }

    pub(crate) const fn packed(self) -> u64 {
        self.0
    }

    /// How many cards of `rank` (1 = ace … 13 = king) it holds; 0 for any other rank.
    #[must_use]
    pub const fn count(self, rank: u8) -> u8 {
        if rank >= 1 && rank <= 13 {
            nibble(self.0, rank as u32 - 1)
        } else {
            0
        }
    }

    /// How many jokers it holds.
    #[must_use]
    pub const fn jokers(self) -> u8 {
        nibble(self.0, JOKER_SLOT)
    }

    /// This pattern with `count` cards of `rank` (1 ..= 13; another rank leaves it unchanged);
    /// `count` is kept to 0 ..= 4, the cards of a rank in one pack.
    #[must_use]
    pub const fn with(self, rank: u8, count: u8) -> Pattern {
        if rank < 1 || rank > 13 {
            return self;
        }
        let shift = 4 * (rank as u32 - 1);
        let count = if count > 4 { 4 } else { count };
        Pattern(self.0 & !(0xf << shift) | (count as u64) << shift)
    }

    /// This pattern with `jokers` jokers (kept to 0 ..= 2).
    #[must_use]
    pub const fn with_jokers(self, jokers: u8) -> Pattern {
        let shift = 4 * JOKER_SLOT;
        let jokers = if jokers > 2 { 2 } else { jokers };
        Pattern(self.0 & !(0xf << shift) | (jokers as u64) << shift)
    }

    /// Number of cards.
    #[must_use]
    pub const fn len(self) -> usize {
        let mut n = 0;
        let mut slot = 0;
        while slot <= JOKER_SLOT {
            n += nibble(self.0, slot) as usize;
            slot += 1;
        }
        n
    }

    /// Whether it holds no card.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The sum of the card values (A = 1 … 10; face cards and jokers count 0).
    #[must_use]
    pub const fn value_sum(self) -> u32 {
        let mut sum = 0;
        let mut rank = 1;
        while rank <= 10 {
            sum += rank * nibble(self.0, rank - 1) as u32;
            rank += 1;
        }
        sum
    }

    /// Whether `table` has the cards for it (at least its count of every rank and of jokers).
    #[must_use]
    pub const fn fits(self, table: CardSet<StdCard>) -> bool {
        let have = packed_counts(table.bits());
        let mut slot = 0;
        while slot <= JOKER_SLOT {
            if nibble(self.0, slot) > nibble(have, slot) {
                return false;
            }
            slot += 1;
        }
        true
    }

    /// How many card sets of `table` it stands for: the product over its ranks (and the jokers)
    /// of `C(cards of that rank on the table, its count)`; 0 when it does not fit the table.
    #[must_use]
    pub const fn card_set_count(self, table: CardSet<StdCard>) -> u64 {
        let have = packed_counts(table.bits());
        let mut n = 1;
        let mut slot = 0;
        while slot <= JOKER_SLOT {
            n *= binomial(nibble(have, slot), nibble(self.0, slot));
            slot += 1;
        }
        n
    }

    /// The distinct card sets of `table` with this pattern, lazily (none when it does not fit
    /// the table; the empty pattern has one, the empty set). The order: the lowest cards of each rank first, the lower ranks varying
    /// fastest.
    #[must_use]
    pub fn card_sets(self, table: CardSet<StdCard>) -> CardSets {
        CardSets::new(self, table.bits())
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let mut first = true;
        for slot in 0..=JOKER_SLOT {
            for _ in 0..nibble(self.0, slot) {
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                let name = if slot == JOKER_SLOT {
                    "X"
                } else {
                    [
                        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
                    ][slot as usize]
                };
                f.write_str(name)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pattern({self})")
    }
}

/// The `take` lowest cards of `mask`.
#[inline]
fn first_choice(mask: u64, take: u8) -> u64 {
    let mut rest = mask;
    for _ in 0..take {
        rest &= rest.wrapping_sub(1);
    }
    mask ^ rest
}

/// The next choice of `take` cards of `mask` after `current` in increasing bit order, or `None`
/// after the last.
#[inline]
fn next_choice(mask: u64, take: u8, current: u64) -> Option<u64> {
    let mut sub = current;
    loop {
        // Next submask of `mask` in increasing order.
        sub = (sub | !mask).wrapping_add(1) & mask;
        if sub == 0 {
            return None;
        }
        if sub.count_ones() == u32::from(take) {
            return Some(sub);
        }
    }
}

/// Slots a pattern can have: 13 ranks and the jokers.
const SLOTS: usize = 14;

/// The card sets of one [`Pattern`] on one table ([`Pattern::card_sets`]): an odometer over the
/// ranks whose table cards are more than the pattern takes; no allocation.
#[derive(Clone, Debug)]
pub struct CardSets {
    /// The cards every set holds plus the current choices.
    current: u64,
    /// Per varying slot: the table's cards of that rank, the current choice, how many it takes.
    masks: [u64; SLOTS],
    choices: [u64; SLOTS],
    takes: [u8; SLOTS],
    len: u8,
    /// Whether `current` is the next set to hand out.
    pending: bool,
}

impl CardSets {
    pub(crate) const NONE: CardSets = CardSets {
        current: 0,
        masks: [0; SLOTS],
        choices: [0; SLOTS],
        takes: [0; SLOTS],
        len: 0,
        pending: false,
    };

    pub(crate) fn new(pattern: Pattern, table: u64) -> CardSets {
        let mut out = CardSets::NONE;
        out.reset(pattern, table);
        out
    }

    /// Starts over with another pattern (in place: only the slots it uses are written).
    #[inline]
    pub(crate) fn reset(&mut self, pattern: Pattern, table: u64) {
        self.current = 0;
        self.len = 0;
        self.pending = false;
        let mut rest = pattern.packed();
        while rest != 0 {
            let slot = rest.trailing_zeros() / 4;
            let take = nibble(rest, slot);
            rest &= !(0xf << (4 * slot));
            let mask = slot_bits(table, slot);
            let have = mask.count_ones();
            if u32::from(take) > have {
                self.current = 0;
                self.len = 0;
                return;
            }
            let first = first_choice(mask, take);
            self.current |= first;
            if u32::from(take) < have {
                let i = usize::from(self.len);
                self.masks[i] = mask;
                self.choices[i] = first;
                self.takes[i] = take;
                self.len += 1;
            }
        }
        self.pending = true;
    }
}

impl Iterator for CardSets {
    type Item = CardSet<StdCard>;

    #[inline]
    fn next(&mut self) -> Option<CardSet<StdCard>> {
        if self.pending {
            self.pending = false;
            return Some(CardSet::from_bits_truncate(self.current));
        }
        for i in 0..usize::from(self.len) {
            let (mask, take, old) = (self.masks[i], self.takes[i], self.choices[i]);
            let new = next_choice(mask, take, old);
            let new = new.unwrap_or_else(|| first_choice(mask, take));
            self.choices[i] = new;
            self.current ^= old ^ new;
            if new > old {
                return Some(CardSet::from_bits_truncate(self.current));
            }
        }
        // Every slot wrapped: done.
        self.len = 0;
        None
    }
}

impl core::iter::FusedIterator for CardSets {}

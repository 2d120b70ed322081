//! Card values as Eléwénjewé counts them, and the bit layout of `CardSet<StdCard>` that the
//! searches use (index = suit × 13 + rank − 1; the jokers are bits 52 and 53).

use cards_core::StdCard;

/// The highest card value (the ten).
pub const MAX_VALUE: u8 = 10;

/// The value a card captures and is captured by: Ace = 1, 2–10 at face value. J, Q, K and the
/// jokers have none (`None`).
///
/// ```
/// use elewenjewe::card_value;
/// let value = |s: &str| card_value(s.parse().unwrap());
/// assert_eq!((value("AS"), value("TD"), value("JH"), value("X1")), (Some(1), Some(10), None, None));
/// ```
#[must_use]
pub const fn card_value(card: StdCard) -> Option<u8> {
    match card.rank() {
        Some(rank) if rank <= MAX_VALUE => Some(rank),
        _ => None,
    }
}

/// The two jokers' bits.
pub(crate) const JOKER_BITS: u64 = 3 << 52;
/// The four cards of rank 1 (one per suit); shifted by `rank − 1`, the cards of that rank.
pub(crate) const RANK_COLUMN: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
/// Slot of the jokers in a packed count word (ranks take slots 0 ..= 12).
pub(crate) const JOKER_SLOT: u32 = 13;

/// The table bits of one slot: rank `slot + 1`, or the jokers for [`JOKER_SLOT`].
#[inline]
pub(crate) const fn slot_bits(table: u64, slot: u32) -> u64 {
    if slot == JOKER_SLOT {
        table & JOKER_BITS
    } else {
        table & RANK_COLUMN << slot
    }
}

/// Spreads 7 bits to one per nibble.
const SPREAD: [u32; 128] = {
    let mut t = [0u32; 128];
    let mut x = 0;
    while x < 128 {
        let mut bit = 0;
        while bit < 7 {
            if x >> bit & 1 == 1 {
                t[x] |= 1 << (4 * bit);
            }
            bit += 1;
        }
        x += 1;
    }
    t
};

#[inline]
const fn spread13(row: u64) -> u64 {
    SPREAD[(row & 0x7f) as usize] as u64 | (SPREAD[(row >> 7 & 0x3f) as usize] as u64) << 28
}

/// The number of cards of each rank (nibble `rank − 1`) and of jokers (nibble 13) in a set:
/// four suit rows added nibble-wise (no nibble exceeds 4).
#[inline]
pub(crate) const fn packed_counts(bits: u64) -> u64 {
    spread13(bits)
        + spread13(bits >> 13)
        + spread13(bits >> 26)
        + spread13(bits >> 39)
        + (((bits >> 52 & 1) + (bits >> 53 & 1)) << (4 * JOKER_SLOT))
}

/// The nibble of `slot` in a packed count word.
#[inline]
pub(crate) const fn nibble(packed: u64, slot: u32) -> u8 {
    (packed >> (4 * slot) & 0xf) as u8
}

/// `C(n, k)` for `n ≤ 4`.
pub(crate) const BINOMIAL: [[u8; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// `C(n, k)`, 0 when `k > n`; `n` above 4 is never asked (one pack).
#[inline]
pub(crate) const fn binomial(n: u8, k: u8) -> u64 {
    if n > 4 || k > 4 {
        0
    } else {
        BINOMIAL[n as usize][k as usize] as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{Card, CardSet};

    #[test]
    fn packed_counts_count_every_rank() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let set = CardSet::<StdCard>::from_bits_truncate(x);
            let packed = packed_counts(set.bits());
            for slot in 0..=JOKER_SLOT {
                let n = set
                    .iter()
                    .filter(|c| match c.rank() {
                        Some(r) => u32::from(r) == slot + 1,
                        None => slot == JOKER_SLOT,
                    })
                    .count();
                assert_eq!(usize::from(nibble(packed, slot)), n);
                assert_eq!(slot_bits(set.bits(), slot).count_ones() as usize, n);
            }
        }
        assert_eq!(StdCard::JOKER_1.index(), 52);
    }
}

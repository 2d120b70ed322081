//! [`CardSet`]: a set of cards of one deck as a typed `u64` bitset.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::Card;

/// A set of cards of one deck: bit `i` is set when the card with index `i` is in the set.
///
/// Set algebra goes through operators: `a | b` (union), `a & b` (intersection), `a - b`
/// (difference), `a ^ b` (symmetric difference) and `!a` (complement within the deck).
/// Iteration is in index order. Serde writes a list of card strings and refuses duplicates.
///
/// ```
/// use cards_core::{CardSet, DidoCard};
/// let hand: CardSet<DidoCard> = ["A1", "S1", "P0"].iter().map(|s| s.parse().unwrap()).collect();
/// let ones: CardSet<DidoCard> = hand.iter().filter(|c| c.number() == 1).collect();
/// assert_eq!(ones.len(), 2);
/// assert_eq!((hand - ones).to_string(), "P0");
/// assert_eq!((!hand).len(), 33);
/// ```
pub struct CardSet<C> {
    bits: u64,
    deck: PhantomData<fn() -> C>,
}

impl<C: Card> CardSet<C> {
    /// The empty set.
    pub const EMPTY: Self = CardSet {
        bits: 0,
        deck: PhantomData,
    };

    const MASK: u64 = if C::DECK_SIZE >= 64 {
        u64::MAX
    } else {
        (1u64 << C::DECK_SIZE) - 1
    };

    /// The whole deck.
    #[must_use]
    pub const fn full() -> Self {
        CardSet {
            bits: Self::MASK,
            deck: PhantomData,
        }
    }

    /// The set with these bits, or `None` when a bit lies outside the deck.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Self> {
        if bits & !Self::MASK == 0 {
            Some(CardSet {
                bits,
                deck: PhantomData,
            })
        } else {
            None
        }
    }

    /// The set with these bits, dropping any bit outside the deck.
    #[must_use]
    pub const fn from_bits_truncate(bits: u64) -> Self {
        CardSet {
            bits: bits & Self::MASK,
            deck: PhantomData,
        }
    }

    /// The set of one card.
    #[must_use]
    pub fn single(card: C) -> Self {
        CardSet {
            bits: 1 << card.index(),
            deck: PhantomData,
        }
    }

    /// The raw bits.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.bits
    }

    /// Number of cards in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// Whether `card` is in the set.
    #[must_use]
    pub fn contains(self, card: C) -> bool {
        self.bits >> card.index() & 1 == 1
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: C) -> bool {
        let absent = !self.contains(card);
        self.bits |= 1 << card.index();
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: C) -> bool {
        let present = self.contains(card);
        self.bits &= !(1 << card.index());
        present
    }

    /// This set with `card` added.
    #[must_use]
    pub fn with(self, card: C) -> Self {
        CardSet {
            bits: self.bits | 1 << card.index(),
            deck: PhantomData,
        }
    }

    /// This set with `card` removed.
    #[must_use]
    pub fn without(self, card: C) -> Self {
        CardSet {
            bits: self.bits & !(1 << card.index()),
            deck: PhantomData,
        }
    }

    /// Whether every card of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: Self) -> bool {
        self.bits & !other.bits == 0
    }

    /// Whether the sets share no card.
    #[must_use]
    pub const fn is_disjoint(self, other: Self) -> bool {
        self.bits & other.bits == 0
    }

    /// The card with the lowest index, if any.
    #[must_use]
    pub fn first(self) -> Option<C> {
        if self.bits == 0 {
            None
        } else {
            C::from_index(self.bits.trailing_zeros() as u8)
        }
    }

    /// The card with the highest index, if any.
    #[must_use]
    pub fn last(self) -> Option<C> {
        if self.bits == 0 {
            None
        } else {
            C::from_index(63 - self.bits.leading_zeros() as u8)
        }
    }

    /// The card at position `n` (from 0) in index order: `self.iter().nth(n)`, without the
    /// iterator and without a branch on `n` (a broadword select: per-byte counts, their prefix
    /// sums, one table lookup in the byte). `None` when the set has `n` cards or fewer.
    ///
    /// ```
    /// use cards_core::{CardSet, DidoCard};
    /// let set: CardSet<DidoCard> = ["A1", "S1", "P0"].iter().map(|s| s.parse().unwrap()).collect();
    /// for n in 0..4 {
    ///     assert_eq!(set.nth(n), set.iter().nth(n));
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub fn nth(self, n: usize) -> Option<C> {
        self.select(byte_sums(self.bits), n)
    }

    /// The card at the position `choose` returns when given the number of cards: what a
    /// random pick from the set needs, with the cards counted once (the count is a by-product
    /// of [`CardSet::nth`]'s per-byte sums; baseline x86-64 has no `popcnt` instruction, so
    /// [`CardSet::len`] then `nth` would count twice). `None` when `choose` returns `None` or a
    /// position past the end.
    ///
    /// ```
    /// use cards_core::{CardSet, DidoCard};
    /// let set: CardSet<DidoCard> = ["A1", "S1", "P0"].iter().map(|s| s.parse().unwrap()).collect();
    /// assert_eq!(set.pick(|n| Some(n - 1)), set.last());
    /// assert_eq!(set.pick(|n| Some(n)), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn pick(self, choose: impl FnOnce(usize) -> Option<usize>) -> Option<C> {
        let sums = byte_sums(self.bits);
        let n = choose((sums >> 56) as usize)?;
        self.select(sums, n)
    }

    /// [`CardSet::nth`] given the set's [`byte_sums`].
    #[inline(always)]
    fn select(self, sums: u64, n: usize) -> Option<C> {
        const L8: u64 = 0x0101_0101_0101_0101;
        const H8: u64 = 0x8080_8080_8080_8080;
        if n as u64 >= sums >> 56 {
            return None;
        }
        let x = self.bits;
        // High bit of byte i set when the count up to byte i is at most n: the card lies in
        // the first byte where it is not.
        let at_most = ((n as u64 * L8) | H8).wrapping_sub(sums) & H8;
        let place = ((at_most >> 7).wrapping_mul(L8) >> 53) & !7;
        let before = ((sums << 8) >> place) & 0xff;
        let byte = (x >> place) & 0xff;
        let rank = n as u64 - before;
        let bit = place + u64::from(SELECT_IN_BYTE[(byte << 3 | rank) as usize & 0x7ff]);
        C::from_index(bit as u8)
    }

    /// The cards in index order.
    #[must_use]
    pub fn iter(self) -> Iter<C> {
        Iter {
            bits: self.bits,
            deck: PhantomData,
        }
    }

    /// Builds a set from cards, or returns the first card that appears twice.
    ///
    /// # Errors
    /// The repeated card.
    pub fn try_from_distinct<I: IntoIterator<Item = C>>(cards: I) -> Result<Self, C> {
        let mut set = Self::EMPTY;
        for card in cards {
            if !set.insert(card) {
                return Err(card);
            }
        }
        Ok(set)
    }
}

/// Byte `i` of the result holds the number of set bits in bytes `0..=i` of `x` (at most 64:
/// no carry between bytes); the top byte is the whole count.
#[inline(always)]
fn byte_sums(x: u64) -> u64 {
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    s.wrapping_mul(0x0101_0101_0101_0101)
}

/// For each byte `b` and rank `r` (at `b << 3 | r`): the position of the `r`-th set bit of
/// `b` (0 when `b` has `r` set bits or fewer).
static SELECT_IN_BYTE: [u8; 2048] = {
    let mut table = [0u8; 2048];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b << 3 | r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone)]
pub struct Iter<C> {
    bits: u64,
    deck: PhantomData<fn() -> C>,
}

impl<C> fmt::Debug for Iter<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Iter")
            .field("bits", &format_args!("{:#x}", self.bits))
            .finish()
    }
}

impl<C: Card> Iterator for Iter<C> {
    type Item = C;

    fn next(&mut self) -> Option<C> {
        if self.bits == 0 {
            return None;
        }
        let index = self.bits.trailing_zeros() as u8;
        self.bits &= self.bits - 1;
        C::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
}

impl<C: Card> DoubleEndedIterator for Iter<C> {
    fn next_back(&mut self) -> Option<C> {
        if self.bits == 0 {
            return None;
        }
        let index = 63 - self.bits.leading_zeros() as u8;
        self.bits &= !(1 << index);
        C::from_index(index)
    }
}

impl<C: Card> ExactSizeIterator for Iter<C> {}
impl<C: Card> core::iter::FusedIterator for Iter<C> {}

impl<C: Card> IntoIterator for CardSet<C> {
    type Item = C;
    type IntoIter = Iter<C>;
    fn into_iter(self) -> Iter<C> {
        self.iter()
    }
}

impl<C: Card> FromIterator<C> for CardSet<C> {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        set.extend(iter);
        set
    }
}

impl<C: Card> Extend<C> for CardSet<C> {
    fn extend<I: IntoIterator<Item = C>>(&mut self, iter: I) {
        for card in iter {
            self.insert(card);
        }
    }
}

impl<C: Card> From<C> for CardSet<C> {
    fn from(card: C) -> Self {
        Self::single(card)
    }
}

// Manual impls: derives would demand `C: Clone` etc. for the phantom type.
impl<C> Clone for CardSet<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for CardSet<C> {}
impl<C> PartialEq for CardSet<C> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}
impl<C> Eq for CardSet<C> {}
impl<C> Hash for CardSet<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}
impl<C> Default for CardSet<C> {
    fn default() -> Self {
        CardSet {
            bits: 0,
            deck: PhantomData,
        }
    }
}

macro_rules! binop {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<C: Card> $trait for CardSet<C> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                CardSet { bits: self.bits $op rhs.bits, deck: PhantomData }
            }
        }
        impl<C: Card> $assign for CardSet<C> {
            fn $assign_method(&mut self, rhs: Self) {
                self.bits = self.bits $op rhs.bits;
            }
        }
    };
}
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<C: Card> Sub for CardSet<C> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        CardSet {
            bits: self.bits & !rhs.bits,
            deck: PhantomData,
        }
    }
}
impl<C: Card> SubAssign for CardSet<C> {
    fn sub_assign(&mut self, rhs: Self) {
        self.bits &= !rhs.bits;
    }
}
impl<C: Card> Not for CardSet<C> {
    type Output = Self;
    fn not(self) -> Self {
        CardSet {
            bits: !self.bits & Self::MASK,
            deck: PhantomData,
        }
    }
}

/// Cards separated by spaces in index order; `-` for the empty set. `{:#}` writes each card
/// with `{:#}` (suit symbols where the deck has them).
impl<C: Card> fmt::Display for CardSet<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(&card, f)?;
        }
        Ok(())
    }
}

impl<C: Card> fmt::Debug for CardSet<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CardSet")?;
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<C: Card> serde::Serialize for CardSet<C> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, C: Card> serde::Deserialize<'de> for CardSet<C> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<C>(PhantomData<fn() -> C>);
        impl<'de, C: Card> serde::de::Visitor<'de> for V<C> {
            type Value = CardSet<C>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of distinct {} cards", C::DECK_NAME)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut set = CardSet::EMPTY;
                while let Some(card) = seq.next_element::<C>()? {
                    if !set.insert(card) {
                        return Err(serde::de::Error::custom(format_args!(
                            "card {card} appears twice"
                        )));
                    }
                }
                Ok(set)
            }
        }
        d.deserialize_seq(V(PhantomData))
    }
}

//! Seats: [`PlayerId`], per-seat values without allocation ([`PerSeat`]), and the error for a
//! table of the wrong size ([`PlayerCountError`]).

use core::fmt;
use core::ops::{Deref, DerefMut, RangeInclusive};

/// A seat at the table, numbered from 0 in turn order.
///
/// Displays as its number; its `Debug` form is `Seat(1)` (not `P1`, which is also a card's name).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat number as an index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat with this index, or `None` when it is not below [`MAX_SEATS`].
    #[must_use]
    pub const fn from_index(index: usize) -> Option<PlayerId> {
        if index < MAX_SEATS {
            Some(PlayerId(index as u8))
        } else {
            None
        }
    }

    /// The seat after this one at a table of `players` (seat 0 when `players` is 0, and after
    /// seat 255, the last a byte names, whatever `players`).
    #[must_use]
    pub const fn next(self, players: usize) -> PlayerId {
        if players == 0 {
            return PlayerId(0);
        }
        // At most 256, which the byte makes seat 0.
        PlayerId(((self.0 as usize + 1) % players) as u8)
    }

    /// Every seat of a table of `players`, in seat order (at most [`MAX_SEATS`]).
    pub fn all(players: usize) -> impl DoubleEndedIterator<Item = PlayerId> + Clone {
        (0..players.min(MAX_SEATS)).map(|s| PlayerId(s as u8))
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.0)
    }
}

/// The most seats any game of the project seats (Eléwénjewé: 5), with room to spare.
pub const MAX_SEATS: usize = 8;

/// The table has a number of players the game (under these rules) is not played with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game} is played by {} players, not {got}", counts(.range))]
pub struct PlayerCountError {
    /// The game's name.
    pub game: &'static str,
    /// Players asked for.
    pub got: usize,
    /// The player counts allowed under the rules.
    pub range: RangeInclusive<usize>,
}

/// `4` for a game of exactly four players, `2 to 5` for a range.
fn counts(range: &RangeInclusive<usize>) -> String {
    if range.start() == range.end() {
        range.start().to_string()
    } else {
        format!("{} to {}", range.start(), range.end())
    }
}

impl PlayerCountError {
    /// `Ok(())` when `got` lies in `range`, else the error naming `game`.
    ///
    /// # Errors
    /// [`PlayerCountError`] when `got` is outside `range`.
    pub fn check(
        game: &'static str,
        got: usize,
        range: RangeInclusive<usize>,
    ) -> Result<(), PlayerCountError> {
        if range.contains(&got) {
            Ok(())
        } else {
            Err(PlayerCountError { game, got, range })
        }
    }
}

/// One value per seat, stored inline (at most [`MAX_SEATS`]): what settlements and returns
/// are, so that reading them in a playout loop allocates nothing.
///
/// Derefs to a slice of exactly the table's seats. Serde writes a plain list.
///
/// ```
/// use cards_core::PerSeat;
/// let s = PerSeat::from_fn(3, |seat| if seat.index() == 0 { 4 } else { -2 }).unwrap();
/// assert_eq!(&*s, &[4, -2, -2]);
/// assert_eq!(s.iter().sum::<i64>(), 0);
/// assert_eq!(s.map(|v| v as f64)[1], -2.0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PerSeat<T> {
    len: u8,
    values: [T; MAX_SEATS],
}

impl<T: Copy + Default> PerSeat<T> {
    /// `players` default values (zeros for numbers), or `None` above [`MAX_SEATS`].
    #[must_use]
    pub fn new(players: usize) -> Option<Self> {
        (players <= MAX_SEATS).then(|| PerSeat {
            len: players as u8,
            values: [T::default(); MAX_SEATS],
        })
    }

    /// One value per seat from `f`, or `None` above [`MAX_SEATS`].
    pub fn from_fn(players: usize, mut f: impl FnMut(PlayerId) -> T) -> Option<Self> {
        let mut out = Self::new(players)?;
        for (seat, v) in out.iter_mut().enumerate() {
            *v = f(PlayerId(seat as u8));
        }
        Some(out)
    }

    /// The values of a slice, or `None` when it is longer than [`MAX_SEATS`].
    #[must_use]
    pub fn from_slice(values: &[T]) -> Option<Self> {
        let mut out = Self::new(values.len())?;
        out.copy_from_slice(values);
        Some(out)
    }

    /// Each value mapped through `f`.
    #[must_use]
    pub fn map<U: Copy + Default>(&self, mut f: impl FnMut(T) -> U) -> PerSeat<U> {
        let mut values = [U::default(); MAX_SEATS];
        for (out, &v) in values.iter_mut().zip(self.iter()) {
            *out = f(v);
        }
        PerSeat {
            len: self.len,
            values,
        }
    }
}

impl<T: Copy + Default> Default for PerSeat<T> {
    /// No seats.
    fn default() -> Self {
        PerSeat {
            len: 0,
            values: [T::default(); MAX_SEATS],
        }
    }
}

impl<T> Deref for PerSeat<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.values[..self.len as usize]
    }
}

impl<T> DerefMut for PerSeat<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.values[..self.len as usize]
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for PerSeat<T> {
    fn eq(&self, other: &[T; N]) -> bool {
        **self == other[..]
    }
}

impl<T: PartialEq> PartialEq<[T]> for PerSeat<T> {
    fn eq(&self, other: &[T]) -> bool {
        **self == *other
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for PerSeat<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        **self == other[..]
    }
}

impl<T: fmt::Debug> fmt::Debug for PerSeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: fmt::Display> fmt::Display for PerSeat<T> {
    /// `[a, b, c]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            v.fmt(f)?;
        }
        f.write_str("]")
    }
}

impl<'a, T> IntoIterator for &'a PerSeat<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: serde::Serialize> serde::Serialize for PerSeat<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: serde::Deserialize<'de> + Copy + Default> serde::Deserialize<'de> for PerSeat<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        PerSeat::from_slice(&values).ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "{} seats given; at most {MAX_SEATS} are supported",
                values.len()
            ))
        })
    }
}

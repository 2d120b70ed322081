//! [`SettleError`]: why a finished game could not be settled. The game's own errors (a refused
//! action, a refused setup) join with the game.

use core::fmt;

use cards_core::DidoCard;

/// A per-seat count of a [`SettleInput`](crate::SettleInput), named as the oracle's request
/// names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountField {
    /// `ren`: each seat's number of Ren calls.
    Ren,
    /// `shakes`: each seat's shakes in force.
    Shakes,
    /// `bombs`: each seat's bombs in force.
    Bombs,
}

impl fmt::Display for CountField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CountField::Ren => "ren",
            CountField::Shakes => "shakes",
            CountField::Bombs => "bombs",
        })
    }
}

/// Why [`settle`](crate::settle) refused its input. Each variant names the field as the
/// oracle's `letom.settle` request names it, and carries the values involved. The checks run
/// in the order of the variants, so the first problem found is the one reported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SettleError {
    /// `captured` does not hold 2 to 4 seats.
    #[error("captured must hold the cards of 2 to 4 seats, not {got}")]
    SeatCount {
        /// The number of seats given.
        got: usize,
    },
    /// A per-seat list does not have one entry per seat of `captured`.
    #[error("{field} has {got} entries, but captured has {seats} seats")]
    Length {
        /// The list.
        field: CountField,
        /// Its length.
        got: usize,
        /// The number of seats.
        seats: usize,
    },
    /// A card lies in two seats' captured piles (one deck: each card exists once).
    #[error("{card} is in captured[{first}] and in captured[{second}]: each card exists once")]
    CardTwice {
        /// The card.
        card: DidoCard,
        /// The first seat holding it.
        first: usize,
        /// The later seat holding it too.
        second: usize,
    },
    /// `winner` is not a seat.
    #[error("winner is {winner}, not a seat: the seats are 0 to {last}", last = .seats.saturating_sub(1))]
    Winner {
        /// The seat given.
        winner: usize,
        /// The number of seats.
        seats: usize,
    },
    /// A count is negative.
    #[error("{field}[{seat}] is {value}: a count cannot be negative")]
    Negative {
        /// The list.
        field: CountField,
        /// The seat.
        seat: usize,
        /// The value given.
        value: i64,
    },
    /// `last_ren` is not a seat.
    #[error("last_ren is {seat}, not a seat: the seats are 0 to {last}", last = .seats.saturating_sub(1))]
    LastRenNotASeat {
        /// The seat given.
        seat: usize,
        /// The number of seats.
        seats: usize,
    },
    /// `last_ren` names the winner: it names the *loser* who called Ren most recently.
    #[error(
        "last_ren is {seat}, the winner: it names the loser who called Ren most recently \
         (null when no loser did)"
    )]
    LastRenIsWinner {
        /// The seat given.
        seat: usize,
    },
    /// `last_ren` names a seat that called no Ren.
    #[error("last_ren is {seat}, but ren[{seat}] is 0: that seat called no Ren")]
    LastRenWithoutRen {
        /// The seat given.
        seat: usize,
    },
    /// The nagari carry factor is below 1.
    #[error("carry is {carry}: the nagari carry factor is at least 1")]
    Carry {
        /// The value given.
        carry: i64,
    },
    /// An amount does not fit a 64-bit integer (counts far beyond any real game).
    #[error("the {what} does not fit a 64-bit integer: the counts are too large")]
    Overflow {
        /// The amount that overflowed (`score`, `owed`, `pay`).
        what: &'static str,
    },
}

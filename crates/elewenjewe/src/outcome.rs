//! [`Outcome`]: how a game ended, and the settlement's scale.

use core::fmt;

use cards_core::PlayerId;

/// The settlement's scale: the returns × 60 (60 is divisible by every number of tied winners,
/// 1 to 5), so the settlement is an integer.
pub const SETTLEMENT_SCALE: i64 = 60;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Each seat's game total.
    pub totals: Vec<i64>,
    /// The winners: the highest total (several on a shared win).
    pub winners: Vec<PlayerId>,
    /// The rounds played.
    pub rounds: u32,
}

impl fmt::Display for Outcome {
    /// `Seat 1 wins with 6 points after 3 rounds (totals 2, 6, 3).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self
            .winners
            .first()
            .and_then(|w| self.totals.get(w.index()))
            .copied()
            .unwrap_or(0);
        match self.winners.as_slice() {
            [one] => write!(f, "Seat {one} wins with {best} points")?,
            many => {
                let seats: Vec<String> = many.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "Seats {} share the win with {best} points",
                    seats.join(", ")
                )?;
            }
        }
        let all: Vec<String> = self.totals.iter().map(ToString::to_string).collect();
        let s = if self.rounds == 1 { "" } else { "s" };
        write!(
            f,
            " after {} round{s} (totals {}).",
            self.rounds,
            all.join(", ")
        )
    }
}

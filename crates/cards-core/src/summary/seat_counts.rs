//! [`SeatCounts`]: a count per seat (or side), with its rates.

use super::rate;

/// A count per seat or side (wins, captures, …), sized for the table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatCounts(Vec<u64>);

impl SeatCounts {
    /// Zero for each of `seats` seats.
    #[must_use]
    pub fn new(seats: usize) -> Self {
        SeatCounts(vec![0; seats])
    }

    /// Counts one for `seat` (a seat beyond the table is ignored: nothing was set up for it).
    pub fn add(&mut self, seat: usize) {
        if let Some(count) = self.0.get_mut(seat) {
            *count += 1;
        }
    }

    /// Adds everything counted in `other` (the same as adding one by one); grows to its
    /// seats.
    pub fn merge(&mut self, other: &SeatCounts) {
        self.grow(other.0.len());
        for (count, &more) in self.0.iter_mut().zip(&other.0) {
            *count += more;
        }
    }

    /// At least `seats` seats (a game type whose sides are known only from its games).
    pub fn grow(&mut self, seats: usize) {
        if self.0.len() < seats {
            self.0.resize(seats, 0);
        }
    }

    /// The counts by seat.
    #[must_use]
    pub fn counts(&self) -> &[u64] {
        &self.0
    }

    /// All seats' counts added.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Each seat's count as a share of `of` (0 when `of` is 0).
    #[must_use]
    pub fn rates(&self, of: u64) -> Vec<f64> {
        self.0.iter().map(|&count| rate(count, of)).collect()
    }
}

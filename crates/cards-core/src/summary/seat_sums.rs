//! [`SeatSums`]: a sum per seat (or side), with its means.

/// A sum per seat or side (final totals, penalties), exact, sized for the table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatSums(Vec<i128>);

impl SeatSums {
    /// Zero for each of `seats` seats.
    #[must_use]
    pub fn new(seats: usize) -> Self {
        SeatSums(vec![0; seats])
    }

    /// Adds one game's values, seat by seat (values beyond the table are ignored; the table
    /// grows to a game type's sides with [`Self::grow`]).
    pub fn add<T: Copy + Into<i128>>(&mut self, values: &[T]) {
        for (sum, &value) in self.0.iter_mut().zip(values) {
            *sum += value.into();
        }
    }

    /// Adds everything summed in `other` (the same as adding its games one by one); grows to
    /// its seats.
    pub fn merge(&mut self, other: &SeatSums) {
        self.grow(other.0.len());
        self.add(&other.0);
    }

    /// At least `seats` seats (a game type whose sides are known only from its games).
    pub fn grow(&mut self, seats: usize) {
        if self.0.len() < seats {
            self.0.resize(seats, 0);
        }
    }

    /// The sums by seat.
    #[must_use]
    pub fn sums(&self) -> &[i128] {
        &self.0
    }

    /// Each seat's sum over `of` games (0 when `of` is 0).
    #[must_use]
    pub fn means(&self, of: u64) -> Vec<f64> {
        self.0
            .iter()
            .map(|&sum| if of == 0 { 0.0 } else { sum as f64 / of as f64 })
            .collect()
    }
}

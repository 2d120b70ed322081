//! [`Spread`]: the mean, standard deviation and range of a value, from exact integer sums.

use serde::Serialize;

use super::Extremes;

/// The mean, spread and range of a value (a seat's total per match), from integer sums: the
/// same whatever order the values came in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spread {
    count: u64,
    sum: i128,
    /// The sum of the squares, saturating (the spread then comes from floating point).
    squares: u128,
    range: Extremes,
}

/// A [`Spread`] as a report shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpreadReport {
    /// Mean.
    pub mean: f64,
    /// Standard deviation (of the values counted, not an estimate for others).
    pub sd: f64,
    /// Lowest (`null` without values).
    pub min: Option<i64>,
    /// Highest.
    pub max: Option<i64>,
}

impl Spread {
    /// Counts `value`.
    pub fn add(&mut self, value: i64) {
        self.count += 1;
        self.sum += i128::from(value);
        let magnitude = u128::from(value.unsigned_abs());
        self.squares = self.squares.saturating_add(magnitude * magnitude);
        self.range.add(value);
    }

    /// Adds everything counted in `other` (the same as adding its values one by one: the
    /// squares saturate at the same bound whatever the order).
    pub fn merge(&mut self, other: &Spread) {
        self.count += other.count;
        self.sum += other.sum;
        self.squares = self.squares.saturating_add(other.squares);
        self.range.merge(&other.range);
    }

    /// Mean, standard deviation and range (0, 0 and `null` before any value).
    #[must_use]
    pub fn report(&self) -> SpreadReport {
        let n = self.count;
        let mean = if n == 0 {
            0.0
        } else {
            self.sum as f64 / n as f64
        };
        // n² · variance = n · Σx² − (Σx)², exact while it fits.
        let exact = i128::try_from(self.squares)
            .ok()
            .and_then(|sq| sq.checked_mul(i128::from(n)))
            .and_then(|a| {
                self.sum
                    .checked_mul(self.sum)
                    .and_then(|b| a.checked_sub(b))
            });
        let sd = match exact {
            _ if n == 0 => 0.0,
            Some(scaled) => (scaled.max(0) as f64).sqrt() / n as f64,
            None => (self.squares as f64 / n as f64 - mean * mean)
                .max(0.0)
                .sqrt(),
        };
        SpreadReport {
            mean,
            sd,
            min: self.range.min(),
            max: self.range.max(),
        }
    }
}

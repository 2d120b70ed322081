//! [`Extremes`]: the lowest and highest of the values seen.

/// The lowest and highest value seen (a score over the games that have one).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Extremes(Option<(i64, i64)>);

impl Extremes {
    /// Counts `value`.
    pub fn add(&mut self, value: i64) {
        self.0 = Some(match self.0 {
            None => (value, value),
            Some((lo, hi)) => (lo.min(value), hi.max(value)),
        });
    }

    /// Adds everything `other` saw (the same as adding its values one by one).
    pub fn merge(&mut self, other: &Extremes) {
        if let Some((lo, hi)) = other.0 {
            self.add(lo);
            self.add(hi);
        }
    }

    /// The lowest value (`None` before any).
    #[must_use]
    pub fn min(&self) -> Option<i64> {
        self.0.map(|(lo, _)| lo)
    }

    /// The highest value (`None` before any).
    #[must_use]
    pub fn max(&self) -> Option<i64> {
        self.0.map(|(_, hi)| hi)
    }
}

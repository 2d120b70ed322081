//! [`Mean`]: a sum and how many values it adds, kept exactly.

/// A sum of integers and how many values it adds: the mean is computed only when reported,
/// so it is the same whatever order the values came in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mean {
    /// The sum, exactly.
    pub sum: i128,
    /// How many values were added.
    pub count: u64,
}

impl Mean {
    /// Counts `value`.
    pub fn add(&mut self, value: i64) {
        self.sum += i128::from(value);
        self.count += 1;
    }

    /// Adds everything counted in `other` (the same as adding its values one by one).
    pub fn merge(&mut self, other: &Mean) {
        self.sum += other.sum;
        self.count += other.count;
    }

    /// The mean (`None` before any value).
    #[must_use]
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.sum as f64 / self.count as f64)
    }

    /// The mean, 0 before any value.
    #[must_use]
    pub fn mean_or_zero(&self) -> f64 {
        self.mean().unwrap_or(0.0)
    }
}

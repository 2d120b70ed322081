//! [`Distribution`]: how many games had each value of a per-game count.

use serde::Serialize;
use std::collections::BTreeMap;

/// How many games had each value of a per-game count (actions, turns, deals, …): exact,
/// integer, and independent of the order games are added in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Distribution(BTreeMap<u64, u64>);

/// A count per game (actions, turns): its distribution over the run, as a report shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LengthReport {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// Fewest.
    pub min: u64,
    /// Most.
    pub max: u64,
}

impl Distribution {
    /// Counts one game with `value`.
    pub fn add(&mut self, value: u64) {
        *self.0.entry(value).or_default() += 1;
    }

    /// Adds every game counted in `other` (the same as adding them one by one).
    pub fn merge(&mut self, other: &Distribution) {
        for (&value, &count) in &other.0 {
            *self.0.entry(value).or_default() += count;
        }
    }

    /// Games counted.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.0.values().sum()
    }

    /// The sum of the values counted, exactly.
    #[must_use]
    pub fn total(&self) -> u128 {
        self.0
            .iter()
            .map(|(&value, &count)| u128::from(value) * u128::from(count))
            .sum()
    }

    /// The mean (0 when empty).
    #[must_use]
    pub fn mean(&self) -> f64 {
        let games = self.count();
        if games == 0 {
            return 0.0;
        }
        self.total() as f64 / games as f64
    }

    /// The `k`-th smallest value (0-based; 0 when out of range).
    fn nth(&self, k: u64) -> u64 {
        let mut seen = 0;
        for (&value, &count) in &self.0 {
            seen += count;
            if seen > k {
                return value;
            }
        }
        0
    }

    /// The median (the mean of the two middle games for an even count; 0 when empty).
    #[must_use]
    pub fn median(&self) -> f64 {
        match self.count() {
            0 => 0.0,
            n if n % 2 == 1 => self.nth(n / 2) as f64,
            n => (self.nth(n / 2 - 1) as f64 + self.nth(n / 2) as f64) / 2.0,
        }
    }

    /// The smallest value (0 when empty).
    #[must_use]
    pub fn min(&self) -> u64 {
        self.0.keys().next().copied().unwrap_or(0)
    }

    /// The largest value (0 when empty).
    #[must_use]
    pub fn max(&self) -> u64 {
        self.0.keys().next_back().copied().unwrap_or(0)
    }

    /// Mean, median, min and max.
    #[must_use]
    pub fn report(&self) -> LengthReport {
        LengthReport {
            mean: self.mean(),
            median: self.median(),
            min: self.min(),
            max: self.max(),
        }
    }
}

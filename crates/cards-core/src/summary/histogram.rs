//! [`Histogram`]: values counted in labelled buckets, its report and its text.

use serde::Serialize;
use std::fmt;

use super::{Percent, rate};

/// One bucket of a histogram: its lowest and highest value (inclusive; `None`: unbounded, for
/// the first and last buckets) and its label.
pub type Bucket = (Option<i64>, Option<i64>, &'static str);

/// The index of the bucket of `value` in `buckets` (ordered, the last one open above).
#[must_use]
pub fn bucket_of(buckets: &[Bucket], value: i64) -> usize {
    buckets
        .iter()
        .position(|&(_, max, _)| max.is_none_or(|max| value <= max))
        .unwrap_or(buckets.len().saturating_sub(1))
}

/// Values counted in buckets (a score's spread): how many fell in each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Histogram {
    buckets: &'static [Bucket],
    counts: Vec<u64>,
}

impl Histogram {
    /// Nothing counted yet in `buckets` (ordered, the last one open above).
    #[must_use]
    pub fn new(buckets: &'static [Bucket]) -> Self {
        Histogram {
            buckets,
            counts: vec![0; buckets.len()],
        }
    }

    /// Counts `value` in its bucket.
    pub fn add(&mut self, value: i64) {
        if let Some(count) = self.counts.get_mut(bucket_of(self.buckets, value)) {
            *count += 1;
        }
    }

    /// Adds everything counted in `other`, over the same buckets (the same as adding its
    /// values one by one).
    pub fn merge(&mut self, other: &Histogram) {
        debug_assert_eq!(self.buckets, other.buckets, "merging different buckets");
        for (count, &more) in self.counts.iter_mut().zip(&other.counts) {
            *count += more;
        }
    }

    /// The count of each bucket, in bucket order.
    #[must_use]
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Each bucket with its count and its share of `of` (the histogram's population).
    #[must_use]
    pub fn report(&self, of: u64) -> Vec<BucketReport> {
        bucket_reports(self.buckets, &self.counts, of)
    }
}

/// One bucket of a histogram in a report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BucketReport {
    /// The bucket's label.
    pub label: &'static str,
    /// Lowest value in the bucket (`null`: unbounded).
    pub min: Option<i64>,
    /// Highest value in the bucket (`null`: unbounded).
    pub max: Option<i64>,
    /// How many fall in it.
    pub count: u64,
    /// Their share of `of` (the histogram's population).
    pub share: f64,
}

/// The report of a histogram: each bucket with its count and its share of `of`.
#[must_use]
pub fn bucket_reports(buckets: &[Bucket], counts: &[u64], of: u64) -> Vec<BucketReport> {
    buckets
        .iter()
        .zip(counts)
        .map(|(&(min, max, label), &count)| BucketReport {
            label,
            min,
            max,
            count,
            share: rate(count, of),
        })
        .collect()
}

/// Writes a histogram's rows: the label in `label_width` columns, the count, the share in
/// `share_width` columns, then the bar (see [`bar`]), each row indented by two spaces.
///
/// # Errors
/// Only the formatter's.
pub fn write_histogram(
    f: &mut fmt::Formatter<'_>,
    rows: &[BucketReport],
    label_width: usize,
    share_width: usize,
) -> fmt::Result {
    let top = rows.iter().map(|b| b.count).max().unwrap_or(0);
    for b in rows {
        let bar = bar(b.count, top);
        let sep = if bar.is_empty() { "" } else { "  " };
        writeln!(
            f,
            "  {:<label_width$}{:>10}  {:>share_width$}{sep}{bar}",
            b.label,
            b.count,
            Percent(b.share)
        )?;
    }
    Ok(())
}

/// Width of the longest histogram bar, in characters.
pub const BAR_WIDTH: u64 = 40;

/// A histogram bar for `count` out of a largest bucket of `top`: `#`s proportional to the
/// count, rounded to the nearest; empty only for 0, `.` for a count too small for one `#`. A
/// count past `top` gets the longest bar, [`BAR_WIDTH`].
#[must_use]
pub fn bar(count: u64, top: u64) -> String {
    if count == 0 || top == 0 {
        return String::new();
    }
    let count = count.min(top);
    let len =
        (u128::from(count) * u128::from(BAR_WIDTH) * 2 + u128::from(top)) / (2 * u128::from(top));
    if len == 0 {
        ".".to_owned()
    } else {
        "#".repeat(usize::try_from(len).unwrap_or(0))
    }
}

//! [`RuleRangeError`]: a rule's number outside what the game takes.

use core::ops::RangeInclusive;

/// A number in the rules outside the range the game takes. Every number a game's rules hold
/// has such a range, stated in its docs: the bounds keep every game finite and its scores
/// exact (a value that could not be scored exactly is refused, never clamped).
///
/// ```
/// use cards_core::RuleRangeError;
/// assert!(RuleRangeError::check("deals", 10u32, 1..=10_000).is_ok());
/// let e = RuleRangeError::check("deals", 0u32, 1..=10_000).unwrap_err();
/// assert_eq!(e.to_string(), "deals must be 1 to 10000, not 0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{rule} must be {} to {}, not {got}", .range.start(), .range.end())]
pub struct RuleRangeError {
    /// The rule's field, as the rules' JSON names it (`turn_limit`, `differenzler.deals`).
    pub rule: &'static str,
    /// The value given.
    pub got: u64,
    /// The values the game takes.
    pub range: RangeInclusive<u64>,
}

impl RuleRangeError {
    /// `Ok(())` when `got` lies in `range`, else the error naming `rule`.
    ///
    /// # Errors
    /// [`RuleRangeError`] when `got` is outside `range`.
    pub fn check(
        rule: &'static str,
        got: impl Into<u64>,
        range: RangeInclusive<u64>,
    ) -> Result<(), RuleRangeError> {
        let got = got.into();
        if range.contains(&got) {
            Ok(())
        } else {
            Err(RuleRangeError { rule, got, range })
        }
    }
}

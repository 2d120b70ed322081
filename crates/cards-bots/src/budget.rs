//! How much a search may spend on one decision.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

/// A search's budget for one decision.
///
/// An iteration budget is reproducible: the same seed and views give the same choices on any
/// machine. A time budget is not (a busy machine runs fewer iterations), so tournaments meant
/// to be repeated use iterations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// A fixed number of iterations (IS-MCTS simulations, PIMC playouts).
    Iterations(u32),
    /// As many iterations as fit in this many milliseconds (at least one).
    Millis(u32),
}

impl Budget {
    /// The largest iteration budget a budget's text (and so a bot's name) may give: beyond it
    /// a decision takes minutes. A budget built in code, or deserialized, is taken as it is.
    pub const MAX_ITERATIONS: u32 = 10_000_000;
    /// The largest time budget a budget's text may give (ten minutes a decision).
    pub const MAX_MILLIS: u32 = 600_000;

    pub(crate) fn clock(self) -> Clock {
        match self {
            Budget::Iterations(n) => Clock {
                left: n.max(1),
                deadline: None,
            },
            Budget::Millis(ms) => Clock {
                left: u32::MAX,
                deadline: Some(
                    std::time::Instant::now() + Duration::from_millis(u64::from(ms.max(1))),
                ),
            },
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Millis(ms) => write!(f, "{ms}ms"),
        }
    }
}

/// Why a budget's text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad budget {text:?}: give iterations (1 to {}) or a time (1ms to {}ms, or 1s to {}s)",
    Budget::MAX_ITERATIONS,
    Budget::MAX_MILLIS,
    Budget::MAX_MILLIS / 1000
)]
pub struct ParseBudgetError {
    /// The text given.
    pub text: String,
}

impl FromStr for Budget {
    type Err = ParseBudgetError;

    /// `1000` (iterations), `1k`, `50ms`, `2s`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseBudgetError { text: s.into() };
        let t = s.trim();
        let number = |digits: &str, scale: u32, max: u32| -> Result<u32, ParseBudgetError> {
            let n: u32 = digits.parse().map_err(|_| bad())?;
            let n = n.checked_mul(scale).ok_or_else(bad)?;
            if n == 0 || n > max {
                return Err(bad());
            }
            Ok(n)
        };
        if let Some(ms) = t.strip_suffix("ms") {
            Ok(Budget::Millis(number(ms, 1, Self::MAX_MILLIS)?))
        } else if let Some(s) = t.strip_suffix('s') {
            Ok(Budget::Millis(number(s, 1000, Self::MAX_MILLIS)?))
        } else if let Some(k) = t.strip_suffix('k') {
            Ok(Budget::Iterations(number(k, 1000, Self::MAX_ITERATIONS)?))
        } else {
            Ok(Budget::Iterations(number(t, 1, Self::MAX_ITERATIONS)?))
        }
    }
}

/// What is left of a budget while a search runs.
#[derive(Debug)]
pub(crate) struct Clock {
    left: u32,
    deadline: Option<std::time::Instant>,
}

impl Clock {
    /// Whether another iteration may start (the first always may); counts it.
    pub(crate) fn tick(&mut self, done: u32) -> bool {
        if done == 0 {
            self.left = self.left.saturating_sub(1);
            return true;
        }
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        // Reading the clock costs about as much as a short playout: look every 16 iterations.
        match self.deadline {
            Some(d) if done.is_multiple_of(16) => std::time::Instant::now() < d,
            _ => true,
        }
    }

    /// Counts `extra` iterations more against an iteration budget: work an iteration did
    /// beyond a playout (an exact solve, [`Playout::spent`](crate::Playout::spent)).
    pub(crate) fn charge(&mut self, extra: u32) {
        self.left = self.left.saturating_sub(extra);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse_and_print() {
        assert_eq!("1000".parse(), Ok(Budget::Iterations(1000)));
        assert_eq!("10k".parse(), Ok(Budget::Iterations(10_000)));
        assert_eq!("50ms".parse(), Ok(Budget::Millis(50)));
        assert_eq!("2s".parse(), Ok(Budget::Millis(2000)));
        for b in [Budget::Iterations(7), Budget::Millis(30)] {
            assert_eq!(b.to_string().parse(), Ok(b));
        }
        for bad in ["", "0", "-3", "1.5", "abc", "99999999999", "0ms", "700s"] {
            let e = bad.parse::<Budget>().unwrap_err();
            assert!(e.to_string().contains("bad budget"), "{bad}: {e}");
        }
    }

    #[test]
    fn an_iteration_clock_counts_down() {
        let mut c = Budget::Iterations(3).clock();
        let mut n = 0;
        while c.tick(n) {
            n += 1;
        }
        assert_eq!(n, 3);
    }
}

//! [`ReturnsUnit`]: what a game's returns count, so a front end can say a mean return (a
//! search's value of a move) in the game's own unit: a share of wins, or points.

use std::fmt;

/// What one seat's returns ([`Game::returns`](crate::Game::returns)) count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ReturnsUnit {
    /// Games won among `sides` competing sides (teams, or seats playing alone): a sole
    /// winning side gets `sides − 1`, every other side −1, and tied winners share that (±1
    /// between two teams). A mean return `v` is then a share of wins, `(v + 1) / sides`.
    Wins {
        /// The sides that compete (2 for two teams).
        sides: u8,
    },
    /// Points of the game (or money), the returns being `per_point` per point: the word names
    /// what is counted (`"points"`, `"points ahead of the other team"`).
    Points {
        /// What the number counts.
        word: &'static str,
        /// Returns per point (the returns may be a multiple of the points the players read).
        per_point: f64,
    },
}

impl Default for ReturnsUnit {
    fn default() -> Self {
        ReturnsUnit::Points {
            word: "points",
            per_point: 1.0,
        }
    }
}

impl ReturnsUnit {
    /// The share of wins (0 to 1) a mean return `mean` stands for, for [`ReturnsUnit::Wins`].
    #[must_use]
    pub fn win_share(self, mean: f64) -> Option<f64> {
        match self {
            ReturnsUnit::Wins { sides } if sides > 0 => {
                Some(((mean + 1.0) / f64::from(sides)).clamp(0.0, 1.0))
            }
            _ => None,
        }
    }

    /// The mean return `mean` in the game's unit, for a person: `wins 62 %` or
    /// `+12.5 points`.
    #[must_use]
    pub fn say(self, mean: f64) -> Said {
        Said { unit: self, mean }
    }
}

/// A mean return in its game's unit ([`ReturnsUnit::say`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Said {
    unit: ReturnsUnit,
    mean: f64,
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.unit {
            ReturnsUnit::Wins { .. } => {
                let share = self.unit.win_share(self.mean).unwrap_or(0.0);
                write!(f, "wins {:.0} %", 100.0 * share)
            }
            ReturnsUnit::Points { word, per_point } => {
                let points = if per_point == 0.0 {
                    self.mean
                } else {
                    self.mean / per_point
                };
                let points = if points.abs() < 0.05 { 0.0 } else { points };
                write!(f, "{points:+.1} {word}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_return_is_said_in_the_games_unit() {
        let teams = ReturnsUnit::Wins { sides: 2 };
        assert_eq!(teams.say(0.2).to_string(), "wins 60 %");
        assert_eq!(teams.say(-1.0).to_string(), "wins 0 %");
        // Three seats alone: a sole winner +2, the others −1; a mean of 0 is one win in three.
        assert_eq!(
            ReturnsUnit::Wins { sides: 3 }.win_share(0.0),
            Some(1.0 / 3.0)
        );
        let money = ReturnsUnit::Points {
            word: "points",
            per_point: 2.0,
        };
        assert_eq!(money.say(25.0).to_string(), "+12.5 points");
        assert_eq!(money.win_share(1.0), None);
        assert_eq!(ReturnsUnit::default().say(-3.0).to_string(), "-3.0 points");
        assert_eq!(ReturnsUnit::default().say(-0.01).to_string(), "+0.0 points");
    }
}

//! [`Outcome`]: how a game ended, and the settlement's scale.

use core::fmt;

use cards_core::PlayerId;

/// The settlement's scale: the returns × 60 (60 is divisible by every number of tied winners,
/// 1 to 5), so the settlement is an integer.
pub const SETTLEMENT_SCALE: i64 = 60;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Each seat's game total.
    pub totals: Vec<i64>,
    /// The winners: the highest total (several on a shared win).
    pub winners: Vec<PlayerId>,
    /// The rounds played.
    pub rounds: u32,
    /// The target the game was played to (`Rules::target`), so the outcome can say why it
    /// ended (left out of the JSON when unknown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
}

impl fmt::Display for Outcome {
    /// `seat 1 wins with 6 points after 3 rounds, the first to reach 5 (totals: seat 0 2,
    /// seat 1 6, seat 2 3).`; at the round limit `…, the highest total when the round limit
    /// ended the game`; a shared win `seat 0 and seat 2 share the win with 4 points each …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self
            .winners
            .first()
            .and_then(|w| self.totals.get(w.index()))
            .copied()
            .unwrap_or(0);
        let points = if best == 1 { "point" } else { "points" };
        let rounds = if self.rounds == 1 {
            "1 round".to_owned()
        } else {
            format!("{} rounds", self.rounds)
        };
        match self.winners.as_slice() {
            [one] => write!(f, "seat {one} wins with {best} {points} after {rounds}")?,
            many => {
                let seats: Vec<String> = many.iter().map(|s| format!("seat {s}")).collect();
                write!(
                    f,
                    "{} share the win with {best} {points} each after {rounds}",
                    seats.join(" and ")
                )?;
            }
        }
        match self.target {
            Some(target) if self.winners.len() == 1 && best >= i64::from(target) => {
                write!(f, ", the first to reach {target}")?;
            }
            Some(_) => f.write_str(", the highest total when the round limit ended the game")?,
            None => {}
        }
        let all: Vec<String> = self
            .totals
            .iter()
            .enumerate()
            .map(|(s, t)| format!("seat {s} {t}"))
            .collect();
        write!(f, " (totals: {}).", all.join(", "))
    }
}

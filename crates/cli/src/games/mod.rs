//! What the commands need from each game, and the game-independent parts of it.
//!
//! Each game has a thin adapter module ([`zaagox`]) that answers its oracle ops, summarizes a
//! random game for `simulate` and replays a record; everything generic over
//! [`cards_core::Game`] (whole random playouts, state digests, the shared request fields)
//! lives here.

pub mod zaagox;

use cards_core::{Game, Seed, SetupError, random_playout};
use serde::Serialize;
use serde_json::Number;
use sha2::{Digest, Sha256};

use crate::oracle::OracleError;

/// The fields of every `<game>.playout` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayoutRequest {
    /// Number of seats (checked against the game's range).
    pub players: Number,
    /// The seed: an integer with 0 ≤ seed < 2^64.
    pub seed: Number,
}

impl PlayoutRequest {
    /// The checked player count and seed for game `G`.
    ///
    /// # Errors
    /// [`OracleError::Invalid`] when `players` is not an integer in `G`'s range or `seed` is
    /// not an integer in `0..2^64`.
    pub fn checked<G: Game>(&self, op: &'static str) -> Result<(usize, u64), OracleError> {
        let players = self
            .players
            .as_u64()
            .and_then(|p| usize::try_from(p).ok())
            .filter(|p| (G::MIN_PLAYERS..=G::MAX_PLAYERS).contains(p))
            .ok_or_else(|| {
                OracleError::invalid(
                    op,
                    format!(
                        "players must be an integer from {} to {} for {}, not {}",
                        G::MIN_PLAYERS,
                        G::MAX_PLAYERS,
                        G::NAME,
                        self.players
                    ),
                )
            })?;
        let seed = self.seed.as_u64().ok_or_else(|| {
            OracleError::invalid(
                op,
                format!(
                    "seed must be an integer with 0 <= seed < 2^64, not {}",
                    self.seed
                ),
            )
        })?;
        Ok((players, seed))
    }
}

/// The answer to every `<game>.playout`, fields in protocol order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayoutAnswer {
    /// Number of actions played.
    pub actions: usize,
    /// The game's integer settlement, one entry per seat.
    pub returns: Vec<i64>,
    /// SHA-256 (lower-case hex) of the final state's JSON.
    #[serde(rename = "final")]
    pub final_digest: String,
}

/// One whole game between uniformly random players (`cards_core::random_playout`) from
/// `Seed::from(seed)` under default rules: the final state and the number of actions.
///
/// # Errors
/// [`SetupError`] when the game cannot be set up (e.g. a bad player count).
pub fn playout<G: Game>(players: usize, seed: u64) -> Result<(G, usize), SetupError> {
    let (state, record) = random_playout::<G>(&G::Rules::default(), players, Seed::from(seed))?;
    Ok((state, record.actions.len()))
}

/// SHA-256, as lower-case hex, of `serde_json::to_vec(state)`: the protocol's `final`.
///
/// # Errors
/// When the state cannot be written as JSON (a bug in the game's serde).
pub fn state_digest<T: Serialize>(state: &T) -> Result<String, serde_json::Error> {
    let json = serde_json::to_vec(state)?;
    Ok(hex(&Sha256::digest(&json)))
}

/// Lower-case hex of `bytes`.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Why a game ended without a winner, as `simulate` counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exhausted {
    /// The centre pile ran out.
    PileEmpty,
    /// The turn limit was reached.
    TurnLimit,
}

/// How one finished random game went: all `simulate` needs to know about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSummary {
    /// Number of actions played.
    pub actions: usize,
    /// How it ended.
    pub end: End,
    /// Whether anyone declared Ava.
    pub ava_declared: bool,
    /// Whether an Ava declarer failed (someone else won).
    pub ava_failed: bool,
}

/// The end of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// A seat won with this score.
    Won {
        /// The winning seat.
        winner: usize,
        /// The winner's points.
        points: i64,
    },
    /// No winner.
    Exhausted(Exhausted),
    /// The playout stopped at the game's action bound without an end (a game bug).
    Unfinished,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_lower_case_and_padded() {
        assert_eq!(hex(&[0, 1, 0xab, 0xff]), "0001abff");
    }

    #[test]
    fn digest_is_sha256_of_the_json() {
        // SHA-256 of the two bytes `[]`.
        assert_eq!(
            state_digest(&Vec::<u8>::new()).unwrap(),
            "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"
        );
    }
}

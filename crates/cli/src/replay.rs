//! `cardrules replay`: replays a saved [`cards_core::GameRecord`] and reports how it ended.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::games;

/// Why a record file could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayFileError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not a record of a known game (bad JSON, missing `game`, wrong fields).
    #[error("not a valid game record: {0}")]
    Parse(serde_json::Error),
    /// The record names a game this build cannot replay yet.
    #[error("{game} is not implemented yet: its records cannot be replayed")]
    NotImplemented {
        /// The game.
        game: String,
    },
    /// The record names no game of the project.
    #[error("unknown game {game:?}; the games are zaagox, jass, letom and elewenjewe")]
    UnknownGame {
        /// The name given (cut to 64 characters).
        game: String,
    },
    /// The record does not replay: the setup failed or an action was refused.
    #[error("the record does not replay: {0}")]
    Replay(Box<dyn std::error::Error + Send + Sync>),
}

/// What `replay` prints about a replayed game; `O` is the game's own outcome report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplayReport<O> {
    /// The game's name.
    pub game: &'static str,
    /// Number of seats.
    pub players: usize,
    /// The seed, as 64 hex digits.
    pub seed: String,
    /// Number of actions in the record.
    pub actions: usize,
    /// The seat to act when the record ends before the game does; `null` when it is over.
    pub to_act: Option<u8>,
    /// Seats that declared Ava.
    pub ava_declared: Vec<usize>,
    /// How the game ended; `null` when the record stops before the end.
    pub outcome: Option<O>,
    /// The game's integer settlement, one entry per seat.
    pub returns: Vec<i64>,
    /// SHA-256 of the final state's JSON, as in the oracle's `final`.
    #[serde(rename = "final")]
    pub final_digest: String,
}

impl<O: fmt::Display> fmt::Display for ReplayReport<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} players, {} actions, seed {}",
            self.game, self.players, self.actions, self.seed
        )?;
        match (&self.outcome, self.to_act) {
            (Some(outcome), _) => writeln!(f, "outcome:    {outcome}")?,
            (None, Some(seat)) => writeln!(
                f,
                "outcome:    the record ends before the game does (seat {seat} to act)"
            )?,
            (None, None) => writeln!(f, "outcome:    over, without an outcome")?,
        }
        if !self.ava_declared.is_empty() {
            let seats: Vec<String> = self.ava_declared.iter().map(ToString::to_string).collect();
            writeln!(f, "Ava:        declared by seat {}", seats.join(", "))?;
        }
        let returns: Vec<String> = self.returns.iter().map(ToString::to_string).collect();
        writeln!(f, "settlement: [{}]", returns.join(", "))?;
        write!(f, "final:      {}", self.final_digest)
    }
}

/// The `game` field, read before the whole record so the right game parses it.
#[derive(serde::Deserialize)]
struct GameTag {
    /// The record's game name.
    game: String,
}

/// Reads and replays the record at `path`; returns the text (or JSON, with `json`) to print.
///
/// # Errors
/// [`ReplayFileError`] saying what was wrong with the file or the record.
pub fn run(path: &Path, json: bool) -> Result<String, ReplayFileError> {
    let text = std::fs::read(path).map_err(|source| ReplayFileError::Read {
        path: path.to_owned(),
        source,
    })?;
    let GameTag { game } = serde_json::from_slice(&text).map_err(ReplayFileError::Parse)?;
    match game.as_str() {
        "zaagox" => render(&games::zaagox::replay(&text)?, json),
        "jass" | "letom" | "elewenjewe" => Err(ReplayFileError::NotImplemented { game }),
        _ => Err(ReplayFileError::UnknownGame {
            game: game.chars().take(64).collect(),
        }),
    }
}

/// The report as text or as one line of JSON.
fn render<O: Serialize + fmt::Display>(
    report: &ReplayReport<O>,
    json: bool,
) -> Result<String, ReplayFileError> {
    if json {
        serde_json::to_string(report).map_err(ReplayFileError::Parse)
    } else {
        Ok(report.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{GameRecord, Seed, random_playout};
    use zaagox::Zaagox;

    fn write_temp(name: &str, contents: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardrules-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        path
    }

    fn record(seed: u64) -> GameRecord<Zaagox> {
        random_playout::<Zaagox>(&Default::default(), 3, Seed::from(seed))
            .unwrap()
            .1
    }

    #[test]
    fn replays_a_playout_to_its_digest() {
        let rec = record(11);
        let path = write_temp("good.json", &serde_json::to_vec(&rec).unwrap());
        let out = run(&path, true).unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let (state, _) = games::playout::<Zaagox>(3, 11).unwrap();
        assert_eq!(v["final"], games::state_digest(&state).unwrap());
        assert_eq!(v["actions"], rec.actions.len());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        assert_eq!(v["to_act"], serde_json::Value::Null);
        let text = run(&path, false).unwrap();
        assert!(text.starts_with("zaagox: 3 players"), "{text}");
        assert!(text.contains("settlement: ["), "{text}");
    }

    #[test]
    fn a_truncated_record_is_not_over() {
        let mut rec = record(12);
        rec.actions.truncate(3);
        let path = write_temp("short.json", &serde_json::to_vec(&rec).unwrap());
        let v: serde_json::Value = serde_json::from_str(&run(&path, true).unwrap()).unwrap();
        assert_eq!(v["outcome"], serde_json::Value::Null);
        assert!(v["to_act"].is_u64());
        assert!(
            run(&path, false)
                .unwrap()
                .contains("ends before the game does")
        );
    }

    #[test]
    fn typed_errors() {
        let missing = std::env::temp_dir().join("cardrules-no-such-record.json");
        assert!(matches!(
            run(&missing, false),
            Err(ReplayFileError::Read { .. })
        ));
        let bad = write_temp("bad.json", b"{not json");
        assert!(matches!(run(&bad, false), Err(ReplayFileError::Parse(_))));
        let jass = write_temp("jass.json", br#"{"game":"jass"}"#);
        assert!(matches!(
            run(&jass, false),
            Err(ReplayFileError::NotImplemented { .. })
        ));
        let chess = write_temp("chess.json", br#"{"game":"chess"}"#);
        assert!(matches!(
            run(&chess, false),
            Err(ReplayFileError::UnknownGame { .. })
        ));
        let mut rec = serde_json::to_value(record(13)).unwrap();
        rec["players"] = serde_json::json!(9);
        let nine = write_temp("nine.json", &serde_json::to_vec(&rec).unwrap());
        let err = run(&nine, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::Replay(_)), "{err}");
        assert!(err.to_string().contains('9'), "{err}");
        rec["players"] = serde_json::json!(3);
        rec["extra"] = serde_json::json!(1);
        let extra = write_temp("extra.json", &serde_json::to_vec(&rec).unwrap());
        assert!(matches!(run(&extra, false), Err(ReplayFileError::Parse(_))));
    }

    #[test]
    fn an_illegal_action_is_refused_with_its_index() {
        // Replay the same actions under another seed: some action soon stops being legal.
        let mut rec = record(14);
        let mut refused = None;
        for other in 0..50 {
            rec.seed = Seed::from(1000 + other);
            let path = write_temp("swapped.json", &serde_json::to_vec(&rec).unwrap());
            if let Err(e) = run(&path, false) {
                refused = Some(e);
                break;
            }
        }
        let err = refused.expect("some other seed refuses the actions");
        assert!(matches!(err, ReplayFileError::Replay(_)));
        assert!(err.to_string().contains("action"), "{err}");
    }
}

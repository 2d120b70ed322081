//! `cardrules replay`: what is reported about a replayed [`cards_core::GameRecord`], and the
//! errors of reading one. Replaying is generic over the game (`games::generic::replay`); the
//! registry (`games`) picks the game by the record's `game` field.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

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
        game: &'static str,
    },
    /// The record names no game of the project.
    #[error("unknown game {game:?}; the games are {games}")]
    UnknownGame {
        /// The name given (cut to 64 characters).
        game: String,
        /// The games of the project (from the registry).
        games: String,
    },
    /// The record does not replay: the setup failed or an action was refused.
    #[error("the record does not replay: {0}")]
    Replay(Box<dyn std::error::Error + Send + Sync>),
    /// The report or the final state could not be written as JSON (a bug in a game's serde).
    #[error("cannot write the report: {0}")]
    Write(serde_json::Error),
}

/// A game's own line of the replay report (Zaägox: who declared Ava).
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    /// The JSON field.
    pub key: &'static str,
    /// The JSON value.
    pub value: Value,
    /// The text line, if there is anything to say.
    pub text: Option<String>,
}

/// What `replay` prints about a replayed game; `O` is the game's outcome (`Game::Outcome`).
///
/// JSON fields in order: `game`, `players`, `seed` (64 hex digits, `null` for a record that
/// starts from a setup), `actions`, `to_act`, the game's notes, `outcome`, `returns`, `final`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayReport<O> {
    /// The game's name.
    pub game: &'static str,
    /// Number of seats.
    pub players: usize,
    /// The seed, as 64 hex digits; `None` when the record starts from a setup.
    pub seed: Option<String>,
    /// Number of actions in the record.
    pub actions: usize,
    /// The seat to act when the record ends before the game does; `None` when it is over.
    pub to_act: Option<u8>,
    /// What the game adds.
    pub notes: Vec<Note>,
    /// How the game ended; `None` when the record stops before the end.
    pub outcome: Option<O>,
    /// The game's integer settlement, one entry per seat.
    pub returns: Vec<i64>,
    /// SHA-256 of the final state's JSON, as in the oracle's `final`.
    pub final_digest: String,
}

impl<O: Serialize> Serialize for ReplayReport<O> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(8 + self.notes.len()))?;
        map.serialize_entry("game", self.game)?;
        map.serialize_entry("players", &self.players)?;
        map.serialize_entry("seed", &self.seed)?;
        map.serialize_entry("actions", &self.actions)?;
        map.serialize_entry("to_act", &self.to_act)?;
        for note in &self.notes {
            map.serialize_entry(note.key, &note.value)?;
        }
        map.serialize_entry("outcome", &self.outcome)?;
        map.serialize_entry("returns", &self.returns)?;
        map.serialize_entry("final", &self.final_digest)?;
        map.end()
    }
}

impl<O: fmt::Display> fmt::Display for ReplayReport<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} players, {} actions, ",
            self.game, self.players, self.actions
        )?;
        match &self.seed {
            Some(seed) => writeln!(f, "seed {seed}")?,
            None => writeln!(f, "from a setup")?,
        }
        match (&self.outcome, self.to_act) {
            (Some(outcome), _) => writeln!(f, "outcome:    {outcome}")?,
            (None, Some(seat)) => writeln!(
                f,
                "outcome:    the record ends before the game does (seat {seat} to act)"
            )?,
            (None, None) => writeln!(f, "outcome:    over, without an outcome")?,
        }
        for text in self.notes.iter().filter_map(|n| n.text.as_ref()) {
            writeln!(f, "{text}")?;
        }
        let returns: Vec<String> = self.returns.iter().map(ToString::to_string).collect();
        writeln!(f, "settlement: [{}]", returns.join(", "))?;
        write!(f, "final:      {}", self.final_digest)
    }
}

impl<O: Serialize + fmt::Display> ReplayReport<O> {
    /// The report as text, or as one line of JSON with `json`.
    ///
    /// # Errors
    /// [`ReplayFileError::Write`] when the JSON cannot be written.
    pub fn render(&self, json: bool) -> Result<String, ReplayFileError> {
        if json {
            serde_json::to_string(self).map_err(ReplayFileError::Write)
        } else {
            Ok(self.to_string())
        }
    }
}

/// The `game` field, read before the whole record so the right game parses it.
#[derive(serde::Deserialize)]
struct GameTag {
    /// The record's game name.
    game: String,
}

/// Reads the record at `path`: its bytes and the game it names.
///
/// # Errors
/// [`ReplayFileError::Read`] when the file cannot be read, [`ReplayFileError::Parse`] when
/// it is not a JSON object with a string `game`.
pub fn read(path: &Path) -> Result<(Vec<u8>, String), ReplayFileError> {
    let text = std::fs::read(path).map_err(|source| ReplayFileError::Read {
        path: path.to_owned(),
        source,
    })?;
    let GameTag { game } = serde_json::from_slice(&text).map_err(ReplayFileError::Parse)?;
    Ok((text, game))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(seed: Option<&str>, outcome: Option<&str>) -> ReplayReport<String> {
        ReplayReport {
            game: "demo",
            players: 2,
            seed: seed.map(str::to_owned),
            actions: 3,
            to_act: outcome.is_none().then_some(1),
            notes: vec![
                Note {
                    key: "silent",
                    value: Value::Bool(false),
                    text: None,
                },
                Note {
                    key: "said",
                    value: Value::from(vec![1]),
                    text: Some("said:       seat 1".to_owned()),
                },
            ],
            outcome: outcome.map(str::to_owned),
            returns: vec![1, -1],
            final_digest: "ab".to_owned(),
        }
    }

    #[test]
    fn json_fields_in_order_with_the_notes_before_the_outcome() {
        let json = report(Some("00ff"), Some("won")).render(true).unwrap();
        assert_eq!(
            json,
            r#"{"game":"demo","players":2,"seed":"00ff","actions":3,"to_act":null,"silent":false,"said":[1],"outcome":"won","returns":[1,-1],"final":"ab"}"#
        );
        let setup = report(None, None).render(true).unwrap();
        assert!(setup.contains(r#""seed":null"#), "{setup}");
        assert!(setup.contains(r#""to_act":1"#), "{setup}");
    }

    #[test]
    fn text_says_where_the_game_started_and_how_it_ended() {
        let text = report(Some("00ff"), Some("won")).to_string();
        assert_eq!(
            text,
            "demo: 2 players, 3 actions, seed 00ff\noutcome:    won\nsaid:       seat 1\n\
             settlement: [1, -1]\nfinal:      ab"
        );
        let text = report(None, None).to_string();
        assert!(text.starts_with("demo: 2 players, 3 actions, from a setup\n"));
        assert!(text.contains("ends before the game does (seat 1 to act)"));
    }

    #[test]
    fn reading_needs_a_game_field() {
        let missing = std::env::temp_dir().join("cardrules-replay-no-such-record.json");
        assert!(matches!(read(&missing), Err(ReplayFileError::Read { .. })));
        let dir = std::env::temp_dir().join(format!("cardrules-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("tagless.json");
        std::fs::write(&path, br#"{"rules":{}}"#).unwrap();
        assert!(matches!(read(&path), Err(ReplayFileError::Parse(_))));
        std::fs::write(&path, br#"{"game":"demo","x":1}"#).unwrap();
        assert_eq!(read(&path).unwrap().1, "demo");
    }
}

//! `cardrules replay`: what is reported about a replayed [`cards_core::GameRecord`], and the
//! errors of reading one. Replaying is generic over the game (`games::generic::replay`); the
//! registry (`games`) picks the game by the record's `game` field.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::protocol::{MAX_ECHO, cut};

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
    /// The record's seed is a number but not a whole number from 0 to 2^64 - 1.
    #[error(
        "not a valid game record: the seed is 64 hex digits or a whole number from 0 to \
         18446744073709551615, not {text}"
    )]
    Seed {
        /// The seed as written in the record (cut to 64 characters).
        text: String,
    },
    /// The record names a game this build cannot replay yet.
    #[error("{game} is not implemented yet: its records cannot be replayed")]
    NotImplemented {
        /// The game.
        game: &'static str,
    },
    /// The record names a registry game by its registry name where its records carry
    /// another (`"game":"jass"` for a `schieber-deal` record).
    #[error(
        "{game:?} is the command line's name of the game; its records name it {records} (as \
         simulate {game} --record writes them)"
    )]
    RecordName {
        /// The registry name given.
        game: &'static str,
        /// The names its records carry.
        records: String,
    },
    /// The record names no game of the project.
    #[error("unknown game {game:?}; {games}")]
    UnknownGame {
        /// The name given (cut to 64 characters).
        game: String,
        /// Which records this build replays and which games are planned (from the registry).
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
/// starts from a setup), `seed_integer` (the integer `n` of `Seed::from(n)` when the record
/// gives its seed so, else `null`), `actions`, `to_act`, the game's notes, `outcome`,
/// `returns`, `final`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayReport<O> {
    /// The game's name.
    pub game: &'static str,
    /// Number of seats.
    pub players: usize,
    /// The seed, as 64 hex digits; `None` when the record starts from a setup.
    pub seed: Option<String>,
    /// The seed as the record gives it when it is an integer.
    pub seed_integer: Option<u64>,
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
        let mut map = s.serialize_map(Some(9 + self.notes.len()))?;
        map.serialize_entry("game", self.game)?;
        map.serialize_entry("players", &self.players)?;
        map.serialize_entry("seed", &self.seed)?;
        map.serialize_entry("seed_integer", &self.seed_integer)?;
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
        match (self.seed_integer, &self.seed) {
            (Some(seed), _) => writeln!(f, "seed {seed}")?,
            (None, Some(seed)) => writeln!(f, "seed {seed}")?,
            (None, None) => writeln!(f, "from a setup")?,
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

/// What is read of a record before the whole of it: the game that parses it, and the seed
/// when it is written as an integer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// The record's game name.
    pub game: String,
    /// The record's seed when it is an integer (`"seed": 42`).
    pub seed: Option<u64>,
}

/// The fields read first; the others are left to the game's record type.
#[derive(serde::Deserialize)]
struct RawHead<'a> {
    /// The record's game name.
    game: String,
    /// The seed as written.
    #[serde(default, borrow)]
    seed: Option<&'a RawValue>,
}

/// The path that means stdin.
pub const STDIN: &str = "-";

/// Reads the record at `path` (`-`: stdin): its bytes and its [`Head`].
///
/// # Errors
/// [`ReplayFileError::Read`] when the file cannot be read, [`ReplayFileError::Parse`] when
/// it is not a JSON object with a string `game`, [`ReplayFileError::Seed`] when its seed is a
/// number outside `0..2^64` (named as written).
pub fn read(path: &Path) -> Result<(Vec<u8>, Head), ReplayFileError> {
    let text = if path.as_os_str() == STDIN {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut text).map_err(|source| {
            ReplayFileError::Read {
                path: PathBuf::from("standard input"),
                source,
            }
        })?;
        text
    } else {
        std::fs::read(path).map_err(|source| ReplayFileError::Read {
            path: path.to_owned(),
            source,
        })?
    };
    let head = parse_head(&text)?;
    Ok((text, head))
}

/// The [`Head`] of a record's text.
///
/// # Errors
/// As [`read`].
pub fn parse_head(text: &[u8]) -> Result<Head, ReplayFileError> {
    let RawHead { game, seed } = serde_json::from_slice(text).map_err(ReplayFileError::Parse)?;
    let seed = match seed.map(RawValue::get) {
        Some(raw) if raw.starts_with(|c: char| c == '-' || c.is_ascii_digit()) => {
            Some(raw.parse::<u64>().map_err(|_| ReplayFileError::Seed {
                text: cut(raw, MAX_ECHO),
            })?)
        }
        // Hex text, or not a seed at all: the record's own parsing says.
        _ => None,
    };
    Ok(Head { game, seed })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(seed: Option<&str>, outcome: Option<&str>) -> ReplayReport<String> {
        ReplayReport {
            game: "demo",
            players: 2,
            seed: seed.map(str::to_owned),
            seed_integer: None,
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
            r#"{"game":"demo","players":2,"seed":"00ff","seed_integer":null,"actions":3,"to_act":null,"silent":false,"said":[1],"outcome":"won","returns":[1,-1],"final":"ab"}"#
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
        assert_eq!(read(&path).unwrap().1.game, "demo");
    }

    #[test]
    fn integer_seeds_are_kept_and_big_ones_named_as_written() {
        let head = parse_head(br#"{"game":"demo","seed":42}"#).unwrap();
        assert_eq!(head.seed, Some(42));
        let head = parse_head(br#"{"game":"demo","seed":"00ff"}"#).unwrap();
        assert_eq!(head.seed, None);
        for (seed, shown) in [
            ("18446744073709551616", "18446744073709551616"),
            ("-1", "-1"),
            ("4.5", "4.5"),
            ("1e400", "1e400"),
        ] {
            let text = format!(r#"{{"game":"demo","seed":{seed}}}"#);
            let err = parse_head(text.as_bytes()).unwrap_err();
            assert!(matches!(err, ReplayFileError::Seed { .. }), "{seed}: {err}");
            assert!(
                err.to_string()
                    .ends_with(&format!("from 0 to 18446744073709551615, not {shown}")),
                "{err}"
            );
        }
    }
}

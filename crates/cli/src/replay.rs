//! `cardrules replay`: what is reported about a replayed [`cards_core::GameRecord`], and the
//! errors of reading one. Replaying is generic over the game (`games::generic::replay`); the
//! registry (`games`) picks the game by the record's `game` field.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::protocol::{MAX_ECHO, and_list, cut};
use crate::table;

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
        /// Which records this build replays (from the table).
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

/// `cardrules replay`: reads the record at `path` (`-`: stdin), finds its type in the table
/// by the record's `game` field and replays it; returns the text (or JSON, with `json`) to
/// print.
///
/// # Errors
/// [`ReplayFileError`] saying what was wrong with the file or the record.
pub fn replay_file(path: &Path, json: bool) -> Result<String, ReplayFileError> {
    let (text, head) = read(path)?;
    if let Some(row) = table::record_row(&head.game) {
        return row.play.replay(&text, head.seed, json);
    }
    match table::game(&head.game) {
        Some(game) => Err(ReplayFileError::RecordName {
            game: game.name,
            records: and_list(
                &table::ROWS
                    .iter()
                    .filter(|r| r.game == game.name)
                    .map(|r| format!("{:?}", r.play.record()))
                    .collect::<Vec<_>>(),
            ),
        }),
        None => Err(ReplayFileError::UnknownGame {
            game: cut(&head.game, MAX_ECHO),
            games: table::records_sentence(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    use ::zaagox::Zaagox;
    use cards_core::{Game as _, GameRecord, Seed, random_playout};

    use crate::games::generic;

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

    /// A Jass record (`schieber-deal`) replays to the playout's digest and returns.
    #[test]
    fn replays_a_jass_record() {
        let text =
            generic::record_json::<::jass::SchieberDeal>(&Default::default(), 4, 42).unwrap();
        assert!(text.contains("\"game\": \"schieber-deal\""), "{text}");
        let path = write_temp("jass-4p-seed42.json", text.as_bytes());
        let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
        let (state, actions) = generic::playout::<::jass::SchieberDeal>(4, 42).unwrap();
        assert_eq!(v["game"], "schieber-deal");
        assert_eq!(v["seed_integer"], 42);
        assert_eq!(v["actions"], actions);
        assert_eq!(v["final"], generic::state_digest(&state).unwrap());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        assert_eq!(v["contract"]["pushed"], state.pushed());
        let text = replay_file(&path, false).unwrap();
        assert!(text.starts_with("schieber-deal: 4 players, "), "{text}");
        assert!(text.contains("\ncontract:   "), "{text}");
    }

    /// A Letom record replays to the playout's digest and returns, with the deal's base
    /// points, Ren calls and settlement steps as notes.
    #[test]
    fn replays_a_letom_record() {
        for seed in [3, 42] {
            let text =
                generic::record_json::<::letom::Letom>(&Default::default(), 3, seed).unwrap();
            assert!(text.contains("\"game\": \"letom\""), "{text}");
            let path = write_temp(&format!("letom-3p-seed{seed}.json"), text.as_bytes());
            let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
            let (state, actions) = generic::playout::<::letom::Letom>(3, seed).unwrap();
            assert_eq!(v["game"], "letom");
            assert_eq!(v["actions"], actions);
            assert_eq!(v["final"], generic::state_digest(&state).unwrap());
            assert_eq!(v["returns"], serde_json::json!(state.settlement()));
            let base: Vec<u32> = cards_core::PlayerId::all(3)
                .map(|p| state.base_points(p))
                .collect();
            assert_eq!(v["base_points"], serde_json::json!(base));
            assert_eq!(v["seller"], Value::Null);
            assert_eq!(
                v["settlement_details"].is_null(),
                state.settlement_details().is_none()
            );
            let text = replay_file(&path, false).unwrap();
            assert!(text.starts_with("letom: 3 players, "), "{text}");
            assert!(text.contains("\nbase:       ["), "{text}");
        }
    }

    fn write_temp(name: &str, contents: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardrules-games-{}", std::process::id()));
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
        let out = replay_file(&path, true).unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        let (state, _) = generic::playout::<Zaagox>(3, 11).unwrap();
        assert_eq!(v["final"], generic::state_digest(&state).unwrap());
        assert_eq!(v["actions"], rec.actions.len());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        assert_eq!(v["to_act"], Value::Null);
        assert_eq!(v["seed"], Seed::from(11).to_string());
        assert_eq!(v["outcome"], serde_json::to_value(state.outcome()).unwrap());
        let text = replay_file(&path, false).unwrap();
        assert!(text.starts_with("zaagox: 3 players"), "{text}");
        let outcome = state.outcome().unwrap().to_string();
        assert!(text.contains(&format!("outcome:    {outcome}\n")), "{text}");
        assert!(text.contains("settlement: ["), "{text}");
    }

    #[test]
    fn a_truncated_record_is_not_over() {
        let mut rec = record(12);
        rec.actions.truncate(3);
        let path = write_temp("short.json", &serde_json::to_vec(&rec).unwrap());
        let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
        assert_eq!(v["outcome"], Value::Null);
        assert!(v["to_act"].is_u64());
        assert!(
            replay_file(&path, false)
                .unwrap()
                .contains("ends before the game does")
        );
    }

    /// A record may start from an explicit setup: the middle of a game, replayed to its end.
    #[test]
    fn replays_a_record_that_starts_from_a_setup() {
        let (end, full) = random_playout::<Zaagox>(&Default::default(), 4, Seed::from(21)).unwrap();
        let split = full.actions.len() / 2;
        let mut middle = Zaagox::new(&Default::default(), 4, Seed::from(21)).unwrap();
        for &action in &full.actions[..split] {
            middle.play(action).unwrap();
        }
        let mut rec = GameRecord::<Zaagox>::from_setup(Default::default(), middle.setup());
        rec.actions = full.actions[split..].to_vec();
        let json = serde_json::to_vec(&rec).unwrap();
        assert!(String::from_utf8_lossy(&json).contains("\"setup\""));
        let path = write_temp("setup.json", &json);
        let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
        assert_eq!(v["seed"], Value::Null);
        assert_eq!(v["players"], 4);
        assert_eq!(v["actions"], full.actions.len() - split);
        assert_eq!(v["final"], generic::state_digest(&end).unwrap());
        assert_eq!(v["returns"], serde_json::json!(end.settlement()));
        let text = replay_file(&path, false).unwrap();
        assert!(text.starts_with("zaagox: 4 players, "), "{text}");
        assert!(text.contains(" actions, from a setup\n"), "{text}");
        // A setup that breaks the rules does not replay, and says why.
        let mut broken = serde_json::to_value(&rec).unwrap();
        broken["setup"]["players"] = serde_json::json!(3);
        let path = write_temp("broken.json", &serde_json::to_vec(&broken).unwrap());
        let err = replay_file(&path, false).unwrap_err();
        assert!(
            matches!(err, ReplayFileError::Parse(_) | ReplayFileError::Replay(_)),
            "{err}"
        );
    }

    #[test]
    fn typed_errors() {
        let missing = std::env::temp_dir().join("cardrules-no-such-record.json");
        assert!(matches!(
            replay_file(&missing, false),
            Err(ReplayFileError::Read { .. })
        ));
        let bad = write_temp("bad.json", b"{not json");
        assert!(matches!(
            replay_file(&bad, false),
            Err(ReplayFileError::Parse(_))
        ));
        // Letom has landed: a record that is not one is refused as such.
        let letom = write_temp("letom.json", br#"{"game":"letom"}"#);
        let err = replay_file(&letom, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::Parse(_)), "{err}");
        // The registry's name is not the record's: say which it is.
        let jass = write_temp("jass.json", br#"{"game":"jass"}"#);
        let err = replay_file(&jass, false).unwrap_err();
        assert!(
            matches!(err, ReplayFileError::RecordName { game: "jass", .. }),
            "{err}"
        );
        assert!(err.to_string().contains("\"schieber-deal\""), "{err}");
        let chess = write_temp("chess.json", br#"{"game":"chess"}"#);
        let err = replay_file(&chess, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::UnknownGame { .. }), "{err}");
        assert!(
            err.to_string().contains(&table::records_sentence()),
            "{err}"
        );
        assert!(
            err.to_string().ends_with(
                "this build replays records whose game is \"zaagox\", \"schieber\", \
                 \"schieber-deal\", \"coiffeur\", \"differenzler\", \"elewenjewe\", \
                 \"letom\" or \"letom-match\""
            ),
            "{err}"
        );
        let mut rec = serde_json::to_value(record(13)).unwrap();
        rec["players"] = serde_json::json!(9);
        let nine = write_temp("nine.json", &serde_json::to_vec(&rec).unwrap());
        let err = replay_file(&nine, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::Replay(_)), "{err}");
        assert!(err.to_string().contains('9'), "{err}");
        rec["players"] = serde_json::json!(3);
        rec["extra"] = serde_json::json!(1);
        let extra = write_temp("extra.json", &serde_json::to_vec(&rec).unwrap());
        assert!(matches!(
            replay_file(&extra, false),
            Err(ReplayFileError::Parse(_))
        ));
    }

    #[test]
    fn an_illegal_action_is_refused_with_its_number() {
        // Replay the same actions under another seed: some action soon stops being legal.
        let mut rec = record(14);
        let mut refused = None;
        for other in 0..50 {
            rec.start = cards_core::Start::Seed {
                players: 3,
                seed: Seed::from(1000 + other),
            };
            let path = write_temp("swapped.json", &serde_json::to_vec(&rec).unwrap());
            if let Err(e) = replay_file(&path, false) {
                refused = Some(e);
                break;
            }
        }
        let err = refused.expect("some other seed refuses the actions");
        assert!(matches!(err, ReplayFileError::Replay(_)));
        assert!(err.to_string().contains("action"), "{err}");
        assert!(err.to_string().contains("counting from 1"), "{err}");
    }
}

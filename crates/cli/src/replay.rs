//! `cardrules replay`: what is reported about a replayed [`cards_core::GameRecord`], and the
//! errors of reading one. Replaying is generic over the game (`games::generic::replay`); the
//! registry (`games`) picks the game by the record's `game` field.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::value::RawValue;

use cards_core::{Game, GameRecord, PlayerId, ReplayError, Start};

use crate::oracle::playout::state_digest;
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
    /// `--seat` names a seat not at the table.
    #[error("--seat {seat}: the game has seats 0 to {} (it is played by {players})", .players - 1)]
    Seat {
        /// The seat asked for.
        seat: u8,
        /// The number of seats.
        players: usize,
    },
    /// The report or the final state could not be written as JSON (a bug in a game's serde).
    #[error("cannot write the report: {0}")]
    Write(serde_json::Error),
}

/// One step of a replay's transcript: the start, or one action with what it caused.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// The action's number, counting from 1; `None` for the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<usize>,
    /// The seat that acted; `None` for the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// The action in the game's notation; `None` for the start, and for another seat's
    /// action when the transcript is one seat's (what it did shows in the events).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// What it caused, one sentence per event, in order.
    pub events: Vec<String>,
}

/// What `replay` prints about a replayed game; `O` is the game's outcome (`Game::Outcome`).
///
/// JSON fields in order: `game`, `players`, `seed` (64 hex digits, `null` for a record that
/// starts from a setup), `seed_integer` (the integer `n` of `Seed::from(n)` when the record
/// gives its seed so, else `null`), `actions`, `to_act`, `seen_by` (the seat whose transcript
/// it is, `null` for the whole game), `transcript` (the [`Step`]s), `outcome`, `returns` (the
/// integer settlement), `final`.
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
    /// Whose view the transcript is (`--seat`); `None`: every card shown.
    pub seen_by: Option<u8>,
    /// Every step, from the start.
    pub transcript: Vec<Step>,
    /// How the game ended; `None` when the record stops before the end.
    pub outcome: Option<O>,
    /// The game's integer settlement, one entry per seat.
    pub returns: Vec<i64>,
    /// SHA-256 of the final state's JSON, as in the oracle's `final`.
    pub final_digest: String,
}

impl<O: Serialize> Serialize for ReplayReport<O> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(11))?;
        map.serialize_entry("game", self.game)?;
        map.serialize_entry("players", &self.players)?;
        map.serialize_entry("seed", &self.seed)?;
        map.serialize_entry("seed_integer", &self.seed_integer)?;
        map.serialize_entry("actions", &self.actions)?;
        map.serialize_entry("to_act", &self.to_act)?;
        map.serialize_entry("seen_by", &self.seen_by)?;
        map.serialize_entry("transcript", &self.transcript)?;
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
        match self.seen_by {
            Some(seat) => writeln!(f, "transcript, as seat {seat} saw the game:")?,
            None => writeln!(f, "transcript:")?,
        }
        for step in &self.transcript {
            let head = match (step.number, step.seat, &step.action) {
                (Some(n), Some(seat), Some(action)) => format!("{n:>4}. seat {seat}: {action}"),
                (Some(n), Some(seat), None) => format!("{n:>4}. seat {seat}"),
                _ => "   start".to_owned(),
            };
            writeln!(f, "{head}")?;
            for event in &step.events {
                writeln!(f, "        {event}")?;
            }
        }
        match (&self.outcome, self.to_act) {
            (Some(outcome), _) => writeln!(f, "outcome:    {outcome}")?,
            (None, Some(seat)) => writeln!(
                f,
                "outcome:    the record ends before the game does (seat {seat} to act)"
            )?,
            (None, None) => writeln!(f, "outcome:    over, without an outcome")?,
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
/// by the record's `game` field and replays it, telling the game as `seat` saw it when given;
/// returns the text (or JSON, with `json`) to print.
///
/// # Errors
/// [`ReplayFileError`] saying what was wrong with the file or the record.
pub fn replay_file(path: &Path, seat: Option<u8>, json: bool) -> Result<String, ReplayFileError> {
    let (text, head) = read(path)?;
    if let Some(row) = table::record_row(&head.game) {
        return row.play.replay(&text, head.seed, seat, json);
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

/// `cardrules replay` of a record of `G` given as JSON text: the report rendered (text, or
/// JSON with `json`); `seed` is the record's seed when written as an integer; with `seat`
/// the transcript is that seat's (its redacted events).
///
/// # Errors
/// As [`replay`]; [`ReplayFileError::Write`] when the JSON cannot be written.
pub fn replay_rendered<G: Game + 'static>(
    text: &[u8],
    seed: Option<u64>,
    seat: Option<u8>,
    json: bool,
) -> Result<String, ReplayFileError> {
    let mut report = replay::<G>(text, seat)?;
    report.seed_integer = seed;
    report.render(json)
}

/// Replays a record of `G` given as JSON text, telling every step from the game's events
/// (redacted for `seat` when given), and reports how it ended.
///
/// # Errors
/// [`ReplayFileError::Parse`] when the text is not a record of this game;
/// [`ReplayFileError::Seat`] for a seat not at the table; [`ReplayFileError::Replay`] when the
/// setup fails or an action is refused.
pub fn replay<G: Game + 'static>(
    text: &[u8],
    seat: Option<u8>,
) -> Result<ReplayReport<G::Outcome>, ReplayFileError> {
    let record: GameRecord<G> = serde_json::from_slice(text).map_err(ReplayFileError::Parse)?;
    let mut state = record
        .start_state()
        .map_err(|e| ReplayFileError::Replay(Box::new(e)))?;
    let viewer = match seat {
        Some(seat) if usize::from(seat) >= state.num_players() => {
            return Err(ReplayFileError::Seat {
                seat,
                players: state.num_players(),
            });
        }
        seat => seat.map(PlayerId),
    };
    let told = |events: &[G::Event]| -> Vec<String> {
        (events.iter())
            .map(|event| match viewer {
                Some(viewer) => G::redact(&record.rules, event, viewer).to_string(),
                None => event.to_string(),
            })
            .collect()
    };
    let mut events = Vec::new();
    state.start_events(&mut events);
    let mut transcript = vec![Step {
        number: None,
        seat: None,
        action: None,
        events: told(&events),
    }];
    for (i, &action) in record.actions.iter().enumerate() {
        let actor = state.to_act();
        events.clear();
        state
            .play_reporting(action, &mut events)
            .map_err(|reason| {
                ReplayFileError::Replay(Box::new(ReplayError::<G>::Illegal {
                    number: i + 1,
                    action: action.to_string(),
                    reason,
                }))
            })?;
        // Another seat's action shows only in what it caused (a hidden prediction stays hidden).
        let shown = viewer.is_none() || actor == viewer;
        transcript.push(Step {
            number: Some(i + 1),
            seat: actor.map(|PlayerId(seat)| seat),
            action: shown.then(|| action.to_string()),
            events: told(&events),
        });
    }
    let seed = match &record.start {
        Start::Seed { seed, .. } => Some(seed.to_string()),
        Start::Setup(_) => None,
    };
    Ok(ReplayReport {
        game: G::NAME,
        players: state.num_players(),
        seed,
        seed_integer: None,
        actions: record.actions.len(),
        to_act: state.to_act().map(|PlayerId(seat)| seat),
        seen_by: seat,
        transcript,
        outcome: state.outcome(),
        returns: state.settlement().to_vec(),
        final_digest: state_digest(&state).map_err(ReplayFileError::Write)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    use ::zaagox::Zaagox;
    use cards_core::{GameRecord, Seed, random_playout};
    use serde_json::Value;

    use crate::oracle::playout::{playout, state_digest};
    use crate::simulate::game::record_json;

    fn report(seed: Option<&str>, outcome: Option<&str>) -> ReplayReport<String> {
        ReplayReport {
            game: "demo",
            players: 2,
            seed: seed.map(str::to_owned),
            seed_integer: None,
            actions: 3,
            to_act: outcome.is_none().then_some(1),
            seen_by: None,
            transcript: vec![
                Step {
                    number: None,
                    seat: None,
                    action: None,
                    events: vec!["dealt".to_owned()],
                },
                Step {
                    number: Some(1),
                    seat: Some(1),
                    action: Some("say".to_owned()),
                    events: vec!["seat 1 said".to_owned(), "seat 1 won".to_owned()],
                },
            ],
            outcome: outcome.map(str::to_owned),
            returns: vec![1, -1],
            final_digest: "ab".to_owned(),
        }
    }

    #[test]
    fn json_fields_in_order_with_the_transcript_before_the_outcome() {
        let json = report(Some("00ff"), Some("won")).render(true).unwrap();
        assert_eq!(
            json,
            r#"{"game":"demo","players":2,"seed":"00ff","seed_integer":null,"actions":3,"to_act":null,"seen_by":null,"transcript":[{"events":["dealt"]},{"number":1,"seat":1,"action":"say","events":["seat 1 said","seat 1 won"]}],"outcome":"won","returns":[1,-1],"final":"ab"}"#
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
            "demo: 2 players, 3 actions, seed 00ff\ntranscript:\n   start\n        dealt\n   \
             1. seat 1: say\n        seat 1 said\n        seat 1 won\noutcome:    won\n\
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
        let text = record_json::<::jass::SchieberDeal>(&Default::default(), 4, 42).unwrap();
        assert!(text.contains("\"game\": \"schieber-deal\""), "{text}");
        let path = write_temp("jass-4p-seed42.json", text.as_bytes());
        let v: Value = serde_json::from_str(&replay_file(&path, None, true).unwrap()).unwrap();
        let (state, actions) = playout::<::jass::SchieberDeal>(4, 42).unwrap();
        assert_eq!(v["game"], "schieber-deal");
        assert_eq!(v["seed_integer"], 42);
        assert_eq!(v["actions"], actions);
        assert_eq!(v["final"], state_digest(&state).unwrap());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        // The transcript: the start, then every action with at least the event it is.
        let steps = v["transcript"].as_array().unwrap();
        assert_eq!(steps.len(), actions + 1);
        assert!(
            steps
                .iter()
                .all(|s| !s["events"].as_array().unwrap().is_empty())
        );
        let text = replay_file(&path, None, false).unwrap();
        assert!(text.starts_with("schieber-deal: 4 players, "), "{text}");
        assert!(text.contains("\ntranscript:\n   start\n"), "{text}");
        assert!(text.contains(&format!("\n  {actions}. seat ")), "{text}");
    }

    /// `--seat K`: the transcript as seat K saw it. Every step is there, another seat's
    /// action shows only in its events, and no event names a card K could not see: at the
    /// start, the other hands are only their sizes.
    #[test]
    fn a_seats_transcript_hides_what_it_could_not_see() {
        let text = record_json::<::letom::Letom>(&Default::default(), 3, 42).unwrap();
        let path = write_temp("letom-3p-seed42-seat.json", text.as_bytes());
        let all: Value = serde_json::from_str(&replay_file(&path, None, true).unwrap()).unwrap();
        let seen: Value =
            serde_json::from_str(&replay_file(&path, Some(1), true).unwrap()).unwrap();
        assert_eq!(seen["seen_by"], 1);
        let (all, seen) = (
            all["transcript"].as_array().unwrap(),
            seen["transcript"].as_array().unwrap(),
        );
        assert_eq!(all.len(), seen.len());
        for (a, b) in all.iter().zip(seen) {
            assert_eq!(a["seat"], b["seat"]);
            assert_eq!(
                b["action"].is_null(),
                a["seat"].is_null() || a["seat"] != 1,
                "{b}"
            );
            assert_eq!(
                a["events"].as_array().unwrap().len(),
                b["events"].as_array().unwrap().len()
            );
        }
        let state = ::letom::Letom::new(&Default::default(), 3, Seed::from(42)).unwrap();
        let start = seen[0]["events"].to_string();
        for card in state.setup().hands[0].iter().chain(&state.setup().hands[2]) {
            assert!(!start.contains(&card.to_string()), "{card} in {start}");
        }
        let own = state.setup().hands[1].clone();
        assert!(
            own.iter().all(|c| start.contains(&c.to_string())),
            "{start}"
        );
        let text = replay_file(&path, Some(1), false).unwrap();
        assert!(
            text.contains("transcript, as seat 1 saw the game:"),
            "{text}"
        );
        let e = replay_file(&path, Some(3), false).unwrap_err().to_string();
        assert_eq!(e, "--seat 3: the game has seats 0 to 2 (it is played by 3)");
    }

    /// A Letom record replays to the playout's digest and returns; its transcript ends with
    /// the deal's end.
    #[test]
    fn replays_a_letom_record() {
        for seed in [3, 42] {
            let text = record_json::<::letom::Letom>(&Default::default(), 3, seed).unwrap();
            assert!(text.contains("\"game\": \"letom\""), "{text}");
            let path = write_temp(&format!("letom-3p-seed{seed}.json"), text.as_bytes());
            let v: Value = serde_json::from_str(&replay_file(&path, None, true).unwrap()).unwrap();
            let (state, actions) = playout::<::letom::Letom>(3, seed).unwrap();
            assert_eq!(v["game"], "letom");
            assert_eq!(v["actions"], actions);
            assert_eq!(v["final"], state_digest(&state).unwrap());
            assert_eq!(v["returns"], serde_json::json!(state.settlement()));
            let steps = v["transcript"].as_array().unwrap();
            assert_eq!(steps.len(), actions + 1);
            let last = steps.last().unwrap()["events"].as_array().unwrap();
            let end = last.last().unwrap().as_str().unwrap();
            let mut events = Vec::new();
            let mut replayed =
                ::letom::Letom::new(&Default::default(), 3, Seed::from(seed)).unwrap();
            let (_, record) =
                random_playout::<::letom::Letom>(&Default::default(), 3, Seed::from(seed)).unwrap();
            for &action in &record.actions {
                events.clear();
                replayed.play_reporting(action, &mut events).unwrap();
            }
            assert_eq!(end, events.last().unwrap().to_string());
            let text = replay_file(&path, None, false).unwrap();
            assert!(text.starts_with("letom: 3 players, "), "{text}");
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
        let out = replay_file(&path, None, true).unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        let (state, _) = playout::<Zaagox>(3, 11).unwrap();
        assert_eq!(v["final"], state_digest(&state).unwrap());
        assert_eq!(v["actions"], rec.actions.len());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        assert_eq!(v["to_act"], Value::Null);
        assert_eq!(v["seed"], Seed::from(11).to_string());
        assert_eq!(v["outcome"], serde_json::to_value(state.outcome()).unwrap());
        let text = replay_file(&path, None, false).unwrap();
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
        let v: Value = serde_json::from_str(&replay_file(&path, None, true).unwrap()).unwrap();
        assert_eq!(v["outcome"], Value::Null);
        assert!(v["to_act"].is_u64());
        assert!(
            replay_file(&path, None, false)
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
        let v: Value = serde_json::from_str(&replay_file(&path, None, true).unwrap()).unwrap();
        assert_eq!(v["seed"], Value::Null);
        assert_eq!(v["players"], 4);
        assert_eq!(v["actions"], full.actions.len() - split);
        assert_eq!(v["final"], state_digest(&end).unwrap());
        assert_eq!(v["returns"], serde_json::json!(end.settlement()));
        let text = replay_file(&path, None, false).unwrap();
        assert!(text.starts_with("zaagox: 4 players, "), "{text}");
        assert!(text.contains(" actions, from a setup\n"), "{text}");
        // A setup that breaks the rules does not replay, and says why.
        let mut broken = serde_json::to_value(&rec).unwrap();
        broken["setup"]["players"] = serde_json::json!(3);
        let path = write_temp("broken.json", &serde_json::to_vec(&broken).unwrap());
        let err = replay_file(&path, None, false).unwrap_err();
        assert!(
            matches!(err, ReplayFileError::Parse(_) | ReplayFileError::Replay(_)),
            "{err}"
        );
    }

    #[test]
    fn typed_errors() {
        let missing = std::env::temp_dir().join("cardrules-no-such-record.json");
        assert!(matches!(
            replay_file(&missing, None, false),
            Err(ReplayFileError::Read { .. })
        ));
        let bad = write_temp("bad.json", b"{not json");
        assert!(matches!(
            replay_file(&bad, None, false),
            Err(ReplayFileError::Parse(_))
        ));
        // Letom has landed: a record that is not one is refused as such.
        let letom = write_temp("letom.json", br#"{"game":"letom"}"#);
        let err = replay_file(&letom, None, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::Parse(_)), "{err}");
        // The registry's name is not the record's: say which it is.
        let jass = write_temp("jass.json", br#"{"game":"jass"}"#);
        let err = replay_file(&jass, None, false).unwrap_err();
        assert!(
            matches!(err, ReplayFileError::RecordName { game: "jass", .. }),
            "{err}"
        );
        assert!(err.to_string().contains("\"schieber-deal\""), "{err}");
        let chess = write_temp("chess.json", br#"{"game":"chess"}"#);
        let err = replay_file(&chess, None, false).unwrap_err();
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
        let err = replay_file(&nine, None, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::Replay(_)), "{err}");
        assert!(err.to_string().contains('9'), "{err}");
        rec["players"] = serde_json::json!(3);
        rec["extra"] = serde_json::json!(1);
        let extra = write_temp("extra.json", &serde_json::to_vec(&rec).unwrap());
        assert!(matches!(
            replay_file(&extra, None, false),
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
            if let Err(e) = replay_file(&path, None, false) {
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

//! `cardrules replay`: what is reported about a replayed [`cards_core::GameRecord`], and the
//! errors of reading one. Replaying is generic over the game ([`replay`], [`steps`]); the table picks
//! the game by the record's `game` field.
//!
//! A record is read whole, up to [`MAX_RECORD`] bytes, then replayed twice: once to check
//! every action and reach the end (nothing is written for a record that does not replay), then
//! again to tell each step as it is written. The transcript is never held whole, so memory
//! stays that of the record and one state, however long the game.

use std::fmt;
use std::io::{self, Read as _, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

use cards_core::{Game, GameRecord, PlayerId, ReplayError, Start};

use cards_registry::oracle::{MAX_ECHO, and_list, cut};
use cards_registry::{Catalogued, GameType};

use crate::oracle::playout::state_digest;
use crate::table;

/// The largest record read, in bytes: 64 MiB. The longest game the rules allow (every game to
/// its turn limit or round cap) records in well under that.
pub const MAX_RECORD: u64 = 64 << 20;

/// Why a record file could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayFileError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// The file is larger than [`MAX_RECORD`].
    #[error("{path} is larger than the limit of {} MiB for a record", MAX_RECORD >> 20)]
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The file is not a record of a known game (bad JSON, missing `game`, wrong fields).
    #[error("not a valid game record: {0}")]
    Parse(String),
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
    /// another (a game's name where its records name a game type).
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
    /// The report could not be written out.
    #[error("cannot write the report: {0}")]
    Output(#[from] io::Error),
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

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.number, self.seat, &self.action) {
            (Some(n), Some(seat), Some(action)) => writeln!(f, "{n:>4}. seat {seat}: {action}")?,
            (Some(n), Some(seat), None) => writeln!(f, "{n:>4}. seat {seat}")?,
            _ => writeln!(f, "   start")?,
        }
        for event in &self.events {
            // A summary's sentence takes several lines: each is indented under the step.
            for line in event.lines() {
                writeln!(f, "        {line}")?;
            }
        }
        Ok(())
    }
}

/// What `replay` prints about a replayed game; `O` is the game's outcome (`Game::Outcome`).
/// Its transcript is written between its head and its end ([`ReplayReport::write`]).
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
    /// How the game ended; `None` when the record stops before the end.
    pub outcome: Option<O>,
    /// The game's integer settlement, one entry per seat.
    pub returns: Vec<i64>,
    /// SHA-256 of the final state's JSON, as in the oracle's `final`.
    pub final_digest: String,
    /// What the settlement counts, in words ([`GameType::settlement`]); not in the JSON.
    pub unit: &'static str,
}

impl<O: Serialize + fmt::Display> ReplayReport<O> {
    /// Writes the report with `steps` as its transcript, as text or, with `json`, as one line
    /// of JSON, each step written as it comes.
    ///
    /// # Errors
    /// A step's own error, [`ReplayFileError::Write`] when JSON cannot be written and
    /// [`ReplayFileError::Output`] when `out` fails.
    pub fn write(
        &self,
        steps: impl Iterator<Item = Result<Step, ReplayFileError>>,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), ReplayFileError> {
        if json {
            self.write_json(steps, out)
        } else {
            self.write_text(steps, out)
        }
    }

    fn write_json(
        &self,
        steps: impl Iterator<Item = Result<Step, ReplayFileError>>,
        out: &mut dyn Write,
    ) -> Result<(), ReplayFileError> {
        let mut field = |name: &str, value: &dyn erased::Json| -> Result<(), ReplayFileError> {
            let sep = if name == "game" { "{" } else { "," };
            write!(out, "{sep}\"{name}\":")?;
            value.write(out)
        };
        field("game", &self.game)?;
        field("players", &self.players)?;
        field("seed", &self.seed)?;
        field("seed_integer", &self.seed_integer)?;
        field("actions", &self.actions)?;
        field("to_act", &self.to_act)?;
        field("seen_by", &self.seen_by)?;
        write!(out, ",\"transcript\":[")?;
        for (i, step) in steps.enumerate() {
            if i > 0 {
                write!(out, ",")?;
            }
            serde_json::to_writer(&mut *out, &step?).map_err(ReplayFileError::Write)?;
        }
        write!(out, "]")?;
        let mut field = |name: &str, value: &dyn erased::Json| -> Result<(), ReplayFileError> {
            write!(out, ",\"{name}\":")?;
            value.write(out)
        };
        field("outcome", &self.outcome)?;
        field("returns", &self.returns)?;
        field("final", &self.final_digest)?;
        writeln!(out, "}}")?;
        Ok(())
    }

    fn write_text(
        &self,
        steps: impl Iterator<Item = Result<Step, ReplayFileError>>,
        out: &mut dyn Write,
    ) -> Result<(), ReplayFileError> {
        write!(
            out,
            "{}: {} players, {} actions, ",
            self.game, self.players, self.actions
        )?;
        match (self.seed_integer, &self.seed) {
            (Some(seed), _) => writeln!(out, "seed {seed}")?,
            // Not a number anyone typed: a seed made from one (a tournament's deal seed comes
            // from its --seed and the deal's number), written whole so it replays.
            (None, Some(seed)) => writeln!(out, "seed {seed} (derived from a seed given)")?,
            (None, None) => writeln!(out, "from a setup")?,
        }
        match self.seen_by {
            Some(seat) => writeln!(out, "transcript, as seat {seat} saw the game:")?,
            None => writeln!(out, "transcript:")?,
        }
        for step in steps {
            write!(out, "{}", step?)?;
        }
        match (&self.outcome, self.to_act) {
            (Some(outcome), _) => writeln!(out, "outcome:    {outcome}")?,
            (None, Some(seat)) => writeln!(
                out,
                "outcome:    the record ends before the game does (seat {seat} to act)"
            )?,
            (None, None) => writeln!(out, "outcome:    over, without an outcome")?,
        }
        let returns: Vec<String> = (self.returns.iter().enumerate())
            .map(|(seat, v)| format!("seat {seat} {v:+}"))
            .collect();
        writeln!(out, "settlement: {}", returns.join(", "))?;
        if !self.unit.is_empty() {
            writeln!(out, "            (in {})", self.unit)?;
        }
        writeln!(out, "final:      {}", self.final_digest)?;
        Ok(())
    }
}

/// One JSON value written to a writer, whatever its type (so the report's fields are written
/// one by one, in order).
mod erased {
    use std::io::Write;

    use super::ReplayFileError;

    pub trait Json {
        fn write(&self, out: &mut dyn Write) -> Result<(), ReplayFileError>;
    }

    impl<T: serde::Serialize> Json for T {
        fn write(&self, out: &mut dyn Write) -> Result<(), ReplayFileError> {
            serde_json::to_writer(out, self).map_err(ReplayFileError::Write)
        }
    }
}

/// What is read of a record before the whole of it: the game that parses it, and the seed
/// as written when it is a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// The record's game name.
    pub game: String,
    /// The record's seed when it is an integer (`"seed": 42`).
    pub seed: Option<u64>,
}

/// The path that means stdin.
pub const STDIN: &str = "-";

/// Reads the record at `path` (`-`: stdin), at most [`MAX_RECORD`] bytes, without a leading
/// byte order mark: its bytes and its [`Head`].
///
/// # Errors
/// [`ReplayFileError::Read`] when the file cannot be read, [`ReplayFileError::TooLarge`]
/// past the limit, [`ReplayFileError::Parse`] when it is not a JSON object with a string
/// `game`, [`ReplayFileError::Seed`] when its seed is a number outside `0..2^64` (named as
/// written).
pub fn read(path: &Path) -> Result<(Vec<u8>, Head), ReplayFileError> {
    let (shown, input): (PathBuf, Box<dyn io::Read>) = if path.as_os_str() == STDIN {
        (
            PathBuf::from("standard input"),
            Box::new(io::stdin().lock()),
        )
    } else {
        let file = std::fs::File::open(path).map_err(|source| ReplayFileError::Read {
            path: path.to_owned(),
            source,
        })?;
        (path.to_owned(), Box::new(file))
    };
    let mut text = Vec::new();
    input
        .take(MAX_RECORD + 1)
        .read_to_end(&mut text)
        .map_err(|source| ReplayFileError::Read {
            path: shown.clone(),
            source,
        })?;
    if text.len() as u64 > MAX_RECORD {
        return Err(ReplayFileError::TooLarge { path: shown });
    }
    if text.starts_with(BOM) {
        text.drain(..BOM.len());
    }
    let head = parse_head(&text)?;
    Ok((text, head))
}

/// The UTF-8 byte order mark some editors put first.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The [`Head`] of a record's text: its `game` and, when a number, its `seed`.
///
/// # Errors
/// As [`read`].
pub fn parse_head(text: &[u8]) -> Result<Head, ReplayFileError> {
    let (game, seed) = serde_json::from_slice::<RawHead<'_>>(text)
        .map_err(|e| ReplayFileError::Parse(without_position(&e)))?
        .0;
    let Some(game) = game else {
        return Err(ReplayFileError::Parse(
            "the record has no \"game\" field naming its game".to_owned(),
        ));
    };
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

/// A record's `game` and `seed` as written, read from a JSON object only (never a list).
struct RawHead<'a>((Option<String>, Option<&'a RawValue>));

impl<'de: 'a, 'a> serde::Deserialize<'de> for RawHead<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct HeadVisitor;
        impl<'de> Visitor<'de> for HeadVisitor {
            type Value = (Option<String>, Option<&'de RawValue>);

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a record: a JSON object with \"game\", \"rules\" and \"actions\"")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let (mut game, mut seed) = (None, None);
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    match &*key {
                        "game" => {
                            let name: serde_json::Value = map.next_value()?;
                            let serde_json::Value::String(name) = name else {
                                return Err(de::Error::custom(
                                    "\"game\" is the game's name, a JSON string",
                                ));
                            };
                            game = Some(name);
                        }
                        "seed" => seed = Some(map.next_value()?),
                        // serde would read a list as a struct's fields in order: a record's
                        // rules and setup are written as objects only.
                        "rules" | "setup" => {
                            let raw: &'de RawValue = map.next_value()?;
                            if !raw.get().starts_with('{') {
                                return Err(de::Error::custom(format_args!(
                                    "\"{key}\" is a JSON object, not {}",
                                    cut(raw.get(), MAX_ECHO)
                                )));
                            }
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok((game, seed))
            }
        }
        d.deserialize_map(HeadVisitor).map(RawHead)
    }
}

/// A serde_json error's text without ` at line L column C` when the line is 1 (a record
/// written on one line), and with it otherwise (a record pretty-printed over many).
fn without_position(e: &serde_json::Error) -> String {
    let text = cards_registry::words::user_words(&e.to_string());
    if e.line() > 1 {
        return text;
    }
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
}

/// `cardrules replay`: reads the record at `path` (`-`: stdin), finds its type in the table
/// by the record's `game` field and replays it, telling the game as `seat` saw it when given;
/// writes the text (or JSON, with `json`) to `out`.
///
/// # Errors
/// [`ReplayFileError`] saying what was wrong with the file or the record (nothing is written
/// then), or that `out` failed.
pub fn replay_file(
    path: &Path,
    seat: Option<u8>,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), ReplayFileError> {
    let (text, head) = read(path)?;
    if let Some(line) = cards_registry::by_record(&head.game) {
        return line.visit(Replay {
            text: &text,
            seed: head.seed,
            seat,
            json,
            out,
        });
    }
    match cards_registry::games()
        .into_iter()
        .find(|g| *g == head.game)
    {
        Some(game) => Err(ReplayFileError::RecordName {
            game,
            records: and_list(
                &cards_registry::catalogue()
                    .iter()
                    .filter(|t| t.game == game)
                    .map(|t| format!("{:?}", t.record()))
                    .collect::<Vec<_>>(),
            ),
        }),
        None => Err(ReplayFileError::UnknownGame {
            game: cut(&head.game, MAX_ECHO),
            games: table::records_sentence(),
        }),
    }
}

/// A replay of a record, typed for the game type its `game` names.
struct Replay<'a> {
    text: &'a [u8],
    seed: Option<u64>,
    seat: Option<u8>,
    json: bool,
    out: &'a mut dyn Write,
}

impl cards_registry::Visitor for Replay<'_> {
    type Out = Result<(), ReplayFileError>;

    fn visit<G: Catalogued, P>(self, line: &'static GameType) -> Self::Out {
        let (mut report, record) = replay::<G>(self.text, self.seat)?;
        report.seed_integer = report.seed_integer.or(self.seed);
        report.unit = line.settlement;
        report.write(steps(&record, self.seat.map(PlayerId)), self.json, self.out)
    }
}

/// Reads a record of `G` from JSON text, its errors naming where in the record they are.
///
/// # Errors
/// [`ReplayFileError::Parse`] when the text is not a record of this game.
pub fn parse_record<G: Game>(text: &[u8]) -> Result<GameRecord<G>, ReplayFileError> {
    let mut reader = serde_json::Deserializer::from_slice(text);
    let record =
        serde_path_to_error::deserialize::<_, GameRecord<G>>(&mut reader).map_err(|e| {
            let path = e.path().to_string();
            let inner = without_position(e.inner());
            ReplayFileError::Parse(if path == "." {
                inner
            } else {
                format!("at {path}: {inner}")
            })
        })?;
    reader
        .end()
        .map_err(|e| ReplayFileError::Parse(without_position(&e)))?;
    Ok(record)
}

/// Replays a record of `G` given as JSON text to its end, checking every action, and reports
/// how it ended (the transcript is told by [`steps`]); `seat`: whose view the transcript is.
///
/// # Errors
/// [`ReplayFileError::Parse`] when the text is not a record of this game;
/// [`ReplayFileError::Seat`] for a seat not at the table; [`ReplayFileError::Replay`] when the
/// setup fails or an action is refused.
pub fn replay<G: Game + 'static>(
    text: &[u8],
    seat: Option<u8>,
) -> Result<(ReplayReport<G::Outcome>, GameRecord<G>), ReplayFileError> {
    let record = parse_record::<G>(text)?;
    let state = record
        .replay()
        .map_err(|e| ReplayFileError::Replay(Box::new(e)))?;
    if let Some(seat) = seat
        && usize::from(seat) >= state.num_players()
    {
        return Err(ReplayFileError::Seat {
            seat,
            players: state.num_players(),
        });
    }
    let (seed, seed_integer) = match &record.start {
        Start::Seed { seed, integer, .. } => (Some(seed.to_string()), *integer),
        Start::Setup(_) => (None, None),
    };
    let report = ReplayReport {
        game: G::NAME,
        players: state.num_players(),
        seed,
        seed_integer,
        actions: record.actions.len(),
        to_act: state.to_act().map(|PlayerId(seat)| seat),
        seen_by: seat,
        outcome: state.outcome(),
        returns: state.settlement().to_vec(),
        final_digest: state_digest(&state).map_err(ReplayFileError::Write)?,
        unit: "",
    };
    Ok((report, record))
}

/// The steps of `record`'s transcript, one at a time: the start, then every action with the
/// events it caused, told as `viewer` saw them when given (redacted; another seat's action
/// shows only in what it caused).
pub fn steps<G: Game + 'static>(
    record: &GameRecord<G>,
    viewer: Option<PlayerId>,
) -> impl Iterator<Item = Result<Step, ReplayFileError>> + '_ {
    let told = move |events: &[G::Event]| -> Vec<String> {
        (events.iter())
            .map(|event| match viewer {
                Some(viewer) => G::redact(&record.rules, event, viewer).to_string(),
                None => event.to_string(),
            })
            .collect()
    };
    let mut events = Vec::new();
    let (mut state, start) = match record.start_state() {
        Ok(state) => {
            state.start_events(&mut events);
            let step = Step {
                number: None,
                seat: None,
                action: None,
                events: told(&events),
            };
            (Some(state), Ok(step))
        }
        Err(e) => (None, Err(ReplayFileError::Replay(Box::new(e)))),
    };
    std::iter::once(start).chain(record.actions.iter().enumerate().map_while(
        move |(i, &action)| {
            let state = state.as_mut()?;
            let actor = state.to_act();
            events.clear();
            if let Err(reason) = state.play_reporting(action, &mut events) {
                return Some(Err(ReplayFileError::Replay(Box::new(
                    ReplayError::<G>::Illegal {
                        number: i + 1,
                        action: action.to_string(),
                        reason,
                    },
                ))));
            }
            // Another seat's action is named when the viewer saw all it did: every event it
            // caused reaches the viewer unredacted (a card played to a trick), never when
            // something of it was hidden (a card drawn, a prediction made in secret).
            let shown = match viewer {
                None => true,
                Some(viewer) if actor == Some(viewer) => true,
                Some(viewer) => {
                    (events.iter()).all(|event| G::redact(&record.rules, event, viewer) == *event)
                }
            };
            Some(Ok(Step {
                number: Some(i + 1),
                seat: actor.map(|PlayerId(seat)| seat),
                action: shown.then(|| action.to_string()),
                events: told(&events),
            }))
        },
    ))
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
            seen_by: None,
            outcome: outcome.map(str::to_owned),
            returns: vec![1, -1],
            final_digest: "ab".to_owned(),
            unit: "points: what each seat won",
        }
    }

    fn transcript() -> Vec<Step> {
        vec![
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
        ]
    }

    /// The report as written, without its last line end.
    fn render(report: &ReplayReport<String>, json: bool) -> String {
        let mut out = Vec::new();
        report
            .write(transcript().into_iter().map(Ok), json, &mut out)
            .unwrap();
        let mut text = String::from_utf8(out).unwrap();
        assert_eq!(text.pop(), Some('\n'));
        text
    }

    #[test]
    fn json_fields_in_order_with_the_transcript_before_the_outcome() {
        let json = render(&report(Some("00ff"), Some("won")), true);
        assert_eq!(
            json,
            r#"{"game":"demo","players":2,"seed":"00ff","seed_integer":null,"actions":3,"to_act":null,"seen_by":null,"transcript":[{"events":["dealt"]},{"number":1,"seat":1,"action":"say","events":["seat 1 said","seat 1 won"]}],"outcome":"won","returns":[1,-1],"final":"ab"}"#
        );
        let setup = render(&report(None, None), true);
        assert!(setup.contains(r#""seed":null"#), "{setup}");
        assert!(setup.contains(r#""to_act":1"#), "{setup}");
    }

    #[test]
    fn text_says_where_the_game_started_and_how_it_ended() {
        let text = render(&report(Some("00ff"), Some("won")), false);
        assert_eq!(
            text,
            "demo: 2 players, 3 actions, seed 00ff (derived from a seed given)\ntranscript:\n   \
             start\n        dealt\n   1. seat 1: say\n        seat 1 said\n        seat 1 won\n\
             outcome:    won\nsettlement: seat 0 +1, seat 1 -1\n            (in points: what \
             each seat won)\nfinal:      ab"
        );
        let text = render(&report(None, None), false);
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

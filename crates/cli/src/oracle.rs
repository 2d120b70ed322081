//! `cardrules oracle`: the JSON Lines conformance protocol (`docs/oracle.md`).
//!
//! Each input line is one request; each gets exactly one answer line, in order, flushed at
//! once. Answering is split in two layers so it can be tested without a process:
//! [`handle`] turns the bytes of one line into an [`Answer`] (a pure function), and [`run`]
//! reads lines, calls it and writes the answers.
//!
//! Decisions the protocol leaves open, taken here:
//! - an empty or all-whitespace line is a request too, answered `ok:false` (`"empty request"`),
//!   so answers stay aligned line for line with the input;
//! - a line ends at `\n`; a `\r` before it is dropped; a last line without `\n` is answered;
//! - a line that is not UTF-8, or longer than [`MAX_LINE`] bytes, is answered `ok:false`
//!   (the long line is skipped without being held in memory);
//! - a field given twice in one request is an error, like an unknown field;
//! - `op` must be a string naming one of [`OPS`].

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::games;

/// The longest request line answered, in bytes (without the line end). Longer lines get
/// `ok:false`; the largest legitimate request is well under a kilobyte.
pub const MAX_LINE: usize = 1 << 20;

/// The longest error message sent back, in characters: an error that echoes a huge input
/// (an unknown field name a megabyte long) is cut.
const MAX_ERROR: usize = 400;

/// Every op of the protocol, by game, in `oracle.md` order.
pub const OPS: [&str; 12] = [
    "zaagox.score",
    "zaagox.playout",
    "jass.legal",
    "jass.trick",
    "jass.weis",
    "jass.deal",
    "jass.playout",
    "letom.score",
    "letom.settle",
    "letom.playout",
    "elewenjewe.captures",
    "elewenjewe.playout",
];

/// The protocol's ops, comma-separated, for error messages.
fn op_list() -> String {
    OPS.join(", ")
}

/// Why a request was refused. Its text is the `error` of the `ok:false` answer.
#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    /// The line was empty or held only whitespace.
    #[error("empty request")]
    Empty,
    /// The line was not UTF-8.
    #[error("request is not valid UTF-8: {0}")]
    NotUtf8(#[from] std::str::Utf8Error),
    /// The line was longer than [`MAX_LINE`].
    #[error("request is longer than the limit of {limit} bytes (got at least {len})")]
    TooLong {
        /// Bytes read before giving up.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// The line was not one JSON value.
    #[error("request is not valid JSON: {0}")]
    Syntax(serde_json::Error),
    /// The line was JSON but not an object with distinct keys.
    #[error("bad request: {0}")]
    Shape(serde_json::Error),
    /// No `op` field.
    #[error("request has no \"op\" field; the ops are {}", op_list())]
    MissingOp,
    /// `op` was not a string.
    #[error("\"op\" must be a string, not {0}")]
    OpNotString(&'static str),
    /// `op` named no op of the protocol.
    #[error("unknown op {op:?}; the ops are {}", op_list())]
    UnknownOp {
        /// The op given (cut to 64 characters).
        op: String,
    },
    /// The op belongs to a game whose crate has not landed.
    #[error("{game} is not implemented yet: {op} will answer once the {game} rules land")]
    NotImplemented {
        /// The game.
        game: &'static str,
        /// The op.
        op: String,
    },
    /// The request's fields did not fit the op (unknown, missing or mistyped field).
    #[error("bad {op} request: {source}")]
    Fields {
        /// The op.
        op: &'static str,
        /// What serde found wrong.
        source: serde_json::Error,
    },
    /// A field's value was out of its range or otherwise invalid for the op.
    #[error("bad {op} request: {message}")]
    Invalid {
        /// The op.
        op: &'static str,
        /// What was wrong.
        message: String,
    },
    /// The game refused the input (bad card text, wrong count, duplicates, …).
    #[error(transparent)]
    Game(Box<dyn std::error::Error + Send + Sync>),
    /// Answering failed inside the program (a bug); the request is refused and the oracle
    /// goes on.
    #[error("internal error while answering {op}: {message}")]
    Internal {
        /// The op.
        op: String,
        /// What went wrong.
        message: String,
    },
}

impl OracleError {
    /// A range or validity error for `op`.
    pub fn invalid(op: &'static str, message: impl Into<String>) -> Self {
        OracleError::Invalid {
            op,
            message: message.into(),
        }
    }

    /// A game's own error.
    pub fn game(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        OracleError::Game(Box::new(error))
    }
}

/// One answer of the protocol: `{"ok":true, …fields}` or `{"ok":false,"error":"…"}`.
#[derive(Debug)]
pub enum Answer {
    /// A success with its op's fields.
    Ok(Body),
    /// A refusal.
    Err(OracleError),
}

/// The fields of a successful answer, one variant per answer shape, each serialized in the
/// order `oracle.md` shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Body {
    /// `zaagox.score`.
    ZaagoxScore(games::zaagox::ScoreAnswer),
    /// Every `<game>.playout`.
    Playout(games::PlayoutAnswer),
}

impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Success<'a> {
            ok: bool,
            #[serde(flatten)]
            body: &'a Body,
        }
        #[derive(Serialize)]
        struct Failure<'a> {
            ok: bool,
            error: &'a str,
        }
        match self {
            Answer::Ok(body) => Success { ok: true, body }.serialize(s),
            Answer::Err(error) => Failure {
                ok: false,
                error: &error_text(error),
            }
            .serialize(s),
        }
    }
}

/// The error's text, cut to [`MAX_ERROR`] characters.
fn error_text(error: &OracleError) -> String {
    let text = error.to_string();
    if text.chars().count() <= MAX_ERROR {
        text
    } else {
        let mut cut: String = text.chars().take(MAX_ERROR).collect();
        cut.push('…');
        cut
    }
}

impl Answer {
    /// The answer as one line of JSON (without the line end).
    #[must_use]
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            // Only a serializer bug could get here; still answer with valid JSON.
            let error = serde_json::to_string(&format!("cannot write the answer: {e}"))
                .unwrap_or_else(|_| "\"cannot write the answer\"".to_owned());
            format!("{{\"ok\":false,\"error\":{error}}}")
        })
    }
}

impl From<Result<Body, OracleError>> for Answer {
    fn from(result: Result<Body, OracleError>) -> Self {
        match result {
            Ok(body) => Answer::Ok(body),
            Err(error) => Answer::Err(error),
        }
    }
}

/// A request's top-level object, refusing a key given twice (which `serde_json::Value`
/// would silently collapse to the last one).
struct RequestObject(Map<String, Value>);

impl<'de> Deserialize<'de> for RequestObject {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ObjectVisitor;
        impl<'de> Visitor<'de> for ObjectVisitor {
            type Value = RequestObject;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object like {\"op\":\"zaagox.score\", …}")
            }

            fn visit_map<A: MapAccess<'de>>(
                self,
                mut access: A,
            ) -> Result<RequestObject, A::Error> {
                let mut map = Map::new();
                while let Some(key) = access.next_key::<String>()? {
                    if map.contains_key(&key) {
                        let shown: String = key.chars().take(64).collect();
                        return Err(de::Error::custom(format_args!(
                            "field {shown:?} is given twice"
                        )));
                    }
                    let value: Value = access.next_value()?;
                    map.insert(key, value);
                }
                Ok(RequestObject(map))
            }
        }
        d.deserialize_map(ObjectVisitor)
    }
}

/// The JSON type of a value, for error messages.
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Deserializes an op's fields (everything but `op`) into its request type, which refuses
/// unknown fields.
///
/// # Errors
/// [`OracleError::Fields`] naming the unknown, missing or mistyped field.
pub fn fields<T: DeserializeOwned>(
    op: &'static str,
    rest: Map<String, Value>,
) -> Result<T, OracleError> {
    serde_json::from_value(Value::Object(rest)).map_err(|source| OracleError::Fields { op, source })
}

/// Parses one request line into its op and remaining fields.
fn parse(line: &[u8]) -> Result<(String, Map<String, Value>), OracleError> {
    let text = std::str::from_utf8(line)?;
    if text.trim().is_empty() {
        return Err(OracleError::Empty);
    }
    let RequestObject(mut map) = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            OracleError::Shape(e)
        } else {
            OracleError::Syntax(e)
        }
    })?;
    match map.remove("op") {
        None => Err(OracleError::MissingOp),
        Some(Value::String(op)) => Ok((op, map)),
        Some(other) => Err(OracleError::OpNotString(json_type(&other))),
    }
}

/// Answers one op with its already parsed fields.
fn dispatch(op: &str, rest: Map<String, Value>) -> Result<Body, OracleError> {
    match op {
        "zaagox.score" => games::zaagox::score_op(rest),
        "zaagox.playout" => games::zaagox::playout_op(rest),
        _ if OPS.contains(&op) => {
            let game = match op.split_once('.').map(|(game, _)| game) {
                Some("jass") => "jass",
                Some("letom") => "letom",
                _ => "elewenjewe",
            };
            Err(OracleError::NotImplemented {
                game,
                op: op.to_owned(),
            })
        }
        _ => Err(OracleError::UnknownOp {
            op: op.chars().take(64).collect(),
        }),
    }
}

/// Answers one request line (without its line end). Never panics: a panic inside a game is
/// caught and answered as [`OracleError::Internal`].
#[must_use]
pub fn handle(line: &[u8]) -> Answer {
    let (op, rest) = match parse(line) {
        Ok(parsed) => parsed,
        Err(error) => return Answer::Err(error),
    };
    match catch_unwind(AssertUnwindSafe(|| dispatch(&op, rest))) {
        Ok(result) => result.into(),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".to_owned());
            Answer::Err(OracleError::Internal {
                op: op.chars().take(64).collect(),
                message,
            })
        }
    }
}

/// One line read from the input.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// The line's bytes, without `\n` or `\r\n`.
    Text,
    /// The line was longer than the limit; this many bytes were skipped.
    TooLong(usize),
}

/// Reads the next line into `buf` (cleared first), keeping at most `limit` bytes; a longer
/// line is consumed to its end without being stored. `None` at end of input.
fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<Line>> {
    buf.clear();
    let mut seen = 0usize;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (&chunk[..end], true),
            None => (chunk, false),
        };
        seen = seen.saturating_add(part.len());
        if seen <= limit + 1 {
            // Keep one byte beyond the limit so a `\r` just past it can still be dropped.
            buf.extend_from_slice(part);
        }
        let used = part.len() + usize::from(done);
        input.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
        seen -= 1;
    }
    if seen > limit {
        buf.clear();
        return Ok(Some(Line::TooLong(seen)));
    }
    Ok(Some(Line::Text))
}

/// Runs the oracle: answers every line of `input` on `output`, flushing after each answer.
///
/// # Errors
/// Only I/O errors reading `input` or writing `output`; bad requests are answered, not
/// returned.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf, MAX_LINE)? {
        let answer = match line {
            Line::Text => handle(&buf),
            Line::TooLong(len) => Answer::Err(OracleError::TooLong {
                len,
                limit: MAX_LINE,
            }),
        };
        output.write_all(answer.to_line().as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Value {
        serde_json::from_str(&handle(line.as_bytes()).to_line()).unwrap()
    }

    fn error(line: &[u8]) -> String {
        match handle(line) {
            Answer::Err(e) => e.to_string(),
            Answer::Ok(body) => panic!("expected an error, got {body:?}"),
        }
    }

    #[test]
    fn refusals_are_ok_false_with_an_error() {
        for line in [
            "",
            "   ",
            "{",
            "[1]",
            "5",
            "null",
            "\"x\"",
            "{}",
            "{\"op\":5}",
        ] {
            let v = answer(line);
            assert_eq!(v["ok"], false, "{line}");
            assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{line}");
            assert_eq!(v.as_object().unwrap().len(), 2, "{line}");
        }
    }

    #[test]
    fn empty_line_is_an_empty_request() {
        assert_eq!(error(b""), "empty request");
        assert_eq!(error(b" \t "), "empty request");
    }

    #[test]
    fn invalid_utf8_is_refused() {
        assert!(error(b"{\"op\":\"zaagox.score\xff\"}").contains("UTF-8"));
    }

    #[test]
    fn unknown_op_is_named() {
        let e = error(br#"{"op":"chess.move"}"#);
        assert!(
            e.contains("\"chess.move\"") && e.contains("zaagox.score"),
            "{e}"
        );
        assert!(error(br#"{"op":"zaagox.foo"}"#).contains("zaagox.foo"));
        assert!(error(br#"{"op":""}"#).contains("unknown op"));
    }

    #[test]
    fn missing_or_mistyped_op() {
        assert!(error(br#"{"stored":[]}"#).contains("no \"op\""));
        assert!(error(br#"{"op":["zaagox.score"]}"#).contains("an array"));
    }

    #[test]
    fn duplicate_fields_are_refused() {
        let e = error(br#"{"op":"zaagox.playout","players":2,"players":3,"seed":1}"#);
        assert!(e.contains("\"players\" is given twice"), "{e}");
    }

    #[test]
    fn not_implemented_games_say_so() {
        for op in &OPS[2..12] {
            let e = error(format!(r#"{{"op":"{op}"}}"#).as_bytes());
            let game = op.split('.').next().unwrap();
            assert!(
                e.starts_with(&format!("{game} is not implemented yet")),
                "{e}"
            );
        }
    }

    #[test]
    fn syntax_and_trailing_garbage() {
        assert!(error(br#"{"op":"zaagox.score"} x"#).contains("not valid JSON"));
        assert!(error(b"{\"op\":").contains("not valid JSON"));
        // Deep nesting hits serde_json's recursion limit instead of the stack.
        let deep = format!(
            "{{\"op\":\"zaagox.score\",\"stored\":{}{}}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert_eq!(answer(&deep)["ok"], false);
    }

    #[test]
    fn huge_error_texts_are_cut() {
        let field = "x".repeat(10_000);
        let line = format!(r#"{{"op":"zaagox.score","{field}":1}}"#);
        let text = answer(&line)["error"].as_str().unwrap().to_owned();
        assert!(text.chars().count() <= MAX_ERROR + 1);
    }

    /// Every answer is one line of JSON with a boolean `ok`, and an `error` when false.
    fn assert_well_formed(line: &[u8]) {
        let text = handle(line).to_line();
        assert!(!text.contains('\n'), "{text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        match v["ok"] {
            Value::Bool(true) => {}
            Value::Bool(false) => assert!(v["error"].is_string(), "{text}"),
            _ => panic!("no ok in {text}"),
        }
    }

    #[test]
    fn mangled_requests_are_always_answered() {
        let requests: [&[u8]; 3] = [
            br#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"]}"#,
            br#"{"op":"zaagox.playout","players":3,"seed":42}"#,
            br#"{"op":"letom.settle","captured":[["P2"],["S1"]],"winner":0}"#,
        ];
        let replacements = [
            b'"', b'{', b'}', b'[', b']', b',', b':', b'-', b'9', b'\\', 0xff, 0, b'\n',
        ];
        for request in requests {
            for i in 0..request.len() {
                let mut cut = request.to_vec();
                cut.remove(i);
                assert_well_formed(&cut);
                assert_well_formed(&request[..i]);
                for &byte in &replacements {
                    let mut changed = request.to_vec();
                    changed[i] = byte;
                    assert_well_formed(&changed);
                    changed.insert(i, byte);
                    assert_well_formed(&changed);
                }
            }
        }
    }

    fn run_on(input: &[u8], limit: usize) -> Vec<(Option<Line>, Vec<u8>)> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        loop {
            let line = read_line(&mut reader, &mut buf, limit).unwrap();
            let end = line.is_none();
            out.push((line, buf.clone()));
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_split_on_newline_and_drop_cr() {
        let lines = run_on(b"ab\r\n\ncdefgh\nxyz", 5);
        assert_eq!(
            lines,
            vec![
                (Some(Line::Text), b"ab".to_vec()),
                (Some(Line::Text), b"".to_vec()),
                (Some(Line::TooLong(6)), b"".to_vec()),
                (Some(Line::Text), b"xyz".to_vec()),
                (None, b"".to_vec()),
            ]
        );
        // A line exactly at the limit, with or without `\r`, is kept.
        let lines = run_on(b"abcde\r\nabcde\n", 5);
        assert_eq!(lines[0], (Some(Line::Text), b"abcde".to_vec()));
        assert_eq!(lines[1], (Some(Line::Text), b"abcde".to_vec()));
        assert_eq!(run_on(b"", 5), vec![(None, Vec::new())]);
    }

    #[test]
    fn run_answers_every_line_in_order() {
        let input = b"\n{\"op\":\"jass.legal\"}\nnot json\n{\"op\":\"nope\"}";
        let mut out = Vec::new();
        run(&input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].contains("empty request"));
        assert!(lines[1].contains("jass is not implemented yet"));
        assert!(lines[2].contains("not valid JSON"));
        assert!(lines[3].contains("unknown op"));
        assert!(text.ends_with('\n'));
    }
}

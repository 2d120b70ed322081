//! The vocabulary of the oracle protocol (`docs/oracle.md`) shared by the oracle and the game
//! adapters: op names, refusals ([`OracleError`]), answers ([`Answer`], [`Body`]) and the
//! strict reading of a request's fields ([`fields`]).
//!
//! This module knows no game: the adapters (`games::*`) build answers with it, and the oracle
//! (`oracle`) reads lines and dispatches through the registry (`games`).

use std::fmt;

use std::collections::BTreeMap;

use serde::Serialize;
use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// The longest error message sent back, in characters: an error that echoes a huge input
/// (an unknown field name a megabyte long) is cut.
pub const MAX_ERROR: usize = 400;

/// The longest op or name echoed back in an error, in characters.
pub const MAX_ECHO: usize = 64;

/// An op of the protocol: a game's name and a verb, written `game.verb` (`zaagox.score`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpName {
    /// The game's name (`Game::NAME`).
    pub game: &'static str,
    /// The verb (`score`, `playout`, `trace`, …).
    pub verb: &'static str,
}

impl OpName {
    /// The op `game.verb`.
    #[must_use]
    pub const fn new(game: &'static str, verb: &'static str) -> Self {
        OpName { game, verb }
    }
}

impl fmt::Display for OpName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.game, self.verb)
    }
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
    /// The line was longer than the oracle's limit.
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
    #[error("request has no \"op\" field; the ops are {ops}")]
    MissingOp {
        /// Every op of the protocol, comma-separated (from the registry).
        ops: String,
    },
    /// `op` was not a string.
    #[error("\"op\" must be a string, not {0}")]
    OpNotString(&'static str),
    /// `op` named no op of the protocol.
    #[error("unknown op {op:?}; the ops are {ops}")]
    UnknownOp {
        /// The op given (cut to [`MAX_ECHO`] characters).
        op: String,
        /// Every op of the protocol, comma-separated (from the registry).
        ops: String,
    },
    /// The request's fields did not fit the op (unknown, missing or mistyped field).
    #[error("bad {op} request: {source}")]
    Fields {
        /// The op.
        op: OpName,
        /// What serde found wrong.
        source: serde_json::Error,
    },
    /// A field's value was out of its range or otherwise invalid for the op.
    #[error("bad {op} request: {message}")]
    Invalid {
        /// The op.
        op: OpName,
        /// What was wrong.
        message: String,
    },
    /// The game refused the input (bad card text, wrong count, duplicates, a bad setup, …).
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
    pub fn invalid(op: OpName, message: impl Into<String>) -> Self {
        OracleError::Invalid {
            op,
            message: message.into(),
        }
    }

    /// A game's own error.
    pub fn game(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        OracleError::Game(Box::new(error))
    }

    /// A bug found while answering `op`.
    pub fn internal(op: impl fmt::Display, message: impl Into<String>) -> Self {
        OracleError::Internal {
            op: cut(&op.to_string(), MAX_ECHO),
            message: message.into(),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
#[must_use]
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_owned(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// `text` cut to at most `max` characters.
#[must_use]
pub fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// The fields of a successful answer (everything but `ok`), already written as one JSON
/// object in the order the protocol shows them.
///
/// Built from any serializable struct with [`Body::new`], so each op keeps its own typed
/// answer while the oracle handles every answer alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body {
    /// Compact JSON text of an object: starts with `{`, ends with `}`.
    json: String,
}

impl Body {
    /// The answer fields of `op`, from a value that serializes as a JSON object.
    ///
    /// # Errors
    /// [`OracleError::Internal`] when `fields` cannot be written or is not an object (a bug
    /// in the op).
    pub fn new(op: OpName, fields: &impl Serialize) -> Result<Body, OracleError> {
        let json = serde_json::to_string(fields)
            .map_err(|e| OracleError::internal(op, format!("cannot write the answer: {e}")))?;
        if json.starts_with('{') && json.ends_with('}') {
            Ok(Body { json })
        } else {
            Err(OracleError::internal(op, "the answer is not a JSON object"))
        }
    }

    /// The fields as one compact JSON object.
    #[must_use]
    pub fn as_json(&self) -> &str {
        &self.json
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

impl From<Result<Body, OracleError>> for Answer {
    fn from(result: Result<Body, OracleError>) -> Self {
        match result {
            Ok(body) => Answer::Ok(body),
            Err(error) => Answer::Err(error),
        }
    }
}

impl Answer {
    /// The answer as one line of JSON (without the line end).
    #[must_use]
    pub fn to_line(&self) -> String {
        match self {
            Answer::Ok(body) => {
                let inner = &body.as_json()[1..];
                if inner == "}" {
                    "{\"ok\":true}".to_owned()
                } else {
                    format!("{{\"ok\":true,{inner}")
                }
            }
            Answer::Err(error) => failure_line(&error_text(error)),
        }
    }
}

/// `{"ok":false,"error":…}` with `message` as a JSON string.
fn failure_line(message: &str) -> String {
    #[derive(Serialize)]
    struct Failure<'a> {
        ok: bool,
        error: &'a str,
    }
    serde_json::to_string(&Failure {
        ok: false,
        error: message,
    })
    // Writing a struct of a bool and a string cannot fail; still answer with valid JSON.
    .unwrap_or_else(|_| "{\"ok\":false,\"error\":\"cannot write the answer\"}".to_owned())
}

/// The error's text, cut to [`MAX_ERROR`] characters.
fn error_text(error: &OracleError) -> String {
    let text = error.to_string();
    if text.chars().count() <= MAX_ERROR {
        text
    } else {
        let mut cut = cut(&text, MAX_ERROR);
        cut.push('…');
        cut
    }
}

/// The JSON type of a value, for error messages.
#[must_use]
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

/// A request's fields as parsed from its line: a JSON object whose keys are distinct (a key
/// given twice is refused, where `serde_json::Value` would keep the last), each value kept
/// both parsed and as the text the request gave, so messages can echo a number exactly as
/// typed (`18446744073709551616`, not `1.8446744073709552e19`) without serde_json's
/// `arbitrary_precision`.
#[derive(Debug, Clone, Default)]
pub struct Fields {
    /// The parsed values.
    values: Map<String, Value>,
    /// The values as written in the request (without surrounding whitespace).
    raw: BTreeMap<String, Box<RawValue>>,
}

impl Fields {
    /// No fields.
    #[must_use]
    pub fn new() -> Self {
        Fields::default()
    }

    /// Removes the field `key`, returning its parsed value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.raw.remove(key);
        self.values.remove(key)
    }

    /// The field `key` as the request wrote it.
    #[must_use]
    pub fn raw(&self, key: &str) -> Option<&str> {
        self.raw.get(key).map(|raw| raw.get())
    }
}

impl<'de> serde::Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ObjectVisitor;
        impl<'de> Visitor<'de> for ObjectVisitor {
            type Value = Fields;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object like {\"op\":\"zaagox.score\", …}")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Fields, A::Error> {
                let mut fields = Fields::new();
                while let Some(key) = access.next_key::<String>()? {
                    if fields.values.contains_key(&key) {
                        let shown = cut(&key, MAX_ECHO);
                        return Err(de::Error::custom(format_args!(
                            "field {shown:?} is given twice"
                        )));
                    }
                    let raw: Box<RawValue> = access.next_value()?;
                    let value: Value = serde_json::from_str(raw.get()).map_err(|e| {
                        de::Error::custom(format_args!(
                            "field {:?}: {}",
                            cut(&key, MAX_ECHO),
                            without_position(&e)
                        ))
                    })?;
                    fields.values.insert(key.clone(), value);
                    fields.raw.insert(key, raw);
                }
                Ok(fields)
            }
        }
        d.deserialize_map(ObjectVisitor)
    }
}

/// A serde_json error's text without the ` at line L column C` that locates it in a text the
/// user did not write as such.
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
}

/// Deserializes an op's fields (everything but `op`) into its request type, which refuses
/// unknown fields.
///
/// # Errors
/// [`OracleError::Fields`] naming the unknown, missing or mistyped field.
pub fn fields<T: DeserializeOwned>(op: OpName, rest: &Fields) -> Result<T, OracleError> {
    serde_json::from_value(Value::Object(rest.values.clone()))
        .map_err(|source| OracleError::Fields { op, source })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OP: OpName = OpName::new("demo", "op");

    #[derive(Serialize)]
    struct Demo {
        b: u8,
        a: &'static str,
    }

    #[test]
    fn bodies_keep_their_field_order_after_ok() {
        let body = Body::new(OP, &Demo { b: 1, a: "x" }).unwrap();
        assert_eq!(Answer::Ok(body).to_line(), r#"{"ok":true,"b":1,"a":"x"}"#);
        let empty = Body::new(OP, &Map::new()).unwrap();
        assert_eq!(Answer::Ok(empty).to_line(), r#"{"ok":true}"#);
    }

    #[test]
    fn a_body_must_be_an_object() {
        for bad in [
            Body::new(OP, &5),
            Body::new(OP, &[1, 2]),
            Body::new(OP, &"{}"),
        ] {
            let e = bad.unwrap_err();
            assert!(matches!(e, OracleError::Internal { .. }), "{e}");
            assert!(e.to_string().contains("demo.op"), "{e}");
        }
    }

    #[test]
    fn refusals_escape_their_text() {
        let line = Answer::Err(OracleError::internal(OP, "a \"quote\"\n")).to_line();
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["ok"], false);
        assert!(v["error"].as_str().unwrap().ends_with("a \"quote\"\n"));
    }

    #[test]
    fn fields_keep_numbers_as_written_and_refuse_keys_twice() {
        let mut f: Fields =
            serde_json::from_str(r#"{"op":"x", "seed": 18446744073709551616 ,"n":1.50}"#).unwrap();
        assert_eq!(f.raw("seed"), Some("18446744073709551616"));
        assert_eq!(f.raw("n"), Some("1.50"));
        assert_eq!(f.remove("op"), Some(Value::from("x")));
        assert_eq!(f.raw("op"), None);
        let e = serde_json::from_str::<Fields>(r#"{"a":1,"a":2}"#).unwrap_err();
        assert!(e.to_string().contains("\"a\" is given twice"), "{e}");
        let e = serde_json::from_str::<Fields>(r#"{"a":1e400}"#).unwrap_err();
        assert!(e.to_string().contains("number out of range"), "{e}");
    }

    #[test]
    fn op_names_print_as_game_dot_verb() {
        assert_eq!(OpName::new("zaagox", "score").to_string(), "zaagox.score");
    }
}

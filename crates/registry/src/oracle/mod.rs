//! The JSON Lines conformance protocol (`docs/oracle.md`), answered line by line: what
//! `cardrules oracle` runs, and what any front end can offer.
//!
//! [`handle`] turns the bytes of one request line into an [`Answer`] (a pure function that
//! never panics); the front end reads the lines and writes the answers. Every game of the
//! catalogue answers `<game>.playout` and `<game>.trace` (generic over the game type, reached
//! through [`GameType::visit`]); a game's own ops (`zaagox.score`, `jass.legal`, …) are its
//! file here.
//!
//! Decisions the protocol leaves open, taken here:
//! - an empty or all-whitespace line is a request too, answered `ok:false` (`"empty request"`),
//!   so answers stay aligned line for line with the input;
//! - a line that is not UTF-8, or longer than [`MAX_LINE`] bytes, is answered `ok:false` (the
//!   front end skips a long line without holding it: [`too_long`]);
//! - a field given twice in one request is an error, like an unknown field;
//! - `op` must be a string naming one of the ops ([`ops`]);
//! - `<game>.playout` and `<game>.trace` take `"variant"` only for a game the oracle plays in
//!   several variants (Jass); its value must name one of them ([`GameType::oracle`]), and
//!   leaving it out plays the first.

mod elewenjewe;
mod jass;
mod letom;
pub mod playout;
mod protocol;
mod zaagox;

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;

pub use protocol::{
    Answer, Body, Fields, MAX_ECHO, MAX_ERROR, OpName, OracleError, and_list, cut, fields,
    json_type,
};

use crate::catalogue::{GameType, Visitor, catalogue, games};
use crate::table::Catalogued;

/// The longest request line answered, in bytes (without the line end). Longer lines get
/// `ok:false`; the largest legitimate request is well under a kilobyte.
pub const MAX_LINE: usize = 1 << 20;

/// One of a game's own oracle ops (beyond `playout` and `trace`, which every game has).
#[derive(Debug, Clone, Copy)]
pub struct Op {
    /// The verb: the op is `<game>.<verb>`.
    pub verb: &'static str,
    /// Answers the request's fields (everything but `op`).
    pub answer: fn(Fields) -> Result<Body, OracleError>,
}

/// Each game's own ops, in protocol order.
fn own_ops(game: &str) -> &'static [Op] {
    match game {
        "zaagox" => zaagox::OPS,
        "jass" => jass::OPS,
        "elewenjewe" => elewenjewe::OPS,
        "letom" => letom::OPS,
        _ => &[],
    }
}

/// Every op of the protocol, game by game in catalogue order: a game's own, then `playout`
/// and `trace`.
#[must_use]
pub fn ops() -> Vec<String> {
    games()
        .into_iter()
        .flat_map(|game| {
            own_ops(game)
                .iter()
                .map(|op| op.verb)
                .chain(["playout", "trace"])
                .map(move |verb| format!("{game}.{verb}"))
        })
        .collect()
}

/// The ops, comma-separated, for error and help texts.
#[must_use]
pub fn op_list() -> String {
    ops().join(", ")
}

/// Parses one request line into its op and remaining fields.
fn parse(line: &[u8]) -> Result<(String, Fields), OracleError> {
    let text = std::str::from_utf8(line)?;
    // A byte order mark some editors put first is not part of the request.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(OracleError::Empty);
    }
    let mut map: Fields = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            OracleError::Shape(e)
        } else {
            OracleError::Syntax(e)
        }
    })?;
    match map.remove("op") {
        None => Err(OracleError::MissingOp { ops: op_list() }),
        Some(Value::String(op)) => Ok((op, map)),
        Some(other) => Err(OracleError::OpNotString(json_type(&other))),
    }
}

/// Answers the op `op` with its fields (everything but `op`): the game's own op, or the
/// generic `playout` and `trace` of the game type it names.
///
/// # Errors
/// [`OracleError::UnknownOp`] for an op of no game, and each op's own refusals.
pub fn answer(op: &str, mut rest: Fields) -> Result<Body, OracleError> {
    let unknown = || OracleError::UnknownOp {
        op: cut(op, MAX_ECHO),
        ops: op_list(),
    };
    let (name, verb) = op.split_once('.').ok_or_else(unknown)?;
    let game = games()
        .into_iter()
        .find(|g| *g == name)
        .ok_or_else(unknown)?;
    if let Some(own) = own_ops(game).iter().find(|own| own.verb == verb) {
        return (own.answer)(rest);
    }
    let op = match verb {
        "playout" => OpName::new(game, "playout"),
        "trace" => OpName::new(game, "trace"),
        _ => return Err(unknown()),
    };
    let line = oracle_line(op, &mut rest)?;
    line.visit(Generic { op, rest: &rest })
}

/// `playout` or `trace`, typed for the game type the request names.
struct Generic<'a> {
    op: OpName,
    rest: &'a Fields,
}

impl Visitor for Generic<'_> {
    type Out = Result<Body, OracleError>;

    fn visit<G: Catalogued, P>(self, line: &'static GameType) -> Self::Out {
        let label = oracle_label(line);
        match self.op.verb {
            "playout" => playout::playout_op::<G>(self.op, self.rest, label),
            _ => playout::trace_op::<G>(self.op, self.rest, label),
        }
    }
}

/// The game types the oracle plays of `game`, its default first ([`GameType::oracle`]).
fn forms(game: &str) -> Vec<&'static GameType> {
    catalogue()
        .iter()
        .filter(|t| t.game == game && t.oracle.is_some())
        .collect()
}

/// The `"variant"` a `playout` or `trace` request gives to play `line`: its oracle name when the
/// oracle plays its game in several forms and `line` is not the default; `None` otherwise (the
/// default, a game played one way, or a type the oracle does not play).
#[must_use]
pub fn request_variant(line: &'static GameType) -> Option<&'static str> {
    let forms = forms(line.game);
    let default = forms.first().is_some_and(|f| std::ptr::eq(*f, line));
    line.oracle.filter(|_| forms.len() > 1 && !default)
}

/// How the oracle's messages name a game type: the game, or its label for a game the oracle
/// plays in several variants.
fn oracle_label(line: &GameType) -> &'static str {
    if forms(line.game).len() > 1 {
        line.label
    } else {
        line.game
    }
}

/// The game type a playout or trace request plays: named by its `"variant"` (taken out of the
/// fields) when the oracle plays the game in several variants, else the game's one type.
///
/// # Errors
/// [`OracleError::Invalid`] for a variant that is not one of them.
fn oracle_line(op: OpName, rest: &mut Fields) -> Result<&'static GameType, OracleError> {
    let lines = forms(op.game);
    let (&first, _) = lines
        .split_first()
        .ok_or_else(|| OracleError::internal(op, "the oracle plays no variant of it".to_owned()))?;
    if lines.len() == 1 {
        return Ok(first);
    }
    let shown = rest.raw("variant").map(|raw| cut(raw, MAX_ECHO));
    let Some(value) = rest.remove("variant") else {
        return Ok(first);
    };
    value
        .as_str()
        .and_then(|name| lines.iter().copied().find(|t| t.oracle == Some(name)))
        .ok_or_else(|| {
            let names: Vec<String> = (lines.iter().enumerate())
                .filter_map(|(i, t)| {
                    let name = t.oracle?;
                    Some(if i == 0 {
                        format!("{name:?} (the default)")
                    } else {
                        format!("{name:?}")
                    })
                })
                .collect();
            let listed = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => names.join(""),
            };
            OracleError::invalid(
                op,
                format!(
                    "variant must be {listed}, not {}",
                    shown.unwrap_or_default()
                ),
            )
        })
}

/// Answers one request line (without its line end). Never panics: a panic inside a game is
/// caught and answered as [`OracleError::Internal`].
#[must_use]
pub fn handle(line: &[u8]) -> Answer {
    let (op, rest) = match parse(line) {
        Ok(parsed) => parsed,
        Err(error) => return Answer::Err(error),
    };
    match catch_unwind(AssertUnwindSafe(|| answer(&op, rest))) {
        Ok(result) => result.into(),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".to_owned());
            Answer::Err(OracleError::Internal {
                op: cut(&op, MAX_ECHO),
                message,
            })
        }
    }
}

/// The answer to a line longer than [`MAX_LINE`] (`len` bytes, or at least that many when the
/// input ended first).
#[must_use]
pub fn too_long(len: usize) -> Answer {
    Answer::Err(OracleError::TooLong {
        len,
        limit: MAX_LINE,
    })
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

    /// Every game has landed: every op of the protocol answers (an empty request is refused
    /// for its missing fields, never as not implemented).
    #[test]
    fn every_op_of_the_protocol_answers() {
        for op in ops() {
            let e = error(format!(r#"{{"op":"{op}"}}"#).as_bytes());
            assert!(!e.contains("not implemented"), "{op}: {e}");
            assert!(e.contains(&op) && e.contains("missing field"), "{op}: {e}");
        }
    }

    /// `docs/oracle.md`, "Ops by deliverable": every op of every game, in its order.
    #[test]
    fn the_op_table_is_the_protocols() {
        assert_eq!(
            ops(),
            [
                "zaagox.score",
                "zaagox.playout",
                "zaagox.trace",
                "jass.legal",
                "jass.trick",
                "jass.weis",
                "jass.deal",
                "jass.playout",
                "jass.trace",
                "elewenjewe.captures",
                "elewenjewe.playout",
                "elewenjewe.trace",
                "letom.score",
                "letom.settle",
                "letom.playout",
                "letom.trace",
            ]
        );
        let mut unique = ops();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ops().len());
    }

    #[test]
    fn unknown_ops_list_the_registry() {
        for op in [
            "chess.move",
            "zaagox.foo",
            "jass.score",
            "zaagox",
            "",
            ".",
            "zaagox.",
        ] {
            let e = super::answer(op, Fields::new()).unwrap_err();
            assert!(matches!(e, OracleError::UnknownOp { .. }), "{op}: {e}");
            let text = e.to_string();
            assert!(text.contains(&op_list()), "{text}");
            assert!(text.contains(&format!("{op:?}")), "{text}");
        }
    }

    /// The oracle's Letom ops play one deal and take no variant; Jass's take one of its
    /// three (`docs/oracle.md`).
    #[test]
    fn only_a_game_played_in_several_variants_takes_one() {
        let fields: Fields =
            serde_json::from_str(r#"{"players":3,"seed":1,"variant":"match"}"#).unwrap();
        let e = super::answer("letom.playout", fields).unwrap_err();
        assert!(e.to_string().contains("variant"), "{e}");
        let fields: Fields =
            serde_json::from_str(r#"{"players":4,"seed":1,"variant":"bridge"}"#).unwrap();
        let e = super::answer("jass.playout", fields)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(r#"variant must be "schieber" (the default), "coiffeur" or "differenzler", not "bridge""#),
            "{e}"
        );
    }

    #[test]
    fn op_errors_list_the_registrys_ops() {
        let ops = op_list();
        assert!(
            ops.contains("zaagox.trace") && ops.contains("elewenjewe.trace"),
            "{ops}"
        );
        assert_eq!(
            error(br#"{"op":"chess.move"}"#),
            format!("unknown op \"chess.move\"; the ops are {ops}")
        );
        assert_eq!(
            error(br#"{"stored":[]}"#),
            format!("request has no \"op\" field; the ops are {ops}")
        );
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
        let requests: [&[u8]; 8] = [
            br#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"]}"#,
            br#"{"op":"zaagox.playout","players":3,"seed":42}"#,
            br#"{"op":"zaagox.trace","players":2,"seed":3}"#,
            br#"{"op":"letom.score","captured":["P2","P4","P8","A0"]}"#,
            br#"{"op":"letom.settle","captured":[["P2","A1"],["S1"],["G1"]],"winner":0,"ren":[2,0,1],"last_ren":2,"shakes":[1,0,0],"bombs":[0,0,0],"carry":1}"#,
            br#"{"op":"jass.legal","mode":"trump:D","hand":["AD","9D","6D","TS"],"trick":["6C","JD","TD"]}"#,
            br#"{"op":"jass.trick","mode":"obenabe","cards":["6H","AH","KS","8H"],"last":false}"#,
            br#"{"op":"jass.weis","hand":["6H","7H","8H","9H","JC","JD","JS","JH","10S"],"mode":"trump:H","scale":"small","four_low":true,"cross_weis":true}"#,
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
}

//! The Eléwénjewé op that needs no `Game`: `elewenjewe.captures`, on the `elewenjewe` crate's
//! capture machinery (`docs/oracle.md`, "Eléwénjewé"), before the generic `playout` and
//! `trace`.

use cards_core::{CardSet, StdCard};
use elewenjewe::{Choices, Rules, captures, count_captures};
use serde::Serialize;

use super::Op;
use super::protocol::{Body, Fields, MAX_ECHO, OpName, OracleError, cut, fields};

/// Eléwénjewé's own ops, in protocol order.
pub const OPS: &[Op] = &[Op {
    verb: "captures",
    answer: captures_op,
}];

/// The fields of an `elewenjewe.captures` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CapturesRequest {
    /// The played card's text.
    played: String,
    /// The loose table cards' texts.
    table: Vec<String>,
    /// The Yorùbá rule (default off).
    #[serde(default)]
    yoruba: bool,
    /// The most options listed ([`DEFAULT_LIMIT`] when left out or null).
    #[serde(default)]
    limit: Option<serde_json::Value>,
}

/// The most options an answer lists unless the request sets `limit`: 100,000 (an answer of at
/// most about 27 MB).
pub const DEFAULT_LIMIT: u64 = 100_000;

/// The largest `limit` a request may set: 1,000,000 (an answer of at most about 270 MB: an
/// option names at most 53 cards of five bytes each).
pub const MAX_LIMIT: u64 = 1_000_000;

/// The answer: how many options, and each as a set of card texts (in card order); past the
/// limit, the first `limit` options and `truncated`.
#[derive(Debug, Serialize)]
struct CapturesAnswer {
    count: u64,
    options: Options,
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_exact: Option<bool>,
}

/// The first `limit` options, written one by one as the answer is (never all held at once).
#[derive(Debug)]
struct Options {
    choices: Choices,
    limit: u64,
}

impl Serialize for Options {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        s.collect_seq(
            self.choices
                .clone()
                .take(limit)
                .map(|set| Cards(set.iter().collect())),
        )
    }
}

/// One option's cards, in card order.
#[derive(Debug, Serialize)]
struct Cards(Vec<StdCard>);

/// `elewenjewe.captures`: every distinct non-empty set of loose table cards the played card
/// may capture. Jokers count as in play whenever one is named.
fn captures_op(rest: Fields) -> Result<Body, OracleError> {
    let op = OpName::new("elewenjewe", "captures");
    let request: CapturesRequest = fields(op, &rest)?;
    let played = request
        .played
        .parse::<StdCard>()
        .map_err(|e| OracleError::invalid(op, format!("played: {e}")))?;
    let mut table = CardSet::<StdCard>::EMPTY;
    for (i, text) in request.table.iter().enumerate() {
        let card = text
            .parse::<StdCard>()
            .map_err(|e| OracleError::invalid(op, format!("table[{i}]: {e}")))?;
        if card == played {
            return Err(OracleError::invalid(
                op,
                format!("table[{i}]: {card} is the played card"),
            ));
        }
        if !table.insert(card) {
            return Err(OracleError::invalid(
                op,
                format!("table[{i}]: {card} is given twice"),
            ));
        }
    }
    let rules = Rules {
        jokers: true,
        yoruba: request.yoruba,
        ..Rules::default()
    };
    let limit = match (&request.limit, rest.raw("limit")) {
        (None, _) => DEFAULT_LIMIT,
        (Some(value), raw) => value
            .as_u64()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .ok_or_else(|| {
                OracleError::invalid(
                    op,
                    format!(
                        "limit must be an integer from 1 to {MAX_LIMIT}, not {}",
                        cut(raw.unwrap_or_default(), MAX_ECHO)
                    ),
                )
            })?,
    };
    // The count works on counts per value, never building a set: always cheap, always exact.
    let count = count_captures(played, table, &rules)
        .map_err(|e| OracleError::invalid(op, e.to_string()))?;
    let choices =
        captures(played, table, &rules).map_err(|e| OracleError::invalid(op, e.to_string()))?;
    let truncated = count > limit;
    Body::new(
        op,
        &CapturesAnswer {
            count,
            options: Options { choices, limit },
            truncated: truncated.then_some(true),
            count_exact: truncated.then_some(true),
        },
    )
}

#[cfg(test)]
mod tests {
    /// The answer to an `elewenjewe.captures` request with these fields, through the oracle.
    fn answer(fields_json: &str) -> Result<serde_json::Value, String> {
        let line = format!(
            r#"{{"op":"elewenjewe.captures",{}"#,
            fields_json.trim_start_matches('{')
        );
        let v: serde_json::Value =
            serde_json::from_str(&crate::oracle::handle(line.as_bytes()).to_line()).unwrap();
        if v["ok"] == true {
            Ok(v)
        } else {
            Err(v["error"].as_str().unwrap_or_default().to_owned())
        }
    }

    #[test]
    fn the_spec_example_and_refusals() {
        let v = answer(
            r#"{"played":"9S","table":["6C","3D","3H","7S","9H","AC","AD"],"yoruba":false}"#,
        )
        .unwrap();
        assert_eq!(v["count"], 11);
        let options = v["options"].as_array().unwrap();
        assert_eq!(options.len(), 11);
        assert!(options.contains(&serde_json::json!(["9H"])));
        // The Yorùbá rule: only 6 + 3 (either three).
        let v =
            answer(r#"{"played":"9S","table":["6C","3D","3H","7S","9H","AC","AD"],"yoruba":true}"#)
                .unwrap();
        assert_eq!(v["count"], 2);
        // Jokers: a played joker takes the whole table; `10` is read as T.
        let v = answer(r#"{"played":"X1","table":["10H","KD"]}"#).unwrap();
        assert_eq!(v["options"], serde_json::json!([["KD", "TH"]]));
        assert_eq!(answer(r#"{"played":"X1","table":[]}"#).unwrap()["count"], 0);
        for (json, needle) in [
            (r#"{"played":"9S","table":["9S"]}"#, "the played card"),
            (r#"{"played":"9S","table":["AC","ac"]}"#, "given twice"),
            (r#"{"played":"ZZ","table":[]}"#, "played:"),
            (r#"{"played":"9S","table":["1C"]}"#, "table[0]"),
            (r#"{"played":"9S","table":[],"colour":1}"#, "unknown field"),
            (
                r#"{"played":"9S","table":[],"limit":0}"#,
                "limit must be an integer from 1 to 1000000, not 0",
            ),
            (
                r#"{"played":"9S","table":[],"limit":1000001}"#,
                "not 1000001",
            ),
            (r#"{"played":"9S","table":[],"limit":2.5}"#, "not 2.5"),
            (r#"{"played":"9S","table":[],"limit":"5"}"#, "not \"5\""),
        ] {
            let e = answer(json).unwrap_err();
            assert!(e.contains(needle), "{json}: {e}");
        }
    }

    /// A limit lists the first options in the usual order and says the rest exist; without
    /// one, a huge table's answer stops at the default (the 28-card table that once needed
    /// 22 million options and 4 GB).
    #[test]
    fn a_limit_bounds_the_answer() {
        let table = r#""table":["6C","3D","3H","7S","9H","AC","AD"]"#;
        let all = answer(&format!(r#"{{"played":"9S",{table}}}"#)).unwrap();
        let two = answer(&format!(r#"{{"played":"9S",{table},"limit":2}}"#)).unwrap();
        assert_eq!(two["count"], 11);
        assert_eq!(two["truncated"], true);
        assert_eq!(two["count_exact"], true);
        assert_eq!(
            two["options"].as_array().unwrap()[..],
            all["options"].as_array().unwrap()[..2]
        );
        let exact = answer(&format!(r#"{{"played":"9S",{table},"limit":11}}"#)).unwrap();
        assert_eq!(exact, all);
        assert!(all.get("truncated").is_none() && all.get("count_exact").is_none());

        let ranks = ["A", "2", "3", "4", "5", "6", "7"];
        let cards: Vec<String> = ranks
            .iter()
            .flat_map(|r| ["C", "D", "H", "S"].map(|s| format!("\"{r}{s}\"")))
            .collect();
        let line = format!(r#"{{"played":"TC","table":[{}]}}"#, cards.join(","));
        let big = answer(&line).unwrap();
        assert_eq!(big["truncated"], true);
        assert_eq!(big["options"].as_array().unwrap().len(), 100_000);
        assert!(
            big["count"].as_u64().unwrap() > 20_000_000,
            "{}",
            big["count"]
        );
    }
}

/// The oracle's traces of whole games, against the typed playouts.
#[cfg(test)]
mod traces {
    use crate::oracle::playout::{Returns, TraceEntry, playout, trace};
    use elewenjewe::Elewenjewe;

    /// The trace: decisions plus the game's own deal and score events; the score events add up
    /// to the final totals.
    #[test]
    fn traces_games() {
        for players in 2..=5 {
            for seed in 0..3 {
                let t = trace::<Elewenjewe>(players, seed).unwrap();
                let (state, actions) = playout::<Elewenjewe>(players, seed).unwrap();
                let decisions = t
                    .events
                    .iter()
                    .filter(|e| matches!(e, TraceEntry::Decision { .. }))
                    .count();
                assert_eq!(decisions, actions);
                let mut sums = vec![0i64; players];
                for e in &t.events {
                    if let TraceEntry::Score { score } = e {
                        for (s, v) in sums.iter_mut().zip(score) {
                            *s += v;
                        }
                    }
                }
                assert_eq!(sums, state.totals().to_vec());
                assert_eq!(t.returns, Returns::of(&state));
            }
        }
    }
}

//! The Eléwénjewé op that needs no `Game`: `elewenjewe.captures`, on the `elewenjewe` crate's
//! capture machinery (`docs/oracle.md`, "Eléwénjewé"), before the generic `playout` and
//! `trace`.

use cards_core::{CardSet, StdCard};
use elewenjewe::{Rules, captures, count_captures};
use serde::Serialize;

use crate::games::Op;
use crate::protocol::{Body, Fields, OpName, OracleError, fields};

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
}

/// The answer: how many options, and each as a set of card texts (in card order).
#[derive(Debug, Serialize)]
struct CapturesAnswer {
    count: u64,
    options: Vec<Vec<StdCard>>,
}

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
    let count = count_captures(played, table, &rules)
        .map_err(|e| OracleError::invalid(op, e.to_string()))?;
    let options = captures(played, table, &rules)
        .map_err(|e| OracleError::invalid(op, e.to_string()))?
        .map(|set| set.iter().collect())
        .collect();
    Body::new(op, &CapturesAnswer { count, options })
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
        ] {
            let e = answer(json).unwrap_err();
            assert!(e.contains(needle), "{json}: {e}");
        }
    }
}

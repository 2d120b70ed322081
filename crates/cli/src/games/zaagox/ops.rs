//! Zaägox's own oracle op, `zaagox.score` (`docs/oracle.md`, "Zaägox"), before the generic
//! `playout` and `trace`.

use cards_core::{DidoCard, Game};
use serde::Serialize;
use zaagox::Zaagox;

use crate::games::Op;
use crate::protocol::{Body, Fields, OpName, OracleError, fields};

/// Zaägox's own oracle op: `zaagox.score`.
pub const OPS: &[Op] = &[Op {
    verb: "score",
    answer: score_op,
}];

/// The fields of a `zaagox.score` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreRequest {
    /// The stored cards, as text.
    stored: Vec<String>,
}

/// The answer to `zaagox.score`, fields in protocol order (after `ok`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScoreAnswer {
    /// The set's points.
    pub points: i64,
    /// Distinct shapes.
    pub shape_kinds: u8,
    /// Distinct colours (5 with four colours plus a blank in a five-card set).
    pub colour_kinds: u8,
    /// Distinct number classes (numbers mod 4; 5 as for colours).
    pub number_kinds: u8,
    /// Strong link; only ever true with 4 or 5 number kinds.
    pub strong: bool,
}

/// `zaagox.score`: scores 4 or 5 distinct stored cards under the default shape map.
///
/// # Errors
/// Unknown or missing fields, bad card text (naming the position), and the scorer's own
/// refusals (wrong count, duplicates).
pub fn score_op(rest: Fields) -> Result<Body, OracleError> {
    const OP: OpName = OpName::new(Zaagox::NAME, "score");
    let request: ScoreRequest = fields(OP, &rest)?;
    let cards = request
        .stored
        .iter()
        .enumerate()
        .map(|(i, text)| {
            text.parse::<DidoCard>()
                .map_err(|e| OracleError::invalid(OP, format!("stored[{i}]: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let score = zaagox::score(&cards).map_err(OracleError::game)?;
    Body::new(
        OP,
        &ScoreAnswer {
            points: score.points,
            shape_kinds: score.shape_kinds,
            colour_kinds: score.colour_kinds,
            number_kinds: score.number_kinds,
            // The protocol: meaningful for 4/5 number kinds, false otherwise.
            strong: score.strong && score.number_kinds >= 4,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::playout::{TraceEntry, playout, playout_op, state_digest, trace, trace_op};
    use crate::protocol::Answer;
    use cards_core::{Seed, random_playout, shuffled_deck};
    use serde_json::Value;
    use zaagox::Setup;

    /// The answer line to a request line, through this adapter's ops alone (the oracle and
    /// the registry are tested on their own).
    fn handle(line: &[u8]) -> Answer {
        let mut rest: Fields = match serde_json::from_slice(line) {
            Ok(rest) => rest,
            // `1e400` and the like: refused before any op sees them.
            Err(e) => return Answer::Err(OracleError::Syntax(e)),
        };
        let op = rest.remove("op").unwrap();
        Answer::from(match op.as_str().unwrap() {
            "zaagox.score" => score_op(rest),
            "zaagox.playout" => {
                playout_op::<Zaagox>(OpName::new("zaagox", "playout"), &rest, "zaagox")
            }
            "zaagox.trace" => trace_op::<Zaagox>(OpName::new("zaagox", "trace"), &rest, "zaagox"),
            other => panic!("not a zaagox op: {other}"),
        })
    }

    fn answer(line: &str) -> Value {
        serde_json::from_str(&handle(line.as_bytes()).to_line()).unwrap()
    }

    fn error(line: &str) -> String {
        let v = answer(line);
        assert_eq!(v["ok"], false, "{line} gave {v}");
        v["error"].as_str().unwrap().to_owned()
    }

    /// `oracle.md`, Zaägox: the example request and its answer, text and field order included.
    #[test]
    fn spec_example_a1_a2_a3_a4() {
        let line = handle(br#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"]}"#).to_line();
        assert_eq!(
            line,
            r#"{"ok":true,"points":1,"shape_kinds":2,"colour_kinds":1,"number_kinds":4,"strong":true}"#
        );
    }

    /// `zaagox.md`: the seed's six worked examples.
    #[test]
    fn spec_worked_examples() {
        for (stored, points) in [
            (r#"["A1","A2","A3","A4"]"#, 1),
            (r#"["S2","P2","A3","S6"]"#, 4),
            (r#"["S8","A5","G6","P3"]"#, 36),
            (r#"["A1","A6","S7","G8","S3"]"#, 18),
            (r#"["A0","S8","A2","S3","G3"]"#, 64),
            (r#"["A0","S8","A5","G6","P7"]"#, 4096),
        ] {
            let v = answer(&format!(r#"{{"op":"zaagox.score","stored":{stored}}}"#));
            assert_eq!(v["ok"], true, "{stored}: {v}");
            assert_eq!(v["points"], points, "{stored}");
        }
    }

    #[test]
    fn strong_is_false_below_four_number_kinds() {
        let v = answer(r#"{"op":"zaagox.score","stored":["S2","P2","A3","S6"]}"#);
        assert_eq!(v["number_kinds"], 2);
        assert_eq!(v["strong"], false);
    }

    #[test]
    fn score_refusals() {
        let base = r#"{"op":"zaagox.score","stored":"#;
        for bad in [
            r#"["A1","A2","A3"]}"#,
            r#"["A1","A2","A3","A4","A5","A6"]}"#,
            r#"[]}"#,
            r#"["A1","A1","A3","A4"]}"#,
            r#"["A1","A2","A3","Z9"]}"#,
            r#"["A1","A2","A3",4]}"#,
            r#"["A1","A2","A3","A9"]}"#,
            r#""A1 A2 A3 A4"}"#,
            r#"null}"#,
            r#"["A1","A2","A3","A4"],"extra":1}"#,
        ] {
            error(&format!("{base}{bad}"));
        }
        error(r#"{"op":"zaagox.score"}"#);
        assert!(
            error(r#"{"op":"zaagox.score","stored":["A1","A2","A3","Z9"]}"#).contains("stored[3]")
        );
        assert!(
            error(r#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"],"mode":1}"#)
                .contains("unknown field `mode`")
        );
    }

    #[test]
    fn playout_answers_are_reproducible() {
        let line = r#"{"op":"zaagox.playout","players":3,"seed":42}"#;
        let first = handle(line.as_bytes()).to_line();
        assert_eq!(first, handle(line.as_bytes()).to_line());
        let v: Value = serde_json::from_str(&first).unwrap();
        assert_eq!(v["ok"], true);
        let returns = v["returns"].as_array().unwrap();
        assert_eq!(returns.len(), 3);
        assert_eq!(returns.iter().map(|r| r.as_i64().unwrap()).sum::<i64>(), 0);
        assert!(v["actions"].as_u64().unwrap() > 0);
        let digest = v["final"].as_str().unwrap();
        assert_eq!(digest.len(), 64);
        assert!(
            digest
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
        // Field order as in the protocol.
        assert!(first.starts_with(r#"{"ok":true,"actions":"#), "{first}");
        assert!(first.find("\"returns\"") < first.find("\"final\""));
    }

    #[test]
    fn playout_matches_the_library() {
        for seed in [7, 8, 9] {
            let (state, record) =
                random_playout::<Zaagox>(&Default::default(), 2, Seed::from(seed)).unwrap();
            assert_eq!(
                playout::<Zaagox>(2, seed).unwrap(),
                (state.clone(), record.actions.len())
            );
            let v = answer(&format!(
                r#"{{"op":"zaagox.playout","players":2,"seed":{seed}}}"#
            ));
            assert_eq!(v["actions"], record.actions.len());
            assert_eq!(v["final"], state_digest(&state).unwrap());
            assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        }
    }

    #[test]
    fn playout_seed_edges() {
        assert_eq!(
            answer(r#"{"op":"zaagox.playout","players":2,"seed":0}"#)["ok"],
            true
        );
        let max = answer(r#"{"op":"zaagox.playout","players":4,"seed":18446744073709551615}"#);
        assert_eq!(max["ok"], true);
        for op in ["playout", "trace"] {
            for seed in [
                "-1",
                "18446744073709551616",
                "1.5",
                "1e3",
                "\"42\"",
                "null",
                "[]",
                "1e400",
            ] {
                let e = error(&format!(
                    r#"{{"op":"zaagox.{op}","players":2,"seed":{seed}}}"#
                ));
                assert!(!e.is_empty(), "{seed}");
            }
            assert!(
                error(&format!(r#"{{"op":"zaagox.{op}","players":2,"seed":-1}}"#))
                    .contains("seed must be an integer")
            );
        }
    }

    #[test]
    fn playout_player_edges() {
        for op in ["playout", "trace"] {
            for players in [
                "0",
                "1",
                "5",
                "-2",
                "2.0",
                "\"3\"",
                "99999999999999999999",
                "true",
            ] {
                error(&format!(
                    r#"{{"op":"zaagox.{op}","players":{players},"seed":1}}"#
                ));
            }
            let e = error(&format!(r#"{{"op":"zaagox.{op}","players":5,"seed":1}}"#));
            assert!(
                e.contains("from 2 to 4") && e.contains(&format!("zaagox.{op}")),
                "{e}"
            );
            error(&format!(r#"{{"op":"zaagox.{op}","seed":1}}"#));
            error(&format!(r#"{{"op":"zaagox.{op}","players":2}}"#));
            error(&format!(
                r#"{{"op":"zaagox.{op}","players":2,"seed":1,"rules":{{}}}}"#
            ));
        }
    }

    /// The trace's deal entry is the seeded deal (`docs/zaagox.md`, "Setup"): seat `s` holds
    /// cards `4s..4s+4` of `shuffled_deck(seed)` in that order, the pile the rest, top first;
    /// re-dealt by hand (`Setup::dealt`, the first seat drawing) it is the game's start.
    #[test]
    fn trace_deal_is_the_games_start() {
        for players in 2..=4 {
            for seed in 0..40 {
                let start = Zaagox::new(&Default::default(), players, Seed::from(seed)).unwrap();
                let deck = shuffled_deck::<DidoCard>(Seed::from(seed));
                let hands: Vec<Vec<DidoCard>> = deck[..4 * players]
                    .chunks(4)
                    .map(<[DidoCard]>::to_vec)
                    .collect();
                let pile = deck[4 * players..].to_vec();
                let trace = trace::<Zaagox>(players, seed).unwrap();
                let expected = serde_json::json!({"hands": hands, "pile": pile});
                assert_eq!(
                    trace.events[0].deal(),
                    Some(expected),
                    "{players} players, seed {seed}"
                );
                let first = start.to_act().unwrap();
                let sets = hands.iter().map(|h| h.iter().copied().collect()).collect();
                let again =
                    Zaagox::from_setup(&Default::default(), Setup::dealt(sets, pile, first));
                assert_eq!(again.unwrap(), start, "{players} players, seed {seed}");
            }
        }
    }

    /// `oracle.md`, "Traces": one deal event, one decision per playout action (each action
    /// legal at its moment, each seat the one to act), one score event equal to the
    /// settlement right after the last decision, and the playout's returns.
    #[test]
    fn trace_is_the_playout_step_by_step() {
        for players in 2..=4 {
            for seed in 0..15 {
                let line = format!(r#"{{"op":"zaagox.trace","players":{players},"seed":{seed}}}"#);
                let v = answer(&line);
                assert_eq!(v["ok"], true, "{v}");
                let playout = answer(&line.replace("trace", "playout"));
                assert_eq!(v["returns"], playout["returns"]);
                let events = v["events"].as_array().unwrap();
                let deal = &events[0]["deal"];
                assert_eq!(deal["hands"].as_array().unwrap().len(), players);
                assert_eq!(deal["pile"].as_array().unwrap().len(), 36 - 4 * players);
                let decisions = &events[1..events.len() - 1];
                assert_eq!(decisions.len() as u64, playout["actions"].as_u64().unwrap());
                let (_, record) =
                    random_playout::<Zaagox>(&Default::default(), players, Seed::from(seed))
                        .unwrap();
                let mut state =
                    Zaagox::new(&Default::default(), players, Seed::from(seed)).unwrap();
                for (event, &action) in decisions.iter().zip(&record.actions) {
                    let keys: Vec<&String> = event.as_object().unwrap().keys().collect();
                    assert_eq!(keys.len(), 3, "{event}");
                    let text = event["action"].as_str().unwrap();
                    assert_eq!(text, action.to_string());
                    assert!(
                        event["legal"].as_array().unwrap().iter().any(|l| l == text),
                        "{event}"
                    );
                    let mut legal = Vec::new();
                    state.legal_actions(&mut legal);
                    let listed: Vec<String> = legal.iter().map(ToString::to_string).collect();
                    assert_eq!(event["legal"], serde_json::json!(listed));
                    assert_eq!(event["seat"], state.to_act().unwrap().index());
                    state.play(action).unwrap();
                }
                let score = events.last().unwrap();
                assert_eq!(score.as_object().unwrap().len(), 1, "{score}");
                assert_eq!(score["score"], serde_json::json!(state.settlement()));
                assert_eq!(score["score"], v["returns"]);
                assert_eq!(v.as_object().unwrap().len(), 3, "ok, events, returns");
            }
        }
    }

    #[test]
    fn trace_answers_are_reproducible_and_in_card_notation() {
        let line = br#"{"op":"zaagox.trace","players":3,"seed":42}"#;
        let first = handle(line).to_line();
        assert_eq!(first, handle(line).to_line());
        // Fields in protocol order: ok, events, returns.
        assert!(first.contains(r#"}],"returns":["#), "{first}");
        assert!(
            first.starts_with(r#"{"ok":true,"events":[{"deal":{"hands":[[""#),
            "{}",
            &first[..80]
        );
        let typed = trace::<Zaagox>(3, 42).unwrap();
        assert_eq!(
            typed
                .events
                .iter()
                .filter(|e| matches!(e, TraceEntry::Deal { .. }))
                .count(),
            1
        );
    }
}

//! The Zaägox adapter: the `zaagox.*` oracle ops, the summary of one random game for
//! `simulate`, and record replay. Everything Zaägox-specific the CLI uses goes through here.

use cards_core::{DidoCard, Game, GameRecord, PlayerId, SetupError};
use serde::Serialize;
use serde_json::{Map, Value};
use zaagox::{Exhaustion, Outcome, Zaagox};

use super::{End, Exhausted, GameSummary, PlayoutAnswer, PlayoutRequest, playout, state_digest};
use crate::oracle::{Body, OracleError, fields};
use crate::replay::{ReplayFileError, ReplayReport};

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
pub fn score_op(rest: Map<String, Value>) -> Result<Body, OracleError> {
    const OP: &str = "zaagox.score";
    let request: ScoreRequest = fields(OP, rest)?;
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
    Ok(Body::ZaagoxScore(ScoreAnswer {
        points: score.points,
        shape_kinds: score.shape_kinds,
        colour_kinds: score.colour_kinds,
        number_kinds: score.number_kinds,
        // The protocol: meaningful for 4/5 number kinds, false otherwise.
        strong: score.strong && score.number_kinds >= 4,
    }))
}

/// `zaagox.playout`: one whole random game under default rules.
///
/// # Errors
/// Unknown or missing fields, players outside 2–4, a seed outside `0..2^64`.
pub fn playout_op(rest: Map<String, Value>) -> Result<Body, OracleError> {
    const OP: &str = "zaagox.playout";
    let request: PlayoutRequest = fields(OP, rest)?;
    let (players, seed) = request.checked::<Zaagox>(OP)?;
    let (state, actions) = playout::<Zaagox>(players, seed).map_err(OracleError::game)?;
    let final_digest = state_digest(&state).map_err(|e| OracleError::Internal {
        op: OP.to_owned(),
        message: format!("cannot serialize the final state: {e}"),
    })?;
    Ok(Body::Playout(PlayoutAnswer {
        actions,
        returns: state.settlement(),
        final_digest,
    }))
}

/// The fewest and most players a game of Zaägox has.
pub const PLAYERS: (usize, usize) = (Zaagox::MIN_PLAYERS, Zaagox::MAX_PLAYERS);

/// Plays one random game from `Seed::from(seed)` and summarizes it for `simulate`.
///
/// # Errors
/// [`SetupError`] for an unsupported player count.
pub fn summarize(players: usize, seed: u64) -> Result<GameSummary, SetupError> {
    let (state, actions) = playout::<Zaagox>(players, seed)?;
    let ava_declared = (0..players).any(|p| state.ava_declared(seat(p)));
    let (end, ava_failed) = match state.outcome() {
        Some(Outcome::Won {
            winner,
            score,
            ava_failed,
        }) => (
            End::Won {
                winner: winner.index(),
                points: score.points,
            },
            ava_failed.is_some(),
        ),
        Some(Outcome::Exhausted { cause }) => (End::Exhausted(exhausted(cause)), false),
        None => (End::Unfinished, false),
    };
    Ok(GameSummary {
        actions,
        end,
        ava_declared,
        ava_failed,
    })
}

/// Seat `p` (below [`PLAYERS`]`.1`, so it fits a `u8`).
fn seat(p: usize) -> PlayerId {
    PlayerId(u8::try_from(p).unwrap_or(u8::MAX))
}

/// The CLI's name for an exhaustion cause.
fn exhausted(cause: Exhaustion) -> Exhausted {
    match cause {
        Exhaustion::PileEmpty => Exhausted::PileEmpty,
        Exhaustion::TurnLimit => Exhausted::TurnLimit,
    }
}

/// How a replayed Zaägox game ended, for `replay`'s output.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum OutcomeReport {
    /// A seat won.
    Won {
        /// The winning seat.
        winner: u8,
        /// The winner's scored set.
        score: zaagox::Score,
        /// The Ava declarer who failed and pays alone, if any.
        ava_failed: Option<u8>,
    },
    /// No winner.
    Exhausted {
        /// `"pile_empty"` or `"turn_limit"`.
        cause: &'static str,
    },
}

impl std::fmt::Display for OutcomeReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutcomeReport::Won {
                winner,
                score,
                ava_failed,
            } => {
                write!(
                    f,
                    "seat {winner} won with {} points ({} cards: {} shape, {} colour, {} number kinds{})",
                    score.points,
                    score.cards,
                    score.shape_kinds,
                    score.colour_kinds,
                    score.number_kinds,
                    match (score.number_kinds >= 4, score.strong) {
                        (false, _) => "",
                        (true, true) => ", strong",
                        (true, false) => ", weak",
                    }
                )?;
                if let Some(seat) = ava_failed {
                    write!(f, "; seat {seat} declared Ava, failed and pays alone")?;
                }
                Ok(())
            }
            OutcomeReport::Exhausted { cause } => match *cause {
                "pile_empty" => f.write_str("exhausted: the centre pile ran out, no winner"),
                _ => f.write_str("exhausted: the turn limit was reached, no winner"),
            },
        }
    }
}

/// Replays a Zaägox record given as JSON text.
///
/// # Errors
/// [`ReplayFileError::Parse`] when the text is not a Zaägox record;
/// [`ReplayFileError::Replay`] when the setup fails or an action is refused.
pub fn replay(text: &[u8]) -> Result<ReplayReport<OutcomeReport>, ReplayFileError> {
    let record: GameRecord<Zaagox> =
        serde_json::from_slice(text).map_err(ReplayFileError::Parse)?;
    let state = record
        .replay()
        .map_err(|e| ReplayFileError::Replay(Box::new(e)))?;
    let outcome = state.outcome().map(|outcome| match outcome {
        Outcome::Won {
            winner,
            score,
            ava_failed,
        } => OutcomeReport::Won {
            winner: winner.0,
            score,
            ava_failed: ava_failed.map(|p| p.0),
        },
        Outcome::Exhausted { cause } => OutcomeReport::Exhausted {
            cause: match exhausted(cause) {
                Exhausted::PileEmpty => "pile_empty",
                Exhausted::TurnLimit => "turn_limit",
            },
        },
    });
    let final_digest = state_digest(&state).map_err(ReplayFileError::Parse)?;
    Ok(ReplayReport {
        game: Zaagox::NAME,
        players: record.players,
        seed: record.seed.to_string(),
        actions: record.actions.len(),
        to_act: state.to_act().map(|p| p.0),
        ava_declared: (0..record.players)
            .filter(|&p| state.ava_declared(seat(p)))
            .collect(),
        outcome,
        returns: state.settlement(),
        final_digest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{Answer, handle};

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
        let (state, actions) = playout::<Zaagox>(2, 7).unwrap();
        let v = answer(r#"{"op":"zaagox.playout","players":2,"seed":7}"#);
        assert_eq!(v["actions"], actions);
        assert_eq!(v["final"], state_digest(&state).unwrap());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
    }

    #[test]
    fn playout_seed_edges() {
        assert_eq!(
            answer(r#"{"op":"zaagox.playout","players":2,"seed":0}"#)["ok"],
            true
        );
        let max = answer(r#"{"op":"zaagox.playout","players":4,"seed":18446744073709551615}"#);
        assert_eq!(max["ok"], true);
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
                r#"{{"op":"zaagox.playout","players":2,"seed":{seed}}}"#
            ));
            assert!(!e.is_empty(), "{seed}");
        }
        assert!(
            error(r#"{"op":"zaagox.playout","players":2,"seed":-1}"#)
                .contains("seed must be an integer")
        );
    }

    #[test]
    fn playout_player_edges() {
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
                r#"{{"op":"zaagox.playout","players":{players},"seed":1}}"#
            ));
        }
        assert!(error(r#"{"op":"zaagox.playout","players":5,"seed":1}"#).contains("from 2 to 4"));
        error(r#"{"op":"zaagox.playout","seed":1}"#);
        error(r#"{"op":"zaagox.playout","players":2}"#);
        error(r#"{"op":"zaagox.playout","players":2,"seed":1,"rules":{}}"#);
    }

    #[test]
    fn summaries_agree_with_the_playout() {
        for seed in 0..20 {
            let summary = summarize(3, seed).unwrap();
            let (state, actions) = playout::<Zaagox>(3, seed).unwrap();
            assert_eq!(summary.actions, actions);
            match summary.end {
                End::Won { winner, .. } => assert!(winner < 3),
                End::Exhausted(_) => assert!(state.settlement().iter().all(|&r| r == 0)),
                End::Unfinished => panic!("seed {seed} did not finish"),
            }
        }
        assert!(matches!(
            summarize(5, 0),
            Err(SetupError::PlayerCount { .. })
        ));
    }

    #[test]
    fn answers_are_typed() {
        let answer = handle(br#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"]}"#);
        assert!(matches!(answer, Answer::Ok(Body::ZaagoxScore(s)) if s.points == 1));
    }
}

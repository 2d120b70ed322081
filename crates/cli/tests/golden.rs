//! Golden answers of `cardrules oracle`, run as a process.
//!
//! `golden/zaagox_playout.jsonl` holds `actions` and `returns` of `zaagox.playout` for seeds
//! 0..50 with 2, 3 and 4 players, recorded with the binary built from `main` before the
//! frame reshape (commit 5bedace). The reshape may change `final` (the state's JSON changed)
//! but never which game is played: the actions and returns stay. `zaagox.trace` plays the
//! same games, so its decisions and returns must agree too.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// One golden line: a request and what it must answer.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Golden {
    players: u64,
    seed: u64,
    actions: u64,
    returns: Vec<i64>,
}

fn golden() -> Vec<Golden> {
    include_str!("golden/zaagox_playout.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Runs the oracle on `requests` (one per line) and returns its answers.
fn oracle(requests: &[Value]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .arg("oracle")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start cardrules oracle");
    let mut stdin = child.stdin.take().unwrap();
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success());
    let answers: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), requests.len());
    answers
}

fn requests(op: &str, golden: &[Golden]) -> Vec<Value> {
    golden
        .iter()
        .map(|g| json!({"op": op, "players": g.players, "seed": g.seed}))
        .collect()
}

#[test]
fn playout_actions_and_returns_are_those_of_main() {
    let golden = golden();
    assert_eq!(golden.len(), 150);
    for (g, answer) in golden
        .iter()
        .zip(oracle(&requests("zaagox.playout", &golden)))
    {
        assert_eq!(answer["ok"], true, "{g:?}: {answer}");
        assert_eq!(answer["actions"], g.actions, "{g:?}");
        assert_eq!(answer["returns"], json!(g.returns), "{g:?}");
        assert_eq!(answer["final"].as_str().map(str::len), Some(64), "{g:?}");
    }
}

#[test]
fn traces_play_the_golden_games() {
    let golden = golden();
    for (g, answer) in golden
        .iter()
        .zip(oracle(&requests("zaagox.trace", &golden)))
    {
        assert_eq!(answer["ok"], true, "{g:?}: {answer}");
        assert_eq!(answer["returns"], json!(g.returns), "{g:?}");
        let events = answer["events"].as_array().unwrap();
        let deals = events.iter().filter(|e| e.get("deal").is_some()).count();
        let decisions: Vec<&Value> = events
            .iter()
            .filter(|e| e.get("action").is_some())
            .collect();
        let scores: Vec<&Value> = events.iter().filter(|e| e.get("score").is_some()).collect();
        assert_eq!(deals, 1, "{g:?}");
        assert!(events[0].get("deal").is_some(), "{g:?}");
        assert_eq!(decisions.len() as u64, g.actions, "{g:?}");
        for decision in decisions {
            let action = &decision["action"];
            assert!(
                decision["legal"].as_array().unwrap().contains(action),
                "{g:?}: {decision}"
            );
        }
        assert_eq!(scores.len(), 1, "{g:?}");
        assert_eq!(events.last(), Some(scores[0]), "{g:?}");
        assert_eq!(scores[0]["score"], json!(g.returns), "{g:?}");
    }
}

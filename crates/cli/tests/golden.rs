//! Golden answers of `cardrules oracle`, run as a process.
//!
//! `golden/zaagox_playout.jsonl` holds `actions` and `returns` of `zaagox.playout` for seeds
//! 0..50 with 2, 3 and 4 players, recorded with the binary built from `main` before the
//! frame reshape (commit 5bedace). The reshape may change `final` (the state's JSON changed)
//! but never which game is played: the actions and returns stay. `zaagox.trace` plays the
//! same games, so its decisions and returns must agree too.
//!
//! `golden/jass_playout.jsonl` holds `actions` and `returns` of `jass.playout` (one Schieber
//! deal, 4 players) for seeds 0..50, recorded when Jass joined the registry: a change to
//! the seeded deal, the legal-action order or the scoring shows here. `jass.trace` plays the
//! same deals: its deal event rebuilds the game (`Setup::dealt`), every decision is legal
//! there and listed in its `legal`, and its score event is the final multiplied points.
//!
//! `returns` are each game's `Game::returns()`, the specs' returns, written as JSON numbers
//! (whole numbers as integers). Until the events issue they were the integer settlement; the
//! Schieber (one deal: ±d/2), Differenzler (mean − own) and Eléwénjewé (n − 1 and −1, ties
//! (n − k)/k) files were re-pinned for that change alone: the same actions, the returns
//! converted exactly, checked line by line against the old settlements.
//!
//! `golden/elewenjewe_playout.jsonl` holds the same for `elewenjewe.playout` (whole games at 2
//! to 5 players; see `elewenjewe_playouts_are_the_recorded_ones`).
//!
//! `golden/letom_playout.jsonl` holds `letom.playout`'s `actions` and `returns` with the whole
//! `letom.trace` events of each deal (see `letom_playouts_and_traces_are_the_recorded_ones`):
//! a conformance corpus another implementation can replay step by step.

use std::io::Write;

use cards_core::Game as _;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// One golden line: a request and what it must answer.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Golden {
    players: u64,
    seed: u64,
    actions: u64,
    /// `Game::returns()` as the oracle writes them: whole numbers as integers.
    returns: Value,
}

/// The numbers of a JSON list.
fn numbers(list: &Value) -> Vec<f64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

fn golden() -> Vec<Golden> {
    lines(include_str!("golden/zaagox_playout.jsonl"))
}

fn lines(text: &str) -> Vec<Golden> {
    text.lines()
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
        assert_eq!(answer["returns"], g.returns, "{g:?}");
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
        assert_eq!(answer["returns"], g.returns, "{g:?}");
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
        assert_eq!(scores[0]["score"], g.returns, "{g:?}");
    }
}

#[test]
fn jass_playouts_are_the_recorded_ones() {
    let golden = lines(include_str!("golden/jass_playout.jsonl"));
    assert_eq!(golden.len(), 50);
    let answers = oracle(&requests("jass.playout", &golden));
    // Reproducible: the same requests give the same answers.
    assert_eq!(answers, oracle(&requests("jass.playout", &golden)));
    for (g, answer) in golden.iter().zip(answers) {
        assert_eq!(answer["ok"], true, "{g:?}: {answer}");
        assert_eq!(answer["actions"], g.actions, "{g:?}");
        assert_eq!(answer["returns"], g.returns, "{g:?}");
        let (state, _) = jass_replay(&answer_trace(g.seed));
        let digest = sha256_hex(&serde_json::to_vec(&state).unwrap());
        assert_eq!(answer["final"], digest, "{g:?}");
    }
}

/// `golden/differenzler_playout.jsonl`: `jass.playout` with `"variant":"differenzler"` (a
/// whole game of 16 deals) for seeds 0..25 at 3 and 4 players, recorded when Differenzler
/// joined. Its trace plays the same game: the decisions are the playout's actions, each one
/// listed in its `legal`, one deal and one score event per deal (the card points, 157 in
/// all), and the same returns.
#[test]
fn differenzler_playouts_are_the_recorded_ones() {
    let golden = lines(include_str!("golden/differenzler_playout.jsonl"));
    assert_eq!(golden.len(), 50);
    check_whole_games("differenzler", &golden, |score| {
        let total: i64 = score.iter().map(|v| v.as_i64().unwrap()).sum();
        assert_eq!(total, 157);
    });
}

/// `golden/coiffeur_playout.jsonl`: `jass.playout` with `"variant":"coiffeur"` (a whole team
/// game of 16 deals) for seeds 0..50, recorded when Coiffeur joined; its trace as for
/// Differenzler, each score event giving the declaring team's points and 0 to the other.
#[test]
fn coiffeur_playouts_are_the_recorded_ones() {
    let golden = lines(include_str!("golden/coiffeur_playout.jsonl"));
    assert_eq!(golden.len(), 50);
    check_whole_games("coiffeur", &golden, |score| {
        assert_eq!(score.len(), 2);
        assert!(score.iter().filter(|v| v.as_i64() != Some(0)).count() <= 1);
    });
}

/// Playouts and traces of a whole-game Jass variant against its golden lines: the same
/// answers twice, the recorded actions and returns, a trace whose decisions are the actions
/// (each listed in its `legal`), 16 deal and 16 score events (`score` checks each).
fn check_whole_games(variant: &str, golden: &[Golden], score: impl Fn(&[Value])) {
    let with_variant = |op: &str| -> Vec<Value> {
        golden
            .iter()
            .map(|g| json!({"op": op, "variant": variant, "players": g.players, "seed": g.seed}))
            .collect()
    };
    let answers = oracle(&with_variant("jass.playout"));
    assert_eq!(answers, oracle(&with_variant("jass.playout")));
    let traces = oracle(&with_variant("jass.trace"));
    for ((g, answer), trace) in golden.iter().zip(answers).zip(traces) {
        assert_eq!(answer["ok"], true, "{g:?}: {answer}");
        assert_eq!(answer["actions"], g.actions, "{g:?}");
        assert_eq!(answer["returns"], g.returns, "{g:?}");
        assert_eq!(trace["returns"], g.returns, "{g:?}");
        let events = trace["events"].as_array().unwrap();
        let decisions: Vec<&Value> = events
            .iter()
            .filter(|e| e.get("action").is_some())
            .collect();
        assert_eq!(decisions.len() as u64, g.actions, "{g:?}");
        for d in &decisions {
            assert!(d["legal"].as_array().unwrap().contains(&d["action"]), "{d}");
        }
        let deals = events.iter().filter(|e| e.get("deal").is_some()).count();
        let scores: Vec<&Value> = events.iter().filter_map(|e| e.get("score")).collect();
        assert_eq!((deals, scores.len()), (16, 16), "{g:?}");
        for s in scores {
            score(s.as_array().unwrap());
        }
    }
}

/// The `jass.trace` answer for `seed`.
fn answer_trace(seed: u64) -> Value {
    oracle(&[json!({"op": "jass.trace", "players": 4, "seed": seed})]).remove(0)
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Rebuilds a Jass trace's deal from its deal event and plays its decisions, checking each
/// against the game; returns the final state and the score event.
fn jass_replay(trace: &Value) -> (jass::SchieberDeal, Value) {
    use cards_core::{JassCard, PlayerId};
    let events = trace["events"].as_array().unwrap();
    let deal = &events[0]["deal"];
    let hands: Vec<Vec<JassCard>> = serde_json::from_value(deal["hands"].clone()).unwrap();
    assert_eq!(hands.len(), 4);
    assert!(hands.iter().all(|h| h.len() == 9), "{deal}");
    let hands: [cards_core::CardSet<JassCard>; 4] =
        std::array::from_fn(|s| hands[s].iter().copied().collect());
    let seat = |v: &Value| PlayerId(u8::try_from(v.as_u64().unwrap()).unwrap());
    let (dealer, forehand) = (seat(&deal["dealer"]), seat(&deal["forehand"]));
    // The one-deal playout is a game's first deal: forehand holds the seven of diamonds.
    assert!(
        hands[forehand.index()].contains("7D".parse().unwrap()),
        "{deal}"
    );
    let mut state = jass::SchieberDeal::from_setup(
        &Default::default(),
        jass::SchieberDealSetup::dealt(dealer, forehand, hands),
    )
    .unwrap();
    let mut legal = Vec::new();
    for event in &events[1..events.len() - 1] {
        assert_eq!(event["seat"], state.to_act().unwrap().index(), "{event}");
        state.legal_actions(&mut legal);
        let listed: Vec<String> = legal.iter().map(ToString::to_string).collect();
        assert_eq!(event["legal"], json!(listed), "{event}");
        let action: jass::Action = event["action"].as_str().unwrap().parse().unwrap();
        assert!(legal.contains(&action), "{event}");
        state.play(action).unwrap();
    }
    assert!(state.is_terminal());
    (state, events.last().unwrap().clone())
}

#[test]
fn jass_traces_play_the_golden_deals() {
    let golden = lines(include_str!("golden/jass_playout.jsonl"));
    let requests = requests("jass.trace", &golden);
    let answers = oracle(&requests);
    assert_eq!(answers, oracle(&requests));
    for (g, answer) in golden.iter().zip(answers) {
        assert_eq!(answer["ok"], true, "{g:?}: {answer}");
        assert_eq!(answer["returns"], g.returns, "{g:?}");
        let events = answer["events"].as_array().unwrap();
        let deals = events.iter().filter(|e| e.get("deal").is_some()).count();
        let decisions: Vec<&Value> = events
            .iter()
            .filter(|e| e.get("action").is_some())
            .collect();
        let scores = events.iter().filter(|e| e.get("score").is_some()).count();
        assert_eq!((deals, scores), (1, 1), "{g:?}");
        assert!(events[0].get("deal").is_some(), "{g:?}");
        assert_eq!(decisions.len() as u64, g.actions, "{g:?}");
        for decision in decisions {
            assert!(
                decision["legal"]
                    .as_array()
                    .unwrap()
                    .contains(&decision["action"]),
                "{g:?}: {decision}"
            );
        }
        // The deal event rebuilds the game; the decisions replay on it; the score event
        // (right after the last decision) is the final multiplied team points.
        let (state, score) = jass_replay(&answer);
        let outcome = state.outcome().unwrap();
        assert_eq!(score, json!({"score": outcome.scored}), "{g:?}");
        // The spec's returns of one deal: ±d/2, d team 0's points minus team 1's.
        let d = f64::from(outcome.scored[0]) - f64::from(outcome.scored[1]);
        assert_eq!(
            numbers(&answer["returns"]),
            [d / 2.0, -d / 2.0, d / 2.0, -d / 2.0],
            "{g:?}"
        );
        assert_eq!(
            numbers(&answer["returns"]),
            state.returns().to_vec(),
            "{g:?}"
        );
    }
}

/// `golden/elewenjewe_playout.jsonl`: `elewenjewe.playout` (a whole game, default rules) for
/// seeds 0..10 at 2 to 5 players, recorded when the reliability work of issue 10 landed
/// (returns × 60, the settlement). A change to the seeded deal, the legal-action order or the
/// scoring shows here. `elewenjewe.trace` plays the same games: as many decisions as the
/// playout's actions, each listed in its `legal`, and the same returns.
#[test]
fn elewenjewe_playouts_are_the_recorded_ones() {
    let golden = lines(include_str!("golden/elewenjewe_playout.jsonl"));
    assert_eq!(golden.len(), 40);
    let answers = oracle(&requests("elewenjewe.playout", &golden));
    // Reproducible: the same requests give the same answers.
    assert_eq!(answers, oracle(&requests("elewenjewe.playout", &golden)));
    let traces = oracle(&requests("elewenjewe.trace", &golden));
    for ((g, answer), trace) in golden.iter().zip(answers).zip(traces) {
        assert_eq!(answer["ok"], true, "{g:?}: {answer}");
        assert_eq!(answer["actions"], g.actions, "{g:?}");
        assert_eq!(answer["returns"], g.returns, "{g:?}");
        assert_eq!(trace["ok"], true, "{g:?}: {trace}");
        assert_eq!(trace["returns"], g.returns, "{g:?}");
        let events = trace["events"].as_array().unwrap();
        let decisions: Vec<&Value> = events
            .iter()
            .filter(|e| e.get("action").is_some())
            .collect();
        assert_eq!(decisions.len() as u64, g.actions, "{g:?}");
        for d in &decisions {
            assert!(d["legal"].as_array().unwrap().contains(&d["action"]), "{d}");
        }
        assert!(
            numbers(&g.returns).iter().sum::<f64>().abs() < 1e-9,
            "{g:?}"
        );
        // The score events add up to the totals: the winners (a return above a loser's -1)
        // are the seats with the highest total.
        let mut totals = vec![0i64; numbers(&g.returns).len()];
        for score in events.iter().filter_map(|e| e.get("score")) {
            for (t, v) in totals.iter_mut().zip(score.as_array().unwrap()) {
                *t += v.as_i64().unwrap();
            }
        }
        let best = totals.iter().copied().max().unwrap();
        for (seat, (&total, ret)) in totals.iter().zip(numbers(&g.returns)).enumerate() {
            assert_eq!(
                total == best,
                ret > -1.0,
                "{g:?}: seat {seat}, totals {totals:?}"
            );
        }
    }
}

/// A line of `golden/letom_playout.jsonl`: a request, the playout's answer and the trace's
/// events.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct LetomGolden {
    players: u64,
    seed: u64,
    actions: u64,
    returns: Vec<i64>,
    events: Vec<Value>,
}

/// `golden/letom_playout.jsonl`: `letom.playout` (one deal, default rules) for seeds 0..20 at
/// 2, 3 and 4 players, and five deals that end at the deal (seeds 63 and 125 at 2 players, 548
/// and 653 at 3, 554 at 4: chongtong, and four of a number on the floor), each with its whole
/// `letom.trace` events, recorded when Letom joined the registry (each line is the oracle's
/// answers to `{"op":"letom.playout",…}` and `{"op":"letom.trace",…}` put together). A change
/// to the seeded deal, the legal-action order, the scoring or the trace's form shows here.
/// Beyond the recorded answers, the events alone rebuild each deal (`Letom::from_deal`), every
/// decision is the seat to act's, its `legal` is exactly the game's, the score event is each
/// seat's base points at the end, and the state reached is the playout's (`final`).
#[test]
fn letom_playouts_and_traces_are_the_recorded_ones() {
    use cards_core::PlayerId;
    use letom::{Letom, Rules};
    let golden: Vec<LetomGolden> = include_str!("golden/letom_playout.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(golden.len(), 65);
    let requests = |op: &str| -> Vec<Value> {
        golden
            .iter()
            .map(|g| json!({"op": op, "players": g.players, "seed": g.seed}))
            .collect()
    };
    let answers = oracle(&requests("letom.playout"));
    // Reproducible: the same requests give the same answers.
    assert_eq!(answers, oracle(&requests("letom.playout")));
    let traces = oracle(&requests("letom.trace"));
    let mut at_once = 0;
    for ((g, answer), trace) in golden.iter().zip(answers).zip(traces) {
        assert_eq!(answer["ok"], true, "{g:?}: {answer}");
        assert_eq!(answer["actions"], g.actions, "{g:?}");
        assert_eq!(answer["returns"], json!(g.returns), "{g:?}");
        assert_eq!(trace["ok"], true, "{g:?}: {trace}");
        assert_eq!(trace["returns"], json!(g.returns), "{g:?}");
        assert_eq!(trace["events"], json!(g.events), "{g:?}");
        assert_eq!(g.returns.iter().sum::<i64>(), 0, "{g:?}");
        // Replay the events on the library alone.
        let deal: letom::Deal = serde_json::from_value(g.events[0]["deal"].clone()).unwrap();
        assert_eq!(deal.hands.len() as u64, g.players, "{g:?}");
        let mut state = Letom::from_deal(&Rules::default(), &deal).unwrap();
        let (score, decisions) = g.events[1..].split_last().unwrap();
        assert_eq!(decisions.len() as u64, g.actions, "{g:?}");
        let mut legal = Vec::new();
        for event in decisions {
            assert_eq!(event["seat"], state.to_act().unwrap().index(), "{event}");
            state.legal_actions(&mut legal);
            let listed: Vec<String> = legal.iter().map(ToString::to_string).collect();
            assert_eq!(event["legal"], json!(listed), "{event}");
            let action: letom::Action = event["action"].as_str().unwrap().parse().unwrap();
            state.play(action).unwrap();
        }
        assert!(state.is_terminal(), "{g:?}");
        let base: Vec<u32> = PlayerId::all(state.num_players())
            .map(|p| state.base_points(p))
            .collect();
        assert_eq!(score, &json!({ "score": base }), "{g:?}");
        assert_eq!(json!(state.settlement()), json!(g.returns), "{g:?}");
        let digest = sha256_hex(&serde_json::to_vec(&state).unwrap());
        assert_eq!(answer["final"], digest, "{g:?}");
        at_once += usize::from(g.actions == 0);
    }
    assert_eq!(at_once, 5);
}

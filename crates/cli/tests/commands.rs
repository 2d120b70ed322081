//! `cardrules simulate` and `cardrules replay` as processes.

use std::path::PathBuf;
use std::process::{Command, Output};

use cards_core::{Game as _, Seed, random_playout};
use serde_json::Value;
use zaagox::Zaagox;

fn cardrules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .args(args)
        .output()
        .expect("start cardrules")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "status {:?}, stderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// `simulate --json` without its `timing` field.
fn simulate_json(threads: &str, seed: &str) -> Value {
    let out = cardrules(&[
        "simulate",
        "zaagox",
        "--players",
        "3",
        "--games",
        "300",
        "--seed",
        seed,
        "--threads",
        threads,
        "--json",
    ]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let timing = v.as_object_mut().unwrap().remove("timing").unwrap();
    assert!(timing["seconds"].is_f64() && timing["games_per_second"].is_number());
    v
}

#[test]
fn simulate_json_is_the_same_whatever_the_threads() {
    let one = simulate_json("1", "18446744073709551500");
    let two = simulate_json("2", "18446744073709551500");
    assert_eq!(one, two);
    assert_eq!(one["games"], 300);
    let wins: u64 = one["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    let exhausted = one["exhausted"]["games"].as_u64().unwrap();
    assert_eq!(wins + exhausted + one["unfinished"].as_u64().unwrap(), 300);
    assert_eq!(one["unfinished"], 0);
    let buckets: u64 = one["winner_score"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    assert_eq!(buckets, wins);
}

#[test]
fn simulate_game_i_is_the_playout_of_seed_plus_i() {
    // Game 1 of a two-game run from seed 4 is the playout of seed 5: compare a one-game run.
    let (state, record) = random_playout::<Zaagox>(&Default::default(), 3, Seed::from(5)).unwrap();
    let v = simulate_json_games("5", "1");
    assert_eq!(v["actions"]["min"], record.actions.len());
    assert_eq!(v["actions"]["max"], record.actions.len());
    match state.outcome() {
        Some(zaagox::Outcome::Won { winner, score, .. }) => {
            assert_eq!(v["wins"][winner.index()], 1);
            assert_eq!(v["winner_score"]["min"], score.points);
        }
        Some(zaagox::Outcome::Exhausted { .. }) => assert_eq!(v["exhausted"]["games"], 1),
        None => panic!("the playout did not finish"),
    }
    let pair = simulate_json_games("4", "2");
    let mut lengths = [
        pair["actions"]["min"].as_u64().unwrap(),
        pair["actions"]["max"].as_u64().unwrap(),
    ];
    let (_, first) = random_playout::<Zaagox>(&Default::default(), 3, Seed::from(4)).unwrap();
    let mut expected = [first.actions.len() as u64, record.actions.len() as u64];
    lengths.sort_unstable();
    expected.sort_unstable();
    assert_eq!(lengths, expected);
}

fn simulate_json_games(seed: &str, games: &str) -> Value {
    let out = cardrules(&[
        "simulate", "zaagox", "-p", "3", "-g", games, "-s", seed, "--json",
    ]);
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn simulate_text_summary() {
    let text = stdout(&cardrules(&[
        "simulate",
        "zaagox",
        "--players",
        "2",
        "--games",
        "100",
        "--seed",
        "1",
    ]));
    for needle in [
        "zaagox: 100 games, 2 players, seed 1",
        "seat 0",
        "seat 1",
        "exhausted:",
        "Ava:",
        "winner score",
        "actions per game",
        "games/s",
    ] {
        assert!(text.contains(needle), "{needle} missing from\n{text}");
    }
}

#[test]
fn simulate_refuses_bad_arguments() {
    for args in [
        &["simulate", "zaagox", "--players", "1", "--games", "10"][..],
        &["simulate", "zaagox", "--players", "5", "--games", "10"],
        &["simulate", "zaagox", "--players", "3", "--games", "0"],
        &[
            "simulate",
            "zaagox",
            "--players",
            "3",
            "--games",
            "10",
            "--threads",
            "0",
        ],
        &["simulate", "zaagox", "--players", "3", "--games", "-4"],
        &["simulate", "letom", "--players", "3", "--games", "10"],
        &["simulate", "zaagox", "--games", "10"],
    ] {
        let out = cardrules(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let out = cardrules(&["simulate", "zaagox", "--players", "5", "--games", "10"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 to 4 players"), "{err}");
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardrules-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn replay_prints_the_outcome_and_settlement() {
    let (state, record) = random_playout::<Zaagox>(&Default::default(), 4, Seed::from(77)).unwrap();
    let path = temp_file("record.json", &serde_json::to_vec_pretty(&record).unwrap());
    let path = path.to_str().unwrap();
    let text = stdout(&cardrules(&["replay", path]));
    assert!(text.starts_with("zaagox: 4 players"), "{text}");
    assert!(text.contains("outcome:"), "{text}");
    let returns: Vec<String> = state.settlement().iter().map(ToString::to_string).collect();
    assert!(
        text.contains(&format!("settlement: [{}]", returns.join(", "))),
        "{text}"
    );
    let v: Value = serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
    assert_eq!(v["actions"], record.actions.len());
    assert_eq!(v["returns"], serde_json::json!(state.settlement()));
    // The same digest as the oracle's playout of that seed.
    let oracle = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .arg("oracle")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut oracle = oracle;
    {
        use std::io::Write as _;
        let mut stdin = oracle.stdin.take().unwrap();
        writeln!(stdin, r#"{{"op":"zaagox.playout","players":4,"seed":77}}"#).unwrap();
    }
    let answer: Value = serde_json::from_slice(&oracle.wait_with_output().unwrap().stdout).unwrap();
    assert_eq!(answer["final"], v["final"]);
    assert_eq!(answer["returns"], v["returns"]);
}

#[test]
fn replay_errors_exit_1_with_a_message() {
    let bad = temp_file("bad.json", b"{\"game\":\"zaagox\",\"players\":3}");
    let missing = std::env::temp_dir().join("cardrules-cli-test-missing.json");
    for (path, piece) in [
        (bad.to_str().unwrap(), "not a valid game record"),
        (missing.to_str().unwrap(), "cannot read"),
    ] {
        let out = cardrules(&["replay", path]);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: ") && err.contains(piece), "{err}");
    }
}

#[test]
fn every_command_has_help() {
    for args in [
        &["--help"][..],
        &["oracle", "--help"],
        &["simulate", "--help"],
        &["replay", "--help"],
    ] {
        let text = stdout(&cardrules(args));
        assert!(text.contains("Usage:"), "{args:?}");
    }
    let text = stdout(&cardrules(&["simulate", "--help"]));
    for flag in ["--players", "--games", "--seed", "--threads", "--json"] {
        assert!(text.contains(flag), "{flag}");
    }
}

#[test]
fn replay_of_a_record_that_starts_from_a_setup() {
    let (end, full) = random_playout::<Zaagox>(&Default::default(), 3, Seed::from(31)).unwrap();
    let mut middle = Zaagox::new(&Default::default(), 3, Seed::from(31)).unwrap();
    for &action in &full.actions[..10] {
        middle.play(action).unwrap();
    }
    let mut record =
        cards_core::GameRecord::<Zaagox>::from_setup(Default::default(), middle.setup());
    record.actions = full.actions[10..].to_vec();
    let path = temp_file("setup-record.json", &serde_json::to_vec(&record).unwrap());
    let path = path.to_str().unwrap();
    let text = stdout(&cardrules(&["replay", path]));
    assert!(text.starts_with("zaagox: 3 players, "), "{text}");
    assert!(text.contains("from a setup"), "{text}");
    let v: Value = serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
    assert_eq!(v["seed"], Value::Null);
    assert_eq!(v["actions"], full.actions.len() - 10);
    assert_eq!(v["returns"], serde_json::json!(end.settlement()));
    assert_eq!(v["outcome"], serde_json::to_value(end.outcome()).unwrap());
}

#[test]
fn names_in_messages_come_from_the_registry() {
    let out = cardrules(&["simulate", "chess", "--players", "3", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("[possible values: zaagox]"), "{err}");
    let chess = temp_file("chess.json", br#"{"game":"chess","actions":[]}"#);
    let out = cardrules(&["replay", chess.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown game \"chess\"; the games are zaagox, jass, letom and elewenjewe"),
        "{err}"
    );
    let letom = temp_file("letom.json", br#"{"game":"letom"}"#);
    let err = String::from_utf8_lossy(&cardrules(&["replay", letom.to_str().unwrap()]).stderr)
        .into_owned();
    assert!(err.contains("letom is not implemented yet"), "{err}");
    let help = stdout(&cardrules(&["oracle", "--help"]));
    assert!(
        help.contains("zaagox.trace") && help.contains("jass.legal"),
        "{help}"
    );
    let help = stdout(&cardrules(&["simulate", "--help"]));
    assert!(help.contains("zaagox: 2 to 4"), "{help}");
}

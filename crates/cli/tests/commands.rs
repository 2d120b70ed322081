//! `cardrules simulate` and `cardrules replay` as processes.

use std::path::PathBuf;
use std::process::Command;

use cards_core::{Game as _, Seed, random_playout};
use serde_json::Value;
use zaagox::Zaagox;

use crate::support::{cardrules, stdout, usage_error};

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
        "zaagox: 100 games, 2 players, seeds 1 to 100 (game i is played from seed 1 + i)\n",
        "players: uniformly random (each legal action equally likely); default rules\n",
        "Terms\n",
        "  Ava  ",
        "  exhausted  ",
        "  turn  ",
        "Outcome                        games    of all games\n",
        "  seat 0 won  ",
        "  exhausted: pile empty  ",
        "Ava was declared in ",
        "  another seat won: failed  ",
        "Winner score over the ",
        "Length per game        mean   median    min    max\n",
        "  actions  ",
        "  turns  ",
        "Settlement mean per game           total\n",
        "Notable games (the first game when several tie)\n",
        "  lowest winner score  ",
        "  highest winner score  ",
        "  most actions  ",
        "cardrules simulate zaagox --players 2 --games 1 --seed ",
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
        &["simulate", "letom", "--players", "5", "--games", "10"],
        &["simulate", "tarot", "--players", "3", "--games", "10"],
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
    let returns: Vec<String> = (state.settlement().iter().enumerate())
        .map(|(seat, v)| format!("seat {seat} {v:+}"))
        .collect();
    assert!(
        text.contains(&format!("settlement: {}\n", returns.join(", "))),
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
    assert!(
        err.contains("[possible values: zaagox, jass, elewenjewe, letom]"),
        "{err}"
    );
    let chess = temp_file("chess.json", br#"{"game":"chess","actions":[]}"#);
    let out = cardrules(&["replay", chess.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "unknown game \"chess\"; this build replays records whose game is \"zaagox\", \
             \"schieber\", \"schieber-deal\", \"coiffeur\", \"differenzler\", \
             \"elewenjewe\", \"letom\" or \"letom-match\""
        ),
        "{err}"
    );
    assert!(!err.contains("planned"), "{err}");
    let letom = temp_file("letom.json", br#"{"game":"letom"}"#);
    let err = String::from_utf8_lossy(&cardrules(&["replay", letom.to_str().unwrap()]).stderr)
        .into_owned();
    assert!(
        err.contains("not a valid game record: missing field"),
        "{err}"
    );
    let jass = temp_file("jass-named.json", br#"{"game":"jass"}"#);
    let out = cardrules(&["replay", jass.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("its records name it \"schieber\", \"schieber-deal\""),
        "{err}"
    );
    let help = stdout(&cardrules(&["oracle", "--help"]));
    assert!(
        help.contains("zaagox.trace")
            && help.contains("jass.legal")
            && help.contains("letom.settle"),
        "{help}"
    );
    assert!(
        help.contains("letom.playout, letom.trace.") && !help.contains("Not implemented yet"),
        "{help}"
    );
    let help = stdout(&cardrules(&["simulate", "--help"]));
    assert!(
        help.contains("zaagox: 2 to 4; jass: 3 to 4; elewenjewe: 2 to 5; letom: 2 to 4"),
        "{help}"
    );
    let err = usage_error(&["simulate", "jass", "-p", "3", "-g", "1"]);
    assert!(
        err.contains("Schieber is played by 4 players, not 3 (--players)"),
        "{err}"
    );
}

#[test]
fn argument_messages_say_the_range_and_give_no_wrong_advice() {
    let base = ["simulate", "zaagox", "--players", "3", "--games", "5"];
    for seed in [&["--seed", "-1"][..], &["--seed=-1"]] {
        let args: Vec<&str> = base.iter().chain(seed).copied().collect();
        let err = usage_error(&args);
        assert!(
            err.contains("the seed is a whole number from 0 to 18446744073709551615, not -1"),
            "{err}"
        );
        assert!(!err.contains("-- -1"), "{err}");
    }
    let err = usage_error(&[
        "simulate",
        "zaagox",
        "-p",
        "3",
        "-g",
        "5",
        "--seed",
        "18446744073709551616",
    ]);
    assert!(err.contains("not 18446744073709551616"), "{err}");
    let err = usage_error(&["simulate", "zaagox", "-p", "3", "--games", "0"]);
    assert!(err.contains("at least 1 game"), "{err}");
    assert!(!err.contains("18446744073709551615"), "{err}");
    let err = usage_error(&["simulate", "zaagox", "-p", "3", "--games", "-4"]);
    assert!(err.contains("not -4"), "{err}");
    assert!(!err.contains("-- -4"), "{err}");
    let err = usage_error(&["simulate", "zaagox", "-p", "3", "-g", "5", "--threads", "0"]);
    assert!(err.contains("from 1 to 1024, not 0"), "{err}");
    let err = usage_error(&[
        "simulate",
        "zaagox",
        "-p",
        "3",
        "-g",
        "1001",
        "--record",
        "x",
        "--record-all",
    ]);
    assert!(err.contains("at most 1000 games"), "{err}");
    let err = usage_error(&["simulate", "zaagox", "-p", "3", "-g", "5", "--record-all"]);
    assert!(err.contains("--record"), "{err}");
}

#[test]
fn help_says_which_games_exist() {
    let help = stdout(&cardrules(&["--help"]));
    // Every game type of the registry, with its line and player range.
    for line in [
        "zaagox                        Zaägox, the Didopoikas collecting game (2-4 players)",
        "jass --variant schieber       Schieber, deal after deal to the target (4 players)",
        "jass --variant schieber-deal  one deal of Schieber, the unit a duplicate tournament \
         compares (4 players)",
        "elewenjewe                    Eléwénjewé, the Yorùbá fishing game (2-5 players)",
        "letom --variant match         a match of Letom deals, the nagari carry and the pot \
         between them (2-4 players)",
    ] {
        assert!(help.contains(line), "{line} not in {help}");
    }
    assert!(
        !help.contains("Reference rules for Zaägox, Letom") && !help.contains("Planned"),
        "{help}"
    );
    let help = stdout(&cardrules(&["simulate", "--help"]));
    assert!(
        help.contains("--record <DIR>") && help.contains("--record-all"),
        "{help}"
    );
}

/// The oracle echoes numbers as the request wrote them.
#[test]
fn the_oracle_echoes_big_numbers_as_typed() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .arg("oracle")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(
                b"{\"op\":\"zaagox.playout\",\"players\":3,\"seed\":18446744073709551616}\n\
                  {\"op\":\"zaagox.trace\",\"players\":99999999999999999999999,\"seed\":1}\n\
                  {\"op\":\"zaagox.playout\",\"players\":3,\"seed\": 1.50 }\n",
            )
            .unwrap();
    }
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let errors: Vec<String> = out
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["ok"], false);
            v["error"].as_str().unwrap().to_owned()
        })
        .collect();
    assert!(
        errors[0].ends_with("not 18446744073709551616"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].ends_with("not 99999999999999999999999"),
        "{}",
        errors[1]
    );
    assert!(errors[2].ends_with("not 1.50"), "{}", errors[2]);
    assert!(!out.contains("e+19") && !out.contains("e19"), "{out}");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardrules-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `simulate --record DIR` writes the notable games' records; each replays with `replay`,
/// to the oracle's playout of its seed, and the summary names the files.
#[test]
fn simulate_records_the_notable_games_and_they_replay() {
    let dir = temp_dir("records");
    let dir_text = dir.to_str().unwrap();
    let run = |threads: &str| -> Value {
        let out = cardrules(&[
            "simulate", "zaagox", "-p", "3", "-g", "200", "-s", "7", "-t", threads, "--record",
            dir_text, "--force", "--json",
        ]);
        serde_json::from_str(&stdout(&out)).unwrap()
    };
    let one = run("1");
    let two = run("3");
    for key in [
        "notable",
        "records",
        "winner_score",
        "actions",
        "turns",
        "ava",
    ] {
        assert_eq!(one[key], two[key], "{key}");
    }
    let records = one["records"].as_array().unwrap();
    assert!(!records.is_empty() && records.len() <= 3, "{records:?}");
    let notable = &one["notable"];
    assert_eq!(notable["score"], "winner score");
    for what in ["min_score", "max_score", "most_actions"] {
        let game = &notable[what];
        let seed = game["seed"].as_u64().unwrap();
        assert_eq!(seed, 7 + game["game"].as_u64().unwrap());
        let path = game["record"].as_str().unwrap();
        assert!(
            path.ends_with(&format!("zaagox-3p-seed{seed}.json")),
            "{path}"
        );
        assert!(records.iter().any(|r| r == path), "{path}");
        let v: Value =
            serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
        assert_eq!(v["seed_integer"], seed);
        assert_eq!(v["actions"], game["actions"]);
        let (state, record) =
            random_playout::<Zaagox>(&Default::default(), 3, Seed::from(seed)).unwrap();
        assert_eq!(v["actions"], record.actions.len());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        if what != "most_actions" {
            assert_eq!(v["outcome"]["score"]["points"], game["value"], "{v}");
        }
    }
    assert_eq!(one["winner_score"]["min"], notable["min_score"]["value"]);
    assert_eq!(one["winner_score"]["max"], notable["max_score"]["value"]);
    assert_eq!(one["actions"]["max"], notable["most_actions"]["value"]);
    let text = stdout(&cardrules(&[
        "simulate", "zaagox", "-p", "3", "-g", "200", "-s", "7", "--record", dir_text, "--force",
    ]));
    assert!(text.contains("  Replay one: cardrules replay "), "{text}");
    assert!(text.contains(&format!("written to {dir_text}")), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_all_writes_every_game() {
    let dir = temp_dir("record-all");
    let dir_text = dir.to_str().unwrap();
    let v: Value = serde_json::from_str(&stdout(&cardrules(&[
        "simulate",
        "zaagox",
        "-p",
        "2",
        "-g",
        "5",
        "-s",
        "18446744073709551614",
        "--record",
        dir_text,
        "--force",
        "--record-all",
        "--json",
    ])))
    .unwrap();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "zaagox-2p-seed0.json",
            "zaagox-2p-seed1.json",
            "zaagox-2p-seed18446744073709551614.json",
            "zaagox-2p-seed18446744073709551615.json",
            "zaagox-2p-seed2.json",
        ]
    );
    assert_eq!(v["records"].as_array().unwrap().len(), 5);
    for name in names {
        let path = dir.join(name);
        let out = cardrules(&["replay", path.to_str().unwrap()]);
        assert!(out.status.success());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The path of the sample record in `examples/records`.
fn sample() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/records/zaagox-3p-seed42.json")
}

/// The committed sample is exactly what `simulate --record` writes for that game, and it
/// replays (from a file and from stdin) to the oracle's playout of seed 42.
#[test]
fn the_sample_record_replays_and_is_what_simulate_writes() {
    let committed = std::fs::read_to_string(sample()).unwrap();
    let dir = temp_dir("sample");
    let dir_text = dir.to_str().unwrap();
    stdout(&cardrules(&[
        "simulate",
        "zaagox",
        "--players",
        "3",
        "--games",
        "1",
        "--seed",
        "42",
        "--record",
        dir_text,
        "--force",
    ]));
    let written = std::fs::read_to_string(dir.join("zaagox-3p-seed42.json")).unwrap();
    assert_eq!(
        written, committed,
        "regenerate examples/records with simulate --record"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let record: cards_core::GameRecord<Zaagox> = serde_json::from_str(&committed).unwrap();
    let (state, expected) =
        random_playout::<Zaagox>(&Default::default(), 3, Seed::from(42)).unwrap();
    assert_eq!(record, expected);
    let path = sample();
    let text = stdout(&cardrules(&["replay", path.to_str().unwrap()]));
    assert!(text.starts_with("zaagox: 3 players, "), "{text}");
    assert!(text.contains(" actions, seed 42\n"), "{text}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .args(["replay", "-", "--json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(committed.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["returns"], serde_json::json!(state.settlement()));
    assert_eq!(v["seed"], Seed::from(42).to_string());
    assert_eq!(v["seed_integer"], 42);
}

#[test]
fn replay_messages() {
    let path = temp_file(
        "big-seed.json",
        br#"{"game":"zaagox","rules":{},"players":3,"seed":18446744073709551616,"actions":[]}"#,
    );
    let out = cardrules(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a whole number from 0 to 18446744073709551615, not 18446744073709551616"),
        "{err}"
    );
    // An illegal action is numbered from 1, and says so.
    let mut record: Value =
        serde_json::from_str(&std::fs::read_to_string(sample()).unwrap()).unwrap();
    record["seed"] = serde_json::json!(43);
    let path = temp_file("swapped-seed.json", &serde_json::to_vec(&record).unwrap());
    let out = cardrules(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("counting from 1) was refused"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .args(["replay", "-"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a valid game record"));
}

/// `simulate jass`: whole Schieber games to the target; the summary is the same at any
/// thread count, every complete deal's card points total 157, and the notable games' records
/// (`schieber`) replay to the same game; a game's first deal is `jass.playout`'s deal.
#[test]
fn simulate_jass_and_replay_its_records() {
    let dir = temp_dir("jass-records");
    let dir_text = dir.to_str().unwrap();
    let run = |threads: &str| -> Value {
        let out = cardrules(&[
            "simulate", "jass", "-p", "4", "-g", "200", "-s", "1", "-t", threads, "--record",
            dir_text, "--force", "--json",
        ]);
        let mut v: Value = serde_json::from_str(&stdout(&out)).unwrap();
        v.as_object_mut().unwrap().remove("timing");
        v
    };
    let one = run("1");
    assert_eq!(one, run("4"));
    assert_eq!(one["game"], "jass");
    assert_eq!(one["variant"], "schieber");
    assert_eq!(one["rules"]["target"], 2500);
    assert_eq!(one["unfinished"], 0);
    let wins = &one["wins"];
    assert_eq!(wins[0].as_u64().unwrap() + wins[1].as_u64().unwrap(), 200);
    let complete = one["deals"]["complete"].as_u64().unwrap();
    let played = one["deals"]["played"].as_u64().unwrap();
    assert!(complete <= played && played >= 200 * 4, "{}", one["deals"]);
    let named: u64 = one["contracts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["deals"].as_u64().unwrap())
        .sum();
    assert_eq!(named, complete);
    let cards = &one["points"]["card_points_mean"];
    let total = cards[0].as_f64().unwrap() + cards[1].as_f64().unwrap();
    assert!((total - 157.0).abs() < 1e-9, "{cards}");
    let notable = &one["notable"];
    assert_eq!(notable["score"], "point difference");
    for what in ["min_score", "max_score", "most_actions"] {
        let game = &notable[what];
        let seed = game["seed"].as_u64().unwrap();
        let path = game["record"].as_str().unwrap();
        assert!(
            path.ends_with(&format!("schieber-4p-seed{seed}.json")),
            "{path}"
        );
        let record: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(record["game"], "schieber");
        let v: Value =
            serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
        assert_eq!(v["game"], "schieber");
        assert_eq!(v["seed_integer"], seed);
        assert_eq!(v["actions"], game["actions"]);
        let (state, record) =
            random_playout::<jass::Schieber>(&Default::default(), 4, Seed::from(seed)).unwrap();
        assert_eq!(v["actions"], record.actions.len());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        if what != "most_actions" {
            let totals = &v["outcome"]["totals"];
            let d = totals[0].as_i64().unwrap() - totals[1].as_i64().unwrap();
            assert_eq!(game["value"], d, "{v}");
        }
        // The game's first deal is the one-deal playout of the seed: same actions first.
        let (_, deal) =
            random_playout::<jass::SchieberDeal>(&Default::default(), 4, Seed::from(seed)).unwrap();
        assert_eq!(record.actions[..deal.actions.len()], deal.actions[..]);
        let text = stdout(&cardrules(&["replay", path]));
        // The transcript tells every deal from its deal event.
        assert!(text.starts_with("schieber: 4 players, "), "{text}");
        assert!(
            text.contains("\ntranscript:\n   start\n        deal 1 begins: seat "),
            "{text}"
        );
        let deals = v["outcome"]["deals"].as_u64().unwrap();
        assert!(
            text.contains(&format!("\n        deal {deals} begins: seat ")),
            "{text}"
        );
    }
    let text = stdout(&cardrules(&[
        "simulate",
        "jass",
        "--players",
        "4",
        "--games",
        "300",
        "--seed",
        "1",
    ]));
    for needle in [
        "jass (schieber): 300 games, 4 players, seeds 1 to 300",
        "; default rules\n",
        "\nGames won ",
        "\n  seats 0+2 ",
        "\nContract ",
        "\n  undenufe  ",
        "\nForehand pushed in ",
        "\n  multiplied points  ",
        "\n  3 in sequence  ",
        "\n  four Jacks  ",
        "\nWeis won by seats 0+2 in ",
        "\n  Stöck  ",
        "\n  a Match  ",
        "\n  deals  ",
        "\n  lowest point difference  ",
        "cardrules replay DIR/schieber-4p-seed",
        "or follow its first deal step by step with the oracle:",
        " games/s, ",
        " deals/s",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate jass` with rule options: the variants are played and named, the Weis scale and
/// target are the ones asked for, the hint records with the same options, and bad options or
/// variants are refused with a message.
#[test]
fn simulate_jass_with_options() {
    let out = cardrules(&[
        "simulate",
        "jass",
        "-p",
        "4",
        "-g",
        "100",
        "-s",
        "7",
        "--rules",
        r#"{"variants":{"slalom":true,"guschti":true,"mary":true,"trio":true}}"#,
        "-r",
        "weis.scale=small",
        "-r",
        "target=1000",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["rules"]["target"], 1000);
    assert_eq!(v["rules"]["weis"]["scale"], "small");
    let contracts: Vec<&str> = v["contracts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["contract"].as_str().unwrap())
        .collect();
    for variant in [
        "slalom:obenabe",
        "slalom:undenufe",
        "guschti",
        "mary",
        "trio",
    ] {
        assert!(contracts.contains(&variant), "{contracts:?}");
    }
    // A target of 1000 instead of 2500: shorter games.
    assert!(
        v["deals"]["per_game"]["mean"].as_f64().unwrap() < 8.0,
        "{}",
        v["deals"]
    );
    let text = stdout(&cardrules(&[
        "simulate",
        "jass",
        "-p",
        "4",
        "-g",
        "20",
        "-r",
        "weis.scale=small",
    ]));
    assert!(
        text.contains("; rules: --rule weis.scale=small\n"),
        "{text}"
    );
    assert!(
        text.contains("--games 1 --seed ")
            && text.contains(" --rule weis.scale=small --record DIR"),
        "{text}"
    );
    assert!(!text.contains("follow its first deal"), "{text}");
    let help = stdout(&cardrules(&["simulate", "--help"]));
    // The help lists the crate's rule fields with their defaults and values.
    assert!(help.contains("Rules (--rule NAME=VALUE"), "{help}");
    for line in [
        "  jass (presets: flat, comparison):",
        "    weis.scale=big|small  (default \"big\")",
        "    target=a number|null  (default 2500)",
        "    coiffeur.individual=true|false  (default false)",
        "    differenzler.deals=a number  (default 16)",
        "    bonuses.match=true|false  (default true)",
        "    credit-order=stoeck_weis_trick|stoeck_trick_weis|weis_stoeck_trick|weis_trick_stoeck|trick_stoeck_weis|trick_weis_stoeck  (default \"stoeck_weis_trick\")",
        "  elewenjewe (presets: professional, casual, yoruba):",
        "  letom (presets: go-stop):",
    ] {
        assert!(help.contains(line), "{line:?} missing from {help}");
    }
    for (args, needle) in [
        (
            &["-r", "weis.scale=huge"][..],
            "bad rules: --rule weis.scale=huge: weis.scale takes big|small",
        ),
        (
            &["-r", "colour=red"],
            "unknown field `colour`, expected one of `play`, `weis`",
        ),
        (
            &["--rules", "{\"colour\":1}"],
            "the rules given are not jass's rules: unknown field `colour`",
        ),
        (
            &["--preset", "round"],
            "jass has no preset \"round\"; its presets are flat, comparison",
        ),
        (&["-r", "target=0"], "target"),
    ] {
        let mut all = vec!["simulate", "jass", "-p", "4", "-g", "1"];
        all.extend_from_slice(args);
        let out = cardrules(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{needle:?} missing from {err}");
    }
    let err = usage_error(&[
        "simulate",
        "jass",
        "-p",
        "4",
        "-g",
        "1",
        "--variant",
        "bridge",
    ]);
    assert!(
        err.contains("the variants of jass are schieber, schieber-deal, coiffeur, differenzler"),
        "{err}"
    );
    let err = usage_error(&["simulate", "zaagox", "-p", "3", "-g", "1", "--variant", "x"]);
    assert!(err.contains("zaagox has no variants"), "{err}");
    let err = usage_error(&["simulate", "jass", "-p", "4", "-g", "1", "-r", "weis"]);
    assert!(err.contains("a rule is NAME=VALUE"), "{err}");
}

/// `simulate jass --variant differenzler`: whole games at 3 and 4 seats, the same at any
/// thread count; the summary fits the game; records (`differenzler`) replay; options apply.
#[test]
fn simulate_differenzler_and_replay_its_records() {
    let dir = temp_dir("differenzler-records");
    let dir_text = dir.to_str().unwrap();
    for players in ["3", "4"] {
        let run = |threads: &str| -> Value {
            let out = cardrules(&[
                "simulate",
                "jass",
                "--variant",
                "differenzler",
                "-p",
                players,
                "-g",
                "60",
                "-s",
                "5",
                "-t",
                threads,
                "-r",
                "differenzler.deals=4",
                "--record",
                dir_text,
                "--force",
                "--json",
            ]);
            let mut v: Value = serde_json::from_str(&stdout(&out)).unwrap();
            v.as_object_mut().unwrap().remove("timing");
            v
        };
        let one = run("1");
        assert_eq!(one, run("3"));
        assert_eq!(one["variant"], "differenzler");
        assert_eq!(one["rules"]["differenzler"]["deals"], 4);
        assert_eq!(one["deals"], 240);
        assert_eq!(one["unfinished"], 0);
        let points: u64 = one["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["count"].as_u64().unwrap())
            .sum();
        assert_eq!(points, 240 * players.parse::<u64>().unwrap());
        let game = &one["notable"]["min_score"];
        let path = game["record"].as_str().unwrap();
        let record: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(record["game"], "differenzler");
        let v: Value =
            serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
        assert_eq!(v["game"], "differenzler");
        assert_eq!(v["actions"], game["actions"]);
        let penalties = v["outcome"]["penalties"].as_array().unwrap();
        let best = penalties.iter().map(|p| p.as_i64().unwrap()).min().unwrap();
        assert_eq!(game["value"], best);
    }
    let text = stdout(&cardrules(&[
        "simulate",
        "jass",
        "--variant",
        "differenzler",
        "-p",
        "3",
        "-g",
        "30",
    ]));
    for needle in [
        "jass (differenzler): 30 games, 3 players",
        "\n  prediction  ",
        "\nPrediction error per seat and deal",
        "\nPoints taken  ",
        "\n  deals  ",
        "\"variant\":\"differenzler\",\"players\":3,\"seed\":",
        " deals/s",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    let err = usage_error(&[
        "simulate",
        "jass",
        "--variant",
        "differenzler",
        "-p",
        "5",
        "-g",
        "1",
    ]);
    assert!(
        err.contains("Differenzler is played by 3 to 4 players, not 5"),
        "{err}"
    );
    let out = cardrules(&[
        "simulate",
        "jass",
        "--variant",
        "differenzler",
        "-p",
        "3",
        "-g",
        "1",
        "-r",
        "differenzler.deals=0",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("deals"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate jass --variant coiffeur`: whole games in teams and individually; the summary per
/// slot; records (`coiffeur`) replay and print the score sheet; the oracle plays the variant.
#[test]
fn simulate_coiffeur_and_replay_its_records() {
    let dir = temp_dir("coiffeur-records");
    let dir_text = dir.to_str().unwrap();
    for (individual, deals) in [("false", 16u64), ("true", 32)] {
        let run = |threads: &str| -> Value {
            let rule = format!("coiffeur.individual={individual}");
            let out = cardrules(&[
                "simulate",
                "jass",
                "--variant",
                "coiffeur",
                "-p",
                "4",
                "-g",
                "30",
                "-s",
                "3",
                "-t",
                threads,
                "-r",
                &rule,
                "--record",
                dir_text,
                "--force",
                "--json",
            ]);
            let mut v: Value = serde_json::from_str(&stdout(&out)).unwrap();
            v.as_object_mut().unwrap().remove("timing");
            v
        };
        let one = run("1");
        assert_eq!(one, run("2"));
        assert_eq!(one["variant"], "coiffeur");
        assert_eq!(one["deals"], 30 * deals);
        let slots = one["slots"].as_array().unwrap();
        assert_eq!(slots.len(), 8);
        let played: u64 = slots.iter().map(|s| s["deals"].as_u64().unwrap()).sum();
        assert_eq!(played, 30 * deals);
        let path = one["notable"]["max_score"]["record"].as_str().unwrap();
        let record: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(record["game"], "coiffeur");
        let text = stdout(&cardrules(&["replay", path]));
        assert!(text.contains("\n        the game is over: "), "{text}");
        assert!(text.contains(": joker8:"), "{text}");
    }
    let text = stdout(&cardrules(&[
        "simulate",
        "jass",
        "--variant",
        "coiffeur",
        "-p",
        "4",
        "-g",
        "20",
    ]));
    for needle in [
        "jass (coiffeur): 20 games, 4 players",
        "\nSlot ",
        "\n  joker7 ",
        "\nPasses before a choice",
        "\"variant\":\"coiffeur\",\"players\":4,\"seed\":",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate elewenjewe`: every preset plays to the end, the same at any thread count; the
/// summary fits the game; records (`elewenjewe`) replay; the oracle traces the same game.
#[test]
fn simulate_elewenjewe_presets_and_replay() {
    let dir = temp_dir("elewenjewe-records");
    let dir_text = dir.to_str().unwrap();
    // The professional preset is for two players (the spec's); the others seat three here.
    for (preset, players) in [("professional", "2"), ("casual", "3"), ("yoruba", "3")] {
        let run = |threads: &str| -> Value {
            let out = cardrules(&[
                "simulate",
                "elewenjewe",
                "-p",
                players,
                "-g",
                "40",
                "-s",
                "2",
                "-t",
                threads,
                "--preset",
                preset,
                "-r",
                "esun=true",
                "--record",
                dir_text,
                "--force",
                "--json",
            ]);
            let mut v: Value = serde_json::from_str(&stdout(&out)).unwrap();
            v.as_object_mut().unwrap().remove("timing");
            v
        };
        let one = run("1");
        assert_eq!(one, run("2"));
        assert_eq!(one["unfinished"], 0);
        assert_eq!(one["rules"]["esun"], true);
        let wins: u64 = one["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .sum();
        assert!(wins >= 40, "{}", one["wins"]);
        let path = one["notable"]["max_score"]["record"].as_str().unwrap();
        let v: Value =
            serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
        assert_eq!(v["game"], "elewenjewe");
        assert_eq!(v["actions"], one["notable"]["max_score"]["actions"]);
    }
    let text = stdout(&cardrules(&[
        "simulate",
        "elewenjewe",
        "-p",
        "4",
        "-g",
        "30",
    ]));
    for needle in [
        "elewenjewe: 30 games, 4 players",
        "\nPer round (",
        "\nCaptures of several groups: ",
        "\nPoints by source per round: ",
        "\n  rounds  ",
        " rounds/s",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate letom`: one deal per game, the same at any thread count; every deal is won or a
/// nagari, and the ends, the baks and the events add up; game i is the playout of seed i;
/// the notable deals' records (`letom`) replay; the text summary fits the game.
#[test]
fn simulate_letom_and_replay_its_records() {
    let dir = temp_dir("letom-records");
    let dir_text = dir.to_str().unwrap();
    for players in ["2", "3", "4"] {
        let run = |threads: &str| -> Value {
            let out = cardrules(&[
                "simulate", "letom", "-p", players, "-g", "400", "-s", "9", "-t", threads,
                "--record", dir_text, "--force", "--json",
            ]);
            let mut v: Value = serde_json::from_str(&stdout(&out)).unwrap();
            let timing = v.as_object_mut().unwrap().remove("timing").unwrap();
            assert!(timing["deals_per_second"].is_number(), "{timing}");
            v
        };
        let one = run("1");
        assert_eq!(one, run("3"));
        assert_eq!(one["game"], "letom");
        assert_eq!(one["unfinished"], 0);
        assert_eq!(one["deals"], 400);
        let sum = |v: &Value| -> u64 {
            v.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .sum()
        };
        let won = sum(&one["wins"]);
        assert_eq!(won + one["nagari"].as_u64().unwrap(), 400);
        assert_eq!(sum(&one["wins_by_turn_order"]), won);
        let ended: u64 = one["ended"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["deals"].as_u64().unwrap())
            .sum();
        assert_eq!(ended, 400);
        assert_eq!(one["gain"]["deals"], won);
        assert_eq!(one["gwang_selling"], Value::Null);
        assert_eq!(one["stake"], Value::Null);
        let baks = one["baks"]["rows"].as_array().unwrap();
        assert_eq!(baks.len(), 4);
        assert_eq!(baks[3]["bak"], "at least one");
        for bak in &baks[..3] {
            assert!(
                bak["losers"].as_u64() <= baks[3]["losers"].as_u64(),
                "{bak}"
            );
        }
        let losers = one["baks"]["losers"].as_u64().unwrap();
        let by_tom = one["winner"]["deals"].as_u64().unwrap();
        assert_eq!(losers, by_tom * (players.parse::<u64>().unwrap() - 1));
        let events: Vec<&str> = one["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["event"].as_str().unwrap())
            .collect();
        assert_eq!(
            events,
            [
                "stuck stack made",
                "stuck stack taken",
                "jjok",
                "ttadak",
                "sweep",
                "shake",
                "bomb",
                "flip-only turn",
                "pi given",
                "chongtong"
            ]
        );
        for what in ["min_score", "max_score", "most_actions"] {
            let game = &one["notable"][what];
            let seed = game["seed"].as_u64().unwrap();
            let path = game["record"].as_str().unwrap();
            assert!(
                path.ends_with(&format!("letom-{players}p-seed{seed}.json")),
                "{path}"
            );
            let v: Value =
                serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
            assert_eq!(v["game"], "letom");
            assert_eq!(v["seed_integer"], seed);
            assert_eq!(v["actions"], game["actions"]);
            let (state, record) = random_playout::<letom::Letom>(
                &Default::default(),
                players.parse().unwrap(),
                Seed::from(seed),
            )
            .unwrap();
            assert_eq!(v["actions"], record.actions.len());
            assert_eq!(v["returns"], serde_json::json!(state.settlement()));
            if what != "most_actions" {
                let winner = state.outcome().unwrap().winner().unwrap();
                assert_eq!(game["value"], state.settlement()[winner.index()]);
            }
            let text = stdout(&cardrules(&["replay", path]));
            assert!(
                text.starts_with(&format!("letom: {players} players, ")),
                "{text}"
            );
            assert!(text.contains("; base points seat 0 "), "{text}");
        }
    }
    let text = stdout(&cardrules(&["simulate", "letom", "-p", "3", "-g", "300"]));
    for needle in [
        "letom (deal): 300 games, 3 players, seeds 0 to 299",
        "; default rules\n",
        "\n  dokbak  ",
        "\nWon by                               deals      of deals\n",
        "\n  nobody (nagari)  ",
        "\n  the dealer (plays 1st)  ",
        "\n  Tom, called  ",
        "\n  Tom, automatic on a last turn  ",
        "\n  nagari: stock ran out  ",
        "\n  base points  ",
        "\nWinner's gain over the ",
        "\nWinner's Ren ",
        "\n  4 or more  ",
        "\nA loser had called Ren in ",
        "\nBaks (",
        "\n  gwang-bak  ",
        "\n  stuck stack taken  ",
        "\n  flip-only turn  ",
        "\n  turns  ",
        "\n  highest winner's gain  ",
        "echo '{\"op\":\"letom.trace\",\"players\":3,\"seed\":",
        " games/s, ",
        " deals/s",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    // The ends that need an option show only when they happened.
    assert!(!text.contains("highest score, stock out"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate letom` with rule options: the rules played are the ones asked for, the summary
/// shows the sale and the stake, the highest score ends deals; bad names and values are
/// refused with a message naming them.
#[test]
fn simulate_letom_with_options() {
    let out = cardrules(&[
        "simulate",
        "letom",
        "-p",
        "4",
        "-g",
        "300",
        "-s",
        "5",
        "--rule",
        "gwang-selling=true",
        "-r",
        "gwang-price=2",
        "-r",
        "reshuffle-sold=true",
        "-r",
        "stake=2",
        "-r",
        "exhaustion=highest_score",
        "-r",
        "bomb=double",
        "-r",
        "dokbak=last_ren_caller",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let rules = &v["rules"];
    assert_eq!(rules["gwang_selling"], true);
    assert_eq!(rules["gwang_price"], 2);
    assert_eq!(rules["reshuffle_sold"], true);
    assert_eq!(rules["stake"], 2);
    assert_eq!(rules["exhaustion"], "highest_score");
    assert_eq!(rules["bomb"], "double");
    assert_eq!(rules["dokbak"], "last_ren_caller");
    assert_eq!(v["unfinished"], 0);
    let sale = &v["gwang_selling"];
    assert_eq!(sale["deals"], 300);
    let sales = sale["sales"].as_u64().unwrap();
    assert!(sales > 290, "{sale}");
    let sellers: u64 = sale["sellers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .sum();
    assert_eq!(sellers, sales);
    assert!(
        (sale["price_mean"].as_f64().unwrap() - 2.0 * sale["guang_shown_mean"].as_f64().unwrap())
            .abs()
            < 1e-9
    );
    let stake = &v["stake"];
    let pots = ["first_turn", "winner", "left"].map(|k| stake[k].as_u64().unwrap());
    assert_eq!(pots.iter().sum::<u64>(), 300, "{stake}");
    let ended = v["ended"].as_array().unwrap();
    let highest = ended
        .iter()
        .find(|e| e["end"] == "highest score, stock out")
        .unwrap();
    assert!(highest["deals"].as_u64().unwrap() > 0, "{ended:?}");
    let exhausted = ended
        .iter()
        .find(|e| e["end"] == "nagari: stock ran out")
        .unwrap();
    assert_eq!(exhausted["deals"], 0);
    let text = stdout(&cardrules(&[
        "simulate",
        "letom",
        "-p",
        "3",
        "-g",
        "50",
        "-r",
        "gwang-selling=true",
        "-r",
        "stake=2",
    ]));
    for needle in [
        "; rules: --rule gwang-selling=true --rule stake=2\n",
        "\nGwang-selling: ",
        "\n  forced: the last seat asked  ",
        "\nPer sale (means): ",
        "\nTable stake (50 deals): the pot ",
        "\n  went to a first-turn event  ",
        " --rule gwang-selling=true --rule stake=2 --record DIR",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    // The oracle plays default rules only: no trace hint.
    assert!(!text.contains("letom.trace"), "{text}");
    // Gwang-selling does nothing at two players.
    let v: Value = serde_json::from_str(&stdout(&cardrules(&[
        "simulate",
        "letom",
        "-p",
        "2",
        "-g",
        "20",
        "-r",
        "gwang-selling=true",
        "--json",
    ])))
    .unwrap();
    assert_eq!(v["gwang_selling"], Value::Null);
    let help = stdout(&cardrules(&["simulate", "--help"]));
    for line in [
        "\n  letom (presets: go-stop):\n",
        "    exhaustion=nagari|highest_score  (default \"nagari\")\n",
        "    first-dealer=a number|null  (default null)\n",
        "    deals=a number  (default 10)\n",
    ] {
        assert!(help.contains(line), "{line:?} missing from {help}");
    }
    for (args, needle) in [
        (
            &["-r", "go=true"][..],
            "bad rules: --rule go=true: unknown field `go`, expected one of `ren`, `bomb`",
        ),
        (
            &["-r", "exhaustion=stop"],
            "bad rules: --rule exhaustion=stop: exhaustion takes nagari|highest_score",
        ),
        (&["-r", "sweep=maybe"], "sweep takes true|false"),
        (&["-r", "carry-cap=9"], "carry_cap must be 1 to 8, not 9"),
        (&["-r", "stake=5000"], "stake must be 0 to 1000, not 5000"),
        (&["-r", "first-dealer=3"], "seat 3 is not at a table of 3"),
        (
            &["--rules", "{\"bombs\":\"double\"}"],
            "the rules given are not letom's rules: unknown field `bombs`",
        ),
        (
            &["--variant", "match", "-r", "deals=0"],
            "deals must be 1 to 10000, not 0",
        ),
        (
            &["--preset", "go"],
            "letom has no preset \"go\"; its presets are go-stop",
        ),
        (
            &["--variant", "series"],
            "the variants of letom are deal, match, not \"series\" (--variant)",
        ),
    ] {
        let mut all = vec!["simulate", "letom", "-p", "3", "-g", "1"];
        all.extend_from_slice(args);
        let out = cardrules(&all);
        assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{needle:?} missing from {err}");
    }
}

/// `simulate letom --variant match`: whole matches, the same at any thread count; every deal
/// of every match is counted, the wins and ties cover the matches, the totals are zero-sum;
/// the notable matches' records (`letom-match`) replay to the same match; a match's first deal
/// is `letom.playout`'s; the text summary fits the game.
#[test]
fn simulate_letom_matches_and_replay_their_records() {
    let dir = temp_dir("letom-match-records");
    let dir_text = dir.to_str().unwrap();
    for players in ["2", "3", "4"] {
        let run = |threads: &str| -> Value {
            let out = cardrules(&[
                "simulate",
                "letom",
                "--variant",
                "match",
                "-p",
                players,
                "-g",
                "60",
                "-s",
                "9",
                "-t",
                threads,
                "-r",
                "deals=6",
                "--record",
                dir_text,
                "--force",
                "--json",
            ]);
            let mut v: Value = serde_json::from_str(&stdout(&out)).unwrap();
            let timing = v.as_object_mut().unwrap().remove("timing").unwrap();
            assert!(timing.get("matches_per_second").is_none(), "{timing}");
            assert!(timing["deals_per_second"].is_number(), "{timing}");
            v
        };
        let one = run("1");
        assert_eq!(one, run("3"));
        assert_eq!(one["game"], "letom");
        assert_eq!(one["variant"], "match");
        assert_eq!(one["rules"]["deals"], 6);
        assert_eq!(one["unfinished"], 0);
        let n: usize = players.parse().unwrap();
        let sum = |v: &Value| -> u64 {
            v.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .sum()
        };
        assert_eq!(sum(&one["wins"]) + one["ties"].as_u64().unwrap(), 60);
        assert_eq!(one["totals"].as_array().unwrap().len(), n);
        let settled: i64 = one["settlement"]["total"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_i64().unwrap())
            .sum();
        assert_eq!(settled, 0);
        assert_eq!(one["deals_per_match"]["min"], 6);
        assert_eq!(one["deals_per_match"]["max"], 6);
        let deals = &one["deals"];
        assert_eq!(deals["deals"], 360);
        assert_eq!(sum(&deals["wins"]) + deals["nagari"].as_u64().unwrap(), 360);
        let streaks: u64 = one["nagari_streaks"]["histogram"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["count"].as_u64().unwrap())
            .sum();
        assert_eq!(streaks, 60);
        assert_eq!(one["pot_returned"], Value::Null);
        let notable = &one["notable"];
        assert_eq!(notable["score"], "top total");
        for what in ["min_score", "max_score", "most_actions"] {
            let game = &notable[what];
            let seed = game["seed"].as_u64().unwrap();
            let path = game["record"].as_str().unwrap();
            assert!(
                path.ends_with(&format!("letom-match-{players}p-seed{seed}.json")),
                "{path}"
            );
            let record: Value =
                serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            assert_eq!(record["game"], "letom-match");
            assert_eq!(record["rules"]["deals"], 6);
            let v: Value =
                serde_json::from_str(&stdout(&cardrules(&["replay", path, "--json"]))).unwrap();
            assert_eq!(v["game"], "letom-match");
            assert_eq!(v["seed_integer"], seed);
            assert_eq!(v["actions"], game["actions"]);
            let told = v["transcript"].to_string();
            assert!(
                told.contains("deal 6 begins") && !told.contains("deal 7 begins"),
                "{told}"
            );
            let rules = letom::Rules {
                deals: 6,
                ..letom::Rules::default()
            };
            let (state, record) =
                random_playout::<letom::LetomMatch>(&rules, n, Seed::from(seed)).unwrap();
            assert_eq!(v["actions"], record.actions.len());
            assert_eq!(v["returns"], serde_json::json!(state.settlement()));
            assert_eq!(v["outcome"]["totals"], v["returns"]);
            if what != "most_actions" {
                let top = state.settlement().iter().copied().max().unwrap();
                assert_eq!(game["value"], top);
            }
            let text = stdout(&cardrules(&["replay", path]));
            assert!(
                text.starts_with(&format!("letom-match: {players} players, ")),
                "{text}"
            );
            assert!(text.contains("\n        match totals: seat 0 "), "{text}");
            assert!(
                text.contains("\noutcome:    match over: totals seat 0 "),
                "{text}"
            );
        }
        // Under default rules a match's first deal is the one-deal playout of its seed.
        let (_, deal) =
            random_playout::<letom::Letom>(&Default::default(), n, Seed::from(9)).unwrap();
        let (_, whole) =
            random_playout::<letom::LetomMatch>(&Default::default(), n, Seed::from(9)).unwrap();
        assert_eq!(whole.actions[..deal.actions.len()], deal.actions[..]);
    }
    let text = stdout(&cardrules(&[
        "simulate",
        "letom",
        "--variant",
        "match",
        "-p",
        "3",
        "-g",
        "300",
    ]));
    for needle in [
        "letom (match): 300 games, 3 players, seeds 0 to 299",
        "; default rules\n",
        "\n  nagari carry  ",
        "\n  carried shakes and bombs  ",
        "\nMatches won (the highest total)    matches    of matches  shared top\n",
        "\n  a tie at the top  ",
        "\nTotal per match             mean        sd       min       max\n",
        "\n  top total  ",
        "\nNagari streaks: the longest was ",
        "\n  x2  ",
        "\n  x4  ",
        "\n  x8  ",
        "\nCarried shakes and bombs: the winner held some in ",
        "\nDeals: 3000 in 300 matches, each counted as it ended\n",
        "\n  nobody (nagari)  ",
        "\n  Tom, automatic on a last turn  ",
        "\nBaks (",
        "\n  stuck stack taken  ",
        "\n  turns  ",
        "\n  deals               10.00       10     10     10\n",
        "\n  highest top total  ",
        "--games 1 --seed ",
        " --variant match --record DIR",
        "or follow its first deal step by step with the oracle:",
        "echo '{\"op\":\"letom.trace\",\"players\":3,\"seed\":",
        " games/s, ",
        " deals/s",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    // Without a stake nothing is given back at the end.
    assert!(!text.contains("given back: in"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate letom --variant match` with rule options: a carry cap of 2 never doubles twice,
/// the stakes left in the pot at the end are given back, the hint records with the options;
/// `--variant deal` is the default one-deal game, named.
#[test]
fn simulate_letom_matches_with_options() {
    let out = cardrules(&[
        "simulate",
        "letom",
        "--variant",
        "match",
        "-p",
        "3",
        "-g",
        "80",
        "-s",
        "4",
        "-r",
        "carry-cap=2",
        "-r",
        "stake=2",
        "-r",
        "deals=20",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["rules"]["carry_cap"], 2);
    assert_eq!(v["rules"]["stake"], 2);
    assert_eq!(v["rules"]["deals"], 20);
    assert_eq!(v["deals"]["deals"], 1600);
    let carry = v["carry"].as_array().unwrap();
    let factors: Vec<u64> = carry.iter().map(|c| c["carry"].as_u64().unwrap()).collect();
    assert_eq!(factors, [2, 4, 8]);
    assert!(carry[0]["deals"].as_u64().unwrap() > 0, "{carry:?}");
    assert_eq!(carry[1]["deals"], 0);
    assert_eq!(carry[2]["deals"], 0);
    let returned = &v["pot_returned"];
    assert!(returned["matches"].as_u64().unwrap() > 0, "{returned}");
    assert!(returned["mean"].as_f64().unwrap() >= 6.0, "{returned}");
    assert_eq!(v["deals"]["stake"]["deals"], 1600);
    let text = stdout(&cardrules(&[
        "simulate",
        "letom",
        "--variant",
        "match",
        "-p",
        "3",
        "-g",
        "20",
        "-r",
        "stake=2",
        "-r",
        "deals=5",
    ]));
    for needle in [
        "; rules: --rule stake=2 --rule deals=5\n",
        "\nStakes left in the pot at the end, given back: in ",
        "\nTable stake (100 deals): the pot",
        " --variant match --rule stake=2 --rule deals=5 --record DIR",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from\n{text}");
    }
    assert!(!text.contains("letom.trace"), "{text}");
    // --variant deal is the default: the same report, naming the variant.
    let json = |args: &[&str]| -> Value {
        let mut all = vec!["simulate", "letom", "-p", "3", "-g", "50", "--json"];
        all.extend_from_slice(args);
        let mut v: Value = serde_json::from_str(&stdout(&cardrules(&all))).unwrap();
        v.as_object_mut().unwrap().remove("timing");
        v
    };
    // One deal a game is the default variant: the report names it either way.
    let named = json(&["--variant", "deal"]);
    let plain = json(&[]);
    assert_eq!(named["variant"], "deal");
    assert_eq!(named, plain);
    let text = stdout(&cardrules(&[
        "simulate",
        "letom",
        "--variant",
        "deal",
        "-p",
        "2",
        "-g",
        "5",
    ]));
    assert!(
        text.starts_with("letom (deal): 5 games, 2 players"),
        "{text}"
    );
}

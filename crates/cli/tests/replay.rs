//! `cardrules replay` of records of real games: each replays to the playout's digest, a seat's
//! transcript hides what the seat could not see, and bad records are refused in words.

use std::path::{Path, PathBuf};

use cards_core::{Game, GameRecord, Seed, random_playout};
use cards_registry::oracle::playout::{playout, state_digest};
use serde_json::{Value, json};
use zaagox::Zaagox;

use crate::support::cardrules;

/// The record `simulate --record` writes for game `seed` of `G` (its seed as an integer).
fn record_json<G: Game>(players: usize, seed: u64) -> String {
    let (_, played) = random_playout::<G>(&G::Rules::default(), players, Seed::from(seed)).unwrap();
    let mut record = GameRecord::<G>::from_integer_seed(played.rules, players, seed);
    record.actions = played.actions;
    serde_json::to_string_pretty(&record).unwrap()
}

fn write_temp(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardrules-replays-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// `replay PATH [--seat K] [--json]`: its standard output, or its error on standard error.
fn replay(path: &Path, seat: Option<u8>, json: bool) -> Result<String, String> {
    let path = path.to_string_lossy().into_owned();
    let seat = seat.map(|s| s.to_string());
    let mut args = vec!["replay", path.as_str()];
    if let Some(seat) = &seat {
        args.extend(["--seat", seat]);
    }
    if json {
        args.push("--json");
    }
    let out = cardrules(&args);
    if out.status.success() {
        let mut text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.pop(), Some('\n'));
        Ok(text)
    } else {
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn replay_json(path: &Path, seat: Option<u8>) -> Value {
    serde_json::from_str(&replay(path, seat, true).unwrap()).unwrap()
}

/// A Jass record (`schieber-deal`) replays to the playout's digest and returns.
#[test]
fn replays_a_jass_record() {
    let text = record_json::<jass::SchieberDeal>(4, 42);
    assert!(text.contains("\"game\": \"schieber-deal\""), "{text}");
    let path = write_temp("jass-4p-seed42.json", text.as_bytes());
    let v = replay_json(&path, None);
    let (state, actions) = playout::<jass::SchieberDeal>(4, 42).unwrap();
    assert_eq!(v["game"], "schieber-deal");
    assert_eq!(v["seed_integer"], 42);
    assert_eq!(v["actions"], actions);
    assert_eq!(v["final"], state_digest(&state).unwrap());
    assert_eq!(v["returns"], json!(state.settlement()));
    // The transcript: the start, then every action with at least the event it is.
    let steps = v["transcript"].as_array().unwrap();
    assert_eq!(steps.len(), actions + 1);
    assert!(
        steps
            .iter()
            .all(|s| !s["events"].as_array().unwrap().is_empty())
    );
    let text = replay(&path, None, false).unwrap();
    assert!(text.starts_with("schieber-deal: 4 players, "), "{text}");
    assert!(text.contains("\ntranscript:\n   start\n"), "{text}");
    assert!(text.contains(&format!("\n  {actions}. seat ")), "{text}");
}

/// `--seat K`: the transcript as seat K saw it. Every step is there, another seat's action
/// is named only when K saw all it did (its events reach K as they happened), and no event
/// names a card K could not see: at the start, the other hands are only their sizes.
#[test]
fn a_seats_transcript_hides_what_it_could_not_see() {
    let text = record_json::<letom::Letom>(3, 42);
    let path = write_temp("letom-3p-seed42-seat.json", text.as_bytes());
    let all = replay_json(&path, None);
    let seen = replay_json(&path, Some(1));
    assert_eq!(seen["seen_by"], 1);
    let (all, seen) = (
        all["transcript"].as_array().unwrap(),
        seen["transcript"].as_array().unwrap(),
    );
    assert_eq!(all.len(), seen.len());
    for (a, b) in all.iter().zip(seen) {
        assert_eq!(a["seat"], b["seat"]);
        let own = a["seat"] == 1;
        let all_seen = a["events"] == b["events"];
        assert_eq!(
            b["action"].is_null(),
            a["seat"].is_null() || !own && !all_seen,
            "{b}"
        );
        assert_eq!(
            a["events"].as_array().unwrap().len(),
            b["events"].as_array().unwrap().len()
        );
    }
    let state = letom::Letom::new(&Default::default(), 3, Seed::from(42)).unwrap();
    let start = seen[0]["events"].to_string();
    for card in state.setup().hands[0].iter().chain(&state.setup().hands[2]) {
        assert!(!start.contains(&card.to_string()), "{card} in {start}");
    }
    let own = state.setup().hands[1].clone();
    assert!(
        own.iter().all(|c| start.contains(&c.to_string())),
        "{start}"
    );
    let text = replay(&path, Some(1), false).unwrap();
    assert!(
        text.contains("transcript, as seat 1 saw the game:"),
        "{text}"
    );
    let e = replay(&path, Some(3), false).unwrap_err();
    assert!(
        e.contains("--seat 3: the game has seats 0 to 2 (it is played by 3)"),
        "{e}"
    );
}

/// A Letom record replays to the playout's digest and returns; its transcript ends with the
/// deal's end.
#[test]
fn replays_a_letom_record() {
    for seed in [3, 42] {
        let text = record_json::<letom::Letom>(3, seed);
        assert!(text.contains("\"game\": \"letom\""), "{text}");
        let path = write_temp(&format!("letom-3p-seed{seed}.json"), text.as_bytes());
        let v = replay_json(&path, None);
        let (state, actions) = playout::<letom::Letom>(3, seed).unwrap();
        assert_eq!(v["game"], "letom");
        assert_eq!(v["actions"], actions);
        assert_eq!(v["final"], state_digest(&state).unwrap());
        assert_eq!(v["returns"], json!(state.settlement()));
        let steps = v["transcript"].as_array().unwrap();
        assert_eq!(steps.len(), actions + 1);
        let last = steps.last().unwrap()["events"].as_array().unwrap();
        let end = last.last().unwrap().as_str().unwrap();
        let mut events = Vec::new();
        let mut replayed = letom::Letom::new(&Default::default(), 3, Seed::from(seed)).unwrap();
        let (_, record) =
            random_playout::<letom::Letom>(&Default::default(), 3, Seed::from(seed)).unwrap();
        for &action in &record.actions {
            events.clear();
            replayed.play_reporting(action, &mut events).unwrap();
        }
        assert_eq!(end, events.last().unwrap().to_string());
        let text = replay(&path, None, false).unwrap();
        assert!(text.starts_with("letom: 3 players, "), "{text}");
    }
}

fn record(seed: u64) -> GameRecord<Zaagox> {
    random_playout::<Zaagox>(&Default::default(), 3, Seed::from(seed))
        .unwrap()
        .1
}

#[test]
fn replays_a_playout_to_its_digest() {
    let rec = record(11);
    let path = write_temp("good.json", &serde_json::to_vec(&rec).unwrap());
    let v = replay_json(&path, None);
    let (state, _) = playout::<Zaagox>(3, 11).unwrap();
    assert_eq!(v["final"], state_digest(&state).unwrap());
    assert_eq!(v["actions"], rec.actions.len());
    assert_eq!(v["returns"], json!(state.settlement()));
    assert_eq!(v["to_act"], Value::Null);
    assert_eq!(v["seed"], Seed::from(11).to_string());
    assert_eq!(v["outcome"], serde_json::to_value(state.outcome()).unwrap());
    let text = replay(&path, None, false).unwrap();
    assert!(text.starts_with("zaagox: 3 players"), "{text}");
    let outcome = state.outcome().unwrap().to_string();
    assert!(text.contains(&format!("outcome:    {outcome}\n")), "{text}");
    let settlement: Vec<String> = (state.settlement().iter().enumerate())
        .map(|(seat, v)| format!("seat {seat} {v:+}"))
        .collect();
    assert!(
        text.contains(&format!("settlement: {}\n", settlement.join(", "))),
        "{text}"
    );
}

#[test]
fn a_truncated_record_is_not_over() {
    let mut rec = record(12);
    rec.actions.truncate(3);
    let path = write_temp("short.json", &serde_json::to_vec(&rec).unwrap());
    let v = replay_json(&path, None);
    assert_eq!(v["outcome"], Value::Null);
    assert!(v["to_act"].is_u64());
    assert!(
        replay(&path, None, false)
            .unwrap()
            .contains("ends before the game does")
    );
}

/// A record may start from an explicit setup: the middle of a game, replayed to its end.
#[test]
fn replays_a_record_that_starts_from_a_setup() {
    let (end, full) = random_playout::<Zaagox>(&Default::default(), 4, Seed::from(21)).unwrap();
    let split = full.actions.len() / 2;
    let mut middle = Zaagox::new(&Default::default(), 4, Seed::from(21)).unwrap();
    for &action in &full.actions[..split] {
        middle.play(action).unwrap();
    }
    let mut rec = GameRecord::<Zaagox>::from_setup(Default::default(), middle.setup());
    rec.actions = full.actions[split..].to_vec();
    let json = serde_json::to_vec(&rec).unwrap();
    assert!(String::from_utf8_lossy(&json).contains("\"setup\""));
    let path = write_temp("setup.json", &json);
    let v = replay_json(&path, None);
    assert_eq!(v["seed"], Value::Null);
    assert_eq!(v["players"], 4);
    assert_eq!(v["actions"], full.actions.len() - split);
    assert_eq!(v["final"], state_digest(&end).unwrap());
    assert_eq!(v["returns"], json!(end.settlement()));
    let text = replay(&path, None, false).unwrap();
    assert!(text.starts_with("zaagox: 4 players, "), "{text}");
    assert!(text.contains(" actions, from a setup\n"), "{text}");
    // A setup that breaks the rules does not replay, and says why.
    let mut broken = serde_json::to_value(&rec).unwrap();
    broken["setup"]["players"] = json!(3);
    let path = write_temp("broken.json", &serde_json::to_vec(&broken).unwrap());
    let err = replay(&path, None, false).unwrap_err();
    assert!(
        err.contains("not a valid game record") || err.contains("does not replay"),
        "{err}"
    );
}

#[test]
fn typed_errors() {
    let missing = std::env::temp_dir().join("cardrules-no-such-record.json");
    assert!(
        replay(&missing, None, false)
            .unwrap_err()
            .contains("cannot read")
    );
    let bad = write_temp("bad.json", b"{not json");
    assert!(
        replay(&bad, None, false)
            .unwrap_err()
            .contains("not a valid game record")
    );
    // A record that is not one of its game is refused as such.
    let letom = write_temp("letom.json", br#"{"game":"letom"}"#);
    let err = replay(&letom, None, false).unwrap_err();
    assert!(err.contains("not a valid game record"), "{err}");
    // The registry's name is not the record's: say which it is.
    let jass = write_temp("jass.json", br#"{"game":"jass"}"#);
    let err = replay(&jass, None, false).unwrap_err();
    assert!(
        err.contains("\"jass\" is the command line's name of the game")
            && err.contains("\"schieber-deal\""),
        "{err}"
    );
    let chess = write_temp("chess.json", br#"{"game":"chess"}"#);
    let err = replay(&chess, None, false).unwrap_err();
    assert!(
        err.contains(
            "unknown game \"chess\"; this build replays records whose game is \"zaagox\", \
             \"schieber\", \"schieber-deal\", \"coiffeur\", \"differenzler\", \"elewenjewe\", \
             \"letom\" or \"letom-match\""
        ),
        "{err}"
    );
    let mut rec = serde_json::to_value(record(13)).unwrap();
    rec["players"] = json!(9);
    let nine = write_temp("nine.json", &serde_json::to_vec(&rec).unwrap());
    let err = replay(&nine, None, false).unwrap_err();
    assert!(
        err.contains("does not replay") && err.contains('9'),
        "{err}"
    );
    rec["players"] = json!(3);
    rec["extra"] = json!(1);
    let extra = write_temp("extra.json", &serde_json::to_vec(&rec).unwrap());
    assert!(
        replay(&extra, None, false)
            .unwrap_err()
            .contains("not a valid game record")
    );
}

#[test]
fn an_illegal_action_is_refused_with_its_number() {
    // Replay the same actions under another seed: some action soon stops being legal.
    let mut rec = record(14);
    let mut refused = None;
    for other in 0..50 {
        rec.start = cards_core::Start::Seed {
            players: 3,
            seed: Seed::from(1000 + other),
            integer: None,
        };
        let path = write_temp("swapped.json", &serde_json::to_vec(&rec).unwrap());
        if let Err(e) = replay(&path, None, false) {
            refused = Some(e);
            break;
        }
    }
    let err = refused.expect("some other seed refuses the actions");
    assert!(err.contains("does not replay"), "{err}");
    assert!(
        err.contains("action") && err.contains("counting from 1"),
        "{err}"
    );
}

/// A match record replays with its transcript: every deal begins and ends in it, the match's
/// end last; a record cut short says how far the match got.
#[test]
fn replays_tell_the_match() {
    let rules = letom::Rules {
        deals: 4,
        stake: 2,
        ..letom::Rules::default()
    };
    let (state, record) = random_playout::<letom::LetomMatch>(&rules, 3, Seed::from(3)).unwrap();
    let path = write_temp("letom-match.json", &serde_json::to_vec(&record).unwrap());
    let report = replay_json(&path, None);
    assert_eq!(report["game"], "letom-match");
    assert_eq!(report["returns"], json!(state.settlement().to_vec()));
    let transcript = report["transcript"].as_array().unwrap();
    assert_eq!(transcript.len(), record.actions.len() + 1);
    let told: Vec<&str> = transcript
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap())
        .map(|e| e.as_str().unwrap())
        .collect();
    for k in 1..=4 {
        let begins = format!("deal {k} begins");
        assert_eq!(told.iter().filter(|e| **e == begins).count(), 1, "{begins}");
    }
    assert!(
        told.last().unwrap().starts_with("match over: totals"),
        "{told:?}"
    );
    let text = replay(&path, None, false).unwrap();
    assert!(text.contains("        match over: totals"), "{text}");
    let mut cut = record.clone();
    cut.actions.truncate(cut.actions.len() / 2);
    let path = write_temp("letom-match-cut.json", &serde_json::to_vec(&cut).unwrap());
    assert_eq!(replay_json(&path, None)["outcome"], Value::Null);
    assert!(
        replay(&path, None, false)
            .unwrap()
            .contains("ends before the game does")
    );
}

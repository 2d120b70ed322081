//! Outside programs over a pipe (`exec:`): they play tournaments of every game type, are told
//! exactly their seat's view, redacted events and legal actions (nothing else of the state),
//! and every way an answer can go wrong is a fault, counted, with the game played on.

use std::path::{Path, PathBuf};
use std::time::Duration;

use cards_core::JassCard;
use cards_registry::pipe::Program;
use cards_registry::{Entry, catalogue, find};
use serde_json::{Value, json};

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardrules-pipe-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Python program at `dir/name.py` with `body` after a line-by-line read of its decisions.
fn program(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(format!("{name}.py"));
    let text = format!(
        "import json, os, sys, time\nfor line in sys.stdin:\n    d = json.loads(line)\n{body}"
    );
    std::fs::write(&path, text).unwrap();
    format!("python3 {}", path.display())
}

fn entry(command: &str, seconds: f64) -> Entry {
    Entry::from_name(&format!("exec:{command}"), Duration::from_secs_f64(seconds)).unwrap()
}

/// Answers the first legal action, and keeps every line it was told, one file a program
/// (named by the time it started, so a seat's files sort in the order of its games).
const RECORDER: &str = "    if 'out' not in globals():
        out = open(os.path.join(sys.argv[1], 'seat%d-%020d.jsonl' % (d['seat'], time.monotonic_ns())), 'w')
    out.write(line); out.flush()
    print(json.dumps({'action': d['legal'][0]}), flush=True)
";

/// A scratch directory, the directory the [`RECORDER`] writes its lines into, and its command.
fn recording(name: &str) -> (PathBuf, PathBuf, String) {
    let dir = scratch(name);
    let lines_dir = dir.join("lines");
    std::fs::create_dir_all(&lines_dir).unwrap();
    let recorder = format!(
        "{} {}",
        program(&dir, "recorder", RECORDER),
        lines_dir.display()
    );
    (dir, lines_dir, recorder)
}

#[test]
fn programs_are_told_exactly_their_seats_view_events_and_legal_actions() {
    let (dir, lines_dir, recorder) = recording("told");
    for line in catalogue() {
        for file in std::fs::read_dir(&lines_dir).unwrap() {
            std::fs::remove_file(file.unwrap().path()).unwrap();
        }
        let players = *line.players().start();
        let entries = [entry(&recorder, 30.0), Entry::Bot("random".into())];
        let t = line
            .duplicate_with(&line.default_rules(), players, &entries, 3)
            .unwrap();
        let deal = t.play_deal(0, true).unwrap();
        let mut files: Vec<PathBuf> = std::fs::read_dir(&lines_dir)
            .unwrap()
            .map(|f| f.unwrap().path())
            .collect();
        files.sort();
        let mut told = 0;
        for (game, record) in deal.games.iter().zip(&deal.records) {
            assert!(game.faults.is_empty(), "{line:?}: {:?}", game.faults);
            let seating = &t.seatings()[game.seating];
            for seat in (0..players).filter(|&s| seating[s] == 0) {
                // This seat's program in this game: the first file of the seat not yet read.
                let prefix = format!("seat{seat}-");
                let at = files
                    .iter()
                    .position(|f| {
                        f.file_name()
                            .unwrap()
                            .to_string_lossy()
                            .starts_with(&prefix)
                    })
                    .unwrap_or_else(|| panic!("{line:?}: no program ran at seat {seat}"));
                let file = files.remove(at);
                let lines: Vec<Value> = std::fs::read_to_string(&file)
                    .unwrap()
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect();
                // Replay the game and say what the seat should have been told, decision by
                // decision.
                let record: Value = serde_json::from_str(record).unwrap();
                let mut start = record.clone();
                start["actions"] = json!([]);
                let mut table = line.replay(&start.to_string()).unwrap();
                let mut heard = 0;
                let mut expected = Vec::new();
                for action in record["actions"].as_array().unwrap() {
                    if table.to_act() == Some(seat) {
                        let events: Vec<Value> = table
                            .events(Some(seat), heard)
                            .unwrap()
                            .into_iter()
                            .map(|t| t.event)
                            .collect();
                        heard += events.len();
                        expected.push(json!({
                            "decision": expected.len(),
                            "game": line.record(),
                            "seat": seat,
                            "view": table.view(seat).unwrap(),
                            "events": events,
                            "legal": table.legal().iter().map(|m| m.notation.clone()).collect::<Vec<_>>(),
                        }));
                    }
                    table.play(action.as_str().unwrap()).unwrap();
                }
                assert_eq!(lines.len(), expected.len(), "{line:?} seat {seat}");
                for (got, want) in lines.iter().zip(&expected) {
                    assert_eq!(got, want, "{line:?} seat {seat}");
                }
                told += lines.len();
            }
        }
        assert!(files.is_empty(), "{line:?}: programs of no game: {files:?}");
        assert!(told > 0, "{line:?}: the program was never asked");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every card notation among the strings of `value`, but for the rules' (the forehand card).
fn cards_in(value: &Value, out: &mut Vec<JassCard>) {
    match value {
        Value::String(s) => out.extend(s.parse::<JassCard>().ok()),
        Value::Array(items) => items.iter().for_each(|v| cards_in(v, out)),
        Value::Object(map) => map
            .iter()
            .filter(|(key, _)| *key != "rules")
            .for_each(|(_, v)| cards_in(v, out)),
        _ => {}
    }
}

/// Under the comparison preset no card is ever shown, so a program may be told only its own
/// hand and the cards already played: any other card in a line is another seat's hidden card.
#[test]
fn no_hidden_card_of_another_seat_crosses_the_pipe() {
    let (dir, lines_dir, recorder) = recording("leak");
    let line = find("jass", Some("schieber-deal")).unwrap();
    let rules = json!({"bonuses": {"weis": false, "stoeck": false, "match": false}});
    let entries = [entry(&recorder, 30.0), Entry::Bot("rules".into())];
    let t = line.duplicate_with(&rules, 4, &entries, 11).unwrap();
    let mut checked = 0;
    for d in 0..4 {
        t.play_deal(d, false).unwrap();
    }
    for file in std::fs::read_dir(&lines_dir).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        let mut hand: Option<Vec<JassCard>> = None;
        let mut played: Vec<JassCard> = Vec::new();
        for l in text.lines() {
            let told: Value = serde_json::from_str(l).unwrap();
            let mut own = Vec::new();
            cards_in(&told["view"]["hand"], &mut own);
            let hand = hand.get_or_insert(own);
            for event in told["events"].as_array().unwrap() {
                if event["event"] == "played" {
                    cards_in(&event["card"], &mut played);
                }
            }
            // Its own card played since its last decision is in `played` too.
            let mut seen = Vec::new();
            cards_in(&told, &mut seen);
            for card in seen {
                assert!(
                    hand.contains(&card) || played.contains(&card),
                    "{card} is neither the seat's nor played: {l}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} lines checked");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each way an answer goes wrong: the fault names it, the seat plays the first legal action
/// from then on (its program stopped), and the deal is played to its end.
#[test]
fn late_unreadable_illegal_stale_and_missing_answers_are_faults() {
    let dir = scratch("faults");
    let cases = [
        ("late", "    time.sleep(5)\n", 0.3, "no answer within 0.3 s"),
        (
            "illegal",
            "    print(json.dumps({'action': 'XX'}), flush=True)\n",
            10.0,
            "answered \"XX\", which is not legal here; legal: ",
        ),
        (
            "garbage",
            "    print('hello', flush=True)\n",
            10.0,
            "not a line {\"action\": NOTATION}",
        ),
        (
            "stale",
            "    print(json.dumps({'action': d['legal'][0], 'decision': d['decision'] - 1}), \
             flush=True)\n",
            10.0,
            "to decision 0: an answer's \"decision\" is the one it answers",
        ),
        ("quits", "    sys.exit(0)\n", 10.0, "ended"),
        (
            "long",
            "    print('x' * 100000, flush=True)\n",
            10.0,
            "longer than 65536 bytes",
        ),
    ];
    let line = find("jass", Some("schieber-deal")).unwrap();
    for (name, body, seconds, words) in cases {
        let command = program(&dir, name, body);
        let entries = [entry(&command, seconds), Entry::Bot("random".into())];
        let t = line.duplicate_with(&json!({}), 4, &entries, 5).unwrap();
        let deal = t.play_deal(0, false).unwrap();
        // Each game: both of the program's seats fault once, at their first decision.
        for game in &deal.games {
            assert_eq!(game.faults.len(), 2, "{name}: {:?}", game.faults);
            for fault in &game.faults {
                assert!(fault.why.contains(words), "{name}: {}", fault.why);
                assert_eq!(t.seatings()[game.seating][fault.seat], 0, "{name}");
            }
            assert_eq!(game.settlement.iter().sum::<i64>(), 0);
        }
        let results = vec![deal.games.clone()];
        let standings = t.standings(&results);
        assert_eq!(standings.bots[0].faults, 4, "{name}");
        assert_eq!(standings.bots[1].faults, 0, "{name}");
        assert!(standings.to_string().contains("faulted 4 times"), "{name}");
        let first = standings.bots[0].first_fault.as_deref().unwrap();
        assert!(first.contains(words), "{name}: {first}");
    }
    // A program that cannot start is a fault as well.
    let entries = [
        entry("/nonexistent/player --flag", 10.0),
        Entry::Bot("random".into()),
    ];
    let t = line.duplicate_with(&json!({}), 4, &entries, 5).unwrap();
    let deal = t.play_deal(0, false).unwrap();
    assert!(deal.games.iter().all(|g| g.faults.len() == 2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Stopping a program stops what it started: a wrapper script's player (here a `sleep` the
/// script waits on) must not outlive the fault, still running and holding the pipes.
#[cfg(target_os = "linux")]
#[test]
fn a_stopped_program_leaves_nothing_running() {
    let dir = scratch("wrapper");
    let script = dir.join("wrapper.sh");
    // The script answers a line that is no answer only once its player's id is written, so
    // that the fault (and the stop) comes after it however slowly the script starts.
    let body = format!(
        "sleep 60 &\necho $! > {}/player-$$\necho no-answer\nwait\n",
        dir.display()
    );
    std::fs::write(&script, body).unwrap();
    let line = find("jass", Some("schieber-deal")).unwrap();
    let entries = [
        entry(&format!("sh {}", script.display()), 10.0),
        Entry::Bot("random".into()),
    ];
    let t = line.duplicate_with(&json!({}), 4, &entries, 5).unwrap();
    let deal = t.play_deal(0, false).unwrap();
    for game in &deal.games {
        assert_eq!(game.faults.len(), 2, "{:?}", game.faults);
        assert!(game.faults.iter().all(|f| f.why.contains("no-answer")));
    }
    // Each of the four programs wrote its player's process id; none may still run (a
    // zombie, ended but not yet reaped by whoever adopted it, has ended).
    let players: Vec<u32> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|f| {
            let f = f.unwrap();
            let name = f.file_name().into_string().unwrap();
            name.starts_with("player-").then(|| {
                std::fs::read_to_string(f.path())
                    .unwrap()
                    .trim()
                    .parse()
                    .unwrap()
            })
        })
        .collect();
    assert_eq!(players.len(), 4, "{players:?}");
    let running = |pid: u32| {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            let state = stat.rsplit_once(')').map(|(_, rest)| rest.trim_start());
            !state.is_some_and(|s| s.starts_with('Z'))
        })
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while players.iter().any(|&pid| running(pid)) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<u32> = players.into_iter().filter(|&pid| running(pid)).collect();
    for &pid in &left {
        // Not to leave them behind when the test fails.
        let _ = std::process::Command::new("kill")
            .arg(pid.to_string())
            .status();
    }
    assert!(
        left.is_empty(),
        "still running after their programs were stopped: {left:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn answer_times_are_taken_in_seconds_from_a_nanosecond_to_an_hour() {
    for (seconds, time) in [
        (1e-9, Duration::from_nanos(1)),
        (0.5, Duration::from_millis(500)),
        (3600.0, Program::MAX_ANSWER_TIME),
    ] {
        assert_eq!(Program::answer_time(seconds), Ok(time), "{seconds}");
    }
    // Each refusal shows the number as it would be written: a time that rounds to no time at
    // all is not shown as 0.
    for (seconds, written) in [
        (0.0, "not 0"),
        (-1.0, "not -1"),
        (1e-10, "not 1e-10"),
        // Below the least, though a Duration would round it up to one nanosecond.
        (6e-10, "not 6e-10"),
        (1e-300, "not 1e-300"),
        (3600.5, "not 3600.5"),
        (1e308, "not 1e308"),
        (f64::NAN, "not NaN"),
        (f64::INFINITY, "not inf"),
    ] {
        let e = Program::answer_time(seconds).unwrap_err();
        assert!(
            e.starts_with("an answer time is a number of seconds from 1e-9 to 3600"),
            "{e}"
        );
        assert!(e.ends_with(written), "{seconds}: {e}");
    }
}

#[test]
fn bad_program_names_are_refused_in_words() {
    for (name, seconds, words) in [
        ("exec:", 10.0, "names no program"),
        ("exec:   ", 10.0, "names no program"),
        ("exec:python3 p.py", 0.0, "answer time"),
        ("exec:python3 p.py", 4000.0, "answer time"),
    ] {
        let e = Entry::from_name(name, Duration::from_secs_f64(seconds)).unwrap_err();
        assert!(e.to_string().contains(words), "{name}: {e}");
    }
    assert!(matches!(
        Entry::from_name("rules", Program::DEFAULT_ANSWER_TIME),
        Ok(Entry::Bot(_))
    ));
    // A label names the program's results; a label with a space is no label.
    let labelled = Entry::from_name("mine=exec: ./p --x=1", Program::DEFAULT_ANSWER_TIME).unwrap();
    assert_eq!(labelled.name(), "mine");
    let Entry::Program(_, program) = labelled else {
        panic!("not a program")
    };
    assert_eq!(program.command, "./p --x=1");
    // So it is read as a ladder bot's name, which it is not.
    let e = Entry::from_name("my bot=exec:./p", Program::DEFAULT_ANSWER_TIME).unwrap_err();
    assert!(
        e.to_string().contains("unknown bot") && e.to_string().contains("exec:COMMAND"),
        "{e}"
    );
    let e = Entry::from_name("mine=exec:", Program::DEFAULT_ANSWER_TIME).unwrap_err();
    assert!(e.to_string().contains("names no program"), "{e}");
    // The registry's own tournament reads `exec:` names too, and refuses an empty one.
    let line = find("zaagox", None).unwrap();
    let bots = ["exec:".to_owned(), "rules".to_owned()];
    assert!(line.duplicate(&json!({}), 3, &bots, 1).is_err());
}

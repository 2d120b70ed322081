//! `cardrules oracle` as a process: one answer line per request line, in order, flushed at
//! once, exit status 0, whatever the input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::Value;

/// Runs the oracle on `input` and returns its stdout lines, checking the exit status.
fn oracle(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .arg("oracle")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardrules oracle");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from another thread so a full stdout pipe cannot deadlock the test.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "exit status {:?}", output.status);
    assert!(
        output.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("answers are UTF-8");
    assert!(text.is_empty() || text.ends_with('\n'));
    text.lines().map(str::to_owned).collect()
}

fn parse(line: &str) -> Value {
    let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert!(v.is_object(), "{line}");
    assert!(v["ok"].is_boolean(), "{line}");
    if v["ok"] == false {
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{line}");
        assert_eq!(v.as_object().unwrap().len(), 2, "{line}");
    }
    v
}

#[test]
fn one_answer_per_line_in_order() {
    let long = format!(
        "{{\"op\":\"zaagox.score\",\"stored\":[{}\"A1\"]}}",
        "\"A1\",".repeat(150_000)
    );
    let huge_line = "x".repeat(3 << 20);
    let deep = format!("{}{}", "[".repeat(50_000), "]".repeat(50_000));
    // (request line, expected ok, a piece of the answer)
    let cases: Vec<(Vec<u8>, bool, &str)> = vec![
        (
            br#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"]}"#.to_vec(),
            true,
            r#"{"ok":true,"points":1,"shape_kinds":2,"colour_kinds":1,"number_kinds":4,"strong":true}"#,
        ),
        (b"".to_vec(), false, "empty request"),
        (b"   \t".to_vec(), false, "empty request"),
        (
            b"{\"op\":\"zaagox.score\",\"stored\":[\"A1\xff\"]}".to_vec(),
            false,
            "UTF-8",
        ),
        (b"\xc3\x28".to_vec(), false, "UTF-8"),
        (
            br#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"],"x":1}"#.to_vec(),
            false,
            "unknown field",
        ),
        (
            br#"{"op":"zaagox.score","stored":["A1","A1","A3","A4"]}"#.to_vec(),
            false,
            "A1",
        ),
        (
            br#"{"op":"zaagox.score","stored":["A1","A2","A3","Q4"]}"#.to_vec(),
            false,
            "Q4",
        ),
        (
            br#"{"op":"zaagox.score","stored":["A1","A2","A3"]}"#.to_vec(),
            false,
            "",
        ),
        (
            br#"{"op":"zaagox.score","stored":[1,2,3,4]}"#.to_vec(),
            false,
            "",
        ),
        (br#"{"op":"zaagox.score"}"#.to_vec(), false, "missing field"),
        (
            br#"{"op":"zaagox.playout","players":3,"seed":42}"#.to_vec(),
            true,
            "\"final\"",
        ),
        (
            br#"{"op":"zaagox.playout","players":3,"seed":-1}"#.to_vec(),
            false,
            "seed",
        ),
        (
            br#"{"op":"zaagox.playout","players":3,"seed":1.5}"#.to_vec(),
            false,
            "seed",
        ),
        (
            br#"{"op":"zaagox.playout","players":3,"seed":18446744073709551616}"#.to_vec(),
            false,
            "seed",
        ),
        (
            br#"{"op":"zaagox.playout","players":3,"seed":1e999}"#.to_vec(),
            false,
            "",
        ),
        (
            br#"{"op":"zaagox.playout","players":3,"seed":"42"}"#.to_vec(),
            false,
            "",
        ),
        (
            br#"{"op":"zaagox.playout","players":1,"seed":42}"#.to_vec(),
            false,
            "players",
        ),
        (
            br#"{"op":"zaagox.playout","players":99999999999999999999999,"seed":4}"#.to_vec(),
            false,
            "players",
        ),
        (
            br#"{"op":"zaagox.playout","players":2,"seed":4,"rules":null}"#.to_vec(),
            false,
            "unknown field",
        ),
        (
            br#"{"op":"zaagox.playout","players":2,"players":2,"seed":4}"#.to_vec(),
            false,
            "twice",
        ),
        (
            br#"{"op":"jass.legal","mode":"trump:D","hand":["AD","9D","6D","TS"],"trick":["6C","JD","TD"]}"#
                .to_vec(),
            true,
            r#"{"ok":true,"legal":["TS"]}"#,
        ),
        (
            br#"{"op":"jass.trick","mode":"obenabe","cards":["6H","AH","KS","8H"],"last":false}"#
                .to_vec(),
            true,
            r#"{"ok":true,"winner":1,"points":23}"#,
        ),
        (
            br#"{"op":"jass.weis","hand":["6H","7H","8H","9H","JC","JD","JS","JH","AS"],"mode":"trump:H"}"#
                .to_vec(),
            true,
            r#"{"ok":true,"total":250,"weis":[{"kind":"four","#,
        ),
        (
            br#"{"op":"jass.legal","mode":"trump:D","hand":["AD","JD"],"trick":["JD"]}"#.to_vec(),
            false,
            "hand[1]: JD is in the trick too (trick[0])",
        ),
        (
            br#"{"op":"jass.deal","mode":"trump:H","hands":[],"plays":[]}"#.to_vec(),
            false,
            "hands must hold 4 hands, not 0",
        ),
        (
            br#"{"op":"jass.playout","players":4,"seed":1}"#.to_vec(),
            true,
            r#"{"ok":true,"actions":"#,
        ),
        (
            br#"{"op":"jass.trace","players":4,"seed":1,"variant":"schieber"}"#.to_vec(),
            true,
            r#"{"ok":true,"events":[{"deal":{"dealer":"#,
        ),
        (
            br#"{"op":"jass.playout","players":3,"seed":1}"#.to_vec(),
            false,
            "players must be 4 for one Schieber deal, not 3",
        ),
        (
            br#"{"op":"jass.playout","players":4,"seed":1,"variant":"coiffeur"}"#.to_vec(),
            true,
            r#"{"ok":true,"actions":"#,
        ),
        (
            br#"{"op":"jass.playout","players":3,"seed":1,"variant":"coiffeur"}"#.to_vec(),
            false,
            "players must be 4 for Coiffeur, not 3",
        ),
        (
            br#"{"op":"jass.playout","players":3,"seed":1,"variant":"differenzler"}"#.to_vec(),
            true,
            r#"{"ok":true,"actions":624,"#,
        ),
        (
            br#"{"op":"jass.trace","players":5,"seed":1,"variant":"differenzler"}"#.to_vec(),
            false,
            "players must be an integer from 3 to 4 for Differenzler, not 5",
        ),
        (
            br#"{"op":"jass.playout","players":4,"seed":1,"variant":"Schieber"}"#.to_vec(),
            false,
            r#"variant must be \"schieber\" (the default), \"coiffeur\" or \"differenzler\", not \"Schieber\""#,
        ),
        (
            br#"{"op":"zaagox.playout","players":2,"seed":1,"variant":"schieber"}"#.to_vec(),
            false,
            "unknown field `variant`",
        ),
        (
            br#"{"op":"letom.score","captured":["P2","P4","P8","A0"]}"#.to_vec(),
            true,
            r#"{"ok":true,"points":5,"godorie":5,"guang":0,"hodan":0,"codan":0,"cyndan":0,"pie":0,"dan":0,"ynkt":0}"#,
        ),
        (
            br#"{"op":"letom.settle","captured":[["P2","P4","P8","A1","A2","A3","A4","A5","A6","A7","A8"],["S1","S2"],["G1"]],"winner":0,"ren":[2,0,1],"last_ren":2,"shakes":[1,0,0],"bombs":[0,0,0],"carry":1}"#.to_vec(),
            true,
            r#"{"ok":true,"base":6,"score":16,"owed":[0,32,16],"pay":[0,0,48],"returns":[48,0,-48]}"#,
        ),
        (
            br#"{"op":"letom.settle","captured":[["P2"],["P2"]],"winner":0,"ren":[0,0],"last_ren":null,"shakes":[0,0],"bombs":[0,0],"carry":1}"#.to_vec(),
            false,
            "captured[1][0]: P2 is given twice (also captured[0][0])",
        ),
        (
            br#"{"op":"letom.playout","players":3,"seed":1}"#.to_vec(),
            true,
            r#"{"ok":true,"actions":"#,
        ),
        (
            br#"{"op":"letom.trace","players":2,"seed":1}"#.to_vec(),
            true,
            r#"{"ok":true,"events":[{"deal":{"dealer":"#,
        ),
        (
            br#"{"op":"letom.playout","players":5,"seed":1}"#.to_vec(),
            false,
            "players must be an integer from 2 to 4 for letom, not 5",
        ),
        (
            br#"{"op":"letom.trace","players":3,"seed":-1}"#.to_vec(),
            false,
            "seed must be an integer",
        ),
        (
            br#"{"op":"elewenjewe.playout","players":2,"seed":1}"#.to_vec(),
            true,
            r#"{"ok":true,"actions":"#,
        ),
        (
            br#"{"op":"elewenjewe.playout","players":6,"seed":1}"#.to_vec(),
            false,
            "players must be an integer from 2 to 5",
        ),
        (br#"{"op":"poker.deal"}"#.to_vec(), false, "poker.deal"),
        (br#"{"op":null}"#.to_vec(), false, "op"),
        (br#"{}"#.to_vec(), false, "op"),
        (b"[]".to_vec(), false, ""),
        (b"42".to_vec(), false, ""),
        (b"\"zaagox.score\"".to_vec(), false, ""),
        (b"{\"op\":".to_vec(), false, "JSON"),
        (b"}{".to_vec(), false, "JSON"),
        (b"\x00\x01\x02".to_vec(), false, ""),
        (long.into_bytes(), false, ""),
        (huge_line.into_bytes(), false, "longer than"),
        (deep.into_bytes(), false, ""),
        (
            b"{\"op\":\"zaagox.score\",\"stored\":[\"A1\",\"A2\",\"A3\",\"A4\"]}\r".to_vec(),
            true,
            "\"points\":1",
        ),
    ];
    let mut input = Vec::new();
    for (line, _, _) in &cases {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    // The last request has no line end; it is answered too.
    input.extend_from_slice(br#"{"op":"zaagox.score","stored":["S8","A5","G6","P3"]}"#);
    let answers = oracle(&input);
    assert_eq!(answers.len(), cases.len() + 1);
    for ((line, ok, piece), answer) in cases.iter().zip(&answers) {
        let shown = String::from_utf8_lossy(&line[..line.len().min(80)]);
        let v = parse(answer);
        assert_eq!(v["ok"], *ok, "{shown} -> {answer}");
        assert!(answer.contains(piece), "{shown} -> {answer}");
        // Refusals are short (their echo is cut); a trace is as long as its game.
        assert!(
            answer.len() < 2000 || (*ok && piece.contains("events")),
            "{shown} -> a {}-byte answer",
            answer.len()
        );
    }
    assert_eq!(parse(answers.last().unwrap())["points"], 36);
}

#[test]
fn no_input_no_answers() {
    assert!(oracle(b"").is_empty());
    assert_eq!(oracle(b"\n").len(), 1);
}

#[test]
fn playout_answers_are_identical_across_runs() {
    let mut input = Vec::new();
    for players in 2..=4 {
        for seed in [0u64, 1, 42, 1 << 40, u64::MAX] {
            input.extend_from_slice(
                format!("{{\"op\":\"zaagox.playout\",\"players\":{players},\"seed\":{seed}}}\n")
                    .as_bytes(),
            );
        }
    }
    let first = oracle(&input);
    let second = oracle(&input);
    assert_eq!(first, second);
    assert_eq!(first.len(), 15);
    for (i, answer) in first.iter().enumerate() {
        let v = parse(answer);
        assert_eq!(v["ok"], true, "{answer}");
        let returns: Vec<i64> = serde_json::from_value(v["returns"].clone()).unwrap();
        assert_eq!(returns.len(), i / 5 + 2);
        assert_eq!(returns.iter().sum::<i64>(), 0, "{answer}");
        assert_eq!(v["final"].as_str().unwrap().len(), 64);
    }
    // Different seeds give different games.
    assert_ne!(first[0], first[1]);
}

#[test]
fn each_answer_is_flushed_before_the_next_request() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .arg("oracle")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for request in [
        r#"{"op":"zaagox.score","stored":["A1","A2","A3","A4"]}"#,
        "garbage",
        r#"{"op":"zaagox.playout","players":2,"seed":9}"#,
    ] {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        // The pipe stays open: this read only returns if the oracle flushed its answer.
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        parse(answer.trim_end());
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// `letom.playout` and `letom.trace`: the same answers on every run; the trace plays the
/// playout's deal (its returns, one decision per action, each listed in its `legal`, a deal
/// event first and a score event last); bad requests get `ok:false` naming the problem.
#[test]
fn letom_playouts_and_traces_agree() {
    let mut input = Vec::new();
    for players in 2..=4 {
        for seed in [0u64, 1, 7, 42, 1 << 40, u64::MAX] {
            for op in ["playout", "trace"] {
                input.extend_from_slice(
                    format!("{{\"op\":\"letom.{op}\",\"players\":{players},\"seed\":{seed}}}\n")
                        .as_bytes(),
                );
            }
        }
    }
    let first = oracle(&input);
    assert_eq!(first, oracle(&input));
    assert_eq!(first.len(), 36);
    for pair in first.chunks(2) {
        let (playout, trace) = (parse(&pair[0]), parse(&pair[1]));
        assert_eq!(playout["ok"], true, "{}", pair[0]);
        assert_eq!(trace["ok"], true, "{}", pair[1]);
        assert_eq!(playout["returns"], trace["returns"]);
        let returns: Vec<i64> = serde_json::from_value(playout["returns"].clone()).unwrap();
        assert_eq!(returns.iter().sum::<i64>(), 0);
        assert_eq!(playout["final"].as_str().unwrap().len(), 64);
        let events = trace["events"].as_array().unwrap();
        let deal = &events[0]["deal"];
        assert_eq!(deal["hands"].as_array().unwrap().len(), returns.len());
        for key in ["dealer", "floor", "stock"] {
            assert!(!deal[key].is_null(), "{deal}");
        }
        let decisions: Vec<&Value> = events
            .iter()
            .filter(|e| e.get("action").is_some())
            .collect();
        assert_eq!(decisions.len() as u64, playout["actions"].as_u64().unwrap());
        for d in decisions {
            assert!(d["legal"].as_array().unwrap().contains(&d["action"]), "{d}");
        }
        let score = events.last().unwrap()["score"].as_array().unwrap();
        assert_eq!(score.len(), returns.len());
        assert_eq!(events.iter().filter(|e| e.get("deal").is_some()).count(), 1);
    }
    // Different seeds give different deals.
    assert_ne!(first[0], first[2]);
    for (request, piece) in [
        (
            r#"{"op":"letom.playout","players":1,"seed":3}"#,
            "players must be an integer from 2 to 4",
        ),
        (
            r#"{"op":"letom.trace","players":5,"seed":3}"#,
            "players must be an integer from 2 to 4",
        ),
        (
            r#"{"op":"letom.playout","players":"3","seed":3}"#,
            "letom.playout",
        ),
        (
            r#"{"op":"letom.trace","players":3,"seed":-3}"#,
            "seed must be an integer",
        ),
        (
            r#"{"op":"letom.playout","players":3,"seed":2.5}"#,
            "not 2.5",
        ),
        (
            r#"{"op":"letom.trace","players":3,"seed":18446744073709551616}"#,
            "not 18446744073709551616",
        ),
        (
            r#"{"op":"letom.playout","players":3}"#,
            "missing field `seed`",
        ),
        (
            r#"{"op":"letom.trace","seed":3}"#,
            "missing field `players`",
        ),
        (
            r#"{"op":"letom.playout","players":3,"seed":3,"rules":{}}"#,
            "unknown field `rules`",
        ),
        (
            r#"{"op":"letom.trace","players":3,"seed":3,"variant":"match"}"#,
            "unknown field `variant`",
        ),
        (
            r#"{"op":"letom.play","players":3,"seed":3}"#,
            r#"unknown op \"letom.play\""#,
        ),
    ] {
        let answer = oracle(format!("{request}\n").as_bytes());
        let v = parse(&answer[0]);
        assert_eq!(v["ok"], false, "{request}");
        assert!(answer[0].contains(piece), "{request} -> {}", answer[0]);
    }
}

/// `returns` are the spec's returns: one Schieber deal pays ±d/2, so an odd difference gives
/// halves (seed 4: d = 35), and the integer settlement is twice them.
#[test]
fn schieber_deal_returns_are_half_the_difference() {
    let answer = oracle(br#"{"op":"jass.playout","players":4,"seed":4}"#).remove(0);
    assert!(
        answer.contains(r#""returns":[17.5,-17.5,17.5,-17.5]"#),
        "{answer}"
    );
}

/// Trace deal entries keep the field order of `docs/oracle.md`'s deal forms, byte for byte
/// (their JSON is the game's own, not re-sorted).
#[test]
fn trace_deal_forms_keep_their_field_order() {
    for (request, start) in [
        (
            r#"{"op":"zaagox.trace","players":3,"seed":1}"#,
            r#"{"ok":true,"events":[{"deal":{"hands":[["#,
        ),
        (
            r#"{"op":"jass.trace","players":4,"seed":1}"#,
            r#"{"ok":true,"events":[{"deal":{"dealer":"#,
        ),
        (
            r#"{"op":"letom.trace","players":3,"seed":1}"#,
            r#"{"ok":true,"events":[{"deal":{"dealer":"#,
        ),
        (
            r#"{"op":"elewenjewe.trace","players":3,"seed":1}"#,
            r#"{"ok":true,"events":[{"deal":{"dealer":"#,
        ),
    ] {
        let answer = oracle(request.as_bytes()).remove(0);
        assert!(answer.starts_with(start), "{request}: {}", &answer[..120]);
    }
    let jass = oracle(br#"{"op":"jass.trace","players":4,"seed":1}"#).remove(0);
    assert!(
        jass.contains(r#","forehand":"#) && jass.contains(r#","hands":[["#),
        "{jass}"
    );
    let letom = oracle(br#"{"op":"letom.trace","players":3,"seed":1}"#).remove(0);
    let order =
        ["\"dealer\":", "\"hands\":", "\"floor\":", "\"stock\":"].map(|k| letom.find(k).unwrap());
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{letom}");
}

//! What a user sees, byte for byte: every command run on a fixed set of inputs
//! (`tests/transcripts/cases.json`), its exit status, standard output and standard error
//! compared with the committed transcript (`tests/transcripts/<name>.out`).
//!
//! The oracle's answers to a request of every op (playouts, traces and refusals among them),
//! `simulate`'s reports (text and `--json`) of every game type, replays of the sample record,
//! a tournament and scripted `play` games of every game. A restructuring of the command line
//! must leave them as they are; a change meant to show is made by writing them anew
//! (`CARDRULES_BLESS=1 cargo test -p cardrules-cli transcripts`) and reading the diff.
//!
//! A case is `{"name", "args", "stdin"?, "mask"?}`: `mask` is where the run's timing starts in
//! the output (`"timing":` of a JSON report, `time: ` of a text one); from there to the end of
//! that line is the only part that may differ between runs, and it is left out.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts")
}

/// The workspace's root: the cases name files as a user in a clone would.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Everything of a run that is the same on every run.
fn transcript(case: &Value) -> String {
    let args: Vec<&str> = case["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .args(&args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = case["stdin"].as_str().unwrap_or_default().to_owned();
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(stdin.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let mask = |text: &[u8]| -> String {
        let text = String::from_utf8_lossy(text).into_owned();
        let Some(mask) = case["mask"].as_str() else {
            return text;
        };
        let Some(at) = text.find(mask) else {
            return text;
        };
        // A pretty JSON report's timing is an object over several lines: to its end.
        let end = if text[at..].trim_end().ends_with('}') && mask.starts_with(' ') {
            text.len()
        } else {
            text[at..].find('\n').map_or(text.len(), |n| at + n)
        };
        format!("{}{mask}<timing>{}", &text[..at], &text[end..])
    };
    format!(
        "$ cardrules {}\nexit: {:?}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        out.status.code(),
        mask(&out.stdout),
        mask(&out.stderr)
    )
}

#[test]
fn every_command_shows_what_it_showed() {
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(dir().join("cases.json")).unwrap()).unwrap();
    let bless = std::env::var_os("CARDRULES_BLESS").is_some();
    let mut differ = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let path = dir().join(format!("{name}.out"));
        let now = transcript(case);
        if bless {
            std::fs::write(&path, &now).unwrap();
            continue;
        }
        let then = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (CARDRULES_BLESS=1 writes it)", path.display()));
        if now != then {
            let line = now
                .lines()
                .zip(then.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| now.lines().count().min(then.lines().count()));
            differ.push(format!(
                "{name}: differs from line {}:\n  now:  {}\n  then: {}",
                line + 1,
                now.lines()
                    .nth(line)
                    .unwrap_or("(end)")
                    .chars()
                    .take(300)
                    .collect::<String>(),
                then.lines()
                    .nth(line)
                    .unwrap_or("(end)")
                    .chars()
                    .take(300)
                    .collect::<String>()
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} transcripts differ (CARDRULES_BLESS=1 writes them anew):\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n")
    );
}

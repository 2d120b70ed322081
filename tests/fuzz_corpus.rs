//! Replays the committed fuzz corpus on stable Rust.
//!
//! Every file under `fuzz/corpus/<target>/` goes through the matching check in
//! `cardrules::fuzzing`, so each input a fuzzer kept (and each hand-made seed) stays a regression
//! test without nightly or cargo-fuzz. Inputs that reproduce a finding still open in another
//! crate are listed in [`OPEN_FINDINGS`]: they must still fail, with the message given, until the
//! bug is fixed — then this test says so, and the entry goes. See `docs/fuzzing.md`.

use std::panic;
use std::path::{Path, PathBuf};

/// Open findings: (target, corpus file name, a piece of the expected panic message).
const OPEN_FINDINGS: &[(&str, &str, &str)] = &[];

/// The corpus files of `target`, sorted by name.
fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the corpus {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "the corpus {} is empty", dir.display());
    files
}

/// The text of a panic payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_owned()
    }
}

/// Runs every corpus file of `target` through `check`; reports the failing files by name.
fn replay(target: &str, check: fn(&[u8])) {
    let mut failures = Vec::new();
    for path in corpus(target) {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("corpus file names are UTF-8")
            .to_owned();
        let data = std::fs::read(&path).expect("a readable corpus file");
        let result = panic::catch_unwind(|| check(&data));
        let open = OPEN_FINDINGS
            .iter()
            .find(|&&(t, file, _)| t == target && file == name);
        match (result, open) {
            (Ok(()), None) => {}
            (Err(payload), None) => {
                failures.push(format!("{name}: {}", panic_message(&*payload)));
            }
            (Ok(()), Some(_)) => failures.push(format!(
                "{name} reproduced an open finding but passes now: the bug looks fixed, so \
                 remove it from OPEN_FINDINGS (and from docs/fuzzing.md)"
            )),
            (Err(payload), Some(&(_, _, expected))) => {
                let message = panic_message(&*payload);
                if !message.contains(expected) {
                    failures.push(format!(
                        "{name} (open finding) fails differently: {message}"
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} corpus file(s) of {target} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_cards_corpus() {
    replay("parse_cards", cardrules::fuzzing::parse_cards);
}

#[test]
fn zaagox_score_corpus() {
    replay("zaagox_score", cardrules::fuzzing::zaagox_score);
}

#[test]
fn zaagox_game_corpus() {
    replay("zaagox_game", cardrules::fuzzing::zaagox_game);
}

#[test]
fn zaagox_state_json_corpus() {
    replay("zaagox_state_json", cardrules::fuzzing::zaagox_state_json);
}

#[test]
fn every_open_finding_names_a_corpus_file() {
    for &(target, file, _) in OPEN_FINDINGS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/corpus")
            .join(target)
            .join(file);
        assert!(path.is_file(), "open finding {} is missing", path.display());
    }
}

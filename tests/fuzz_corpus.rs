//! Replays the committed fuzz inputs on stable Rust.
//!
//! Every file under `fuzz/corpus/<target>/` goes through the check its fuzz target calls
//! (`cards_testkit::fuzz::parse_cards`, or `zaagox::fuzzing::*`, `jass::fuzzing::*`,
//! `elewenjewe::fuzzing::*`, `letom::fuzzing::*` and `cards_registry::fuzzing::*` with the
//! `fuzzing` feature) and must pass, so each input a fuzzer kept (and each hand-made seed)
//! stays a regression test without nightly or cargo-fuzz. Every file under
//! `fuzz/findings/<target>/` reproduces a bug that fuzzing (or writing its checks) found and
//! that is still open in another crate: it is listed in [`OPEN_FINDINGS`] and must keep
//! failing with a message given there. Once the bug is fixed this test says so, and the file
//! moves to the corpus. See `docs/fuzzing.md`.

use std::panic;
use std::path::{Path, PathBuf};

/// Open findings: (target, file name under `fuzz/findings/<target>/`, pieces of the panic
/// message it may produce — one must match). The ids (`f1`, …) are those of `docs/fuzzing.md`.
const OPEN_FINDINGS: &[(&str, &str, &[&str])] = &[];

/// The files of `fuzz/<kind>/<target>/`, sorted by name (none when the directory is absent).
fn files(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// The file name of `path`.
fn name(path: &Path) -> String {
    path.file_name()
        .and_then(|n| n.to_str())
        .expect("fuzz input file names are UTF-8")
        .to_owned()
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

/// Runs `check` on the file at `path`; the panic message if it fails.
fn run(check: fn(&[u8]), path: &Path) -> Result<(), String> {
    let data = std::fs::read(path).expect("a readable fuzz input");
    panic::catch_unwind(|| check(&data)).map_err(|payload| panic_message(&*payload))
}

/// Replays the corpus and the open findings of `target`; reports every file that misbehaves.
fn replay(target: &str, check: fn(&[u8])) {
    let corpus = files("corpus", target);
    assert!(!corpus.is_empty(), "the corpus of {target} is empty");
    let mut failures = Vec::new();
    for path in &corpus {
        if let Err(message) = run(check, path) {
            failures.push(format!("corpus/{target}/{}: {message}", name(path)));
        }
    }
    for path in files("findings", target) {
        let file = name(&path);
        let Some(&(_, _, expected)) = OPEN_FINDINGS
            .iter()
            .find(|&&(t, f, _)| t == target && f == file)
        else {
            failures.push(format!(
                "findings/{target}/{file} is not listed in OPEN_FINDINGS"
            ));
            continue;
        };
        match run(check, &path) {
            Ok(()) => failures.push(format!(
                "findings/{target}/{file} passes now: the bug looks fixed, so move the file to \
                 fuzz/corpus/{target}/ and drop it from OPEN_FINDINGS and docs/fuzzing.md"
            )),
            Err(message) if !expected.iter().any(|e| message.contains(e)) => failures.push(
                format!("findings/{target}/{file} fails differently than recorded: {message}"),
            ),
            Err(_) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} fuzz input(s) of {target} misbehave:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_cards_corpus() {
    replay("parse_cards", cards_testkit::fuzz::parse_cards);
}

#[test]
fn zaagox_action_text_corpus() {
    replay("zaagox_action_text", zaagox::fuzzing::action_text);
}

#[test]
fn zaagox_score_corpus() {
    replay("zaagox_score", zaagox::fuzzing::score);
}

#[test]
fn zaagox_game_corpus() {
    replay("zaagox_game", zaagox::fuzzing::game);
}

#[test]
fn zaagox_state_json_corpus() {
    replay("zaagox_state_json", zaagox::fuzzing::state_json);
}

#[test]
fn jass_game_corpus() {
    replay("jass_game", jass::fuzzing::game);
}

#[test]
fn jass_state_json_corpus() {
    replay("jass_state_json", jass::fuzzing::state_json);
}

#[test]
fn jass_legal_corpus() {
    replay("jass_legal", jass::fuzzing::legal);
}

#[test]
fn jass_weis_corpus() {
    replay("jass_weis", jass::fuzzing::weis);
}

#[test]
fn jass_solve_corpus() {
    replay("jass_solve", jass::fuzzing::solve::positions);
}

#[test]
fn jass_differenzler_corpus() {
    replay("jass_differenzler", jass::fuzzing::differenzler::game);
}

#[test]
fn jass_coiffeur_corpus() {
    replay("jass_coiffeur", jass::fuzzing::coiffeur::game);
}

#[test]
fn elewenjewe_game_corpus() {
    replay("elewenjewe_game", elewenjewe::fuzzing::game);
}

#[test]
fn elewenjewe_captures_corpus() {
    replay("elewenjewe_captures", elewenjewe::fuzzing::captures);
}

#[test]
fn letom_game_corpus() {
    replay("letom_game", letom::fuzzing::game);
}

#[test]
fn letom_state_json_corpus() {
    replay("letom_state_json", letom::fuzzing::state_json);
}

#[test]
fn letom_match_corpus() {
    replay("letom_match", letom::fuzzing::series::game);
}

#[test]
fn letom_action_text_corpus() {
    replay("letom_action_text", letom::fuzzing::action_text);
}

#[test]
fn every_open_finding_has_its_reproducer() {
    for &(target, file, _) in OPEN_FINDINGS {
        assert!(
            files("findings", target).iter().any(|p| name(p) == file),
            "open finding fuzz/findings/{target}/{file} is missing"
        );
    }
}

#[test]
fn oracle_line_corpus() {
    replay("oracle_line", cards_registry::fuzzing::oracle_line);
}

#[test]
fn shard_json_corpus() {
    replay("shard_json", cards_registry::fuzzing::shard_json);
}

//! The registry's checks driven by arbitrary bytes: the bodies of the fuzz targets
//! `oracle_line` and `shard_json` (feature `fuzzing`).
//!
//! Each function takes any byte string, feeds it to a part of the registry that reads what
//! another program wrote (an oracle request line from an outside test suite; a tournament
//! shard coming back from another process) and **panics** as soon as the answer breaks the
//! contract: a refusal is always in words, never a panic or an internal error. See
//! `docs/fuzzing.md`.
//!
//! Not a stable API: hidden from the docs, free to change in any release.

use serde_json::Value;

use crate::oracle::{Answer, MAX_LINE, OracleError, handle};
use crate::shard::{Shard, merge};

/// One oracle request line, the bytes up to the first line end (as the command line reads
/// them): the answer is one line of JSON, an object whose `ok` is a bool, the same when the
/// line is asked again; and never [`OracleError::Internal`], which is a panic caught inside
/// a game or an answer that could not be written.
///
/// # Panics
/// When the answer breaks that contract.
pub fn oracle_line(data: &[u8]) {
    let line = data.split(|&b| b == b'\n').next().unwrap_or_default();
    if line.len() > MAX_LINE {
        // The command line answers those without reading them (`oracle::too_long`).
        return;
    }
    let answer = handle(line);
    if let Answer::Err(e @ OracleError::Internal { .. }) = &answer {
        panic!("{e}");
    }
    let text = answer.to_line();
    assert!(
        !text.contains('\n'),
        "an answer of more than one line: {text}"
    );
    let value: Value = serde_json::from_str(&text).expect("the answer is JSON");
    assert!(
        value.get("ok").is_some_and(Value::is_boolean),
        "an answer without a bool `ok`: {text}"
    );
    assert_eq!(
        handle(line).to_line(),
        text,
        "asked again, answered otherwise"
    );
}

/// A tournament shard read from JSON, as Python's unpickling reads one: refused, or read;
/// a shard read is merged (alone) into a report or refused in words, and a report merged is
/// written as JSON.
///
/// # Panics
/// When reading, merging or writing the report panics, or the report is not JSON.
pub fn shard_json(data: &[u8]) {
    let Ok(shard) = serde_json::from_slice::<Shard>(data) else {
        return;
    };
    let Ok(merged) = merge(core::slice::from_ref(&shard)) else {
        return;
    };
    assert_eq!(
        merged.deals, shard.end,
        "a lone shard merged covers 0 to its end"
    );
    assert_eq!(merged.records.len(), shard.records.len());
    let report = merged
        .report_json()
        .expect("a merged shard's report is written");
    serde_json::from_str::<Value>(&report).expect("the report is JSON");
}

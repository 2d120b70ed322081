//! Fuzz target `shard_json`: a tournament shard read from arbitrary JSON, then merged.
//! The checks are `cards_registry::fuzzing::shard_json` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_registry::fuzzing::shard_json(data));

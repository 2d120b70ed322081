//! Fuzz target `oracle_line`: one `cardrules oracle` request line from arbitrary bytes.
//! The checks are `cards_registry::fuzzing::oracle_line` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_registry::fuzzing::oracle_line(data));

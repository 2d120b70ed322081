//! Fuzz target `zaagox_score`: Zaägox scoring, fast path against the reference.
//! The checks are in `cardrules::fuzzing::zaagox_score` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cardrules::fuzzing::zaagox_score(data));

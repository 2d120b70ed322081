//! Fuzz target `zaagox_score`: Zaägox scoring, fast path against the reference.
//! The checks are `zaagox::fuzzing::score` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zaagox::fuzzing::score(data));

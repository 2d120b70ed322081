//! Fuzz target `zaagox_game`: a whole Zaägox game driven by bytes, invariants checked every step.
//! The checks are `zaagox::fuzzing::game` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zaagox::fuzzing::game(data));

//! Fuzz target `jass_game`: a whole Schieber deal driven by bytes, invariants checked every step.
//! The checks are `jass::fuzzing::game` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jass::fuzzing::game(data));

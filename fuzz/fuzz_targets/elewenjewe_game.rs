//! Fuzz target `elewenjewe_game`: a whole Eléwénjewé game driven by bytes (through the
//! `Stepped` index), invariants checked every step. The checks are
//! `elewenjewe::fuzzing::game` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| elewenjewe::fuzzing::game(data));

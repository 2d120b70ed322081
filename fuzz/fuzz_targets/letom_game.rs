//! Fuzz target `letom_game`: a whole Letom deal driven by bytes (every option from the
//! first bytes), invariants and every action's effect checked every step. The checks are
//! `letom::fuzzing::game` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| letom::fuzzing::game(data));

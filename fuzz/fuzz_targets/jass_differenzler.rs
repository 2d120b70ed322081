//! Fuzz target `jass_differenzler`: a whole Differenzler game driven by bytes, invariants
//! checked every step. The checks are `jass::fuzzing::differenzler::game` (see
//! `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jass::fuzzing::differenzler::game(data));

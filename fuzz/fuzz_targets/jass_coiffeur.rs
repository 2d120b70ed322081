//! Fuzz target `jass_coiffeur`: a whole Coiffeur game driven by bytes, invariants checked
//! every step. The checks are `jass::fuzzing::coiffeur::game` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jass::fuzzing::coiffeur::game(data));

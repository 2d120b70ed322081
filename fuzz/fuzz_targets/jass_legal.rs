//! Fuzz target `jass_legal`: legal_cards against its reference on hands and tricks from bytes.
//! The checks are `jass::fuzzing::legal` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jass::fuzzing::legal(data));

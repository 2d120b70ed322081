//! Fuzz target `zaagox_action_text`: Zaägox action notation (and its cards, seeds and JSON)
//! from arbitrary bytes.
//! The checks are `zaagox::fuzzing::action_text` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zaagox::fuzzing::action_text(data));

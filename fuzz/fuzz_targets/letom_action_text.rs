//! Fuzz target `letom_action_text`: Letom action notation (and Didopoikas cards, seeds
//! and their JSON) on arbitrary text. The checks are
//! `letom::fuzzing::action_text` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| letom::fuzzing::action_text(data));

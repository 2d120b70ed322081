//! Fuzz target `parse_cards`: card, action and seed text, and card-set JSON, from arbitrary bytes.
//! The checks are in `cardrules::fuzzing::parse_cards` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cardrules::fuzzing::parse_cards(data));

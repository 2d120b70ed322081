//! Fuzz target `parse_cards`: card notation of the three decks, seed text, and card, card-set
//! and seed JSON, from arbitrary bytes.
//! The checks are `cards_testkit::fuzz::parse_cards` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_testkit::fuzz::parse_cards(data));

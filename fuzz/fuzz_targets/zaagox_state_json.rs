//! Fuzz target `zaagox_state_json`: Zaägox states, views, rules and setups
//! deserialized from arbitrary JSON.
//! The checks are `zaagox::fuzzing::state_json` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zaagox::fuzzing::state_json(data));

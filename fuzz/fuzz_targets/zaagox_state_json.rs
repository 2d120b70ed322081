//! Fuzz target `zaagox_state_json`: Zaägox states, views and rules deserialized from arbitrary JSON.
//! The checks are in `cardrules::fuzzing::zaagox_state_json` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cardrules::fuzzing::zaagox_state_json(data));

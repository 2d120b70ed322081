//! Fuzz target `jass_state_json`: Schieber states, views, rules and setups from arbitrary JSON.
//! The checks are `jass::fuzzing::state_json` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jass::fuzzing::state_json(data));

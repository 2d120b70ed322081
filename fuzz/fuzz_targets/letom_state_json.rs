//! Fuzz target `letom_state_json`: Letom states, views, rules and setups deserialized
//! from arbitrary JSON. The checks are
//! `letom::fuzzing::state_json` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| letom::fuzzing::state_json(data));

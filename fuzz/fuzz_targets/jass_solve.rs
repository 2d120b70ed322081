//! Fuzz target `jass_solve`: the open-hand solver against plain minimax on positions from
//! bytes, and spoiled positions refused. The checks are `jass::fuzzing::solve::positions`
//! (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jass::fuzzing::solve::positions(data));

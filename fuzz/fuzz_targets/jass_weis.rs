//! Fuzz target `jass_weis`: Weis declaration against its reference on hands from bytes.
//! The checks are `jass::fuzzing::weis` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jass::fuzzing::weis(data));

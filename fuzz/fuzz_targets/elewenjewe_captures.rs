//! Fuzz target `elewenjewe_captures`: the fast capture (and Esun build) functions against
//! their brute-force references on played cards and tables read from the bytes. The checks
//! are `elewenjewe::fuzzing::captures` (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| elewenjewe::fuzzing::captures(data));

//! Fuzz target `letom_match`: a whole Letom match of 1 to 6 deals driven by bytes, every deal
//! checked as `letom_game` checks it and every deal's end (booking, dealer succession, the
//! nagari carry, the pot) against the rules. The checks are `letom::fuzzing::series::game`
//! (see `docs/fuzzing.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| letom::fuzzing::series::game(data));

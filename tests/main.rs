//! The crate's integration tests, one module per concept, built as one test binary (a binary
//! for each file would link the crate and its dependencies once per file).

mod docs;
mod formats;
mod fuzz_corpus;
mod traits;

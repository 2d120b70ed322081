//! The crate's integration tests, one module per concept, built as one test binary (a binary
//! for each file would link the crate and its dependencies once per file).

mod cards;
mod frame;
mod golden;
mod rand_interop;
mod summary;

//! The crate's integration tests, one module per concept, built as one test binary (a binary
//! for each file would link the crate and its dependencies once per file).

#[path = "support/fishing.rs"]
mod fishing;
#[path = "support/high_card.rs"]
mod high_card;

mod conformance;
mod fuzz;
mod stepped;
mod worlds;

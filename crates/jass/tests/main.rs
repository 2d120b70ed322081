//! The crate's integration tests, one module per concept, built as one test binary (a binary
//! for each file would link the crate and its dependencies once per file).

#[path = "support/seeded.rs"]
mod seeded;
#[path = "support/rules.rs"]
mod support;

mod bot;
mod coiffeur;
mod conformance;
mod deal;
mod differenzler;
mod encode;
mod events;
mod mode;
mod properties;
mod schieber;
mod score;
mod solve;
mod trace_forms;
mod trick;
mod variants;
mod view_text;
mod weis;
mod words;
mod worlds;

//! The crate's integration tests, one module per concept, built as one test binary (a binary
//! for each file would link the crate and its dependencies once per file).

mod bot;
mod conformance;
mod encode;
mod events;
mod fuzzing;
mod properties;
mod rules;
mod score;
mod shape;
mod view_text;
mod worlds;

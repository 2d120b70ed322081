//! The crate's integration tests, one module per concept, built as one test binary (a binary
//! for each file would link the crate and its dependencies once per file).

mod common;

mod bot;
mod conformance;
mod encode;
mod events;
mod fuzzing;
mod playout_checksum;
mod properties;
mod rules;
mod score;
mod series;
mod settle;
mod view_text;
mod worlds;

//! # cards-testkit
//!
//! Checks that any [`cards_core::Game`] keeps the frame's contract. Written for this project's
//! games and for anyone implementing `Game` for their own: run [`conformance::check`] over a
//! few hundred seeds in a test, and drive your game from fuzzer bytes with [`fuzz`].
//!
//! ```ignore
//! // In your crate's tests/conformance.rs:
//! use cards_core::Seed;
//! use cards_testkit::conformance::{check, Config};
//!
//! let report = check::<MyGame>(&Rules::default(), 4, (0..200).map(Seed::from), Config::default())
//!     .unwrap_or_else(|violation| panic!("{violation}"));
//! assert!(report.illegal_refused > 0);
//! ```
#![forbid(unsafe_code)]

pub mod conformance;

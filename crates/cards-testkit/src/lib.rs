//! # cards-testkit
//!
//! Checks that any [`cards_core::Game`] keeps the frame's contract. Written for this project's
//! games and for anyone implementing `Game` for their own: add `cards-testkit` as a
//! dev-dependency, run [`conformance::check`] over a few hundred seeds in a test, and drive your
//! game from fuzzer bytes with [`fuzz`].
//!
//! ```
//! # #[path = "../tests/support/high_card.rs"]
//! # mod high_card;
//! # use high_card::{HighCard as MyGame, Rules};
//! // In your crate's tests/conformance.rs (here `MyGame` is the `high_card` example's game):
//! use cards_core::{Game, Seed};
//! use cards_testkit::conformance::{Config, check};
//!
//! let rules = Rules::default();
//! for players in MyGame::player_range(&rules) {
//!     let seeds = (0..200).map(Seed::from);
//!     let report = check::<MyGame>(&rules, players, seeds, Config::default())
//!         .unwrap_or_else(|violation| panic!("{violation}"));
//!     assert!(report.states > report.games && report.illegal_refused > 0);
//! }
//! ```
//!
//! [`events::check`] holds a game's events to the frame's contract the same way: every seat's
//! redacted events rebuild its view after every action, and neither an event nor a view shows a
//! seat a card the game's `secret` says it may not know.
//!
//! A [`conformance::Violation`] names the game, the player count, the seed and the number of
//! actions played, so a failure replays exactly. A game whose actions cannot each have one
//! index (see [`cards_core::Indexed`]) passes its indexed position type instead of the game.
//!
//! The complete walkthrough is the `high_card` example: a small game written from scratch
//! against [`cards_core::Game`] (deal, setup validation, views, world sampling, serde, the
//! action index) that passes every check; this crate's `tests/conformance.rs` breaks it in one
//! way at a time and shows each break caught. Run it with
//! `cargo run -p cards-testkit --example high_card`.
#![forbid(unsafe_code)]

pub mod conformance;
pub mod encoding;
pub mod events;
pub mod fuzz;
pub mod worlds;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

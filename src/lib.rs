//! # cardrules
//!
//! Pure, seeded, property-tested rules libraries for card games, re-exported in one place:
//!
//! - [`cards_core`]: decks and card notation, [`CardSet`](cards_core::CardSet) bitsets, seeded
//!   shuffling, the [`Game`](cards_core::Game) trait, replayable records, the random player.
//! - [`zaagox`]: Zaägox, the Didopoikas collecting game.
//!
//! Each game crate can also be used on its own. The `cardrules` command line (crate
//! `cardrules-cli`) simulates games, replays records and answers the conformance oracle.
//!
//! ```
//! use cardrules::cards_core::{random_playout, Game, Seed};
//! use cardrules::zaagox::{Rules, Zaagox};
//!
//! let (game, record) = random_playout::<Zaagox>(&Rules::default(), 3, Seed::from(7))?;
//! assert!(game.is_terminal());
//! assert_eq!(record.replay()?, game); // records are self-contained and exact
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

pub use cards_core;
pub use zaagox;

#[doc(hidden)]
pub mod fuzzing;

/// The README's examples, compiled and run as doctests so they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

//! # cardrules
//!
//! Pure, seeded, property-tested rules libraries for card games, re-exported in one place:
//!
//! - [`cards_core`]: decks and card notation, [`CardSet`](cards_core::CardSet) bitsets, seeded
//!   shuffling deal by deal, the [`Game`](cards_core::Game) trait with its events (what each
//!   action did, told per seat) and its action index ([`Indexed`](cards_core::Indexed)),
//!   replayable records, the random player.
//! - [`zaagox`] (feature `zaagox`): Zaägox, the Didopoikas collecting game.
//! - [`jass`] (feature `jass`): Swiss Jass: Schieber (one deal, and a whole game to the target,
//!   with its contract variants, Weis and Stöck), Coiffeur and Differenzler.
//! - [`elewenjewe`] (feature `elewenjewe`): Eléwénjewé, the Yorùbá fishing game for 2–5
//!   players, with its capture machinery.
//! - [`letom`] (feature `letom`): Letom (레톰), the Didopoikas Go-Stop for 2–4 players: one
//!   deal with its scoring and settlement, and a match of deals.
//!
//! Each game crate can also be used on its own (`cards-core` plus the game). The `cardrules`
//! command line (crate `cardrules-cli`) simulates games, replays records and answers the
//! conformance oracle; the `cards-testkit` crate checks any `Game` implementation against the
//! frame's contract.
//!
//! ## Features
//! One per game, all on by default. Each adds that game's crate and nothing else: the game
//! crates depend only on `cards-core`, `serde` and `thiserror`, which the facade needs anyway,
//! so a feature costs only the game crate's own compile time and code size (measured: a release
//! build of `zaagox` alone takes 1.9 s on two cores, of `jass` 1.0 s). Turn the defaults off
//! (`default-features = false, features = ["zaagox"]`) to build only the games you use.
//!
//! ```
//! # #[cfg(feature = "zaagox")] {
//! use cardrules::cards_core::{random_playout, Game, Seed};
//! use cardrules::zaagox::{Rules, Zaagox};
//!
//! let (game, record) = random_playout::<Zaagox>(&Rules::default(), 3, Seed::from(7))?;
//! assert!(game.is_terminal());
//! println!("{}", game.outcome().expect("the game is over"));
//! assert_eq!(record.replay()?, game); // records are self-contained and exact
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

pub use cards_core;
#[cfg(feature = "elewenjewe")]
pub use elewenjewe;
#[cfg(feature = "jass")]
pub use jass;
#[cfg(feature = "letom")]
pub use letom;
#[cfg(feature = "zaagox")]
pub use zaagox;

/// The README's examples, compiled and run as doctests so they cannot rot.
#[cfg(all(doctest, feature = "zaagox"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

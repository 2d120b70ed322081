//! # cards-core
//!
//! The shared ground of the `cardrules` games: card types for the three decks (Didopoikas,
//! Jass, standard 52 + 2 jokers) with their fixed text notation, [`CardSet`] bitsets, the
//! Didopoikas [`ShapeMap`], seeded reproducible shuffling ([`Seed`], [`GameRng`]), the [`Game`]
//! trait, replayable [`GameRecord`]s, the built-in [`RandomPlayer`], and (feature
//! `conformance`) the generic conformance harness every game runs.
//!
//! ```
//! use cards_core::{shuffled_deck, CardSet, DidoCard, Seed};
//!
//! // A seeded deal is the same on every platform and release.
//! let deck = shuffled_deck::<DidoCard>(Seed::from(42));
//! let hand: CardSet<DidoCard> = deck[..4].iter().copied().collect();
//! assert_eq!(hand.len(), 4);
//!
//! // Cards print and parse in the specs' notation.
//! let a1: DidoCard = "A1".parse()?;
//! assert_eq!(a1.to_string(), "A1");
//! assert!("Z9".parse::<DidoCard>().unwrap_err().to_string().contains("Z9"));
//! # Ok::<(), cards_core::ParseCardError>(())
//! ```
#![forbid(unsafe_code)]

mod card;
mod cardset;
mod didopoikas;
mod error;
mod game;
mod jass;
mod random_player;
mod record;
mod rng;
mod shape;
mod standard;

#[cfg(feature = "conformance")]
pub mod conformance;

pub use card::Card;

#[doc(hidden)]
pub mod __private {
    //! Re-exports for this crate's macros; not a stable API.
    pub use serde;
}
pub use cardset::{CardSet, Iter};
pub use didopoikas::{Colour, DidoCard};
pub use error::ParseCardError;
pub use game::{Census, Game, PlayerId, SetupError};
pub use jass::{JassCard, JassRank, JassSuit};
pub use random_player::{RandomPlayer, random_playout};
pub use record::{GameRecord, ReplayError};
pub use rng::{DEAL_STREAM, GameRng, PLAYER_STREAM, ParseSeedError, Seed, shuffled_deck};
pub use shape::{Shape, ShapeMap, ShapeMapError};
pub use standard::{StdCard, StdSuit};

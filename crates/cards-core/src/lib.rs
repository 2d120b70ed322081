//! # cards-core
//!
//! The shared ground of the `cardrules` games: card types for the three decks (Didopoikas,
//! Jass, standard 52 + 2 jokers) with their fixed text notation, [`CardSet`] bitsets, seeded
//! reproducible shuffling ([`Seed`], [`GameRng`], deal by deal), the [`Game`] trait with its
//! events (what each action did, told per seat: [`Events`], [`GameEvent`], [`Game::redact`],
//! [`Game::observe`]) and its action index ([`Indexed`]), rule [`Presets`], seats and per-seat
//! results ([`PlayerId`], [`PerSeat`]), replayable [`GameRecord`]s, the built-in
//! [`RandomPlayer`] and the [`summary`] of many random games (the `Summary` trait a game
//! implements, its counting blocks, and the report a front end shows).
//!
//! The conformance harness and the events check that hold any [`Game`] to this contract live in
//! the `cards-testkit` crate.
//!
//! ## Randomness and the `rand` ecosystem
//! Deals use only this crate's own code over ChaCha8 words (golden vectors pin them).
//! [`GameRng`] is a rand generator (`rand_core`'s `TryRng`/`Rng` and `SeedableRng`), so rand's
//! distributions work on it; and what draws randomness outside deals ([`Game::sample_world`],
//! [`RandomPlayer`], bots) accepts any [`Rng`], through [`Draw`]. The only rand crate this
//! crate depends on is `rand_core` (the traits; no default features, no I/O); its ChaCha8 is
//! its own, word for word `rand_chacha`'s (a test dependency that holds it to that crate), so
//! it computes only the blocks a game reads. The `rand` crate itself is needed only by code
//! that wants its distributions or generators (the examples, a bot), so no feature gate is
//! needed.
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

/// The Didopoikas deck: cards, notation and decisions (this crate's `docs/didopoikas.md`,
/// rendered here).
#[doc = include_str!("../docs/didopoikas.md")]
pub mod didopoikas_page {}

mod alternate;
mod bot;
mod card;
mod cardset;
mod didopoikas;
pub mod encode;
mod error;
mod event;
mod format;
mod game;
mod index;
pub mod input;
mod jass;
mod memory;
mod presets;
mod random_player;
mod record;
mod returns;
mod rng;
mod rule_range;
mod seat;
mod standard;
pub mod state_json;
pub mod summary;
mod term;

pub use alternate::Alternate;
pub use bot::{ActionStats, Bot, Exact, RuleBot};
pub use card::Card;

#[doc(hidden)]
pub mod __private {
    //! Re-exports for this crate's macros; not a stable API.
    pub use serde;
}
pub use cardset::{CardSet, Iter};
pub use didopoikas::{Colour, DidoCard};
pub use encode::{Encode, Knowledge, Shape, ShapeError};
pub use error::ParseCardError;
pub use event::{Cards, Events, GameEvent, NoEvents, ObserveError};
pub use format::FORMAT;
pub use game::{Census, Game};
pub use index::{ActionMask, DirectIndex, IndexError, Indexed};
pub use jass::{JassCard, JassRank, JassSuit};
pub use memory::{Memory, RecallWorlds, Recalled};
pub use presets::Presets;
/// The rand generator trait that [`Game::sample_world`] and [`Draw`] accept
/// (rand_core 0.10's `Rng`, formerly `RngCore`).
pub use rand_core::Rng;
pub use random_player::{RandomPlayer, play_randomly, random_playout};
pub use record::{GameRecord, ReplayError, Start};
pub use returns::{ReturnsUnit, Said};
pub use rng::{
    DEAL_STREAM, Draw, GameRng, PLAYER_STREAM, PROBE_STREAM, ParseSeedError, Seed, shuffled_deck,
};
pub use rule_range::RuleRangeError;
pub use seat::{MAX_SEATS, PerSeat, PlayerCountError, PlayerId};
pub use standard::{StdCard, StdSuit};
pub use term::Term;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

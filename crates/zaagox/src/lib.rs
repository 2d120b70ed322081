//! # zaagox
//!
//! Zaägox (자야고시), the Didopoikas collecting game for 2–4 players, as a pure state machine:
//! seeded deals or explicit positions ([`Setup`]), legal moves into a caller's buffer,
//! transitions that happen completely or refuse with a typed [`RuleError`] and never panic,
//! per-player [`View`]s with world sampling for AI, what happened as [`Event`]s told per seat
//! (`Game::play_reporting`, `Game::redact`, `Game::observe`), serde for everything, the
//! scoring function [`score()`] as a fast standalone hot path, and fixed-shape tensors of what
//! one seat knows for learning agents ([`encode`]).
//!
//! The rules, and every decision the source leaves open, are on the page [`rules_page`] (the
//! crate's `docs/rules.md`); options live in [`Rules`]. The generic face is the
//! [`Game`] trait (re-exported here), so `use zaagox::{Game, Zaagox}` is all a program needs.
//!
//! ```
//! use zaagox::{Game, Outcome, Rules, Seed, Zaagox};
//!
//! let mut game = Zaagox::new(&Rules::default(), 3, Seed::from(42))?;
//! let mut moves = Vec::new();
//! while game.to_act().is_some() {
//!     game.legal_actions(&mut moves);
//!     // A very simple player: the last legal move (it pairs, ages and claims when it can).
//!     game.play(moves[moves.len() - 1])?;
//! }
//! match game.outcome() {
//!     Some(Outcome::Won { winner, score, .. }) => println!("seat {winner} wins with {} points", score.points),
//!     Some(outcome) => println!("{outcome}"), // exhausted: nobody wins
//!     None => unreachable!("the loop ran to the end"),
//! }
//! assert_eq!(game.settlement().iter().sum::<i64>(), 0);
//!
//! // Scoring is a pure function of the stored cards (the spec's first worked example).
//! let stored: Vec<_> = ["A1", "A2", "A3", "A4"].iter().map(|c| c.parse()).collect::<Result<_, _>>()?;
//! assert_eq!(zaagox::score(&stored)?.points, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `fuzzing` (off by default): `zaagox::fuzzing`, the byte-driven invariant checks behind the
//!   fuzz targets and the corpus replay test; not a stable API. It costs a dependency on
//!   `cards-testkit` (and through it `serde_json`); nothing else changes.
#![forbid(unsafe_code)]

mod action;
mod bot;
pub mod encode;
mod error;
mod event;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod game;
mod play;
mod policy;
mod rules;
mod score;
mod screen;
mod setup;
mod shape;
mod state;
pub mod summary;
mod view;

/// Zaägox as this crate implements it: the rules and every decision, with the option that
/// changes it (this crate's `docs/rules.md`, linked from the repository's `docs/zaagox.md`),
/// rendered here.
#[doc = include_str!("../docs/rules.md")]
pub mod rules_page {}

/// The rules page (`docs/rules.md`) as text, for a front end's `rules` command and help.
pub const RULES_PAGE: &str = include_str!("../docs/rules.md");

pub use action::{Action, ParseActionError};
pub use bot::{WIN_BONUS, ZaagoxBot};
/// The frame's vocabulary, re-exported so `use zaagox::{Game, Zaagox}` is all a user needs.
pub use cards_core::{Cards, Events, Game, NoEvents, PlayerId, Seed};
pub use error::{OutcomeError, PhaseError, RuleError, SetupError, ViewError};
pub use event::{Deal, Event, Position, PositionPair};
pub use rules::{AvaRule, FirstPlayer, NegativeScores, Rules};
#[doc(hidden)]
pub use score::reference;
pub use score::{Score, ScoreError, Scorer, score, score_set};
pub use setup::{PairSetup, Setup};
pub use shape::{Shape, ShapeMap, ShapeMapError};
pub use state::{Exhaustion, Hand, Outcome, Pair, Phase, Zaagox, ageing_needed};
pub use view::{PairView, View};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

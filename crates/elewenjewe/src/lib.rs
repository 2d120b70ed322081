//! # elewenjewe
//!
//! Eléwénjewé, the Yorùbá fishing game for 2–5 players, for the `cardrules` project: a card
//! played from hand captures table cards whose values make up its own, in groups, or stays on
//! the table. [`Elewenjewe`] is the whole game as a [`Game`]: rounds with the four layout
//! diamonds, batches of four, captures, trails, jokers, the Yorùbá rule, Esun protected piles
//! ([`Pile`]), Isiwo, scoring by a replaceable policy ([`ScoringPolicy`], [`RoundRecord`]),
//! views ([`View`]) and explicit positions ([`Setup`]); what happens is reported as
//! [`Event`]s ([`Game::play_reporting`]), each told as a seat may know it
//! ([`Game::redact`]) and enough to keep that seat's view ([`Game::observe`]). [`Stepped`] is
//! its action index, a capture split into steps (play the card, pick table cards, finish).
//! [`encode`] gives a seat's observation and information state as tensors for learning agents
//! ([`cards_core::Encode`]).
//!
//! ```
//! use elewenjewe::{Elewenjewe, Game, Rules, Seed};
//!
//! let mut game = Elewenjewe::new(&Rules::default(), 3, Seed::from(7))?;
//! let mut moves = Vec::new();
//! while game.to_act().is_some() {
//!     game.legal_actions(&mut moves);
//!     // Take the first capture on offer, else trail the first card.
//!     let pick = moves.iter().find(|a| a.to_string().starts_with("capture")).unwrap_or(&moves[0]);
//!     game.play(*pick)?;
//! }
//! let outcome = game.outcome().expect("the game is over");
//! println!("{outcome}");
//! assert_eq!(game.settlement().iter().sum::<i64>(), 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Beneath it, the game's hot path, the capture machinery, as pure functions:
//! - [`captures`]: every distinct set of table cards a played card may take, lazily, with
//!   [`count_captures`] (no set built) and [`is_capture`] (one set checked);
//! - [`capture_patterns`]: the same suit-blind, as value [`Pattern`]s for AI, each expanding to
//!   its card sets ([`Pattern::card_sets`]);
//! - [`builds`], [`can_build`], [`is_build`]: the Esun check, which table cards can go into a
//!   protected pile with the played card for a value the player holds;
//! - [`reference`](mod@reference): the same answers by brute force over every subset of the table, the test
//!   oracle and bench baseline.
//!
//! The rules and every decision are on the page [`rules_page`] (the crate's
//! `docs/rules.md`); options live in [`Rules`].
//!
//! ```
//! use cards_core::{CardSet, StdCard};
//! use elewenjewe::{Rules, capture_patterns, captures, count_captures};
//!
//! let cards = |s: &str| s.split_whitespace().map(str::parse).collect::<Result<CardSet<StdCard>, _>>();
//! // The spec's example: a 9 played onto 6, 3, 3, 7, 9, A, A may take {6,3}, {7,A,A} and {9}
//! // together, or any part of that: 11 distinct sets of cards.
//! let table = cards("6C 3D 3H 7S 9H AC AD")?;
//! let nine = "9S".parse()?;
//! for option in captures(nine, table, &Rules::default())? {
//!     println!("capture 9S: {option}");
//! }
//! assert_eq!(count_captures(nine, table, &Rules::default())?, 11);
//! // Suit-blind: 7 value patterns ({6,3} stands for 6C+3D and 6C+3H).
//! assert_eq!(capture_patterns(nine, table, &Rules::default())?.count(), 7);
//! // The Yorùbá rule: only 6 + 3 (two ways).
//! let yoruba: Vec<_> = captures(nine, table, &Rules::yoruba())?.collect();
//! assert_eq!(yoruba, [cards("6C 3D")?, cards("6C 3H")?]);
//!
//! // A joker lying on the table goes with every capture; a played joker takes the table.
//! let rules = Rules::casual();
//! let table = cards("5C 5D X1")?;
//! let options: Vec<_> = captures("TS".parse()?, table, &rules)?.collect();
//! assert_eq!(options, [cards("5C 5D X1")?]);
//! assert_eq!(count_captures("X2".parse()?, table, &rules)?, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `fuzzing` (off by default): `elewenjewe::fuzzing`, the byte-driven invariant checks behind the
//!   fuzz targets and the corpus replay test; not a stable API. It costs a dependency on
//!   `cards-testkit` (and through it `serde_json`); nothing else changes.
#![forbid(unsafe_code)]

mod action;
mod bot;
mod capture;
mod cards;
mod deal;
pub mod encode;
mod error;
mod esun;
mod event;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod game;
mod groups;
mod observe;
mod outcome;
mod pattern;
mod policy;
mod rules;
mod score;
mod search;
mod setup;
mod state;
mod steps;
pub mod summary;
mod text;
mod view;

/// Eléwénjewé as this crate implements it: the rules and every decision, with the option that
/// changes it (this crate's `docs/rules.md`, linked from the repository's
/// `docs/elewenjewe.md`), rendered here.
#[doc = include_str!("../docs/rules.md")]
pub mod rules_page {}

/// The rules page (`docs/rules.md`) as text, for a front end's `rules` command and help.
pub const RULES_PAGE: &str = include_str!("../docs/rules.md");

pub use action::{Action, ParseActionError};
pub use bot::ElewenjeweBot;
pub use capture::{
    Choices, Patterns, capture_patterns, captures, count_capture_patterns, count_captures,
    is_capture, reference,
};
pub use cards::{MAX_VALUE, card_value};
pub use cards_core::{Game, PlayerId, Seed};
pub use encode::Recall;
pub use error::{CaptureError, RuleError, SetupError};
pub use esun::{build_patterns, builds, can_build, count_build_patterns, count_builds, is_build};
pub use event::{Deal, Event, Position};
pub use outcome::{Outcome, SETTLEMENT_SCALE};
pub use pattern::{CardSets, Pattern};
pub use rules::{Leftovers, Rules, Scoring};
pub use score::{LAYOUT, RoundRecord, ScoringPolicy};
pub use setup::Setup;
pub use state::{Cards, Elewenjewe, Pile};
pub use steps::{Pending, Step, Stepped};
pub use view::View;

/// Builds the tables the capture functions share now rather than at their first call (a few
/// milliseconds, once per process), for a latency-sensitive caller or a benchmark.
pub fn warm_up() {
    groups::warm_up();
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

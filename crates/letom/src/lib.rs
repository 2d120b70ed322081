//! # letom
//!
//! Letom (레톰), the Didopoikas game modelled on Go-Stop (고스톱), for 2–4 players: players
//! capture floor cards by number and stop (Tom) or go on (Ren) once their captured cards are
//! worth 3 points. This first part is the game's arithmetic, as pure functions:
//! - [`score()`]: the base points of a set of captured cards, category by category
//!   ([`Breakdown`]); [`reference::score`](mod@reference) is the spec's wording, the test
//!   oracle;
//! - [`settle`]: the settlement of a game won by Tom — the winner's score with Ren, shakes,
//!   bombs and the nagari carry, each loser's pi-bak, gwang-bak and meong-bak, 독박 and the
//!   zero-sum returns — with every step kept for display ([`Settlement`]).
//!
//! The game itself (deal, turns, captures, pi transfers, Ren/Tom, nagari) comes next. The rules
//! and every decision are on the page [`rules_page`] (the repository's `docs/letom.md`);
//! options live in [`Rules`].
//!
//! ```
//! use cards_core::{CardSet, DidoCard};
//! use letom::{Rules, SettleInput, settle};
//!
//! let pile = |s: &str| s.split_whitespace().map(str::parse).collect::<Result<CardSet<DidoCard>, _>>();
//! // Godorie (P2 P4 P8) and 9 pi (S8 counts 2): 5 + 2 points.
//! let mine = pile("P2 P4 P8 A1 A2 A3 A4 A5 A6 A7 S8")?;
//! let b = letom::score(mine);
//! assert_eq!((b.points, b.godorie, b.pie, b.pi_value), (7, 5, 2, 9));
//! println!("{b}"); // 7 points: Godorie 5, Pie 2 (pi value 9)
//!
//! // Seat 0 stops after one Ren; seat 1 has 3 pi (pi-bak), seat 2 none (exempt).
//! let input = SettleInput {
//!     captured: vec![mine, pile("S1 S2 S3")?, pile("G1 G2")?],
//!     winner: 0,
//!     ren: vec![1, 0, 0],
//!     last_ren: None,
//!     shakes: vec![0, 0, 0],
//!     bombs: vec![0, 0, 0],
//!     carry: 1,
//! };
//! let s = settle(&input, &Rules::default())?;
//! assert_eq!(s.score, 8); // 7 + 1 Ren
//! assert_eq!(s.owed, [0, 16, 8]);
//! assert_eq!(s.returns, [24, -16, -8]);
//! println!("{s}"); // the steps, line by line
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod action;
mod error;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod game;
mod rules;
mod score;
mod settle;
mod setup;
mod state;
mod view;

/// Letom as this crate implements it: the rules and every decision, with the option that
/// changes it (the repository's `docs/letom.md`, rendered here).
#[doc = include_str!("../../../docs/letom.md")]
pub mod rules_page {}

pub use action::{Action, ParseActionError};
/// The frame's vocabulary, re-exported so `use letom::{Game, Letom}` is all a user needs.
pub use cards_core::{Game, PlayerId, Seed};
pub use error::{CountField, RuleError, SettleError, SetupError};
pub use rules::{BombMultiplier, Dokbak, Exhaustion, RenScoring, Rules};
#[doc(hidden)]
pub use score::reference;
pub use score::{
    Breakdown, CODAN_POINTS, CYNDAN_POINTS, DAN_MIN, GODORIE_POINTS, GUANG_POINTS, HODAN_POINTS,
    PIE_MIN, YNKT_MIN, score,
};
pub use settle::{Baks, SettleInput, Settlement, settle};
pub use setup::Setup;
pub use state::{Deal, Events, Hand, Letom, NagariCause, Outcome, Phase, table};
pub use view::View;

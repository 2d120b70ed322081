//! # letom
//!
//! Letom (레톰), the Didopoikas game modelled on Go-Stop (고스톱), for 2–4 players: players
//! capture floor cards by number and stop (Tom) or go on (Ren) once their captured cards are
//! worth 3 points. The crate has:
//! - [`Letom`]: one deal as a [`Game`] — matching with choices, stuck stacks, jjok, ttadak,
//!   sweep and pi transfers, shakes and bombs with their flip-only turns, chongtong and nagari,
//!   Ren/Tom, gwang-selling and the table stake; [`Setup`] and [`Deal`] for explicit
//!   positions, [`View`] (worlds sampled from it by [`Game::sample_world`]; its `Display` is
//!   the seat's screen in the terminal); [`Event`], what happened, as each seat may know it
//!   (its `Display` a sentence, its [`GameEvent::TERMS`](cards_core::GameEvent::TERMS) the
//!   game's own words explained);
//! - [`LetomMatch`]: a match of several deals (dealer succession, the nagari carry, the pot),
//!   telling the same events with the match's own (a deal begins, the booking, the end), and
//!   [`MatchView`], whose `Display` is the seat's screen of the match;
//! - [`encode`]: the tensors for learning agents of both (`cards_core::Encode`): what one
//!   seat sees and everything it has seen, as fixed-length rows of floats;
//! - [`LetomBot`]: the rule-based player of both (`cards_core::RuleBot`), playing from a
//!   seat's view alone;
//! - [`score()`]: the base points of a set of captured cards ([`Breakdown`]);
//! - [`settle()`]: the settlement of a deal won by Tom, every step kept for display
//!   ([`Settlement`]).
//!
//! The rules and every decision are on the page [`rules_page`] (the
//! crate's `docs/rules.md`); options live in [`Rules`].
//!
//! ```
//! use letom::{Action, Game, Letom, Rules, Seed};
//!
//! let mut deal = Letom::new(&Rules::default(), 3, Seed::from(42))?;
//! let mut legal = Vec::new();
//! while let Some(seat) = deal.to_act() {
//!     deal.legal_actions(&mut legal);
//!     // Always stop when offered; otherwise the first legal action.
//!     let action = if legal.contains(&Action::Tom) { Action::Tom } else { legal[0] };
//!     deal.play(action)?;
//!     let _ = seat;
//! }
//! println!("{}", deal.outcome().unwrap());
//! assert_eq!(deal.settlement().iter().sum::<i64>(), 0); // zero-sum
//!
//! // Scoring and settling on their own: Godorie (P2 P4 P8) and 9 pi (S8 counts 2).
//! let pile = |s: &str| s.split_whitespace().map(str::parse).collect::<Result<letom::Hand, _>>();
//! let mine = pile("P2 P4 P8 A1 A2 A3 A4 A5 A6 A7 S8")?;
//! let b = letom::score(mine);
//! assert_eq!((b.points, b.godorie, b.pie, b.pi_value), (7, 5, 2, 9));
//! println!("{b}"); // 7 points: Godorie 5, Pie 2 (pi value 9)
//!
//! // Seat 0 stops after one Ren; seat 1 has 3 pi (pi-bak), seat 2 none (exempt).
//! let input = letom::SettleInput {
//!     captured: vec![mine, pile("S1 S2 S3")?, pile("G1 G2")?],
//!     winner: 0,
//!     ren: vec![1, 0, 0],
//!     last_ren: None,
//!     shakes: vec![0, 0, 0],
//!     bombs: vec![0, 0, 0],
//!     carry: 1,
//! };
//! let s = letom::settle(&input, &Rules::default())?;
//! assert_eq!(s.score, 8); // 7 + 1 Ren
//! assert_eq!(s.owed, [0, 16, 8]);
//! assert_eq!(s.returns, [24, -16, -8]);
//! println!("{s}"); // the steps, line by line
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `fuzzing` (off by default): `letom::fuzzing`, the byte-driven invariant checks behind the
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
mod observe;
mod play;
mod rules;
mod score;
mod series;
mod settle;
mod setup;
mod state;
pub mod summary;
mod view;

/// Letom as this crate implements it: the rules and every decision, with the option that
/// changes it (this crate's `docs/rules.md`, linked from the repository's `docs/letom.md`),
/// rendered here.
#[doc = include_str!("../docs/rules.md")]
pub mod rules_page {}

/// The rules page (`docs/rules.md`) as text, for a front end's `rules` command and help.
pub const RULES_PAGE: &str = include_str!("../docs/rules.md");

pub use action::{Action, ParseActionError};
pub use bot::LetomBot;
/// The frame's vocabulary, re-exported so `use letom::{Game, Letom}` is all a user needs.
pub use cards_core::{Game, PlayerId, Seed};
pub use error::{CountField, RuleError, SettleError, SetupError};
pub use event::{BookedDeal, ChongtongPay, DealEnd, Dealing, Event, Position, Reward, Sale};
pub use rules::{BombMultiplier, Dokbak, Exhaustion, RenScoring, Rules};
#[doc(hidden)]
pub use score::reference;
pub use score::{
    Breakdown, CODAN_POINTS, CYNDAN_POINTS, DAN_MIN, GODORIE_POINTS, GUANG_POINTS, HODAN_POINTS,
    PIE_MIN, YNKT_MIN, score,
};
pub use series::{LetomMatch, MAX_CARRIED, MAX_TOTAL, MatchOutcome, MatchSetup, MatchView};
pub use settle::{Baks, SettleInput, Settlement, settle};
pub use setup::Setup;
pub use state::{Deal, EventCounts, Hand, Letom, NagariCause, Outcome, Phase, table};
pub use view::View;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

//! # jass
//!
//! Swiss Jass — Schieber with its contracts, Coiffeur and Differenzler — for the `cardrules`
//! project. The card-level core, exactly by the rules and fast: the modes with their rank
//! orders and card points ([`Mode`]), legal cards with no undertrumping against the highest
//! trump and the Buur exception ([`legal_cards`]), tricks ([`trick_winner`],
//! [`trick_points`]), Weis detection with the counted combination, strength and award
//! ([`declare`], [`compare`], [`award`]), and the scoring of a whole Schieber deal
//! ([`score_deal`]). On it, one Schieber deal as a [`Game`]: [`SchieberDeal`], from a seed or
//! from explicit hands ([`SchieberDealSetup`]), with per-seat [`SchieberDealView`]s and world
//! sampling, and the credits (Stöck, Weis, tricks, Match) the moment they fall; and a whole
//! Schieber game to a
//! target ([`Schieber`]), mid-deal stops and the Stöck exception included; the contract
//! variants Slalom, Guschti, Mary and Trio as options ([`Rules::variants`], [`Variants`]);
//! a whole Coiffeur game in teams or each for themself ([`Coiffeur`]: the contract slots,
//! passing, the Jokers, the [`ScoreSheet`]); a whole Differenzler game for 3 or 4 players
//! ([`Differenzler`]: predictions, the shown trump card, penalties). Every game plays its
//! cards through one trick core and samples worlds through one inference of what the play
//! shows, and tells what happened as [`Event`]s (one type for all four; a deal's cards in the
//! oracle trace's form, [`Deal`]), each redacted for a seat, from which a seat's view follows.
//! A rule-based player for all four, [`JassBot`] (`cards_core::RuleBot`), plays from a seat's
//! view alone. An exact open-hand (double-dummy) solver for a Schieber deal's card play:
//! [`solve`]. Each game type gives every seat fixed-shape tensors for learning agents
//! ([`encode`], `cards_core::Encode`).
//!
//! One deal, played with the first legal move:
//!
//! ```
//! use jass::{Game, Rules, SchieberDeal, Seed};
//!
//! let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(42))?;
//! // The first deal of a game: forehand holds the seven of diamonds.
//! assert!(deal.hand(deal.forehand()).contains("7D".parse()?));
//! let mut moves = Vec::new();
//! while deal.to_act().is_some() {
//!     deal.legal_actions(&mut moves); // the six modes and push, then the legal cards
//!     deal.play(moves[0])?;
//! }
//! let outcome = deal.outcome().expect("the deal is over");
//! println!("{outcome}");
//! let [a, b] = outcome.credits.total();
//! assert_eq!(outcome.credits.cards[0] + outcome.credits.cards[1], 157);
//! assert_eq!(outcome.scored, [a * outcome.multiplier, b * outcome.multiplier]);
//! assert_eq!(deal.settlement().iter().sum::<i64>(), 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rules and every decision are on the page [`rules_page`] (the crate's
//! `docs/rules.md`).
//!
//! The card-level functions stand on their own:
//!
//! ```
//! use cards_core::{CardSet, JassCard};
//! use jass::{Mode, PlayRules, WeisRules, declare, legal_cards, trick_winner};
//!
//! let cards = |s: &str| s.split_whitespace().map(|c| c.parse::<JassCard>()).collect::<Result<Vec<_>, _>>();
//! // ♦ trump, ♣ led, ♦J and ♦10 already in the trick: ♦A would undertrump the Jack, so only
//! // the ♠10 may be played (the oracle's jass.legal example).
//! let hand: CardSet<JassCard> = cards("AD 9D 6D TS")?.into_iter().collect();
//! let trick = cards("6C JD TD")?;
//! let mode: Mode = "trump:D".parse()?;
//! let legal = legal_cards(hand, &trick, mode, &PlayRules::default());
//! println!("legal: {legal}");
//! assert_eq!(legal.to_string(), "TS");
//! assert_eq!(trick_winner(&trick, mode), 1); // the trump Jack
//!
//! // Weis: hearts 6 7 8 9 and the four Jacks (big scale) — 200 + 50.
//! let hand: CardSet<JassCard> = cards("6H 7H 8H 9H JC JD JH JS AS")?.into_iter().collect();
//! let weis = declare(hand, mode, &WeisRules::default());
//! println!("Weis: {} points, best {:?}", weis.total(), weis.best().map(|m| m.to_string()));
//! assert_eq!(weis.total(), 250);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `fuzzing` (off by default): `jass::fuzzing`, the byte-driven invariant checks behind the
//!   fuzz targets and the corpus replay test; not a stable API. It costs a dependency on
//!   `cards-testkit` (and through it `serde_json`); nothing else changes.
#![forbid(unsafe_code)]

mod action;
mod bot;
mod card_play;
mod coiffeur;
mod deal_summary;
mod differenzler;
pub mod encode;
mod error;
mod event;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod mode;
mod multipliers;
mod rules;
mod sampling;
mod schieber;
mod schieber_deal;
mod score;
mod screen;
mod seeded_deal;
pub mod solve;
pub mod summary;
mod trick_rules;
mod weis;

/// Jass as this crate implements it: the rules and every decision, with the option that
/// changes it (this crate's `docs/rules.md`, linked from the repository's `docs/jass.md`),
/// rendered here.
#[doc = include_str!("../docs/rules.md")]
pub mod rules_page {}

/// The rules page (`docs/rules.md`) as text, for a front end's `rules` command and help.
pub const RULES_PAGE: &str = include_str!("../docs/rules.md");

pub use action::{Action, Contract, Joker, MAX_PREDICTION, ParseActionError, SlalomStart};
pub use bot::JassBot;
/// The frame's vocabulary, re-exported so `use jass::{Game, SchieberDeal}` is all a user needs.
pub use cards_core::{Game, PlayerId, Seed};
pub use coiffeur::{
    Coiffeur, CoiffeurOutcome, CoiffeurSetup, CoiffeurView, ParseSlotError, ScoreSheet, SheetCell,
    SheetEntry, SheetSide, SheetSlot, Slot, coiffeur_points,
};
pub use deal_summary::DealSummary;
pub use differenzler::{Differenzler, DifferenzlerOutcome, DifferenzlerSetup, DifferenzlerView};
pub use error::{RuleError, SetupError, ViewError, WhyIllegal};
pub use event::{Deal, Event};
pub use mode::{Mode, ParseModeError};
pub use multipliers::Multipliers;
pub use rules::{
    Bonuses, CoiffeurFactors, CoiffeurRules, CreditOrder, DifferenzlerRules, Rules, Variants,
};
pub use schieber::{Schieber, SchieberOutcome, SchieberSetup, SchieberView};
pub use schieber_deal::setup::SchieberDealSetup;
pub use schieber_deal::view::{SchieberDealView, SeatWeis, TrickView, WeisView};
pub use schieber_deal::{
    Credit, CreditKind, Credits, SchieberDeal, SchieberDealOutcome, WeisScore,
};
pub use score::{
    DealError, DealScore, LAST_TRICK_BONUS, MATCH_BONUS, STOECK, TrickRecord, score_deal, team,
};
pub use seeded_deal::SeededDeal;
pub use trick_rules::{
    PlayRules, is_legal, legal_cards, reference as trick_reference, stronger_trumps, suit_cards,
    trick_points, trick_winner,
};
pub use weis::{
    Declaration, MAX_MELDS, Meld, MeldKind, Scale, WeisAward, WeisRules, award, compare, declare,
    reference as weis_reference, strongest,
};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

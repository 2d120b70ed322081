//! # jass
//!
//! Swiss Jass — Schieber with its contracts, Coiffeur and Differenzler — for the `cardrules`
//! project. This first part is the card-level core, exactly by the rules and fast: the modes
//! with their rank orders and card points ([`Mode`]), legal cards with no undertrumping against
//! the highest trump and the Buur exception ([`legal_cards`]), tricks ([`trick_winner`],
//! [`trick_points`]), Weis detection with the counted combination, strength and award
//! ([`declare`], [`compare`], [`award`]), and the scoring of a whole Schieber deal
//! ([`score_deal`]). The deal and game state machines come next.
//!
//! The rules and every decision are on the page [`rules_page`] (the repository's
//! `docs/jass.md`).
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
#![forbid(unsafe_code)]

mod mode;
mod multipliers;
mod rules;
mod score;
mod trick;
mod weis;

/// Jass as this crate implements it: the rules and every decision, with the option that
/// changes it (the repository's `docs/jass.md`, rendered here).
#[doc = include_str!("../../../docs/jass.md")]
pub mod rules_page {}

pub use mode::{Mode, ParseModeError};
pub use multipliers::Multipliers;
pub use rules::Rules;
pub use score::{
    DealError, DealScore, LAST_TRICK_BONUS, MATCH_BONUS, STOECK, TrickRecord, score_deal, team,
};
pub use trick::{
    PlayRules, is_legal, legal_cards, reference as trick_reference, stronger_trumps, suit_cards,
    trick_points, trick_winner,
};
pub use weis::{
    Declaration, MAX_MELDS, Meld, MeldKind, Scale, WeisAward, WeisRules, award, compare, declare,
    reference as weis_reference, strongest,
};

//! # jass
//!
//! Swiss Jass — Schieber and its contracts — as a pure state machine (work in progress: the
//! card-level core lands first).
#![forbid(unsafe_code)]

mod mode;
mod multipliers;
mod trick;
mod weis;

pub use mode::{Mode, ParseModeError};
pub use multipliers::Multipliers;
pub use trick::{
    PlayRules, is_legal, legal_cards, reference as trick_reference, stronger_trumps, suit_cards,
    trick_points, trick_winner,
};
pub use weis::{
    Declaration, MAX_MELDS, Meld, MeldKind, Scale, WeisAward, WeisRules, award, compare, declare,
    reference as weis_reference, strongest,
};

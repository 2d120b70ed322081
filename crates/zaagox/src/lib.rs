//! # zaagox
//!
//! Zaägox, the Didopoikas collecting game (`shared/spec/zaagox.md`). This part of the crate
//! scores a stored set: [`score`] and [`score_set`] under the default shape map, [`Scorer`] for
//! any map.
#![forbid(unsafe_code)]

mod score;

#[doc(hidden)]
pub use score::reference;
pub use score::{Score, ScoreError, Scorer, score, score_set};

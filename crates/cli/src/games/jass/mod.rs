//! Jass in the CLI: what `simulate` counts about each of the game types it plays:
//! whole Schieber games ([`game`], [`tally`]), [`coiffeur`] and [`differenzler`]. The oracle's
//! `jass.playout` and `jass.trace` (one Schieber deal, or a whole Coiffeur or Differenzler
//! game by `"variant"`) and `replay` are generic.

pub mod coiffeur;
pub mod differenzler;
pub mod game;
pub mod tally;

//! [`CaptureError`]: why a capture or build question about a position could not be answered.

use cards_core::StdCard;

/// Why the cards given to a capture or Esun function do not form a position of the game. The
/// game's own errors (a refused action, a refused setup) join with the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CaptureError {
    /// The played card also lies on the table (one pack: each card exists once).
    #[error("{card} is played and also lies on the table: each card exists once")]
    PlayedOnTable {
        /// The card.
        card: StdCard,
    },
    /// A joker was given while the rules have no jokers.
    #[error("{card} is a joker, and these rules play without jokers (Rules::jokers)")]
    JokersNotInPlay {
        /// The joker (the played card, or the first joker on the table).
        card: StdCard,
    },
    /// An Esun pile was asked for a value outside 1 ..= 10.
    #[error("a pile is built for a card value 1 to 10 (A to 10), not {value}")]
    NotAValue {
        /// The value asked for.
        value: u8,
    },
}

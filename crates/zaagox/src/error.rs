//! [`RuleError`]: why an action was refused.

use cards_core::{DidoCard, PlayerId};

use crate::Action;

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action does not fit the moment.
    #[error("{action} is not allowed now: {expected}")]
    WrongPhase {
        /// The action tried.
        action: Action,
        /// What is allowed now.
        expected: &'static str,
    },
    /// A card named is not in the acting seat's hand.
    #[error("{card} is not in seat {seat}'s hand")]
    CardNotInHand {
        /// The acting seat.
        seat: PlayerId,
        /// The card.
        card: DidoCard,
    },
    /// The two cards cannot form a pair.
    #[error(
        "{a} and {b} are not a pair: a pair is two different cards of the same number, lower index first"
    )]
    NotAPair {
        /// First card named.
        a: DidoCard,
        /// Second card named.
        b: DidoCard,
    },
    /// No pair of the acting seat's starts with this card.
    #[error("seat {seat} has no pair whose lower card is {onto}")]
    NoSuchPair {
        /// The acting seat.
        seat: PlayerId,
        /// The card named as the pair.
        onto: DidoCard,
    },
    /// A Da claim with a card of another number.
    #[error("{card} does not match the discard {discard}: Da needs a card of the same number")]
    NoMatch {
        /// The card offered.
        card: DidoCard,
        /// The discard.
        discard: DidoCard,
    },
    /// A real-time Da claim by a seat that may not claim.
    #[error(
        "seat {seat} may not call Da now: only other players holding a card of the discard's number may"
    )]
    NotEligible {
        /// The claimant.
        seat: PlayerId,
    },
    /// The card to store is not in the completed pair.
    #[error("{card} is not in the completed pair: store {lo} or {hi}")]
    NotInPair {
        /// The card named.
        card: DidoCard,
        /// The pair's lower card.
        lo: DidoCard,
        /// The pair's higher card.
        hi: DidoCard,
    },
}

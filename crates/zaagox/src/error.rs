//! [`RuleError`]: why an action was refused; [`SetupError`]: why a game could not be set up.

use cards_core::{DidoCard, PlayerCountError, PlayerId};

use crate::state::Hand;
use crate::{Action, ScoreError};

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

/// Why a game could not be set up: from a seed ([`Game::new`](cards_core::Game::new)), from an
/// explicit [`Setup`](crate::Setup) (also every deserialized state), or from a view
/// ([`View::sample_world`](crate::View::sample_world)). Each variant says what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The table has the wrong number of seats.
    #[error(transparent)]
    PlayerCount(#[from] PlayerCountError),
    /// The turn limit is outside `1..=Rules::MAX_TURN_LIMIT`.
    #[error("turn_limit must be 1 to {max}, not {got}")]
    TurnLimit {
        /// The limit given.
        got: u32,
        /// The largest limit accepted.
        max: u32,
    },
    /// A seat named in the rules or the setup is not at the table.
    #[error("{what} names seat {seat}, which is not at a table of {players}")]
    SeatNotAtTable {
        /// Which field names it.
        what: &'static str,
        /// The seat.
        seat: PlayerId,
        /// Seats at the table.
        players: usize,
    },
    /// A per-seat list does not have one entry per seat.
    #[error("{field} has {len} entries for {players} players")]
    SeatList {
        /// The list.
        field: &'static str,
        /// Its length.
        len: usize,
        /// Seats at the table.
        players: usize,
    },
    /// The zones do not hold each of the 36 cards exactly once.
    #[error(
        "the zones must hold each of the 36 cards exactly once, but hold {count} cards; missing: {missing}"
    )]
    Cards {
        /// Card slots over all zones.
        count: usize,
        /// Cards in no zone.
        missing: Hand,
    },
    /// Two cards that are not a pair lie as one.
    #[error("{lo} {hi} is not a pair (two cards of one number, lower index first)")]
    NotAPair {
        /// The first card.
        lo: DidoCard,
        /// The second card.
        hi: DidoCard,
    },
    /// A pair holds more ageing cards than it may (or all it needs, but its store waits not).
    #[error("pair {lo} {hi} holds {ageing} ageing cards but completes at {needed}")]
    Ageing {
        /// The pair's lower card.
        lo: DidoCard,
        /// The pair's higher card.
        hi: DidoCard,
        /// Ageing cards on it.
        ageing: usize,
        /// Ageing cards it needs.
        needed: usize,
    },
    /// Ava declaration positions are not 1, 2, … in some order.
    #[error("Ava declaration positions must be 1, 2, … without gaps, not {0:?}")]
    AvaPositions(Vec<u8>),
    /// A seat stores a number of cards that does not fit its Ava and the phase.
    #[error("seat {seat} has {stored} stored cards, which does not fit its Ava and the phase")]
    Stored {
        /// The seat.
        seat: PlayerId,
        /// Its stored cards.
        stored: usize,
    },
    /// The phase does not fit the rest of the position.
    #[error("the phase does not fit the position: {0}")]
    Phase(&'static str),
    /// A seat is asked for Da without a card of the discard's number.
    #[error("seat {seat} is asked for Da but holds no card numbered {number}")]
    DaWithoutMatch {
        /// The seat asked.
        seat: PlayerId,
        /// The discard's number.
        number: u8,
    },
    /// A store waits on a pair that is missing or not complete.
    #[error("seat {seat} has no completed pair {pair} to store from")]
    NoCompletedPair {
        /// The seat.
        seat: PlayerId,
        /// The pair's lower card.
        pair: DidoCard,
    },
    /// More turns were played than the limit allows.
    #[error("{turns} turns played, beyond the limit {limit}")]
    Turns {
        /// Turns played.
        turns: u32,
        /// The rules' limit.
        limit: u32,
    },
    /// The outcome does not fit the position.
    #[error("the outcome does not fit the position: {0}")]
    Outcome(&'static str),
    /// A winner's stored cards cannot be scored.
    #[error("the winner's stored cards cannot be scored: {0}")]
    Score(#[from] ScoreError),
    /// A view is inconsistent, so no world fits it.
    #[error("no world fits the view: {0}")]
    View(&'static str),
}

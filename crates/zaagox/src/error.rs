//! [`RuleError`]: why an action was refused; [`SetupError`]: why a game could not be set up.

use cards_core::{DidoCard, PlayerCountError, PlayerId};

use crate::state::Hand;
use crate::{Action, ScoreError};

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    #[error("{card} is not in your hand")]
    CardNotInHand {
        /// The acting seat.
        seat: PlayerId,
        /// The card.
        card: DidoCard,
    },
    /// The two cards cannot form a pair.
    #[error(
        "{a} and {b} are not a pair: a pair is two cards of the same number, written in the order A, S, G, P (like pair A6 G6)"
    )]
    NotAPair {
        /// First card named.
        a: DidoCard,
        /// Second card named.
        b: DidoCard,
    },
    /// No pair of the acting seat's starts with this card.
    #[error(
        "you have no pair that starts with {onto}: a card ages on one of your own pairs, named by its first card"
    )]
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
        "you may not call Da now: only another player holding a card of the discard's number may"
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
    /// A number of the rules is outside its range (the turn limit: `1..=Rules::MAX_TURN_LIMIT`).
    #[error(transparent)]
    RuleRange(#[from] cards_core::RuleRangeError),
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
    Phase(#[from] PhaseError),
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
    Outcome(#[from] OutcomeError),
    /// A winner's stored cards cannot be scored.
    #[error("the winner's stored cards cannot be scored: {0}")]
    Score(#[from] ScoreError),
    /// A view is inconsistent, so no world fits it.
    #[error("no world fits the view: {0}")]
    View(#[from] ViewError),
}

/// Why the phase of a [`Setup`](crate::Setup) does not fit the rest of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PhaseError {
    /// Under `AvaRule::Immediate` an Ava ends the game, yet a running game has a declarer.
    #[error("under AvaRule::Immediate an Ava ends the game, so a running game has no declarer")]
    ImmediateAvaRunning,
    /// A seat is to act or asked for Da, yet no turn has been played.
    #[error("a seat acts only after a turn's draw, so turns is at least 1")]
    NoTurnPlayed,
    /// The acting seat has an empty hand, or a discard lies out.
    #[error("an acting seat has drawn a card, and no discard lies out")]
    ActWithoutDraw,
    /// A Da window without a discard.
    #[error("a Da window needs a discard")]
    DaWithoutDiscard,
    /// A Da window asks the discarder.
    #[error("a Da window asks a seat other than the discarder")]
    DaAsksDiscarder,
    /// A store choice whose next seat is not the one after it, or with a discard out.
    #[error("a store choice needs the seat after it to play next, and no discard")]
    StoreOutOfTurn,
    /// An End/Ava choice whose next seat is not the one after it, or with a discard out.
    #[error("an End/Ava choice needs the seat after it to play next, and no discard")]
    DecideOutOfTurn,
    /// An End/Ava choice by a seat without four stored cards, or with an Ava already.
    #[error("a seat decides End or Ava only with four stored cards and no Ava yet")]
    DecideWithoutFour,
}

/// Why the outcome of a [`Setup`](crate::Setup) does not fit the rest of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum OutcomeError {
    /// A finished game without an outcome, or a running one with one.
    #[error("a finished game has an outcome and a running one has none")]
    PhaseMismatch,
    /// Exhausted by an empty pile, yet cards are in the pile or a discard is out.
    #[error("a game exhausted by an empty pile has an empty pile and no discard")]
    PileNotEmpty,
    /// Exhausted by the turn limit, yet fewer turns were played.
    #[error("a game exhausted by the turn limit has played exactly turn_limit turns")]
    TurnLimitNotReached,
    /// Won, yet a discard lies out.
    #[error("a game is won from a store or an End/Ava choice, when no discard lies out")]
    WonWithDiscard,
    /// The outcome's score or failed declarer differs from what the position gives.
    #[error("the outcome does not match the winner's stored cards and the Ava declarations")]
    NotTheWinnersScore,
}

/// Why no world fits a [`View`](crate::View).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The view's seat or hand-size list does not fit its player count.
    #[error("the view's seat and hand sizes do not fit its player count")]
    SeatOrSizes,
    /// The viewer's hand size is not its hand's.
    #[error("the viewer's hand size disagrees with its hand")]
    HandSize,
    /// The view shows another seat's ageing cards, or hides its own.
    #[error("a view shows the ageing cards of exactly its own pairs")]
    OthersAgeing,
    /// The view shows a card twice.
    #[error("the view shows some card twice")]
    CardTwice,
    /// The hand sizes add up beyond any count.
    #[error("the view's hand sizes overflow")]
    HandSizesOverflow,
    /// The cards the view does not show are not as many as it hides.
    #[error("the unseen cards are not as many as the view's hidden hands, ageing cards and pile")]
    UnseenCount,
    /// A seat is asked for Da, but no unseen card matches the discard.
    #[error("a seat is asked for Da, but no unseen card matches the discard")]
    DaNoMatch,
    /// A seat is asked for Da with an empty hand.
    #[error("a seat is asked for Da with an empty hand")]
    DaEmptyHand,
    /// The hidden zones need more cards than are unseen.
    #[error("ran out of unseen cards")]
    OutOfCards,
    /// An own pair's ageing cards are not as many as its count.
    #[error("a pair's ageing cards disagree with its count")]
    AgeingCount,
}

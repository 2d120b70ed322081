//! [`RuleError`]: why an action of a Schieber deal was refused; [`SetupError`]: why a deal
//! could not be set up; [`ViewError`]: why no world fits a view.

use core::fmt;

use cards_core::{CardSet, JassCard, JassSuit, PlayerCountError, PlayerId};

use crate::Action;

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The deal is over.
    #[error("the deal is over")]
    GameOver,
    /// A card was played before the contract was named.
    #[error("{action} is not allowed now: the contract comes first (a mode, or push)")]
    ContractFirst {
        /// The action tried.
        action: Action,
    },
    /// A contract or a push after the contract was named.
    #[error("{action} is not allowed now: the contract is named, play a card")]
    ContractNamed {
        /// The action tried.
        action: Action,
    },
    /// A contract variant the rules do not enable.
    #[error("{contract} is not enabled by these rules (Rules::variants)")]
    NotEnabled {
        /// The contract tried.
        contract: crate::Contract,
    },
    /// A Trio segment mode when none is due (a Trio segment is named at the start of tricks
    /// 1, 4 and 7 only), or a card when one is due.
    #[error("{action} is not allowed now: {why}")]
    TrioTurn {
        /// The action tried.
        action: Action,
        /// What was due instead.
        why: &'static str,
    },
    /// A Trio segment mode already used: Obenabe, Undenufe and one trump suit, each once.
    #[error(
        "trio:{mode} is not allowed: the three Trio modes are Obenabe, Undenufe and one trump suit, each once"
    )]
    TrioModeUsed {
        /// The mode tried.
        mode: crate::Mode,
    },
    /// An action of another Jass game (a pass or a Joker outside Coiffeur, a prediction
    /// outside Differenzler, a push outside Schieber, …).
    #[error("{action} is not an action of {game}")]
    OtherGame {
        /// The action tried.
        action: Action,
        /// The game played.
        game: &'static str,
    },
    /// A Differenzler prediction out of turn or a card before every seat predicted.
    #[error("{action} is not allowed now: {why}")]
    OutOfTurn {
        /// The action tried.
        action: Action,
        /// What is due instead.
        why: &'static str,
    },
    /// A Coiffeur contract the choosing side has already played (or that its table lacks).
    #[error(
        "{action} is not open for this side: it has already played that slot, or the sheet has \
         no such slot (each side plays each slot once)"
    )]
    NotOpen {
        /// The action tried.
        action: Action,
    },
    /// A Coiffeur pass by the seat that must choose (every other eligible seat passed, or it
    /// is the only one).
    #[error("seat {seat} must choose a contract now: every other seat passed or cannot choose")]
    MustChoose {
        /// The seat that must choose.
        seat: PlayerId,
    },
    /// The partner tried to push back.
    #[error("after a push the partner must name the contract: push is not allowed")]
    PushedAlready,
    /// The card is not in the hand of the seat to play.
    #[error("{card} is not in seat {seat}'s hand")]
    NotInHand {
        /// The seat to play.
        seat: PlayerId,
        /// The card.
        card: JassCard,
    },
    /// The card is in the hand but may not be played onto this trick.
    #[error("seat {seat} may not play {card} now: {why}; legal: {legal}")]
    Illegal {
        /// The seat to play.
        seat: PlayerId,
        /// The card.
        card: JassCard,
        /// Which rule forbids it.
        why: WhyIllegal,
        /// What the seat may play.
        legal: CardSet<JassCard>,
    },
}

/// Which rule of the trick forbids a card the seat holds ([`RuleError::Illegal`]); its
/// `Display` speaks to the player who tried it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum WhyIllegal {
    /// No trump in the deal's mode (or this trick's): the led suit must be followed.
    FollowSuit(JassSuit),
    /// Trump was led: a trump must be played (unless the only one is the Buur, under the
    /// Buur exception).
    FollowTrump(JassSuit),
    /// A plain suit was led and the seat holds it: follow it, or play a trump.
    FollowOrTrump(JassSuit),
    /// A trump lower than the one winning the trick, while the seat could play something
    /// else (no under-trumping).
    Undertrump {
        /// The trump winning the trick.
        over: JassCard,
    },
}

/// `♣ (Clubs)`.
fn suit_words(suit: JassSuit) -> String {
    format!("{} ({suit})", crate::mode::suit_symbol(suit))
}

impl fmt::Display for WhyIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhyIllegal::FollowSuit(suit) => {
                write!(
                    f,
                    "you must follow suit, {}, which was led",
                    suit_words(*suit)
                )
            }
            WhyIllegal::FollowTrump(suit) => write!(
                f,
                "trump was led, so you must play a trump, {}",
                suit_words(*suit)
            ),
            WhyIllegal::FollowOrTrump(suit) => write!(
                f,
                "you must follow suit, {}, which was led, or play a trump",
                suit_words(*suit)
            ),
            WhyIllegal::Undertrump { over } => write!(
                f,
                "you may not under-trump: a trump you play must beat {over} ({over:#}), \
                 which is winning the trick, unless you hold nothing but trumps"
            ),
        }
    }
}

/// Why a deal could not be set up: from a seed ([`Game::new`](cards_core::Game::new)), from
/// an explicit [`SchieberDealSetup`](crate::SchieberDealSetup) (also every deserialized state), or from a view
/// ([`SchieberDealView::sample_world`](crate::SchieberDealView::sample_world)). Each variant says what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The table has the wrong number of seats (Schieber: exactly 4).
    #[error(transparent)]
    PlayerCount(#[from] PlayerCountError),
    /// A seat named in the rules or the setup is not at the table.
    #[error("{what} names seat {seat}, which is not at the table of {seats}")]
    SeatNotAtTable {
        /// Which field names it.
        what: &'static str,
        /// The seat.
        seat: PlayerId,
        /// Seats at the table.
        seats: usize,
    },
    /// A hand as dealt does not have its share of the deck (9 cards at four seats, 12 at
    /// three).
    #[error("seat {seat} was dealt {got} cards, not {expected}")]
    HandSize {
        /// The seat.
        seat: PlayerId,
        /// Its number of cards.
        got: usize,
        /// The number it should have.
        expected: usize,
    },
    /// A per-seat list of the setup does not have one entry per seat.
    #[error("{what} has {got} entries for a table of {seats}")]
    SeatCount {
        /// Which list.
        what: &'static str,
        /// Its length.
        got: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A number of the rules is outside its range (`docs/jass.md`, "Limits").
    #[error(transparent)]
    RuleRange(#[from] cards_core::RuleRangeError),
    /// A rule option cannot be played.
    #[error("{what} cannot be played: {why}")]
    BadRule {
        /// The option.
        what: &'static str,
        /// Why not.
        why: &'static str,
    },
    /// A cell of a Coiffeur setup's score sheet cannot be (its points, side, declarer or deal
    /// do not fit).
    #[error("the score sheet's cell {action} cannot be: {why}")]
    Sheet {
        /// The cell, as the action that fills its slot.
        action: Action,
        /// What is wrong.
        why: &'static str,
    },
    /// A Differenzler setup's shown trump card is not in the dealer's hand as dealt.
    #[error("the shown trump card {card} is not in the dealer's (seat {dealer}'s) hand")]
    ShownCard {
        /// The card.
        card: JassCard,
        /// The dealer.
        dealer: PlayerId,
    },
    /// The hands do not hold each of the 36 cards exactly once.
    #[error("the hands must hold each of the 36 cards once; missing: {missing}")]
    Cards {
        /// The cards in no hand (a card in two hands leaves another missing).
        missing: CardSet<JassCard>,
    },
    /// A contract choice of the setup is not legal at its moment (a push after a push, a
    /// push with no contract named).
    #[error("the contract choice {action} cannot be made: {error}")]
    IllegalChoice {
        /// The choice.
        action: Action,
        /// Why the deal refuses it.
        error: RuleError,
    },
    /// A play of the setup is not legal at its moment.
    #[error("play {play} (trick {trick}), {card}, is refused: {error}")]
    IllegalPlay {
        /// Its number among the plays, counting from 1.
        play: usize,
        /// Its trick, counting from 1.
        trick: usize,
        /// The card.
        card: JassCard,
        /// Why the deal refuses it.
        error: RuleError,
    },
    /// A whole game's target cannot be played to.
    #[error("the target {target} cannot be played to: {why}")]
    Target {
        /// The target.
        target: u32,
        /// Why not.
        why: &'static str,
    },
    /// A team's score before the current deal already reaches the target: the game would
    /// have ended.
    #[error("team {team} has {score} before the deal, at or over the target {target}")]
    ScoreAtTarget {
        /// The team (0: seats 0 and 2; 1: seats 1 and 3).
        team: usize,
        /// Its score before the deal.
        score: u32,
        /// The target.
        target: u32,
    },
    /// A view is inconsistent, so no world fits it.
    #[error("no world fits the view: {0}")]
    View(#[from] ViewError),
}

/// Why no world fits a [`SchieberDealView`](crate::SchieberDealView).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The viewer's hand is not as large as its hand size, or a hand size is over 9.
    #[error("the viewer's hand disagrees with its hand size, or a hand size is over 9")]
    HandSize,
    /// The view shows some card twice (in the hand, in tricks, in the current trick).
    #[error("the view shows some card twice")]
    CardTwice,
    /// The played cards do not fit the hand sizes (each seat holds 9 less what it played).
    #[error("the played cards do not fit the hand sizes")]
    PlayCount,
    /// A trick's leader, winner or a seat in the trick is not the one the play implies.
    #[error("a trick's seats disagree with the order of play")]
    TrickSeats,
    /// A public Weis card lies elsewhere than with the seat that showed it.
    #[error("a public Weis card is held or played by another seat")]
    WeisCard,
    /// The suits shown void, the public Weis cards and the hand sizes leave no way to deal
    /// the unseen cards.
    #[error("no way to deal the unseen cards: the voids and public Weis leave none")]
    NoDeal,
    /// No deal of the unseen cards tried shows the view (its Weis, credits or history do
    /// not fit, or the budget of tries ran out).
    #[error("no deal of the unseen cards tried shows this view")]
    NoWorld,
}

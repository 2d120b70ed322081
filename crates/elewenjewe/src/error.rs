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

/// Why an action was refused by [`Elewenjewe`](crate::Elewenjewe)'s `play`. The state is
/// unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The game is over.
    #[error("the game is over: nobody is to act")]
    GameOver,
    /// The card played is not in the acting seat's hand.
    #[error("{card} is not in your hand: you hold {hand}")]
    NotInHand {
        /// The seat to act.
        seat: cards_core::PlayerId,
        /// The card named.
        card: StdCard,
        /// What the seat holds.
        hand: cards_core::CardSet<StdCard>,
    },
    /// Cards named that lie neither loose on the table nor in a protected pile.
    #[error(
        "{missing} cannot be taken: not on the table (a capture takes only cards that lie there)"
    )]
    NotOnTable {
        /// The cards named that are not on the table.
        missing: cards_core::CardSet<StdCard>,
    },
    /// A capture takes part of a protected pile: a pile is taken whole or not at all.
    #[error("the protected pile {pile} is taken whole or not at all: name all its cards")]
    PartOfPile {
        /// The pile's cards.
        pile: cards_core::CardSet<StdCard>,
    },
    /// A capture takes a protected pile of another value than the played card's.
    #[error(
        "{played} cannot take the pile {pile} built for {value}: only a card of value {value} takes it"
    )]
    PileValue {
        /// The card played.
        played: StdCard,
        /// The pile's cards.
        pile: cards_core::CardSet<StdCard>,
        /// The value the pile was built for.
        value: u8,
    },
    /// A played joker takes the whole table, protected piles included, and nothing less.
    #[error("a played joker takes the whole table ({table}), not {taken}")]
    JokerTakesAll {
        /// The cards named.
        taken: cards_core::CardSet<StdCard>,
        /// Everything on the table.
        table: cards_core::CardSet<StdCard>,
    },
    /// The loose cards named are not a capture of the played card (groups summing to its
    /// value, its own rank for a face card, the Yorùbá rule, lying jokers taken along).
    #[error("{played} cannot capture {taken}: {why}")]
    NotACapture {
        /// The card played.
        played: StdCard,
        /// The cards named.
        taken: cards_core::CardSet<StdCard>,
        /// What is wrong.
        why: &'static str,
    },
    /// Esun is not played under these rules.
    #[error("protected piles (Esun) are not played under these rules")]
    NoEsun,
    /// A pile built for a value the builder does not hold after the play.
    #[error(
        "seat {seat} builds for {value} but holds no card of value {value} after playing {played}"
    )]
    ValueNotHeld {
        /// The builder.
        seat: cards_core::PlayerId,
        /// The card played.
        played: StdCard,
        /// The value named.
        value: u8,
    },
    /// The table cards named cannot go into a pile with the played card for that value.
    #[error("{played} and {taken} do not form a pile for {value}: {why}")]
    NotABuild {
        /// The card played.
        played: StdCard,
        /// The table cards named.
        taken: cards_core::CardSet<StdCard>,
        /// The value named.
        value: u8,
        /// What is wrong.
        why: &'static str,
    },
}

/// Why a game could not be set up: from a seed, from an explicit [`Setup`](crate::Setup) (also
/// every deserialized state), or from a view ([`Game::sample_world`](cards_core::Game::sample_world)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The table has a number of players the game is not played with.
    #[error(transparent)]
    PlayerCount(#[from] cards_core::PlayerCountError),
    /// A number of the rules is outside its range.
    #[error(transparent)]
    RuleRange(#[from] cards_core::RuleRangeError),
    /// A rule option that cannot be played, or that another option makes pointless.
    #[error("rule {what} is not playable: {why}")]
    BadRule {
        /// The option.
        what: &'static str,
        /// What is wrong.
        why: &'static str,
    },
    /// A per-seat list with the wrong number of entries.
    #[error("{what} has {got} entries for {seats} seats: one per seat")]
    SeatCount {
        /// The list.
        what: &'static str,
        /// Entries given.
        got: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A seat named that is not at the table.
    #[error("{what} names seat {seat}, which is not at the table of {seats}")]
    NoSuchSeat {
        /// What names it.
        what: &'static str,
        /// The seat.
        seat: cards_core::PlayerId,
        /// Seats at the table.
        seats: usize,
    },
    /// A card that is not in play under these rules (a joker without jokers).
    #[error("{card} is not in play under these rules")]
    NotInPlay {
        /// The card.
        card: StdCard,
    },
    /// A card placed twice.
    #[error("{card} is placed twice")]
    CardTwice {
        /// The card.
        card: StdCard,
    },
    /// A card placed nowhere.
    #[error("{card} is missing: every card of the pack is placed once")]
    CardMissing {
        /// The card.
        card: StdCard,
    },
    /// Hand sizes no turn order produces.
    #[error(
        "hand sizes {sizes:?} do not fit a batch played from the seat after dealer {dealer}: {why}"
    )]
    HandSizes {
        /// The hand sizes, by seat.
        sizes: Vec<usize>,
        /// The dealer.
        dealer: cards_core::PlayerId,
        /// What is wrong.
        why: &'static str,
    },
    /// A stock that does not fit the dealing rules.
    #[error("a stock of {len} cards does not fit {players} players: {why}")]
    Stock {
        /// Cards in the stock.
        len: usize,
        /// Seats.
        players: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A protected pile that is not one.
    #[error("the pile {cards} (value {value}) is not a protected pile: {why}")]
    BadPile {
        /// The pile's cards.
        cards: cards_core::CardSet<StdCard>,
        /// Its value.
        value: u8,
        /// What is wrong.
        why: &'static str,
    },
    /// The finished rounds and the position disagree about the game's progress.
    #[error("the game's progress does not fit: {why}")]
    Progress {
        /// What is wrong.
        why: &'static str,
    },
    /// A view that no world fits (it may have been deserialized from anywhere).
    #[error("no world fits this view: {why}")]
    View {
        /// What is wrong.
        why: &'static str,
    },
}

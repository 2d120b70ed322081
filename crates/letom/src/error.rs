//! [`SettleError`]: why a finished game could not be settled. The game's own errors (a refused
//! action, a refused setup) join with the game.

use core::fmt;

use cards_core::DidoCard;

/// A per-seat count of a [`SettleInput`](crate::SettleInput), named as the oracle's request
/// names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountField {
    /// `ren`: each seat's number of Ren calls.
    Ren,
    /// `shakes`: each seat's shakes in force.
    Shakes,
    /// `bombs`: each seat's bombs in force.
    Bombs,
}

impl fmt::Display for CountField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CountField::Ren => "ren",
            CountField::Shakes => "shakes",
            CountField::Bombs => "bombs",
        })
    }
}

/// Why [`settle`](crate::settle()) refused its input. Each variant names the field as the
/// oracle's `letom.settle` request names it, and carries the values involved. The checks run
/// in the order of the variants, so the first problem found is the one reported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SettleError {
    /// `captured` does not hold 2 to 4 seats.
    #[error("captured must hold the cards of 2 to 4 seats, not {got}")]
    SeatCount {
        /// The number of seats given.
        got: usize,
    },
    /// A per-seat list does not have one entry per seat of `captured`.
    #[error("{field} has {got} entries, but captured has {seats} seats")]
    Length {
        /// The list.
        field: CountField,
        /// Its length.
        got: usize,
        /// The number of seats.
        seats: usize,
    },
    /// A card lies in two seats' captured piles (one deck: each card exists once).
    #[error("{card} is in captured[{first}] and in captured[{second}]: each card exists once")]
    CardTwice {
        /// The card.
        card: DidoCard,
        /// The first seat holding it.
        first: usize,
        /// The later seat holding it too.
        second: usize,
    },
    /// `winner` is not a seat.
    #[error("winner is {winner}, not a seat: the seats are 0 to {last}", last = .seats.saturating_sub(1))]
    Winner {
        /// The seat given.
        winner: usize,
        /// The number of seats.
        seats: usize,
    },
    /// A count is negative.
    #[error("{field}[{seat}] is {value}: a count cannot be negative")]
    Negative {
        /// The list.
        field: CountField,
        /// The seat.
        seat: usize,
        /// The value given.
        value: i64,
    },
    /// `last_ren` is not a seat.
    #[error("last_ren is {seat}, not a seat: the seats are 0 to {last}", last = .seats.saturating_sub(1))]
    LastRenNotASeat {
        /// The seat given.
        seat: usize,
        /// The number of seats.
        seats: usize,
    },
    /// `last_ren` names the winner: it names the *loser* who called Ren most recently.
    #[error(
        "last_ren is {seat}, the winner: it names the loser who called Ren most recently \
         (null when no loser did)"
    )]
    LastRenIsWinner {
        /// The seat given.
        seat: usize,
    },
    /// `last_ren` names a seat that called no Ren.
    #[error("last_ren is {seat}, but ren[{seat}] is 0: that seat called no Ren")]
    LastRenWithoutRen {
        /// The seat given.
        seat: usize,
    },
    /// The nagari carry factor is below 1.
    #[error("carry is {carry}: the nagari carry factor is at least 1")]
    Carry {
        /// The value given.
        carry: i64,
    },
    /// An amount does not fit a 64-bit integer (counts far beyond any real game).
    #[error("the {what} does not fit a 64-bit integer: the counts are too large")]
    Overflow {
        /// The amount that overflowed (`score`, `owed`, `pay`).
        what: &'static str,
    },
}

/// Why [`Letom`](crate::Letom)'s `play` refused an action. The state is unchanged whenever one
/// is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The deal is over.
    #[error("the deal is over: nobody is to act")]
    GameOver,
    /// The action does not belong to this moment of the turn.
    #[error("{action} is not possible now: you may {expected}")]
    WrongMoment {
        /// The action given.
        action: crate::Action,
        /// What the seat to act may do instead.
        expected: &'static str,
    },
    /// The card is not in the acting seat's hand.
    #[error("{card} is not in your hand: you hold {hand}")]
    NotInHand {
        /// The seat to act.
        seat: cards_core::PlayerId,
        /// The card named.
        card: DidoCard,
        /// What the seat holds.
        hand: cards_core::CardSet<DidoCard>,
    },
    /// The floor card named is not one the card may pair with.
    #[error("{card} cannot pair with {onto}: {why}")]
    BadPairing {
        /// The card played or flipped.
        card: DidoCard,
        /// The floor card named.
        onto: DidoCard,
        /// What is wrong.
        why: &'static str,
    },
    /// Two floor cards match: the play must say which one the card pairs with.
    #[error("two floor cards match {card} ({floor}): play it onto one of them (play {card} D)")]
    MustChoose {
        /// The card played.
        card: DidoCard,
        /// The two floor cards of its number.
        floor: cards_core::CardSet<DidoCard>,
    },
    /// A flip-only turn without one owed.
    #[error("you owe no flip-only turn: only a bomb earns two, so play a hand card")]
    NoFlipOwed {
        /// The seat to act.
        seat: cards_core::PlayerId,
    },
    /// A shake the seat cannot make.
    #[error("you cannot shake the {number}s: {why}")]
    CannotShake {
        /// The seat to act.
        seat: cards_core::PlayerId,
        /// The number named.
        number: u8,
        /// What is wrong.
        why: &'static str,
    },
    /// A bomb the seat cannot make.
    #[error("you cannot bomb with the {number}s: {why}")]
    CannotBomb {
        /// The seat to act.
        seat: cards_core::PlayerId,
        /// The number named.
        number: u8,
        /// What is wrong.
        why: &'static str,
    },
    /// The last seat asked must sell (nobody before it sold).
    #[error(
        "you must sell: you are the last asked and nobody sold, and one player sits each deal out"
    )]
    MustSell {
        /// The seat to act.
        seat: cards_core::PlayerId,
    },
}

/// Why a Letom position (a seeded start, a [`Setup`](crate::Setup), a deserialized state or a
/// sampled world) was refused. Each variant carries the values involved.
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
    #[error("rule {rule} is not playable: {reason}")]
    BadRule {
        /// The option.
        rule: &'static str,
        /// What is wrong.
        reason: String,
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
    /// A seat named that is not at the table (or not playing).
    #[error("{what} names seat {seat}, which {why}")]
    BadSeat {
        /// What names it.
        what: &'static str,
        /// The seat.
        seat: cards_core::PlayerId,
        /// What is wrong.
        why: &'static str,
    },
    /// A card placed twice.
    #[error("{card} is placed twice")]
    CardTwice {
        /// The card.
        card: DidoCard,
    },
    /// A card placed nowhere.
    #[error("{card} is missing: every card of the deck is placed once")]
    CardMissing {
        /// The card.
        card: DidoCard,
    },
    /// The stock does not hold one card per turn still to play.
    #[error(
        "the stock holds {stock} cards, but {expected} turns are still to play (hand cards plus owed flip-only turns): {why}"
    )]
    Stock {
        /// Cards in the stock.
        stock: usize,
        /// Cards it should hold.
        expected: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A value out of range or inconsistent with the rest of the position.
    #[error("{what}: {why}")]
    Inconsistent {
        /// What is wrong.
        what: &'static str,
        /// Why.
        why: String,
    },
    /// The phase does not fit the position.
    #[error("phase {phase} does not fit the position: {why}")]
    Phase {
        /// The phase (its text).
        phase: String,
        /// Why.
        why: &'static str,
    },
}

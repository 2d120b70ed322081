//! [`Setup`]: an explicit Eléwénjewé position (checked by `Game::from_setup`), and the
//! game's serde.

use cards_core::{PlayerId, Seed, StdCard};

use crate::error::SetupError;
use crate::score::RoundRecord;
use crate::state::{Cards, Elewenjewe, MAX, Pile};

/// An explicit position: the seed of the later rounds, the finished rounds, and the current
/// round's cards, every card of the pack placed once. The seat to act follows from the hand
/// sizes (the first seat from the one after the dealer holding the most cards); the game is
/// over exactly when every hand is empty. Per-seat lists have one entry per seat; their
/// number is the number of players.
///
/// [`Game::from_setup`](cards_core::Game::from_setup) checks it (decision S1 in
/// `docs/elewenjewe.md`: structurally, not by replay): the rules for the player count; every
/// card of the pack exactly once; hand sizes a batch played in turn produces (at most 4);
/// a stock the dealing rules can leave; piles that are piles (Esun on, owner at the table,
/// value 1 to 10, no joker, at least two cards splitting into groups of the value, distinct
/// values under the Yorùbá rule); set-aside cards only with `Leftovers::Unused`; records
/// with one entry per seat whose points are the scoring policy's; the finished rounds not
/// ending the game unless every hand is empty, and ending it if so.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The seed: round `k` is shuffled by `GameRng::for_deal(seed, k)`.
    pub seed: Seed,
    /// The current round's number, from 0 (the last round when the game is over).
    pub round: u32,
    /// The finished rounds, in order (the current one included once the game is over).
    pub records: Vec<RoundRecord>,
    /// The current round's dealer.
    pub dealer: PlayerId,
    /// Each seat's hand.
    pub hands: Vec<Cards>,
    /// The loose table cards (jokers included).
    pub table: Cards,
    /// The protected piles standing on the table (any order; kept ordered by lowest card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<Pile>,
    /// Each seat's captured pile this round.
    pub captured: Vec<Cards>,
    /// The undealt cards, the next to deal first.
    pub stock: Vec<StdCard>,
    /// Leftovers set aside (only with `Leftovers::Unused`).
    #[serde(default, skip_serializing_if = "no_cards")]
    pub set_aside: Cards,
    /// Captures each seat made this round by playing a joker.
    pub joker_plays: Vec<u8>,
    /// Esun penalties each seat incurred this round.
    pub penalties: Vec<u8>,
    /// The seat that played the last card so far this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<PlayerId>,
}

pub(crate) fn per_seat<T: Copy + Default>(
    what: &'static str,
    v: &[T],
    n: usize,
) -> Result<[T; MAX], SetupError> {
    if v.len() != n {
        return Err(SetupError::SeatCount {
            what,
            got: v.len(),
            seats: n,
        });
    }
    let mut out = [T::default(); MAX];
    out[..n].copy_from_slice(v);
    Ok(out)
}

pub(crate) fn seat_ok(what: &'static str, seat: PlayerId, n: usize) -> Result<(), SetupError> {
    if seat.index() >= n {
        return Err(SetupError::NoSuchSeat {
            what,
            seat,
            seats: n,
        });
    }
    Ok(())
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Elewenjewe);

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn no_cards(cards: &Cards) -> bool {
    cards.is_empty()
}

//! [`DifferenzlerSetup`]: an explicit position of a Differenzler game.

use super::*;

/// An explicit position of a Differenzler game: the seed of the later deals, the current
/// deal's number, the penalties before it, and the current deal — dealer, shown card, hands as
/// dealt, the predictions made (in order from the seat after the dealer) and the plays.
///
/// [`Game::from_setup`] checks the rules, the table, the hands and the shown card, then
/// replays the predictions and the plays; a complete deal rolls on to the next deal (from the
/// seed) or ends the game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenzlerSetup {
    /// The game's seed: deal `k` after the current one draws from `GameRng::for_deal(seed, k)`.
    pub seed: Seed,
    /// The current deal's number, from 0.
    pub deal_number: u32,
    /// Each seat's total penalty before the current deal (one per seat: 3 or 4).
    pub penalties: Vec<u32>,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The shown trump card: the dealer's last card, in the dealer's hand.
    pub shown: JassCard,
    /// The hands as dealt (12 cards each at three seats, 9 at four; together the deck).
    pub hands: Vec<CardSet<JassCard>>,
    /// The predictions made so far, in order from the seat after the dealer.
    pub predictions: Vec<u8>,
    /// The cards played so far, in order.
    pub plays: Vec<JassCard>,
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Differenzler);

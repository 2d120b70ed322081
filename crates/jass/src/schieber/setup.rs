//! [`SchieberSetup`]: an explicit position of a whole Schieber game.

use super::*;

/// An explicit position of a whole Schieber game: the seed of the later deals, the current
/// deal's number, the scores before it and the current deal's [`SchieberDealSetup`].
///
/// [`Game::from_setup`] checks the rules and the scores (each below the target) and replays
/// the deal's choices and plays through the game, so a deal that would have stopped at the
/// target refuses any action after that moment. The current deal's hands are taken as given
/// (they need not be the ones the seed would deal); the deals after it come from the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberSetup {
    /// The game's seed: deal `k` after the current one draws from `GameRng::for_deal(seed, k)`.
    pub seed: Seed,
    /// The current deal's number, from 0 (deal 0's forehand deals deal 1; from deal 1 on the
    /// deal passes one seat each deal).
    pub deal_number: u32,
    /// Each team's multiplied total before the current deal (index 0: seats 0 and 2).
    pub scores: [u32; 2],
    /// The current deal: dealer, forehand, the hands as dealt, the choices and the plays.
    pub deal: SchieberDealSetup,
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Schieber);

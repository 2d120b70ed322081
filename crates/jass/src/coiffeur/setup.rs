//! [`CoiffeurSetup`]: an explicit position of a Coiffeur game.

use super::*;

/// An explicit position of a whole Coiffeur game: the seed of the later deals, the current
/// deal's number, the score sheet of the deals before it, and the current deal: its dealer,
/// the hands as dealt, the choices (passes and the chosen slot), the Trio modes and the plays.
///
/// [`Game::from_setup`] checks the sheet (each cell a slot on the sheet of a side at the
/// table, once; its declarer of that side; card points 0 to 157, 157 with a Match; its points
/// [`coiffeur_points`] at the slot's factor; one cell per earlier deal, numbered
/// `0..deal_number`) and the hands (nine cards each, the deck once), then replays the
/// choices, Trio modes and plays through the game. The hands need not be those the seed would
/// deal; the deals after the current one come from the seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoiffeurSetup {
    /// The game's seed: deal `k` after the current one is [`SeededDeal::later`]`(seed, k, …)`.
    pub seed: Seed,
    /// The current deal's number, from 0 (below [`CoiffeurRules::deals`]).
    pub deal_number: u32,
    /// The filled cells of the deals before the current one (any order; `setup()` gives them
    /// in deal order).
    pub sheet: Vec<SheetCell>,
    /// The current deal's dealer.
    pub dealer: PlayerId,
    /// The four hands as dealt, nine cards each, together the deck.
    pub hands: [CardSet<JassCard>; SEATS],
    /// The choices made so far this deal, in order: passes, then the chosen slot's action.
    pub choices: Vec<Action>,
    /// In a Trio, the segment modes named so far, in order (the first before play 1, the
    /// second before play 13, the third before play 25; left out of JSON when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trio: Vec<Mode>,
    /// The cards played so far this deal, in order.
    pub plays: Vec<JassCard>,
}

/// A score-sheet cell of a setup that cannot be.
pub(super) fn bad_cell(action: Action, why: &'static str) -> SetupError {
    SetupError::Sheet { action, why }
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Coiffeur);

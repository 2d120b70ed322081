//! The [`Game`] trait every game crate implements, and the small types around it.

use core::fmt;

use crate::{GameRng, Seed};

/// A seat at the table, numbered from 0 in turn order.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat number as an index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one at a table of `players`.
    #[must_use]
    pub const fn next(self, players: usize) -> PlayerId {
        PlayerId(((self.0 as usize + 1) % players) as u8)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// A game could not be set up (or a view could not be turned into a world).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game is not played by this many players.
    #[error("{game} is played by {min} to {max} players, not {got}")]
    PlayerCount {
        /// The game's name.
        game: &'static str,
        /// Players asked for.
        got: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// The rules value is inconsistent.
    #[error("invalid rules: {0}")]
    Rules(String),
    /// A state, setup or view handed in breaks the game's invariants.
    #[error("invalid state: {0}")]
    State(String),
}

/// Where every card of the deck is, summarized: how many card slots the state holds and which
/// cards they are. A state conserves cards when `count == DECK_SIZE` and `cards` is the full deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Census {
    /// Total number of card slots over all zones.
    pub count: usize,
    /// Union of the cards in all zones, as deck bits.
    pub cards: u64,
}

impl Census {
    /// Adds the cards of one zone.
    pub fn add_bits(&mut self, bits: u64) {
        self.count += bits.count_ones() as usize;
        self.cards |= bits;
    }

    /// Adds one card by index.
    pub fn add_index(&mut self, index: u8) {
        self.count += 1;
        self.cards |= 1 << index;
    }
}

/// A game as a pure state machine: a state value, its legal actions, and transitions that either
/// return the next state or a typed error (never panicking, never changing `self`).
///
/// The trait is what the generic tools need — the random player, [`GameRecord`](crate::GameRecord)
/// replay, the conformance harness, the CLI's simulations. Each game crate also offers a richer API
/// of its own (integer settlements, real-time claims, pure scoring functions).
pub trait Game:
    Clone + PartialEq + fmt::Debug + serde::Serialize + serde::de::DeserializeOwned + Send + Sync
{
    /// The rules configuration (`Default` is the documented default).
    type Rules: Clone
        + PartialEq
        + fmt::Debug
        + Default
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;
    /// One move. `Copy`, with a stable index mapping (see [`Game::action_index`]).
    type Action: Copy
        + Eq
        + fmt::Debug
        + fmt::Display
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;
    /// What one player may see.
    type View: Clone + PartialEq + fmt::Debug + serde::Serialize + serde::de::DeserializeOwned;
    /// Why an action was refused.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The game's name, as used in records and on the command line.
    const NAME: &'static str;
    /// Number of cards in the game's deck (for the conservation check).
    const DECK_SIZE: usize;
    /// Size of the action index space: every action maps to an index below this.
    const NUM_ACTIONS: usize;
    /// Fewest players.
    const MIN_PLAYERS: usize;
    /// Most players.
    const MAX_PLAYERS: usize;

    /// A new game for `players` seats; every chance event comes from `seed`.
    ///
    /// # Errors
    /// [`SetupError`] for an unsupported player count or inconsistent rules.
    fn new(rules: &Self::Rules, players: usize, seed: Seed) -> Result<Self, SetupError>;

    /// The rules this game is played under.
    fn rules(&self) -> &Self::Rules;

    /// Number of seats.
    fn num_players(&self) -> usize;

    /// The seat that must act next, or `None` when the game is over.
    fn to_act(&self) -> Option<PlayerId>;

    /// Clears `out` and fills it with every legal action, in the game's documented stable order.
    /// Empty exactly when the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// The state after `action`.
    ///
    /// # Errors
    /// `Self::Error` when the action is not legal here; `self` is unchanged.
    fn apply(&self, action: &Self::Action) -> Result<Self, Self::Error>;

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.to_act().is_none()
    }

    /// Zero-sum utilities, one per seat (all 0 until the game is over).
    fn returns(&self) -> Vec<f64>;

    /// What `player` may see.
    fn view(&self, player: PlayerId) -> Self::View;

    /// A full state consistent with `view`: hidden cards dealt at random from those unseen.
    ///
    /// # Errors
    /// [`SetupError::State`] when the view is inconsistent (it can be deserialized from anywhere).
    fn sample_world(view: &Self::View, rng: &mut GameRng) -> Result<Self, SetupError>;

    /// The stable index of `action`, below [`Game::NUM_ACTIONS`].
    fn action_index(action: &Self::Action) -> usize;

    /// The action with this index, or `None` when `index >= NUM_ACTIONS`.
    fn action_from_index(index: usize) -> Option<Self::Action>;

    /// An upper bound on the number of actions any game under `rules` with `players` seats takes.
    fn max_actions(rules: &Self::Rules, players: usize) -> usize;

    /// Where the cards are (for the conservation check).
    fn census(&self) -> Census;
}

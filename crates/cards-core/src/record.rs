//! [`GameRecord`]: a self-contained, replayable record of one game.

use crate::{Game, Seed, SetupError};

/// Everything needed to replay a game exactly: game name, rules, seats, seed and actions.
///
/// ```
/// # use cards_core::{Game, GameRecord};
/// # fn demo<G: Game>(record: &GameRecord<G>) {
/// let json = serde_json::to_string(record).unwrap();
/// let back: GameRecord<G> = serde_json::from_str(&json).unwrap();
/// assert_eq!(back.replay().ok(), record.replay().ok());
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub struct GameRecord<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The rules played under.
    pub rules: G::Rules,
    /// Number of seats.
    pub players: usize,
    /// The seed of the deal.
    pub seed: Seed,
    /// The actions in the order they were applied.
    pub actions: Vec<G::Action>,
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The record is for another game.
    #[error("the record is for {got:?}, not {expected:?}")]
    WrongGame {
        /// This game's name.
        expected: &'static str,
        /// The record's game name.
        got: String,
    },
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An action was refused.
    #[error("action {index} ({action}) was refused: {source}")]
    Illegal {
        /// Position of the action in the record.
        index: usize,
        /// The action, as text.
        action: String,
        /// The game's reason.
        source: E,
    },
}

impl<G: Game> GameRecord<G> {
    /// An empty record for a new game.
    #[must_use]
    pub fn new(rules: G::Rules, players: usize, seed: Seed) -> Self {
        GameRecord {
            game: G::NAME.to_owned(),
            rules,
            players,
            seed,
            actions: Vec::new(),
        }
    }

    /// Plays the record from the start and returns the final state.
    ///
    /// # Errors
    /// [`ReplayError`] when the record names another game, the setup fails or an action is refused.
    pub fn replay(&self) -> Result<G, ReplayError<G::Error>> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                got: self.game.clone(),
            });
        }
        let mut state = G::new(&self.rules, self.players, self.seed)?;
        for (index, action) in self.actions.iter().enumerate() {
            state = state.apply(action).map_err(|source| ReplayError::Illegal {
                index,
                action: action.to_string(),
                source,
            })?;
        }
        Ok(state)
    }
}

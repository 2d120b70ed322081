//! [`GameRecord`]: a self-contained, replayable record of one game.

use crate::rng::SeedText;
use crate::{Game, Seed};

/// Where a recorded game starts: a seeded deal, or an explicit setup. Two starts are equal when
/// they start the same game: how a seed is written (`integer`) does not count.
#[derive(Clone, Debug)]
pub enum Start<G: Game> {
    /// [`Game::new`] with this many seats and this seed.
    Seed {
        /// Number of seats.
        players: usize,
        /// The seed.
        seed: Seed,
        /// The integer `n` the seed was made from (`Seed::from(n)`), when it was: the record
        /// then writes `n`, as the user gave it, instead of the 64 hex digits. Ignored (the
        /// hex digits written) when `Seed::from(n)` is not `seed`.
        integer: Option<u64>,
    },
    /// [`Game::from_setup`] with this setup.
    Setup(G::Setup),
}

impl<G: Game> PartialEq for Start<G> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (
                Start::Seed { players, seed, .. },
                Start::Seed {
                    players: p,
                    seed: s,
                    ..
                },
            ) => players == p && seed == s,
            (Start::Setup(a), Start::Setup(b)) => a == b,
            _ => false,
        }
    }
}

/// Everything needed to replay a game exactly: game name, rules, start, and the actions.
///
/// JSON form: `{"format", "game", "rules", "players", "seed", "actions"}` for a seeded start
/// (the seed as 64 hex digits or as the integer `n` of `Seed::from(n)`), or `{"format", "game",
/// "rules", "setup", "actions"}` for an explicit one. `format` is [`crate::FORMAT`] (read as 1
/// when absent); a record of another format, and unknown fields, are refused.
///
/// ```
/// # use cards_core::{Game, GameRecord};
/// # fn demo<G: Game>(record: &GameRecord<G>) {
/// let json = serde_json::to_string(record).unwrap();
/// let back: GameRecord<G> = serde_json::from_str(&json).unwrap();
/// assert_eq!(back.replay().ok(), record.replay().ok());
/// # }
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The rules played under.
    pub rules: G::Rules,
    /// Where the game starts.
    pub start: Start<G>,
    /// The actions in the order they were applied.
    pub actions: Vec<G::Action>,
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<G: Game> {
    /// The record is for another game.
    #[error("the record is for {got:?}, not {expected:?}")]
    WrongGame {
        /// This game's name.
        expected: &'static str,
        /// The record's game name.
        got: String,
    },
    /// The game could not be set up.
    #[error("the game cannot be set up: {0}")]
    Setup(G::SetupError),
    /// An action was refused.
    #[error("action {number} ({action}, counting from 1) was refused: {reason}")]
    Illegal {
        /// Position of the action in the record, counting from 1.
        number: usize,
        /// The action, as text.
        action: String,
        /// The game's reason (in the message, so not also a `source`).
        reason: G::Error,
    },
}

impl<G: Game> GameRecord<G> {
    /// An empty record of a seeded game.
    #[must_use]
    pub fn new(rules: G::Rules, players: usize, seed: Seed) -> Self {
        GameRecord {
            game: G::NAME.to_owned(),
            rules,
            start: Start::Seed {
                players,
                seed,
                integer: None,
            },
            actions: Vec::new(),
        }
    }

    /// An empty record of a game seeded with `Seed::from(seed)`, which writes its seed as that
    /// integer (`"seed": 42`), the form a command line or an oracle request gives.
    #[must_use]
    pub fn from_integer_seed(rules: G::Rules, players: usize, seed: u64) -> Self {
        GameRecord {
            game: G::NAME.to_owned(),
            rules,
            start: Start::Seed {
                players,
                seed: Seed::from(seed),
                integer: Some(seed),
            },
            actions: Vec::new(),
        }
    }

    /// An empty record of a game from an explicit setup.
    #[must_use]
    pub fn from_setup(rules: G::Rules, setup: G::Setup) -> Self {
        GameRecord {
            game: G::NAME.to_owned(),
            rules,
            start: Start::Setup(setup),
            actions: Vec::new(),
        }
    }

    /// The game at the record's start.
    ///
    /// # Errors
    /// [`ReplayError`] when the record names another game or the setup fails.
    pub fn start_state(&self) -> Result<G, ReplayError<G>> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                got: self.game.chars().take(64).collect(),
            });
        }
        match &self.start {
            Start::Seed { players, seed, .. } => G::new(&self.rules, *players, *seed),
            Start::Setup(setup) => G::from_setup(&self.rules, setup.clone()),
        }
        .map_err(ReplayError::Setup)
    }

    /// Plays the record from the start and returns the final state.
    ///
    /// # Errors
    /// [`ReplayError`] when the record names another game, the setup fails or an action is
    /// refused.
    pub fn replay(&self) -> Result<G, ReplayError<G>> {
        let mut state = self.start_state()?;
        for (i, &action) in self.actions.iter().enumerate() {
            state.play(action).map_err(|reason| ReplayError::Illegal {
                number: i + 1,
                action: action.to_string(),
                reason,
            })?;
        }
        Ok(state)
    }
}

/// The record's JSON form: optional fields, checked to be exactly one kind of start.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(bound = "", deny_unknown_fields, rename = "GameRecord")]
struct RawRecord<G: Game> {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<u32>,
    game: String,
    rules: G::Rules,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    players: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<SeedText>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    setup: Option<G::Setup>,
    actions: Vec<G::Action>,
}

impl<G: Game> serde::Serialize for GameRecord<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (players, seed, setup) = match &self.start {
            Start::Seed {
                players,
                seed,
                integer,
            } => {
                let written = match integer {
                    Some(n) if Seed::from(*n) == *seed => SeedText::Integer(*n),
                    _ => SeedText::Bytes(*seed),
                };
                (Some(*players), Some(written), None)
            }
            Start::Setup(setup) => (None, None, Some(setup.clone())),
        };
        RawRecord::<G> {
            format: Some(crate::FORMAT),
            game: self.game.clone(),
            rules: self.rules.clone(),
            players,
            seed,
            setup,
            actions: self.actions.clone(),
        }
        .serialize(s)
    }
}

impl<'de, G: Game> serde::Deserialize<'de> for GameRecord<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let raw = RawRecord::<G>::deserialize(d)?;
        crate::format::check("record", raw.format).map_err(D::Error::custom)?;
        let start = match (raw.players, raw.seed, raw.setup) {
            (Some(players), Some(seed), None) => Start::Seed {
                players,
                seed: seed.seed(),
                integer: match seed {
                    SeedText::Integer(n) => Some(n),
                    SeedText::Bytes(_) => None,
                },
            },
            (None, None, Some(setup)) => Start::Setup(setup),
            _ => {
                return Err(D::Error::custom(
                    "a record starts either from \"players\" and \"seed\" or from a \"setup\"",
                ));
            }
        };
        Ok(GameRecord {
            game: raw.game,
            rules: raw.rules,
            start,
            actions: raw.actions,
        })
    }
}

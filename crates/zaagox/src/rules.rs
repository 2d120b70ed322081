//! [`Rules`]: every Zaägox rule decision that the spec names as an option.

use core::ops::RangeInclusive;

use cards_core::PlayerId;

use crate::{SetupError, ShapeMap};

/// What Ava means (`docs/zaagox.md`, "Ava").
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum AvaRule {
    /// Default: the declarer draws one extra card into the hand and play goes on; the declarer wins
    /// on five cards the moment a fifth card is stored, and pays the whole amount alone if another
    /// player wins first.
    #[default]
    Continue,
    /// The seed's literal procedure: the drawn card is stored at once as the fifth card and the game
    /// ends.
    Immediate,
}

/// Who takes the first turn.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum FirstPlayer {
    /// Default: drawn from the seed, after the shuffle.
    #[default]
    FromSeed,
    /// A fixed seat.
    Seat(PlayerId),
}

/// How a negative winning score settles.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum NegativeScores {
    /// Default: used as it is, so the winner pays each loser.
    #[default]
    Pay,
    /// Settled as 0: nobody pays.
    AsZero,
}

/// The rules a Zaägox game is played under. `Rules::default()` is the documented default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// What Ava means.
    pub ava: AvaRule,
    /// Who starts.
    pub first_player: FirstPlayer,
    /// The game ends exhausted when this many turns have been played (a turn is one draw and the
    /// action after it). At least 1, at most [`Rules::MAX_TURN_LIMIT`].
    pub turn_limit: u32,
    /// How a negative winning score settles.
    pub negative_scores: NegativeScores,
    /// Which card carries which picture (left out of JSON when it is the default map).
    #[serde(skip_serializing_if = "ShapeMap::is_default")]
    pub shapes: ShapeMap,
}

impl Rules {
    /// The player counts Zaägox is played with.
    pub const PLAYERS: RangeInclusive<usize> = 2..=Self::MAX_PLAYERS;
    /// The most seats at a Zaägox table (the size of per-seat arrays in the state).
    pub const MAX_PLAYERS: usize = 4;
    /// Cards dealt to each seat at the start.
    pub const HAND_SIZE: usize = 4;
    /// The default turn limit.
    pub const DEFAULT_TURN_LIMIT: u32 = 1_000;
    /// The largest turn limit accepted, so that every game has a bound a search can rely on.
    pub const MAX_TURN_LIMIT: u32 = 1_000_000;

    /// Checks the rules for a table of `players` seats.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] outside [`Rules::PLAYERS`], [`SetupError::RuleRange`] for a
    /// turn limit outside `1..=MAX_TURN_LIMIT`, [`SetupError::SeatNotAtTable`] for a fixed
    /// first seat that is not at the table.
    pub fn validate(&self, players: usize) -> Result<(), SetupError> {
        cards_core::PlayerCountError::check(
            <crate::Zaagox as cards_core::Game>::NAME,
            players,
            Self::PLAYERS,
        )?;
        cards_core::RuleRangeError::check(
            "turn_limit",
            self.turn_limit,
            1..=u64::from(Self::MAX_TURN_LIMIT),
        )?;
        if let FirstPlayer::Seat(seat) = self.first_player
            && seat.index() >= players
        {
            return Err(SetupError::SeatNotAtTable {
                what: "first_player",
                seat,
                players,
            });
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            ava: AvaRule::default(),
            first_player: FirstPlayer::default(),
            turn_limit: Self::DEFAULT_TURN_LIMIT,
            negative_scores: NegativeScores::default(),
            shapes: ShapeMap::default(),
        }
    }
}

/// Zaägox names no preset: its options are set one by one.
impl cards_core::Presets for Rules {}

//! The registry's refusals, each in the user's words.

/// Why a lookup in the catalogue found nothing, naming what exists.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LookupError {
    /// No game of that name.
    #[error("{name:?} is not a game this build plays; the games are {}", .games.join(", "))]
    Game {
        /// The name asked for (cut to 64 characters).
        name: String,
        /// The games there are.
        games: Vec<&'static str>,
    },
    /// A variant the game does not have.
    #[error("{}", variant_message(.game, .variant, .variants))]
    Variant {
        /// The game.
        game: &'static str,
        /// The variant asked for (cut to 64 characters).
        variant: String,
        /// The game's variants (empty: it has none).
        variants: Vec<&'static str>,
    },
}

fn variant_message(game: &str, variant: &str, variants: &[&str]) -> String {
    if variants.is_empty() {
        format!("{game} has no variants, so the variant {variant:?} does not apply")
    } else {
        format!(
            "the variants of {game} are {}, not {variant:?}",
            variants.join(", ")
        )
    }
}

/// Why a table refused: the game's own words, and the table unchanged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The rules are not the game's rules (its deserializer's words).
    #[error("bad rules: {0}")]
    Rules(String),
    /// The game cannot be set up (players, or a rule out of its range).
    #[error("the game cannot be set up: {0}")]
    Setup(String),
    /// A record that is not one of this game type, or does not replay.
    #[error("not a record that replays: {0}")]
    Record(String),
    /// Text that is no move of the game.
    #[error("{0}")]
    Notation(String),
    /// A move the rules refuse.
    #[error("refused: {0}")]
    Refused(String),
    /// An index past the legal moves.
    #[error("there are {legal} legal moves, numbered from 0, not {index}")]
    Index {
        /// The index given.
        index: usize,
        /// How many legal moves there are.
        legal: usize,
    },
    /// A seat not at the table.
    #[error("the seats are 0 to {}, not {seat}", .players.saturating_sub(1))]
    Seat {
        /// The seat given.
        seat: usize,
        /// The table's seats.
        players: usize,
    },
    /// A bot name that is not one of the ladder's.
    #[error("{0}")]
    Bot(String),
    /// The game is over: nobody acts.
    #[error("the game is over")]
    Over,
    /// A tournament cannot be held, or a game of it failed.
    #[error("{0}")]
    Tournament(#[from] cards_bots::TournamentError),
    /// A tensor asked for into a buffer of the wrong length.
    #[error("{0}")]
    Shape(String),
    /// Shards that do not merge, or a range that is no shard.
    #[error("{0}")]
    Shard(#[from] crate::shard::ShardError),
    /// A value could not be written as JSON (a bug in a game's serde, shown as such).
    #[error("cannot write JSON: {0}")]
    Json(String),
    /// A deal with outside programs ended after
    /// [`stop_every_program`](crate::pipe::stop_every_program): it may have been played partly
    /// by the faults' fallback, so it is no result.
    #[error("deal {deal} was cut short: every outside program was stopped")]
    ProgramsStopped {
        /// The deal.
        deal: u64,
    },
}

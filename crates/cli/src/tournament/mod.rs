//! `cardrules tournament`: duplicate matches between bots of the ladder, with intervals.
//!
//! Deal `d` of a run is dealt from a seed drawn from the run's seed and `d` alone, and each of
//! its games seats bots seeded from that deal's seed, so every deal's result is fixed by the
//! seed: deals run in parallel on a local rayon pool, in chunks, and their results are folded
//! in deal order, so the table is the same whatever the number of threads. Only the timing
//! differs.
//!
//! # The `--json` report
//! One object: `game`, `variant`, `rules`, `players`, `seed`, `deals`, `bots` (the bots'
//! names, as given), `seatings` (each a string of `A`/`B` per seat, bot A being the first of a
//! pair), `standings` (`cards_bots::Standings`: per bot its games, its mean `settlement` per
//! seat and its Bradley–Terry `rating`, each `{mean, lo, hi}` with the 95 % interval; per pair
//! `a`, `b`, `deals`, `margin` (what `a` takes from `b` a game, the interval over deals),
//! `significant`, `wins`, `draws`, `losses`, `win_rate` (a's share of decisive games, Wilson
//! interval)), `records` (files written) and `timing` (`seconds`, `deals_per_second`).

mod run;

pub use run::tournament;

use std::path::PathBuf;

use cards_registry::rules::RuleChoices;

/// The most deals a tournament plays: the registry's, as for every front end.
pub use cards_registry::MAX_DEALS;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Seats.
    pub players: usize,
    /// The bots, as given.
    pub bots: Vec<String>,
    /// The time an `exec:` program has for each decision.
    pub answer_time: std::time::Duration,
    /// Deals.
    pub deals: u64,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Whether to draw a progress bar on stderr.
    pub progress: bool,
    /// Where to write every game's record.
    pub record: Option<PathBuf>,
    /// Whether records already in the directory may be replaced (`--force`).
    pub force: bool,
    /// The game's variant, as given.
    pub variant: Option<String>,
    /// The rules to play under.
    pub rules: RuleChoices,
}

/// Why a tournament could not run.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A bot's name is not one of the ladder's.
    #[error("{0}")]
    Bot(#[from] cards_bots::ParseBotError),
    /// The rules asked for are not valid for the game.
    #[error("bad rules: {0}")]
    Rules(String),
    /// The tournament cannot be held, or a game of it failed.
    #[error("{0}")]
    Play(#[from] cards_registry::TableError),
    /// The thread pool could not be built.
    #[error("cannot start {threads} worker threads: {source}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// rayon's reason.
        source: rayon::ThreadPoolBuildError,
    },
    /// The report or a record could not be written as JSON.
    #[error("cannot write the report: {0}")]
    Write(#[from] serde_json::Error),
    /// A record file (or its directory) cannot be written.
    #[error("--record: {0}")]
    Record(#[from] crate::output::OutputError),
}

//! `cardrules simulate`: many games between uniformly random players, summarized.
//!
//! Game `i` (counting from 0) is played from `Seed::from(seed + i)`, the addition wrapping
//! at 2^64, so under default rules game `i` of a run is the oracle's `playout` with that seed
//! (Jass: `simulate` plays whole Schieber games, and `jass.playout` is the first deal of
//! one). Games are played in parallel on a local rayon pool, in chunks: each chunk's results
//! are collected by index and folded into the [`Stats`] in game order, so every statistic (the notable games
//! included: ties go to the earlier game) is the same whatever the number of threads. Only
//! the timing differs between runs.
//!
//! This engine is the same for every game: seeds, threads, chunking, actions per game, the
//! settlement, the notable games (lowest and highest score, most actions) and timing. What a
//! game counts beyond that (wins, scores, its own events, turns) is its [`Tally`], supplied by
//! its adapter with the game's terms ([`About`]).
//!
//! # The `--json` report
//! One object; every field but `timing` (and the paths in `records`) is the same on every run:
//! - `game`, `variant` (`null` for a game without variants), `rules` (the rules played, in the
//!   game's rules JSON), `games`, `players`, `seed` (the first game's), `seeds` (how game i
//!   gets its seed), `player` (who plays: uniformly random);
//! - the game's own fields (Zaägox: `wins`, `win_rate`, `exhausted`, `ava`, `winner_score`,
//!   `turns`; see the adapter), rates being shares (0 to 1) of what their doc says;
//! - `unfinished`: games stopped at the game's action bound (a rules bug if not 0);
//! - `actions`: actions per game `{mean, median, min, max}`;
//! - `settlement`: `{total, mean}` by seat (the game's integer settlement, summed and per game);
//! - `notable`: `{score, min_score, max_score, most_actions}`, `score` naming the game's score,
//!   each other an object `{game, seed, value, actions}` (`game` the index in the run, `value`
//!   the score or the action count) with `record` (the file written) under `--record`, or
//!   `null` when no game qualifies;
//! - `records`: the record files written (empty without `--record`);
//! - `timing`: `{seconds, games_per_second}`, and the rate of the game's other unit where it
//!   has one (Jass and Letom matches: `deals_per_second`).

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

pub use crate::rules::RuleChoices;

/// Games per chunk: results of one chunk are held in memory before they are folded.
pub const CHUNK: u64 = 1 << 14;

/// Runs with at least this many games show a progress bar (on a terminal, not with `--json`).
pub const PROGRESS_MIN_GAMES: u64 = 2000;

/// The most games `--record-all` writes a record for (one file per game).
pub const MAX_RECORD_ALL: u64 = 1000;

/// Who plays every game of a simulation.
pub const PLAYER: &str = "uniformly random (each legal action equally likely)";

/// What to simulate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Number of seats.
    pub players: usize,
    /// Number of games (at least 1).
    pub games: u64,
    /// The first game's seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Whether to draw a progress bar on stderr.
    pub progress: bool,
    /// Where to write game records (`--record DIR`); `None` writes none.
    pub record: Option<PathBuf>,
    /// Whether to record every game (`--record-all`, at most [`MAX_RECORD_ALL`] games)
    /// rather than only the notable ones.
    pub record_all: bool,
    /// The game's variant (`--variant`); `None`: its default.
    pub variant: Option<String>,
    /// The rules to play under (`--rules`, `--rule`).
    pub rules: RuleChoices,
}

/// Why a simulation could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    /// The thread pool could not be built.
    #[error("cannot start {threads} worker threads: {source}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// rayon's reason.
        source: rayon::ThreadPoolBuildError,
    },
    /// A game could not be set up.
    #[error("game {index} (seed {seed}) could not be set up: {source}")]
    Game {
        /// The game's index in the run.
        index: u64,
        /// Its seed.
        seed: u64,
        /// The game's reason.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The report or a record could not be written as JSON.
    #[error("cannot write the report: {0}")]
    Write(serde_json::Error),
    /// The rules asked for are not valid for the game.
    #[error("bad rules: {0}")]
    Rules(String),
    /// The variant asked for does not exist or is not implemented yet.
    #[error("{0}")]
    Variant(String),
    /// A record file (or its directory) could not be written.
    #[error("cannot write the record {path}: {source}")]
    Record {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// A term of a game's summary, explained in its legend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    /// The word as the summary prints it.
    pub word: &'static str,
    /// What it means, in one sentence.
    pub meaning: &'static str,
}

/// What a game tells the summary about itself (from its adapter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    /// The game's terms, explained in the legend after the generic ones.
    pub terms: &'static [Term],
    /// What the game's score of one game is (Zaägox: "winner score"), for the notable games.
    pub score: &'static str,
    /// What the oracle's `<game>.trace` of a game's seed shows of the game under default
    /// rules: `it` (the whole game) or `its first deal` (Jass).
    pub traced: &'static str,
}

/// The terms every summary uses.
pub const GENERIC_TERMS: &[Term] = &[
    Term {
        word: "action",
        meaning: "one choice by one player; every choice counts, even when only one was legal",
    },
    Term {
        word: "settlement",
        meaning: "what a seat won (+) or paid (-) in a game; the seats' settlements add up to 0",
    },
];

/// What a game counts over a run beyond the generic statistics, folded in game order.
///
/// Implementations hold integers only, so a run's statistics never depend on the order of
/// floating-point additions.
pub trait Tally: Clone + fmt::Debug + PartialEq + Send {
    /// What one finished game contributes (computed on a worker thread).
    type Summary: Send;
    /// The game's part of the report: flattened into the JSON report, and shown as whole
    /// lines (each ending with a line end) in the text report.
    type Report: Serialize + fmt::Display;

    /// Nothing counted yet, for a table of `players`.
    fn new(players: usize) -> Self;

    /// Counts one game.
    fn add(&mut self, summary: &Self::Summary);

    /// The report after `games` games.
    fn report(&self, games: u64) -> Self::Report;

    /// Other lengths per game the game counts (Zaägox: turns), shown beside actions in the
    /// text report's length table. Their JSON is the game's own (in [`Self::Report`]).
    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        Vec::new()
    }

    /// Another unit the game counts (Jass: deals), whose rate per second the timing reports
    /// beside games per second: its name (plural) and how many were counted.
    fn unit(&self) -> Option<(&'static str, u64)> {
        None
    }
}

/// How many games had each value of a per-game count (actions, turns, …): exact, integer,
/// and independent of the order games are added in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Distribution(BTreeMap<u64, u64>);

impl Distribution {
    /// Counts one game with `value`.
    pub fn add(&mut self, value: u64) {
        *self.0.entry(value).or_default() += 1;
    }

    /// Adds every game counted in `other` (the same as adding them one by one).
    pub fn merge(&mut self, other: &Distribution) {
        for (&value, &count) in &other.0 {
            *self.0.entry(value).or_default() += count;
        }
    }

    /// Games counted.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.0.values().sum()
    }

    /// The mean (0 when empty).
    #[must_use]
    pub fn mean(&self) -> f64 {
        let games = self.count();
        if games == 0 {
            return 0.0;
        }
        let total: u128 = self
            .0
            .iter()
            .map(|(&value, &count)| u128::from(value) * u128::from(count))
            .sum();
        total as f64 / games as f64
    }

    /// The `k`-th smallest value (0-based; 0 when out of range).
    fn nth(&self, k: u64) -> u64 {
        let mut seen = 0;
        for (&value, &count) in &self.0 {
            seen += count;
            if seen > k {
                return value;
            }
        }
        0
    }

    /// The median (the mean of the two middle games for an even count; 0 when empty).
    #[must_use]
    pub fn median(&self) -> f64 {
        match self.count() {
            0 => 0.0,
            n if n % 2 == 1 => self.nth(n / 2) as f64,
            n => (self.nth(n / 2 - 1) as f64 + self.nth(n / 2) as f64) / 2.0,
        }
    }

    /// The smallest value (0 when empty).
    #[must_use]
    pub fn min(&self) -> u64 {
        self.0.keys().next().copied().unwrap_or(0)
    }

    /// The largest value (0 when empty).
    #[must_use]
    pub fn max(&self) -> u64 {
        self.0.keys().next_back().copied().unwrap_or(0)
    }

    /// Mean, median, min and max.
    #[must_use]
    pub fn report(&self) -> LengthReport {
        LengthReport {
            mean: self.mean(),
            median: self.median(),
            min: self.min(),
            max: self.max(),
        }
    }
}

/// One random game, as the engine counts it.
#[derive(Debug, Clone, PartialEq)]
pub struct Played<S> {
    /// Number of actions played.
    pub actions: usize,
    /// Whether the game ended (false: it stopped at the game's action bound, a rules bug).
    pub finished: bool,
    /// The game's integer settlement, one entry per seat.
    pub settlement: Vec<i64>,
    /// The game's score ([`About::score`]); `None` when it has none (Zaägox: no winner).
    pub score: Option<i64>,
    /// What the game's [`Tally`] counts.
    pub summary: S,
}

/// A game of the run worth replaying: the lowest or highest score, the most actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notable {
    /// Its index in the run (from 0).
    pub game: u64,
    /// Its seed (`seed + game`, wrapping).
    pub seed: u64,
    /// The score, or the number of actions.
    pub value: i64,
    /// Number of actions.
    pub actions: u64,
    /// The record written for it (`--record`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// Everything counted over a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats<T> {
    /// The game's name.
    pub game: &'static str,
    /// Number of seats.
    pub players: usize,
    /// The first game's seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Games that stopped at the action bound without ending (should stay 0).
    pub unfinished: u64,
    /// Actions per game.
    pub actions: Distribution,
    /// Sum of the settlements, by seat.
    pub settlement: Vec<i128>,
    /// The first game with the lowest score.
    pub min_score: Option<Notable>,
    /// The first game with the highest score.
    pub max_score: Option<Notable>,
    /// The first game with the most actions.
    pub most_actions: Option<Notable>,
    /// The game's own counts.
    pub tally: T,
}

/// `count` as a share of `of` (0 when `of` is 0).
#[must_use]
pub fn rate(count: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        count as f64 / of as f64
    }
}

impl<T: Tally> Stats<T> {
    /// Empty statistics for a run.
    #[must_use]
    pub fn new(game: &'static str, players: usize, seed: u64) -> Self {
        Stats {
            game,
            players,
            seed,
            games: 0,
            unfinished: 0,
            actions: Distribution::default(),
            settlement: vec![0; players],
            min_score: None,
            max_score: None,
            most_actions: None,
            tally: T::new(players),
        }
    }

    /// Counts the next game of the run (games are added in index order).
    pub fn add(&mut self, game: &Played<T::Summary>) {
        let index = self.games;
        let actions = game.actions as u64;
        let notable = |value: i64| Notable {
            game: index,
            seed: self.seed.wrapping_add(index),
            value,
            actions,
            record: None,
        };
        if let Some(score) = game.score {
            if self.min_score.as_ref().is_none_or(|n| score < n.value) {
                self.min_score = Some(notable(score));
            }
            if self.max_score.as_ref().is_none_or(|n| score > n.value) {
                self.max_score = Some(notable(score));
            }
        }
        if self
            .most_actions
            .as_ref()
            .is_none_or(|n| actions > n.actions)
        {
            self.most_actions = Some(notable(i64::try_from(actions).unwrap_or(i64::MAX)));
        }
        self.games += 1;
        self.actions.add(actions);
        self.unfinished += u64::from(!game.finished);
        for (sum, &value) in self.settlement.iter_mut().zip(&game.settlement) {
            *sum += i128::from(value);
        }
        self.tally.add(&game.summary);
    }

    /// The report as a serializable value (the `--json` output), with the game's terms and
    /// the rules played.
    #[must_use]
    pub fn report(&self, elapsed: Duration, about: &About, run: RunRules) -> Report<T::Report> {
        let seconds = elapsed.as_secs_f64();
        let per_second = |count: u64| {
            if seconds > 0.0 {
                count as f64 / seconds
            } else {
                0.0
            }
        };
        Report {
            game: self.game,
            variant: run.variant,
            rules: run.rules,
            games: self.games,
            players: self.players,
            seed: self.seed,
            seeds: "game i uses Seed::from(seed + i), wrapping at 2^64",
            player: PLAYER,
            details: self.tally.report(self.games),
            unfinished: self.unfinished,
            actions: self.actions.report(),
            settlement: SettlementReport {
                total: self.settlement.clone(),
                mean: self
                    .settlement
                    .iter()
                    .map(|&sum| {
                        if self.games == 0 {
                            0.0
                        } else {
                            sum as f64 / self.games as f64
                        }
                    })
                    .collect(),
            },
            notable: NotableReport {
                score: about.score,
                min_score: self.min_score.clone(),
                max_score: self.max_score.clone(),
                most_actions: self.most_actions.clone(),
            },
            records: Vec::new(),
            timing: Timing {
                seconds,
                games_per_second: per_second(self.games),
                units: self
                    .tally
                    .unit()
                    .map(|(name, count)| (format!("{name}_per_second"), per_second(count)))
                    .into_iter()
                    .collect(),
            },
            text: TextParts {
                terms: about.terms,
                lengths: self.tally.lengths(),
                record_dir: None,
                rules: run.described,
                units: self.tally.unit().map(|(name, _)| name),
                args: run.args,
                traced: run.default_rules.then_some(about.traced),
                trace_variant: run.trace_variant,
            },
        }
    }
}

/// The summary of a run: every field but `timing` (and the record paths) is the same on
/// every run. `D` is the game's own part ([`Tally::Report`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report<D> {
    /// The game's name.
    pub game: &'static str,
    /// The variant played (`null` for a game without variants).
    pub variant: Option<&'static str>,
    /// The rules played, in the game's rules JSON.
    pub rules: serde_json::Value,
    /// Games played.
    pub games: u64,
    /// Number of seats.
    pub players: usize,
    /// The first game's seed.
    pub seed: u64,
    /// How games get their seeds.
    pub seeds: &'static str,
    /// Who plays ([`PLAYER`]).
    pub player: &'static str,
    /// What the game counts (its fields appear at this level of the JSON).
    #[serde(flatten)]
    pub details: D,
    /// Games that stopped at the action bound without ending (a game bug if not 0).
    pub unfinished: u64,
    /// Actions per game.
    pub actions: LengthReport,
    /// The settlement by seat.
    pub settlement: SettlementReport,
    /// The games worth replaying.
    pub notable: NotableReport,
    /// The record files written (`--record`), in the order written.
    pub records: Vec<String>,
    /// Wall-clock timing: the only part that differs between runs.
    pub timing: Timing,
    /// What only the text shows.
    #[serde(skip)]
    pub text: TextParts,
}

/// The parts of the text report that the JSON leaves out (it documents its fields instead).
#[derive(Debug, Clone, PartialEq)]
pub struct TextParts {
    /// The game's terms, explained after [`GENERIC_TERMS`].
    pub terms: &'static [Term],
    /// The game's other lengths per game ([`Tally::lengths`]).
    pub lengths: Vec<(&'static str, LengthReport)>,
    /// Where the records were written, with `--record`.
    pub record_dir: Option<String>,
    /// The rules as the command line chose them ([`RuleChoices::describe`]).
    pub rules: String,
    /// The name of the game's other unit ([`Tally::unit`]), whose rate the timing shows.
    pub units: Option<&'static str>,
    /// The variant and rule arguments of the run, as typed (` --rule weis=small`), for the
    /// command that records a notable game.
    pub args: String,
    /// What the oracle's trace shows of a notable game ([`About::traced`]); `None` when the
    /// rules are not the defaults (the oracle plays default rules only).
    pub traced: Option<&'static str>,
    /// The `"variant"` the oracle's trace request names, if not its default.
    pub trace_variant: Option<&'static str>,
}

/// What was played, as the report states it.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRules {
    /// The variant (`None`: the game has none).
    pub variant: Option<&'static str>,
    /// The rules, as JSON.
    pub rules: serde_json::Value,
    /// The rules as the command line chose them.
    pub described: String,
    /// The variant and rule arguments as typed ([`RuleChoices::args`]).
    pub args: String,
    /// Whether these are the game's default rules and variant.
    pub default_rules: bool,
    /// The `"variant"` the oracle's `<game>.trace` needs for this game, if not its default.
    pub trace_variant: Option<&'static str>,
}

/// A count per game (actions, turns): its distribution over the run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LengthReport {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// Fewest.
    pub min: u64,
    /// Most.
    pub max: u64,
}

/// The settlement by seat over a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettlementReport {
    /// Sum over all games, by seat.
    pub total: Vec<i128>,
    /// Mean per game, by seat.
    pub mean: Vec<f64>,
}

/// The games worth replaying; ties go to the earlier game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NotableReport {
    /// What the score is ([`About::score`]).
    pub score: &'static str,
    /// The game with the lowest score (`null` when no game has a score).
    pub min_score: Option<Notable>,
    /// The game with the highest score.
    pub max_score: Option<Notable>,
    /// The game with the most actions.
    pub most_actions: Option<Notable>,
}

impl NotableReport {
    /// The notable games with their labels, in report order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Notable> {
        [
            &mut self.min_score,
            &mut self.max_score,
            &mut self.most_actions,
        ]
        .into_iter()
        .flatten()
    }

    /// `(label, game)` in report order.
    fn labelled(&self) -> Vec<(String, &Notable)> {
        [
            (format!("lowest {}", self.score), &self.min_score),
            (format!("highest {}", self.score), &self.max_score),
            ("most actions".to_owned(), &self.most_actions),
        ]
        .into_iter()
        .filter_map(|(label, game)| game.as_ref().map(|game| (label, game)))
        .collect()
    }
}

/// Wall-clock timing of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Timing {
    /// Seconds spent playing.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// The game's other unit per second (Jass and Letom matches: `deals_per_second`).
    #[serde(flatten)]
    pub units: BTreeMap<String, f64>,
}

/// Plays `config.games` games with `play(players, seed)` and counts them with the tally `T`.
///
/// # Errors
/// [`SimulateError`] when the pool cannot start or a game cannot be set up (the first such
/// game by index).
pub fn run<T, E, F>(
    game: &'static str,
    config: &Config,
    play: F,
) -> Result<(Stats<T>, Duration), SimulateError>
where
    T: Tally,
    E: std::error::Error + Send + Sync + 'static,
    F: Fn(usize, u64) -> Result<Played<T::Summary>, E> + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|source| SimulateError::Threads {
            threads: config.threads,
            source,
        })?;
    let bar = if config.progress {
        let bar = ProgressBar::new(config.games);
        if let Ok(style) =
            ProgressStyle::with_template("{wide_bar} {human_pos}/{human_len} games, eta {eta}")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let start = Instant::now();
    let mut stats = Stats::<T>::new(game, config.players, config.seed);
    let mut first = 0u64;
    while first < config.games {
        let end = first.saturating_add(CHUNK).min(config.games);
        let chunk: Vec<Result<Played<T::Summary>, SimulateError>> = pool.install(|| {
            (first..end)
                .into_par_iter()
                .map(|index| {
                    let seed = config.seed.wrapping_add(index);
                    let result = play(config.players, seed).map_err(|source| SimulateError::Game {
                        index,
                        seed,
                        source: Box::new(source),
                    });
                    bar.inc(1);
                    result
                })
                .collect()
        });
        for played in chunk {
            stats.add(&played?);
        }
        first = end;
    }
    let elapsed = start.elapsed();
    bar.finish_and_clear();
    Ok((stats, elapsed))
}

/// Renders a report: one line of JSON with `json`, else text.
///
/// # Errors
/// [`SimulateError::Write`] when the JSON cannot be written.
pub fn render<D: Serialize + fmt::Display>(
    report: &Report<D>,
    json: bool,
) -> Result<String, SimulateError> {
    if json {
        serde_json::to_string(report).map_err(SimulateError::Write)
    } else {
        Ok(report.to_string())
    }
}

/// A share (0 to 1) as a percentage with two decimals; a non-zero share too small to show is
/// `<0.01%`, one just short of all `>99.99%`. Honours the width and alignment asked for.
#[derive(Debug, Clone, Copy)]
pub struct Percent(pub f64);

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0 * 100.0;
        let text = if p > 0.0 && p < 0.005 {
            "<0.01%".to_owned()
        } else if (99.995..100.0).contains(&p) {
            ">99.99%".to_owned()
        } else {
            format!("{p:.2}%")
        };
        f.pad(&text)
    }
}

/// `1 game`, `2 games`: `count` and the right form of the noun.
#[must_use]
pub fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// One bucket of a histogram: its lowest and highest value (inclusive; `None`: unbounded, for
/// the first and last buckets) and its label.
pub type Bucket = (Option<i64>, Option<i64>, &'static str);

/// The index of the bucket of `value` in `buckets` (ordered, the last one open above).
#[must_use]
pub fn bucket_of(buckets: &[Bucket], value: i64) -> usize {
    buckets
        .iter()
        .position(|&(_, max, _)| max.is_none_or(|max| value <= max))
        .unwrap_or(buckets.len().saturating_sub(1))
}

/// One bucket of a histogram in a report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BucketReport {
    /// The bucket's label.
    pub label: &'static str,
    /// Lowest value in the bucket (`null`: unbounded).
    pub min: Option<i64>,
    /// Highest value in the bucket (`null`: unbounded).
    pub max: Option<i64>,
    /// How many fall in it.
    pub count: u64,
    /// Their share of `of` (the histogram's population).
    pub share: f64,
}

/// The report of a histogram: each bucket with its count and its share of `of`.
#[must_use]
pub fn bucket_reports(buckets: &[Bucket], counts: &[u64], of: u64) -> Vec<BucketReport> {
    buckets
        .iter()
        .zip(counts)
        .map(|(&(min, max, label), &count)| BucketReport {
            label,
            min,
            max,
            count,
            share: rate(count, of),
        })
        .collect()
}

/// Writes a histogram's rows: the label in `label_width` columns, the count, the share in
/// `share_width` columns, then the bar (see [`bar`]), each row indented by two spaces.
///
/// # Errors
/// Only the formatter's.
pub fn write_histogram(
    f: &mut fmt::Formatter<'_>,
    rows: &[BucketReport],
    label_width: usize,
    share_width: usize,
) -> fmt::Result {
    let top = rows.iter().map(|b| b.count).max().unwrap_or(0);
    for b in rows {
        let bar = bar(b.count, top);
        let sep = if bar.is_empty() { "" } else { "  " };
        writeln!(
            f,
            "  {:<label_width$}{:>10}  {:>share_width$}{sep}{bar}",
            b.label,
            b.count,
            Percent(b.share)
        )?;
    }
    Ok(())
}

/// Width of the longest histogram bar, in characters.
pub const BAR_WIDTH: u64 = 40;

/// A histogram bar for `count` out of a largest bucket of `top`: `#`s proportional to the
/// count, rounded to the nearest; empty only for 0, `.` for a count too small for one `#`.
#[must_use]
pub fn bar(count: u64, top: u64) -> String {
    if count == 0 || top == 0 {
        return String::new();
    }
    let len =
        (u128::from(count) * u128::from(BAR_WIDTH) * 2 + u128::from(top)) / (2 * u128::from(top));
    if len == 0 {
        ".".to_owned()
    } else {
        "#".repeat(usize::try_from(len).unwrap_or(0))
    }
}

/// A signed mean with two decimals: `+0.36`, `-0.79`, `0.00`.
fn signed(value: f64) -> String {
    if value.abs() < 0.005 {
        "0.00".to_owned()
    } else {
        format!("{value:+.2}")
    }
}

/// A median: whole when it is, else with one decimal (`97`, `97.5`).
fn median(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

impl<D: fmt::Display> fmt::Display for Report<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.seed.wrapping_add(self.games.saturating_sub(1));
        let wraps = last < self.seed;
        let game = match self.variant {
            Some(variant) => format!("{} ({variant})", self.game),
            None => self.game.to_owned(),
        };
        writeln!(
            f,
            "{}: {}, {} players, seeds {} to {} (game i is played from seed {} + i{})",
            game,
            plural(self.games, "game", "games"),
            self.players,
            self.seed,
            last,
            self.seed,
            if wraps { ", wrapping at 2^64" } else { "" }
        )?;
        writeln!(f, "players: {PLAYER}; {}", self.text.rules)?;
        writeln!(f)?;
        writeln!(f, "Terms")?;
        let terms = GENERIC_TERMS.iter().chain(self.text.terms);
        let width = terms
            .clone()
            .map(|t| t.word.chars().count())
            .max()
            .unwrap_or(0);
        for term in terms {
            let lines = wrap(term.meaning, TEXT_WIDTH.saturating_sub(width + 4).max(30));
            for (i, line) in lines.iter().enumerate() {
                let word = if i == 0 { term.word } else { "" };
                writeln!(f, "  {word:<width$}  {line}")?;
            }
        }
        writeln!(f)?;
        write!(f, "{}", self.details)?;
        if self.unfinished > 0 {
            writeln!(
                f,
                "unfinished: {} stopped at the action bound without ending (a rules bug)",
                plural(self.unfinished, "game", "games")
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "{:<18}{:>9}{:>9}{:>7}{:>7}",
            "Length per game", "mean", "median", "min", "max"
        )?;
        let actions = std::iter::once(("actions", &self.actions));
        let others = self.text.lengths.iter().map(|(name, l)| (*name, l));
        for (name, length) in actions.chain(others) {
            writeln!(
                f,
                "  {:<16}{:>9.2}{:>9}{:>7}{:>7}",
                name,
                length.mean,
                median(length.median),
                length.min,
                length.max
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "{:<10}{:>14}{:>16}",
            "Settlement", "mean per game", "total"
        )?;
        for (seat, (mean, total)) in self
            .settlement
            .mean
            .iter()
            .zip(&self.settlement.total)
            .enumerate()
        {
            let total = if *total > 0 {
                format!("+{total}")
            } else {
                total.to_string()
            };
            writeln!(f, "  seat {seat:<3}{:>14}{total:>16}", signed(*mean))?;
        }
        writeln!(f)?;
        let notable = self.notable.labelled();
        if !notable.is_empty() {
            writeln!(f, "Notable games (the first game when several tie)")?;
            let width = notable
                .iter()
                .map(|(l, _)| l.chars().count())
                .max()
                .unwrap_or(0);
            let seed_width = notable
                .iter()
                .map(|(_, g)| g.seed.to_string().len())
                .max()
                .unwrap_or(0)
                .max(4);
            let recorded = notable.iter().any(|(_, g)| g.record.is_some());
            writeln!(
                f,
                "  {:<width$}  {:>7}  {:>seed_width$}  {:>7}{}",
                "",
                "value",
                "seed",
                "actions",
                if recorded { "  record" } else { "" }
            )?;
            for (label, game) in &notable {
                let record = game
                    .record
                    .as_deref()
                    .map(|r| format!("  {r}"))
                    .unwrap_or_default();
                writeln!(
                    f,
                    "  {label:<width$}  {:>7}  {:>seed_width$}  {:>7}{record}",
                    game.value, game.seed, game.actions
                )?;
            }
            let example = notable[0].1;
            match &example.record {
                Some(record) => writeln!(f, "  Replay one: cardrules replay {record}")?,
                None => {
                    let seed = example.seed;
                    writeln!(f, "  To replay one, record it, then replay the record:")?;
                    writeln!(
                        f,
                        "    cardrules simulate {} --players {} --games 1 --seed {seed}{} --record DIR",
                        self.game, self.players, self.text.args
                    )?;
                    writeln!(
                        f,
                        "    cardrules replay DIR/{}",
                        record_file_name(self.game, self.players, seed)
                    )?;
                    if let Some(what) = self.text.traced {
                        writeln!(f, "  or follow {what} step by step with the oracle:")?;
                        let variant = self
                            .text
                            .trace_variant
                            .map(|v| format!("\"variant\":\"{v}\","))
                            .unwrap_or_default();
                        writeln!(
                            f,
                            "    echo '{{\"op\":\"{}.trace\",{variant}\"players\":{},\"seed\":{seed}}}' | cardrules oracle",
                            self.game, self.players
                        )?;
                    }
                }
            }
        }
        if self.text.record_dir.is_some() {
            writeln!(
                f,
                "  {} written to {}",
                plural(self.records.len() as u64, "record", "records"),
                self.text.record_dir.as_deref().unwrap_or_default()
            )?;
        }
        writeln!(f)?;
        write!(
            f,
            "time: {:.3} s, {:.0} games/s",
            self.timing.seconds, self.timing.games_per_second
        )?;
        if let Some(unit) = self.text.units
            && let Some(rate) = self.timing.units.get(&format!("{unit}_per_second"))
        {
            write!(f, ", {rate:.0} {unit}/s")?;
        }
        Ok(())
    }
}

/// The width the text report wraps its legend to.
const TEXT_WIDTH: usize = 100;

/// `text` in lines of at most `width` characters, broken at spaces (a longer word gets a
/// line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The file name of a record written by `simulate --record`: `<game>-<players>p-seed<seed>.json`.
#[must_use]
pub fn record_file_name(game: &str, players: usize, seed: u64) -> String {
    format!("{game}-{players}p-seed{seed}.json")
}

#[cfg(test)]
mod tests {
    use super::*;

    const ABOUT: About = About {
        terms: &[Term {
            word: "parity",
            meaning: "whether the seed is even",
        }],
        score: "fake score",
        traced: "it",
    };

    /// A tally that counts even and odd summaries.
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Parity {
        even: u64,
        odd: u64,
    }

    #[derive(Debug, Serialize)]
    struct ParityReport {
        even: u64,
        odd: u64,
    }

    impl fmt::Display for ParityReport {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            writeln!(f, "even {} odd {}", self.even, self.odd)
        }
    }

    impl Tally for Parity {
        type Summary = u64;
        type Report = ParityReport;
        fn new(_players: usize) -> Self {
            Parity { even: 0, odd: 0 }
        }
        fn add(&mut self, summary: &u64) {
            if summary.is_multiple_of(2) {
                self.even += 1;
            } else {
                self.odd += 1;
            }
        }
        fn report(&self, _games: u64) -> ParityReport {
            ParityReport {
                even: self.even,
                odd: self.odd,
            }
        }
    }

    #[derive(Debug, thiserror::Error)]
    #[error("bad seed {0}")]
    struct BadSeed(u64);

    fn fake(players: usize, seed: u64) -> Result<Played<u64>, BadSeed> {
        let winner = (seed % players as u64) as usize;
        Ok(Played {
            actions: (seed % 97) as usize + 10,
            finished: !seed.is_multiple_of(11),
            settlement: (0..players)
                .map(|p| if p == winner { players as i64 - 1 } else { -1 })
                .collect(),
            score: (!seed.is_multiple_of(7)).then_some((seed % 1000) as i64),
            summary: seed,
        })
    }

    fn run_rules() -> RunRules {
        RunRules {
            variant: None,
            rules: serde_json::Value::Null,
            described: RuleChoices::default().describe(),
            args: String::new(),
            default_rules: true,
            trace_variant: None,
        }
    }

    fn config(games: u64, seed: u64, threads: usize) -> Config {
        Config {
            players: 3,
            games,
            seed,
            threads,
            progress: false,
            record: None,
            record_all: false,
            variant: None,
            rules: RuleChoices::default(),
        }
    }

    #[test]
    fn counts_add_up() {
        let (stats, _) = run::<Parity, _, _>("fake", &config(1000, 0, 2), fake).unwrap();
        assert_eq!(stats.games, 1000);
        assert_eq!(
            stats.tally,
            Parity {
                even: 500,
                odd: 500
            }
        );
        assert_eq!(stats.actions.count(), 1000);
        assert_eq!(stats.unfinished, 91);
        assert_eq!(stats.settlement.iter().sum::<i128>(), 0);
        // Seat 0 wins 334 of the 1000 games (+2 each, -1 otherwise), seats 1 and 2 win 333.
        assert_eq!(stats.settlement, vec![2, -1, -1]);
    }

    #[test]
    fn thread_count_does_not_change_the_stats() {
        let games = 3 * CHUNK + 17;
        let run_with = |threads| {
            run::<Parity, _, _>("fake", &config(games, u64::MAX - 5, threads), fake)
                .unwrap()
                .0
        };
        let one = run_with(1);
        let two = run_with(2);
        let three = run_with(3);
        assert_eq!(one, two);
        assert_eq!(one, three);
        let mut a = one.report(Duration::from_secs(1), &ABOUT, run_rules());
        let b = two.report(Duration::from_secs(2), &ABOUT, run_rules());
        a.timing = b.timing.clone();
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            serde_json::to_value(&b).unwrap()
        );
    }

    #[test]
    fn seeds_wrap() {
        let seen = std::sync::Mutex::new(Vec::new());
        run::<Parity, _, _>("fake", &config(3, u64::MAX - 1, 1), |p, seed| {
            seen.lock().unwrap().push(seed);
            fake(p, seed)
        })
        .unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, vec![0, u64::MAX - 1, u64::MAX]);
    }

    #[test]
    fn the_first_failing_game_by_index_is_reported() {
        let err = run::<Parity, _, _>("fake", &config(100, 0, 2), |p, seed| {
            if seed >= 40 {
                Err(BadSeed(seed))
            } else {
                fake(p, seed)
            }
        })
        .unwrap_err();
        assert!(
            matches!(err, SimulateError::Game { index: 40, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("bad seed 40"), "{err}");
    }

    #[test]
    fn median_and_mean() {
        let mut stats = Stats::<Parity>::new("fake", 2, 0);
        for actions in [10, 20, 30, 100] {
            stats.add(&Played {
                actions,
                finished: true,
                settlement: vec![1, -1],
                score: Some(actions as i64),
                summary: 0,
            });
        }
        assert_eq!(stats.actions.median(), 25.0);
        assert_eq!(stats.actions.mean(), 40.0);
        stats.add(&Played {
            actions: 5,
            finished: true,
            settlement: vec![-4, 4],
            score: None,
            summary: 1,
        });
        assert_eq!(stats.actions.median(), 20.0);
        let report = stats.report(Duration::ZERO, &ABOUT, run_rules());
        assert_eq!(report.timing.games_per_second, 0.0);
        assert_eq!(report.settlement.total, vec![0, 0]);
        let text = report.to_string();
        assert!(
            text.contains("  actions             33.00       20      5    100"),
            "{text}"
        );
        assert!(text.contains("even 4 odd 1"), "{text}");
    }

    #[test]
    fn reports_put_the_game_part_in_the_middle() {
        let (stats, elapsed) = run::<Parity, _, _>("fake", &config(500, 9, 2), fake).unwrap();
        let report = stats.report(elapsed, &ABOUT, run_rules());
        let json = serde_json::to_string(&report).unwrap();
        let even = json.find("\"even\"").unwrap();
        assert!(json.find("\"seeds\"").unwrap() < even, "{json}");
        assert!(even < json.find("\"unfinished\"").unwrap(), "{json}");
        let text = report.to_string();
        for needle in [
            "fake: 500 games, 3 players, seeds 9 to 508 (game i is played from seed 9 + i)",
            "even ",
            "unfinished:",
            "Length per game",
            "Settlement mean per game",
            "  parity      whether the seed is even",
            "lowest fake score",
            "most actions",
            "cardrules simulate fake --players 3 --games 1 --seed",
            "games/s",
        ] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
        let rendered = render(&report, true).unwrap();
        assert!(rendered.starts_with("{\"game\":\"fake\""), "{rendered}");
    }

    #[test]
    fn percentages_say_small_and_nearly_all() {
        assert_eq!(Percent(0.0).to_string(), "0.00%");
        assert_eq!(Percent(0.000_01).to_string(), "<0.01%");
        assert_eq!(Percent(0.000_1).to_string(), "0.01%");
        assert_eq!(Percent(0.499).to_string(), "49.90%");
        assert_eq!(Percent(0.999_99).to_string(), ">99.99%");
        assert_eq!(Percent(1.0).to_string(), "100.00%");
        assert_eq!(format!("{:>8}", Percent(0.5)), "  50.00%");
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "game", "games"), "1 game");
        assert_eq!(plural(0, "game", "games"), "0 games");
        assert_eq!(plural(2, "win", "wins"), "2 wins");
    }

    #[test]
    fn bars_are_proportional_and_never_hide_a_count() {
        assert_eq!(bar(0, 100), "");
        assert_eq!(bar(100, 100).len(), BAR_WIDTH as usize);
        assert_eq!(bar(50, 100).len(), 20);
        // 3 of 7426 is far below one mark: a dot, not a `#` like 88 of 7426.
        assert_eq!(bar(3, 7426), ".");
        assert_eq!(bar(88, 7426), ".");
        assert_eq!(bar(1723, 7426), "#".repeat(9));
        // Rounded to the nearest: 1.5 marks -> 2, 1.4 -> 1.
        assert_eq!(bar(3, 80), "##");
        assert_eq!(bar(14, 400), "#");
    }

    #[test]
    fn notable_games_are_the_first_by_index() {
        let mut stats = Stats::<Parity>::new("fake", 2, 100);
        for (actions, score) in [
            (5, Some(3)),
            (9, Some(1)),
            (9, None),
            (2, Some(1)),
            (1, Some(7)),
        ] {
            stats.add(&Played {
                actions,
                finished: true,
                settlement: vec![0, 0],
                score,
                summary: 0,
            });
        }
        let low = stats.min_score.clone().unwrap();
        assert_eq!((low.game, low.seed, low.value, low.actions), (1, 101, 1, 9));
        let high = stats.max_score.clone().unwrap();
        assert_eq!((high.game, high.seed, high.value), (4, 104, 7));
        let long = stats.most_actions.clone().unwrap();
        assert_eq!((long.game, long.value), (1, 9));
        let json = serde_json::to_value(stats.report(Duration::ZERO, &ABOUT, run_rules())).unwrap();
        assert_eq!(json["notable"]["score"], "fake score");
        assert_eq!(json["notable"]["min_score"]["seed"], 101);
        assert_eq!(json["records"], serde_json::json!([]));
        assert_eq!(json["player"], PLAYER);
    }

    #[test]
    fn legends_wrap_at_spaces() {
        assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("", 6), vec![""]);
        assert_eq!(wrap("longerthanwidth x", 4), vec!["longerthanwidth", "x"]);
    }
}

//! `cardrules simulate`: many games between uniformly random players, summarized.
//!
//! Game `i` (counting from 0) is played from `Seed::from(seed + i)`, the addition wrapping
//! at 2^64, so game `i` of a run is the oracle's `playout` with that seed. Games are played in
//! parallel on a local rayon pool, in chunks: each chunk's results are collected by index
//! and folded into the [`Stats`] in game order, so every statistic is the same whatever the
//! number of threads. Only the timing differs between runs.
//!
//! This engine is the same for every game: seeds, threads, chunking, actions per game, the
//! settlement and timing. What a game counts beyond that (wins, scores, its own events) is its
//! [`Tally`], supplied by its adapter.

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

/// Games per chunk: results of one chunk are held in memory before they are folded.
pub const CHUNK: u64 = 1 << 14;

/// Runs with at least this many games show a progress bar (on a terminal, not with `--json`).
pub const PROGRESS_MIN_GAMES: u64 = 2000;

/// What to simulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// The report could not be written as JSON.
    #[error("cannot write the report: {0}")]
    Write(serde_json::Error),
}

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
    /// What the game's [`Tally`] counts.
    pub summary: S,
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
    /// How many games took each number of actions.
    pub actions: BTreeMap<usize, u64>,
    /// Sum of the settlements, by seat.
    pub settlement: Vec<i128>,
    /// The game's own counts.
    pub tally: T,
}

/// `count` as a share of `games`.
#[must_use]
pub fn rate(count: u64, games: u64) -> f64 {
    if games == 0 {
        0.0
    } else {
        count as f64 / games as f64
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
            actions: BTreeMap::new(),
            settlement: vec![0; players],
            tally: T::new(players),
        }
    }

    /// Counts one game.
    pub fn add(&mut self, game: &Played<T::Summary>) {
        self.games += 1;
        *self.actions.entry(game.actions).or_default() += 1;
        self.unfinished += u64::from(!game.finished);
        for (sum, &value) in self.settlement.iter_mut().zip(&game.settlement) {
            *sum += i128::from(value);
        }
        self.tally.add(&game.summary);
    }

    /// Mean number of actions per game.
    fn mean_actions(&self) -> f64 {
        let total: u128 = self
            .actions
            .iter()
            .map(|(&n, &count)| n as u128 * u128::from(count))
            .sum();
        if self.games == 0 {
            0.0
        } else {
            total as f64 / self.games as f64
        }
    }

    /// The `k`-th smallest action count (0-based).
    fn nth_actions(&self, k: u64) -> usize {
        let mut seen = 0;
        for (&n, &count) in &self.actions {
            seen += count;
            if seen > k {
                return n;
            }
        }
        0
    }

    /// Median number of actions (the mean of the two middle games for an even count).
    fn median_actions(&self) -> f64 {
        match self.games {
            0 => 0.0,
            n if n % 2 == 1 => self.nth_actions(n / 2) as f64,
            n => (self.nth_actions(n / 2 - 1) as f64 + self.nth_actions(n / 2) as f64) / 2.0,
        }
    }

    /// The report as a serializable value (the `--json` output).
    #[must_use]
    pub fn report(&self, elapsed: Duration) -> Report<T::Report> {
        let seconds = elapsed.as_secs_f64();
        Report {
            game: self.game,
            games: self.games,
            players: self.players,
            seed: self.seed,
            seeds: "game i uses Seed::from(seed + i), wrapping at 2^64",
            details: self.tally.report(self.games),
            unfinished: self.unfinished,
            actions: ActionsReport {
                mean: self.mean_actions(),
                median: self.median_actions(),
                min: self.actions.keys().next().copied().unwrap_or(0),
                max: self.actions.keys().next_back().copied().unwrap_or(0),
            },
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
            timing: Timing {
                seconds,
                games_per_second: if seconds > 0.0 {
                    self.games as f64 / seconds
                } else {
                    0.0
                },
            },
        }
    }
}

/// The summary of a run: every field but `timing` is the same on every run. `D` is the
/// game's own part ([`Tally::Report`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report<D> {
    /// The game's name.
    pub game: &'static str,
    /// Games played.
    pub games: u64,
    /// Number of seats.
    pub players: usize,
    /// The first game's seed.
    pub seed: u64,
    /// How games get their seeds.
    pub seeds: &'static str,
    /// What the game counts (its fields appear at this level of the JSON).
    #[serde(flatten)]
    pub details: D,
    /// Games that stopped at the action bound without ending (a game bug if not 0).
    pub unfinished: u64,
    /// Actions per game.
    pub actions: ActionsReport,
    /// The settlement by seat.
    pub settlement: SettlementReport,
    /// Wall-clock timing: the only part that differs between runs.
    pub timing: Timing,
}

/// Actions per game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActionsReport {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// Fewest.
    pub min: usize,
    /// Most.
    pub max: usize,
}

/// The settlement by seat over a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettlementReport {
    /// Sum over all games, by seat.
    pub total: Vec<i128>,
    /// Mean per game, by seat.
    pub mean: Vec<f64>,
}

/// Wall-clock timing of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Timing {
    /// Seconds spent playing.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
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

/// Runs a simulation and renders its report: one line of JSON with `json`, else text.
///
/// # Errors
/// As [`run`], and [`SimulateError::Write`] when the JSON cannot be written.
pub fn render<T: Tally>(
    outcome: Result<(Stats<T>, Duration), SimulateError>,
    json: bool,
) -> Result<String, SimulateError> {
    let (stats, elapsed) = outcome?;
    let report = stats.report(elapsed);
    if json {
        serde_json::to_string(&report).map_err(SimulateError::Write)
    } else {
        Ok(report.to_string())
    }
}

/// A percentage with two decimals, right-aligned in 7 characters.
#[derive(Debug, Clone, Copy)]
pub struct Percent(pub f64);

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:6.2}%", self.0 * 100.0)
    }
}

impl<D: fmt::Display> fmt::Display for Report<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} games, {} players, seed {} (game i uses seed {} + i, wrapping)",
            self.game, self.games, self.players, self.seed, self.seed
        )?;
        write!(f, "{}", self.details)?;
        if self.unfinished > 0 {
            writeln!(
                f,
                "unfinished: {:>10}  (stopped at the action bound: a rules bug)",
                self.unfinished
            )?;
        }
        let a = &self.actions;
        writeln!(
            f,
            "actions per game: mean {:.2}, median {}, min {}, max {}",
            a.mean, a.median, a.min, a.max
        )?;
        let means: Vec<String> = self
            .settlement
            .mean
            .iter()
            .map(|m| format!("{m:.2}"))
            .collect();
        writeln!(
            f,
            "settlement per game by seat: mean [{}]",
            means.join(", ")
        )?;
        write!(
            f,
            "time: {:.3} s, {:.0} games/s",
            self.timing.seconds, self.timing.games_per_second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            summary: seed,
        })
    }

    fn config(games: u64, seed: u64, threads: usize) -> Config {
        Config {
            players: 3,
            games,
            seed,
            threads,
            progress: false,
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
        assert_eq!(stats.actions.values().sum::<u64>(), 1000);
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
        let mut a = one.report(Duration::from_secs(1));
        let b = two.report(Duration::from_secs(2));
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
                summary: 0,
            });
        }
        assert_eq!(stats.median_actions(), 25.0);
        assert_eq!(stats.mean_actions(), 40.0);
        stats.add(&Played {
            actions: 5,
            finished: true,
            settlement: vec![-4, 4],
            summary: 1,
        });
        assert_eq!(stats.median_actions(), 20.0);
        let report = stats.report(Duration::ZERO);
        assert_eq!(report.timing.games_per_second, 0.0);
        assert_eq!(report.settlement.total, vec![0, 0]);
        let text = report.to_string();
        assert!(text.contains("median 20"), "{text}");
        assert!(text.contains("even 4 odd 1"), "{text}");
    }

    #[test]
    fn reports_put_the_game_part_in_the_middle() {
        let (stats, elapsed) = run::<Parity, _, _>("fake", &config(500, 9, 2), fake).unwrap();
        let report = stats.report(elapsed);
        let json = serde_json::to_string(&report).unwrap();
        let even = json.find("\"even\"").unwrap();
        assert!(json.find("\"seeds\"").unwrap() < even, "{json}");
        assert!(even < json.find("\"unfinished\"").unwrap(), "{json}");
        let text = report.to_string();
        for needle in [
            "fake: 500 games, 3 players, seed 9",
            "even ",
            "unfinished:",
            "actions per game",
            "settlement per game by seat: mean [",
            "games/s",
        ] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
        let rendered = render(Ok((stats, elapsed)), true).unwrap();
        assert!(rendered.starts_with("{\"game\":\"fake\""), "{rendered}");
    }
}

//! `cardrules simulate`: many games between uniformly random players, summarized.
//!
//! Game `i` (counting from 0) is played from `Seed::from(seed + i)`, the addition wrapping
//! at 2^64, so game `i` of a run is the oracle's `playout` with that seed. Games are played in
//! parallel on a local rayon pool, in chunks: each chunk's summaries are collected by index
//! and folded into the [`Stats`] in game order, so every statistic is the same whatever the
//! number of threads. Only the timing differs between runs.

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use crate::games::{End, Exhausted, GameSummary};

/// Games per chunk: results of one chunk are held in memory before they are folded.
const CHUNK: u64 = 1 << 14;

/// Runs with at least this many games show a progress bar (on a terminal, not with `--json`).
pub const PROGRESS_MIN_GAMES: u64 = 2000;

/// The winner-score histogram's buckets: inclusive upper bounds, the last one open.
const BUCKETS: [(Option<i64>, Option<i64>, &str); 7] = [
    (None, Some(0), "<=0"),
    (Some(1), Some(4), "1-4"),
    (Some(5), Some(16), "5-16"),
    (Some(17), Some(64), "17-64"),
    (Some(65), Some(256), "65-256"),
    (Some(257), Some(1024), "257-1024"),
    (Some(1025), None, ">1024"),
];

/// The bucket of a winner's score.
fn bucket(points: i64) -> usize {
    BUCKETS
        .iter()
        .position(|&(_, max, _)| max.is_none_or(|max| points <= max))
        .unwrap_or(BUCKETS.len() - 1)
}

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
        source: cards_core::SetupError,
    },
}

/// Everything counted over a run; integers only, so the totals do not depend on the order of
/// addition (they are folded in game order anyway).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// The game's name.
    pub game: &'static str,
    /// Number of seats.
    pub players: usize,
    /// The first game's seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Wins by seat.
    pub wins: Vec<u64>,
    /// Games exhausted because the pile ran out.
    pub pile_empty: u64,
    /// Games exhausted at the turn limit.
    pub turn_limit: u64,
    /// Games that stopped at the action bound without ending (should stay 0).
    pub unfinished: u64,
    /// Games where someone declared Ava.
    pub ava_declared: u64,
    /// Games won by someone else while an Ava declarer waited.
    pub ava_failed: u64,
    /// Winner scores by bucket (see `BUCKETS`).
    pub score_buckets: [u64; 7],
    /// Sum of the winners' scores.
    pub score_sum: i128,
    /// Lowest and highest winner score.
    pub score_range: Option<(i64, i64)>,
    /// How many games took each number of actions.
    pub actions: BTreeMap<usize, u64>,
}

impl Stats {
    /// Empty statistics for a run.
    #[must_use]
    pub fn new(game: &'static str, players: usize, seed: u64) -> Self {
        Stats {
            game,
            players,
            seed,
            games: 0,
            wins: vec![0; players],
            pile_empty: 0,
            turn_limit: 0,
            unfinished: 0,
            ava_declared: 0,
            ava_failed: 0,
            score_buckets: [0; 7],
            score_sum: 0,
            score_range: None,
            actions: BTreeMap::new(),
        }
    }

    /// Counts one game.
    pub fn add(&mut self, game: &GameSummary) {
        self.games += 1;
        *self.actions.entry(game.actions).or_default() += 1;
        self.ava_declared += u64::from(game.ava_declared);
        self.ava_failed += u64::from(game.ava_failed);
        match game.end {
            End::Won { winner, points } => {
                if let Some(wins) = self.wins.get_mut(winner) {
                    *wins += 1;
                }
                self.score_buckets[bucket(points)] += 1;
                self.score_sum += i128::from(points);
                self.score_range = Some(match self.score_range {
                    None => (points, points),
                    Some((lo, hi)) => (lo.min(points), hi.max(points)),
                });
            }
            End::Exhausted(Exhausted::PileEmpty) => self.pile_empty += 1,
            End::Exhausted(Exhausted::TurnLimit) => self.turn_limit += 1,
            End::Unfinished => self.unfinished += 1,
        }
    }

    /// Games with a winner.
    #[must_use]
    pub fn won(&self) -> u64 {
        self.wins.iter().sum()
    }

    /// `count` as a share of all games.
    fn rate(&self, count: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            count as f64 / self.games as f64
        }
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

    /// Mean winner score, if anyone won.
    fn mean_score(&self) -> Option<f64> {
        let won = self.won();
        (won > 0).then(|| self.score_sum as f64 / won as f64)
    }

    /// The report as a serializable value (the `--json` output).
    #[must_use]
    pub fn report(&self, elapsed: Duration) -> Report {
        let seconds = elapsed.as_secs_f64();
        Report {
            game: self.game,
            games: self.games,
            players: self.players,
            seed: self.seed,
            seeds: "game i uses Seed::from(seed + i), wrapping at 2^64",
            wins: self.wins.clone(),
            win_rate: self.wins.iter().map(|&w| self.rate(w)).collect(),
            exhausted: ExhaustedReport {
                games: self.pile_empty + self.turn_limit,
                rate: self.rate(self.pile_empty + self.turn_limit),
                pile_empty: self.pile_empty,
                pile_empty_rate: self.rate(self.pile_empty),
                turn_limit: self.turn_limit,
                turn_limit_rate: self.rate(self.turn_limit),
            },
            unfinished: self.unfinished,
            ava: AvaReport {
                games: self.ava_declared,
                rate: self.rate(self.ava_declared),
                failed: self.ava_failed,
                failed_rate: self.rate(self.ava_failed),
            },
            winner_score: ScoreReport {
                wins: self.won(),
                mean: self.mean_score(),
                min: self.score_range.map(|(lo, _)| lo),
                max: self.score_range.map(|(_, hi)| hi),
                histogram: BUCKETS
                    .iter()
                    .zip(self.score_buckets)
                    .map(|(&(min, max, label), count)| BucketReport {
                        label,
                        min,
                        max,
                        count,
                    })
                    .collect(),
            },
            actions: ActionsReport {
                mean: self.mean_actions(),
                median: self.median_actions(),
                min: self.actions.keys().next().copied().unwrap_or(0),
                max: self.actions.keys().next_back().copied().unwrap_or(0),
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

/// The summary of a run: every field but `timing` is the same on every run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
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
    /// Wins by seat.
    pub wins: Vec<u64>,
    /// Wins by seat as a share of all games.
    pub win_rate: Vec<f64>,
    /// Games without a winner.
    pub exhausted: ExhaustedReport,
    /// Games that stopped at the action bound without ending (a game bug if not 0).
    pub unfinished: u64,
    /// Ava declarations.
    pub ava: AvaReport,
    /// The winners' scores.
    pub winner_score: ScoreReport,
    /// Actions per game.
    pub actions: ActionsReport,
    /// Wall-clock timing: the only part that differs between runs.
    pub timing: Timing,
}

/// Games without a winner, by cause.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExhaustedReport {
    /// All exhausted games.
    pub games: u64,
    /// Their share of all games.
    pub rate: f64,
    /// Exhausted because the centre pile ran out.
    pub pile_empty: u64,
    /// Share of all games.
    pub pile_empty_rate: f64,
    /// Exhausted at the turn limit.
    pub turn_limit: u64,
    /// Share of all games.
    pub turn_limit_rate: f64,
}

/// Ava declarations.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AvaReport {
    /// Games where anyone declared Ava.
    pub games: u64,
    /// Their share of all games.
    pub rate: f64,
    /// Games won by someone else while a declarer waited.
    pub failed: u64,
    /// Share of all games.
    pub failed_rate: f64,
}

/// The winners' scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoreReport {
    /// Games with a winner.
    pub wins: u64,
    /// Mean winner score (`null` without winners).
    pub mean: Option<f64>,
    /// Lowest winner score.
    pub min: Option<i64>,
    /// Highest winner score.
    pub max: Option<i64>,
    /// Counts by score bucket.
    pub histogram: Vec<BucketReport>,
}

/// One bucket of the winner-score histogram.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BucketReport {
    /// The bucket's label.
    pub label: &'static str,
    /// Lowest score in the bucket (`null`: unbounded).
    pub min: Option<i64>,
    /// Highest score in the bucket (`null`: unbounded).
    pub max: Option<i64>,
    /// Winners whose score falls in it.
    pub count: u64,
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

/// Wall-clock timing of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Timing {
    /// Seconds spent playing.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
}

/// Plays `config.games` games with `play(players, seed)` and counts them.
///
/// # Errors
/// [`SimulateError`] when the pool cannot start or a game cannot be set up (the first such
/// game by index).
pub fn run<F>(
    game: &'static str,
    config: &Config,
    play: F,
) -> Result<(Stats, Duration), SimulateError>
where
    F: Fn(usize, u64) -> Result<GameSummary, cards_core::SetupError> + Sync,
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
    let mut stats = Stats::new(game, config.players, config.seed);
    let mut first = 0u64;
    while first < config.games {
        let end = first.saturating_add(CHUNK).min(config.games);
        let chunk: Vec<Result<GameSummary, SimulateError>> = pool.install(|| {
            (first..end)
                .into_par_iter()
                .map(|index| {
                    let seed = config.seed.wrapping_add(index);
                    let result = play(config.players, seed).map_err(|source| SimulateError::Game {
                        index,
                        seed,
                        source,
                    });
                    bar.inc(1);
                    result
                })
                .collect()
        });
        for summary in chunk {
            stats.add(&summary?);
        }
        first = end;
    }
    let elapsed = start.elapsed();
    bar.finish_and_clear();
    Ok((stats, elapsed))
}

/// Width of the longest histogram bar, in characters.
const BAR_WIDTH: u64 = 40;

/// A percentage with two decimals.
struct Percent(f64);

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:6.2}%", self.0 * 100.0)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} games, {} players, seed {} (game i uses seed {} + i, wrapping)",
            self.game, self.games, self.players, self.seed, self.seed
        )?;
        writeln!(f, "wins by seat:")?;
        for (seat, (&wins, &rate)) in self.wins.iter().zip(&self.win_rate).enumerate() {
            writeln!(f, "  seat {seat}  {wins:>10}  {}", Percent(rate))?;
        }
        let ex = &self.exhausted;
        writeln!(
            f,
            "exhausted:  {:>10}  {}   (pile empty {} = {}, turn limit {} = {})",
            ex.games,
            Percent(ex.rate),
            ex.pile_empty,
            Percent(ex.pile_empty_rate).to_string().trim_start(),
            ex.turn_limit,
            Percent(ex.turn_limit_rate).to_string().trim_start(),
        )?;
        if self.unfinished > 0 {
            writeln!(
                f,
                "unfinished: {:>10}  (stopped at the action bound: a rules bug)",
                self.unfinished
            )?;
        }
        writeln!(
            f,
            "Ava:        {:>10}  {}   games with a declaration ({} failed = {})",
            self.ava.games,
            Percent(self.ava.rate),
            self.ava.failed,
            Percent(self.ava.failed_rate).to_string().trim_start(),
        )?;
        let score = &self.winner_score;
        match (score.mean, score.min, score.max) {
            (Some(mean), Some(min), Some(max)) => writeln!(
                f,
                "winner score ({} wins): mean {mean:.2}, min {min}, max {max}",
                score.wins
            )?,
            _ => writeln!(f, "winner score: no game had a winner")?,
        }
        let top = score.histogram.iter().map(|b| b.count).max().unwrap_or(0);
        for b in &score.histogram {
            let len = if top == 0 {
                0
            } else {
                // Round up so every non-empty bucket shows at least one mark.
                (b.count * BAR_WIDTH).div_ceil(top)
            };
            let mut bar = String::new();
            for _ in 0..len {
                bar.push('#');
            }
            let sep = if bar.is_empty() { "" } else { "  " };
            writeln!(f, "  {:>9}  {:>10}{sep}{bar}", b.label, b.count)?;
        }
        let a = &self.actions;
        writeln!(
            f,
            "actions per game: mean {:.2}, median {}, min {}, max {}",
            a.mean, a.median, a.min, a.max
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

    fn fake(_players: usize, seed: u64) -> Result<GameSummary, cards_core::SetupError> {
        let end = match seed % 5 {
            0 => End::Exhausted(Exhausted::PileEmpty),
            1 => End::Exhausted(Exhausted::TurnLimit),
            _ => End::Won {
                winner: (seed % 3) as usize,
                points: (seed % 2000) as i64 - 4,
            },
        };
        Ok(GameSummary {
            actions: (seed % 97) as usize + 10,
            end,
            ava_declared: seed.is_multiple_of(7),
            ava_failed: seed.is_multiple_of(14),
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
    fn buckets_cover_every_score() {
        assert_eq!(bucket(i64::MIN), 0);
        assert_eq!(bucket(0), 0);
        assert_eq!(bucket(1), 1);
        assert_eq!(bucket(4), 1);
        assert_eq!(bucket(5), 2);
        assert_eq!(bucket(64), 3);
        assert_eq!(bucket(65), 4);
        assert_eq!(bucket(1024), 5);
        assert_eq!(bucket(1025), 6);
        assert_eq!(bucket(4096), 6);
    }

    #[test]
    fn counts_add_up() {
        let (stats, _) = run("fake", &config(1000, 0, 2), fake).unwrap();
        assert_eq!(stats.games, 1000);
        assert_eq!(stats.pile_empty, 200);
        assert_eq!(stats.turn_limit, 200);
        assert_eq!(stats.won(), 600);
        assert_eq!(stats.score_buckets.iter().sum::<u64>(), 600);
        assert_eq!(stats.actions.values().sum::<u64>(), 1000);
        assert_eq!(stats.ava_declared, 143);
    }

    #[test]
    fn thread_count_does_not_change_the_stats() {
        let games = 3 * CHUNK + 17;
        let (one, _) = run("fake", &config(games, u64::MAX - 5, 1), fake).unwrap();
        let (two, _) = run("fake", &config(games, u64::MAX - 5, 2), fake).unwrap();
        let (three, _) = run("fake", &config(games, u64::MAX - 5, 3), fake).unwrap();
        assert_eq!(one, two);
        assert_eq!(one, three);
        let mut a = one.report(Duration::from_secs(1));
        let b = two.report(Duration::from_secs(2));
        a.timing = b.timing.clone();
        assert_eq!(a, b);
    }

    #[test]
    fn seeds_wrap() {
        let seen = std::sync::Mutex::new(Vec::new());
        run("fake", &config(3, u64::MAX - 1, 1), |p, seed| {
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
        let err = run("fake", &config(100, 0, 2), |p, seed| {
            if seed >= 40 {
                Err(cards_core::SetupError::Rules(format!("bad {seed}")))
            } else {
                fake(p, seed)
            }
        })
        .unwrap_err();
        assert!(
            matches!(err, SimulateError::Game { index: 40, .. }),
            "{err}"
        );
    }

    #[test]
    fn median_and_mean() {
        let mut stats = Stats::new("fake", 2, 0);
        for actions in [10, 20, 30, 100] {
            stats.add(&GameSummary {
                actions,
                end: End::Exhausted(Exhausted::PileEmpty),
                ava_declared: false,
                ava_failed: false,
            });
        }
        assert_eq!(stats.median_actions(), 25.0);
        assert_eq!(stats.mean_actions(), 40.0);
        stats.add(&GameSummary {
            actions: 5,
            end: End::Won {
                winner: 1,
                points: -4,
            },
            ava_declared: true,
            ava_failed: false,
        });
        assert_eq!(stats.median_actions(), 20.0);
        assert_eq!(stats.mean_score(), Some(-4.0));
        let report = stats.report(Duration::ZERO);
        assert_eq!(report.timing.games_per_second, 0.0);
        let text = report.to_string();
        assert!(text.contains("median 20"), "{text}");
        assert!(text.contains("<=0"), "{text}");
    }

    #[test]
    fn text_report_has_every_section() {
        let (stats, elapsed) = run("fake", &config(500, 9, 2), fake).unwrap();
        let text = stats.report(elapsed).to_string();
        for needle in [
            "500 games, 3 players, seed 9",
            "seat 2",
            "exhausted:",
            "pile empty",
            "turn limit",
            "Ava:",
            "winner score",
            ">1024",
            "actions per game",
            "games/s",
        ] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
    }
}

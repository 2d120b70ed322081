//! `cardrules simulate`: many games between uniformly random players, summarized.
//!
//! Game `i` (counting from 0) is played from `Seed::from(seed + i)`, the addition wrapping
//! at 2^64, so under default rules game `i` of a run is the oracle's `playout` with that seed
//! (for a whole game the oracle plays one deal of, its first deal). Games are played in parallel on a local rayon pool, in chunks: each chunk's results
//! are collected by index and folded into the [`Stats`] in game order, so every statistic (the notable games
//! included: ties go to the earlier game) is the same whatever the number of threads. Only
//! the timing differs between runs.
//!
//! This module is only the command line's part: the thread pool and progress bar ([`run`]),
//! the [`Config`] from the arguments, the record files and the lines that say how to replay a
//! game ([`Replay`]). What is counted and how the report reads are the library's:
//! [`cards_core::summary`] holds the generic figures ([`Stats`], [`Report`] and its text) and
//! the counting vocabulary, and each game crate's `summary` module its [`Summary`] (its terms
//! and [`Tally`]).
//!
//! # The `--json` report
//! One object; every field but `timing` (and the paths in `records`) is the same on every run:
//! - `game`, `variant` (`null` for a game without variants), `rules` (the rules played, in the
//!   game's rules JSON), `games`, `players`, `seed` (the first game's), `seeds` (how game i
//!   gets its seed), `player` (who plays: uniformly random);
//! - the game's own fields (see the game crate's `summary` module), rates being shares (0 to 1) of what
//!   their doc says;
//! - `unfinished`: games stopped at the game's action bound (a rules bug if not 0);
//! - `actions`: actions per game `{mean, median, min, max}`;
//! - `settlement`: `{total, mean}` by seat (the game's integer settlement, summed and per game);
//! - `notable`: `{score, min_score, max_score, most_actions}`, `score` naming the game's score,
//!   each other an object `{game, seed, value, actions}` (`game` the index in the run, `value`
//!   the score or the action count) with `record` (the file written) under `--record`, or
//!   `null` when no game qualifies;
//! - `records`: the record files written (empty without `--record`);
//! - `timing`: `{seconds, games_per_second}`, and the rate of the game's other unit where it
//!   has one (a game of several deals: `deals_per_second`).

mod dispatch;
pub mod game;
mod run;
mod text;

pub use cards_registry::rules::RuleChoices;
use std::path::PathBuf;

pub use cards_core::summary::*;
pub use dispatch::simulate;
pub use run::*;
pub use text::*;

/// The most games `--record-all` writes a record for (one file per game).
pub const MAX_RECORD_ALL: u64 = 1000;

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
    /// Whether records already in the directory may be replaced (`--force`).
    pub force: bool,
    /// The game's variant (`--variant`); `None`: its default.
    pub variant: Option<String>,
    /// The rules to play under (`--rules`, `--rule`).
    pub rules: RuleChoices,
}

/// Why a simulation could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    /// The game type has no summary of many games to report.
    #[error("{0} has no summary of many games: simulate another variant of the game")]
    NoSummary(&'static str),
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
    /// A record file (or its directory) cannot be written.
    #[error("--record: {0}")]
    Record(#[from] crate::output::OutputError),
}

/// The file name of a record written by `simulate --record`: `<record>-<players>p-seed<seed>.json`,
/// `record` the game type's record name ([`cards_core::Game::NAME`], which names its variant),
/// so the records of two variants never share a name.
#[must_use]
pub fn record_file_name(record: &str, players: usize, seed: u64) -> String {
    format!("{record}-{players}p-seed{seed}.json")
}

#[cfg(test)]
mod tests {
    use std::fmt;
    use std::time::Duration;

    use serde::Serialize;

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

    fn run_rules() -> RunRules<serde_json::Value> {
        RunRules {
            variant: None,
            rules: serde_json::Value::Null,
            described: RuleChoices::default().describe(),
            default_rules: true,
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
            force: false,
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
        let mut report = stats.report(elapsed, &ABOUT, run_rules());
        report.text.replay = Replay {
            record: "fake",
            args: String::new(),
            trace_variant: None,
        }
        .lines(&report);
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
}

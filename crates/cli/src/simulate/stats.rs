//! What a run counts: every game's figures folded into [`Stats`], and the [`Tally`] a game adds.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use super::*;

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
                record: run.record,
                rules: run.described,
                units: self.tally.unit().map(|(name, _)| name),
                args: run.args,
                traced: run.default_rules.then_some(about.traced),
                trace_variant: run.trace_variant,
            },
        }
    }
}

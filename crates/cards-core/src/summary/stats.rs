//! [`Stats`]: every game of a run folded in, the generic figures and the game's [`Tally`].

use serde::Serialize;
use std::time::Duration;

use super::{
    About, Distribution, NotableReport, PLAYER, Report, RunRules, SEEDS, SettlementReport, Tally,
    TextParts, Timing,
};

/// One finished game, as [`Stats`] counts it ([`super::Summary::played`] makes one).
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
    /// The record written for it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// Everything counted over a run: game `i` is played from seed `seed + i` (wrapping).
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

/// `count` as a share of `of` (0 when `of` is 0); also a mean, `count` being a sum.
#[must_use]
pub fn rate(count: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        count as f64 / of as f64
    }
}

impl<T: Tally> Stats<T> {
    /// Empty statistics for a run of `game` at `players` seats from `seed`.
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

    /// Counts the next game of the run (games are added in index order: ties among the
    /// notable games go to the earlier one).
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

    /// The report (serializable: the `--json` report; displayable: its text), with the
    /// game's terms and what was played; `elapsed` is the run's wall-clock time.
    #[must_use]
    pub fn report<R>(
        &self,
        elapsed: Duration,
        about: &About,
        run: RunRules<R>,
    ) -> Report<T::Report, R> {
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
            seeds: SEEDS,
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
                traced: run.default_rules.then_some(about.traced),
                replay: Vec::new(),
            },
        }
    }
}

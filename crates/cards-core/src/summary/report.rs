//! [`Report`]: what a run found, as its JSON serializes it and its text shows it.

use serde::Serialize;
use std::collections::BTreeMap;

use super::{LengthReport, Notable, Term};

/// Who plays every game of a summarized run.
pub const PLAYER: &str = "uniformly random (each legal action equally likely)";

/// How the games of a run get their seeds.
pub const SEEDS: &str = "game i uses Seed::from(seed + i), wrapping at 2^64";

/// What a game tells the summary about itself ([`super::Summary::about`]).
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

/// The summary of a run: every field but `timing` (and the record paths) is the same on
/// every run. `D` is the game's own part ([`super::Tally::Report`]), `R` the rules played (as
/// the front end writes them: JSON).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report<D, R> {
    /// The game's name.
    pub game: &'static str,
    /// The variant played (`null` for a game without variants).
    pub variant: Option<&'static str>,
    /// The rules played.
    pub rules: R,
    /// Games played.
    pub games: u64,
    /// Number of seats.
    pub players: usize,
    /// The first game's seed.
    pub seed: u64,
    /// How games get their seeds ([`SEEDS`]).
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
    /// The record files written, in the order written (by a front end that writes them).
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
    /// The game's other lengths per game ([`super::Tally::lengths`]).
    pub lengths: Vec<(&'static str, LengthReport)>,
    /// Where the records were written, if a front end wrote them.
    pub record_dir: Option<String>,
    /// The rules as the front end describes its user's choice.
    pub rules: String,
    /// The name of the game's other unit ([`super::Tally::unit`]), whose rate the timing
    /// shows.
    pub units: Option<&'static str>,
    /// What the oracle's trace shows of a notable game ([`About::traced`]); `None` when the
    /// rules are not the defaults (the oracle plays default rules only).
    pub traced: Option<&'static str>,
    /// How to replay a notable game, in the front end's words: whole lines written after the
    /// notable games (none by default).
    pub replay: Vec<String>,
}

/// What was played, as the report states it.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRules<R> {
    /// The variant (`None`: the game has none).
    pub variant: Option<&'static str>,
    /// The rules, as the report's JSON writes them.
    pub rules: R,
    /// The rules as the front end describes its user's choice.
    pub described: String,
    /// Whether these are the game's default rules and variant.
    pub default_rules: bool,
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
    /// The notable games, in report order.
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
    #[must_use]
    pub fn labelled(&self) -> Vec<(String, &Notable)> {
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

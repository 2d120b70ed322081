//! The report model: what a run found, as the JSON report serializes it and the text shows it.

use serde::Serialize;
use std::collections::BTreeMap;

use super::*;

/// A term of a game's summary, explained in its legend: the same type as a game's own
/// vocabulary.
pub use cards_core::Term;

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
    /// The name the game type's records carry ([`cards_core::Game::NAME`]), which starts
    /// their file names.
    pub record: &'static str,
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
    /// The name the game type's records carry ([`cards_core::Game::NAME`]).
    pub record: &'static str,
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
    pub(super) fn labelled(&self) -> Vec<(String, &Notable)> {
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

//! One game type's run of `cardrules simulate`: its rules from the command line, its games
//! played and summarized, its records written.

use std::path::Path;

use cards_core::{Game, GameRecord, Presets, Seed, random_playout};

use super::{
    Config, MAX_RECORD_ALL, Replay, Report, RuleChoices, RunRules, SimulateError, Summary,
    record_file_name, render, run,
};
use crate::output;

/// The rules `choices` name for the game `G` (`name` in messages; [`RuleChoices::rules`]: its
/// default rules or a preset, the `--rules` JSON merged in, then each `--rule` in order).
///
/// # Errors
/// [`SimulateError::Rules`] naming what was wrong: JSON that is not the game's rules, an
/// unknown option or a bad value.
pub fn rules_from<G: Game>(name: &str, choices: &RuleChoices) -> Result<G::Rules, SimulateError> {
    choices
        .rules(name, &G::Rules::presets())
        .map_err(SimulateError::Rules)
}

/// `cardrules simulate` for one game type (`name`: the game's name; `variant`: the variant it
/// plays, for the report;
/// `trace_variant`: the `"variant"` the oracle's trace of it needs, if not the default):
/// reads the rules, runs, writes the records asked for and renders the report.
///
/// # Errors
/// [`SimulateError`] when the rules are bad, the pool cannot start, a game cannot be set up,
/// a record cannot be written or the JSON cannot be written.
pub fn simulate<G: Summary>(
    name: &'static str,
    config: &Config,
    variant: Option<&'static str>,
    trace_variant: Option<&'static str>,
    json: bool,
) -> Result<String, SimulateError> {
    let rules = rules_from::<G>(name, &config.rules)?;
    // A setup error shows before any game runs (bad rules for this table, say), and so does a
    // record directory that cannot take the records.
    G::new(&rules, config.players, Seed::from(config.seed))
        .map_err(|source| SimulateError::Rules(format!("{source}")))?;
    if let Some(dir) = &config.record {
        check_record_dir::<G>(dir, config)?;
    }
    // Under default rules game i is the oracle's `playout` of its seed: the same game and the
    // same random player from the same seed.
    let (stats, elapsed) = run::<G::Tally, _, _>(name, config, |players, seed| {
        G::random_game(&rules, players, Seed::from(seed))
    })?;
    let variant_arg = config
        .variant
        .as_ref()
        .map(|v| format!(" --variant {v}"))
        .unwrap_or_default();
    let run = RunRules {
        variant,
        rules: serde_json::to_value(&rules).map_err(SimulateError::Write)?,
        described: config.rules.describe(),
        default_rules: config.rules.is_default(),
    };
    let mut report = stats.report(elapsed, &G::about(), run);
    if let Some(dir) = &config.record {
        write_records::<G, _, _>(&rules, dir, config, &mut report)?;
    }
    report.text.replay = Replay {
        record: G::NAME,
        args: format!("{variant_arg}{}", config.rules.args()),
        trace_variant,
    }
    .lines(&report);
    render(&report, json)
}

/// `simulate --record DIR`: writes the record of every notable game of `report` (or, with
/// `--record-all`, of every game, up to [`MAX_RECORD_ALL`]) into `dir` (checked before the run
/// by [`check_record_dir`]), as [`record_file_name`]; notes the files in the report.
///
/// # Errors
/// [`SimulateError::Record`] when a file cannot be written.
pub fn write_records<G: Game, D, R>(
    rules: &G::Rules,
    dir: &Path,
    config: &Config,
    report: &mut Report<D, R>,
) -> Result<(), SimulateError> {
    let mut indices: Vec<u64> = if config.record_all {
        (0..config.games.min(MAX_RECORD_ALL)).collect()
    } else {
        report.notable.iter_mut().map(|n| n.game).collect()
    };
    let mut seen = std::collections::BTreeSet::new();
    indices.retain(|&index| seen.insert(index));
    for index in indices {
        let seed = config.seed.wrapping_add(index);
        let text = record_json::<G>(rules, config.players, seed).map_err(|e| match e {
            RecordError::Setup(source) => SimulateError::Game {
                index,
                seed,
                source: Box::new(source),
            },
            RecordError::Write(e) => SimulateError::Write(e),
        })?;
        let path = dir.join(record_file_name(G::NAME, config.players, seed));
        output::write_file(&path, text.as_bytes())?;
        let shown = path.display().to_string();
        for notable in report.notable.iter_mut() {
            if notable.game == index {
                notable.record = Some(shown.clone());
            }
        }
        report.records.push(shown);
    }
    report.text.record_dir = Some(dir.display().to_string());
    Ok(())
}

/// The record files a run of `G` may write: [`record_file_name`] for the seeds of its games
/// (of its first [`MAX_RECORD_ALL`] with `--record-all`).
struct SeedFiles {
    /// `<record>-<players>p-seed`.
    prefix: String,
    /// The first game's seed.
    first: u64,
    /// How many games' seeds follow it.
    games: u64,
}

impl output::Planned for SeedFiles {
    fn may_write(&self, name: &str) -> bool {
        name.strip_prefix(&self.prefix)
            .and_then(|rest| rest.strip_suffix(".json"))
            .filter(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|digits| digits.parse::<u64>().ok())
            .is_some_and(|seed| seed.wrapping_sub(self.first) < self.games)
    }
}

/// Before a `simulate --record DIR` run of `G`: the directory exists (created if needed) and
/// takes files, and holds none of the records the run may write (replaced with `--force`).
///
/// # Errors
/// [`SimulateError::Record`] saying what is wrong.
pub fn check_record_dir<G: Game>(dir: &Path, config: &Config) -> Result<(), SimulateError> {
    let plan = SeedFiles {
        prefix: record_file_name(G::NAME, config.players, 0)
            .trim_end_matches("0.json")
            .to_owned(),
        first: config.seed,
        games: if config.record_all {
            config.games.min(MAX_RECORD_ALL)
        } else {
            config.games
        },
    };
    output::check_dir(dir, &plan, config.force)?;
    Ok(())
}

/// Why a record could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RecordError<G: Game> {
    /// The game could not be set up.
    #[error(transparent)]
    Setup(G::SetupError),
    /// The record could not be written as JSON (a bug in the game's serde).
    #[error("cannot write the record: {0}")]
    Write(serde_json::Error),
}

/// The record of the random game that `simulate` plays under `rules` for (`players`, `seed`)
/// (under default rules: `<game>.playout`'s), as pretty JSON ending with a line end, its seed
/// written as the integer it came from (`"seed": 42`): what `simulate --record` writes and
/// `replay` reads.
///
/// # Errors
/// [`RecordError`] when the game cannot be set up or written.
pub fn record_json<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
) -> Result<String, RecordError<G>> {
    let (_, played) =
        random_playout::<G>(rules, players, Seed::from(seed)).map_err(RecordError::Setup)?;
    let mut record = GameRecord::<G>::from_integer_seed(played.rules, players, seed);
    record.actions = played.actions;
    let mut text = serde_json::to_string_pretty(&record).map_err(RecordError::Write)?;
    text.push('\n');
    Ok(text)
}

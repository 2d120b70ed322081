//! The command line's part of the report: rendering it (JSON or text) and the lines that say
//! how to replay a notable game with `cardrules`.

use serde::Serialize;
use std::fmt;

use super::{Report, SimulateError, record_file_name};

/// Renders a report: one line of JSON with `json`, else text.
///
/// # Errors
/// [`SimulateError::Write`] when the JSON cannot be written.
pub fn render<D: Serialize + fmt::Display, R: Serialize>(
    report: &Report<D, R>,
    json: bool,
) -> Result<String, SimulateError> {
    if json {
        serde_json::to_string(report).map_err(SimulateError::Write)
    } else {
        Ok(report.to_string())
    }
}

/// How the command line names a run, for the lines that replay one of its games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The name the game type's records carry ([`cards_core::Game::NAME`]), which starts
    /// their file names.
    pub record: &'static str,
    /// The variant and rule arguments of the run, as typed (` --rule weis=small`).
    pub args: String,
    /// The `"variant"` the oracle's trace request names, if not its default.
    pub trace_variant: Option<&'static str>,
}

impl Replay {
    /// The lines after the notable games of `report` that say how to replay the first: its
    /// record when written, else the commands that record it and replay the record, and (under
    /// default rules) the oracle's trace of it.
    #[must_use]
    pub fn lines<D, R>(&self, report: &Report<D, R>) -> Vec<String> {
        let notable = report.notable.labelled();
        let Some((_, example)) = notable.first() else {
            return Vec::new();
        };
        if let Some(record) = &example.record {
            return vec![format!("  Replay one: cardrules replay {record}")];
        }
        let (game, players, seed) = (report.game, report.players, example.seed);
        let mut lines = vec![
            "  To replay one, record it, then replay the record:".to_owned(),
            format!(
                "    cardrules simulate {game} --players {players} --games 1 --seed {seed}{} --record DIR",
                self.args
            ),
            format!(
                "    cardrules replay DIR/{}",
                record_file_name(self.record, players, seed)
            ),
        ];
        if let Some(what) = report.text.traced {
            lines.push(format!("  or follow {what} step by step with the oracle:"));
            let variant = self
                .trace_variant
                .map(|v| format!("\"variant\":\"{v}\","))
                .unwrap_or_default();
            lines.push(format!(
                "    echo '{{\"op\":\"{game}.trace\",{variant}\"players\":{players},\"seed\":{seed}}}' | cardrules oracle"
            ));
        }
        lines
    }
}

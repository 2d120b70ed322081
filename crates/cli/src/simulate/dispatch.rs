//! `simulate`'s dispatch: the summary of the game type a catalogue line names, run typed
//! through the registry ([`GameType::visit_summarized`]).

use cards_core::summary::Summary;
use cards_registry::{Catalogued, GameType, SummaryVisitor};

use super::{Config, SimulateError};

/// Runs `config` for `line` and renders the report.
///
/// # Errors
/// [`SimulateError`] when the run fails (bad rules included), or the game type has no summary.
pub fn simulate(
    line: &'static GameType,
    config: &Config,
    json: bool,
) -> Result<String, SimulateError> {
    line.visit_summarized(Run { config, json })
        .unwrap_or_else(|| Err(SimulateError::NoSummary(line.label)))
}

/// `simulate` of one game type.
struct Run<'a> {
    config: &'a Config,
    json: bool,
}

impl SummaryVisitor for Run<'_> {
    type Out = Result<String, SimulateError>;

    fn visit<G: Catalogued + Summary>(self, line: &'static GameType) -> Self::Out {
        let trace_variant = cards_registry::oracle::request_variant(line);
        crate::simulate::game::simulate::<G>(
            line.game,
            self.config,
            line.variant,
            trace_variant,
            self.json,
        )
    }
}

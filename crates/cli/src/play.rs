//! `simulate`'s dispatch to a game type's summary ([`Summary`]): the one place the command
//! line still names the game types, until each game's summary lives in its crate and the
//! registry's typed visit reaches it like every other command's.

use cards_core::Game;
use cards_registry::GameType;

use crate::games::Summary;
use crate::simulate::{Config, SimulateError};

/// Runs `config` for `line` and renders the report.
///
/// # Errors
/// [`SimulateError`] when the run fails (bad rules included).
pub fn simulate(
    line: &'static GameType,
    config: &Config,
    json: bool,
) -> Result<String, SimulateError> {
    let run = match line.record() {
        ::zaagox::Zaagox::NAME => run::<::zaagox::Zaagox>,
        ::jass::Schieber::NAME => run::<::jass::Schieber>,
        ::jass::Coiffeur::NAME => run::<::jass::Coiffeur>,
        ::jass::Differenzler::NAME => run::<::jass::Differenzler>,
        ::elewenjewe::Elewenjewe::NAME => run::<::elewenjewe::Elewenjewe>,
        ::letom::Letom::NAME => run::<::letom::Letom>,
        ::letom::LetomMatch::NAME => run::<::letom::LetomMatch>,
        _ => {
            return Err(SimulateError::Rules(format!(
                "{} cannot be simulated",
                line.label
            )));
        }
    };
    run(line, config, json)
}

fn run<G: Summary>(
    line: &'static GameType,
    config: &Config,
    json: bool,
) -> Result<String, SimulateError> {
    // The oracle traces a form other than the game's first by its name there.
    let first = cards_registry::catalogue()
        .iter()
        .find(|t| t.game == line.game && t.oracle.is_some());
    let trace_variant = line
        .oracle
        .filter(|_| first.is_some_and(|f| !std::ptr::eq(f, line)));
    crate::simulate::game::simulate::<G>(line.game, config, line.variant, trace_variant, json)
}

//! The package's exceptions, and the registry's refusals turned into them (every refusal is a
//! Python exception with the rule's words; nothing a caller passes crashes the interpreter).

use cards_registry::{LookupError, ShardError, TableError};
use pyo3::create_exception;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    _cardrules,
    CardrulesError,
    PyValueError,
    "Anything cardrules refuses: the base of its exceptions (a ValueError)."
);
create_exception!(
    _cardrules,
    IllegalAction,
    CardrulesError,
    "An action that is not legal now, or text that names no action; the state is unchanged."
);
create_exception!(
    _cardrules,
    GameOver,
    CardrulesError,
    "A move asked of a game that is over."
);
create_exception!(
    _cardrules,
    UnknownGame,
    CardrulesError,
    "A game or variant the catalogue does not have."
);
create_exception!(
    _cardrules,
    InvalidRules,
    CardrulesError,
    "Rules, a setup or a player count the game does not accept."
);
create_exception!(
    _cardrules,
    InvalidRecord,
    CardrulesError,
    "A game record that is not one, or does not replay."
);
create_exception!(
    _cardrules,
    BotError,
    CardrulesError,
    "A bot name that is not one, or a player that failed in a tournament."
);

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("CardrulesError", py.get_type::<CardrulesError>())?;
    m.add("IllegalAction", py.get_type::<IllegalAction>())?;
    m.add("GameOver", py.get_type::<GameOver>())?;
    m.add("UnknownGame", py.get_type::<UnknownGame>())?;
    m.add("InvalidRules", py.get_type::<InvalidRules>())?;
    m.add("InvalidRecord", py.get_type::<InvalidRecord>())?;
    m.add("BotError", py.get_type::<BotError>())?;
    Ok(())
}

/// A registry refusal as the matching exception.
pub(crate) fn table(e: TableError) -> PyErr {
    let text = e.to_string();
    match e {
        TableError::Refused(_) | TableError::Notation(_) | TableError::Index { .. } => {
            IllegalAction::new_err(text)
        }
        TableError::Over => GameOver::new_err(text),
        TableError::Rules(_) | TableError::Setup(_) | TableError::Seat { .. } => {
            InvalidRules::new_err(text)
        }
        TableError::Record(_) => InvalidRecord::new_err(text),
        TableError::Bot(_) | TableError::Tournament(_) => BotError::new_err(text),
        TableError::Shard(ShardError::NoMemory { .. }) => PyMemoryError::new_err(text),
        _ => CardrulesError::new_err(text),
    }
}

pub(crate) fn lookup(e: LookupError) -> PyErr {
    UnknownGame::new_err(e.to_string())
}

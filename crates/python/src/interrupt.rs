//! Ctrl-C in a long run. A run plays with the interpreter released, so Python cannot raise
//! `KeyboardInterrupt` until it returns; the run asks between deals instead.

use cards_registry::{ShardError, TableError};
use pyo3::prelude::*;

use crate::errors;

/// Asked between a run's deals whether to go on: no once Python has a signal pending (Ctrl-C),
/// whose exception is then kept to raise in place of the run's result.
#[derive(Default)]
pub(crate) struct Interrupt(Option<PyErr>);

impl Interrupt {
    /// Whether the run goes on: Python's signal handlers run here (briefly taking the
    /// interpreter), and an exception from one stops the run.
    pub(crate) fn keep_on(&mut self) -> bool {
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => true,
            Err(e) => {
                self.0 = Some(e);
                false
            }
        }
    }

    /// Deal `deal` of a run, unless the run is to stop before it.
    ///
    /// # Errors
    /// [`ShardError::Stopped`] when a signal is pending.
    pub(crate) fn before(&mut self, deal: u64) -> Result<(), TableError> {
        if self.keep_on() {
            Ok(())
        } else {
            Err(ShardError::Stopped { deal }.into())
        }
    }

    /// The exception a run's refusal `e` raises: the signal's own when it stopped the run.
    pub(crate) fn raised(self, e: TableError) -> PyErr {
        self.0.unwrap_or_else(|| errors::table(e))
    }
}

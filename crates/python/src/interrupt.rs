//! Ctrl-C in a long run. A run plays with the interpreter released, so Python cannot raise
//! `KeyboardInterrupt` until it returns; the run asks between deals instead, and a Python
//! player interrupted in its turn hands the exception on rather than failing as a bot.

use std::sync::{Arc, Mutex, PoisonError};

use cards_registry::{ShardError, TableError};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

use crate::errors;

/// Asked between a run's deals whether to go on: no once Python has a signal pending (Ctrl-C),
/// whose exception is then kept to raise in place of the run's result. Its clones share what
/// they keep, so a Python player can keep an interruption too.
#[derive(Clone, Default)]
pub(crate) struct Interrupt(Arc<Mutex<Option<PyErr>>>);

impl Interrupt {
    /// Whether the run goes on: Python's signal handlers run here (briefly taking the
    /// interpreter), and an exception from one stops the run.
    pub(crate) fn keep_on(&self) -> bool {
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => true,
            Err(e) => {
                self.keep(e);
                false
            }
        }
    }

    /// Deal `deal` of a run, unless the run is to stop before it.
    ///
    /// # Errors
    /// [`ShardError::Stopped`] when a signal is pending.
    pub(crate) fn before(&self, deal: u64) -> Result<(), TableError> {
        if self.keep_on() {
            Ok(())
        } else {
            Err(ShardError::Stopped { deal }.into())
        }
    }

    /// Whether `e`, raised by a Python player, stops the run rather than counting as the
    /// player's error: an exception that is not an `Exception` (`KeyboardInterrupt`,
    /// `SystemExit`), which is then kept to raise.
    pub(crate) fn stops(&self, py: Python<'_>, e: PyErr) -> Result<(), PyErr> {
        if e.is_instance_of::<PyException>(py) {
            Err(e)
        } else {
            self.keep(e);
            Ok(())
        }
    }

    fn keep(&self, e: PyErr) {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kept.get_or_insert(e);
    }

    /// The exception a run's refusal `e` raises: the interruption's own when one stopped it.
    pub(crate) fn raised(&self, e: TableError) -> PyErr {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner).take();
        kept.unwrap_or_else(|| errors::table(e))
    }
}

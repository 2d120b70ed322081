//! Ctrl-C in a long run. A run plays with the interpreter released, so Python cannot raise
//! `KeyboardInterrupt` until it returns; the run asks between deals instead, and a Python
//! player interrupted in its turn hands the exception on rather than failing as a bot.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use cards_registry::TableError;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

use crate::errors;

/// How often a run asks Python for a pending signal: often enough that Ctrl-C stops it at
/// once, seldom enough that taking the interpreter costs nothing.
const EVERY: Duration = Duration::from_millis(20);

/// Asked between a run's deals whether to go on: no once Python has a signal pending (Ctrl-C),
/// whose exception is then kept to raise in place of the run's result. Its clones share what
/// they keep, so a Python player can keep an interruption too.
#[derive(Clone)]
pub(crate) struct Interrupt {
    /// Whether the run is on Python's main thread, the only one whose signals Python
    /// handles: elsewhere (a thread pool's worker) asking is no use, so it is not done.
    main: bool,
    state: Arc<Mutex<State>>,
}

struct State {
    kept: Option<PyErr>,
    asked: Instant,
}

impl Interrupt {
    /// The run's, started on the calling thread.
    ///
    /// # Errors
    /// When Python's `threading` cannot say which thread this is.
    pub(crate) fn new(py: Python<'_>) -> PyResult<Interrupt> {
        let threading = py.import("threading")?;
        let main = threading
            .call_method0("current_thread")?
            .is(&threading.call_method0("main_thread")?);
        Ok(Interrupt {
            main,
            state: Arc::new(Mutex::new(State {
                kept: None,
                asked: Instant::now(),
            })),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the run goes on: Python's signal handlers run here (briefly taking the
    /// interpreter, at most every [`EVERY`]), and an exception from one stops the run.
    pub(crate) fn keep_on(&self) -> bool {
        if !self.main {
            return true;
        }
        {
            let mut state = self.state();
            if state.asked.elapsed() < EVERY {
                return true;
            }
            state.asked = Instant::now();
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => true,
            Err(e) => {
                self.state().kept.get_or_insert(e);
                false
            }
        }
    }

    /// Whether `e`, raised by a Python player, stops the run rather than counting as the
    /// player's error: an exception that is not an `Exception` (`KeyboardInterrupt`,
    /// `SystemExit`), which is then kept to raise.
    pub(crate) fn stops(&self, py: Python<'_>, e: PyErr) -> Result<(), PyErr> {
        if e.is_instance_of::<PyException>(py) {
            Err(e)
        } else {
            self.state().kept.get_or_insert(e);
            Ok(())
        }
    }

    /// The exception a run's refusal `e` raises: the interruption's own when one stopped it.
    pub(crate) fn raised(&self, e: TableError) -> PyErr {
        let kept = self.state().kept.take();
        kept.unwrap_or_else(|| errors::table(e))
    }
}

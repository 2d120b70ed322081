//! Ctrl-C in a long run. A run plays with the interpreter released, so Python cannot raise
//! `KeyboardInterrupt` until it returns; the run asks between deals instead, and while it
//! awaits an outside program's answer, and a Python player interrupted in its turn hands the
//! exception on rather than failing as a bot.

use std::rc::Rc;
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
            // Once stopped, stopped: the rest of the deal must not wait on its programs.
            if state.kept.is_some() {
                return false;
            }
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

    /// Runs `run`, a run of deals, with the interpreter released, handing it
    /// [`Interrupt::keep_on`] to ask between deals; an outside program's answer is awaited
    /// asking it too, so Ctrl-C stops the wait rather than waiting out the answer time (the
    /// deal's later decisions are then the program's fault's fallback).
    ///
    /// # Errors
    /// As [`Interrupt::result`].
    pub(crate) fn detached<T: Send>(
        &self,
        py: Python<'_>,
        run: impl FnOnce(&mut dyn FnMut() -> bool) -> Result<T, TableError> + Send,
    ) -> PyResult<T> {
        let played = py.detach(|| {
            let me = self.clone();
            cards_registry::pipe::interruptible(Rc::new(move || me.keep_on()), || {
                run(&mut || self.keep_on())
            })
        });
        self.result(played)
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

    /// What a run that ended with `run` returns: the interruption's exception whenever one
    /// was kept, even if the run then finished (a deal an interruption cut short was played
    /// partly by its programs' faults' fallback), else `run` with its refusal as Python's.
    ///
    /// # Errors
    /// The interruption kept, or the refusal's exception.
    fn result<T>(&self, run: Result<T, TableError>) -> PyResult<T> {
        match self.state().kept.take() {
            Some(e) => Err(e),
            None => run.map_err(errors::table),
        }
    }
}

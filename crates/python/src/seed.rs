//! Seeds as Python gives them: any `int` from 0 to 2^64 - 1. PyO3 alone refuses another with
//! `OverflowError("can't convert negative int to unsigned")`, naming nothing; the same
//! exception here names the argument and its range.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

/// A `seed` argument: a whole number from 0 to 2^64 - 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seed(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    /// Raises `OverflowError` for an `int` out of range, as for any count; `TypeError` for
    /// anything else, as PyO3 does for a `u64` (which names the argument).
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<u64>() {
            Ok(seed) => Ok(Seed(seed)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Err(PyOverflowError::new_err(format!(
                    "seed must be a whole number from 0 to {}, not {}",
                    u64::MAX,
                    obj.repr()?
                )))
            }
            Err(e) => Err(e),
        }
    }
}

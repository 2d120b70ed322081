//! JSON between Python and the registry: values go through Python's own `json` module, so a
//! dict from Python reaches a game's strict serde exactly as the command line's `--rules` does.

use pyo3::prelude::*;
use serde_json::Value;

use crate::errors::InvalidRules;

/// A JSON value as Python objects (dicts, lists, str, int, float, bool, None).
pub(crate) fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?
        .call_method1("loads", (value.to_string(),))
}

/// A Python object as JSON text, refused as [`InvalidRules`] when it is not JSON data.
pub(crate) fn dumps(object: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let json = object.py().import("json")?;
    json.call_method1("dumps", (object,))
        .and_then(|text| text.extract::<String>())
        .map_err(|e| InvalidRules::new_err(format!("{what} must be JSON data: {e}")))
}

/// A Python object as a JSON value.
pub(crate) fn from_py(object: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    let text = dumps(object, what)?;
    serde_json::from_str(&text).map_err(|e| InvalidRules::new_err(format!("{what}: {e}")))
}

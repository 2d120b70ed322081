//! [`State`]: one game in play, in OpenSpiel's terms. Actions are the game type's step ids
//! (`Game.num_distinct_actions()`), the same id meaning the same step in every position; the
//! legal mask and the tensors come as numpy arrays, written by Rust into memory numpy then
//! owns (or into the caller's own arrays, `out=`).

use std::sync::{Mutex, MutexGuard};

use crate::seed::Seed;
use cards_core::ActionMask;
use cards_registry::Table;
use numpy::{PyArray1, PyArrayMethods as _};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::{self, CardrulesError, IllegalAction, InvalidRules};
use crate::game::Game;
use crate::json;

/// `current_player()` once the game is over (OpenSpiel's `PlayerId.TERMINAL`).
pub(crate) const TERMINAL: i64 = -4;

/// One game in play (OpenSpiel's `State`): the seat to act, its legal actions, what each seat
/// sees, and the record. Copies with `clone()`, `copy.copy` and `copy.deepcopy`; pickles as its
/// record (and the steps of a decision under way).
#[pyclass(module = "cardrules._cardrules")]
#[derive(Debug)]
pub struct State {
    game: Py<Game>,
    inner: Mutex<Inner>,
}

#[derive(Debug)]
struct Inner {
    table: Box<dyn Table>,
    /// Scratch for the legal mask, reused call after call.
    mask: ActionMask,
}

impl State {
    pub(crate) fn new(game: Py<Game>, table: Box<dyn Table>) -> Self {
        State {
            game,
            inner: Mutex::new(Inner {
                table,
                mask: ActionMask::default(),
            }),
        }
    }

    fn lock(&self) -> PyResult<MutexGuard<'_, Inner>> {
        self.inner
            .lock()
            .map_err(|_| CardrulesError::new_err("the state was left broken by a panic"))
    }

    /// A copy sharing nothing with this state.
    pub(crate) fn copy(&self, py: Python<'_>) -> PyResult<State> {
        let table = self.lock()?.table.clone_table();
        Ok(State::new(self.game.clone_ref(py), table))
    }

    /// The table, for the bots.
    pub(crate) fn with_table<T>(&self, f: impl FnOnce(&mut dyn Table) -> T) -> PyResult<T> {
        Ok(f(&mut *self.lock()?.table))
    }

    /// One of `player`'s tensors (its shape picked from the game type's two by `shape`), written
    /// by `write` into `out` or a new array.
    fn seat_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        out: Option<Bound<'py, PyAny>>,
        shape: impl FnOnce((cards_core::Shape, cards_core::Shape)) -> cards_core::Shape,
        write: impl FnOnce(&dyn Table, usize, &mut [f32]) -> Result<(), cards_registry::TableError>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let inner = self.lock()?;
        let seat = Self::seat(&*inner.table, player)?;
        let len = shape(inner.table.game_type().tensor_shapes()).len();
        tensor(py, len, out, |values| {
            write(&*inner.table, seat, values).map_err(errors::table)
        })
    }

    /// Whether `player` names someone other than the seat to act: another seat, or one of
    /// OpenSpiel's negative ids (the terminal or chance player); `None` names the seat to act.
    fn not_to_act(table: &dyn Table, player: Option<i64>) -> PyResult<bool> {
        match player {
            None => Ok(false),
            Some(p) if p < 0 => Ok(true),
            Some(_) => Ok(table.to_act() != Some(Self::seat(table, player)?)),
        }
    }

    /// `player` as a seat: the one to act when `None`.
    fn seat(table: &dyn Table, player: Option<i64>) -> PyResult<usize> {
        match player {
            Some(p) => usize::try_from(p)
                .ok()
                .filter(|&s| s < table.players())
                .ok_or_else(|| {
                    InvalidRules::new_err(format!(
                        "the seats are 0 to {}, not {p}",
                        table.players() - 1
                    ))
                }),
            None => table.to_act().ok_or_else(|| {
                errors::GameOver::new_err("the game is over: name the seat (player=…)")
            }),
        }
    }
}

/// Reads `(action)` or `(player, action)`, OpenSpiel's two forms.
fn last_arg<'py>(args: &Bound<'py, PyTuple>, what: &str) -> PyResult<Bound<'py, PyAny>> {
    match args.len() {
        1 => args.get_item(0),
        2 => args.get_item(1),
        n => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{what} takes (action) or (player, action), not {n} arguments"
        ))),
    }
}

/// Writes `len` values with `fill` into `out` (the caller's array) or into a new array.
fn tensor<'py, T: numpy::Element + Copy + Default>(
    py: Python<'py>,
    len: usize,
    out: Option<Bound<'py, PyAny>>,
    fill: impl FnOnce(&mut [T]) -> PyResult<()>,
) -> PyResult<Bound<'py, PyArray1<T>>> {
    match out {
        Some(out) => {
            // Cast here rather than in the signature, so a wrong array is named in words.
            let array = out.cast_into::<PyArray1<T>>().map_err(|e| {
                let given = e.into_inner();
                let dtype = numpy::dtype::<T>(py);
                PyTypeError::new_err(format!(
                    "out must be a one-dimensional numpy array of {dtype}, not {}",
                    shown_array(&given)
                ))
            })?;
            let mut writable = array
                .try_readwrite()
                .map_err(|e| InvalidRules::new_err(format!("out cannot be written: {e}")))?;
            let slice = writable.as_slice_mut().map_err(|e| {
                InvalidRules::new_err(format!("out must be a contiguous array: {e}"))
            })?;
            if slice.len() != len {
                return Err(InvalidRules::new_err(format!(
                    "out holds {} values; this tensor has {len}",
                    slice.len()
                )));
            }
            fill(slice)?;
            drop(writable);
            // The caller's own array back, as numpy's `out=` does.
            Ok(array)
        }
        None => {
            let mut values = vec![T::default(); len];
            fill(&mut values)?;
            Ok(PyArray1::from_vec(py, values))
        }
    }
}

/// What `given` is, as a wrong `out=` shows it: `a float32 array of shape (3, 4)`, or its type.
fn shown_array(given: &Bound<'_, PyAny>) -> String {
    let dtype = given.getattr("dtype").and_then(|d| d.str());
    let shape = given.getattr("shape").and_then(|s| s.str());
    match (dtype, shape) {
        (Ok(dtype), Ok(shape)) => format!("a {dtype} array of shape {shape}"),
        _ => given
            .get_type()
            .name()
            .map_or_else(|_| "that".to_owned(), |name| format!("a {name}")),
    }
}

#[pymethods]
impl State {
    /// The game this state is of.
    fn get_game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The seat to act, or `TERMINAL` (-4) once the game is over. (All chance is fixed by the
    /// seed at the deal, so there is no chance player.)
    fn current_player(&self) -> PyResult<i64> {
        Ok(self.lock()?.table.to_act().map_or(TERMINAL, |s| s as i64))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> PyResult<bool> {
        Ok(self.lock()?.table.to_act().is_none())
    }

    /// Whether chance is to act: never, since every deal is fixed by the seed (no chance
    /// player).
    fn is_chance_node(&self) -> bool {
        false
    }

    /// The number of seats.
    fn num_players(&self) -> PyResult<usize> {
        Ok(self.lock()?.table.players())
    }

    /// The legal action ids of the seat to act, in increasing order (empty once over, or for
    /// another `player`: a seat not to act, or OpenSpiel's negative ids of no seat).
    ///
    /// Raises `InvalidRules` for a `player` past the last seat.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        let inner = &mut *self.lock()?;
        if Self::not_to_act(&*inner.table, player)? {
            return Ok(Vec::new());
        }
        inner.table.step_mask(&mut inner.mask);
        Ok(inner.mask.iter().collect())
    }

    /// The legal actions as a mask over every action id: an int8 array of
    /// `num_distinct_actions()` zeros and ones, new or written into `out` (all zeros for a
    /// `player` not to act, as `legal_actions` has none).
    ///
    /// Raises `InvalidRules` for a `player` past the last seat or an `out` of the wrong size.
    #[pyo3(signature = (player=None, out=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let inner = &mut *self.lock()?;
        let len = inner.table.step_space();
        let other = Self::not_to_act(&*inner.table, player)?;
        tensor(py, len, out, |values| {
            values.fill(0);
            if !other {
                inner.table.step_mask(&mut inner.mask);
                for id in inner.mask.iter() {
                    if let Some(v) = values.get_mut(id) {
                        *v = 1;
                    }
                }
            }
            Ok(())
        })
    }

    /// Plays the action id `action` for the seat to act.
    ///
    /// Raises `IllegalAction` (the rule's words) when it is not legal now, `GameOver` once the
    /// game is over; the state is then unchanged.
    fn apply_action(&self, action: usize) -> PyResult<()> {
        self.lock()?
            .table
            .take_step(action)
            .map(drop)
            .map_err(errors::table)
    }

    /// A copy with `action` applied (this state unchanged).
    fn child(&self, py: Python<'_>, action: usize) -> PyResult<State> {
        let next = self.copy(py)?;
        next.apply_action(action)?;
        Ok(next)
    }

    /// The action id in the game's notation: `action_to_string(action)` or
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let id: usize = last_arg(args, "action_to_string")?.extract()?;
        self.lock()?
            .table
            .step_named(id)
            .map(|s| s.notation)
            .ok_or_else(|| IllegalAction::new_err(format!("{id} is no action of this game")))
    }

    /// The action id in the words a player reads (cards with suit symbols).
    fn action_to_words(&self, action: usize) -> PyResult<String> {
        self.lock()?
            .table
            .step_named(action)
            .map(|s| s.words)
            .ok_or_else(|| IllegalAction::new_err(format!("{action} is no action of this game")))
    }

    /// The action id a text names (the notation or the words of a step, or a move played
    /// whole): `string_to_action(text)` or `string_to_action(player, text)`.
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, PyTuple>) -> PyResult<usize> {
        let text: String = last_arg(args, "string_to_action")?.extract()?;
        self.lock()?.table.step_id(&text).map_err(errors::table)
    }

    /// The action ids taken so far in a decision taken in several actions (empty between
    /// decisions).
    fn steps_taken(&self) -> PyResult<Vec<usize>> {
        Ok(self.lock()?.table.step_ids_taken().to_vec())
    }

    /// The moves played so far, in the game's notation (a decision taken in several actions
    /// counts once, when complete).
    fn moves(&self) -> PyResult<Vec<String>> {
        let record = self.lock()?.table.record();
        Ok(record["actions"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                    .collect()
            })
            .unwrap_or_default())
    }

    /// The game's returns (zero-sum utilities; the final ones once over).
    fn returns(&self) -> PyResult<Vec<f64>> {
        Ok(self.lock()?.table.returns())
    }

    /// The integer settlement, one entry per seat (what the returns are made of).
    fn settlement(&self) -> PyResult<Vec<i64>> {
        Ok(self.lock()?.table.settlement())
    }

    /// How it ended, `{"text": sentence, "data": dict}`; None while it goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((text, data)) = self.lock()?.table.outcome() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("text", text)?;
        d.set_item("data", json::to_py(py, &data)?)?;
        Ok(Some(d))
    }

    /// The observation tensor of `player` (default: the seat to act): float32, its public part
    /// first (see `Game.observation_tensor_parts()`), new or written into `out`.
    #[pyo3(signature = (player=None, out=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.seat_tensor(
            py,
            player,
            out,
            |shapes| shapes.0,
            |table, seat, values| table.observation(seat, values),
        )
    }

    /// The information-state tensor of `player` (default: the seat to act): everything it has
    /// seen, in order; float32, its public part first, new or written into `out`.
    #[pyo3(signature = (player=None, out=None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.seat_tensor(
            py,
            player,
            out,
            |shapes| shapes.1,
            |table, seat, values| table.information_state(seat, values),
        )
    }

    /// What `player` sees now, as the screen a player reads.
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        let inner = self.lock()?;
        let seat = Self::seat(&*inner.table, player)?;
        inner.table.view_text(seat).map_err(errors::table)
    }

    /// Everything `player` has seen, in order, as text: equal for two states exactly when
    /// the seat cannot tell them apart (a key for search trees and CFR tables).
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        let inner = self.lock()?;
        let seat = Self::seat(&*inner.table, player)?;
        inner
            .table
            .information_state_text(seat)
            .map_err(errors::table)
    }

    /// What `player` sees now, as a dict (the game's view).
    #[pyo3(signature = (player=None))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let inner = self.lock()?;
        let seat = Self::seat(&*inner.table, player)?;
        let view = inner.table.view(seat).map_err(errors::table)?;
        json::to_py(py, &view)
    }

    /// How many events there are so far (every seat is told the same number).
    fn event_count(&self) -> PyResult<usize> {
        Ok(self.lock()?.table.event_count())
    }

    /// The events from the `since`-th on, as `player` was told them (`None`: everything
    /// shown, for an umpire): dicts `{"event": data, "text": sentence}`.
    #[pyo3(signature = (since=0, player=None))]
    fn events<'py>(
        &self,
        py: Python<'py>,
        since: usize,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let inner = self.lock()?;
        let seat = player
            .map(|p| Self::seat(&*inner.table, Some(p)))
            .transpose()?;
        let told = inner.table.events(seat, since).map_err(errors::table)?;
        let list = PyList::empty(py);
        for t in told {
            let d = PyDict::new(py);
            d.set_item("event", json::to_py(py, &t.event)?)?;
            d.set_item("text", t.text)?;
            list.append(d)?;
        }
        Ok(list)
    }

    /// A copy to explore from.
    fn clone(&self, py: Python<'_>) -> PyResult<State> {
        self.copy(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<State> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<State> {
        self.copy(py)
    }

    /// A state `player` cannot tell from this one, every card it cannot see dealt anew from
    /// `seed` (a determinization for search): the same information state for `player`, none of
    /// this state's hidden cards.
    ///
    /// Raises `InvalidRules` when no world fits (a bug: the true one does).
    fn resample_from_infostate(&self, py: Python<'_>, player: i64, seed: Seed) -> PyResult<State> {
        let Seed(seed) = seed;
        let inner = self.lock()?;
        let seat = Self::seat(&*inner.table, Some(player))?;
        let world = inner
            .table
            .sample_world(seat, seed)
            .map_err(errors::table)?;
        Ok(State::new(self.game.clone_ref(py), world))
    }

    /// The game record as JSON text (the library's and the command line's record format).
    fn record(&self) -> PyResult<String> {
        Ok(self.lock()?.table.record().to_string())
    }

    /// The whole state as a dict: every card, for an umpire or a test, never for a seat.
    fn state_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.lock()?.table.state();
        json::to_py(py, &state)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let restore = py
            .import("cardrules._cardrules")?
            .getattr("_restore_state")?;
        let inner = self.lock()?;
        let args = (
            self.game.clone_ref(py),
            inner.table.record().to_string(),
            inner.table.step_ids_taken().to_vec(),
        )
            .into_pyobject(py)?
            .into_any();
        Ok((restore, args))
    }

    fn __str__(&self) -> PyResult<String> {
        let inner = self.lock()?;
        let (_, text) = inner.table.onlooker_view();
        Ok(text)
    }

    fn __repr__(&self) -> PyResult<String> {
        let inner = self.lock()?;
        let t = &inner.table;
        let game = t.game_type();
        Ok(format!(
            "<cardrules.State {}{} players={} moves={} to_act={}>",
            game.game,
            game.variant.map_or(String::new(), |v| format!("/{v}")),
            t.players(),
            t.record()["actions"].as_array().map_or(0, Vec::len),
            t.to_act().map_or("none".to_owned(), |s| s.to_string()),
        ))
    }
}

/// The state a game's record leaves, with the steps of a decision under way retaken (how a
/// state unpickles).
#[pyfunction]
pub(crate) fn _restore_state(
    game: Bound<'_, Game>,
    record: &str,
    steps: Vec<usize>,
) -> PyResult<State> {
    let table = game.get().line.replay(record).map_err(errors::table)?;
    let state = State::new(game.unbind(), table);
    for id in steps {
        state.apply_action(id)?;
    }
    Ok(state)
}

/// The state a game record leaves, whatever its game type (the record names it).
///
/// Raises `InvalidRecord` when the text is not a record or does not replay.
#[pyfunction]
pub(crate) fn from_record(py: Python<'_>, record: &str) -> PyResult<State> {
    let value: serde_json::Value = serde_json::from_str(record)
        .map_err(|e| errors::InvalidRecord::new_err(format!("not JSON: {e}")))?;
    let name = value["game"].as_str().unwrap_or_default();
    let line = cards_registry::by_record(name).ok_or_else(|| {
        errors::InvalidRecord::new_err(format!("{name:?} is not the record name of a game"))
    })?;
    let table = line.replay(record).map_err(errors::table)?;
    // The rules as the game writes them (every field it writes), not as the text has them.
    let game = Game {
        line,
        rules: table.record()["rules"].clone(),
        players: table.players(),
    };
    Ok(State::new(Py::new(py, game)?, table))
}

//! The catalogue and [`Game`]: one game type under chosen rules and a player count, the
//! factory of its states (OpenSpiel's `Game`).

use crate::seed::Seed;
use cards_registry::rules::RuleChoices;
use cards_registry::{GameType, by_record, catalogue, find};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

use crate::errors::{self, InvalidRecord, InvalidRules};
use crate::json;
use crate::state::State;

/// Every game type the package plays: a list of dicts with its `name`, `variant` (None for the
/// game's main form), `record` (the name its records carry, which `new_game` also takes),
/// `label`, `about`, `players` (the fewest and most seats), `default_rules`, `presets` (their
/// names), `num_distinct_actions`, and `observation_shape` and `information_state_shape`: each
/// tensor's public and private lengths, as `Game.observation_tensor_parts()` gives them.
#[pyfunction]
pub(crate) fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for line in catalogue() {
        let d = PyDict::new(py);
        d.set_item("name", line.game)?;
        d.set_item("variant", line.variant)?;
        d.set_item("record", line.record())?;
        d.set_item("label", line.label)?;
        d.set_item("about", line.about)?;
        let players = line.players();
        d.set_item("players", (*players.start(), *players.end()))?;
        d.set_item("default_rules", json::to_py(py, &line.default_rules())?)?;
        let presets: Vec<&str> = line.presets().into_iter().map(|(name, _)| name).collect();
        d.set_item("presets", presets)?;
        d.set_item("num_distinct_actions", line.step_space())?;
        let (observation, information) = line.tensor_shapes();
        d.set_item(
            "observation_shape",
            (observation.public, observation.private),
        )?;
        d.set_item(
            "information_state_shape",
            (information.public, information.private),
        )?;
        list.append(d)?;
    }
    Ok(list)
}

/// The game type `name` (a game: `"jass"`; or a record name: `"schieber-deal"`), its
/// `variant`, at `players` seats (default: the fewest it seats, at least two), under `rules`
/// (a dict merged into the default rules, or into the preset `preset`; unknown fields are
/// refused).
///
/// Raises `UnknownGame` for a game or variant the catalogue lacks and `InvalidRules` for rules
/// or a player count the game refuses.
#[pyfunction]
#[pyo3(signature = (name, variant=None, players=None, rules=None, preset=None))]
pub(crate) fn new_game(
    name: &str,
    variant: Option<&str>,
    players: Option<usize>,
    rules: Option<&Bound<'_, PyAny>>,
    preset: Option<String>,
) -> PyResult<Game> {
    let line = match (find(name, variant), variant) {
        (Ok(line), _) => line,
        (Err(e), Some(_)) => return Err(errors::lookup(e)),
        (Err(e), None) => by_record(name).ok_or_else(|| errors::lookup(e))?,
    };
    let choices = RuleChoices {
        preset,
        json: rules.map(|r| json::dumps(r, "rules")).transpose()?,
        set: Vec::new(),
    };
    let range = line.players();
    let players = players.unwrap_or_else(|| (*range.start()).max(2));
    let rules = line
        .rules(&choices, players)
        .map_err(InvalidRules::new_err)?;
    // A table dealt once checks the player count and the rules' values in the game's words.
    line.new_table(&rules, players, 0).map_err(errors::table)?;
    Ok(Game {
        line,
        rules,
        players,
    })
}

/// One game type under fixed rules and a player count: the factory of its states, with its
/// action space and tensor shapes (OpenSpiel's `Game`). Pickles by value.
#[pyclass(module = "cardrules._cardrules", frozen)]
#[derive(Debug)]
pub struct Game {
    pub(crate) line: &'static GameType,
    pub(crate) rules: Value,
    pub(crate) players: usize,
}

#[pymethods]
impl Game {
    /// The game's name (`"jass"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.line.game
    }

    /// The variant (`"coiffeur"`), None for the game's main form.
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        self.line.variant
    }

    /// The name its records carry (`"schieber-deal"`).
    #[getter]
    fn record_name(&self) -> &'static str {
        self.line.record()
    }

    /// The rules in force, as a dict, as the game's records write them (a field at its default
    /// may be left out).
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::to_py(py, &self.rules)
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.players
    }

    /// The size of the action space: every action id is below it. A decision too large to
    /// number (an Eléwénjewé capture) is taken in several actions of the same player (the card,
    /// then each card taken, then finish).
    fn num_distinct_actions(&self) -> usize {
        self.line.step_space()
    }

    /// The observation tensor's shape, `(length,)`.
    fn observation_tensor_shape(&self) -> (usize,) {
        (self.line.tensor_shapes().0.len(),)
    }

    /// The observation tensor's length.
    fn observation_tensor_size(&self) -> usize {
        self.line.tensor_shapes().0.len()
    }

    /// The information-state tensor's shape, `(length,)`.
    fn information_state_tensor_shape(&self) -> (usize,) {
        (self.line.tensor_shapes().1.len(),)
    }

    /// The information-state tensor's length.
    fn information_state_tensor_size(&self) -> usize {
        self.line.tensor_shapes().1.len()
    }

    /// The lengths of the observation's public and private parts (the public part first).
    fn observation_tensor_parts(&self) -> (usize, usize) {
        let shape = self.line.tensor_shapes().0;
        (shape.public, shape.private)
    }

    /// The lengths of the information state's public and private parts.
    fn information_state_tensor_parts(&self) -> (usize, usize) {
        let shape = self.line.tensor_shapes().1;
        (shape.public, shape.private)
    }

    /// The first state: dealt from `seed` (every deal of the game fixed by it), or the
    /// explicit position `setup` (the game's setup as a dict, every card placed).
    ///
    /// Raises `InvalidRules` for a setup the game refuses, or one that seats another number of
    /// players than this game.
    #[pyo3(signature = (seed=Seed(0), setup=None), text_signature = "($self, seed=0, setup=None)")]
    fn new_initial_state(
        slf: &Bound<'_, Self>,
        seed: Seed,
        setup: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        let Seed(seed) = seed;
        let game = slf.get();
        let table = match setup {
            None => game.line.new_table(&game.rules, game.players, seed),
            Some(setup) => {
                let setup = json::from_py(setup, "setup")?;
                game.line.new_table_from_setup(&game.rules, &setup)
            }
        }
        .map_err(errors::table)?;
        if table.players() != game.players {
            return Err(InvalidRules::new_err(format!(
                "the setup seats {} players, and this game has {}",
                table.players(),
                game.players
            )));
        }
        Ok(State::new(slf.clone().unbind(), table))
    }

    /// The state a game record (JSON text, as `State.record()` writes it) leaves.
    ///
    /// Raises `InvalidRecord` when it is not a record of this game type, of its player count
    /// and rules (`cardrules.from_record` takes a record's own), or does not replay.
    fn state_from_record(slf: &Bound<'_, Self>, record: &str) -> PyResult<State> {
        let game = slf.get();
        let table = game.line.replay(record).map_err(errors::table)?;
        if table.players() != game.players {
            return Err(InvalidRecord::new_err(format!(
                "the record is of a game of {} players, and this game has {}",
                table.players(),
                game.players
            )));
        }
        if table.record()["rules"] != game.rules {
            return Err(InvalidRecord::new_err(
                "the record's rules are not this game's (cardrules.from_record plays a record \
                 under its own)",
            ));
        }
        Ok(State::new(slf.clone().unbind(), table))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let new_game = py.import("cardrules._cardrules")?.getattr("new_game")?;
        let args = (
            self.line.game,
            self.line.variant,
            self.players,
            json::to_py(py, &self.rules)?,
        )
            .into_pyobject(py)?
            .into_any();
        Ok((new_game, args))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Game>().is_ok_and(|o| {
            let o = o.get();
            core::ptr::eq(o.line, self.line) && o.players == self.players && o.rules == self.rules
        })
    }

    fn __hash__(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.line.record(), self.players, self.rules.to_string()).hash(&mut h);
        h.finish()
    }

    pub(crate) fn __repr__(&self) -> String {
        format!(
            "cardrules.new_game({:?}{}, players={})",
            self.line.game,
            self.line
                .variant
                .map_or(String::new(), |v| format!(", variant={v:?}")),
            self.players
        )
    }
}

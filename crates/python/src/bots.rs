//! The ladder's bots as Python callables, and duplicate-deal tournaments in which a Python
//! function may take a seat beside them.

use std::sync::Arc;

use crate::seed::Seed;
use cards_registry::pipe::Program;
use cards_registry::{
    Entry, GameResult, Move, Outsider, Records, Run, ShardError, tournament_deals,
};
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde_json::Value;

use crate::errors::{self, BotError, CardrulesError};
use crate::game::Game;
use crate::interrupt::Interrupt;
use crate::json;
use crate::state::State;

/// A bot of the ladder by name (`"random"`, `"rules"`, `"pimc:200"`, `"ismcts:1000"`: the
/// number is its budget of worlds or iterations; `"cheat"` sees every card and is a ceiling,
/// not a fair player). Called on a state, it returns the action id it plays for the seat to
/// act; it sees only that seat's view. Its choice is fixed by `seed` and the position.
#[pyclass(module = "cardrules._cardrules", frozen)]
#[derive(Debug)]
pub struct Bot {
    pub(crate) name: String,
    seed: u64,
}

#[pymethods]
impl Bot {
    /// Raises `BotError` for a name that is not a bot of the ladder.
    #[new]
    #[pyo3(signature = (name, seed=Seed(0)), text_signature = "(name, seed=0)")]
    fn new(name: &str, seed: Seed) -> PyResult<Self> {
        name.parse::<cards_bots::BotSpec>()
            .map_err(|e| BotError::new_err(e.to_string()))?;
        Ok(Bot {
            name: name.trim().to_owned(),
            seed: seed.0,
        })
    }

    /// Its ladder name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The action id it plays for the seat to act in `state`. In a decision taken in several
    /// actions it chooses the whole move at the first and returns its next step each call.
    ///
    /// Raises `GameOver` once the game is over, and `BotError` when some steps of a decision
    /// were taken by another player (a policy of yours, say) and the move the bot chooses
    /// does not begin with them: a bot plays a decision whole, or not at all.
    fn __call__(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        py.detach(|| {
            state.with_table(|table| {
                let chosen = table.bot_move(&self.name, self.seed)?;
                let path = table.move_steps(&chosen.notation)?;
                let taken = table.step_ids_taken();
                if path.starts_with(taken) && path.len() > taken.len() {
                    Ok(path[taken.len()])
                } else {
                    Err(cards_registry::TableError::Bot(format!(
                        "the bot plays {}, which the steps taken so far do not begin",
                        chosen.notation
                    )))
                }
            })
        })?
        .map_err(errors::table)
    }

    /// The same as calling the bot (OpenSpiel's `Bot.step`).
    fn step(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        self.__call__(py, state)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, u64))> {
        let class = py.import("cardrules._cardrules")?.getattr("Bot")?;
        Ok((class, (self.name.clone(), self.seed)))
    }

    fn __repr__(&self) -> String {
        format!("cardrules.Bot({:?}, seed={})", self.name, self.seed)
    }
}

/// A Python function at a tournament's table: called with the seat's view (a dict) and its
/// legal moves in the game's notation, it answers with an index into them or a move's
/// notation.
struct PythonPlayer {
    function: Py<PyAny>,
    /// Where an interruption in its turn (Ctrl-C's `KeyboardInterrupt`) is kept for the
    /// tournament to raise.
    interrupt: Interrupt,
}

impl Outsider for PythonPlayer {
    fn choose(&self, _seat: usize, view: &Value, legal: &[Move]) -> Result<usize, String> {
        // Once interrupted (in an outside program's wait, say), not asked again: the deal
        // fails at once, and the tournament raises the interruption.
        if !self.interrupt.keep_on() {
            return Err("was interrupted".to_owned());
        }
        Python::attach(|py| {
            let view = json::to_py(py, view).map_err(|e| e.to_string())?;
            let notations: Vec<&str> = legal.iter().map(|m| m.notation.as_str()).collect();
            let answer = self.function.call1(py, (view, notations)).map_err(|e| {
                match self.interrupt.stops(py, e) {
                    Ok(()) => "was interrupted".to_owned(),
                    Err(e) => format!("raised {e}"),
                }
            })?;
            let answer = answer.bind(py);
            if let Ok(i) = answer.extract::<usize>() {
                return Ok(i);
            }
            let text: String = answer
                .extract()
                .map_err(|_| format!("answered {answer}, not a move's index or notation"))?;
            legal
                .iter()
                .position(|m| m.notation == text.trim() || m.words == text.trim())
                .ok_or_else(|| format!("answered {text:?}, which is not a legal move"))
        })
    }
}

/// A duplicate-deal tournament, as the command line's `cardrules tournament`: every pair of
/// `players` meets on the same `deals` deals (dealt from `seed`) under every seating, so luck
/// of the cards cancels. Each player is a ladder name (`"rules"`, `"ismcts:1000"`), an outside
/// program (`"exec:python3 player.py"`, answering each decision within `answer_time` seconds;
/// `docs/bots.md`, "Outside players"), a `cardrules.Bot`, a Python function
/// `f(view, legal) -> index or notation`, or a `(name, function)` pair. Returns the report as
/// the command line's `--json` writes it (standings with intervals and ratings, and a
/// program's faults), with each game's record when `records` is true (held in memory until
/// it returns, about 0.5 to 4 KiB a game by game type: for a long run, write them with the
/// command line's `--record DIR`; `docs/limits.md`).
///
/// Run on Python's main thread, Ctrl-C stops it between deals, while an outside program's
/// answer is awaited (the program is stopped), or in a Python player's turn
/// (`KeyboardInterrupt`).
///
/// Raises `CardrulesError` for `deals` outside 1 to 10,000,000 (`OverflowError` below 0, as for
/// every count the package takes), `BotError` for a name that is
/// not a bot, an `exec:` with no command, an `answer_time` outside 1e-9 to 3600 seconds, or a
/// function that fails (its error named), `InvalidRules` for a table the game does not seat,
/// `MemoryError` when memory runs short for the records.
#[pyfunction]
#[pyo3(
    signature = (game, players, deals=100, seed=Seed(0), records=false, answer_time=10.0),
    text_signature = "(game, players, deals=100, seed=0, records=False, answer_time=10.0)"
)]
pub(crate) fn tournament<'py>(
    py: Python<'py>,
    game: &Game,
    players: &Bound<'py, PyAny>,
    deals: u64,
    seed: Seed,
    records: bool,
    answer_time: f64,
) -> PyResult<Bound<'py, PyAny>> {
    let Seed(seed) = seed;
    let deals = tournament_deals(deals).map_err(CardrulesError::new_err)?;
    let answer_time = Program::answer_time(answer_time).map_err(BotError::new_err)?;
    let interrupt = Interrupt::new(py)?;
    let mut entries = Vec::new();
    for (i, p) in players.try_iter()?.enumerate() {
        let p = p?;
        let entry = if let Ok(name) = p.extract::<String>() {
            Entry::from_name(&name, answer_time).map_err(errors::table)?
        } else if let Ok(bot) = p.cast::<Bot>() {
            Entry::Bot(bot.get().name.clone())
        } else if let Ok((name, f)) = p.extract::<(String, Bound<'py, PyAny>)>() {
            Entry::Outsider(
                name,
                Arc::new(PythonPlayer {
                    function: f.unbind(),
                    interrupt: interrupt.clone(),
                }),
            )
        } else if p.is_callable() {
            let name = p
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| format!("python-{i}"));
            Entry::Outsider(
                name,
                Arc::new(PythonPlayer {
                    function: p.unbind(),
                    interrupt: interrupt.clone(),
                }),
            )
        } else {
            return Err(BotError::new_err(format!(
                "player {i} is {p}: give a ladder name, a Bot, a function or (name, function)"
            )));
        };
        entries.push(entry);
    }
    let names: Vec<String> = entries.iter().map(|e| e.name().to_owned()).collect();
    let started = std::time::Instant::now();
    let (report, games) = interrupt.detached(
        py,
        |keep_on| -> Result<(String, Records), cards_registry::TableError> {
            let duplicate = game
                .line
                .duplicate_with(&game.rules, game.players, &entries, seed)?;
            let mut results: Vec<Vec<GameResult>> = Vec::new();
            let mut games = Records::new();
            for d in 0..deals {
                ShardError::ask(keep_on, d)?;
                let deal = duplicate.play_deal(d, records)?;
                games.append(d, &deal.records)?;
                results.push(deal.games);
            }
            let standings = duplicate.standings(&results);
            let run = Run {
                seed,
                deals,
                bots: &names,
                records: Vec::new(),
                seconds: started.elapsed().as_secs_f64(),
            };
            Ok((duplicate.report_json(&standings, &run)?, games))
        },
    )?;
    report_dict(py, &report, records.then_some(&games))
}

/// A tournament's report (the command line's `--json` text) as a dict, with each game's record
/// (JSON text) under `"games"` when they were kept.
pub(crate) fn report_dict<'py>(
    py: Python<'py>,
    report: &str,
    games: Option<&Records>,
) -> PyResult<Bound<'py, PyAny>> {
    let report = py.import("json")?.call_method1("loads", (report,))?;
    if let Some(games) = games {
        let list = PyList::empty(py);
        for g in games {
            list.append(g)?;
        }
        report.set_item("games", list)?;
    }
    Ok(report)
}

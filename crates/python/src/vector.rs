//! [`Batch`]: the registry's batch of tables ([`cards_registry::batch`]) for Python, stepped
//! into the caller's numpy arrays with the interpreter's lock released and its parts spread
//! over a thread pool of the caller's size. `cardrules.VecEnv` (python/cardrules/vector.py)
//! owns the arrays and gives them their names.

use std::sync::{Mutex, MutexGuard};

use crate::seed::Seed;
use cards_registry::batch::{Autoreset, BatchConfig, Buffers, Tensor};
use numpy::{PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2};
use pyo3::prelude::*;

use crate::errors::{self, CardrulesError, InvalidRules};
use crate::game::Game;

/// Tables of one game type stepped together in Rust (the engine of `cardrules.VecEnv`).
#[pyclass(module = "cardrules._cardrules")]
#[derive(Debug)]
pub struct Batch {
    inner: Mutex<Box<dyn cards_registry::Batch>>,
    /// `None`: the caller's thread does every table.
    pool: Option<rayon::ThreadPool>,
    /// Tables per part: a few parts a thread, so a slow table does not hold the others up.
    part: usize,
    threads: usize,
}

/// The caller's arrays, as the registry's buffers.
type Arrays<'py> = (
    PyReadwriteArray2<'py, f32>,
    PyReadwriteArray2<'py, i8>,
    PyReadwriteArray1<'py, i32>,
    PyReadwriteArray2<'py, f32>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, u64>,
);

fn slice<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
    name: &str,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|_| InvalidRules::new_err(format!("{name} must be a C-contiguous array")))
}

impl Batch {
    fn lock(&self) -> PyResult<MutexGuard<'_, Box<dyn cards_registry::Batch>>> {
        self.inner
            .lock()
            .map_err(|_| CardrulesError::new_err("the batch was left broken by a panic"))
    }

    /// Runs `f` on each part of the batch with its buffers, on the pool when there is one.
    fn run<'a>(
        &self,
        batch: &'a mut dyn cards_registry::Batch,
        out: Buffers<'a>,
        f: impl Fn(
            &mut dyn cards_registry::batch::Part,
            Buffers<'_>,
        ) -> Result<(), cards_registry::TableError>
        + Sync,
    ) -> Result<(), cards_registry::TableError> {
        let parts = batch.parts(self.part, out)?;
        let Some(pool) = self.pool.as_ref().filter(|_| parts.len() > 1) else {
            // One part gains nothing from the pool but the cost of reaching it.
            return parts
                .into_iter()
                .try_for_each(|(mut part, out)| f(part.as_mut(), out));
        };
        // The calling thread takes parts from the queue as the pool's threads (one fewer than
        // asked) do: as many threads run as were asked for, none left spinning beside the
        // caller when it goes back to Python, and a thread slow to wake leaves its parts to
        // the others.
        let failed = Mutex::new(None);
        let queue = Mutex::new(parts.into_iter());
        let work = || {
            loop {
                let next = queue.lock().ok().and_then(|mut q| q.next());
                let Some((mut part, out)) = next else { break };
                if let Err(e) = f(part.as_mut(), out)
                    && let Ok(mut slot) = failed.lock()
                {
                    slot.get_or_insert(e);
                }
            }
        };
        pool.in_place_scope(|scope| {
            for _ in 0..pool.current_num_threads() {
                scope.spawn(|_| work());
            }
            work();
        });
        match failed.into_inner() {
            Ok(Some(e)) => Err(e),
            _ => Ok(()),
        }
    }
}

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(
        signature = (game, tables, seed=Seed(0), learners=None, opponent=None, tensor="observation", autoreset="next-step", duplicate=false, threads=1, first_table=0, illegal_reward=None),
        text_signature = "(game, tables, seed=0, learners=None, opponent=None, tensor='observation', autoreset='next-step', duplicate=False, threads=1, first_table=0, illegal_reward=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &Game,
        tables: usize,
        seed: Seed,
        learners: Option<Vec<usize>>,
        opponent: Option<Vec<String>>,
        tensor: &str,
        autoreset: &str,
        duplicate: bool,
        threads: usize,
        first_table: u64,
        illegal_reward: Option<f32>,
    ) -> PyResult<Self> {
        let Seed(seed) = seed;
        let tensor = match tensor {
            "observation" => Tensor::Observation,
            "information_state" => Tensor::InformationState,
            other => {
                return Err(InvalidRules::new_err(format!(
                    "tensor is \"observation\" or \"information_state\", not {other:?}"
                )));
            }
        };
        let autoreset = match autoreset {
            "next-step" | "next_step" => Autoreset::NextStep,
            "disabled" => Autoreset::Disabled,
            other => {
                return Err(InvalidRules::new_err(format!(
                    "autoreset is \"next-step\" or \"disabled\", not {other:?}"
                )));
            }
        };
        if threads == 0 || threads > 1024 {
            return Err(InvalidRules::new_err(format!(
                "threads is from 1 to 1024, not {threads}"
            )));
        }
        let config = BatchConfig {
            rules: game.rules.clone(),
            players: game.players,
            tables,
            first_table,
            seed,
            learners: learners.unwrap_or_default(),
            opponents: opponent.unwrap_or_else(|| vec!["random".to_owned()]),
            tensor,
            autoreset,
            illegal_reward,
            duplicate,
        };
        let batch = game.line.batch(config).map_err(errors::table)?;
        let pool = (threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .thread_name(|i| format!("cardrules-batch-{i}"))
                    .build()
                    .map_err(|e| CardrulesError::new_err(format!("no thread pool: {e}")))
            })
            .transpose()?;
        Ok(Batch {
            inner: Mutex::new(batch),
            pool,
            // A few parts a thread (the caller's among them), and none under 64 tables: waking
            // a thread costs tens of microseconds, what some 100 decisions take.
            part: tables.div_ceil(threads * 4).max(64),
            threads,
        })
    }

    /// The row lengths: `(tensor, actions, players)`.
    #[getter]
    fn dims(&self) -> PyResult<(usize, usize, usize)> {
        let d = self.lock()?.dims();
        Ok((d.tensor, d.actions, d.players))
    }

    /// Tables in the batch.
    #[getter]
    fn tables(&self) -> PyResult<usize> {
        Ok(self.lock()?.config().tables)
    }

    /// The threads that step it.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The seed the batch's deals come from (as last reset).
    #[getter]
    fn seed(&self) -> PyResult<u64> {
        Ok(self.lock()?.config().seed)
    }

    /// The deal seed of table `table`'s episode under way, `None` before the first reset.
    fn deal_seed(&self, table: usize) -> PyResult<Option<u64>> {
        Ok(self.lock()?.deal(table))
    }

    /// The seats the learners hold at table `table`, in order.
    fn learner_seats(&self, table: usize) -> PyResult<Vec<usize>> {
        Ok(self.lock()?.learner_seats(table))
    }

    /// Resets the tables `only` marks (all when `None`), after reseeding from `seed` when
    /// given, and writes every table's rows into the arrays.
    #[pyo3(signature = (seed, only, tensor, mask, player, rewards, terminated, truncated, episode))]
    #[allow(clippy::too_many_arguments)]
    fn reset_into<'py>(
        &self,
        py: Python<'py>,
        seed: Option<Seed>,
        only: Option<PyReadonlyArray1<'py, bool>>,
        tensor: PyReadwriteArray2<'py, f32>,
        mask: PyReadwriteArray2<'py, i8>,
        player: PyReadwriteArray1<'py, i32>,
        rewards: PyReadwriteArray2<'py, f32>,
        terminated: PyReadwriteArray1<'py, bool>,
        truncated: PyReadwriteArray1<'py, bool>,
        episode: PyReadwriteArray1<'py, u64>,
    ) -> PyResult<()> {
        let mut arrays: Arrays<'py> = (
            tensor, mask, player, rewards, terminated, truncated, episode,
        );
        let only = only
            .as_ref()
            .map(|o| {
                o.as_slice()
                    .map_err(|_| InvalidRules::new_err("the reset mask must be contiguous"))
            })
            .transpose()?;
        let mut guard = self.lock()?;
        let out = buffers(&mut arrays)?;
        let batch: &mut dyn cards_registry::Batch = guard.as_mut();
        py.detach(|| {
            let tables = batch.config().tables;
            if let Some(only) = only
                && only.len() != tables
            {
                return Err(cards_registry::TableError::Shape(format!(
                    "the reset mask holds {} values; the batch has {tables} tables",
                    only.len()
                )));
            }
            if let Some(Seed(seed)) = seed {
                batch.reseed(seed);
            }
            self.run(batch, out, |part, out| {
                let first = part.first();
                part.reset(only.map(|o| &o[first..first + part.len()]), out)
            })
        })
        .map_err(errors::table)
    }

    /// Steps every table with its action (a step id; ignored at a table whose episode ended
    /// last step, which starts its next one) and writes every table's rows into the arrays.
    #[pyo3(signature = (actions, tensor, mask, player, rewards, terminated, truncated, episode))]
    #[allow(clippy::too_many_arguments)]
    fn step_into<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
        tensor: PyReadwriteArray2<'py, f32>,
        mask: PyReadwriteArray2<'py, i8>,
        player: PyReadwriteArray1<'py, i32>,
        rewards: PyReadwriteArray2<'py, f32>,
        terminated: PyReadwriteArray1<'py, bool>,
        truncated: PyReadwriteArray1<'py, bool>,
        episode: PyReadwriteArray1<'py, u64>,
    ) -> PyResult<()> {
        let mut arrays: Arrays<'py> = (
            tensor, mask, player, rewards, terminated, truncated, episode,
        );
        let actions = actions
            .as_slice()
            .map_err(|_| InvalidRules::new_err("actions must be a contiguous array"))?;
        let mut guard = self.lock()?;
        let out = buffers(&mut arrays)?;
        let batch: &mut dyn cards_registry::Batch = guard.as_mut();
        py.detach(|| {
            batch.check(actions)?;
            self.run(batch, out, |part, out| {
                let first = part.first();
                part.step(&actions[first..first + part.len()], out)
            })
        })
        .map_err(errors::table)
    }

    fn __repr__(&self) -> PyResult<String> {
        let batch = self.lock()?;
        Ok(format!(
            "<cardrules batch of {} {} tables, {} thread(s)>",
            batch.config().tables,
            batch.game_type().label,
            self.threads
        ))
    }
}

fn buffers<'a>(arrays: &'a mut Arrays<'_>) -> PyResult<Buffers<'a>> {
    let (tensor, mask, player, rewards, terminated, truncated, episode) = arrays;
    Ok(Buffers {
        tensor: slice(tensor, "the tensor array")?,
        mask: slice(mask, "the mask array")?,
        player: slice(player, "the player array")?,
        rewards: slice(rewards, "the rewards array")?,
        terminated: slice(terminated, "the terminated array")?,
        truncated: slice(truncated, "the truncated array")?,
        episode: slice(episode, "the episode array")?,
    })
}

/// The seed of episode `episode` at table `table` of a batch seeded with `seed`
/// (`cards_registry::batch::deal_seed`): `game.new_initial_state(seed=...)` deals that game.
#[pyfunction]
pub(crate) fn deal_seed(seed: u64, table: u64, episode: u64) -> u64 {
    cards_registry::batch::deal_seed(seed, table, episode)
}

//! Work split by deal range for other processes and machines: a tournament's shard of deals
//! and their merge, and self-play data of a deal range. Every piece is plain data (a shard
//! pickles as JSON, self-play data is numpy arrays), so `concurrent.futures` or Ray carry it.

use core::ops::Range;

use crate::seed::Seed;
use cards_registry::{Part, SelfPlay, Shard, by_record, merge};
use numpy::{PyArray1, PyArrayMethods as _};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::bots::Bot;
use crate::errors::{self, BotError, CardrulesError, InvalidRecord};
use crate::game::Game;
use crate::interrupt::Interrupt;

/// Deals `start` to `end - 1` of a duplicate-deal tournament, played: the tournament (game
/// type, rules, players, bots, seed) and each deal's games keyed by its number. Pickles by
/// value, so it comes back from another process or machine as it was; `merge_tournament`
/// folds shards that cover every deal into the report one process gives.
#[pyclass(module = "cardrules._cardrules", frozen)]
#[derive(Debug)]
pub struct TournamentShard {
    shard: Shard,
}

#[pymethods]
impl TournamentShard {
    /// The game type it plays, under its rules and player count.
    #[getter]
    fn game(&self) -> PyResult<Game> {
        let line = by_record(&self.shard.game)
            .ok_or_else(|| InvalidRecord::new_err(format!("no game type {}", self.shard.game)))?;
        Ok(Game {
            line,
            rules: self.shard.rules.clone(),
            players: self.shard.players,
        })
    }

    /// The bots' ladder names, in the tournament's order.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.shard.bots.clone()
    }

    /// The run's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.shard.seed
    }

    /// The first deal.
    #[getter]
    fn start(&self) -> u64 {
        self.shard.start
    }

    /// Past the last deal.
    #[getter]
    fn end(&self) -> u64 {
        self.shard.end
    }

    /// Whether each game's record was kept.
    #[getter]
    fn records(&self) -> bool {
        self.shard.record
    }

    /// Seconds its deals took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.shard.seconds
    }

    /// Each deal's settlements: `[(deal, [[settlement per seat] per game])]` in deal order,
    /// games in the tournament's order (each pair under each seating).
    fn results(&self) -> Vec<(u64, Vec<Vec<i64>>)> {
        (self.shard.deals.iter())
            .map(|d| {
                let games = d.games.iter().map(|g| g.settlement.clone()).collect();
                (d.deal, games)
            })
            .collect()
    }

    /// The number of deals it holds.
    fn __len__(&self) -> usize {
        self.shard.deals.len()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<TournamentShard>()
            .is_ok_and(|o| o.get().shard == self.shard)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = py
            .import("cardrules._cardrules")?
            .getattr("_restore_shard")?;
        // JSON carries the integers exactly and the seconds to the last bit (shortest form).
        let text = serde_json::to_string(&self.shard)
            .map_err(|e| CardrulesError::new_err(e.to_string()))?;
        Ok((restore, (text,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<TournamentShard {} {} deals {}..{} seed {}>",
            self.shard.game,
            self.shard.bots.join(","),
            self.shard.start,
            self.shard.end,
            self.shard.seed
        )
    }
}

/// Unpickles a [`TournamentShard`].
#[pyfunction]
pub(crate) fn _restore_shard(text: &str) -> PyResult<TournamentShard> {
    let shard: Shard = serde_json::from_str(text)
        .map_err(|e| InvalidRecord::new_err(format!("not a tournament shard: {e}")))?;
    Ok(TournamentShard { shard })
}

/// The ladder names of `players`: names or `cardrules.Bot`s only, since a shard's players
/// must be rebuilt in whatever process plays it.
fn ladder_names(players: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let mut names = Vec::new();
    for (i, p) in players.try_iter()?.enumerate() {
        let p = p?;
        if let Ok(name) = p.extract::<String>() {
            names.push(name.trim().to_owned());
        } else if let Ok(bot) = p.cast::<Bot>() {
            names.push(bot.get().name.clone());
        } else {
            return Err(BotError::new_err(format!(
                "player {i} is {p}: a shard seats players by name only (a bot of the ladder \
                 such as \"rules\", or a cardrules.Bot), since a Python function cannot be \
                 sent to another process; cardrules.tournament seats functions in this process"
            )));
        }
    }
    Ok(names)
}

/// Plays deals `start` to `end - 1` of the tournament `cardrules.tournament(game, players,
/// seed=seed)` would play, and returns them as a picklable `TournamentShard` (each game's
/// record kept in memory with `records`, about 0.5 to 4 KiB a game by game type). The players
/// are ladder names, `cardrules.Bot`s or outside programs (`"exec:COMMAND"`, each given the
/// default answer time, 10 s a decision).
///
/// Run on Python's main thread, Ctrl-C stops it between deals, or while an outside program's
/// answer is awaited (`KeyboardInterrupt`).
///
/// Raises `BotError` for a player that is neither a bot of the ladder nor a program (a Python
/// function cannot be sent to another process), `CardrulesError` for `end` before `start` or
/// more than 10,000,000 deals, `InvalidRules` for a table the game does not seat,
/// `MemoryError` when memory runs short for the records.
#[pyfunction]
#[pyo3(
    signature = (game, players, seed=Seed(0), start=0, end=100, records=false),
    text_signature = "(game, players, seed=0, start=0, end=100, records=False)"
)]
pub(crate) fn tournament_shard(
    py: Python<'_>,
    game: &Game,
    players: &Bound<'_, PyAny>,
    seed: Seed,
    start: u64,
    end: u64,
    records: bool,
) -> PyResult<TournamentShard> {
    let Seed(seed) = seed;
    let names = ladder_names(players)?;
    let interrupt = Interrupt::new(py)?;
    let shard = interrupt.detached(py, |keep_on| {
        Shard::play(&part(game, &names, seed, start..end), records, keep_on)
    })?;
    Ok(TournamentShard { shard })
}

/// Merges tournament shards (in any order) that cover deals `0` to `n - 1` each once into the
/// report `cardrules.tournament(game, players, deals=n, seed=seed)` returns: the same
/// standings to the last bit, whatever the split; with the games' records (`"games"`) when the
/// shards kept them. Its `timing` adds up the shards' seconds.
///
/// Raises `CardrulesError` for no shards, shards of no deals at all, shards of different
/// tournaments, a gap or an overlap (the deals named).
#[pyfunction]
pub(crate) fn merge_tournament<'py>(
    py: Python<'py>,
    shards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut parts = Vec::new();
    for (i, s) in shards.try_iter()?.enumerate() {
        let s = s?;
        let s = s.cast::<TournamentShard>().map_err(|_| {
            CardrulesError::new_err(format!("shard {i} is {s}, not a TournamentShard"))
        })?;
        parts.push(s.get().shard.clone());
    }
    let (report, games, record) = py
        .detach(|| {
            let merged = merge(&parts)?;
            let record = parts.first().is_some_and(|s| s.record);
            Ok::<_, cards_registry::TableError>((merged.report_json()?, merged.records, record))
        })
        .map_err(errors::table)?;
    crate::bots::report_dict(py, &report, record.then_some(&games))
}

/// Self-play data of deals `start` to `end - 1`: deal `d` dealt from `seed` and `d` and played
/// by the ladder bots `bots` (one per seat, or one for every seat), seeded from them too, so a
/// deal's data is the same in any shard. Returns a dict of numpy arrays, one row per decision
/// (an action of the acting seat; a decision taken in steps gives a row per step): `deal`
/// (int64), `seat` (int64), `observation` (float32 `[k, observation size]`: the acting seat's
/// own tensor), `legal_mask` (int8 `[k, num_distinct_actions]`), `action` (int64: the step id
/// taken); `returns` (float64 `[end - start, players]`, a row per deal), `deal_seed` (uint64:
/// each deal's seed, `game.new_initial_state(seed=...)` deals it again); and `start`, `end`,
/// and the run: `game` (its `repr`), `bots` (their names), `seed`. Shards of one run
/// concatenate in deal order (`cardrules.distributed.merge_selfplay`) to its data.
///
/// Run on Python's main thread, Ctrl-C stops it between deals (`KeyboardInterrupt`).
///
/// Its arrays are held until it returns (about 0.1 to 1 MiB a deal, by game): a range too
/// long for the memory raises `MemoryError` rather than ending the process; split it into
/// shards (`cardrules.distributed`).
///
/// Raises `BotError` for a name that is not a bot (or a count of them that is neither 1 nor
/// the players), `CardrulesError` for `end` before `start` or more than 10,000,000 deals,
/// `MemoryError` when memory runs short for the data.
#[pyfunction]
#[pyo3(
    signature = (game, bots, seed=Seed(0), start=0, end=100),
    text_signature = "(game, bots, seed=0, start=0, end=100)"
)]
pub(crate) fn selfplay_shard<'py>(
    py: Python<'py>,
    game: &Game,
    bots: &Bound<'py, PyAny>,
    seed: Seed,
    start: u64,
    end: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let Seed(seed) = seed;
    let names = if let Ok(one) = bots.extract::<String>() {
        vec![one]
    } else if let Ok(one) = bots.cast::<Bot>() {
        vec![one.get().name.clone()]
    } else {
        ladder_names(bots)?
    };
    let interrupt = Interrupt::new(py)?;
    let data = interrupt.detached(py, |keep_on| {
        SelfPlay::play(&part(game, &names, seed, start..end), keep_on)
    })?;
    let rows = data.action.len();
    let d = PyDict::new(py);
    let widen = |v: &[u32]| v.iter().map(|&x| i64::from(x)).collect::<Vec<_>>();
    let deal: Vec<i64> = (data.deal.iter())
        .map(|&x| i64::try_from(x).unwrap_or(i64::MAX))
        .collect();
    d.set_item("deal", PyArray1::from_vec(py, deal))?;
    d.set_item("seat", PyArray1::from_vec(py, widen(&data.seat)))?;
    d.set_item(
        "observation",
        PyArray1::from_vec(py, data.observations).reshape([rows, data.observation_size])?,
    )?;
    d.set_item(
        "legal_mask",
        PyArray1::from_vec(py, data.masks).reshape([rows, data.step_space])?,
    )?;
    d.set_item("action", PyArray1::from_vec(py, widen(&data.action)))?;
    let deals = usize::try_from(end.saturating_sub(start)).unwrap_or(usize::MAX);
    d.set_item(
        "returns",
        PyArray1::from_vec(py, data.returns).reshape([deals, data.players])?,
    )?;
    d.set_item("deal_seed", PyArray1::from_vec(py, data.seeds))?;
    d.set_item("start", start)?;
    d.set_item("end", end)?;
    // The run, so that shards of different runs are not merged as one.
    d.set_item("game", game.__repr__())?;
    d.set_item("bots", names)?;
    d.set_item("seed", seed)?;
    Ok(d)
}

/// Deals `range` of a run of `game` between `bots`, seeded from `seed`.
fn part<'a>(game: &'a Game, bots: &'a [String], seed: u64, range: Range<u64>) -> Part<'a> {
    Part {
        line: game.line,
        rules: &game.rules,
        players: game.players,
        bots,
        seed,
        range,
    }
}

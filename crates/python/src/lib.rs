//! The native module of the `cardrules` Python package (`cardrules._cardrules`): every game type
//! of the registry's catalogue, its states in OpenSpiel's terms (integer actions from the game
//! type's fixed step ids, legal masks and tensors as numpy arrays), its bots and its
//! duplicate-deal tournaments. It names no game: everything goes through `cards-registry`, so
//! a game joins the package with its catalogue line. The package's Python half
//! (`python/cardrules`) adds the adapters (PettingZoo, Gymnasium, OpenSpiel) on top.
#![forbid(unsafe_code)]

mod bots;
mod errors;
mod game;
mod interrupt;
mod json;
mod seed;
mod shards;
mod state;
mod vector;

use pyo3::prelude::*;

/// The native half of the `cardrules` package.
#[pymodule]
fn _cardrules(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(game::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_record, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(bots::tournament, m)?)?;
    m.add_function(wrap_pyfunction!(vector::deal_seed, m)?)?;
    m.add_function(wrap_pyfunction!(shards::tournament_shard, m)?)?;
    m.add_function(wrap_pyfunction!(shards::merge_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(shards::selfplay_shard, m)?)?;
    m.add_function(wrap_pyfunction!(shards::_restore_shard, m)?)?;
    m.add_class::<shards::TournamentShard>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<bots::Bot>()?;
    m.add_class::<vector::Batch>()?;
    m.add("TERMINAL", state::TERMINAL)?;
    m.add("BATCH_OVER", cards_registry::batch::OVER)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

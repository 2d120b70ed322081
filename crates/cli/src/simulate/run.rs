//! The engine: games in parallel on a local rayon pool, in chunks, folded in game order.

use std::time::{Duration, Instant};

use super::*;

/// Games per chunk: results of one chunk are held in memory before they are folded.
pub const CHUNK: u64 = 1 << 14;

/// Runs with at least this many games show a progress bar (on a terminal, not with `--json`).
pub const PROGRESS_MIN_GAMES: u64 = 2000;

/// Plays `config.games` games with `play(players, seed)` and counts them with the tally `T`.
///
/// # Errors
/// [`SimulateError`] when the pool cannot start or a game cannot be set up (the first such
/// game by index).
pub fn run<T, E, F>(
    game: &'static str,
    config: &Config,
    play: F,
) -> Result<(Stats<T>, Duration), SimulateError>
where
    T: Tally,
    E: std::error::Error + Send + Sync + 'static,
    F: Fn(usize, u64) -> Result<Played<T::Summary>, E> + Sync,
{
    let pool = crate::parallel::pool(config.threads).map_err(|source| SimulateError::Threads {
        threads: config.threads,
        source,
    })?;
    let bar = crate::parallel::bar(
        config.progress,
        config.games,
        "{wide_bar} {human_pos}/{human_len} games, eta {eta}",
    );
    let start = Instant::now();
    let mut stats = Stats::<T>::new(game, config.players, config.seed);
    crate::parallel::in_order(
        &pool,
        config.games,
        CHUNK,
        &bar,
        |index| {
            let seed = config.seed.wrapping_add(index);
            play(config.players, seed).map_err(|source| SimulateError::Game {
                index,
                seed,
                source: Box::new(source),
            })
        },
        |played, _| {
            stats.add(&played?);
            Ok::<(), SimulateError>(())
        },
    )?;
    let elapsed = start.elapsed();
    bar.finish_and_clear();
    Ok((stats, elapsed))
}

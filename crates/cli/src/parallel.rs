//! Work spread over a local thread pool and folded in index order, with a progress bar: how
//! `simulate` plays its games and `tournament` its deals, so both give the same result on any
//! number of threads.

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// A pool of `threads` worker threads, local to one run.
///
/// # Errors
/// rayon's reason when the threads cannot start.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build()
}

/// A progress bar of `len` steps drawn with `template` on standard error, or a hidden one.
#[must_use]
pub fn bar(shown: bool, len: u64, template: &str) -> ProgressBar {
    if !shown {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// Runs `work(i)` for every `i` below `count` on `pool`, `chunk` at a time, ticking `bar`, and
/// hands each result to `fold` in index order, with whether it is the last of its chunk (a
/// moment to show how the run stands).
///
/// # Errors
/// The first error `fold` returns; nothing is folded after it.
pub fn in_order<T: Send, E>(
    pool: &rayon::ThreadPool,
    count: u64,
    chunk: u64,
    bar: &ProgressBar,
    work: impl Fn(u64) -> T + Sync,
    mut fold: impl FnMut(T, bool) -> Result<(), E>,
) -> Result<(), E> {
    let mut first = 0u64;
    while first < count {
        let end = first.saturating_add(chunk.max(1)).min(count);
        let results: Vec<T> = pool.install(|| {
            (first..end)
                .into_par_iter()
                .map(|i| {
                    let result = work(i);
                    bar.inc(1);
                    result
                })
                .collect()
        });
        let last = results.len().saturating_sub(1);
        for (k, result) in results.into_iter().enumerate() {
            fold(result, k == last)?;
        }
        first = end;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fold sees every index once, in order, whatever the threads and the chunk.
    #[test]
    fn results_fold_in_index_order() {
        for (threads, chunk) in [(1, 1), (2, 3), (4, 64)] {
            let pool = pool(threads).unwrap();
            let mut seen = Vec::new();
            let mut chunks = 0;
            in_order::<u64, ()>(
                &pool,
                10,
                chunk,
                &ProgressBar::hidden(),
                |i| i * i,
                |r, chunk_end| {
                    seen.push(r);
                    chunks += u64::from(chunk_end);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(seen, (0..10).map(|i| i * i).collect::<Vec<_>>());
            assert_eq!(chunks, 10_u64.div_ceil(chunk));
        }
        let pool = pool(2).unwrap();
        let mut folded = 0;
        let stopped = in_order(
            &pool,
            10,
            4,
            &ProgressBar::hidden(),
            |i| i,
            |i, _| {
                folded += 1;
                if i == 5 { Err(i) } else { Ok(()) }
            },
        );
        assert_eq!((stopped, folded), (Err(5), 6));
    }
}

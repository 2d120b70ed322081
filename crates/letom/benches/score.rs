//! Letom scoring benchmark (group `letom/score`; `docs/performance.md` records the figures).
//!
//! The fast path [`letom::score`] beside its reference [`letom::reference::score`] on one
//! fixed, seeded sample of captured sets, so the ratio between them comes from a single run.
//! Criterion reports the time for the whole sample: divide by [`SAMPLE_SETS`] for ns per set.

use std::hint::black_box;

use cards_core::{CardSet, DidoCard, GameRng, Seed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Sets in the sample: enough that per-call noise averages out, few enough to stay in cache.
const SAMPLE_SETS: usize = 1024;

/// The fixed sample: each set has 0 to 24 cards (a captured pile's range in practice), dealt
/// from a freshly shuffled deck.
fn sample() -> Vec<CardSet<DidoCard>> {
    let mut rng = GameRng::new(Seed::from(0x1E70), 0);
    (0..SAMPLE_SETS)
        .map(|_| {
            let mut deck = DidoCard::ALL.to_vec();
            rng.shuffle(&mut deck);
            let size = rng.below(25) as usize;
            deck[..size].iter().copied().collect()
        })
        .collect()
}

fn score(c: &mut Criterion) {
    let sets = sample();
    // Timing two functions only means something if they compute the same thing.
    for &set in &sets {
        assert_eq!(letom::score(set), letom::reference::score(set), "{set}");
    }
    let mut group = c.benchmark_group("letom/score");
    group.throughput(Throughput::Elements(SAMPLE_SETS as u64));
    // Each routine sums the points so no call can be skipped; `black_box` hides the sample.
    group.bench_function("fast", |b| {
        b.iter(|| {
            black_box(&sets)
                .iter()
                .map(|&set| letom::score(set).points)
                .sum::<u32>()
        });
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            black_box(&sets)
                .iter()
                .map(|&set| letom::reference::score(set).points)
                .sum::<u32>()
        });
    });
    group.finish();
}

criterion_group!(benches, score);
criterion_main!(benches);

//! Zaägox benchmarks (`docs/performance.md` records the figures and the command).
//!
//! `zaagox/score` times the scoring hot path beside its reference on one fixed, seeded sample
//! of stored sets, so the ratio between them comes from a single run. Criterion reports the
//! time for the whole sample and, through `Throughput::Elements`, sets per second; divide the
//! time by [`SAMPLE_SETS`] for nanoseconds per set.

use std::hint::black_box;

use cards_core::{CardSet, DidoCard, GameRng, Seed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zaagox::ShapeMap;

/// Sets in the scoring sample: large enough that per-call noise averages out, small enough
/// (a few KB) to stay in cache, so the figure is the scoring itself rather than memory.
const SAMPLE_SETS: usize = 1024;

/// The fixed sample: each set is 4 or 5 cards (drawn at random, so the mix defeats any
/// branch predictor pattern), dealt from a freshly shuffled deck. Returned as bitsets and as
/// card lists holding the same cards.
fn score_sample() -> (Vec<CardSet<DidoCard>>, Vec<Vec<DidoCard>>) {
    let mut rng = GameRng::new(Seed::from(0x5C0E), 0);
    let mut sets = Vec::with_capacity(SAMPLE_SETS);
    let mut hands = Vec::with_capacity(SAMPLE_SETS);
    for _ in 0..SAMPLE_SETS {
        let count = 4 + rng.below(2) as usize;
        let mut deck = DidoCard::ALL.to_vec();
        rng.shuffle(&mut deck);
        deck.truncate(count);
        sets.push(deck.iter().copied().collect());
        hands.push(deck);
    }
    (sets, hands)
}

fn score(c: &mut Criterion) {
    let (sets, hands) = score_sample();
    let map = ShapeMap::DEFAULT;
    // Timing two functions only means something if they compute the same thing.
    for (&set, hand) in sets.iter().zip(&hands) {
        let expected = zaagox::reference::score(hand, &map);
        assert_eq!(zaagox::score_set(set), expected, "{set}");
        assert_eq!(zaagox::score(hand), expected, "{set}");
    }
    let mut group = c.benchmark_group("zaagox/score");
    group.throughput(Throughput::Elements(SAMPLE_SETS as u64));

    // Each routine sums the points so no call can be skipped; `black_box` hides the sample's
    // contents from the optimiser.
    group.bench_function("fast", |b| {
        b.iter(|| {
            let mut total = 0i64;
            for &set in black_box(&sets) {
                total += zaagox::score_set(set).map_or(0, |s| s.points);
            }
            total
        });
    });
    group.bench_function("fast_slice", |b| {
        b.iter(|| {
            let mut total = 0i64;
            for hand in black_box(&hands) {
                total += zaagox::score(hand).map_or(0, |s| s.points);
            }
            total
        });
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            let mut total = 0i64;
            for hand in black_box(&hands) {
                total += zaagox::reference::score(hand, &map).map_or(0, |s| s.points);
            }
            total
        });
    });
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// Whole games (`zaagox/playout`) are measured in `benches/playouts.rs`; further Zaägox groups
// go here, each a function added to the `criterion_group!` list below.
// ---------------------------------------------------------------------------------------------

criterion_group!(benches, score);
criterion_main!(benches);

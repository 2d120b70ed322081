//! Weis detection benchmarks.
//!
//! `jass/weis` times [`jass::declare`] beside the exhaustive reference on one fixed, seeded
//! sample of 9-card hands (each with its own mode and options), so the ratio comes from a single
//! run. Criterion reports the time for the whole sample and, through `Throughput::Elements`,
//! hands per second; divide the time by [`SAMPLE_HANDS`] for nanoseconds per hand.

use std::hint::black_box;

use cards_core::{CardSet, GameRng, JassCard, Seed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jass::{Mode, Scale, WeisRules};

/// Hands in the sample: enough that per-call noise averages out, few enough to stay in cache.
const SAMPLE_HANDS: usize = 1024;

/// The fixed sample: uniform 9-card hands, each with a random mode and random options.
fn sample() -> Vec<(CardSet<JassCard>, Mode, WeisRules)> {
    let mut rng = GameRng::new(Seed::from(0x3E15), 0);
    (0..SAMPLE_HANDS)
        .map(|_| {
            let mut deck = JassCard::ALL;
            rng.shuffle(&mut deck);
            let hand = deck[..9].iter().copied().collect();
            let mode = Mode::ALL[rng.below(6) as usize];
            let rules = WeisRules {
                scale: if rng.below(2) == 0 {
                    Scale::Big
                } else {
                    Scale::Small
                },
                four_low: rng.below(2) == 0,
                cross_weis: rng.below(2) == 0,
            };
            (hand, mode, rules)
        })
        .collect()
}

fn weis(c: &mut Criterion) {
    let hands = sample();
    // Timing two functions only means something if they compute the same thing.
    for (hand, mode, rules) in &hands {
        assert_eq!(
            jass::declare(*hand, *mode, rules),
            jass::weis_reference::declare(*hand, *mode, rules),
            "{hand}"
        );
    }
    let mut group = c.benchmark_group("jass/weis");
    group.throughput(Throughput::Elements(SAMPLE_HANDS as u64));
    // Each routine sums the totals so no call can be skipped; `black_box` hides the sample.
    group.bench_function("fast", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for (hand, mode, rules) in black_box(&hands) {
                total += jass::declare(*hand, *mode, rules).total();
            }
            total
        });
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for (hand, mode, rules) in black_box(&hands) {
                total += jass::weis_reference::declare(*hand, *mode, rules).total();
            }
            total
        });
    });
    group.finish();
}

criterion_group!(benches, weis);
criterion_main!(benches);

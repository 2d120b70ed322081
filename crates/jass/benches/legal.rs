//! Jass legal-card benchmarks (`docs/performance.md` records the figures and the command).
//!
//! `jass/legal` times [`jass::legal_cards`] beside its reference on one fixed, seeded sample
//! of positions, so the ratio between them comes from a single run. Criterion reports the
//! time for the whole sample and, through `Throughput::Elements`, positions per second;
//! divide the time by [`SAMPLE`] for nanoseconds per call.

use std::hint::black_box;

use cards_core::{CardSet, GameRng, JassCard, Seed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jass::{Mode, PlayRules, legal_cards, trick_reference};

/// Positions in the sample: enough that per-call noise averages out, small enough to stay
/// in cache, so the figure is the rules rather than memory.
const SAMPLE: usize = 1024;

/// One position: the mode, the trick so far (0–3 cards) and the hand to play from.
struct Position {
    mode: Mode,
    trick: Vec<JassCard>,
    hand: CardSet<JassCard>,
}

/// The fixed sample: a random mode, a trick of 0–3 cards and a hand of 1–9 other cards, all
/// dealt from a freshly shuffled deck (the mix defeats any branch-predictor pattern).
fn sample() -> Vec<Position> {
    let mut rng = GameRng::new(Seed::from(0x1E6A1), 0);
    let mut deck = JassCard::ALL;
    (0..SAMPLE)
        .map(|_| {
            rng.shuffle(&mut deck);
            let mode = Mode::ALL[rng.below(6) as usize];
            let trick_len = rng.below(4) as usize;
            let hand_len = 1 + rng.below(9) as usize;
            Position {
                mode,
                trick: deck[..trick_len].to_vec(),
                hand: deck[trick_len..trick_len + hand_len]
                    .iter()
                    .copied()
                    .collect(),
            }
        })
        .collect()
}

fn legal(c: &mut Criterion) {
    let positions = sample();
    let rules = PlayRules::default();
    // Timing two functions only means something if they compute the same thing.
    for p in &positions {
        assert_eq!(
            legal_cards(p.hand, &p.trick, p.mode, &rules),
            trick_reference::legal_cards(p.hand, &p.trick, p.mode, &rules),
            "{} hand {} trick {:?}",
            p.mode,
            p.hand,
            p.trick
        );
    }
    let mut group = c.benchmark_group("jass/legal");
    group.throughput(Throughput::Elements(SAMPLE as u64));

    // Each routine folds the answers together so no call can be skipped; `black_box` hides
    // the sample's contents from the optimiser.
    group.bench_function("fast", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for p in black_box(&positions) {
                acc ^= legal_cards(p.hand, &p.trick, p.mode, &rules).bits();
            }
            acc
        });
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for p in black_box(&positions) {
                acc ^= trick_reference::legal_cards(p.hand, &p.trick, p.mode, &rules).bits();
            }
            acc
        });
    });
    group.finish();
}

criterion_group!(benches, legal);
criterion_main!(benches);

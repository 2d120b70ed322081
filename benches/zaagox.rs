//! Zaägox benchmarks (`docs/performance.md` records the figures and the command).
//!
//! `zaagox/score` times the scoring hot path beside its reference on one fixed, seeded sample
//! of stored sets, so the ratio between them comes from a single run. Criterion reports the
//! time for the whole sample and, through `Throughput::Elements`, sets per second; divide the
//! time by [`SAMPLE_SETS`] for nanoseconds per set.
//!
//! `zaagox/sample_world` times the worlds a search samples, from the views of seeded games
//! part played: from the view alone (`plain`), and agreeing with what the seat remembers
//! (`recalled`, its recall folded from its redacted events). Divide by [`WORLD_VIEWS`] for
//! nanoseconds per world.

use std::hint::black_box;

use cards_core::{CardSet, DidoCard, Encode, Game, GameRng, RecallWorlds, Seed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zaagox::{ShapeMap, Zaagox};

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

/// Views in the world-sampling sample: 3-player games, each after 40 random moves.
const WORLD_VIEWS: usize = 20;

/// The view of the seat to act in each of [`WORLD_VIEWS`] seeded games part played, with its
/// recall (folded from the seat's redacted events, as a search's memory folds them).
fn world_sample() -> Vec<(zaagox::View, <Zaagox as Encode>::Recall)> {
    let rules = zaagox::Rules::default();
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < WORLD_VIEWS {
        seed += 1;
        let mut game = Zaagox::new(&rules, 3, Seed::from(seed)).expect("a deal");
        let mut rng = GameRng::new(Seed::from(seed), 1);
        let (mut events, mut legal) = (Vec::new(), Vec::new());
        game.start_events(&mut events);
        for _ in 0..40 {
            if game.is_terminal() {
                break;
            }
            game.legal_actions(&mut legal);
            let action = legal[rng.below(legal.len() as u64) as usize];
            game.play_reporting(action, &mut events)
                .expect("a legal move");
        }
        let Some(seat) = game.to_act() else { continue };
        let mut recall = Zaagox::recall_start(&rules, 3, seat);
        for event in &events {
            Zaagox::recall(&mut recall, &Zaagox::redact(&rules, event, seat));
        }
        out.push((game.view(seat), recall));
    }
    out
}

fn sample_world(c: &mut Criterion) {
    let sample = world_sample();
    let mut group = c.benchmark_group("zaagox/sample_world");
    group.throughput(Throughput::Elements(WORLD_VIEWS as u64));
    let mut rng = GameRng::new(Seed::from(1), 1);
    group.bench_function("plain", |b| {
        b.iter(|| {
            let mut cards = 0;
            for (view, _) in black_box(&sample) {
                let world = Zaagox::sample_world(view, &mut rng).expect("a world fits");
                cards += world.pile_len();
            }
            cards
        });
    });
    group.bench_function("recalled", |b| {
        b.iter(|| {
            let mut cards = 0;
            for (view, recall) in black_box(&sample) {
                let world =
                    Zaagox::sample_world_recalled(view, recall, &mut rng).expect("a world fits");
                cards += world.pile_len();
            }
            cards
        });
    });
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// Whole games (`zaagox/playout`) are measured in `benches/playouts.rs`; further Zaägox groups
// go here, each a function added to the `criterion_group!` list below.
// ---------------------------------------------------------------------------------------------

criterion_group!(benches, score, sample_world);
criterion_main!(benches);

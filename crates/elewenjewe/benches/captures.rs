//! Capture enumeration benchmarks (group `elewenjewe/captures`).
//!
//! Four positions, each timed several ways in one run so the ratios come from one run:
//! - `spec`: the spec's example, 9♠ onto 6♣ 3♦ 3♥ 7♠ 9♥ A♣ A♦ (11 captures);
//! - `mid`: 1,024 seeded mid-game positions, a table of 8–12 random cards and a random played
//!   card (the time is for the whole sample: divide by 1,024);
//! - `t16`: 64 seeded positions with a 16-card table (divide by 64);
//! - `low20`: the 20 cards A–5 of every suit, a 10 played (the richest table of its size):
//!   no reference (2^20 subsets).
//!
//! Ways: `cards` iterates [`elewenjewe::captures`] to the end (every card set built),
//! `count` is [`elewenjewe::count_captures`], `patterns` iterates
//! [`elewenjewe::capture_patterns`] (value level), `reference` is the brute force
//! [`elewenjewe::reference::captures`] (every subset of the table).

use std::hint::black_box;

use cards_core::{CardSet, GameRng, Seed, StdCard};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use elewenjewe::{Rules, capture_patterns, captures, count_captures, reference};

type Position = (StdCard, CardSet<StdCard>);

fn cards(text: &str) -> CardSet<StdCard> {
    text.split_whitespace()
        .map(|c| c.parse::<StdCard>().unwrap())
        .collect()
}

/// `n` seeded positions: a table of `min ..= max` cards of the 52 and a played card from the rest.
fn sample(seed: u64, n: usize, min: usize, max: usize) -> Vec<Position> {
    let mut rng = GameRng::new(Seed::from(seed), 0);
    (0..n)
        .map(|_| {
            let mut deck = StdCard::ALL[..52].to_vec();
            rng.shuffle(&mut deck);
            let size = min + rng.below((max - min + 1) as u64) as usize;
            (deck[size], deck[..size].iter().copied().collect())
        })
        .collect()
}

fn fold_cards(positions: &[Position], rules: &Rules) -> u64 {
    let mut acc = 0u64;
    for &(played, table) in positions {
        for set in captures(played, table, rules).unwrap() {
            acc = acc.wrapping_add(set.bits());
        }
    }
    acc
}

fn fold_count(positions: &[Position], rules: &Rules) -> u64 {
    positions
        .iter()
        .map(|&(played, table)| count_captures(played, table, rules).unwrap())
        .sum()
}

fn fold_patterns(positions: &[Position], rules: &Rules) -> u64 {
    let mut acc = 0u64;
    for &(played, table) in positions {
        for p in capture_patterns(played, table, rules).unwrap() {
            acc = acc.wrapping_add(p.len() as u64);
        }
    }
    acc
}

fn fold_reference(positions: &[Position], rules: &Rules) -> u64 {
    let mut acc = 0u64;
    for &(played, table) in positions {
        for set in reference::captures(played, table, rules).unwrap() {
            acc = acc.wrapping_add(set.bits());
        }
    }
    acc
}

fn bench_set(c: &mut Criterion, name: &str, positions: &[Position], with_reference: bool) {
    let rules = Rules::default();
    // Timing two functions only means something if they compute the same thing.
    if with_reference {
        for &(played, table) in positions {
            let mut fast: Vec<_> = captures(played, table, &rules).unwrap().collect();
            fast.sort_by_key(|s| s.bits());
            assert_eq!(fast, reference::captures(played, table, &rules).unwrap());
        }
    }
    let options = fold_count(positions, &rules);
    let patterns: usize = positions
        .iter()
        .map(|&(p, t)| capture_patterns(p, t, &rules).unwrap().count())
        .sum();
    println!(
        "{name}: {} positions, {options} captures, {patterns} patterns",
        positions.len()
    );
    let mut group = c.benchmark_group("elewenjewe/captures");
    group.throughput(Throughput::Elements(positions.len() as u64));
    if positions.len() <= 64 && with_reference {
        group.sample_size(10);
    }
    group.bench_function(format!("{name}/cards"), |b| {
        b.iter(|| fold_cards(black_box(positions), &rules));
    });
    group.bench_function(format!("{name}/count"), |b| {
        b.iter(|| fold_count(black_box(positions), &rules));
    });
    group.bench_function(format!("{name}/patterns"), |b| {
        b.iter(|| fold_patterns(black_box(positions), &rules));
    });
    if with_reference {
        group.bench_function(format!("{name}/reference"), |b| {
            b.iter(|| fold_reference(black_box(positions), &rules));
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    elewenjewe::warm_up();
    let spec = [("9S".parse().unwrap(), cards("6C 3D 3H 7S 9H AC AD"))];
    bench_set(c, "spec", &spec, true);
    bench_set(c, "mid", &sample(0xE1E1, 1024, 8, 12), true);
    bench_set(c, "t16", &sample(0x1616, 64, 16, 16), true);
    let low20 = [(
        "TS".parse().unwrap(),
        cards("AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S"),
    )];
    bench_set(c, "low20", &low20, false);
}

criterion_group!(benches, bench);
criterion_main!(benches);

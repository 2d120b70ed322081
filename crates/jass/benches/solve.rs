//! Open-hand solver benchmarks (`jass::solve`).
//!
//! `jass/solve` times [`jass::solve::solve`] on whole 36-card deals (seeded deals, trump and
//! Obenabe), on positions with 5 tricks left, and — where plain minimax finishes — beside the
//! brute-force reference on positions with 4 tricks left, so the ratio comes from one run;
//! and a reusable `Solver`'s cheaper call (`best_card`: the value and one best card) on the
//! 5-tricks-left sample. Each routine solves a small fixed sample; criterion's time is for the
//! whole sample (`Throughput::Elements` gives positions per second). The figures for the
//! issue's targets (medians over 32 seeded deals of all six modes) come from
//! `cargo run --release -p jass --example solve_times -- [CARDS_PLAYED]`.

use std::hint::black_box;

use cards_core::Seed;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jass::solve::{Position, Solver, reference, solve};
use jass::{Action, Contract, Game, Mode, Rules, SchieberDeal};

#[path = "../tests/support/seeded.rs"]
mod seeded;

/// A seeded deal in `contract` after `cards` random legal cards, as a position.
fn position(seed: u64, contract: Contract, cards: usize) -> Position {
    let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(seed)).expect("a deal");
    deal.play(Action::Name(contract)).expect("a contract");
    seeded::play_random_cards(&mut deal, seed, cards);
    Position::from_deal(&deal).expect("a position")
}

/// `count` positions after `cards` cards, alternating a trump suit and Obenabe.
fn sample(count: u64, cards: usize) -> Vec<Position> {
    (0..count)
        .map(|seed| {
            let mode = if seed % 2 == 0 {
                Mode::ALL[(seed / 2 % 4) as usize]
            } else {
                Mode::Obenabe
            };
            position(seed, Contract::Mode(mode), cards)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jass/solve");
    group.sample_size(10);

    let deals = sample(4, 0);
    group.throughput(Throughput::Elements(deals.len() as u64));
    group.bench_function("whole_deal", |b| {
        b.iter(|| {
            let mut acc = 0;
            for p in black_box(&deals) {
                acc += solve(p).expect("solved").points[0];
            }
            acc
        });
    });

    let five = sample(16, 16);
    if let Some(cards) = std::env::var_os("SOLVE_NODES") {
        let cards: usize = cards.to_str().and_then(|c| c.parse().ok()).unwrap_or(16);
        for p in &sample(if cards == 0 { 8 } else { 16 }, cards) {
            let t = std::time::Instant::now();
            let s = solve(p).expect("solved");
            eprintln!(
                "{cards} played: {} nodes {:?} {:?}",
                s.nodes,
                t.elapsed(),
                s.points
            );
        }
    }
    group.throughput(Throughput::Elements(five.len() as u64));
    group.bench_function("5_tricks_left", |b| {
        b.iter(|| {
            let mut acc = 0;
            for p in black_box(&five) {
                acc += solve(p).expect("solved").points[0];
            }
            acc
        });
    });

    let mut solver = Solver::new();
    group.bench_function("5_tricks_left_best_card", |b| {
        b.iter(|| {
            let mut acc = 0;
            for p in black_box(&five) {
                acc += solver.best_card(p).expect("solved").points[0];
            }
            acc
        });
    });

    let four = sample(16, 20);
    for p in &four {
        assert_eq!(
            solve(p).expect("solved").points,
            reference::solve(p).expect("solved").points
        );
    }
    group.throughput(Throughput::Elements(four.len() as u64));
    group.bench_function("4_tricks_left", |b| {
        b.iter(|| {
            let mut acc = 0;
            for p in black_box(&four) {
                acc += solve(p).expect("solved").points[0];
            }
            acc
        });
    });
    group.bench_function("4_tricks_left_reference", |b| {
        b.iter(|| {
            let mut acc = 0;
            for p in black_box(&four) {
                acc += reference::solve(p).expect("solved").points[0];
            }
            acc
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

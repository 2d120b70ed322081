//! Plays `N` random Letom deals per player count (seeds 1..=N at 2, 3 and 4 players, default
//! rules, the built-in random player, in place), exactly as the `letom/playout` bench's
//! `in_place` variant does, and prints a checksum of every action and settlement. Meant for
//! exact instruction counts under callgrind:
//!
//! ```sh
//! cargo build --release -p letom --example letom_deals
//! valgrind --tool=callgrind target/release/examples/letom_deals 10000
//! ```
//!
//! A second argument `3` plays 3 players only (`2`, `4` likewise). The checksum must not change
//! when the engine is optimised: the same seeds give the same deals
//! (`crates/letom/tests/playout_checksum.rs` pins it over several rule sets).

use cards_core::{Game, RandomPlayer, Seed};
use letom::{Action, Letom, Rules};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let tables: Vec<usize> = match std::env::args().nth(2).and_then(|s| s.parse().ok()) {
        Some(p) => vec![p],
        None => vec![2, 3, 4],
    };
    let rules = Rules::default();
    let mut buf: Vec<Action> = Vec::new();
    let mut checksum = 0u64;
    let mut actions = 0u64;
    let mut mix =
        |w: u64| checksum = (checksum.rotate_left(5) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for &players in &tables {
        for i in 1..=n {
            let seed = Seed::from(i);
            let mut deal = Letom::new(&rules, players, seed).expect("2-4 players");
            let mut player = RandomPlayer::new(seed);
            while let Some(action) = player.choose(&deal, &mut buf) {
                mix(action.index() as u64);
                actions += 1;
                deal.play(action).expect("legal actions apply");
            }
            for v in deal.settlement().iter() {
                mix(*v as u64);
            }
        }
    }
    println!("{n} deals at {tables:?} players, {actions} actions, checksum {checksum:016x}");
}

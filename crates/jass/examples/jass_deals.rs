//! Plays `N` random Schieber deals (seeds 1..=N, default rules, the built-in random player,
//! in place), exactly as the `jass/playout` bench's `in_place` variant does, and prints a
//! checksum of the outcomes. Meant for exact instruction counts under callgrind:
//!
//! ```sh
//! cargo build --release -p jass --example jass_deals
//! valgrind --tool=callgrind target/release/examples/jass_deals 10000
//! ```
//!
//! The checksum (a hash of every deal's settlement; with a second argument `full`, of every
//! play and credit too) must not change when the engine is optimised: the same seeds give the
//! same deals.

use cards_core::{Game, RandomPlayer, Seed};
use jass::{Action, Rules, SchieberDeal};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    // `full`: hash every play and credit too (slower; to check that two builds agree).
    let full = std::env::args().nth(2).is_some_and(|a| a == "full");
    let rules = Rules::default();
    let mut buf: Vec<Action> = Vec::new();
    let mut checksum = 0u64;
    for i in 1..=n {
        let seed = Seed::from(i);
        let mut deal = SchieberDeal::new(&rules, 4, seed).expect("4 players");
        let mut player = RandomPlayer::new(seed);
        while let Some(action) = player.choose(&deal, &mut buf) {
            deal.play(action).expect("legal actions apply");
        }
        let settled = deal.settlement()[0] as u64;
        if !full {
            checksum = (checksum.rotate_left(5) ^ settled).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            continue;
        }
        let credits = deal.credits();
        let words = deal
            .plays()
            .iter()
            .map(|&c| u64::from(cards_core::Card::index(c)))
            .chain(credits.total().map(u64::from))
            .chain(credits.weis.map(u64::from))
            .chain(credits.stoeck.map(u64::from))
            .chain([settled]);
        for w in words {
            checksum = (checksum.rotate_left(5) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    println!("{n} deals, checksum {checksum:016x}");
}

//! Plays `N` random Eléwénjewé games per player count (seeds 1..=N at 2 to 5 players, default
//! rules, the built-in random player seeded from the game's seed, in place with `Game::play`),
//! as the `elewenjewe/playout` bench's `in_place` variant does, and prints a checksum of every
//! action and settlement. Meant for exact instruction counts under callgrind:
//!
//! ```sh
//! cargo build --release -p elewenjewe --example elewenjewe_games
//! valgrind --tool=callgrind target/release/examples/elewenjewe_games 500
//! ```
//!
//! A second argument `3` plays 3 players only (`2`, `4`, `5` likewise). The checksum must not
//! change when the engine is optimised: the same seeds give the same games.

use cards_core::{Card as _, Game, RandomPlayer, Seed};
use elewenjewe::{Action, Elewenjewe, Rules};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(500);
    let tables: Vec<usize> = match std::env::args().nth(2).and_then(|s| s.parse().ok()) {
        Some(p) => vec![p],
        None => vec![2, 3, 4, 5],
    };
    let rules = Rules::default();
    elewenjewe::warm_up();
    let mut buf: Vec<Action> = Vec::new();
    let mut checksum = 0u64;
    let mut actions = 0u64;
    let mut mix =
        |w: u64| checksum = (checksum.rotate_left(5) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for &players in &tables {
        for i in 1..=n {
            let seed = Seed::from(i);
            let mut game = Elewenjewe::new(&rules, players, seed).expect("2-5 players");
            let mut player = RandomPlayer::new(seed);
            while let Some(action) = player.choose(&game, &mut buf) {
                let word = match action {
                    Action::Trail(c) => u64::from(c.index()),
                    Action::Capture { played, taken } => {
                        u64::from(played.index()) << 56 ^ taken.bits()
                    }
                    Action::Build { played, taken, .. } => {
                        u64::from(played.index()) << 48 ^ taken.bits()
                    }
                };
                mix(word);
                actions += 1;
                game.play(action).expect("legal actions apply");
            }
            for v in game.settlement().iter() {
                mix(*v as u64);
            }
        }
    }
    println!("{n} games at {tables:?} players, {actions} actions, checksum {checksum:016x}");
}

//! Plays seeded random Zaägox games in place with the built-in random player and prints the
//! sum of the settlements (a checksum: the same seeds must give the same games). Count its
//! instructions under callgrind to compare `play` before and after a change:
//!
//! ```text
//! cargo build --release -p zaagox --example zaagox_games
//! valgrind --tool=callgrind target/release/examples/zaagox_games 300 3
//! ```

use cards_core::{Game, RandomPlayer, Seed};
use zaagox::{Rules, Zaagox};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(Ok(300), |a| a.parse())?;
    let players: usize = args.next().map_or(Ok(3), |a| a.parse())?;
    let rules = Rules::default();
    let (mut sum, mut actions, mut weighted) = (0i64, 0u64, 0i64);
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut game = Zaagox::new(&rules, players, Seed::from(seed))?;
        let mut player = RandomPlayer::new(Seed::from(seed));
        while let Some(action) = player.choose(&game, &mut buf) {
            game.play(action)?;
            actions += 1;
        }
        for (seat, value) in game.settlement().iter().enumerate() {
            sum += value.abs();
            weighted += value * (seat as i64 + 1);
        }
    }
    println!(
        "{games} games, {players} players: {actions} actions, settlements |sum| {sum}, weighted {weighted}"
    );
    Ok(())
}

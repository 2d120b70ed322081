//! A Zaägox bot that plays from its view alone, by determinized Monte Carlo: for each legal
//! action it samples worlds consistent with what it sees (`Game::sample_world`), plays the
//! action in each, finishes the game with random players, and picks the action with the best
//! average settlement for its seat. It brings its own generator (`rand`'s `SmallRng`): world
//! sampling and the random player take any rand generator.
//!
//! It plays seat 0 against two uniformly random players and reports how it fares beside a
//! random player in the same seat over the same deals.
//!
//! Run with `cargo run --release --example zaagox_bot [games] [worlds-per-action]`
//! (defaults: 200 games, 8 worlds).

use std::process::ExitCode;

use cardrules::cards_core::{Game, PlayerId, RandomPlayer, Seed, play_randomly};
use cardrules::zaagox::{Action, Outcome, Rules, View, Zaagox};
use rand::SeedableRng as _;
use rand::rngs::SmallRng;

/// The bot: a generator and how many worlds it samples per candidate action.
struct Bot {
    rng: SmallRng,
    worlds: usize,
}

impl Bot {
    /// The action with the best mean settlement over sampled worlds; it sees only `view`.
    fn choose(&mut self, view: &View) -> Option<Action> {
        let mut legal = Vec::new();
        Zaagox::view_legal_actions(view, &mut legal);
        if legal.len() == 1 {
            return legal.first().copied();
        }
        let me = view.seat.index();
        let mut best: Option<(i64, Action)> = None;
        for &action in &legal {
            let mut total = 0;
            for _ in 0..self.worlds {
                // A world consistent with the view: unseen cards dealt at random.
                let Ok(mut world) = Zaagox::sample_world(view, &mut self.rng) else {
                    continue;
                };
                if world.play(action).is_err() {
                    continue;
                }
                let mut rollout = RandomPlayer::from_rng(SmallRng::from_rng(&mut self.rng));
                play_randomly(&mut world, &mut rollout, |_, _| {});
                total += world.settlement()[me];
            }
            if best.is_none_or(|(score, _)| total > score) {
                best = Some((total, action));
            }
        }
        best.map(|(_, action)| action)
    }
}

/// Plays one game from `seed`: seat 0 chooses with `seat0`, the others at random.
/// Returns whether seat 0 won, and its settlement.
fn play(
    seed: u64,
    mut seat0: impl FnMut(&Zaagox) -> Option<Action>,
) -> Result<(bool, i64), String> {
    let mut game =
        Zaagox::new(&Rules::default(), 3, Seed::from(seed)).map_err(|e| e.to_string())?;
    let mut others = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    while let Some(seat) = game.to_act() {
        let action = if seat == PlayerId(0) {
            seat0(&game)
        } else {
            others.choose(&game, &mut buf)
        };
        let action = action.ok_or("a player found no legal action")?;
        game.play(action).map_err(|e| e.to_string())?;
    }
    let won = matches!(game.outcome(), Some(Outcome::Won { winner, .. }) if winner == PlayerId(0));
    Ok((won, game.settlement()[0]))
}

fn main() -> ExitCode {
    let arg = |i: usize, default: u64| -> Result<u64, String> {
        std::env::args().nth(i).map_or(Ok(default), |s| {
            s.parse()
                .map_err(|_| format!("argument {i} must be a whole number, not {s:?}"))
        })
    };
    let (games, worlds) = match (arg(1, 200), arg(2, 8)) {
        (Ok(g), Ok(w)) if g > 0 && w > 0 => (g, w as usize),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}\nusage: zaagox_bot [games] [worlds-per-action]");
            return ExitCode::FAILURE;
        }
        _ => {
            eprintln!("error: games and worlds must be at least 1");
            return ExitCode::FAILURE;
        }
    };
    let mut bot = Bot {
        rng: SmallRng::seed_from_u64(2024),
        worlds,
    };
    let (mut bot_total, mut random_total, mut bot_wins, mut random_wins) = (0i64, 0i64, 0, 0);
    for seed in 0..games {
        let result = play(seed, |game| {
            // The bot is handed only seat 0's view.
            bot.choose(&game.view(PlayerId(0)))
        })
        .and_then(|bot_result| {
            let mut random = RandomPlayer::new(Seed::from(seed ^ 0xb07));
            let mut buf = Vec::new();
            play(seed, |game| random.choose(game, &mut buf)).map(|r| (bot_result, r))
        });
        match result {
            Ok(((bot_won, b), (random_won, r))) => {
                bot_total += b;
                random_total += r;
                bot_wins += u32::from(bot_won);
                random_wins += u32::from(random_won);
            }
            Err(e) => {
                eprintln!("error: game {seed}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("seat 0 of 3, {games} deals, the two other seats uniformly random:");
    println!(
        "  view-only bot ({worlds} worlds per action): won {bot_wins} ({:.1}%), mean settlement {:+.2}",
        100.0 * f64::from(bot_wins) / games as f64,
        bot_total as f64 / games as f64
    );
    println!(
        "  random player:                          won {random_wins} ({:.1}%), mean settlement {:+.2}",
        100.0 * f64::from(random_wins) / games as f64,
        random_total as f64 / games as f64
    );
    ExitCode::SUCCESS
}

//! One seeded Zaägox game between three simple players, printed move by move, then its record
//! saved as JSON and replayed.
//!
//! Run with `cargo run --example zaagox_game [seed]`.

use cardrules::cards_core::{Game, GameRecord, PlayerId, Seed};
use cardrules::zaagox::{Action, Outcome, Rules, Zaagox};

/// A greedy player: ages or pairs when it can, claims every Da, ends as soon as it has four
/// cards, stores the lower card of a completed pair, else discards its lowest card.
fn choose(legal: &[Action]) -> Action {
    let prefer = |a: &Action| match a {
        Action::Age { .. } => 0,
        Action::Pair(..) => 1,
        Action::Da(_) => 2,
        Action::End => 3,
        Action::Store(_) => 4,
        _ => 5,
    };
    *legal
        .iter()
        .min_by_key(|a| prefer(a))
        .expect("a game that is not over has a legal action")
}

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let seed = match std::env::args().nth(1) {
        None => 7,
        Some(text) => text.parse::<u64>().map_err(|_| {
            format!("the seed must be a whole number from 0 to 2^64 - 1, not {text:?}")
        })?,
    };
    let rules = Rules::default();
    let mut game = Zaagox::new(&rules, 3, Seed::from(seed))?;
    let mut record = GameRecord::<Zaagox>::new(rules, 3, Seed::from(seed));
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut legal);
        let action = choose(&legal);
        println!("turn {:>3}  seat {seat}: {action}", game.turns());
        game.play(action)?;
        record.actions.push(action);
    }
    match game.outcome() {
        Some(outcome @ Outcome::Won { winner, .. }) => {
            println!("{outcome}; stored cards: {}", game.stored(winner));
        }
        Some(outcome) => println!("{outcome}"),
        None => unreachable!("the loop runs until the game is over"),
    }
    println!("settlement: {}", game.settlement());
    println!(
        "seat 0 sees: {} cards in hand",
        game.view(PlayerId(0)).hand.len()
    );

    let json = serde_json::to_string(&record)?;
    let replayed = serde_json::from_str::<GameRecord<Zaagox>>(&json)?.replay()?;
    assert_eq!(replayed, game);
    println!("record: {} bytes of JSON, replays exactly", json.len());
    Ok(())
}

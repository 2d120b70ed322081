//! Your own game under the conformance harness: **High card**, a complete toy implementation of
//! [`cards_core::Game`] and [`cards_core::DirectIndex`] (in `tests/support/high_card.rs`, shared
//! with this crate's tests), played once and then checked over 200 seeds at every player count.
//!
//! ```text
//! cargo run -p cards-testkit --example high_card
//! ```
//!
//! To check your own game, put the same `check` call in a test of your crate with
//! `cards-testkit` as a dev-dependency.

#[path = "../tests/support/high_card.rs"]
mod high_card;

use std::process::ExitCode;

use cards_core::{Game, PlayerId, Seed, random_playout};
use cards_testkit::conformance::{Config, check};
use high_card::{HighCard, Rules};

fn main() -> ExitCode {
    let rules = Rules::default();

    // The game through its generic face: deal, look, move.
    let mut game = HighCard::new(&rules, 3, Seed::from(7)).expect("3 players are allowed");
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let seat = game.to_act().expect("a new game has a seat to act");
    println!("seat {seat} may: {}", join(&legal));
    game.play(legal[0]).expect("a legal action plays");
    let refused = game.play(legal[0]).expect_err("the card has left the hand");
    println!("`{}` done; the same again: {refused}", legal[0]);
    let view = serde_json::to_string(&game.view(PlayerId(2))).expect("views serialize");
    println!("seat 2 sees {view}");
    let (end, record) = random_playout::<HighCard>(&rules, 3, Seed::from(7)).expect("valid");
    let settlement = end.settlement();
    let outcome = end.outcome().expect("a playout ends");
    println!(
        "a random game: {}: {outcome}, settlement {settlement}",
        join(&record.actions)
    );

    // The contract, checked at every state of 200 random games per player count.
    for players in HighCard::player_range(&rules) {
        let seeds = (0..200).map(Seed::from);
        match check::<HighCard>(&rules, players, seeds, Config::default()) {
            Ok(report) => println!("{players} players: conforms ({report:?})"),
            Err(violation) => {
                eprintln!("{violation}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn join(actions: &[high_card::Action]) -> String {
    let texts: Vec<String> = actions.iter().map(ToString::to_string).collect();
    texts.join(", ")
}

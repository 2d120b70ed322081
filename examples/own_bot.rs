//! A bot of your own in a dozen lines, in a duplicate tournament against the ladder's.
//!
//! The bot implements `cards_core::Bot`: it is handed its seat's view and legal actions, never
//! the state. This one plays Zaägox's last legal action (the actions are listed so that
//! pairing, ageing and claiming come last). The tournament plays every deal under both
//! seatings of each pair and prints the table with 95% intervals.
//!
//! Run with `cargo run --release --example own_bot [deals]` (default 200).

use cardrules::cards_core::{Bot, Seed};
use cardrules::zaagox::{Action, Rules, View, Zaagox};
use cards_bots::{BotSpec, Entrant, Fair, SearchConfig, Tournament, TournamentError};

/// The bot: the last legal action.
#[derive(Debug)]
struct Last;

impl Bot<Zaagox> for Last {
    fn choose(&mut self, _view: &View, legal: &[Action]) -> Action {
        legal[legal.len() - 1]
    }
}

fn main() -> Result<(), TournamentError> {
    let deals: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let mut entrants = vec![Entrant::<Zaagox> {
        name: "last".into(),
        make: Box::new(|_seed| Box::new(Fair(Last))),
    }];
    // Ours, by name: the rule-based bot, a search at 300 iterations, and random.
    for name in ["rules", "ismcts:300", "random"] {
        let spec: BotSpec = name.parse().expect("a ladder name");
        entrants.push(Entrant {
            name: name.into(),
            // Zaägox's search is not tuned; a game's tuning is the registry's to keep.
            make: Box::new(move |seed: Seed| spec.player::<Zaagox>(seed, &SearchConfig::DEFAULT)),
        });
    }
    let tournament = Tournament::new(Rules::default(), 2, entrants, Seed::from(1))?;
    let results = (0..deals)
        .map(|d| tournament.play_deal(d, false))
        .collect::<Result<Vec<_>, _>>()?;
    println!(
        "{}",
        tournament.standings(results.iter().map(|r| r.games.as_slice()))
    );
    Ok(())
}

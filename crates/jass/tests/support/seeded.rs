//! Seeded positions for the solver's tests, its bench and its timing example: random legal
//! cards played from a seed. Every figure the docs give for the solver was measured on these
//! positions, so how they are drawn must not change.

use cards_core::{GameRng, Seed};
use jass::{Game, SchieberDeal};

/// Plays random legal cards on `deal`, its contract named, until `cards` plays are made or no
/// one is to act, drawn from `seed`'s stream 9.
pub fn play_random_cards(deal: &mut SchieberDeal, seed: u64, cards: usize) {
    let mut rng = GameRng::new(Seed::from(seed), 9);
    let mut moves = Vec::new();
    while deal.plays().len() < cards && deal.to_act().is_some() {
        deal.legal_actions(&mut moves);
        let pick = moves[rng.below(moves.len() as u64) as usize];
        deal.play(pick).expect("a legal card");
    }
}

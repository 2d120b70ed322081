//! The world statistics catch a sampler that favours the true deal, and pass an honest one.

use cards_core::{CardSet, Game, GameRng, JassCard, PlayerId, Seed};
use cards_testkit::worlds::{Placements, chi_square_uniform, placements, placements_with};

use crate::high_card::{HighCard, Rules};

/// A card's zone: a seat's hand, or the cards never dealt (`None`). `seat`'s own hand and the
/// table are visible to it.
fn locate(seat: PlayerId) -> impl Fn(&HighCard, JassCard) -> Option<Option<usize>> {
    move |game, card| {
        let setup = game.setup();
        if setup.hands[seat.index()].contains(card) {
            return None;
        }
        match setup.hands.iter().position(|h| h.contains(card)) {
            Some(s) => Some(Some(s)),
            None => setup.stock.contains(card).then_some(None),
        }
    }
}

fn fresh_games() -> impl Iterator<Item = HighCard> {
    (0..20).map(|s| HighCard::new(&Rules::default(), 3, Seed::from(s)).unwrap())
}

fn total(
    mut each: impl FnMut(&HighCard) -> Placements<JassCard, Option<usize>>,
) -> Placements<JassCard, Option<usize>> {
    let mut games = fresh_games();
    let mut all = each(&games.next().unwrap());
    games.for_each(|g| all.merge(each(&g)));
    all
}

#[test]
fn an_honest_sampler_finds_the_truth_no_more_often_than_a_decoy() {
    let seat = PlayerId(0);
    let mut rng = GameRng::new(Seed::from(7), 2);
    let all = total(|g| placements(g, seat, 200, &mut rng, locate(seat)).unwrap());
    assert!(!all.hidden.is_empty());
    assert!(
        all.truth_rate() <= all.decoy_rate() + 0.02,
        "truth {} decoy {}",
        all.truth_rate(),
        all.decoy_rate()
    );
    // At the deal every unseen card is of equal standing: each lies in seat 1's hand equally often.
    let game = fresh_games().next().unwrap();
    let one = placements(&game, seat, 2000, &mut rng, locate(seat)).unwrap();
    let unseen: CardSet<JassCard> = one.hidden.iter().map(|h| h.0).collect();
    chi_square_uniform(&one.counts_in(&Some(1), unseen)).unwrap();
}

#[test]
fn a_sampler_that_returns_the_true_deal_half_the_time_is_caught() {
    let seat = PlayerId(0);
    let mut rng = GameRng::new(Seed::from(7), 2);
    let all = total(|g| {
        let truth = g.clone();
        let leaky = |view: &_, rng: &mut GameRng| {
            if rng.below(2) == 0 {
                Ok(truth.clone())
            } else {
                HighCard::sample_world(view, rng)
            }
        };
        placements_with(g, seat, 200, &mut rng, leaky, locate(seat)).unwrap()
    });
    assert!(all.truth_rate() > all.decoy_rate() + 0.1);
}

#[test]
fn a_sampler_that_prefers_some_cards_fails_the_chi_square_test() {
    let seat = PlayerId(0);
    let mut rng = GameRng::new(Seed::from(7), 2);
    let game = fresh_games().next().unwrap();
    let truth = game.clone();
    // Half the time the true deal: its seat-1 cards are over-represented there.
    let leaky = |view: &_, rng: &mut GameRng| {
        if rng.below(2) == 0 {
            Ok(truth.clone())
        } else {
            HighCard::sample_world(view, rng)
        }
    };
    let one = placements_with(&game, seat, 2000, &mut rng, leaky, locate(seat)).unwrap();
    let unseen: CardSet<JassCard> = one.hidden.iter().map(|h| h.0).collect();
    assert!(chi_square_uniform(&one.counts_in(&Some(1), unseen)).is_err());
}

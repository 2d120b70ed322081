//! World sampling leaks nothing: over many random states, rule variants and every seat, each
//! sampled world shows the seat its view and keeps everything the view implies, finds the true
//! deal no more often than a decoy world does, and spreads the unseen cards uniformly at the
//! deal.

use cards_core::{
    CardSet, Encode as _, GameRng, Knowledge, RandomPlayer, RecallWorlds as _, StdCard,
};
use cards_testkit::worlds::{Placements, chi_square_uniform, placements};
use elewenjewe::{Elewenjewe, Event, Game, LAYOUT, Leftovers, PlayerId, Rules, Seed};

/// Where a card the seat cannot see lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Zone {
    /// In this seat's hand.
    Hand(usize),
    /// In this seat's captured pile (hidden without Isiwo).
    Captured(usize),
    /// Still to deal.
    Stock,
    /// Set aside (leftovers `Unused`).
    SetAside,
}

/// The zone of `card` in `world`, or `None` when `seat` sees where it is (its hand, the
/// table, the protected piles, and the captured piles with Isiwo), or when it is not in play.
fn locate(seat: PlayerId) -> impl Fn(&Elewenjewe, StdCard) -> Option<Zone> {
    move |world, card| {
        let n = world.num_players();
        let seats = || (0..n).map(|s| PlayerId(s as u8));
        if world.hand(seat).contains(card)
            || world.table().contains(card)
            || world.piles().iter().any(|p| p.cards.contains(card))
        {
            return None;
        }
        if let Some(s) = seats().find(|&s| world.captured(s).contains(card)) {
            return (!world.rules().isiwo).then_some(Zone::Captured(s.index()));
        }
        if let Some(s) = seats().find(|&s| world.hand(s).contains(card)) {
            return Some(Zone::Hand(s.index()));
        }
        if world.stock().contains(&card) {
            return Some(Zone::Stock);
        }
        world.set_aside().contains(card).then_some(Zone::SetAside)
    }
}

/// The rule sets the states are drawn under: every option that changes where cards can be.
fn variants() -> Vec<Rules> {
    vec![
        Rules::default(),
        Rules {
            jokers: true,
            esun: true,
            ..Rules::default()
        },
        Rules {
            isiwo: true,
            esun: true,
            leftovers: Leftovers::Unused,
            ..Rules::default()
        },
        Rules {
            yoruba: true,
            esun: true,
            leftovers: Leftovers::OneCardHand,
            last_player_takes: true,
            ..Rules::default()
        },
    ]
}

/// A random state: a fresh game after a random number of random legal moves, so that states
/// cover the deal, every batch, piles standing, later rounds and the end.
fn random_state(rules: &Rules, players: usize, seed: u64) -> Elewenjewe {
    random_game(rules, players, seed).0
}

/// [`random_state`] with the events that led to it, from the deal on.
fn random_game(rules: &Rules, players: usize, seed: u64) -> (Elewenjewe, Vec<Event>) {
    let mut game = Elewenjewe::new(rules, players, Seed::from(seed)).unwrap();
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut rng = GameRng::new(Seed::from(seed), 9);
    // Two states in three within the first round (48 plays at most), the rest up to two rounds
    // later.
    let most = if seed.is_multiple_of(3) { 150 } else { 48 };
    let moves = cards_core::Draw::index(&mut rng, most).unwrap_or(0);
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0x5eed));
    let mut buf = Vec::new();
    for _ in 0..moves {
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play_reporting(action, &mut events).unwrap();
    }
    (game, events)
}

/// What the view of `seat` implies, held on a sampled world: the table, the protected piles
/// (owners, values, cards), the captured piles (their cards with Isiwo, their sizes
/// otherwise), the set-aside and stock sizes, the hand sizes and the seat's own hand, the
/// round's public facts (joker plays, penalties, the last player) and the finished rounds; and the layout diamonds out of sight lie in
/// captured piles (they start on the table and leave it only by a capture or into a pile).
fn check_implications(truth: &Elewenjewe, world: &Elewenjewe, seat: PlayerId) {
    let n = truth.num_players();
    assert_eq!(world.table(), truth.table(), "the table");
    assert_eq!(world.piles(), truth.piles(), "the protected piles");
    assert_eq!(world.hand(seat), truth.hand(seat));
    assert_eq!(world.stock().len(), truth.stock().len());
    assert_eq!(world.set_aside().len(), truth.set_aside().len());
    assert_eq!(world.records(), truth.records());
    assert_eq!(world.totals(), truth.totals());
    assert_eq!(world.last_player(), truth.last_player());
    assert_eq!(
        (world.round(), world.dealer()),
        (truth.round(), truth.dealer())
    );
    assert_eq!(world.to_act(), truth.to_act());
    // Joker plays and Esun penalties have no reader of their own: they are the view's.
    let (w, t) = (world.view(seat), truth.view(seat));
    assert_eq!((w.joker_plays, w.penalties), (t.joker_plays, t.penalties));
    let mut captured = CardSet::<StdCard>::EMPTY;
    for s in (0..n).map(|s| PlayerId(s as u8)) {
        assert_eq!(world.hand(s).len(), truth.hand(s).len(), "hand size of {s}");
        assert_eq!(
            world.captured(s).len(),
            truth.captured(s).len(),
            "captured by {s}"
        );
        if truth.rules().isiwo {
            assert_eq!(
                world.captured(s),
                truth.captured(s),
                "captured by {s}, shown"
            );
        }
        captured |= world.captured(s);
    }
    let piles = world
        .piles()
        .iter()
        .fold(CardSet::EMPTY, |a, p| a | p.cards);
    for card in LAYOUT {
        assert!(
            world.table().contains(card) || piles.contains(card) || captured.contains(card),
            "{card} is out of sight and not in a captured pile"
        );
    }
}

#[test]
fn sampled_worlds_keep_what_the_view_implies_and_do_not_favour_the_truth() {
    let mut rng = GameRng::new(Seed::from(77), 3);
    let mut all: Option<Placements<StdCard, Zone>> = None;
    let (mut with_piles, mut later_rounds, mut set_aside) = (0, 0, 0);
    for (v, rules) in variants().iter().enumerate() {
        for players in 2..=5 {
            for seed in 0..12u64 {
                let truth = random_state(
                    rules,
                    players,
                    1000 * v as u64 + 100 * players as u64 + seed,
                );
                with_piles += usize::from(!truth.piles().is_empty());
                later_rounds += usize::from(truth.round() > 0);
                set_aside += usize::from(!truth.set_aside().is_empty());
                for seat in (0..players).map(|s| PlayerId(s as u8)) {
                    let view = truth.view(seat);
                    for _ in 0..3 {
                        let world = Elewenjewe::sample_world(&view, &mut rng).unwrap();
                        check_implications(&truth, &world, seat);
                    }
                    let p = placements(&truth, seat, 30, &mut rng, locate(seat)).unwrap();
                    match &mut all {
                        Some(all) => all.merge(p),
                        None => all = Some(p),
                    }
                }
            }
        }
    }
    eprintln!(
        "{with_piles} states with piles, {later_rounds} in a later round, {set_aside} with cards set aside"
    );
    assert!(with_piles > 0 && later_rounds > 0 && set_aside > 0);
    let all = all.unwrap();
    eprintln!(
        "{} hidden cards: truth {:.4}, decoy {:.4}",
        all.hidden.len(),
        all.truth_rate(),
        all.decoy_rate()
    );
    assert!(all.hidden.len() > 10_000);
    // Truth and decoy are two draws of the same law; with ~2.5·10^4 hidden cards over 30 worlds
    // each, the difference of the rates has a standard deviation well under 0.005: 0.02 is a
    // leak, not chance.
    assert!(
        all.truth_rate() <= all.decoy_rate() + 0.02,
        "truth {} decoy {}",
        all.truth_rate(),
        all.decoy_rate()
    );
}

#[test]
fn at_the_deal_unseen_cards_are_spread_uniformly() {
    let mut rng = GameRng::new(Seed::from(5), 3);
    for players in 2..=5 {
        let game = Elewenjewe::new(&Rules::default(), players, Seed::from(players as u64)).unwrap();
        let seat = game.to_act().unwrap();
        let other = seat.next(players);
        let one = placements(&game, seat, 2000, &mut rng, locate(seat)).unwrap();
        let unseen: CardSet<StdCard> = one.hidden.iter().map(|h| h.0).collect();
        // The layout diamonds lie on the table at the deal: the unseen cards are the rest.
        assert_eq!(unseen.len(), 52 - 4 - game.hand(seat).len());
        // Every unseen card lies in another seat's hand (and in the stock) equally often.
        chi_square_uniform(&one.counts_in(&Zone::Hand(other.index()), unseen)).unwrap();
        if !game.stock().is_empty() {
            chi_square_uniform(&one.counts_in(&Zone::Stock, unseen)).unwrap();
        }
    }
}

#[test]
fn recalled_worlds_put_every_card_seen_taken_in_its_takers_pile() {
    let mut rng = GameRng::new(Seed::from(79), 3);
    let mut checked = 0usize;
    for rules in variants() {
        for players in 2..=4 {
            for seed in 0..25u64 {
                let (truth, events) = random_game(&rules, players, seed);
                if truth.is_terminal() {
                    continue;
                }
                for seat in (0..players).map(|s| PlayerId(s as u8)) {
                    let mut knows = Knowledge::<Elewenjewe>::new(&rules, players, seat);
                    for e in &events {
                        knows.observe(&Elewenjewe::redact(&rules, e, seat)).unwrap();
                    }
                    let view = truth.view(seat);
                    assert_eq!(knows.view(), &view);
                    for _ in 0..3 {
                        let world =
                            Elewenjewe::sample_world_recalled(&view, knows.recall(), &mut rng)
                                .unwrap();
                        check_implications(&truth, &world, seat);
                        // Told from the deal on, the seat knows every pile it saw taken.
                        for s in (0..players).map(|s| PlayerId(s as u8)) {
                            assert_eq!(world.captured(s), truth.captured(s), "taken by {s}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn a_recall_told_nothing_gives_the_views_own_world() {
    for seed in 0..40u64 {
        let rules = &variants()[(seed % 4) as usize];
        let truth = random_state(rules, 2 + (seed % 3) as usize, seed);
        let seat = PlayerId((seed % 2) as u8);
        let view = truth.view(seat);
        let blank = Elewenjewe::recall_start(rules, truth.num_players(), seat);
        let mut a = GameRng::new(Seed::from(seed), 5);
        let mut b = GameRng::new(Seed::from(seed), 5);
        let recalled = Elewenjewe::sample_world_recalled(&view, &blank, &mut a).unwrap();
        assert_eq!(recalled, Elewenjewe::sample_world(&view, &mut b).unwrap());
    }
}

#[test]
fn a_view_of_impossible_sizes_is_refused_without_making_its_places() {
    // A view deserialized from anywhere: sizes past any pack are refused, not allocated.
    let truth = Elewenjewe::new(&Rules::default(), 2, Seed::from(1)).unwrap();
    let view = serde_json::to_value(truth.view(PlayerId(0))).unwrap();
    for (field, value) in [
        ("captured_sizes", serde_json::json!([4_294_967_295u64, 0])),
        ("captured_sizes", serde_json::json!([u64::MAX, 0])),
        ("captured_sizes", serde_json::json!([u64::MAX, u64::MAX])),
        ("stock", serde_json::json!(u64::MAX)),
        ("set_aside", serde_json::json!(u64::MAX)),
        ("hand_sizes", serde_json::json!([9, u64::MAX])),
    ] {
        let mut bad = view.clone();
        bad[field] = value.clone();
        let bad: <Elewenjewe as Game>::View = serde_json::from_value(bad).unwrap();
        let mut rng = GameRng::new(Seed::from(2), 0);
        let refused = Elewenjewe::sample_world(&bad, &mut rng);
        assert!(refused.is_err(), "{field} = {value}");
    }
}

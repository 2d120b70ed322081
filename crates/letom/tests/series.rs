//! A match of several deals: dealer succession, the nagari carry and the carried shakes and
//! bombs, the pot, zero-sum totals, each deal from its own seeded stream.

use cards_core::{Game, GameEvent, GameRng, PlayerId, Seed};
use letom::{Deal, Event, Letom, LetomMatch, Outcome, Rules};

/// Plays a match at random, checking each deal's start against the one before it.
fn check_match(rules: Rules, players: usize, seed: u64) -> (u32, u32) {
    let seed = Seed::from(seed);
    let mut game = LetomMatch::new(&rules, players, seed).unwrap();
    let mut rng = GameRng::new(seed, 7);
    let mut out = Vec::new();
    let mut nagaris_seen = 0;
    let mut max_carry = 1;
    check_start(&rules, players, seed, &game);
    while !game.is_terminal() {
        let before = game.deal().clone();
        let number = game.deal_number();
        game.legal_actions(&mut out);
        let a = out[rng.below(out.len() as u64) as usize];
        game.play(a).unwrap();
        if game.deal_number() != number + 1 {
            // The same deal goes on, the match ended, or deals ended at the deal between.
            continue;
        }
        check_start(&rules, players, seed, &game);
        let finished = before.apply(a).unwrap();
        let deal = game.deal();
        match finished.outcome().unwrap().winner() {
            Some(w) => {
                assert_eq!(deal.dealer(), w, "the last winner deals");
                assert_eq!(deal.carry(), 1, "a win resets the carry");
                for s in PlayerId::all(players) {
                    assert_eq!(deal.multipliers(s), (0, 0), "a win resets the multipliers");
                }
            }
            None => {
                nagaris_seen += 1;
                assert_eq!(
                    deal.dealer(),
                    finished.dealer(),
                    "after a nagari the same dealer"
                );
                assert_eq!(deal.carry(), (finished.carry() * 2).min(rules.carry_cap));
                max_carry = max_carry.max(deal.carry());
                for s in PlayerId::all(players) {
                    assert_eq!(
                        deal.multipliers(s),
                        finished.multipliers(s),
                        "shakes and bombs carried"
                    );
                }
            }
        }
    }
    assert_eq!(game.settlement().iter().sum::<i64>(), 0, "zero-sum totals");
    assert_eq!(game.deals_played(), rules.deals);
    let o = game.outcome().unwrap();
    assert_eq!(o.wins.iter().sum::<u32>() + o.nagaris, rules.deals);
    (nagaris_seen, max_carry)
}

/// A deal just started: its cards are deal `number` of the seed, dealt by its dealer.
fn check_start(rules: &Rules, players: usize, seed: Seed, game: &LetomMatch) {
    let deal = game.deal();
    if deal.outcome().is_some() {
        return;
    }
    let expected = Deal::seeded(
        rules,
        players,
        seed,
        game.deal_number(),
        Some(deal.dealer()),
    )
    .unwrap();
    let fresh = Letom::from_deal(rules, &expected).unwrap();
    assert_eq!(fresh.floor(), deal.floor());
    for s in PlayerId::all(players) {
        assert_eq!(fresh.hand(s), deal.hand(s));
        assert!(deal.captured(s).is_empty());
    }
}

#[test]
fn dealer_succession_carry_and_zero_sum() {
    let rules = Rules {
        deals: 12,
        stake: 2,
        ..Rules::default()
    };
    let mut nagaris = 0;
    let mut max_carry = 1;
    for players in Rules::PLAYERS {
        for seed in 0..40 {
            let (n, c) = check_match(rules, players, seed);
            nagaris += n;
            max_carry = max_carry.max(c);
        }
    }
    assert!(nagaris > 10, "some nagaris were played through: {nagaris}");
    assert!(
        max_carry >= 4,
        "consecutive nagaris double the carry: {max_carry}"
    );
}

#[test]
fn carry_cap_option() {
    let rules = Rules {
        deals: 12,
        carry_cap: 2,
        gwang_selling: true,
        ..Rules::default()
    };
    for seed in 0..30 {
        check_match(rules, 3, seed);
    }
}

#[test]
fn the_first_deal_is_the_single_deal_game() {
    let rules = Rules::default();
    for seed in 0..50u64 {
        let single = Letom::new(&rules, 3, Seed::from(seed)).unwrap();
        let game = LetomMatch::new(&rules, 3, Seed::from(seed)).unwrap();
        if single.outcome().is_none() {
            assert_eq!(game.deal(), &single);
        } else {
            assert!(matches!(
                single.outcome(),
                Some(Outcome::Chongtong { .. } | Outcome::Nagari { .. })
            ));
        }
    }
}

#[test]
fn match_json_round_trip_and_refusals() {
    let rules = Rules {
        deals: 3,
        ..Rules::default()
    };
    let game = LetomMatch::new(&rules, 2, Seed::from(3)).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: LetomMatch = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    let mut setup = game.setup();
    setup.number = 3;
    assert!(LetomMatch::from_setup(&rules, setup).is_err());
    let mut setup = game.setup();
    setup.wins = vec![1, 0];
    assert!(LetomMatch::from_setup(&rules, setup).is_err());
    // Totals that do not add up: the match would end with a settlement that is not zero-sum.
    let mut setup = game.setup();
    setup.totals = vec![5, 5];
    let refused = LetomMatch::from_setup(&rules, setup)
        .unwrap_err()
        .to_string();
    assert!(refused.contains("zero-sum"), "{refused}");
    // A game dealt without a table stake is not one under a stake, nor the reverse: the pot
    // holds each playing seat's stake of the deal under way.
    let staked = Rules { stake: 1, ..rules };
    let refused = LetomMatch::from_setup(&staked, game.setup())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("whole table stakes of 1"), "{refused}");
    let game = LetomMatch::new(&staked, 2, Seed::from(3)).unwrap();
    assert_eq!(LetomMatch::from_setup(&staked, game.setup()).unwrap(), game);
    assert!(LetomMatch::from_setup(&rules, game.setup()).is_err());
    // Mid-match, the same setups round-trip; shifted stakes do not.
    let mut game = game;
    let mut rng = GameRng::new(Seed::from(9), 0);
    let mut legal = Vec::new();
    while !game.is_terminal() && game.deal_number() < 2 {
        game.legal_actions(&mut legal);
        game.play(legal[rng.below(legal.len() as u64) as usize])
            .unwrap();
        assert_eq!(LetomMatch::from_setup(&staked, game.setup()).unwrap(), game);
        let mut setup = game.setup();
        setup.totals[0] += 1;
        setup.totals[1] -= 2;
        assert!(LetomMatch::from_setup(&staked, setup).is_err());
    }
}

#[test]
fn every_deal_begins_and_ends_once_in_order_in_the_events() {
    let rules = Rules {
        deals: 8,
        ..Rules::default()
    };
    let mut out = Vec::new();
    for players in Rules::PLAYERS {
        for seed in 0..40u64 {
            let mut events = Vec::new();
            let game = LetomMatch::new(&rules, players, Seed::from(seed)).unwrap();
            game.start_events(&mut events);
            let mut game = game;
            let mut rng = GameRng::new(Seed::from(seed), 3);
            while !game.is_terminal() {
                game.legal_actions(&mut out);
                let a = out[rng.below(out.len() as u64) as usize];
                let mut copy = game.clone();
                game.play_reporting(a, &mut events).unwrap();
                copy.play(a).unwrap();
                assert_eq!(copy, game, "play and play_reporting agree");
            }
            let begun: Vec<u32> = events
                .iter()
                .filter_map(|e| match e {
                    Event::DealBegins { number } => Some(*number),
                    _ => None,
                })
                .collect();
            assert_eq!(begun, (0..rules.deals).collect::<Vec<_>>());
            // The trace's milestones: each deal's cards, then its score, deal after deal.
            let milestones: Vec<char> = events
                .iter()
                .filter_map(|e| match (e.deal(), e.score()) {
                    (Some(_), _) => Some('d'),
                    (_, Some(_)) => Some('s'),
                    _ => None,
                })
                .collect();
            assert_eq!(
                milestones,
                "ds".repeat(rules.deals as usize)
                    .chars()
                    .collect::<Vec<_>>()
            );
            let ended: Vec<_> = events
                .iter()
                .filter_map(|e| match e {
                    Event::DealEnded(end) => Some(end.outcome),
                    _ => None,
                })
                .collect();
            assert_eq!(ended.len() as u32, rules.deals);
            assert_eq!(ended.last().copied(), game.deal().outcome());
            let nagaris = ended.iter().filter(|o| o.winner().is_none()).count();
            assert_eq!(nagaris as u32, game.outcome().unwrap().nagaris);
            assert!(
                matches!(events.last(), Some(Event::MatchEnded(o)) if Some(o) == game.outcome().as_ref())
            );
        }
    }
}

/// The returns of a deal and of a match are their settlements' points, one return per point
/// (`ReturnsUnit::Points`): a deal's payments, a match's totals.
#[test]
fn returns_are_points_one_per_point() {
    let rules = Rules {
        deals: 3,
        ..Rules::default()
    };
    for players in 2..=4 {
        for seed in 0..6u64 {
            let mut deal = Letom::new(&rules, players, Seed::from(seed)).unwrap();
            let mut game = LetomMatch::new(&rules, players, Seed::from(seed)).unwrap();
            let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
            cards_core::play_randomly(&mut deal, &mut player, |_, _| {});
            cards_core::play_randomly(&mut game, &mut player, |_, _| {});
            for (unit, word, returns, settlement) in [
                (
                    deal.returns_unit(),
                    "points",
                    deal.returns(),
                    deal.settlement(),
                ),
                (
                    game.returns_unit(),
                    "points over the match",
                    game.returns(),
                    game.settlement(),
                ),
            ] {
                assert_eq!(
                    unit,
                    cards_core::ReturnsUnit::Points {
                        word,
                        per_point: 1.0
                    }
                );
                for (s, &points) in settlement.iter().enumerate() {
                    assert_eq!(returns[s], points as f64);
                }
            }
        }
    }
}

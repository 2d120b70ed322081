//! A match of several deals: dealer succession, the nagari carry and the carried shakes and
//! bombs, the pot, zero-sum totals, each deal from its own seeded stream.

use cards_core::{Game, GameRng, PlayerId, Seed};
use letom::{Deal, Letom, LetomMatch, Outcome, Rules};

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
}

#[test]
fn every_finished_deal_is_reported_once_in_order() {
    let rules = Rules {
        deals: 8,
        ..Rules::default()
    };
    let mut out = Vec::new();
    for players in Rules::PLAYERS {
        for seed in 0..40u64 {
            let mut reported = Vec::new();
            let mut game =
                LetomMatch::new_reporting(&rules, players, Seed::from(seed), |k, deal| {
                    reported.push((k, deal.clone()));
                })
                .unwrap();
            let mut rng = GameRng::new(Seed::from(seed), 3);
            while !game.is_terminal() {
                game.legal_actions(&mut out);
                let a = out[rng.below(out.len() as u64) as usize];
                let mut copy = game.clone();
                game.play_reporting(a, |k, deal| reported.push((k, deal.clone())))
                    .unwrap();
                copy.play(a).unwrap();
                assert_eq!(copy, game, "play and play_reporting agree");
            }
            let numbers: Vec<u32> = reported.iter().map(|(k, _)| *k).collect();
            assert_eq!(numbers, (0..rules.deals).collect::<Vec<_>>());
            assert!(reported.iter().all(|(_, d)| d.outcome().is_some()));
            assert_eq!(&reported.last().unwrap().1, game.deal());
            let nagaris = reported
                .iter()
                .filter(|(_, d)| d.outcome().unwrap().winner().is_none())
                .count();
            assert_eq!(nagaris as u32, game.outcome().unwrap().nagaris);
        }
    }
}

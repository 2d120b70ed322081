//! A whole Schieber game: conformance, dealing and dealer rotation, the target (mid-deal, in
//! the rules' credit order), the Stöck exception, returns, setups and serde.

use cards_core::{GameRng, JassCard, RandomPlayer, Seed};
use cards_testkit::conformance::{Config, check};
use jass::{
    Action, Contract, CreditKind, CreditOrder, Game, Mode, Multipliers, PlayerId, Rules, Schieber,
    SchieberDeal, SchieberSetup, SeededDeal, SetupError,
};

fn run(rules: Rules, seeds: std::ops::Range<u64>) {
    let report = check::<Schieber>(&rules, 4, seeds.map(Seed::from), Config::default())
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.states > report.games * 30, "{report:?}");
    assert!(report.illegal_refused > 0, "{report:?}");
    assert!(report.worlds_differing > 0, "{report:?}");
}

#[test]
fn conformance_flat_1000() {
    run(Rules::flat(), 0..40);
}

#[test]
fn conformance_default_2500() {
    run(Rules::default(), 100..106);
}

#[test]
fn conformance_one_deal_without_target() {
    let rules = Rules {
        target: None,
        ..Rules::default()
    };
    run(rules, 200..220);
}

/// Plays a game with random moves, calling `each` on every state.
fn random_game(rules: &Rules, seed: u64, mut each: impl FnMut(&Schieber)) -> Schieber {
    let mut game = Schieber::new(rules, 4, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0xdead));
    let mut buf = Vec::new();
    each(&game);
    while let Some(action) = player.choose(&game, &mut buf) {
        game.play(action).unwrap();
        each(&game);
    }
    game
}

/// Deal `k`'s hands from its own stream, shuffled and dealt in packets of 3 from the seat
/// after `dealer`.
fn expected_hands(seed: Seed, k: u32, dealer: PlayerId) -> [cards_core::CardSet<JassCard>; 4] {
    let mut deck = JassCard::ALL;
    GameRng::for_deal(seed, k).shuffle(&mut deck);
    let mut hands = [cards_core::CardSet::EMPTY; 4];
    for (i, &card) in deck.iter().enumerate() {
        hands[(dealer.index() + 1 + i / 3) % 4].insert(card);
    }
    hands
}

#[test]
fn dealing_and_dealer_rotation() {
    let rules = Rules::flat();
    for seed in 0..10 {
        let mut seen: Vec<(u32, PlayerId, PlayerId, [cards_core::CardSet<JassCard>; 4])> =
            Vec::new();
        random_game(&rules, seed, |g| {
            let d = g.deal();
            if seen.last().is_none_or(|s| s.0 != g.deal_number()) {
                let hands = [0, 1, 2, 3].map(|s| d.dealt_hand(PlayerId(s)));
                seen.push((g.deal_number(), d.dealer(), d.forehand(), hands));
            }
        });
        assert!(seen.len() >= 3, "seed {seed}: {} deals", seen.len());
        let first = SeededDeal::first_schieber(&rules, Seed::from(seed));
        assert_eq!(
            (seen[0].1, seen[0].2, seen[0].3),
            (first.dealer, first.forehand, first.hand_sets())
        );
        for (i, &(k, dealer, forehand, hands)) in seen.iter().enumerate() {
            assert_eq!(k as usize, i);
            if k == 0 {
                continue;
            }
            let expected_dealer = if k == 1 {
                seen[0].2
            } else {
                PlayerId((seen[i - 1].1.0 + 1) % 4)
            };
            assert_eq!(dealer, expected_dealer, "seed {seed} deal {k}");
            assert_eq!(forehand, PlayerId((dealer.0 + 1) % 4));
            assert_eq!(hands, expected_hands(Seed::from(seed), k, dealer));
        }
    }
}

#[test]
fn returns_and_outcome() {
    for seed in 0..20 {
        let game = random_game(&Rules::flat(), seed, |_| {});
        let outcome = game.outcome().unwrap();
        let team = outcome.winner.unwrap();
        assert!(outcome.totals[team] >= 1000);
        assert!(outcome.totals[1 - team] < 1000);
        let returns = game.returns();
        for s in 0..4u8 {
            let expected = if usize::from(s) % 2 == team {
                1.0
            } else {
                -1.0
            };
            assert_eq!(returns[usize::from(s)], expected);
        }
        assert!(outcome.to_string().contains("win"), "{outcome}");
    }
}

#[test]
fn no_target_is_one_deal() {
    let rules = Rules {
        target: None,
        ..Rules::default()
    };
    let game = random_game(&rules, 3, |g| assert_eq!(g.deal_number(), 0));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.deals, 1);
    let [a, b] = outcome.totals;
    assert_eq!(outcome.winner, (a != b).then_some(usize::from(b > a)));
}

/// A setup from a seeded first deal, with `plays` after `contract`.
fn setup(
    rules: &Rules,
    seed: u64,
    scores: [u32; 2],
    contract: Contract,
    plays: &[JassCard],
) -> SchieberSetup {
    let seeded = SeededDeal::first_schieber(rules, Seed::from(seed));
    let mut deal =
        jass::SchieberDealSetup::dealt(seeded.dealer, seeded.forehand, seeded.hand_sets());
    deal.contract = Some(contract);
    deal.plays = plays.to_vec();
    SchieberSetup {
        seed: Seed::from(seed),
        deal_number: 0,
        scores,
        deal,
    }
}

/// Plays a deal with random moves after naming `contract`; calls `each` after every card
/// with the deal and the card's credits.
fn random_deal(
    rules: &Rules,
    seed: u64,
    contract: Contract,
    mut each: impl FnMut(&SchieberDeal, &[jass::Credit]) -> bool,
) {
    let mut deal = SchieberDeal::new(rules, 4, Seed::from(seed)).unwrap();
    deal.play(Action::Name(contract)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&deal, &mut buf) {
        deal.play(action).unwrap();
        let credits: Vec<_> = deal.last_credits().collect();
        if !each(&deal, &credits) {
            return;
        }
    }
}

#[test]
fn stops_mid_deal_at_the_first_credit_that_reaches() {
    let rules = Rules::flat();
    let mut checked = 0;
    for seed in 0..30 {
        let contract = Contract::ALL[seed as usize % 6];
        let scores = [999, 999];
        let mut plays = Vec::new();
        random_deal(&rules, seed, contract, |deal, credits| {
            plays.push(*deal.plays().last().unwrap());
            let Some(first) = credits.iter().find(|c| c.points > 0) else {
                return true;
            };
            // The game stops at this card, in its first credit's favour — unless a Stöck
            // exception (20 would reach the target) ended it before.
            let game =
                match Schieber::from_setup(&rules, setup(&rules, seed, scores, contract, &plays)) {
                    Ok(game) => game,
                    Err(SetupError::IllegalPlay { error, .. }) => {
                        assert_eq!(error, jass::RuleError::GameOver);
                        return false;
                    }
                    Err(e) => panic!("{e}"),
                };
            let stoeck_early = game.early_stoeck().is_some();
            if !stoeck_early {
                assert!(game.is_terminal());
                let outcome = game.outcome().unwrap();
                assert_eq!(outcome.winner, Some(first.team));
                let mut totals = scores;
                totals[first.team] += first.points;
                assert_eq!(outcome.totals, totals);
                assert_eq!(outcome.deals, 1);
                // One card earlier the game was on.
                let before = Schieber::from_setup(
                    &rules,
                    setup(&rules, seed, scores, contract, &plays[..plays.len() - 1]),
                )
                .unwrap();
                assert!(!before.is_terminal());
                let mut after = before;
                assert!(after.play(Action::Play(plays[plays.len() - 1])).is_ok());
                assert_eq!(after, game);
                assert!(game.apply(Action::Play(plays[0])).is_err());
                checked += 1;
            }
            false
        });
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn weis_counts_before_the_trick_or_after_it_in_the_rules_order() {
    let mut checked = 0;
    for seed in 0..400 {
        // No-trump contracts: no Stöck to end the game earlier.
        let contract = Contract::Mode(if seed % 2 == 0 {
            Mode::Obenabe
        } else {
            Mode::Undenufe
        });
        let mut plays = Vec::new();
        random_deal(&Rules::flat(), seed, contract, |deal, credits| {
            plays.push(*deal.plays().last().unwrap());
            if plays.len() < 4 {
                return true;
            }
            if let [weis, trick] = credits
                && weis.kind == CreditKind::Weis
                && trick.kind == CreditKind::Trick
                && weis.team != trick.team
                && trick.points > 0
            {
                // Both would reach the target with this card: the one first in the rules'
                // order wins (the Weis, by default).
                let mut scores = [0; 2];
                scores[weis.team] = 1000 - weis.points;
                scores[trick.team] = 1000 - trick.points;
                for order in CreditOrder::ALL {
                    let rules = Rules {
                        credit_order: order,
                        ..Rules::flat()
                    };
                    let game =
                        Schieber::from_setup(&rules, setup(&rules, seed, scores, contract, &plays))
                            .unwrap();
                    let outcome = game.outcome().unwrap();
                    let (first, second) =
                        if order.place(CreditKind::Weis) < order.place(CreditKind::Trick) {
                            (weis, trick)
                        } else {
                            (trick, weis)
                        };
                    assert_eq!(outcome.winner, Some(first.team), "{order:?}");
                    assert_eq!(outcome.totals[first.team], 1000);
                    assert_eq!(outcome.totals[second.team], 1000 - second.points);
                }
                checked += 1;
            }
            false
        });
    }
    assert!(checked >= 3, "{checked}");
}

#[test]
fn stoeck_counts_before_the_trick_or_after_it_in_the_rules_order() {
    let mut checked = 0;
    for seed in 0..600 {
        let contract = Contract::ALL[seed as usize % 4];
        let mut plays = Vec::new();
        let mut earned = [0u32; 2];
        random_deal(&Rules::flat(), seed, contract, |deal, credits| {
            plays.push(*deal.plays().last().unwrap());
            if let [stoeck, trick] = credits
                && stoeck.kind == CreditKind::Stoeck
                && trick.kind == CreditKind::Trick
                && stoeck.team != trick.team
                && trick.points > 0
                && earned[stoeck.team] > 0
            {
                // The Stöck team gained points since its holder's first turn (so the
                // exception did not fire there); both reach the target with this card, and
                // the one first in the rules' order wins (the Stöck, by default).
                let mut scores = [0; 2];
                scores[stoeck.team] = 1000 - earned[stoeck.team] - stoeck.points;
                scores[trick.team] = 1000 - earned[trick.team] - trick.points;
                let start = setup(&Rules::flat(), seed, scores, contract, &plays);
                let early = Schieber::from_setup(&Rules::flat(), start.clone())
                    .unwrap()
                    .early_stoeck()
                    .is_some();
                for order in CreditOrder::ALL.into_iter().filter(|_| !early) {
                    let rules = Rules {
                        credit_order: order,
                        ..Rules::flat()
                    };
                    let game = Schieber::from_setup(&rules, start.clone()).unwrap();
                    let first = if order.place(CreditKind::Stoeck) < order.place(CreditKind::Trick)
                    {
                        stoeck
                    } else {
                        trick
                    };
                    let outcome = game.outcome().unwrap();
                    assert_eq!(outcome.winner, Some(first.team), "{order:?}");
                    assert_eq!(outcome.totals[first.team], 1000);
                }
                checked += usize::from(!early);
            }
            for c in credits {
                earned[c.team] += c.points;
            }
            true
        });
    }
    assert!(checked >= 2, "{checked}");
}

#[test]
fn stoeck_exception() {
    let rules = Rules::default(); // target 2500; ♠ ×2
    let mut checked = 0;
    for seed in 0..200 {
        let seeded = SeededDeal::first_schieber(&rules, Seed::from(seed));
        let hands = seeded.hand_sets();
        let (k, q) = (
            "KS".parse::<JassCard>().unwrap(),
            "QS".parse::<JassCard>().unwrap(),
        );
        let Some(holder) = (0..4).find(|&s| hands[s].contains(k) && hands[s].contains(q)) else {
            continue;
        };
        let contract = Contract::Mode(Mode::Trump(cards_core::JassSuit::Spades));
        let team = holder % 2;
        for (below, fires) in [(40, true), (41, false)] {
            let mut scores = [0; 2];
            scores[team] = 2500 - below;
            let mut game =
                Schieber::from_setup(&rules, setup(&rules, seed, scores, contract, &[])).unwrap();
            let mut buf = Vec::new();
            while game.to_act().is_some() && game.to_act() != Some(PlayerId(holder as u8)) {
                game.legal_actions(&mut buf);
                game.play(buf[0]).unwrap();
            }
            // Nothing was credited before the holder's first turn (no trick completes first).
            if fires {
                assert!(game.is_terminal(), "seed {seed}");
                assert_eq!(game.early_stoeck(), Some(PlayerId(holder as u8)));
                let outcome = game.outcome().unwrap();
                assert_eq!(outcome.winner, Some(team));
                assert_eq!(outcome.totals[team], 2500);
                assert_eq!(game.deal().hand(PlayerId(holder as u8)).len(), 9);
                assert!(outcome.to_string().contains("Stöck"), "{outcome}");
                let json = serde_json::to_string(&game).unwrap();
                assert_eq!(serde_json::from_str::<Schieber>(&json).unwrap(), game);
            } else {
                assert_eq!(game.to_act(), Some(PlayerId(holder as u8)));
                assert_eq!(game.early_stoeck(), None);
            }
        }
        // Never in a no-trump contract.
        let mut scores = [0; 2];
        scores[team] = 2499;
        let obenabe = Contract::Mode(Mode::Obenabe);
        let game = Schieber::from_setup(&rules, setup(&rules, seed, scores, obenabe, &[])).unwrap();
        assert!(!game.is_terminal());
        checked += 1;
    }
    assert!(checked > 5);
}

#[test]
fn setups_are_checked_and_round_trip() {
    let rules = Rules::flat();
    random_game(&rules, 5, |g| {
        let back = Schieber::from_setup(&rules, g.setup()).unwrap();
        assert_eq!(&back, g);
    });
    let at_target = setup(&rules, 1, [1000, 0], Contract::ALL[0], &[]);
    assert!(matches!(
        Schieber::from_setup(&rules, at_target),
        Err(SetupError::ScoreAtTarget { team: 0, .. })
    ));
    let zero = Rules {
        target: Some(0),
        ..Rules::default()
    };
    assert!(matches!(
        Schieber::new(&zero, 4, Seed::from(1)),
        Err(SetupError::RuleRange(_))
    ));
    let free = Rules {
        multipliers: Multipliers {
            obenabe: 0,
            ..Multipliers::SEED
        },
        ..Rules::default()
    };
    assert!(matches!(
        Schieber::new(&free, 4, Seed::from(1)),
        Err(SetupError::Target { .. })
    ));
    assert!(Schieber::new(&rules, 3, Seed::from(1)).is_err());
}

#[test]
fn rules_target_serde() {
    let rules: Rules = serde_json::from_str("{}").unwrap();
    assert_eq!(rules.target, Some(2500));
    let rules: Rules = serde_json::from_str(r#"{"target":null}"#).unwrap();
    assert_eq!(rules.target, None);
    let back: Rules = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
    assert_eq!(back, rules);
    assert_eq!(Schieber::NAME, "schieber");
    // The credit order: left out of JSON when the default, so records read as before.
    assert!(
        !serde_json::to_string(&Rules::default())
            .unwrap()
            .contains("credit_order")
    );
    let rules: Rules = serde_json::from_str(r#"{"credit_order":"trick_stoeck_weis"}"#).unwrap();
    assert_eq!(rules.credit_order, CreditOrder::TrickStoeckWeis);
    let back: Rules = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
    assert_eq!(back, rules);
    let refused = serde_json::from_str::<Rules>(r#"{"credit_order":"trick"}"#).unwrap_err();
    assert!(
        refused.to_string().contains("stoeck_weis_trick"),
        "{refused}"
    );
}

//! Differenzler: the deal (12 or 9 cards, the dealer's last card shown as trump), predictions
//! in turn, play as Schieber, penalties, the end after the agreed deals, returns, setups,
//! views (public or hidden predictions) and the conformance harness.

use cards_core::{CardSet, Game, JassCard, PlayerId, RandomPlayer, Seed};
use cards_testkit::conformance::{Config, check};
use jass::{
    Action, Differenzler, DifferenzlerRules, DifferenzlerSetup, Mode, PlayRules, RuleError, Rules,
    SeededDeal, SetupError,
};

fn with_deals(deals: u32) -> Rules {
    Rules {
        differenzler: DifferenzlerRules {
            deals,
            ..DifferenzlerRules::default()
        },
        ..Rules::default()
    }
}

/// Plays one random game to the end, checking each deal's rules as it goes.
fn random_game(rules: &Rules, players: usize, seed: u64) -> Differenzler {
    let mut game = Differenzler::new(rules, players, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    let mut deal = SeededDeal::first(Seed::from(seed), players, rules.first_dealer);
    let mut predicted = 0;
    while let Some(action) = player.choose(&game, &mut buf) {
        let before = game;
        // The deal is the seeded one: the shown card is the dealer's last, trump its suit.
        assert_eq!(game.dealer(), deal.dealer);
        assert_eq!(game.shown(), deal.shown());
        assert_eq!(game.trump(), Mode::Trump(deal.shown().suit()));
        let seat = game.to_act().unwrap();
        match action {
            Action::Predict(_) => {
                // From the seat after the dealer, in turn.
                assert_eq!(
                    seat.index(),
                    (deal.dealer.index() + 1 + predicted) % players
                );
                predicted += 1;
            }
            Action::Play(_) => {
                assert_eq!(predicted, players, "a card before every prediction");
                if game.plays().is_empty() {
                    assert_eq!(seat, deal.forehand, "the seat after the dealer leads");
                }
            }
            other => panic!("{other} is not a Differenzler action"),
        }
        game.play(action).unwrap();
        if game.deal_number() != before.deal_number() {
            // A complete deal: each seat's penalty is |prediction − card points taken|,
            // the points total 157.
            let added: Vec<u32> = game
                .penalties()
                .iter()
                .zip(before.penalties())
                .map(|(a, b)| a - b)
                .collect();
            assert!(added.iter().all(|&p| p <= 157));
            deal = SeededDeal::later(
                Seed::from(seed),
                game.deal_number(),
                players,
                PlayerId(((before.dealer().index() + 1) % players) as u8),
            );
            predicted = 0;
        }
    }
    game
}

#[test]
fn whole_games_have_the_agreed_deals_and_zero_sum_returns() {
    for players in [3, 4] {
        for seed in 0..20 {
            let game = random_game(&with_deals(3), players, seed);
            let outcome = game.outcome().unwrap();
            assert_eq!(outcome.deals, 3);
            assert_eq!(outcome.penalties, game.penalties());
            let best = *outcome.penalties.iter().min().unwrap();
            for s in PlayerId::all(players) {
                assert_eq!(
                    outcome.winners.contains(&s),
                    outcome.penalties[s.index()] == best
                );
            }
            assert_eq!(game.settlement().iter().sum::<i64>(), 0);
            let returns = game.returns();
            let mean = outcome.penalties.iter().sum::<u32>() as f64 / players as f64;
            for s in 0..players {
                let expected = mean - f64::from(outcome.penalties[s]);
                assert!((returns[s] - expected).abs() < 1e-9, "{returns:?}");
            }
        }
    }
    // The default is 16 deals.
    let game = random_game(&Rules::default(), 3, 5);
    assert_eq!(game.outcome().unwrap().deals, 16);
}

/// Exact penalties on a deal whose play is forced: predictions 0, 157 and 50.
#[test]
fn penalties_are_the_distance_from_the_prediction() {
    let rules = with_deals(1);
    for seed in 0..10 {
        let mut game = Differenzler::new(&rules, 3, Seed::from(seed)).unwrap();
        for p in [0, 157, 50] {
            game.play(Action::Predict(p)).unwrap();
        }
        let order: Vec<PlayerId> = (1..=3)
            .map(|i| PlayerId(((game.dealer().index() + i) % 3) as u8))
            .collect();
        let mut buf = Vec::new();
        let mut last_points = Vec::new();
        while game.to_act().is_some() {
            game.legal_actions(&mut buf);
            last_points = game.points();
            game.play(buf[0]).unwrap();
        }
        // The last card ended the game: the points are the view's (the deal stays shown).
        let points = game.points();
        assert_eq!(points.iter().sum::<u32>(), 157, "{last_points:?}");
        let penalties = game.penalties();
        for (seat, p) in order.iter().zip([0u32, 157, 50]) {
            assert_eq!(penalties[seat.index()], p.abs_diff(points[seat.index()]));
        }
    }
}

#[test]
fn actions_out_of_turn_or_of_other_games_are_refused() {
    let mut game = Differenzler::new(&with_deals(2), 4, Seed::from(3)).unwrap();
    let before = game;
    let card = game.hand(game.to_act().unwrap()).iter().next().unwrap();
    for (action, check) in [
        (Action::Play(card), "predicts before"),
        (Action::Pass, "not an action of Differenzler"),
        (Action::Push, "not an action of Differenzler"),
    ] {
        let e = game.play(action).unwrap_err();
        assert!(e.to_string().contains(check), "{e}");
        assert_eq!(game, before);
    }
    for _ in 0..4 {
        game.play(Action::Predict(40)).unwrap();
    }
    let before = game;
    assert!(matches!(
        game.play(Action::Predict(3)),
        Err(RuleError::OutOfTurn { .. })
    ));
    assert_eq!(game, before);
    assert_eq!(game.hand(game.to_act().unwrap()).len(), 9);
}

#[test]
fn setups_round_trip_and_bad_ones_are_refused() {
    let rules = with_deals(2);
    let game = random_partial(&rules, 3, 9, 20);
    let setup = game.setup();
    assert_eq!(
        Differenzler::from_setup(&rules, setup.clone()).unwrap(),
        game
    );
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Differenzler>(&json).unwrap(), game);

    let refuse = |s: DifferenzlerSetup| Differenzler::from_setup(&rules, s).unwrap_err();
    let mut s = setup.clone();
    s.penalties.push(0);
    assert!(matches!(
        refuse(s),
        SetupError::SeatCount {
            what: "penalties",
            ..
        }
    ));
    let mut s = setup.clone();
    s.dealer = PlayerId(3);
    assert!(matches!(
        refuse(s),
        SetupError::SeatNotAtTable { seats: 3, .. }
    ));
    let mut s = setup.clone();
    let moved = s.hands[0].iter().next().unwrap();
    s.hands[0].remove(moved);
    s.hands[1].insert(moved);
    assert!(matches!(
        refuse(s),
        SetupError::HandSize {
            expected: 12,
            got: 11,
            ..
        }
    ));
    let mut s = setup.clone();
    let other = PlayerId(((setup.dealer.index() + 1) % 3) as u8);
    s.shown = s.hands[other.index()].iter().next().unwrap();
    assert!(matches!(refuse(s), SetupError::ShownCard { .. }));
    let mut s = setup.clone();
    s.deal_number = 2;
    assert!(matches!(refuse(s), SetupError::BadRule { .. }));
    let mut s = setup.clone();
    s.predictions.truncate(1);
    assert!(matches!(refuse(s), SetupError::IllegalPlay { play: 1, .. }));
    let mut s = setup;
    s.hands.pop();
    assert!(matches!(refuse(s), SetupError::PlayerCount(_)));
    assert!(matches!(
        Differenzler::new(&with_deals(0), 3, Seed::from(1)),
        Err(SetupError::RuleRange(_))
    ));
    assert!(Differenzler::new(&with_deals(1), 5, Seed::from(1)).is_err());
}

/// A game `actions` random actions into deal 0 (or later).
fn random_partial(rules: &Rules, players: usize, seed: u64, actions: usize) -> Differenzler {
    let mut game = Differenzler::new(rules, players, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    for _ in 0..actions {
        let Some(a) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play(a).unwrap();
    }
    game
}

#[test]
fn views_show_the_trump_card_and_predictions_as_the_option_says() {
    let mut game = Differenzler::new(&with_deals(1), 3, Seed::from(8)).unwrap();
    let first = game.to_act().unwrap();
    game.play(Action::Predict(33)).unwrap();
    let second = game.to_act().unwrap();
    let view = game.view(second);
    assert_eq!(view.shown, game.shown());
    assert_eq!(view.predictions[first.index()], Some(33));
    assert_eq!(view.predictions[second.index()], None);
    assert_eq!(view.hand, game.hand(second));
    let hidden = Rules {
        differenzler: DifferenzlerRules {
            deals: 1,
            hidden_predictions: true,
        },
        ..Rules::default()
    };
    let mut game = Differenzler::new(&hidden, 3, Seed::from(8)).unwrap();
    game.play(Action::Predict(33)).unwrap();
    assert_eq!(game.view(second).predictions[first.index()], None);
    assert_eq!(game.view(first).predictions[first.index()], Some(33));
    // A sampled world keeps the view, and the dealer holds the shown card until it is played.
    let mut rng = cards_core::GameRng::for_deal(Seed::from(1), 9);
    let view = game.view(second);
    for _ in 0..20 {
        let world = Differenzler::sample_world(&view, &mut rng).unwrap();
        assert_eq!(world.view(second), view);
        assert!(world.hand(world.dealer()).contains(world.shown()));
    }
}

fn run(rules: Rules, players: usize, seeds: std::ops::Range<u64>) {
    let report = check::<Differenzler>(&rules, players, seeds.map(Seed::from), Config::default())
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.illegal_refused > 0, "{report:?}");
    assert!(report.worlds_differing > 0, "{report:?}");
}

#[test]
fn conformance_three_players() {
    run(with_deals(2), 3, 0..30);
}

#[test]
fn conformance_four_players() {
    run(with_deals(2), 4, 100..130);
}

#[test]
fn conformance_hidden_predictions_and_undertrumping() {
    let rules = Rules {
        play: PlayRules {
            undertrump_when_void: true,
            ..PlayRules::default()
        },
        differenzler: DifferenzlerRules {
            deals: 2,
            hidden_predictions: true,
        },
        first_dealer: Some(PlayerId(2)),
        ..Rules::default()
    };
    run(rules, 3, 200..220);
    run(rules, 4, 300..320);
}

#[test]
fn the_cards_are_conserved() {
    let game = random_partial(&with_deals(2), 4, 77, 30);
    let census = game.census();
    let all: CardSet<JassCard> = JassCard::ALL.into_iter().collect();
    assert_eq!(census.cards, all);
}

#[test]
fn a_blank_view_of_any_count_of_players_is_bounded() {
    // The trait's blank view and bound on actions take any count: more seats than the game
    // has are its most, never an unbounded list.
    for players in [0, 1, 5, 1 << 40, usize::MAX] {
        let view = <Differenzler as Game>::blank_view(&Rules::default(), players, PlayerId(0));
        let json = serde_json::to_value(&view).unwrap();
        let seats = json["hand_sizes"].as_array().unwrap().len();
        assert_eq!(seats, players.min(4), "{players}");
        assert!(<Differenzler as Game>::max_actions(&Rules::default(), players) > 0);
    }
}

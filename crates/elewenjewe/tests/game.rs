//! Whole games: termination, card conservation, scoring and settlement, serde, traces.

use cards_core::{Game, GameEvent as _, PlayerId, RandomPlayer, Seed};
use elewenjewe::{
    Action, Deal, Elewenjewe, Event, Leftovers, RoundRecord, Rules, SETTLEMENT_SCALE, Scoring,
    ScoringPolicy, View,
};

fn option_sets() -> Vec<Rules> {
    let mut all = vec![
        Rules::default(),
        Rules::professional(),
        Rules::casual(),
        Rules::yoruba(),
    ];
    for leftovers in [
        Leftovers::Unused,
        Leftovers::ToTable,
        Leftovers::OneCardHand,
    ] {
        all.push(Rules {
            leftovers,
            esun: true,
            isiwo: true,
            last_player_takes: true,
            jokers: true,
            ..Rules::default()
        });
    }
    all.push(Rules {
        esun: true,
        yoruba_checks_piles: true,
        yoruba_pile_excludes_v: true,
        scoring: Scoring::MostCards,
        max_rounds: Some(4),
        ..Rules::yoruba()
    });
    all
}

#[test]
fn random_games_end_conserve_cards_and_settle_to_zero() {
    let mut buf = Vec::new();
    for rules in option_sets() {
        for players in 2..=5 {
            for seed in 0..6u64 {
                let seed = Seed::from(seed);
                let mut game = Elewenjewe::new(&rules, players, seed).unwrap();
                let mut player = RandomPlayer::new(seed);
                let mut steps = 0;
                while let Some(action) = player.choose(&game, &mut buf) {
                    game.play(action).unwrap();
                    assert!(game.census().is_exactly(Elewenjewe::deck(&rules)));
                    steps += 1;
                    assert!(steps <= Elewenjewe::max_actions(&rules, players));
                }
                let outcome = game.outcome().expect("over");
                assert_eq!(outcome.rounds as usize, game.records().len());
                assert!(!outcome.winners.is_empty());
                let settlement = game.settlement();
                assert_eq!(settlement.iter().sum::<i64>(), 0);
                let k = outcome.winners.len() as f64;
                let returns = game.returns();
                for seat in PlayerId::all(players) {
                    let expected = if outcome.winners.contains(&seat) {
                        (players as f64 - k) / k
                    } else {
                        -1.0
                    };
                    assert!((returns[seat.index()] - expected).abs() < 1e-9);
                    let scaled = expected * SETTLEMENT_SCALE as f64;
                    assert_eq!(settlement[seat.index()] as f64, scaled);
                }
                // Totals are the records' net points.
                let mut totals = vec![0i64; players];
                for r in game.records() {
                    for (t, d) in totals.iter_mut().zip(r.net(&rules).iter()) {
                        *t += d;
                    }
                }
                assert_eq!(game.totals(), totals.as_slice());
            }
        }
    }
}

#[test]
fn layout_and_most_scores_the_diamonds_and_strictly_most_cards() {
    let json = r#"{"dealer":0,"cards":[20,20,8],"layout":[["KD","9D"],["QD"],["JD"]],
        "jokers":[0,0,0],"joker_plays":[0,0,0],"penalties":[0,0,0],"last":2,"points":[0,0,0]}"#;
    let record: RoundRecord = serde_json::from_str(json).unwrap();
    assert_eq!(
        Scoring::LayoutAndMost.round_points(&record).to_vec(),
        [2, 1, 1]
    );
    assert_eq!(Scoring::MostCards.round_points(&record).to_vec(), [0, 0, 0]); // a tie
    let mut record = record;
    record.cards[1] = 21;
    assert_eq!(
        Scoring::LayoutAndMost.round_points(&record).to_vec(),
        [2, 2, 1]
    );
}

#[test]
fn the_state_the_view_and_actions_survive_json() {
    let rules = Rules {
        esun: true,
        jokers: true,
        ..Rules::default()
    };
    let mut game = Elewenjewe::new(&rules, 3, Seed::from(5)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(5));
    let mut buf = Vec::new();
    for _ in 0..40 {
        let action = player.choose(&game, &mut buf).unwrap();
        let text = serde_json::to_string(&action).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), action);
        game.play(action).unwrap();
    }
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Elewenjewe>(&json).unwrap(), game);
    let view = game.view(PlayerId(1));
    let back: View = serde_json::from_str(&serde_json::to_string(&view).unwrap()).unwrap();
    assert_eq!(back, view);
    assert!(view.captured.is_none(), "without Isiwo only sizes");
    // A broken state is refused when read.
    let broken = json.replacen("\"round\":", "\"round\":7,\"x\":", 1);
    assert!(serde_json::from_str::<Elewenjewe>(&broken).is_err());
}

#[test]
fn traces_log_every_deal_and_score() {
    let rules = Rules::default();
    let seed = Seed::from(42);
    let mut game = Elewenjewe::new(&rules, 3, seed).unwrap();
    let mut events = Vec::new();
    game.start_events(&mut events);
    assert!(matches!(events[0], Event::Dealt(Deal::Round { .. })));
    assert!(
        matches!(&events[1], Event::Dealt(Deal::Batch { hands, .. }) if hands.iter().all(|h| h.len() == 4))
    );
    let mut player = RandomPlayer::new(seed);
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&game, &mut buf) {
        game.play_reporting(action, &mut events).unwrap();
    }
    let scores = events.iter().filter(|e| e.score().is_some()).count();
    let rounds = events
        .iter()
        .filter(|e| matches!(e, Event::Dealt(Deal::Round { .. })))
        .count();
    assert_eq!(scores, game.records().len());
    assert_eq!(rounds, scores);
    // 3 players: 48 cards, four batches of 12 a round.
    let batches = events
        .iter()
        .filter(|e| matches!(e, Event::Dealt(Deal::Batch { .. })))
        .count();
    assert_eq!(batches, 4 * rounds);
    assert!(matches!(events.last(), Some(Event::Ended { .. })));
}

#[test]
fn rounds_reshuffle_from_their_own_stream_and_the_deal_rotates() {
    let rules = Rules::default();
    let mut game = Elewenjewe::new(&rules, 2, Seed::from(3)).unwrap();
    let first = game.dealer();
    let mut player = RandomPlayer::new(Seed::from(3));
    let mut buf = Vec::new();
    while game.records().is_empty() {
        let a = player.choose(&game, &mut buf).unwrap();
        game.play(a).unwrap();
    }
    if game.to_act().is_some() {
        assert_eq!(game.round(), 1);
        assert_eq!(game.dealer().index(), (first.index() + 1) % 2);
    }
}

/// The returns count wins among the seats (`ReturnsUnit::Wins`): at the end of a game the
/// sole winner's return reads as a whole win and each loser's as none, at every table size.
#[test]
fn returns_are_a_share_of_wins_among_the_seats() {
    for players in 2..=4 {
        let mut game = Elewenjewe::new(&Rules::default(), players, Seed::from(5)).unwrap();
        let mut player = RandomPlayer::new(Seed::from(5));
        cards_core::play_randomly(&mut game, &mut player, |_, _| {});
        let unit = game.returns_unit();
        assert_eq!(
            unit,
            cards_core::ReturnsUnit::Wins {
                sides: players as u8
            }
        );
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winners.len(), 1, "seed 5 has a sole winner");
        for (s, &r) in game.returns().iter().enumerate() {
            let share = unit.win_share(r).unwrap();
            let won = outcome.winners.contains(&PlayerId(s as u8));
            assert!(
                (share - f64::from(u8::from(won))).abs() < 1e-9,
                "{players} {s} {r}"
            );
        }
        // A mean of the returns over the seats is one win in `players`.
        let mean = game.returns().iter().sum::<f64>() / players as f64;
        assert!((unit.win_share(mean).unwrap() - 1.0 / players as f64).abs() < 1e-9);
    }
}

/// The outcome says who won, why the game ended and every seat's total, labelled.
#[test]
fn the_outcome_says_who_won_and_why() {
    use elewenjewe::Outcome;
    let won = Outcome {
        totals: vec![2, 6, 3],
        winners: vec![PlayerId(1)],
        rounds: 3,
        target: Some(5),
    };
    assert_eq!(
        won.to_string(),
        "seat 1 wins with 6 points after 3 rounds, the first to reach 5 (totals: seat 0 2, \
         seat 1 6, seat 2 3)."
    );
    let limit = Outcome {
        totals: vec![4, 1],
        winners: vec![PlayerId(0)],
        rounds: 1,
        target: Some(5),
    };
    assert_eq!(
        limit.to_string(),
        "seat 0 wins with 4 points after 1 round, the highest total when the round limit \
         ended the game (totals: seat 0 4, seat 1 1)."
    );
    let shared = Outcome {
        totals: vec![3, 1, 3],
        winners: vec![PlayerId(0), PlayerId(2)],
        rounds: 50,
        target: Some(5),
    };
    assert_eq!(
        shared.to_string(),
        "seat 0 and seat 2 share the win with 3 points each after 50 rounds, the highest \
         total when the round limit ended the game (totals: seat 0 3, seat 1 1, seat 2 3)."
    );
    // A game played out: the outcome names the target it was played to.
    let mut game = Elewenjewe::new(&Rules::default(), 2, Seed::from(5)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(5));
    cards_core::play_randomly(&mut game, &mut player, |_, _| {});
    let text = game.outcome().unwrap().to_string();
    assert!(
        text.contains(", the first to reach 5 (totals: seat 0 "),
        "{text}"
    );
}

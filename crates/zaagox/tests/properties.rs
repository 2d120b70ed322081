//! Property tests: draw *games* (a seed, a player count, rules and a number of random moves),
//! then check invariants on the state reached.

use cards_core::{Game, GameRng, PlayerId, RandomPlayer, Seed};
use proptest::prelude::*;
use zaagox::{Action, AvaRule, Rules, Zaagox};

/// A game after `steps` random legal moves, with the moves taken.
fn game_after(seed: u64, players: usize, ava: AvaRule, steps: usize) -> (Zaagox, Vec<Action>) {
    let rules = Rules {
        ava,
        ..Rules::default()
    };
    let mut game = Zaagox::new(&rules, players, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0x5eed));
    let mut buf = Vec::new();
    let mut actions = Vec::new();
    for _ in 0..steps {
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game = game.apply(action).unwrap();
        actions.push(action);
    }
    (game, actions)
}

fn arb_game() -> impl Strategy<Value = (u64, usize, AvaRule, usize)> {
    (
        any::<u64>(),
        2usize..=4,
        prop_oneof![Just(AvaRule::Continue), Just(AvaRule::Immediate)],
        0usize..400,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn stored_cards_never_exceed_four_without_ava((seed, players, ava, steps) in arb_game()) {
        let (game, _) = game_after(seed, players, ava, steps);
        for seat in (0..players).map(|s| PlayerId(s as u8)) {
            let n = game.stored(seat).len();
            prop_assert!(n <= 4 || (n == 5 && game.ava_declared(seat)), "seat {seat} stores {n}");
        }
    }

    #[test]
    fn pile_and_zones_always_hold_the_36_cards((seed, players, ava, steps) in arb_game()) {
        let (game, _) = game_after(seed, players, ava, steps);
        let mut all = zaagox::Hand::EMPTY;
        let mut count = game.pile_len();
        all.extend(game.pile());
        for seat in (0..players).map(|s| PlayerId(s as u8)) {
            count += game.hand(seat).len() + game.stored(seat).len();
            all |= game.hand(seat) | game.stored(seat);
        }
        for pair in game.pairs() {
            count += 2 + pair.ageing().len();
            all.extend(pair.cards());
            all.extend(pair.ageing().iter().copied());
        }
        if let Some(d) = game.discard() {
            count += 1;
            all.insert(d);
        }
        prop_assert_eq!(count, 36);
        prop_assert_eq!(all, zaagox::Hand::full());
    }

    #[test]
    fn same_seed_and_actions_give_the_same_game((seed, players, ava, steps) in arb_game()) {
        let (game, actions) = game_after(seed, players, ava, steps);
        let rules = Rules { ava, ..Rules::default() };
        let mut again = Zaagox::new(&rules, players, Seed::from(seed)).unwrap();
        for action in &actions {
            // In-place play and copy-make agree.
            let copied = again.apply(*action).unwrap();
            again.play(*action).unwrap();
            prop_assert_eq!(&again, &copied);
        }
        prop_assert_eq!(again, game);
    }

    #[test]
    fn illegal_actions_are_refused_and_change_nothing((seed, players, ava, steps) in arb_game(), probes in proptest::collection::vec(0..Action::COUNT, 32)) {
        let (game, _) = game_after(seed, players, ava, steps);
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        for index in probes {
            let action = Action::from_index(index).unwrap();
            let mut copy = game.clone();
            let result = copy.play(action);
            prop_assert_eq!(result.is_ok(), legal.contains(&action), "{}", action);
            if result.is_err() {
                prop_assert_eq!(&copy, &game);
            }
        }
    }

    #[test]
    fn views_hide_and_sampled_worlds_agree((seed, players, ava, steps) in arb_game()) {
        let (game, _) = game_after(seed, players, ava, steps);
        let mut rng = GameRng::new(Seed::from(seed), 9);
        for seat in (0..players).map(|s| PlayerId(s as u8)) {
            let view = game.view(seat);
            for pair in &view.pairs {
                prop_assert_eq!(pair.ageing.is_some(), pair.owner == seat);
            }
            let world = view.sample_world(&mut rng).unwrap();
            prop_assert_eq!(world.view(seat), view);
            // The world is a playable state: its legal actions all apply.
            let mut buf = Vec::new();
            world.legal_actions(&mut buf);
            for a in buf {
                prop_assert!(world.apply(a).is_ok());
            }
        }
    }

    #[test]
    fn finished_games_settle_zero_sum(seed in any::<u64>(), players in 2usize..=4) {
        let (game, record) = cards_core::random_playout::<Zaagox>(&Rules::default(), players, Seed::from(seed)).unwrap();
        prop_assert!(game.is_terminal());
        prop_assert_eq!(game.settlement().iter().sum::<i64>(), 0);
        prop_assert_eq!(record.replay().unwrap(), game);
    }
}

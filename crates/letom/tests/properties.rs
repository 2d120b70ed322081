//! Property tests: draw *games* (a seed, a player count of 2 to 4, a random selection of the
//! rules and a number of random moves), then check the invariants on the position reached and
//! on the rest of the deal.

use cards_core::{Game, GameRng, PlayerId, RandomPlayer, Seed};
use letom::{
    Action, BombMultiplier, Deal, Dokbak, Exhaustion, Letom, Phase, RenScoring, Rules, Setup, View,
};
use proptest::prelude::*;

/// Rules with every option drawn; the first dealer (if fixed) is a seat of `players`.
fn arb_rules(players: usize) -> impl Strategy<Value = Rules> {
    (
        (
            any::<bool>(),
            any::<bool>(),
            0u32..=5,
            5u32..=9,
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
        (1u32..=8, any::<bool>(), any::<bool>(), 0u32..=3, 0u32..=3),
        proptest::option::of(0..players as u8),
    )
        .prop_map(
            |(
                (ren, bomb, pi_bak_max, meong_bak_min, sweep, exhaustion, dokbak),
                (carry_cap, gwang_selling, reshuffle_sold, gwang_price, stake),
                first_dealer,
            )| Rules {
                ren: if ren {
                    RenScoring::Doubling
                } else {
                    RenScoring::Additive
                },
                bomb: if bomb {
                    BombMultiplier::Triple
                } else {
                    BombMultiplier::Double
                },
                pi_bak_max,
                meong_bak_min,
                sweep,
                exhaustion: if exhaustion {
                    Exhaustion::Nagari
                } else {
                    Exhaustion::HighestScore
                },
                carry_cap,
                dokbak: if dokbak {
                    Dokbak::LastLoser
                } else {
                    Dokbak::LastRenCaller
                },
                gwang_selling,
                // The options of gwang-selling only with it (others are refused as pointless).
                gwang_price: if gwang_selling { gwang_price } else { 1 },
                reshuffle_sold: gwang_selling && reshuffle_sold,
                stake,
                first_dealer: first_dealer.map(PlayerId),
                ..Rules::default()
            },
        )
}

/// A player count and rules for it.
fn arb_table() -> impl Strategy<Value = (usize, Rules)> {
    (2usize..=4).prop_flat_map(|players| (Just(players), arb_rules(players)))
}

/// A deal after `steps` random legal moves (fewer if it ends first).
fn game_after(seed: u64, players: usize, rules: &Rules, steps: usize) -> Letom {
    let mut game = Letom::new(rules, players, Seed::from(seed)).expect("valid rules");
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0x1e70_5eed));
    let mut buf = Vec::new();
    for _ in 0..steps {
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play(action).expect("a legal action applies");
    }
    game
}

fn legal(game: &Letom) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

/// Every card once, and the stock fits the turns left.
fn check_cards(game: &Letom) -> Result<(), TestCaseError> {
    prop_assert!(
        game.census().is_exactly(Letom::deck(game.rules())),
        "{:?}",
        game
    );
    let n = game.num_players();
    let hands: Vec<usize> = PlayerId::all(n).map(|p| game.hand(p).len()).collect();
    let owed: usize = PlayerId::all(n)
        .map(|p| usize::from(game.owed_flips(p)))
        .sum();
    match game.phase() {
        Phase::Turn { .. } | Phase::Take { .. } | Phase::Decide { .. } => {
            prop_assert_eq!(
                game.stock_len(),
                hands.iter().sum::<usize>() + owed,
                "{:?}",
                game
            );
        }
        Phase::Sale { .. } => {
            // Dealt for one player fewer: every hand full, one hand's worth short in the stock.
            let hand = letom::table(n - 1).1;
            prop_assert!(hands.iter().all(|&h| h == hand), "{:?}", game);
            prop_assert_eq!(game.stock_len() + hand, (n - 1) * hand);
        }
        Phase::Over => {}
    }
    Ok(())
}

/// Ren and Tom are offered only in the deciding phase, from 3 base points and above the last
/// Ren.
fn check_offer(game: &Letom) -> Result<(), TestCaseError> {
    let actions = legal(game);
    let offered = actions.contains(&Action::Ren) || actions.contains(&Action::Tom);
    if let Phase::Decide { seat } = game.phase() {
        prop_assert_eq!(actions, vec![Action::Ren, Action::Tom]);
        let base = game.base_points(seat);
        prop_assert!(base >= Rules::REN_MIN, "Ren/Tom offered at {} points", base);
        let setup = game.setup();
        let s = seat.index();
        if setup.ren[s] > 0 {
            prop_assert!(base > u32::from(setup.ren_base[s]));
        }
    } else {
        prop_assert!(!offered, "Ren/Tom outside the deciding phase");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// Every action of the index space is refused with the state unchanged unless it is
    /// legal; a legal one always applies, and `apply` is a clone played.
    #[test]
    fn illegal_actions_are_refused_and_legal_ones_apply(
        seed in any::<u64>(), (players, rules) in arb_table(), steps in 0usize..80,
        pick in any::<usize>(),
    ) {
        let game = game_after(seed, players, &rules, steps);
        let legal = legal(&game);
        prop_assert_eq!(legal.is_empty(), game.is_terminal());
        let picked = Action::from_index(pick % (Action::COUNT + 8));
        for action in (0..Action::COUNT).filter_map(Action::from_index).chain(picked) {
            let mut played = game.clone();
            let result = played.play(action);
            if legal.contains(&action) {
                prop_assert!(result.is_ok(), "{} refused: {:?}\n{}", action, result, game);
                prop_assert_eq!(&game.apply(action).unwrap(), &played);
                check_cards(&played)?;
            } else {
                prop_assert!(result.is_err(), "{} applied, but it is not legal\n{}", action, game);
                prop_assert_eq!(&played, &game, "a refused {} changed the state", action);
                prop_assert_eq!(game.apply(action).err(), result.err());
            }
        }
    }

    /// The state, its setup, every view and every legal action survive serde; the setup
    /// rebuilds the state.
    #[test]
    fn serde_round_trips(
        seed in any::<u64>(), (players, rules) in arb_table(), steps in 0usize..80,
    ) {
        let game = game_after(seed, players, &rules, steps);
        let json = serde_json::to_string(&game).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Letom>(&json).unwrap(), &game);
        let setup = game.setup();
        let back: Setup = serde_json::from_str(&serde_json::to_string(&setup).unwrap()).unwrap();
        prop_assert_eq!(&back, &setup);
        prop_assert_eq!(&Letom::from_setup(&rules, setup).unwrap(), &game);
        for seat in PlayerId::all(players) {
            let view = game.view(seat);
            let back: View = serde_json::from_str(&serde_json::to_string(&view).unwrap()).unwrap();
            prop_assert_eq!(&back, &view);
            // What a seat may do depends only on what it sees.
            let mut from_view = Vec::new();
            Letom::view_legal_actions(&view, &mut from_view);
            if game.to_act() == Some(seat) {
                prop_assert_eq!(&from_view, &legal(&game));
                let world = Letom::sample_world(&view, &mut GameRng::new(Seed::from(seed), 7)).unwrap();
                prop_assert_eq!(world.view(seat), view);
            } else {
                prop_assert!(from_view.is_empty());
            }
        }
        for action in legal(&game) {
            let text = action.to_string();
            prop_assert_eq!(text.parse::<Action>().unwrap(), action);
            let json = serde_json::to_string(&action).unwrap();
            prop_assert_eq!(&json, &format!("\"{text}\""));
            prop_assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
            prop_assert_eq!(Action::from_index(action.index()), Some(action));
        }
        let deal = Deal::seeded(&rules, players, Seed::from(seed), 0, None).unwrap();
        let back: Deal = serde_json::from_str(&serde_json::to_string(&deal).unwrap()).unwrap();
        prop_assert_eq!(back, deal);
    }

    /// Cards are conserved and the stock fits the turns left after every move; Ren and Tom
    /// are offered only from 3 base points; the deal ends within the bound and settles
    /// zero-sum.
    #[test]
    fn whole_deals_keep_the_invariants(
        seed in any::<u64>(), (players, rules) in arb_table(),
    ) {
        let mut game = Letom::new(&rules, players, Seed::from(seed)).unwrap();
        let mut player = RandomPlayer::new(Seed::from(seed ^ 0xdea1));
        let mut buf = Vec::new();
        let mut actions = 0;
        check_cards(&game)?;
        check_offer(&game)?;
        while let Some(action) = player.choose(&game, &mut buf) {
            game.play(action).unwrap();
            actions += 1;
            check_cards(&game)?;
            check_offer(&game)?;
            prop_assert_eq!(game.settlement().iter().sum::<i64>(), 0);
        }
        prop_assert!(actions <= Letom::max_actions(&rules, players));
        prop_assert!(game.outcome().is_some());
        let returns = game.settlement();
        prop_assert_eq!(returns.iter().sum::<i64>(), 0);
        if let Some(details) = game.settlement_details() {
            prop_assert_eq!(details.returns.iter().sum::<i64>(), 0);
            prop_assert!(details.returns[details.winner] >= 0);
        }
        // The stake: each playing seat pays it; the pot goes to one seat or stays.
        let (paid, taken) = game.stakes();
        let playing = players - usize::from(game.seller().is_some());
        prop_assert_eq!(paid.iter().sum::<i64>(), i64::from(rules.stake) * playing as i64);
        let pot: i64 = game.pot().iter().map(|&p| i64::from(p)).sum();
        prop_assert!(taken.iter().sum::<i64>() == pot || taken.iter().all(|&t| t == 0));
        prop_assert!(taken.iter().filter(|&&t| t != 0).count() <= 1);
    }
}

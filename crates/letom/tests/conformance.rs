//! The test kit's conformance harness over many seeds, for 2, 3 and 4 players, with
//! gwang-selling (with and without the reshuffle), the table stake and each option flipped.

use cards_core::{Game, PlayerId, Seed};
use cards_testkit::conformance::{Config, check};
use letom::{BombMultiplier, Dokbak, Exhaustion, Letom, RenScoring, Rules};

fn run(rules: Rules, players: usize, seeds: std::ops::Range<u64>) {
    let report = check::<Letom>(&rules, players, seeds.map(Seed::from), Config::default())
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.illegal_refused > 0, "{report:?}");
}

#[test]
fn default_rules_all_player_counts() {
    for players in Rules::PLAYERS {
        run(Rules::default(), players, 0..60);
    }
}

#[test]
fn gwang_selling() {
    let rules = Rules {
        gwang_selling: true,
        ..Rules::default()
    };
    for players in 3..=4 {
        run(rules, players, 100..150);
    }
    let reshuffled = Rules {
        reshuffle_sold: true,
        gwang_price: 3,
        ..rules
    };
    for players in 3..=4 {
        run(reshuffled, players, 200..240);
    }
}

#[test]
fn table_stake_and_other_options() {
    let options = [
        Rules {
            stake: 2,
            ..Rules::default()
        },
        Rules {
            sweep: false,
            exhaustion: Exhaustion::HighestScore,
            ..Rules::default()
        },
        Rules {
            ren: RenScoring::Additive,
            bomb: BombMultiplier::Double,
            dokbak: Dokbak::LastRenCaller,
            pi_bak_max: 0,
            meong_bak_min: 9,
            carry_cap: 1,
            first_dealer: Some(PlayerId(1)),
            ..Rules::default()
        },
        Rules {
            stake: 5,
            gwang_selling: true,
            exhaustion: Exhaustion::HighestScore,
            ..Rules::default()
        },
    ];
    for (i, rules) in options.into_iter().enumerate() {
        for players in Rules::PLAYERS {
            let start = 300 + 100 * i as u64 + 10 * players as u64;
            run(rules, players, start..start + 25);
        }
    }
}

#[test]
fn every_deal_conserves_the_deck_and_the_stock_invariant() {
    let mut out = Vec::new();
    for players in Rules::PLAYERS {
        for seed in 0..200u64 {
            let mut game = Letom::new(&Rules::default(), players, Seed::from(seed)).unwrap();
            let mut rng = cards_core::GameRng::new(Seed::from(seed), 9);
            while !game.is_terminal() {
                game.legal_actions(&mut out);
                let a = out[rng.below(out.len() as u64) as usize];
                game.play(a).unwrap();
                assert!(game.census().is_exactly(Letom::deck(game.rules())));
                if !matches!(game.phase(), letom::Phase::Over) {
                    let hands: usize = PlayerId::all(players).map(|p| game.hand(p).len()).sum();
                    let owed: usize = PlayerId::all(players)
                        .map(|p| usize::from(game.owed_flips(p)))
                        .sum();
                    assert_eq!(game.stock_len(), hands + owed, "{game:?}");
                }
            }
            assert_eq!(game.settlement().iter().sum::<i64>(), 0);
        }
    }
}

#[test]
fn matches_of_several_deals() {
    use letom::LetomMatch;
    let base = Rules {
        deals: 4,
        ..Rules::default()
    };
    let options = [
        base,
        Rules {
            stake: 2,
            gwang_selling: true,
            ..base
        },
        Rules {
            carry_cap: 4,
            exhaustion: Exhaustion::HighestScore,
            stake: 1,
            ..base
        },
    ];
    for (i, rules) in options.into_iter().enumerate() {
        for players in Rules::PLAYERS {
            let start = 1000 + 100 * i as u64 + 10 * players as u64;
            let report = check::<LetomMatch>(
                &rules,
                players,
                (start..start + 8).map(Seed::from),
                Config::default(),
            )
            .unwrap_or_else(|v| panic!("{v}"));
            assert!(report.illegal_refused > 0, "{report:?}");
        }
    }
}

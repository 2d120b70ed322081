//! Property tests: draw *games* (a seed, rules and a number of random moves), then check
//! invariants on the state reached.

use cards_core::{CardSet, Game, JassCard, PlayerId, RandomPlayer, Seed};
use jass::{Multipliers, PlayRules, Rules, SchieberDeal, WeisRules};
use proptest::prelude::*;

/// A deal after `steps` random legal moves.
fn deal_after(seed: u64, rules: &Rules, steps: usize) -> SchieberDeal {
    let mut deal = SchieberDeal::new(rules, 4, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0x7a55));
    let mut buf = Vec::new();
    for _ in 0..steps {
        let Some(action) = player.choose(&deal, &mut buf) else {
            break;
        };
        deal.play(action).unwrap();
    }
    deal
}

fn arb_rules() -> impl Strategy<Value = Rules> {
    (any::<bool>(), any::<bool>(), any::<bool>(), 0usize..3).prop_map(
        |(buur_exception, undertrump_when_void, seed_weis_scoring, table)| Rules {
            play: PlayRules {
                buur_exception,
                undertrump_when_void,
            },
            weis: WeisRules::default(),
            seed_weis_scoring,
            multipliers: [Multipliers::SEED, Multipliers::SWISSLOS, Multipliers::FLAT][table],
            ..Rules::default()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Hands and played cards always hold the 36 cards once, and hands shrink in turn.
    #[test]
    fn cards_are_conserved(seed in any::<u64>(), rules in arb_rules(), steps in 0usize..40) {
        let deal = deal_after(seed, &rules, steps);
        let mut all = CardSet::<JassCard>::EMPTY;
        let mut count = deal.plays().len();
        all.extend(deal.plays().iter().copied());
        let sizes: Vec<usize> = PlayerId::all(4).map(|s| deal.hand(s).len()).collect();
        for seat in PlayerId::all(4) {
            count += deal.hand(seat).len();
            all |= deal.hand(seat);
        }
        prop_assert_eq!(count, 36);
        prop_assert_eq!(all, CardSet::full());
        let (min, max) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
        prop_assert!(max - min <= 1, "hand sizes {:?}", sizes);
    }

    /// Credits only grow, never pass 157 card points plus bonuses, and settle zero-sum.
    #[test]
    fn credits_grow_and_settle_zero_sum(seed in any::<u64>(), rules in arb_rules(), steps in 0usize..40) {
        let mut deal = deal_after(seed, &rules, steps);
        let mut player = RandomPlayer::new(Seed::from(seed));
        let mut buf = Vec::new();
        let mut last = deal.credits().total();
        while let Some(action) = player.choose(&deal, &mut buf) {
            deal.play(action).unwrap();
            let now = deal.credits().total();
            prop_assert!(now[0] >= last[0] && now[1] >= last[1], "{:?} after {:?}", now, last);
            last = now;
        }
        let outcome = deal.outcome().unwrap();
        prop_assert_eq!(outcome.credits.cards[0] + outcome.credits.cards[1], 157);
        prop_assert_eq!(deal.settlement().iter().sum::<i64>(), 0);
        prop_assert!((deal.returns().iter().sum::<f64>()).abs() < 1e-9);
    }

    /// `play` and `apply` agree, and a refused action leaves the deal as it was.
    #[test]
    fn play_and_apply_agree(seed in any::<u64>(), steps in 0usize..40, pick in any::<usize>()) {
        let deal = deal_after(seed, &Rules::default(), steps);
        let mut legal = Vec::new();
        deal.legal_actions(&mut legal);
        if let Some(&action) = legal.get(pick % legal.len().max(1)) {
            let mut played = deal;
            played.play(action).unwrap();
            prop_assert_eq!(played, deal.apply(action).unwrap());
        }
        for index in [0usize, 17, 35, 36, 41, 42] {
            let Some(action) = <SchieberDeal as cards_core::DirectIndex>::action_from_index(index) else {
                continue;
            };
            if !legal.contains(&action) {
                let mut refused = deal;
                prop_assert!(refused.play(action).is_err());
                prop_assert_eq!(&refused, &deal);
            }
        }
    }
}

//! Jass in the CLI: its card-level oracle ops (`jass.legal`, `jass.trick`, `jass.weis`,
//! `jass.deal`: [`ops`]). The oracle's `jass.playout` and `jass.trace` (one Schieber deal, or a
//! whole Coiffeur or Differenzler game by `"variant"`) and `replay` are generic; what a summary
//! counts about each game type is the crate's own ([`jass::summary`]).

pub mod ops;

#[cfg(test)]
mod tests {
    use crate::oracle::playout::{Returns, TraceEntry, playout, trace};
    use cards_core::Game;
    use jass::{Coiffeur, Differenzler, Schieber, SchieberDeal};

    /// The score entries of a trace, in order.
    fn scores(events: &[TraceEntry]) -> Vec<&Vec<i64>> {
        events
            .iter()
            .filter_map(|e| match e {
                TraceEntry::Score { score } => Some(score),
                _ => None,
            })
            .collect()
    }

    /// A whole game's trace: a deal event at every deal (each one the seeded deal of the
    /// game), a score event at the end of every deal; the scores add up to the final totals;
    /// the first deal is the one-deal game's.
    #[test]
    fn a_whole_game_traces_deal_by_deal() {
        for seed in 0..6 {
            let t = trace::<Schieber>(4, seed).unwrap();
            let (state, actions) = playout::<Schieber>(4, seed).unwrap();
            let deals = t
                .events
                .iter()
                .filter(|e| matches!(e, TraceEntry::Deal { .. }))
                .count();
            let scores = scores(&t.events);
            let outcome = state.outcome().unwrap();
            assert_eq!(deals as u32, outcome.deals);
            assert_eq!(scores.len() as u32, outcome.deals);
            assert_eq!(t.events.len(), actions + 2 * deals);
            for team in 0..2 {
                let sum: i64 = scores.iter().map(|s| s[team]).sum();
                assert_eq!(sum, i64::from(outcome.totals[team]), "seed {seed}");
            }
            let one = trace::<SchieberDeal>(4, seed).unwrap();
            assert_eq!(t.events[0], one.events[0]);
            // The first deal's forehand deals the second, then the deal passes one seat; from
            // the second deal on forehand is the seat after the dealer.
            let dealt: Vec<serde_json::Value> =
                t.events.iter().filter_map(TraceEntry::deal).collect();
            let seat = |v: &serde_json::Value| v.as_u64().unwrap();
            for (k, deal) in dealt.iter().enumerate().skip(1) {
                let expected = if k == 1 {
                    seat(&dealt[0]["forehand"])
                } else {
                    (seat(&dealt[k - 1]["dealer"]) + 1) % 4
                };
                assert_eq!(seat(&deal["dealer"]), expected, "seed {seed}, deal {k}");
                assert_eq!(seat(&deal["forehand"]), (seat(&deal["dealer"]) + 1) % 4);
                let cards: usize = (deal["hands"].as_array().unwrap().iter())
                    .map(|h| h.as_array().unwrap().len())
                    .sum();
                assert_eq!(cards, 36);
            }
        }
    }

    /// A Coiffeur trace: a deal event at every deal, a score event after each (the declaring
    /// side's points, 0 for the others) adding up to the final totals.
    #[test]
    fn a_coiffeur_game_traces_deal_by_deal() {
        for seed in 0..3 {
            let t = trace::<Coiffeur>(4, seed).unwrap();
            let (state, actions) = playout::<Coiffeur>(4, seed).unwrap();
            let scores = scores(&t.events);
            assert_eq!(scores.len(), 16);
            assert_eq!(t.events.len(), actions + 32);
            for s in &scores {
                assert_eq!(s.len(), 2);
                assert!(s.iter().filter(|&&p| p != 0).count() <= 1);
            }
            let outcome = state.outcome().unwrap();
            for side in 0..2 {
                let sum: i64 = scores.iter().map(|s| s[side]).sum();
                assert_eq!(sum, i64::from(outcome.totals[side]));
            }
            assert_eq!(t.returns, Returns::of(&state));
        }
    }

    /// A Differenzler trace: a deal event (with the shown card, the dealer's last) at every
    /// deal and a score event after each, whose card points total 157.
    #[test]
    fn a_differenzler_game_traces_deal_by_deal() {
        for players in [3, 4] {
            for seed in 0..5 {
                let t = trace::<Differenzler>(players, seed).unwrap();
                let (state, actions) = playout::<Differenzler>(players, seed).unwrap();
                let deals: Vec<serde_json::Value> =
                    t.events.iter().filter_map(TraceEntry::deal).collect();
                let scores = scores(&t.events);
                assert_eq!(deals.len(), 16);
                assert_eq!(scores.len(), 16);
                assert_eq!(t.events.len(), actions + 32);
                for d in &deals {
                    let hands = d["hands"].as_array().unwrap();
                    assert_eq!(hands.len(), players);
                    let dealer = d["dealer"].as_u64().unwrap() as usize;
                    assert_eq!(
                        &d["shown"],
                        hands[dealer].as_array().unwrap().last().unwrap()
                    );
                    assert_eq!(
                        d["forehand"].as_u64().unwrap() as usize,
                        (dealer + 1) % players
                    );
                }
                for s in &scores {
                    assert_eq!(s.iter().sum::<i64>(), 157);
                }
                assert_eq!(t.returns, Returns::of(&state));
            }
        }
    }
}

//! A whole Schieber game to the target ([`Schieber`], records `schieber`) as `cardrules
//! simulate jass` counts it: what is watched of every deal ([`DealSummary`]).

use cards_core::Game;
use jass::{Action, Schieber, SchieberDeal};

use super::tally::{DealSummary, GameSummary, JassTally};
use crate::simulate::Term;

/// Cards played in a complete deal.
const PLAYS: usize = 36;

impl crate::games::Summary for Schieber {
    type Tally = JassTally;
    type Watch = Vec<DealSummary>;

    const TERMS: &'static [Term] = super::tally::TERMS;

    const SCORE: &'static str = "point difference";

    const TRACED: &'static str = "its first deal";

    /// Before the last card of a deal: the deal as it ends (a deal stopped at the target is
    /// not complete and is not watched).
    fn watch(watch: &mut Vec<DealSummary>, now: &Schieber, action: Action) {
        let deal: &SchieberDeal = now.deal();
        if deal.plays().len() + 1 != PLAYS {
            return;
        }
        let mut ended = *deal;
        if ended.play(action).is_ok()
            && let Some(summary) = DealSummary::of(&ended)
        {
            watch.push(summary);
        }
    }

    fn score(state: &Schieber) -> Option<i64> {
        let [a, b] = state.totals();
        state.is_terminal().then(|| i64::from(a) - i64::from(b))
    }

    fn summarize(state: &Schieber, deals: Vec<DealSummary>) -> GameSummary {
        GameSummary {
            outcome: state.outcome(),
            stopped_mid_deal: !state.deal().is_terminal(),
            deals,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::playout::{TraceEntry, playout, trace};

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
            let scores: Vec<&Vec<i64>> = t
                .events
                .iter()
                .filter_map(|e| match e {
                    TraceEntry::Score { score } => Some(score),
                    _ => None,
                })
                .collect();
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
}

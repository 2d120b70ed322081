//! Letom in the CLI: what `simulate` counts about its two game types: one deal (`letom::Letom`, records `letom`,
//! [`tally`]; the oracle's `letom.playout` and `letom.trace` play it, with no `variant`) and a
//! whole match (`letom::LetomMatch`, records `letom-match`, [`matches`], [`match_tally`]: every
//! deal counted as it ends). A match's first deal is `letom.playout`'s deal for the same seed.

pub mod match_tally;
pub mod matches;
pub mod tally;

use cards_core::Game;
use letom::{Action, Letom, Outcome};

use crate::simulate::Term;
use tally::{DealSummary, LetomTally, Watch};

impl crate::games::Summary for Letom {
    type Tally = LetomTally;
    type Watch = Watch;

    const TERMS: &'static [Term] = tally::TERMS;

    const SCORE: &'static str = "winner's gain";

    fn watch(watch: &mut Watch, _now: &Letom, action: Action) {
        watch.add(action);
    }

    fn score(state: &Letom) -> Option<i64> {
        let winner = state.outcome().and_then(Outcome::winner)?;
        state.settlement().get(winner.index()).copied()
    }

    fn summarize(state: &Letom, watch: Watch) -> DealSummary {
        DealSummary::of(state, watch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::playout::{Returns, TraceEntry, playout, playout_with, trace, trace_under};
    use crate::simulate::Tally as _;
    use crate::simulate::game::simulate_one;
    use cards_core::{DidoCard, PlayerId};
    use letom::{Exhaustion, Rules};

    /// Rebuilds a trace's game from its events alone: the deal event through
    /// [`Letom::from_deal`], then each decision (legal at its moment, listed in its `legal`, by
    /// the seat to act), a stock event replacing the stock, and the score event at the end;
    /// returns the final state.
    pub(super) fn replay(rules: &Rules, events: &[TraceEntry]) -> Letom {
        let Some(deal) = events.first().and_then(TraceEntry::deal) else {
            panic!("no deal first: {events:?}");
        };
        let deal: letom::Deal = serde_json::from_value(deal).unwrap();
        let mut state = Letom::from_deal(rules, &deal).unwrap();
        let mut legal = Vec::new();
        let mut scored = false;
        for event in &events[1..] {
            assert!(!scored, "an event after the score: {event:?}");
            match event {
                TraceEntry::Decision {
                    seat,
                    legal: listed,
                    action,
                } => {
                    assert_eq!(Some(PlayerId(*seat)), state.to_act());
                    state.legal_actions(&mut legal);
                    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
                    assert_eq!(&texts, listed);
                    assert!(listed.contains(action));
                    let before = state.clone();
                    state.play(action.parse().unwrap()).unwrap();
                    if action == "sell" && !rules.reshuffle_sold {
                        // The seller's hand under the stock, in its dealt order.
                        let seller = state.seller().unwrap().index();
                        let mut expected = before.stock();
                        expected.extend(&before.setup().hands[seller]);
                        assert_eq!(state.stock(), expected);
                    }
                }
                TraceEntry::Deal { .. } if event.deal().unwrap().get("hands").is_none() => {
                    assert!(rules.reshuffle_sold);
                    let deal = event.deal().unwrap();
                    let stock: Vec<DidoCard> =
                        serde_json::from_value(deal["stock"].clone()).unwrap();
                    let mut setup = state.setup();
                    setup.stock = stock;
                    state = Letom::from_setup(rules, setup).unwrap();
                }
                TraceEntry::Deal { deal } => panic!("a second deal: {deal:?}"),
                TraceEntry::Score { score } => {
                    assert!(state.is_terminal());
                    let base: Vec<i64> = PlayerId::all(state.num_players())
                        .map(|p| i64::from(state.base_points(p)))
                        .collect();
                    assert_eq!(score, &base);
                    scored = true;
                }
            }
        }
        assert!(scored && state.is_terminal());
        state
    }

    /// Every trace at 2–4 players replays from its events alone to the playout's final state
    /// and returns; deals that end at once have a deal and a score event only.
    #[test]
    fn traces_replay_from_their_events() {
        let mut at_once = 0;
        for players in 2..=4 {
            for seed in 0..150 {
                let t = trace::<Letom>(players, seed).unwrap();
                let (state, actions) = playout::<Letom>(players, seed).unwrap();
                let decisions = t
                    .events
                    .iter()
                    .filter(|e| matches!(e, TraceEntry::Decision { .. }))
                    .count();
                assert_eq!(decisions, actions);
                let end = replay(&Rules::default(), &t.events);
                assert_eq!(end, state, "{players} players, seed {seed}");
                assert_eq!(t.returns, Returns::of(&state));
                if actions == 0 {
                    at_once += 1;
                    assert_eq!(t.events.len(), 2, "{:?}", t.events);
                }
            }
        }
        assert!(at_once > 0, "no deal ended at the deal in 450");
    }

    /// Gwang-selling with and without the reshuffle: the trace shows the reshuffled stock
    /// after the sale, and replays to the same end either way.
    #[test]
    fn sales_replay_with_and_without_the_reshuffle() {
        for reshuffle_sold in [false, true] {
            let rules = Rules {
                gwang_selling: true,
                reshuffle_sold,
                ..Rules::default()
            };
            let mut sales = 0;
            for players in 3..=4 {
                for seed in 0..60 {
                    let (state, trace) = trace_under::<Letom>(&rules, players, seed).unwrap();
                    let events = trace.events;
                    let stocks = events
                        .iter()
                        .filter(|e| e.deal().is_some_and(|deal| deal.get("hands").is_none()))
                        .count();
                    let sold = state.seller().is_some();
                    sales += usize::from(sold);
                    assert_eq!(stocks, usize::from(sold && reshuffle_sold));
                    assert_eq!(replay(&rules, &events), state);
                }
            }
            assert!(sales > 110, "{sales}");
        }
    }

    /// The summary of a deal agrees with the state: the winner's gain is its settlement, the
    /// settlement details' seats are table seats (with a seller too), the tally counts it.
    #[test]
    fn summaries_agree_with_the_deal() {
        for rules in [
            Rules::default(),
            Rules {
                gwang_selling: true,
                stake: 2,
                exhaustion: Exhaustion::HighestScore,
                ..Rules::default()
            },
        ] {
            for players in 2..=4 {
                let mut tally = LetomTally::new(players);
                for seed in 0..100 {
                    let mut watch = Watch::default();
                    let (state, _) = playout_with::<Letom>(&rules, players, seed, |_, a| {
                        watch.add(a);
                    })
                    .unwrap();
                    let played = simulate_one::<Letom>(&rules, players, seed).unwrap();
                    let summary = DealSummary::of(&state, watch);
                    assert_eq!(played.summary, summary);
                    assert_eq!(
                        played.score,
                        state
                            .outcome()
                            .and_then(Outcome::winner)
                            .map(|w| state.settlement()[w.index()])
                    );
                    // The settlement is in table seats: a seller who sat out pays nothing.
                    if let Some(won) = state.settlement_details() {
                        let winner = state.outcome().and_then(Outcome::winner).unwrap();
                        assert_eq!(won.winner, winner.index());
                        if let Some(seller) = state.seller() {
                            assert_eq!(won.pay[seller.index()], 0);
                        }
                        let paid: i64 = won.pay.iter().sum();
                        assert_eq!(paid, won.returns[won.winner]);
                    }
                    tally.add(&summary);
                }
                let report = tally.report(100);
                assert_eq!(report.deals, 100);
                assert_eq!(report.wins.iter().sum::<u64>() + report.nagari, 100);
                let ended: u64 = report.ended.iter().map(|e| e.deals).sum();
                assert_eq!(ended, 100);
                let text = report.to_string();
                for needle in ["Won by", "How the deals ended", "Baks (", "Events"] {
                    assert!(text.contains(needle), "{needle} missing from\n{text}");
                }
                assert_eq!(
                    text.contains("Gwang-selling:"),
                    rules.gwang_selling && players > 2
                );
                assert_eq!(text.contains("Table stake ("), rules.stake > 0);
            }
        }
    }
}

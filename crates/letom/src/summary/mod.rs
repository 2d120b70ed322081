//! What a summary of many Letom games counts ([`cards_core::summary`]), for its two game
//! types: one deal ([`Letom`], [`tally`]) and a whole match ([`crate::LetomMatch`],
//! [`matches`](mod@matches) watching every deal as it ends, [`match_tally`] counting them).
//! A match's first deal is the one-deal game's for the same seed.

pub mod match_tally;
pub mod matches;
pub mod tally;

use cards_core::Game;
use cards_core::summary::{Summary, Term};

use crate::{Action, Letom, Outcome};
use tally::{DealSummary, LetomTally, Watch};

impl Summary for Letom {
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
    use crate::{Exhaustion, Rules};
    use cards_core::summary::Tally as _;
    use cards_core::{Seed, random_playout};

    /// The random game of (`rules`, `players`, `seed`) as a summary plays it, shown to `watch`
    /// action by action: its final state and its actions.
    pub(super) fn watched<G: Game>(
        rules: &G::Rules,
        players: usize,
        seed: u64,
        mut watch: impl FnMut(&G, G::Action),
    ) -> (G, Vec<G::Action>)
    where
        G::SetupError: std::fmt::Debug,
    {
        let (end, record) = random_playout::<G>(rules, players, Seed::from(seed)).unwrap();
        let mut now = G::new(rules, players, Seed::from(seed)).unwrap();
        for &action in &record.actions {
            watch(&now, action);
            assert!(now.play(action).is_ok());
        }
        assert!(now == end);
        (end, record.actions)
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
                    let (state, _) = watched::<Letom>(&rules, players, seed, |_, a| watch.add(a));
                    let played = Letom::random_game(&rules, players, Seed::from(seed)).unwrap();
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

//! [`GameAdapter`]: a whole Schieber game to the target ([`Schieber`], records `schieber`),
//! as `cardrules simulate jass` plays it: the rule options of `--rule`, what is watched of
//! every deal ([`DealSummary`]), and the trace events of a whole game (a deal event at every
//! deal, a score event at the end of every deal).

use cards_core::{Game, Seed};
use jass::{Action, Schieber, SchieberDeal};

use super::tally::{DealSummary, GameSummary, JassTally};
use super::{Deal, NAME, deal};
use crate::games::adapter::{Adapter, Event, Simulation};
use crate::replay::Note;
use crate::simulate::Term;

/// Cards played in a complete deal.
const PLAYS: usize = 36;

/// Whole Schieber games.
#[derive(Debug, Clone, Copy)]
pub struct GameAdapter;

impl Adapter for GameAdapter {
    type Game = Schieber;
    type Deal = Deal;

    const NAME: &'static str = NAME;

    /// The first deal, as [`super::DealAdapter`] derives it (the game's deal 0 is the
    /// one-deal game's deal).
    fn start_events(
        start: &Schieber,
        players: usize,
        seed: Seed,
        out: &mut Vec<Event<Deal>>,
    ) -> Result<(), String> {
        <super::DealAdapter as Adapter>::start_events(start.deal(), players, seed, out)
    }

    /// At the end of a deal its score (each team's multiplied points credited in it, up to
    /// the target), then the next deal when the game goes on.
    fn events_after(
        before: &Schieber,
        _action: Action,
        after: &Schieber,
        out: &mut Vec<Event<Deal>>,
    ) {
        let next = after.deal_number() != before.deal_number();
        if !(next || after.is_terminal() && !before.is_terminal()) {
            return;
        }
        let start = before.scores_before_deal();
        let end = if next {
            after.scores_before_deal()
        } else {
            after.totals()
        };
        out.push(Event::Score {
            score: (0..2)
                .map(|team| i64::from(end[team]) - i64::from(start[team]))
                .collect(),
        });
        if next {
            let deal = after.deal();
            let seeded =
                jass::SeededDeal::later(after.setup().seed, after.deal_number(), deal.dealer());
            out.push(Event::Deal {
                deal: Deal::from(seeded),
            });
        }
    }

    /// `contract` of the last deal, and `deals`: how many were played.
    fn notes(state: &Schieber) -> Vec<Note> {
        let deals = state.deal_number().saturating_add(1);
        vec![
            Note {
                key: "deals",
                value: deals.into(),
                text: Some(format!("deals:      {deals}")),
            },
            deal::contract_note(state.deal()),
        ]
    }
}

impl Simulation for GameAdapter {
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
    use crate::games::generic::{playout, trace};

    /// A whole game's trace: a deal event at every deal (each one the seeded deal of the
    /// game), a score event at the end of every deal; the scores add up to the final totals;
    /// the first deal is the one-deal game's.
    #[test]
    fn a_whole_game_traces_deal_by_deal() {
        for seed in 0..6 {
            let t = trace::<GameAdapter>(4, seed).unwrap();
            let (state, actions) = playout::<Schieber>(4, seed).unwrap();
            let deals = t
                .events
                .iter()
                .filter(|e| matches!(e, Event::Deal { .. }))
                .count();
            let scores: Vec<&Vec<i64>> = t
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Score { score } => Some(score),
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
            let one = trace::<super::super::DealAdapter>(4, seed).unwrap();
            assert_eq!(t.events[0], one.events[0]);
            // The first deal's forehand deals the second, then the deal passes one seat; from
            // the second deal on forehand is the seat after the dealer.
            let dealt: Vec<&Deal> = t
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Deal { deal } => Some(deal),
                    _ => None,
                })
                .collect();
            for (k, deal) in dealt.iter().enumerate().skip(1) {
                let expected = if k == 1 {
                    dealt[0].forehand
                } else {
                    (dealt[k - 1].dealer + 1) % 4
                };
                assert_eq!(deal.dealer, expected, "seed {seed}, deal {k}");
                assert_eq!(deal.forehand, (deal.dealer + 1) % 4);
                assert_eq!(deal.hands.iter().map(Vec::len).sum::<usize>(), 36);
            }
        }
    }
}

//! Letom in the CLI: two game types, one deal ([`LetomAdapter`]) and a match ([`MatchAdapter`]).
//!
//! - One deal (`letom::Letom`, records `letom`; [`LetomAdapter`]): the oracle's
//!   `letom.playout` and `letom.trace` play one deal, as `docs/oracle.md` fixes it (they take no
//!   `variant`), and so does every game of `simulate letom` (the variant `deal`, the default).
//!   The adapter has its own ops `letom.score` and `letom.settle` ([`ops`]); the trace's deal
//!   events (the seeded [`letom::Deal`] at the start, and the stock after a sale when the
//!   reshuffle option is on) and its score event (each seat's base points when the deal ends);
//!   the rule options of `simulate`; what the summary counts ([`tally`]); the replay notes.
//! - A whole match (`letom::LetomMatch`, records `letom-match`; [`matches::MatchAdapter`]):
//!   `simulate letom --variant match` plays `--rule deals=N` deals a game and counts every deal
//!   as it ends with the deal's tally ([`match_tally`]). A match's first deal is
//!   `letom.playout`'s deal for the same seed.
//!
//! `replay` takes records of both types.

pub mod match_tally;
pub mod matches;
pub mod ops;
pub mod tally;

use cards_core::{DidoCard, Game, PlayerId, Seed};
use letom::{Action, Letom, Outcome};
use serde::Serialize;
use serde_json::Value;

use super::adapter::{Adapter, Event, Simulation};
use crate::replay::Note;
use crate::simulate::Term;
use tally::{DealSummary, LetomTally, Watch};

/// One deal of Letom: the oracle's game, and `simulate letom`'s by default.
#[derive(Debug, Clone, Copy)]
pub struct LetomAdapter;

/// A trace's deal event: the deal as dealt (`{"dealer":d,"hands":[[…],…],"floor":[…],
/// "stock":[top first]}`, [`letom::Deal`]'s serde form, the seller's hand included), or the
/// stock after a sale that reshuffled it (`{"stock":[top first]}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Deal {
    /// The cards dealt at the start.
    Dealt(letom::Deal),
    /// The order of the stock changed (gwang-selling with `reshuffle_sold`).
    Stock {
        /// The whole stock, top first.
        stock: Vec<DidoCard>,
    },
}

/// The trace's score event: each seat's base points (a seller's 0: it captured nothing).
fn score_event(state: &Letom) -> Event<Deal> {
    Event::Score {
        score: PlayerId::all(state.num_players())
            .map(|seat| {
                if Some(seat) == state.seller() {
                    0
                } else {
                    i64::from(state.base_points(seat))
                }
            })
            .collect(),
    }
}

/// `state` with the reshuffle seed a seeded deal keeps until its sale forgotten: the seed is
/// not part of the deal's cards ([`Letom::from_deal`] starts without one), so the trace's
/// deal is checked against the rest of the state.
fn without_reshuffle(state: &Letom) -> Result<Letom, String> {
    let mut setup = state.setup();
    if setup.reshuffle.is_none() {
        return Ok(state.clone());
    }
    setup.reshuffle = None;
    Letom::from_setup(state.rules(), setup)
        .map_err(|e| format!("the start without its reshuffle seed is not valid: {e}"))
}

impl Adapter for LetomAdapter {
    type Game = Letom;
    type Deal = Deal;

    /// The seeded deal ([`letom::Deal::seeded`], deal 0), checked against `start`
    /// ([`Letom::from_deal`] must rebuild it); a deal that ends at once (chongtong, four of a
    /// number on the floor) has its score event right after.
    fn start_events(
        start: &Letom,
        players: usize,
        seed: Seed,
        out: &mut Vec<Event<Deal>>,
    ) -> Result<(), String> {
        let deal = letom::Deal::seeded(start.rules(), players, seed, 0, None)
            .map_err(|e| format!("the seeded deal: {e}"))?;
        super::generic::check_derived(
            Letom::from_deal(start.rules(), &deal),
            &without_reshuffle(start)?,
        )?;
        out.push(Event::Deal {
            deal: Deal::Dealt(deal),
        });
        if start.is_terminal() {
            out.push(score_event(start));
        }
        Ok(())
    }

    /// After a sale with the reshuffle option, the reshuffled stock (without it the seller's
    /// hand goes under the stock in its dealt order, which the trace need not say); after the
    /// deal's last decision, the score.
    fn events_after(before: &Letom, action: Action, after: &Letom, out: &mut Vec<Event<Deal>>) {
        let rules = after.rules();
        if action == Action::Sell && rules.sells(after.num_players()) && rules.reshuffle_sold {
            out.push(Event::Deal {
                deal: Deal::Stock {
                    stock: after.stock(),
                },
            });
        }
        if !before.is_terminal() && after.is_terminal() {
            out.push(score_event(after));
        }
    }

    /// `base_points` (each seat's), `ren_calls`, `seller` (and the Guã it showed), and for a
    /// deal won by Tom or the highest score the settlement's steps (`settlement_details`).
    fn notes(state: &Letom) -> Vec<Note> {
        let seats = state.num_players();
        let base: Vec<u32> = PlayerId::all(seats).map(|p| state.base_points(p)).collect();
        let ren: Vec<u8> = PlayerId::all(seats).map(|p| state.ren_calls(p)).collect();
        let mut notes = vec![
            Note {
                key: "base_points",
                value: serde_json::json!(base),
                text: Some(format!("base:       {base:?} points")),
            },
            Note {
                key: "ren_calls",
                value: serde_json::json!(ren),
                text: ren
                    .iter()
                    .any(|&r| r > 0)
                    .then(|| format!("Ren:        {ren:?} calls")),
            },
        ];
        let seller = state.seller();
        notes.push(Note {
            key: "seller",
            value: serde_json::json!(seller.map(PlayerId::index)),
            text: seller.map(|s| {
                let shown = state.shown_guang();
                let price = i64::from(state.rules().gwang_price) * shown.len() as i64;
                let cards = if shown.is_empty() {
                    "no Guã".to_owned()
                } else {
                    shown.to_string()
                };
                format!("sold:       seat {s} sat out, showing {cards}: {price} from each player")
            }),
        });
        let details = tally::Won::of(state);
        notes.push(Note {
            key: "settlement_details",
            value: details
                .as_ref()
                .map_or(Value::Null, |d| serde_json::json!(d)),
            text: details
                .as_ref()
                .map(|d| format!("score:      {}", d.text())),
        });
        notes
    }
}

impl Simulation for LetomAdapter {
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
    use crate::games::generic;
    use crate::games::generic::{playout, playout_with, simulate_one, trace};
    use crate::simulate::Tally as _;
    use letom::{Exhaustion, Rules};

    /// Rebuilds a trace's game from its events alone: the deal event through
    /// [`Letom::from_deal`], then each decision (legal at its moment, listed in its `legal`, by
    /// the seat to act), a stock event replacing the stock, and the score event at the end;
    /// returns the final state.
    pub(super) fn replay(rules: &Rules, events: &[Event<Deal>]) -> Letom {
        let Some(Event::Deal {
            deal: Deal::Dealt(deal),
        }) = events.first()
        else {
            panic!("no deal first: {events:?}");
        };
        let mut state = Letom::from_deal(rules, deal).unwrap();
        let mut legal = Vec::new();
        let mut scored = false;
        for event in &events[1..] {
            assert!(!scored, "an event after the score: {event:?}");
            match event {
                Event::Decision {
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
                Event::Deal {
                    deal: Deal::Stock { stock },
                } => {
                    assert!(rules.reshuffle_sold);
                    let mut setup = state.setup();
                    setup.stock.clone_from(stock);
                    state = Letom::from_setup(rules, setup).unwrap();
                }
                Event::Deal { deal } => panic!("a second deal: {deal:?}"),
                Event::Score { score } => {
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
                let t = trace::<LetomAdapter>(players, seed).unwrap();
                let (state, actions) = playout::<Letom>(players, seed).unwrap();
                let decisions = t
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Decision { .. }))
                    .count();
                assert_eq!(decisions, actions);
                let end = replay(&Rules::default(), &t.events);
                assert_eq!(end, state, "{players} players, seed {seed}");
                assert_eq!(t.returns, generic::Returns::of(&state));
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
                    let (state, trace) =
                        crate::games::generic::trace_under::<LetomAdapter>(&rules, players, seed)
                            .unwrap();
                    let events = trace.events;
                    let stocks = events
                        .iter()
                        .filter(|e| {
                            matches!(
                                e,
                                Event::Deal {
                                    deal: Deal::Stock { .. }
                                }
                            )
                        })
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

    #[test]
    fn a_deal_that_does_not_fit_is_refused() {
        let start = Letom::new(&Rules::default(), 3, Seed::from(1)).unwrap();
        let mut events = Vec::new();
        let e = LetomAdapter::start_events(&start, 3, Seed::from(2), &mut events).unwrap_err();
        assert!(e.contains("deal"), "{e}");
        assert!(events.is_empty());
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
                    let played = simulate_one::<LetomAdapter>(&rules, players, seed).unwrap();
                    let summary = DealSummary::of(&state, watch);
                    assert_eq!(played.summary, summary);
                    assert_eq!(
                        played.score,
                        state
                            .outcome()
                            .and_then(Outcome::winner)
                            .map(|w| state.settlement()[w.index()])
                    );
                    if let Some(won) = tally::Won::of(&state) {
                        let winner = state.outcome().and_then(Outcome::winner).unwrap();
                        assert_eq!(won.winner, winner.index());
                        assert!(
                            won.seats
                                .iter()
                                .all(|s| Some(PlayerId(s.seat)) != state.seller())
                        );
                        let paid: i64 = won.seats.iter().map(|s| s.pays).sum();
                        assert_eq!(paid, won.take);
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

//! [`MatchAdapter`]: whole Letom matches ([`LetomMatch`], records `letom-match`), as
//! `cardrules simulate letom --variant match` plays them: the rule options of `--rule` (the
//! deal's and `deals`), what is watched of every deal as it ends ([`MatchWatch`], counted by
//! the deal's own tally, [`super::tally`]), and the trace events of a whole match (a deal event
//! at every deal, a score event at the end of every deal).
//!
//! A deal that ends at the deal (a chongtong, four of a number on the floor) is played through
//! by the match at once, with the action that ended the deal before it (or when the match
//! starts): no action is ever applied to it, so no state before an action shows it. The match
//! reports such deals as it plays them ([`LetomMatch::play_reporting`],
//! [`LetomMatch::new_reporting`]), and the adapter replays the one action from its copy of the
//! state before it to see them ([`ended_deals`]).

use cards_core::{Game, Seed};
use letom::{Action, Letom, LetomMatch};
use serde_json::Value;

use super::match_tally::{MatchDeals, MatchSummary, MatchTally, TERMS};
use super::tally::Watch;
use super::{Deal, LetomAdapter, score_event};
use crate::games::adapter::{Adapter, Event, Simulation};
use crate::replay::Note;
use crate::simulate::Term;

/// Whole Letom matches.
#[derive(Debug, Clone, Copy)]
pub struct MatchAdapter;

/// The deals that ended with the action in `last` (the match before it, and the action; each
/// with its number and whether actions were applied to it: the deal played on), or, without
/// `last`, those that ended at the deal before the first decision of `now`'s match (from its
/// seed). [`LetomMatch::play_reporting`] and [`LetomMatch::new_reporting`] report them.
fn ended_deals(now: &LetomMatch, last: Option<(&LetomMatch, Action)>) -> Vec<(u32, Letom, bool)> {
    let mut ended = Vec::new();
    match last {
        Some((before, action)) => {
            let played = before.deal_number();
            // The match is played on from a copy; an action it refuses reports nothing.
            let _ = before.clone().play_reporting(action, |number, deal| {
                ended.push((number, deal.clone(), number == played));
            });
        }
        None => {
            let _ = LetomMatch::new_reporting(
                now.rules(),
                now.num_players(),
                now.setup().seed,
                |number, deal| ended.push((number, deal.clone(), false)),
            );
        }
    }
    ended
}

/// The cards of `deal`, deal `number` of a match from `seed` before any action was applied to it
/// ([`letom::Deal::seeded`] with its dealer), checked against it: [`Letom::from_deal`] must
/// rebuild it, but for what the deal carries in from the match (the nagari carry, carried
/// shakes and bombs, the pot) and the reshuffle seed, which are not cards.
///
/// # Errors
/// A message when the cards do not give the deal (a bug).
fn dealt_cards(deal: &Letom, seed: Seed, number: u32) -> Result<letom::Deal, String> {
    let rules = deal.rules();
    let cards = letom::Deal::seeded(rules, deal.num_players(), seed, number, Some(deal.dealer()))
        .map_err(|e| format!("the seeded deal {number}: {e}"))?;
    let rebuilt = Letom::from_deal(rules, &cards)
        .map_err(|e| format!("the derived deal {number} is not a valid start: {e}"))?;
    let actual = deal.setup();
    let mut expected = rebuilt.setup();
    expected.carry = actual.carry;
    expected.carried_shakes.clone_from(&actual.carried_shakes);
    expected.carried_bombs.clone_from(&actual.carried_bombs);
    expected.pot.clone_from(&actual.pot);
    expected.reshuffle = actual.reshuffle;
    if expected == actual {
        Ok(cards)
    } else {
        Err(format!(
            "the derived deal {number} does not give the match's deal"
        ))
    }
}

/// The stakes still in the pot when the match ended, by seat, which went back to whoever staked
/// them (all 0 when the last deal's pot was taken); `None` before the end or without a stake.
#[must_use]
pub fn pot_returned(state: &LetomMatch) -> Option<Vec<i64>> {
    let deal = state.deal();
    if !state.is_terminal() || deal.rules().stake == 0 {
        return None;
    }
    let (_, taken) = deal.stakes();
    let left = taken.iter().all(|&t| t == 0);
    Some(
        deal.pot()
            .iter()
            .map(|&p| if left { i64::from(p) } else { 0 })
            .collect(),
    )
}

/// What `simulate` watches of a match: each deal as it ends, in order.
#[derive(Debug, Clone, Default)]
pub struct MatchWatch {
    /// What the finished deals showed.
    deals: MatchDeals,
    /// The actions of the deal in progress.
    actions: Watch,
    /// The match before the latest action, and that action.
    last: Option<(LetomMatch, Action)>,
    /// Every finished deal, in order (tests only).
    #[cfg(test)]
    ended: Vec<Letom>,
}

impl MatchWatch {
    /// Counts the deals that finished before `now` (the match before its next action, or over)
    /// and are not counted yet.
    fn catch_up(&mut self, now: &LetomMatch) {
        if self.deals.counted() >= now.deals_played() {
            return;
        }
        let last = self.last.as_ref().map(|(before, action)| (before, *action));
        for (number, deal, played) in ended_deals(now, last) {
            if number < self.deals.counted() {
                continue;
            }
            let actions = if played {
                std::mem::take(&mut self.actions)
            } else {
                Watch::default()
            };
            self.deals.add(&deal, actions);
            #[cfg(test)]
            self.ended.push(deal);
        }
        debug_assert_eq!(self.deals.counted(), now.deals_played(), "every deal seen");
    }
}

impl Adapter for MatchAdapter {
    type Game = LetomMatch;
    type Deal = Deal;

    const NAME: &'static str = <LetomAdapter as Adapter>::NAME;

    /// Each deal that ended at the deal before the first decision (its cards and its score),
    /// then the deal of the first decision (the match's deal 0 is the one-deal game's deal).
    fn start_events(
        start: &LetomMatch,
        _players: usize,
        seed: Seed,
        out: &mut Vec<Event<Deal>>,
    ) -> Result<(), String> {
        for (number, deal, _) in ended_deals(start, None) {
            out.push(Event::Deal {
                deal: Deal::Dealt(dealt_cards(&deal, seed, number)?),
            });
            out.push(score_event(&deal));
        }
        if !start.is_terminal() {
            out.push(Event::Deal {
                deal: Deal::Dealt(dealt_cards(start.deal(), seed, start.deal_number())?),
            });
        }
        Ok(())
    }

    /// The deal's own events ([`LetomAdapter::events_after`]: the stock after a reshuffled sale,
    /// the score when it ends); after a deal's end, each deal that ended at the deal (its cards
    /// and score), then the next deal's cards when the match goes on.
    fn events_after(
        before: &LetomMatch,
        action: Action,
        after: &LetomMatch,
        out: &mut Vec<Event<Deal>>,
    ) {
        let mut deal = before.deal().clone();
        if deal.play(action).is_err() {
            return;
        }
        LetomAdapter::events_after(before.deal(), action, &deal, out);
        if !deal.is_terminal() {
            return;
        }
        let seed = after.setup().seed;
        for (number, ended, played) in ended_deals(after, Some((before, action))) {
            // A trace is checked by its tests: a deal whose cards cannot be derived leaves its
            // events out, which they see.
            if !played && let Ok(cards) = dealt_cards(&ended, seed, number) {
                out.push(Event::Deal {
                    deal: Deal::Dealt(cards),
                });
                out.push(score_event(&ended));
            }
        }
        if !after.is_terminal()
            && let Ok(cards) = dealt_cards(after.deal(), seed, after.deal_number())
        {
            out.push(Event::Deal {
                deal: Deal::Dealt(cards),
            });
        }
    }

    /// `deals` (played), `deal_wins`, `nagaris`, `totals` (so far, for a record that stops
    /// before the end), `last_deal` (how the current or last deal ended) and `pot_returned`
    /// (the stakes left in the pot at the end, with a stake).
    fn notes(state: &LetomMatch) -> Vec<Note> {
        let setup = state.setup();
        let played = state.deals_played();
        let over = state.is_terminal();
        let totals = state.totals().to_vec();
        let last = state.deal().outcome();
        let returned = pot_returned(state);
        vec![
            Note {
                key: "deals",
                value: played.into(),
                text: Some(format!(
                    "deals:      {played} of {} played; deal wins {:?}, {} nagari",
                    state.rules().deals,
                    setup.wins,
                    setup.nagaris
                )),
            },
            Note {
                key: "deal_wins",
                value: serde_json::json!(setup.wins),
                text: None,
            },
            Note {
                key: "nagaris",
                value: setup.nagaris.into(),
                text: None,
            },
            Note {
                key: "totals",
                value: serde_json::json!(totals),
                text: (!over).then(|| format!("totals:     {totals:?} so far")),
            },
            Note {
                key: "last_deal",
                value: last.map_or(Value::Null, |o| serde_json::json!(o)),
                text: last.map(|o| format!("last deal:  {o}")),
            },
            Note {
                key: "pot_returned",
                value: returned.as_ref().map_or(Value::Null, |r| serde_json::json!(r)),
                text: returned.as_ref().filter(|r| r.iter().any(|&v| v != 0)).map(|r| {
                    format!("returned:   {r:?}: stakes left in the pot at the end, back to their seats")
                }),
            },
        ]
    }
}

impl Simulation for MatchAdapter {
    type Tally = MatchTally;
    type Watch = MatchWatch;

    const TERMS: &'static [Term] = TERMS;

    const SCORE: &'static str = "top total";

    const TRACED: &'static str = "its first deal";

    /// Counts the deals that ended since the last action, then remembers this one.
    fn watch(watch: &mut MatchWatch, now: &LetomMatch, action: Action) {
        watch.catch_up(now);
        watch.actions.add(action);
        match &mut watch.last {
            Some((state, last)) => {
                state.clone_from(now);
                *last = action;
            }
            None => watch.last = Some((now.clone(), action)),
        }
    }

    fn score(state: &LetomMatch) -> Option<i64> {
        state
            .outcome()
            .and_then(|outcome| outcome.totals.iter().max().copied())
    }

    fn summarize(state: &LetomMatch, mut watch: MatchWatch) -> MatchSummary {
        watch.catch_up(state);
        MatchSummary {
            outcome: state.outcome(),
            deals: watch.deals,
            returned: pot_returned(state).map(|r| r.iter().sum()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tally::LetomTally;
    use super::*;
    use crate::games::generic::{playout, playout_with, simulate_one, trace};
    use crate::simulate::Tally as _;
    use letom::{BombMultiplier, Exhaustion, NagariCause, Outcome, Rules};

    /// The rules the tests play matches under: the defaults with more deals, a stake with
    /// gwang-selling and the reshuffle, a low carry cap with the highest score ending deals,
    /// and single-deal matches.
    fn rule_sets() -> [Rules; 4] {
        [
            Rules {
                deals: 12,
                ..Rules::default()
            },
            Rules {
                deals: 7,
                stake: 2,
                gwang_selling: true,
                reshuffle_sold: true,
                ..Rules::default()
            },
            Rules {
                deals: 25,
                carry_cap: 2,
                exhaustion: Exhaustion::HighestScore,
                bomb: BombMultiplier::Double,
                stake: 1,
                ..Rules::default()
            },
            Rules {
                deals: 1,
                ..Rules::default()
            },
        ]
    }

    /// The seeds 0.., then the first seeds from 1000 whose first deal under `rules` ends at the
    /// deal (a chongtong, four of a number on the floor), so that some match starts so.
    fn seeds(rules: &Rules, players: usize, count: u64) -> Vec<u64> {
        let at_once = (1000..)
            .filter(|&seed| {
                Letom::new(rules, players, Seed::from(seed))
                    .unwrap()
                    .is_terminal()
            })
            .take(2);
        (0..count).chain(at_once).collect()
    }

    /// The trace of the random match (`rules`, `players`, `seed`), as `generic::trace` makes it
    /// under default rules: the final state and the events.
    fn traced(rules: &Rules, players: usize, seed: u64) -> (LetomMatch, Vec<Event<Deal>>) {
        let (state, trace) =
            crate::games::generic::trace_under::<MatchAdapter>(rules, players, seed).unwrap();
        (state, trace.events)
    }

    /// A trace cut into its deals: each from a deal event with its cards to its score event.
    fn deals_of(events: &[Event<Deal>]) -> Vec<&[Event<Deal>]> {
        let starts: Vec<usize> = events
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                matches!(
                    e,
                    Event::Deal {
                        deal: Deal::Dealt(_)
                    }
                )
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(starts.first(), Some(&0), "{events:?}");
        starts
            .iter()
            .zip(starts.iter().skip(1).chain([&events.len()]))
            .map(|(&a, &b)| &events[a..b])
            .collect()
    }

    /// A whole match traces deal by deal: one deal event with the seeded cards and one score
    /// event per deal, each deal replaying from its own events alone (the one-deal trace's
    /// check) to the outcome the match booked; under default rules the first deal's events are
    /// the one-deal trace of the same seed; deals that end at the deal have their two events.
    #[test]
    fn a_whole_match_traces_deal_by_deal() {
        for players in 2..=4 {
            for seed in 0..8 {
                let t = trace::<MatchAdapter>(players, seed).unwrap();
                let (state, actions) = playout::<LetomMatch>(players, seed).unwrap();
                let decisions = t
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Decision { .. }))
                    .count();
                assert_eq!(decisions, actions);
                assert_eq!(t.returns, crate::games::generic::Returns::of(&state));
                let one = trace::<LetomAdapter>(players, seed).unwrap();
                assert_eq!(t.events[..one.events.len()], one.events[..], "seed {seed}");
            }
        }
        let mut at_once = [0; 2];
        for rules in rule_sets() {
            for players in 2..=4 {
                for seed in seeds(&rules, players, 25) {
                    let (state, events) = traced(&rules, players, seed);
                    let outcome = state.outcome().unwrap();
                    let deals = deals_of(&events);
                    assert_eq!(deals.len() as u32, rules.deals, "seed {seed}");
                    let mut wins = vec![0u32; players];
                    let mut nagaris = 0;
                    for (k, deal) in deals.iter().enumerate() {
                        let end = super::super::tests::replay(&rules, deal);
                        match end.outcome().and_then(Outcome::winner) {
                            Some(w) => wins[w.index()] += 1,
                            None => nagaris += 1,
                        }
                        if deal.len() == 2 {
                            at_once[usize::from(k > 0)] += 1;
                        }
                    }
                    assert_eq!(wins, outcome.wins, "{rules:?} {players} {seed}");
                    assert_eq!(nagaris, outcome.nagaris);
                }
            }
        }
        // Deals that end at the deal, at a match's start and after an action.
        assert!(at_once.iter().all(|&n| n > 0), "{at_once:?}");
    }

    /// The watch sees every deal of a match as it ends, in order, whatever the rules: the deals
    /// add up to the totals (with the stakes left in the pot given back), follow the dealer
    /// succession and the nagari carry, and book the wins and nagaris of the outcome; the
    /// summary is the engine's, and the deals' tally counts every deal and turn.
    #[test]
    fn the_watch_sees_every_deal_as_it_ends() {
        let mut at_once = [0; 2];
        let mut returned = 0;
        let mut carried_wins = 0;
        for rules in rule_sets() {
            for players in 2..=4 {
                for seed in seeds(&rules, players, 40) {
                    let mut watch = MatchWatch::default();
                    let mut turns = 0u64;
                    let mut toms = 0usize;
                    let (state, actions) =
                        playout_with::<LetomMatch>(&rules, players, seed, |now, action| {
                            MatchAdapter::watch(&mut watch, now, action);
                            turns += u64::from(matches!(
                                action,
                                Action::Play(_)
                                    | Action::PlayOnto(..)
                                    | Action::Bomb(_)
                                    | Action::Flip
                            ));
                            toms += usize::from(action == Action::Tom);
                        })
                        .unwrap();
                    assert!(state.is_terminal());
                    watch.catch_up(&state);
                    let ended = watch.ended.clone();
                    let outcome = state.outcome().unwrap();
                    assert_eq!(ended.len() as u32, rules.deals);
                    assert_eq!(ended.last(), Some(state.deal()));
                    let back = pot_returned(&state);
                    assert_eq!(back.is_some(), rules.stake > 0);
                    let back = back.unwrap_or_else(|| vec![0; players]);
                    returned += usize::from(back.iter().any(|&b| b != 0));
                    let mut totals = back;
                    let mut wins = vec![0u32; players];
                    let mut nagaris = 0;
                    for (k, deal) in ended.iter().enumerate() {
                        assert!(deal.is_terminal());
                        let (paid, taken) = deal.stakes();
                        for (s, total) in totals.iter_mut().enumerate() {
                            *total += deal.settlement()[s] + taken[s] - paid[s];
                        }
                        let winner = deal.outcome().and_then(Outcome::winner);
                        match winner {
                            Some(w) => wins[w.index()] += 1,
                            None => nagaris += 1,
                        }
                        if matches!(
                            deal.outcome(),
                            Some(
                                Outcome::Chongtong { .. }
                                    | Outcome::Nagari {
                                        cause: NagariCause::FloorFour
                                            | NagariCause::DoubleChongtong
                                    }
                            )
                        ) {
                            at_once[usize::from(k > 0)] += 1;
                        }
                        if let Some(next) = ended.get(k + 1) {
                            assert_eq!(next.dealer(), winner.unwrap_or(deal.dealer()));
                            let carry = if winner.is_some() {
                                1
                            } else {
                                (deal.carry() * 2).min(rules.carry_cap)
                            };
                            assert_eq!(next.carry(), carry, "seed {seed}, deal {k}");
                        }
                    }
                    assert_eq!(totals, outcome.totals, "{rules:?} {players} {seed}");
                    assert_eq!(wins, outcome.wins);
                    assert_eq!(nagaris, outcome.nagaris);
                    // The match's figures from the deals, as the watch saw them.
                    let (mut streak, mut longest, mut after_nagari) = (0, 0, 0);
                    let mut carried = [0u32; 3];
                    let mut carry_deals = [0u32; Rules::MAX_CARRY as usize + 1];
                    for deal in &ended {
                        if deal.carry() > 1 {
                            carry_deals[deal.carry() as usize] += 1;
                        }
                        let Some(w) = deal.outcome().and_then(Outcome::winner) else {
                            streak += 1;
                            longest = longest.max(streak);
                            continue;
                        };
                        if streak > 0 {
                            after_nagari += 1;
                            let (shakes, bombs) = deal.multipliers(w);
                            let shakes = shakes - deal.shaken(w).len() as u32 / 3;
                            let bombs = bombs - u32::from(deal.setup().bombs[w.index()]);
                            carried[0] += u32::from(shakes + bombs > 0);
                            carried[1] += shakes;
                            carried[2] += bombs;
                        }
                        streak = 0;
                    }
                    carried_wins += carried[0];
                    let summary = MatchAdapter::summarize(&state, watch);
                    let d = &summary.deals;
                    assert_eq!(d.counted(), rules.deals);
                    assert_eq!(d.longest, longest);
                    assert_eq!(d.carry_deals, carry_deals);
                    assert_eq!(d.after_nagari_wins, after_nagari);
                    assert_eq!([d.carried_wins, d.carried_shakes, d.carried_bombs], carried);
                    assert_eq!(summary.returned.is_some(), rules.stake > 0);
                    let played = simulate_one::<MatchAdapter>(&rules, players, seed).unwrap();
                    assert_eq!(played.summary, summary);
                    assert_eq!(played.actions, actions);
                    assert_eq!(played.score, outcome.totals.iter().max().copied());
                    let mut tally = MatchTally::new(players);
                    tally.add(&summary);
                    let report = tally.report(1);
                    assert_eq!(report.deals.deals, u64::from(rules.deals));
                    let deal_wins: Vec<u64> = wins.iter().map(|&w| u64::from(w)).collect();
                    assert_eq!(report.deals.wins, deal_wins);
                    assert_eq!(report.deals.nagari, u64::from(nagaris));
                    let counted = report.deals.turns.mean * report.deals.deals as f64;
                    assert!((counted - turns as f64).abs() < 1e-6, "{counted} {turns}");
                    let called: u64 = report.deals.ended[0].deals;
                    assert_eq!(called, toms as u64);
                }
            }
        }
        assert!(at_once.iter().all(|&n| n > 0), "{at_once:?}");
        assert!(returned > 0);
        assert!(carried_wins > 0);
    }

    /// Merging per-match tallies of deals counts exactly what adding every deal does.
    #[test]
    fn merged_deal_tallies_are_the_sum() {
        let rules = Rules {
            stake: 2,
            gwang_selling: true,
            ..Rules::default()
        };
        let mut all = LetomTally::new(3);
        let mut parts = [LetomTally::new(3), LetomTally::new(3), LetomTally::new(3)];
        for seed in 0..90 {
            let played = simulate_one::<LetomAdapter>(&rules, 3, seed).unwrap();
            all.add(&played.summary);
            parts[(seed % 3) as usize].add(&played.summary);
        }
        let mut merged = LetomTally::new(3);
        for part in &parts {
            merged.merge(part);
        }
        assert_eq!(merged, all);
    }

    /// The match tally over a run: wins and ties cover the matches, the totals are zero-sum,
    /// every deal is counted, the carries and streaks fit, and the text shows each part.
    #[test]
    fn the_tally_reports_matches_and_their_deals() {
        let rules = Rules {
            deals: 8,
            stake: 2,
            ..Rules::default()
        };
        let mut tally = MatchTally::new(3);
        for seed in 0..120 {
            tally.add(
                &simulate_one::<MatchAdapter>(&rules, 3, seed)
                    .unwrap()
                    .summary,
            );
        }
        let report = tally.report(120);
        assert_eq!(report.wins.iter().sum::<u64>() + report.ties, 120);
        assert!(report.shared_top.iter().sum::<u64>() >= 2 * report.ties);
        let mean: f64 = report.totals.iter().map(|t| t.mean).sum();
        assert!(mean.abs() < 1e-9, "{mean}");
        assert_eq!(report.deals.deals, 960);
        assert_eq!(report.deals_per_match.min, 8);
        assert_eq!(report.deals_per_match.max, 8);
        let streaks: u64 = report
            .nagari_streaks
            .histogram
            .iter()
            .map(|b| b.count)
            .sum();
        assert_eq!(streaks, 120);
        let carries: Vec<u32> = report.carry.iter().map(|c| c.carry).collect();
        assert_eq!(carries, [2, 4, 8]);
        assert!(report.carry[0].matches >= report.carry[1].matches);
        let won: u64 = report.carry.iter().map(|c| c.won).sum();
        assert_eq!(won, report.carried.wins_after_nagari);
        assert!(report.pot_returned.is_some());
        assert_eq!(tally.unit(), Some(("deals", 960)));
        let text = report.to_string();
        for needle in [
            "Matches won (the highest total)",
            "\n  a tie at the top  ",
            "\n  top total  ",
            "\nNagari streaks: the longest was ",
            "\n  4 or more  ",
            "\n  x8  ",
            "\nCarried shakes and bombs: ",
            "\nStakes left in the pot at the end, given back: ",
            "\nDeals: 960 in 120 matches, each counted as it ended\n",
            "\nWon by place in the turn order",
            "\nTable stake (960 deals): the pot",
            "\n  turns  ",
        ] {
            assert!(text.contains(needle), "{needle:?} missing from\n{text}");
        }
    }

    /// A match record replays with its notes: deals, deal wins, nagaris, the last deal, the
    /// stakes given back; a record cut short says how far the match got.
    #[test]
    fn replays_note_the_match() {
        let rules = Rules {
            deals: 4,
            stake: 2,
            ..Rules::default()
        };
        let (state, record) =
            cards_core::random_playout::<LetomMatch>(&rules, 3, Seed::from(3)).unwrap();
        let json = serde_json::to_vec(&record).unwrap();
        let report = crate::games::generic::replay::<MatchAdapter>(&json).unwrap();
        assert_eq!(report.game, "letom-match");
        assert_eq!(report.returns, state.settlement().to_vec());
        let keys: Vec<&str> = report.notes.iter().map(|n| n.key).collect();
        assert_eq!(
            keys,
            [
                "deals",
                "deal_wins",
                "nagaris",
                "totals",
                "last_deal",
                "pot_returned"
            ]
        );
        assert_eq!(report.notes[0].value, 4);
        let text = report.to_string();
        assert!(
            text.contains("\ndeals:      4 of 4 played; deal wins ["),
            "{text}"
        );
        assert!(text.contains("\nlast deal:  "), "{text}");
        assert!(!text.contains("so far"), "{text}");
        let mut cut = record.clone();
        cut.actions.truncate(cut.actions.len() / 2);
        let json = serde_json::to_vec(&cut).unwrap();
        let report = crate::games::generic::replay::<MatchAdapter>(&json).unwrap();
        assert_eq!(report.outcome, None);
        assert_eq!(report.notes[5].value, Value::Null);
        assert!(report.to_string().contains(" so far\n"), "{}", report);
    }
}

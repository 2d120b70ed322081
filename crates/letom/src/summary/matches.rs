//! Whole Letom matches ([`LetomMatch`], records `letom-match`) as a summary counts them: every deal as it ends ([`MatchWatch`]), counted by the deal's
//! own tally ([`super::tally`]).
//!
//! A deal that ends at the deal (a chongtong, four of a number on the floor) is played through
//! by the match at once, with the action that ended the deal before it (or when the match
//! starts): no action is ever applied to it, so no state before an action shows it. The watch
//! rebuilds such deals from the match's events: the cards dealt and what the deal carried in.

use crate::{Action, Dealing, Event, Letom, LetomMatch, Rules};
use cards_core::Game;

use super::match_tally::{MatchDeals, MatchSummary, MatchTally, TERMS};
use super::tally::Watch;
use cards_core::summary::{Summary, Term};

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
    /// Whether the deals that ended before the first action are counted.
    started: bool,
    /// The match before the latest action, and that action: replayed when it ended a deal.
    last: Option<(LetomMatch, Action)>,
    /// Every finished deal, in order (tests only).
    #[cfg(test)]
    ended: Vec<Letom>,
}

impl MatchWatch {
    /// Counts a finished deal.
    fn add(&mut self, deal: &Letom, actions: Watch) {
        self.deals.add(deal, actions);
        #[cfg(test)]
        self.ended.push(deal.clone());
    }

    /// Counts the deals among `events` that ended at the deal: each from its cards (the deal
    /// event) and what it carried in, rebuilt as the match dealt it.
    fn add_at_once(&mut self, rules: &Rules, events: &[Event]) {
        let mut dealt = None;
        let mut carried = None;
        for event in events {
            match event {
                Event::DealBegins { .. } => (dealt, carried) = (None, None),
                Event::Dealt(Dealing::Table {
                    dealer,
                    hands,
                    floor,
                    stock,
                }) => {
                    let hands: Option<Vec<Vec<_>>> =
                        hands.iter().map(|h| h.shown().map(<[_]>::to_vec)).collect();
                    dealt = hands.zip(stock.shown()).map(|(hands, stock)| crate::Deal {
                        dealer: *dealer,
                        hands,
                        floor: floor.clone(),
                        stock: stock.to_vec(),
                    });
                }
                Event::Carried { .. } => carried = Some(event),
                Event::DealEnded(_) => {
                    if let Some(deal) = dealt.take().and_then(|d| rebuilt(rules, &d, carried)) {
                        self.add(&deal, Watch::default());
                    }
                }
                _ => {}
            }
        }
    }

    /// Counts the deals that ended before the match's first action (`start`).
    fn start(&mut self, start: &LetomMatch) {
        // Deals ended before the first action only when the match has played some.
        if std::mem::replace(&mut self.started, true) || start.deals_played() == 0 {
            return;
        }
        let mut events = Vec::new();
        start.start_events(&mut events);
        self.add_at_once(start.rules(), &events);
    }

    /// When the latest action ended a deal (the match `now` has played more deals than before
    /// it), counts that deal (the action played again on the deal before it) and those that
    /// ended at the deal after it (the match played again from before the action, its events
    /// kept: only then, a rare case, does `simulate` pay for events).
    fn catch_up(&mut self, now: &LetomMatch) {
        if self
            .last
            .as_ref()
            .is_none_or(|(before, _)| before.deals_played() == now.deals_played())
        {
            return;
        }
        let Some((mut before, action)) = self.last.take() else {
            return;
        };
        let mut deal = before.deal().clone();
        if deal.play(action).is_err() {
            return;
        }
        let actions = std::mem::take(&mut self.actions);
        self.add(&deal, actions);
        // Only when more than that one deal ended is the match played again to see the others.
        if now.deals_played() <= before.deals_played() + 1 {
            return;
        }
        let mut events = Vec::new();
        if before.play_reporting(action, &mut events).is_err() {
            return;
        }
        // The deals after the one just counted.
        let next = (events.iter())
            .position(|e| matches!(e, Event::DealBegins { .. }))
            .unwrap_or(events.len());
        self.add_at_once(now.rules(), &events[next..]);
    }
}

/// A deal that ended at the deal, as the match dealt it: its cards (with its own stakes), and
/// the carry, carried shakes and bombs and the pot it carried in (`carried`).
fn rebuilt(rules: &Rules, deal: &crate::Deal, carried: Option<&Event>) -> Option<Letom> {
    let mut setup = Letom::from_deal(rules, deal).ok()?.setup();
    if let Some(Event::Carried {
        carry,
        shakes,
        bombs,
        pot,
    }) = carried
    {
        setup.carry = *carry;
        setup.carried_shakes.clone_from(shakes);
        setup.carried_bombs.clone_from(bombs);
        // The deal's own stakes are in its pot already; the pot carried in adds to them.
        for (mine, carried) in setup.pot.iter_mut().zip(pot) {
            *mine += carried;
        }
    }
    Letom::from_setup(rules, setup).ok()
}

impl Summary for LetomMatch {
    type Tally = MatchTally;
    type Watch = MatchWatch;

    const TERMS: &'static [Term] = TERMS;

    const SCORE: &'static str = "top total";

    const TRACED: &'static str = "its first deal";

    /// Counts the deals the previous action ended, then remembers this one.
    fn watch(watch: &mut MatchWatch, now: &LetomMatch, action: Action) {
        watch.start(now);
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
        watch.start(state);
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
    use super::super::tests::watched;
    use super::*;
    use crate::{BombMultiplier, Exhaustion, NagariCause, Outcome, Rules};
    use cards_core::Seed;
    use cards_core::summary::Tally as _;

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
                    let (state, actions) = watched(&rules, players, seed, |now, action| {
                        <LetomMatch as Summary>::watch(&mut watch, now, action);
                    });
                    let turns = actions
                        .iter()
                        .filter(|a| {
                            matches!(
                                a,
                                Action::Play(_)
                                    | Action::PlayOnto(..)
                                    | Action::Bomb(_)
                                    | Action::Flip
                            )
                        })
                        .count() as u64;
                    let toms = actions.iter().filter(|&&a| a == Action::Tom).count();
                    let actions = actions.len();
                    assert!(state.is_terminal());
                    watch.start(&state);
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
                    let summary = <LetomMatch as Summary>::summarize(&state, watch);
                    let d = &summary.deals;
                    assert_eq!(d.counted(), rules.deals);
                    assert_eq!(d.longest, longest);
                    assert_eq!(d.carry_deals, carry_deals);
                    assert_eq!(d.after_nagari_wins, after_nagari);
                    assert_eq!([d.carried_wins, d.carried_shakes, d.carried_bombs], carried);
                    assert_eq!(summary.returned.is_some(), rules.stake > 0);
                    let played =
                        LetomMatch::random_game(&rules, players, Seed::from(seed)).unwrap();
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
            let played = Letom::random_game(&rules, 3, Seed::from(seed)).unwrap();
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
                &LetomMatch::random_game(&rules, 3, Seed::from(seed))
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
}

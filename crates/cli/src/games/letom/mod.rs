//! Letom in the CLI: its own oracle ops `letom.score` and `letom.settle` ([`ops`]). The
//! oracle's `letom.playout` and `letom.trace` play one deal (no `variant`) or a whole match
//! (`"variant": "match"`); what a summary counts about either is the crate's own
//! ([`letom::summary`]). A match's first deal is `letom.playout`'s deal for the same seed.

pub mod ops;

#[cfg(test)]
mod tests {
    use crate::oracle::playout::{Returns, TraceEntry, playout, trace, trace_under};
    use cards_core::{DidoCard, Game, PlayerId};
    use letom::{BombMultiplier, Exhaustion, Letom, LetomMatch, Outcome, Rules};

    /// The decision entries of a trace: one per action played.
    fn decisions(events: &[TraceEntry]) -> usize {
        events
            .iter()
            .filter(|e| matches!(e, TraceEntry::Decision { .. }))
            .count()
    }

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
                assert_eq!(decisions(&t.events), actions);
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
                Letom::new(rules, players, cards_core::Seed::from(seed))
                    .unwrap()
                    .is_terminal()
            })
            .take(2);
        (0..count).chain(at_once).collect()
    }

    /// The trace of the random match (`rules`, `players`, `seed`), as `generic::trace` makes it
    /// under default rules: the final state and the events.
    fn traced(rules: &Rules, players: usize, seed: u64) -> (LetomMatch, Vec<TraceEntry>) {
        let (state, trace) = trace_under::<LetomMatch>(rules, players, seed).unwrap();
        (state, trace.events)
    }

    /// A trace cut into its deals: each from a deal event with its cards to its score event.
    fn deals_of(events: &[TraceEntry]) -> Vec<&[TraceEntry]> {
        let starts: Vec<usize> = events
            .iter()
            .enumerate()
            .filter(|(_, e)| e.deal().is_some_and(|deal| deal.get("hands").is_some()))
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
                let t = trace::<LetomMatch>(players, seed).unwrap();
                let (state, actions) = playout::<LetomMatch>(players, seed).unwrap();
                assert_eq!(decisions(&t.events), actions);
                assert_eq!(t.returns, Returns::of(&state));
                let one = trace::<Letom>(players, seed).unwrap();
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
                        let end = replay(&rules, deal);
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

    /// A match record replays with its transcript: every deal begins and ends in it, the
    /// match's end last; a record cut short says how far the match got.
    #[test]
    fn replays_tell_the_match() {
        let rules = Rules {
            deals: 4,
            stake: 2,
            ..Rules::default()
        };
        let (state, record) =
            cards_core::random_playout::<LetomMatch>(&rules, 3, cards_core::Seed::from(3)).unwrap();
        let json = serde_json::to_vec(&record).unwrap();
        let told = |json: &[u8], as_json: bool| {
            let mut out = Vec::new();
            crate::replay::replay_to::<LetomMatch>(json, None, None, as_json, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        let report: serde_json::Value = serde_json::from_str(&told(&json, true)).unwrap();
        assert_eq!(report["game"], "letom-match");
        assert_eq!(
            report["returns"],
            serde_json::json!(state.settlement().to_vec())
        );
        let transcript = report["transcript"].as_array().unwrap();
        assert_eq!(transcript.len(), record.actions.len() + 1);
        let told_events: Vec<&str> = transcript
            .iter()
            .flat_map(|s| s["events"].as_array().unwrap())
            .map(|e| e.as_str().unwrap())
            .collect();
        for k in 1..=4 {
            let begins = format!("deal {k} begins");
            assert_eq!(
                told_events.iter().filter(|e| **e == begins).count(),
                1,
                "{begins}"
            );
        }
        assert!(
            told_events
                .last()
                .unwrap()
                .starts_with("match over: totals"),
            "{told_events:?}"
        );
        let text = told(&json, false);
        assert!(text.contains("        match over: totals"), "{text}");
        let mut cut = record.clone();
        cut.actions.truncate(cut.actions.len() / 2);
        let json = serde_json::to_vec(&cut).unwrap();
        let report: serde_json::Value = serde_json::from_str(&told(&json, true)).unwrap();
        assert_eq!(report["outcome"], serde_json::Value::Null);
        let report = told(&json, false);
        assert!(
            report.to_string().contains("ends before the game does"),
            "{report}"
        );
    }
}

//! The events of every Jass game type, held to the frame's contract by
//! `cards_testkit::events::check` (views rebuilt from each seat's redacted events, no hidden
//! card in an event or a view), and a few worked situations pinned exactly.

use std::cell::RefCell;

use cards_core::{CardSet, Events, Game, GameEvent as _, JassCard, PlayerId, Seed};
use cards_testkit::events::{Report, check};
use jass::{
    Action, Coiffeur, CoiffeurRules, Differenzler, DifferenzlerRules, Event, Rules, Schieber,
    SchieberDeal, Variants,
};

/// The cards a seat may not know: the other seats' hands now, less what the rules show (the
/// scoring team's Weis after the first trick; Differenzler's shown card).
fn others(
    hands: impl Fn(PlayerId) -> CardSet<JassCard>,
    seats: usize,
    me: PlayerId,
) -> CardSet<JassCard> {
    PlayerId::all(seats)
        .filter(|&s| s != me)
        .fold(CardSet::EMPTY, |all, s| all | hands(s))
}

/// The Weis cards shown to all after the first trick.
fn shown_weis(view: &jass::SchieberDealView) -> CardSet<JassCard> {
    view.weis
        .iter()
        .flat_map(|w| &w.shown)
        .flat_map(|sw| &sw.weis)
        .flat_map(|m| m.cards())
        .collect()
}

fn deal_secret(deal: &SchieberDeal, me: PlayerId) -> CardSet<JassCard> {
    others(|s| deal.hand(s), 4, me) & !shown_weis(&deal.view(me))
}

fn schieber_secret(game: &Schieber, me: PlayerId) -> CardSet<JassCard> {
    deal_secret(game.deal(), me)
}

fn coiffeur_secret(game: &Coiffeur, me: PlayerId) -> CardSet<JassCard> {
    others(|s| game.hand(s), 4, me)
}

fn differenzler_secret(game: &Differenzler, me: PlayerId) -> CardSet<JassCard> {
    let mut hidden = others(|s| game.hand(s), game.num_players(), me);
    hidden.remove(game.shown());
    hidden
}

/// `secret`, less the last card of the previous deal right after the action that played it
/// and dealt the next deal: that card was public when played, but the check judges an
/// action's events against the state after it, where the card may lie in a new hand.
fn across_deals<G: Game<Card = JassCard>>(
    secret: impl Fn(&G, PlayerId) -> CardSet<JassCard>,
    deal: impl Fn(&G) -> u32,
) -> impl Fn(&G, PlayerId) -> CardSet<JassCard> {
    let seen: RefCell<Option<(G, CardSet<JassCard>)>> = RefCell::new(None);
    move |state: &G, seat: PlayerId| {
        let mut seen = seen.borrow_mut();
        let excused = match &*seen {
            Some((last, excused)) if last == state => *excused,
            Some((last, _)) if deal(last) != deal(state) => {
                // The cards in hand before the last card: that card.
                PlayerId::all(last.num_players())
                    .fold(CardSet::EMPTY, |all, s| all | hand_of(last, s))
            }
            _ => CardSet::EMPTY,
        };
        *seen = Some((state.clone(), excused));
        secret(state, seat) & !excused
    }
}

/// A seat's hand in any Jass game, through its view.
fn hand_of<G: Game<Card = JassCard>>(state: &G, seat: PlayerId) -> CardSet<JassCard> {
    let json = serde_json::to_value(state.view(seat)).unwrap();
    let hand = json
        .get("hand")
        .or_else(|| json["deal"].get("hand"))
        .unwrap();
    serde_json::from_value(hand.clone()).unwrap()
}

fn seeds(n: u64) -> impl Iterator<Item = Seed> {
    (0..n).map(Seed::from)
}

/// The check ran and proved something: it saw hidden cards and hid some.
fn assert_meaningful(report: &Report) {
    assert!(report.actions > 0, "{report:?}");
    assert!(report.secrets > 0, "{report:?}");
    assert!(report.redacted > 0, "{report:?}");
    assert!(report.refused > 0, "{report:?}");
}

#[test]
fn schieber_deal_events_rebuild_every_view() {
    let variants = Rules {
        variants: Variants::ALL,
        ..Rules::default()
    };
    let best_only = Rules {
        seed_weis_scoring: true,
        ..Rules::flat()
    };
    for rules in [Rules::default(), variants, best_only] {
        let report = check::<SchieberDeal>(&rules, 4, seeds(60), deal_secret).unwrap();
        assert_meaningful(&report);
    }
}

#[test]
fn schieber_game_events_rebuild_every_view() {
    // Low targets: games stop mid-deal and by the Stöck exception.
    for target in [Some(300), Some(1000), None] {
        let rules = Rules {
            target,
            variants: Variants::ALL,
            ..Rules::default()
        };
        let report = check::<Schieber>(
            &rules,
            4,
            seeds(12),
            across_deals(schieber_secret, Schieber::deal_number),
        )
        .unwrap();
        assert_meaningful(&report);
    }
}

#[test]
fn coiffeur_events_rebuild_every_view() {
    let team = Rules::default();
    let individual = Rules {
        coiffeur: CoiffeurRules {
            individual: true,
            extras: Variants::ALL,
            ..CoiffeurRules::default()
        },
        ..Rules::default()
    };
    for (rules, n) in [(team, 4), (individual, 1)] {
        let report = check::<Coiffeur>(
            &rules,
            4,
            seeds(n),
            across_deals(coiffeur_secret, Coiffeur::deal_number),
        )
        .unwrap();
        assert_meaningful(&report);
    }
}

#[test]
fn differenzler_events_rebuild_every_view() {
    for hidden_predictions in [false, true] {
        let rules = Rules {
            differenzler: DifferenzlerRules {
                deals: 3,
                hidden_predictions,
            },
            ..Rules::default()
        };
        for players in [3, 4] {
            let report = check::<Differenzler>(
                &rules,
                players,
                seeds(6),
                across_deals(differenzler_secret, Differenzler::deal_number),
            )
            .unwrap();
            assert_meaningful(&report);
        }
    }
}

/// The events of one action, reported.
fn play<G: Game<Event = Event>>(game: &mut G, action: G::Action) -> Vec<Event> {
    let mut events = Vec::new();
    game.play_reporting(action, &mut events).unwrap();
    events
}

fn start<G: Game<Event = Event>>(game: &G) -> Vec<Event> {
    let mut events = Vec::new();
    game.start_events(&mut events);
    events
}

/// The seeded deal's start is the oracle trace's deal form, hands in the order dealt.
#[test]
fn a_seeded_deal_starts_with_the_trace_deal() {
    let rules = Rules::default();
    let deal = SchieberDeal::new(&rules, 4, Seed::from(42)).unwrap();
    let events = start(&deal);
    let seeded = jass::SeededDeal::first_schieber(&rules, Seed::from(42));
    let dealt = events.iter().find_map(|e| e.deal()).unwrap();
    let json = serde_json::to_value(dealt).unwrap();
    let hands: Vec<Vec<String>> = seeded
        .hands()
        .map(|h| h.iter().map(ToString::to_string).collect())
        .collect();
    assert_eq!(
        json,
        serde_json::json!({
            "dealer": seeded.dealer.0,
            "forehand": seeded.forehand.0,
            "hands": hands,
        })
    );
    // Redacted for seat 1: the others' hands are counts.
    let redacted = <SchieberDeal as Game>::redact(&rules, &events[1], PlayerId(1));
    let json = serde_json::to_value(&redacted).unwrap();
    assert_eq!(json["event"], "dealt");
    assert_eq!(json["hands"][0], 9);
    assert_eq!(json["hands"][1], serde_json::json!(hands[1]));
    assert_eq!(
        redacted.to_string(),
        format!(
            "seat 0 was dealt 9 cards; seat 1 was dealt {}; seat 2 was dealt 9 cards; seat 3 was dealt 9 cards",
            hands[1].join(" ")
        )
    );
    // A set-up deal lists its hands in card order.
    let set_up = SchieberDeal::from_setup(&rules, deal.setup()).unwrap();
    assert_eq!(set_up, deal);
    let sorted: Vec<Vec<JassCard>> = PlayerId::all(4)
        .map(|s| deal.hand(s).iter().collect())
        .collect();
    let dealt = start(&set_up)[1].deal().unwrap().clone();
    assert_eq!(
        dealt
            .hands
            .iter()
            .map(|h| h.shown().unwrap().to_vec())
            .collect::<Vec<_>>(),
        sorted
    );
}

/// A whole deal's events in order: the contract with each seat's Weis, 36 cards with their
/// tricks, the last one's score and the end.
#[test]
fn a_deal_reports_its_credits_and_end() {
    let rules = Rules::default();
    let mut deal = SchieberDeal::new(&rules, 4, Seed::from(42)).unwrap();
    let forehand = deal.forehand();
    let named = play(&mut deal, Action::Name("trump:S".parse().unwrap()));
    assert_eq!(
        named[0],
        Event::Named {
            seat: forehand,
            contract: "trump:S".parse().unwrap()
        }
    );
    assert_eq!(
        named[0].to_string(),
        format!("seat {forehand} named trump:S")
    );
    assert_eq!(named.len(), 5);
    assert!(
        named[1..]
            .iter()
            .all(|e| matches!(e, Event::WeisCounted { weis: Some(_), .. }))
    );
    let mut all = Vec::new();
    let mut moves = Vec::new();
    while deal.to_act().is_some() {
        deal.legal_actions(&mut moves);
        all.extend(play(&mut deal, moves[0]));
    }
    let played = all
        .iter()
        .filter(|e| matches!(e, Event::Played { .. }))
        .count();
    let tricks: u32 = all
        .iter()
        .filter_map(|e| match e {
            Event::TrickTaken { points, .. } => Some(*points),
            _ => None,
        })
        .sum();
    assert_eq!((played, tricks), (36, 157));
    let outcome = deal.outcome().unwrap();
    let n = all.len();
    assert_eq!(
        all[n - 2],
        Event::DealScored {
            score: outcome.scored.iter().map(|&p| i64::from(p)).collect(),
            summary: Some(jass::DealSummary::Schieber {
                deal: 0,
                contract: Some(outcome.contract),
                multiplier: outcome.multiplier,
                credits: outcome.credits,
                totals: None,
                target: None,
                reached: None,
            }),
        }
    );
    assert_eq!(all[n - 2].score(), Some(&outcome.scored.map(i64::from)[..]));
    assert_eq!(all[n - 1], Event::DealOver { outcome });
    assert!(matches!(
        all[n - 3],
        Event::TrickTaken { last: true, .. } | Event::Match { .. }
    ));
}

/// A Trio counts each seat's Weis when its first segment's mode is named, not before.
#[test]
fn a_trio_counts_its_weis_with_its_first_mode() {
    let rules = Rules {
        variants: Variants::ALL,
        ..Rules::default()
    };
    let mut deal = SchieberDeal::new(&rules, 4, Seed::from(8)).unwrap();
    let forehand = deal.forehand();
    let named = play(&mut deal, Action::Name(jass::Contract::Trio));
    assert_eq!(
        named,
        [Event::Named {
            seat: forehand,
            contract: jass::Contract::Trio
        }]
    );
    let mode = play(&mut deal, Action::TrioMode(jass::Mode::Obenabe));
    assert_eq!(
        mode[0],
        Event::TrioMode {
            seat: forehand,
            mode: jass::Mode::Obenabe
        }
    );
    assert_eq!(mode.len(), 5);
    assert!(
        mode[1..]
            .iter()
            .all(|e| matches!(e, Event::WeisCounted { weis: Some(_), .. }))
    );
}

#[test]
fn an_event_json_is_tagged() {
    let event = Event::Played {
        seat: PlayerId(1),
        card: "AS".parse().unwrap(),
    };
    let json = serde_json::to_string(&event).unwrap();
    assert_eq!(json, r#"{"event":"played","seat":1,"card":"AS"}"#);
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
    assert_eq!(event.to_string(), "seat 1 played AS");
    let taken = Event::TrickTaken {
        seat: PlayerId(2),
        points: 21,
        last: false,
    };
    assert_eq!(
        serde_json::to_string(&taken).unwrap(),
        r#"{"event":"trick_taken","seat":2,"points":21,"last":false}"#
    );
    assert_eq!(taken.to_string(), "seat 2 took the trick (21 points)");
}

/// Differenzler: a prediction is hidden from the others when the rules hide predictions,
/// and every seat's shows at the end.
#[test]
fn hidden_predictions_are_redacted() {
    let rules = Rules {
        differenzler: DifferenzlerRules {
            deals: 1,
            hidden_predictions: true,
        },
        ..Rules::default()
    };
    let mut game = Differenzler::new(&rules, 3, Seed::from(5)).unwrap();
    let seat = game.to_act().unwrap();
    let events = play(&mut game, Action::Predict(40));
    assert_eq!(
        events,
        [Event::Predicted {
            seat,
            prediction: Some(40)
        }]
    );
    let other = PlayerId((seat.0 + 1) % 3);
    let hidden = <Differenzler as Game>::redact(&rules, &events[0], other);
    assert_eq!(
        hidden,
        Event::Predicted {
            seat,
            prediction: None
        }
    );
    assert_eq!(
        hidden.to_string(),
        format!("seat {seat} made its prediction")
    );
    assert_eq!(
        <Differenzler as Game>::redact(&rules, &events[0], seat),
        events[0]
    );
    let open = Rules::default();
    assert_eq!(
        <Differenzler as Game>::redact(&open, &events[0], other),
        events[0]
    );
    let mut moves = Vec::new();
    let mut last = Vec::new();
    while game.to_act().is_some() {
        game.legal_actions(&mut moves);
        last = play(&mut game, moves[0]);
    }
    assert!(
        last.iter()
            .any(|e| matches!(e, Event::PredictionsShown { .. }))
    );
    let score = last.iter().find_map(|e| e.score()).unwrap();
    assert_eq!(score.iter().sum::<i64>(), 157);
}

/// Coiffeur: a pass, the slot chosen, and at the end of a deal the cell and the score.
#[test]
fn coiffeur_reports_the_sheet() {
    let rules = Rules::default();
    let mut game = Coiffeur::new(&rules, 4, Seed::from(3)).unwrap();
    let first = game.to_act().unwrap();
    assert_eq!(
        play(&mut game, Action::Pass),
        [Event::Passed { seat: first }]
    );
    let mut moves = Vec::new();
    game.legal_actions(&mut moves);
    let chooser = game.to_act().unwrap();
    let chosen = play(&mut game, moves[0]);
    assert!(matches!(chosen[..], [Event::SlotChosen { seat, .. }] if seat == chooser));
    let mut end = Vec::new();
    while game.deal_number() == 0 {
        game.legal_actions(&mut moves);
        end = play(&mut game, moves[0]);
    }
    let cell = game
        .score_sheet()
        .sides
        .iter()
        .flat_map(|s| &s.entries)
        .flatten()
        .next()
        .copied()
        .unwrap();
    assert!(
        end.iter()
            .any(|e| matches!(e, Event::CellFilled { entry, .. } if *entry == cell))
    );
    let score = end.iter().find_map(|e| e.score()).unwrap();
    assert_eq!(score.iter().sum::<i64>(), i64::from(cell.points));
    assert!(
        end.iter()
            .any(|e| matches!(e, Event::DealBegan { deal: 1, .. }))
    );
    assert_eq!(end.iter().filter(|e| e.deal().is_some()).count(), 1);
}

/// An event that does not fit is refused and the view stays as it was.
#[test]
fn observe_refuses_what_does_not_fit() {
    let rules = Rules::default();
    let deal = SchieberDeal::new(&rules, 4, Seed::from(1)).unwrap();
    let mut view = <SchieberDeal as Game>::blank_view(&rules, 4, PlayerId(0));
    for e in start(&deal) {
        <SchieberDeal as Game>::observe(
            &mut view,
            &<SchieberDeal as Game>::redact(&rules, &e, PlayerId(0)),
        )
        .unwrap();
    }
    let before = view.clone();
    // A card before the contract, a trick not complete, another game's event.
    for wrong in [
        Event::Played {
            seat: deal.forehand(),
            card: deal.hand(deal.forehand()).iter().next().unwrap(),
        },
        Event::TrickTaken {
            seat: PlayerId(0),
            points: 10,
            last: false,
        },
        Event::Passed { seat: PlayerId(0) },
        Event::Dealt(start(&deal)[1].deal().unwrap().clone()),
    ] {
        assert!(
            <SchieberDeal as Game>::observe(&mut view, &wrong).is_err(),
            "{wrong}"
        );
        assert_eq!(view, before);
    }
    // A view of a table that is not (no seats): refused, not a panic.
    let mut empty = <Differenzler as Game>::blank_view(&rules, 0, PlayerId(0));
    let deal = Differenzler::new(&rules, 3, Seed::from(2)).unwrap();
    for e in start(&deal) {
        assert!(<Differenzler as Game>::observe(&mut empty, &e).is_err());
    }
    let mut coiffeur = <Coiffeur as Game>::blank_view(&rules, 4, PlayerId(0));
    let blank = coiffeur.clone();
    assert!(
        <Coiffeur as Game>::observe(&mut coiffeur, &Event::Pushed { seat: PlayerId(0) }).is_err()
    );
    assert_eq!(coiffeur, blank);
}

/// `play` reports nothing and reaches what `play_reporting` reaches (the sink that keeps
/// nothing is the primitive's).
#[test]
fn play_is_play_reporting_into_nothing() {
    let rules = Rules::default();
    let mut a = Schieber::new(&rules, 4, Seed::from(9)).unwrap();
    let mut b = a;
    let mut moves = Vec::new();
    let mut sink: Vec<Event> = Vec::new();
    while a.to_act().is_some() {
        a.legal_actions(&mut moves);
        a.play(moves[0]).unwrap();
        b.play_reporting(moves[0], &mut sink).unwrap();
        assert_eq!(a, b);
    }
    assert!(Events::<Event>::wanted(&sink));
    assert_eq!(
        sink.iter().filter(|e| e.deal().is_some()).count() as u32,
        a.deal_number()
    );
}

/// A position from a setup, mid-game: its start events, redacted and observed from the blank
/// view, give every seat (and an onlooker) exactly its view.
fn start_rebuilds_views<G: Game<Event = Event>>(
    rules: &G::Rules,
    players: usize,
    seeds: u64,
    steps: usize,
) {
    let mut moves = Vec::new();
    for seed in 0..seeds {
        let mut game = G::new(rules, players, Seed::from(seed)).unwrap();
        let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
        for step in 0..steps {
            if step % 7 == 3 {
                let set_up = G::from_setup(rules, game.setup()).unwrap();
                assert_eq!(set_up, game);
                let events = start(&set_up);
                for seat in (0..=players).map(|s| PlayerId(s as u8)) {
                    let mut view = G::blank_view(rules, players, seat);
                    for e in &events {
                        G::observe(&mut view, &G::redact(rules, e, seat)).unwrap_or_else(|err| {
                            panic!("seed {seed} step {step} seat {seat}: {e}: {err}")
                        });
                    }
                    assert_eq!(view, game.view(seat), "seed {seed} step {step} seat {seat}");
                }
            }
            let Some(action) = player.choose(&game, &mut moves) else {
                break;
            };
            game.play(action).unwrap();
        }
    }
}

#[test]
fn set_up_positions_start_with_their_history() {
    start_rebuilds_views::<SchieberDeal>(&Rules::default(), 4, 6, 40);
    let low = Rules {
        target: Some(600),
        ..Rules::default()
    };
    start_rebuilds_views::<Schieber>(&low, 4, 4, 200);
    start_rebuilds_views::<Coiffeur>(&Rules::default(), 4, 2, 200);
    let hidden = Rules {
        differenzler: DifferenzlerRules {
            deals: 3,
            hidden_predictions: true,
        },
        ..Rules::default()
    };
    start_rebuilds_views::<Differenzler>(&hidden, 3, 3, 150);
}

/// Every event of every game type, observed in a scrambled order by every view type from its
/// blank view: refused or followed, never a panic, and a refused event leaves the view as it
/// was.
#[test]
fn observe_never_panics() {
    let rules = Rules {
        target: Some(500),
        differenzler: DifferenzlerRules {
            deals: 2,
            hidden_predictions: true,
        },
        ..Rules::default()
    };
    fn events_of<G: Game<Event = Event>>(rules: &G::Rules, players: usize) -> Vec<Event> {
        let mut game = G::new(rules, players, Seed::from(4)).unwrap();
        let mut events = start(&game);
        let mut player = cards_core::RandomPlayer::new(Seed::from(4));
        let mut moves = Vec::new();
        while let Some(action) = player.choose(&game, &mut moves) {
            game.play_reporting(action, &mut events).unwrap();
        }
        events
    }
    let mut all = events_of::<SchieberDeal>(&rules, 4);
    all.extend(events_of::<Schieber>(&rules, 4));
    all.extend(events_of::<Coiffeur>(&rules, 4));
    all.extend(events_of::<Differenzler>(&rules, 3));
    // A scramble: every 7th event in turn, then the rest.
    let mut scrambled: Vec<&Event> = all.iter().step_by(7).collect();
    scrambled.extend(all.iter().rev());
    fn feed<G: Game<Event = Event>>(rules: &G::Rules, players: usize, events: &[&Event]) {
        for seat in [0u8, 2, players as u8] {
            let mut view = G::blank_view(rules, players, PlayerId(seat));
            for e in events {
                let before = view.clone();
                if G::observe(&mut view, &G::redact(rules, e, PlayerId(seat))).is_err() {
                    assert_eq!(view, before);
                }
            }
        }
    }
    feed::<SchieberDeal>(&rules, 4, &scrambled);
    feed::<Schieber>(&rules, 4, &scrambled);
    feed::<Coiffeur>(&rules, 4, &scrambled);
    feed::<Differenzler>(&rules, 3, &scrambled);
    feed::<Differenzler>(&rules, 4, &scrambled);
}

/// Events from anywhere with the largest numbers their fields hold: each sentence is written
/// without overflow (a panic in a debug build) and says what the numbers say.
#[test]
fn sentences_of_extreme_numbers() {
    let text = |json: serde_json::Value| -> String {
        let event: Event = serde_json::from_value(json).unwrap();
        let _ = format!("{event:#}");
        event.to_string()
    };
    let began = text(serde_json::json!({
        "deal": u32::MAX, "dealer": 3, "event": "deal_began", "forehand": 0, "totals": [0, 0]
    }));
    assert_eq!(
        began,
        "deal 4294967296 begins: seat 3 deals, seat 0 is forehand"
    );
    for (team, us, them) in [
        (u64::MAX, "seats 1 and 3", "seats 0 and 2"),
        (2, "seats 0 and 2", "seats 1 and 3"),
    ] {
        let reached = text(serde_json::json!({
            "event": "target_reached", "team": team, "totals": [900, 1000], "target": 1000
        }));
        let own = if team % 2 == 0 { 900 } else { 1000 };
        let other = 1900 - own;
        assert_eq!(
            reached,
            format!(
                "{us} reached the target of 1000 with {own} (against {other} points for {them})"
            )
        );
    }
    // Every game type's deal summary, its deal number the largest.
    fn summaries<G: Game<Event = Event>>(
        rules: &G::Rules,
        players: usize,
    ) -> Vec<serde_json::Value> {
        let mut game = G::new(rules, players, Seed::from(5)).unwrap();
        let mut events = start(&game);
        let mut player = cards_core::RandomPlayer::new(Seed::from(5));
        let mut moves = Vec::new();
        for _ in 0..200 {
            let Some(action) = player.choose(&game, &mut moves) else {
                break;
            };
            game.play_reporting(action, &mut events).unwrap();
        }
        let scored: Vec<serde_json::Value> = events
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .filter(|json| json["summary"].is_object())
            .collect();
        assert!(!scored.is_empty(), "{}", G::NAME);
        scored
    }
    let rules = Rules::default();
    let mut all = summaries::<SchieberDeal>(&rules, 4);
    all.extend(summaries::<Coiffeur>(&rules, 4));
    all.extend(summaries::<Differenzler>(&rules, 3));
    for mut json in all {
        json["summary"]["deal"] = serde_json::json!(u32::MAX);
        let scored = text(json);
        assert!(scored.starts_with("deal 4294967296 "), "{scored}");
    }
}

//! The events: the frame's events check over every player count and the main options, the
//! oracle trace's deal and score forms (pinned against the traces the game logged before the
//! events), a worked capture and round's end, and `observe` refusing what does not fit.

use cards_core::{CardSet, Game, GameEvent, PlayerId, RandomPlayer, Seed, StdCard};
use cards_testkit::events::{Report, check};
use elewenjewe::{Action, Deal, Elewenjewe, Event, Leftovers, Rules, Scoring};
use serde_json::Value;

/// What `seat` may not know: the other hands (every hand, for an onlooker), the stock and the
/// set-aside leftovers. Captured cards are not secret: every capture is seen when it is made
/// (Isiwo only decides whether a view keeps them).
fn secret_now(game: &Elewenjewe, seat: PlayerId) -> CardSet<StdCard> {
    let mut hidden: CardSet<StdCard> = game.stock().iter().copied().collect();
    hidden |= game.set_aside();
    for s in (0..game.num_players()).map(|s| PlayerId(s as u8)) {
        if s != seat {
            hidden |= game.hand(s);
        }
    }
    hidden
}

/// [`secret_now`], except right after a round's end: the events check judges every event of
/// an action by the state after it, but the action that ends a round also deals the next one,
/// so the cards its first events name (the card played, what it took, the rest of the table)
/// are back in the new stock and hands. Those actions are held to the secrets of the moment
/// of each event by [`round_boundaries_leak_nothing`] instead.
fn secret(game: &Elewenjewe, seat: PlayerId) -> CardSet<StdCard> {
    if game.round() > 0 && game.last_player().is_none() {
        return CardSet::EMPTY;
    }
    secret_now(game, seat)
}

fn run(rules: &Rules, players: usize, seeds: u64) -> Report {
    let report = check::<Elewenjewe>(rules, players, (0..seeds).map(Seed::from), secret)
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.secrets > 0 && report.redacted > 0, "{report:?}");
    assert!(report.refused > 0, "{report:?}");
    report
}

/// The kinds of event the games `run` plays report (their `event` tags; `joker` for a
/// capture by a played joker, `piles` for a capture of a pile).
fn kinds_of(rules: &Rules, players: usize, seeds: u64) -> Vec<String> {
    let mut kinds = Vec::new();
    for seed in (0..seeds).map(Seed::from) {
        let mut game = Elewenjewe::new(rules, players, seed).unwrap();
        let mut player = RandomPlayer::new(seed);
        let (mut buf, mut events) = (Vec::new(), Vec::new());
        while let Some(action) = player.choose(&game, &mut buf) {
            game.play_reporting(action, &mut events).unwrap();
        }
        for event in &events {
            let json = serde_json::to_value(event).unwrap();
            kinds.push(json["event"].as_str().unwrap().to_owned());
            if let Event::Captured { card, piles, .. } = event {
                if card.is_joker() {
                    kinds.push("joker".to_owned());
                }
                if !piles.is_empty() {
                    kinds.push("piles".to_owned());
                }
            }
        }
    }
    kinds
}

#[test]
fn default_rules_every_player_count() {
    for players in 2..=5 {
        run(&Rules::default(), players, 6);
    }
}

#[test]
fn presets() {
    for players in [2, 4] {
        run(&Rules::casual(), players, 4);
        run(&Rules::yoruba(), players, 4);
    }
}

#[test]
fn esun_isiwo_jokers_and_every_leftover_rule() {
    for leftovers in [
        Leftovers::Unused,
        Leftovers::ToTable,
        Leftovers::OneCardHand,
    ] {
        let rules = Rules {
            leftovers,
            esun: true,
            isiwo: true,
            last_player_takes: true,
            jokers: true,
            ..Rules::default()
        };
        let mut kinds = std::collections::BTreeSet::new();
        for players in [2, 3, 5] {
            run(&rules, players, 3);
            kinds.extend(kinds_of(&rules, players, 3));
        }
        // The check saw every kind of event these rules report.
        let mut want = vec![
            "built",
            "captured",
            "dealt",
            "ended",
            "joker",
            "piles",
            "released",
            "round_scored",
            "took_rest",
            "trailed",
        ];
        if leftovers == Leftovers::Unused {
            want.push("set_aside");
        }
        for kind in want {
            assert!(
                kinds.contains(kind),
                "{leftovers:?}: no {kind} in {kinds:?}"
            );
        }
        // Without Isiwo, captured piles are sizes only: their cards leave the view.
        let rules = Rules {
            isiwo: false,
            ..rules
        };
        run(&rules, 4, 3);
    }
}

#[test]
fn yoruba_esun_and_most_cards() {
    let rules = Rules {
        esun: true,
        yoruba_checks_piles: true,
        yoruba_pile_excludes_v: true,
        scoring: Scoring::MostCards,
        max_rounds: Some(3),
        esun_penalty: 2,
        ..Rules::yoruba()
    };
    for players in [2, 3] {
        run(&rules, players, 4);
    }
}

/// The deal and score events of a whole random game, as the trace writes them.
fn milestones(rules: &Rules, players: usize, seed: Seed) -> Vec<String> {
    let mut game = Elewenjewe::new(rules, players, seed).unwrap();
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut player = RandomPlayer::new(seed);
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&game, &mut buf) {
        game.play_reporting(action, &mut events).unwrap();
    }
    events
        .iter()
        .filter_map(|e| match (e.deal(), e.score()) {
            (Some(deal), _) => Some(format!(
                r#"{{"deal":{}}}"#,
                serde_json::to_string(deal).unwrap()
            )),
            (None, Some(score)) => Some(format!(
                r#"{{"score":{}}}"#,
                serde_json::to_string(score).unwrap()
            )),
            (None, None) => None,
        })
        .collect()
}

/// `data/trace_milestones.jsonl` holds the deal and score events the crate logged for traces
/// before the frame had events (`Elewenjewe::start_events` and `play_logged` then), for
/// several rules, player counts and seeds: the events give them byte for byte.
#[test]
fn deal_and_score_events_are_the_trace_forms() {
    let fixture = include_str!("data/trace_milestones.jsonl");
    let mut games = 0;
    for line in fixture.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let rules: Rules = serde_json::from_value(v["rules"].clone()).unwrap();
        let players = v["players"].as_u64().unwrap() as usize;
        let seed = Seed::from(v["seed"].as_u64().unwrap());
        let want: Vec<String> = v["milestones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(
            milestones(&rules, players, seed),
            want,
            "{rules:?} {players} {seed:?}"
        );
        games += 1;
    }
    assert_eq!(games, 15);
}

/// The cards the JSON of `event`, redacted for `seat`, names.
fn named(rules: &Rules, event: &Event, seat: PlayerId) -> CardSet<StdCard> {
    let redacted = Elewenjewe::redact(rules, event, seat);
    cards_testkit::events::cards_in(&serde_json::to_value(&redacted).unwrap())
}

/// The action that ends a round also deals the next: each of its events is held to the
/// secrets of its own moment. Those before the new round's layout: the state before the
/// action, but the card played (everyone sees it played); the new round's: the state after.
#[test]
fn round_boundaries_leak_nothing() {
    let rules = Rules {
        esun: true,
        last_player_takes: true,
        leftovers: Leftovers::Unused,
        jokers: true,
        ..Rules::default()
    };
    let mut boundaries = 0;
    for players in 2..=5 {
        for seed in 0..4 {
            let seed = Seed::from(seed);
            let mut game = Elewenjewe::new(&rules, players, seed).unwrap();
            let mut player = RandomPlayer::new(seed);
            let mut buf = Vec::new();
            while let Some(action) = player.choose(&game, &mut buf) {
                let before = game.clone();
                let mut events = Vec::new();
                game.play_reporting(action, &mut events).unwrap();
                let Some(split) = events
                    .iter()
                    .position(|e| matches!(e, Event::Dealt(Deal::Round { .. })))
                else {
                    continue;
                };
                boundaries += 1;
                for seat in (0..=players).map(|s| PlayerId(s as u8)) {
                    let old = secret_now(&before, seat).without(action.played());
                    let new = secret_now(&game, seat);
                    assert!(!new.is_empty());
                    for (i, event) in events.iter().enumerate() {
                        let hidden = if i < split { old } else { new };
                        let leaked = named(&rules, event, seat) & hidden;
                        assert!(leaked.is_empty(), "{event} shows seat {seat} {leaked:?}");
                    }
                }
            }
        }
    }
    assert!(boundaries > 16, "{boundaries}");
}

/// A position set up from any state starts with one `Position` event, which rebuilds every
/// seat's view and hides what each may not know (the hands, the stock, the set-aside cards,
/// and the captured piles without Isiwo); play goes on from it with the same events.
#[test]
fn a_set_up_position_starts_with_its_position() {
    for isiwo in [false, true] {
        let rules = Rules {
            esun: true,
            isiwo,
            leftovers: Leftovers::Unused,
            ..Rules::default()
        };
        let players = 3;
        let seed = Seed::from(11);
        let mut game = Elewenjewe::new(&rules, players, seed).unwrap();
        let mut player = RandomPlayer::new(seed);
        let mut buf = Vec::new();
        let mut positions = 0;
        let mut step = 0;
        while let Some(action) = player.choose(&game, &mut buf) {
            step += 1;
            game.play(action).unwrap();
            if step % 7 != 0 {
                continue;
            }
            let set_up = Elewenjewe::from_setup(&rules, game.setup()).unwrap();
            let mut start = Vec::new();
            set_up.start_events(&mut start);
            assert!(
                matches!(start.as_slice(), [Event::Position(_)]),
                "{start:?}"
            );
            for seat in (0..=players).map(|s| PlayerId(s as u8)) {
                let mut view = Elewenjewe::blank_view(&rules, players, seat);
                for event in &start {
                    let leaked = named(&rules, event, seat) & secret_now(&game, seat);
                    assert!(leaked.is_empty(), "seat {seat}: {leaked:?}");
                    let redacted = Elewenjewe::redact(&rules, event, seat);
                    if let Event::Position(p) = &redacted {
                        assert_eq!(p.captured.iter().all(|c| c.shown().is_some()), isiwo);
                        assert!(p.stock.shown().is_none() && p.set_aside.shown().is_none());
                    }
                    Elewenjewe::observe(&mut view, &redacted).unwrap();
                }
                assert_eq!(view, game.view(seat));
            }
            positions += 1;
        }
        assert!(positions > 5);
        // A fresh game set up from its own start is told as its deal.
        let fresh = Elewenjewe::new(&rules, players, seed).unwrap();
        let again = Elewenjewe::from_setup(&rules, fresh.setup()).unwrap();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        fresh.start_events(&mut a);
        again.start_events(&mut b);
        assert_eq!(a, b);
        assert!(a.iter().all(|e| e.deal().is_some()));
    }
}

/// Seed 3, two players, Esun and the last player's take: the game's 36th action captures a
/// loose card and a whole pile; the 48th ends the round (the rest of the table, the score,
/// the next round's layout and first batch).
#[test]
fn a_worked_capture_and_round_end() {
    let rules = Rules {
        esun: true,
        last_player_takes: true,
        ..Rules::default()
    };
    let seed = Seed::from(3);
    let mut game = Elewenjewe::new(&rules, 2, seed).unwrap();
    let mut player = RandomPlayer::new(seed);
    let mut buf = Vec::new();
    let mut told = Vec::new();
    for step in 1..=48 {
        let action = player.choose(&game, &mut buf).unwrap();
        let mut events = Vec::new();
        game.play_reporting(action, &mut events).unwrap();
        if step == 36 || step == 48 {
            told.push(action.to_string());
            told.extend(events.iter().map(ToString::to_string));
            // Seat 1 sees the new batch as counts for seat 0.
            told.extend(
                events
                    .iter()
                    .filter(|e| e.deal().is_some())
                    .map(|e| Elewenjewe::redact(&rules, e, PlayerId(1)).to_string()),
            );
        }
        if step == 36 {
            let capture: Action = "capture 5S: 3C 5C 2D".parse().unwrap();
            assert_eq!(action, capture);
            assert_eq!(
                serde_json::to_string(&events).unwrap(),
                r#"[{"event":"captured","seat":0,"card":"5S","taken":["5C"],"piles":[{"owner":1,"value":5,"cards":["3C","2D"]}]}]"#
            );
        }
    }
    assert_eq!(
        told,
        [
            "capture 5S: 3C 5C 2D",
            "seat 0 plays 5S and captures 5C and seat 1's pile of 5 (3C 2D).",
            "trail 4D",
            "seat 0 plays 4D, a trail: it captures nothing and stays on the table.",
            "seat 0 played the round's last card and takes what is left on the table: 2C TC 4D 8H JH QH 7S 9S QS.",
            "The round is scored: seat 0 captured 34 cards and scores 3 points (2 for layout \
             diamonds, 1 for the most cards); seat 1 captured 18 cards and scores 2 points (2 for \
             layout diamonds) less 2 for Esun penalties: 0. Game totals now: seat 0 3, seat 1 0.",
            "A new round: seat 1 deals, and 9D JD QD KD lie face up on the table.",
            "Cards dealt: seat 0 gets 5S 2S 4H 6C, seat 1 gets AH AC 8D 2H.",
            "A new round: seat 1 deals, and 9D JD QD KD lie face up on the table.",
            "Cards dealt: seat 0 gets 4 cards, seat 1 gets AH AC 8D 2H.",
        ]
    );
    let scored = game.records()[0];
    assert_eq!(scored.points.iter().copied().collect::<Vec<_>>(), [3, 2]);
    assert_eq!(game.totals(), [3, 0]);
}

/// An event that does not fit a view is refused, and the view stays as it was.
#[test]
fn observe_refuses_what_does_not_fit() {
    let rules = Rules::default();
    let game = Elewenjewe::new(&rules, 3, Seed::from(5)).unwrap();
    let to_act = game.to_act().unwrap();
    let seat = PlayerId((to_act.0 + 1) % 3);
    let view = game.view(seat);
    let not_held = game.hand(seat).first().unwrap();
    let refused = [
        // The view's own card played by another seat, a seat out of turn, a seat not at
        // the table, a card captured that is not on the table, a second round's layout
        // while hands hold cards, a batch for two seats at a table of three.
        Event::Trailed {
            seat: to_act,
            card: not_held,
        },
        Event::Trailed {
            seat,
            card: not_held,
        },
        Event::Trailed {
            seat: PlayerId(4),
            card: "2C".parse().unwrap(),
        },
        Event::Captured {
            seat: to_act,
            card: "KS".parse().unwrap(),
            taken: "KH".parse::<StdCard>().map(CardSet::single).unwrap(),
            piles: Vec::new(),
        },
        Event::Dealt(Deal::Round {
            dealer: PlayerId(0),
            table: elewenjewe::LAYOUT,
        }),
        Event::Dealt(Deal::Batch {
            hands: vec![cards_core::Cards::Hidden(4), cards_core::Cards::Hidden(4)],
            table: Vec::new(),
        }),
    ];
    for event in &refused {
        let mut seen = view.clone();
        assert!(Elewenjewe::observe(&mut seen, event).is_err(), "{event}");
        assert_eq!(seen, view, "{event} changed the view");
    }
}

/// Events and views from anywhere with the extreme numbers their fields hold: the round's
/// sentence with `i64::MIN` points says the exact differences, and following any event with
/// sizes whose sum overflows fails or succeeds without a panic (an overflow in a debug build).
#[test]
fn extreme_numbers_neither_overflow_nor_panic() {
    let rules = Rules {
        esun: true,
        ..Rules::default()
    };
    let mut game = Elewenjewe::new(&rules, 3, Seed::from(7)).unwrap();
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut player = RandomPlayer::new(Seed::from(7));
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&game, &mut buf) {
        game.play_reporting(action, &mut events).unwrap();
    }

    let scored = events
        .iter()
        .find(|e| matches!(e, Event::RoundScored { .. }))
        .unwrap();
    let mut json = serde_json::to_value(scored).unwrap();
    let points = json["record"]["points"][0].as_i64().unwrap();
    json["layout_points"][0] = i64::MIN.into();
    json["score"][0] = i64::MIN.into();
    let event: Event = serde_json::from_value(json).unwrap();
    let text = event.to_string();
    assert_eq!(format!("{event:#}"), text);
    let apart = i128::from(points) - i128::from(i64::MIN);
    let min = i64::MIN;
    assert!(
        text.contains(&format!(
            "({min} for layout diamonds, {apart} for the most cards) less {apart} for Esun \
             penalties: {min}"
        )),
        "{text}"
    );

    let seat = PlayerId(0);
    let mut view = Elewenjewe::blank_view(&rules, 3, seat);
    for event in &events {
        let seen = Elewenjewe::redact(&rules, event, seat);
        let mut json = serde_json::to_value(&view).unwrap();
        for field in ["hand_sizes", "captured_sizes"] {
            if let Some(n) = json[field].get_mut(0) {
                *n = usize::MAX.into();
            }
        }
        json["set_aside"] = usize::MAX.into();
        json["round"] = u32::MAX.into();
        let mut extreme: elewenjewe::View = serde_json::from_value(json).unwrap();
        let _ = Elewenjewe::observe(&mut extreme, &seen);
        let _ = format!("{extreme} {extreme:#}");
        if let Event::Dealt(Deal::Batch { hands, table }) = &seen {
            let mut hands = hands.clone();
            hands[1] = cards_core::Cards::Hidden(usize::MAX);
            let huge = Event::Dealt(Deal::Batch {
                hands,
                table: table.clone(),
            });
            let _ = format!("{huge} {huge:#}");
            let mut other = view.clone();
            assert!(Elewenjewe::observe(&mut other, &huge).is_err());
        }
        Elewenjewe::observe(&mut view, &seen).unwrap();
    }
}

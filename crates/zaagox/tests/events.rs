//! Events: the test kit's events check over seeded games for every player count and the main
//! rule variations, and worked situations pinned event by event.

use std::cell::RefCell;

use cards_core::{CardSet, DidoCard, Game, GameEvent, NoEvents, PlayerId, Seed, shuffled_deck};
use cards_testkit::events::{Report, check_game};
use serde_json::json;
use zaagox::{Action, AvaRule, Cards, Event, FirstPlayer, Rules, Setup, Zaagox};

fn c(s: &str) -> DidoCard {
    s.parse().unwrap()
}

fn hand(s: &str) -> CardSet<DidoCard> {
    s.split_whitespace().map(c).collect()
}

/// What a seat may not know, from the spec ("not: other hands, others' ageing cards, the
/// pile order"), with perfect recall: every card it has never seen. A card it saw (in its
/// hand, among its own ageing cards, or face up: a discard, a pair, a stored card) stays known
/// wherever it goes, because the pile is drawn from the top and filled at the bottom, so a
/// seat that counts draws knows who draws a card it saw go under. An onlooker sees only what
/// lies face up. The check calls this after every action in order, so it remembers what each
/// seat has seen over one game, and the state before: a discard that went under the pile in
/// the action that discarded it lay face up only in between.
struct Unseen {
    seen: RefCell<Vec<CardSet<DidoCard>>>,
    before: RefCell<Option<Zaagox>>,
}

impl Unseen {
    fn new(players: usize) -> Unseen {
        Unseen {
            seen: RefCell::new(vec![CardSet::EMPTY; players + 1]),
            before: RefCell::new(None),
        }
    }

    fn secret(&self, state: &Zaagox, seat: PlayerId) -> CardSet<DidoCard> {
        let mut seen = self.seen.borrow_mut();
        let players = state.num_players();
        let mut face_up: CardSet<DidoCard> = state.discard().into_iter().collect();
        for pair in state.pairs() {
            face_up |= pair.cards().into_iter().collect();
        }
        for s in PlayerId::all(players) {
            face_up |= state.stored(s);
        }
        let mut before = self.before.borrow_mut();
        if let Some(b) = before.as_ref().filter(|b| *b != state)
            && let zaagox::Phase::Act { seat: actor } = b.phase()
        {
            // What left the actor's hand and is not ageing (hidden) was discarded or paired:
            // face up, if only for a moment.
            let mut ageing = CardSet::EMPTY;
            for pair in state.pairs() {
                ageing |= pair.ageing().iter().copied().collect();
            }
            face_up |= b.hand(actor) - state.hand(actor) - ageing;
        }
        *before = Some(state.clone());
        for (s, known) in seen.iter_mut().enumerate() {
            *known |= face_up;
            if let Some(s) = PlayerId::from_index(s).filter(|s| s.index() < players) {
                *known |= state.hand(s);
                for pair in state.pairs().iter().filter(|p| p.owner() == s) {
                    *known |= pair.ageing().iter().copied().collect();
                }
            }
        }
        !seen[seat.index().min(players)]
    }
}

/// The events check over `seeds`, each game with its own memory of what each seat saw.
fn run(rules: Rules, players: usize, seeds: std::ops::Range<u64>) -> Report {
    let mut total = Report::default();
    for seed in seeds {
        let unseen = Unseen::new(players);
        let r = check_game::<Zaagox>(&rules, players, Seed::from(seed), &|state, seat| {
            unseen.secret(state, seat)
        })
        .unwrap_or_else(|v| panic!("{v}"));
        total.games += r.games;
        total.actions += r.actions;
        total.events += r.events;
        total.redacted += r.redacted;
        total.views += r.views;
        total.secrets += r.secrets;
        total.refused += r.refused;
    }
    assert!(total.secrets > 0, "{total:?}");
    assert!(total.redacted > 0, "{total:?}");
    assert!(total.refused > 0, "{total:?}");
    total
}

#[test]
fn events_rebuild_every_view_under_default_rules() {
    for players in Rules::PLAYERS {
        run(Rules::default(), players, 0..60);
    }
}

#[test]
fn events_rebuild_every_view_with_immediate_ava_and_a_fixed_first_seat() {
    let rules = Rules {
        ava: AvaRule::Immediate,
        first_player: FirstPlayer::Seat(PlayerId(1)),
        ..Rules::default()
    };
    for players in Rules::PLAYERS {
        run(rules, players, 100..130);
    }
}

#[test]
fn events_rebuild_every_view_up_to_the_turn_limit() {
    let rules = Rules {
        turn_limit: 9,
        ..Rules::default()
    };
    for players in Rules::PLAYERS {
        run(rules, players, 200..220);
    }
}

/// Every event a seat's view follows, from `start_events` on.
fn follow_all(rules: &Rules, players: usize, events: &[Event], seat: PlayerId) -> zaagox::View {
    let mut view = Zaagox::blank_view(rules, players, seat);
    for event in events {
        Zaagox::observe(&mut view, &Zaagox::redact(rules, event, seat))
            .unwrap_or_else(|e| panic!("seat {seat}, {event}: {e}"));
    }
    view
}

/// A position that did not start from its own deal (set up, or read back from JSON) tells
/// itself as one `Position` event (and `Ended` when over), and every seat's view follows.
#[test]
fn a_set_up_position_tells_itself_whole() {
    let rules = Rules::default();
    let mut positions = 0;
    for players in Rules::PLAYERS {
        for seed in 0..6 {
            let mut game = Zaagox::new(&rules, players, Seed::from(seed)).unwrap();
            let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
            let mut buf = Vec::new();
            loop {
                let set_up = Zaagox::from_setup(&rules, game.setup()).unwrap();
                let mut events = Vec::new();
                set_up.start_events(&mut events);
                assert!(matches!(events[0], Event::Position(_)), "{}", events[0]);
                assert_eq!(events.len(), 1 + usize::from(game.is_terminal()));
                assert!(events.iter().all(|e| e.deal().is_none()));
                for seat in (0..=players).filter_map(PlayerId::from_index) {
                    assert_eq!(follow_all(&rules, players, &events, seat), game.view(seat));
                }
                positions += 1;
                let Some(action) = player.choose(&game, &mut buf) else {
                    break;
                };
                game.play(action).unwrap();
            }
        }
    }
    assert!(positions > 500, "{positions}");
}

/// The deal event is exactly the trace's deal form as the CLI derives it from the seed today:
/// each seat's four cards in dealing order, the pile top first before the first draw.
#[test]
fn the_deal_event_is_the_traces_deal_form() {
    for players in Rules::PLAYERS {
        for seed in 0..30 {
            let game = Zaagox::new(&Rules::default(), players, Seed::from(seed)).unwrap();
            let mut events = Vec::new();
            game.start_events(&mut events);
            let deck = shuffled_deck::<DidoCard>(Seed::from(seed));
            let split = 4 * players;
            let form = json!({
                "hands": deck[..split].chunks(4).collect::<Vec<_>>(),
                "pile": deck[split..],
            });
            assert_eq!(events.len(), 2);
            assert_eq!(
                serde_json::to_value(events[0].deal().unwrap()).unwrap(),
                form
            );
            let first = game.to_act().unwrap();
            assert_eq!(
                events[1],
                Event::Drew {
                    seat: first,
                    card: Some(deck[split])
                }
            );
            // The same deal set up by hand is the same game, told as a position.
            let by_hand = Zaagox::from_setup(&Rules::default(), game.setup()).unwrap();
            assert_eq!(by_hand, game);
            let mut again = Vec::new();
            by_hand.start_events(&mut again);
            assert!(matches!(again[0], Event::Position(_)));
        }
    }
}

/// Seat 0 ages its pair A1 S1 (needing one ageing card) and stores A1.
fn ageing_table() -> Zaagox {
    let hands = vec![hand("G2 P3 A4"), hand("S5 G6 P7 A8")];
    let mut rest: Vec<DidoCard> = DidoCard::ALL
        .iter()
        .copied()
        .filter(|d| !hands.iter().any(|h| h.contains(*d)) && ![c("A1"), c("S1")].contains(d))
        .collect();
    // The top of the pile, drawn by seat 1 after the store.
    rest.retain(|&d| d != c("G8"));
    rest.insert(0, c("G8"));
    let mut setup = Setup::dealt(hands, rest, PlayerId(0));
    // Seat 0 drew G8 above; give its pair instead: put A1 S1 on the table.
    let top = setup.hands[0].iter().find(|&d| d == c("G8")).unwrap();
    setup.hands[0].remove(top);
    setup.pile.insert(0, top);
    setup.pairs.push(zaagox::PairSetup {
        owner: PlayerId(0),
        cards: [c("A1"), c("S1")],
        ageing: vec![],
    });
    Zaagox::from_setup(&Rules::default(), setup).unwrap()
}

#[test]
fn ageing_and_storing_event_by_event() {
    let mut game = ageing_table();
    let mut events = Vec::new();
    game.play_reporting("age G2 on A1".parse().unwrap(), &mut events)
        .unwrap();
    assert_eq!(
        events,
        [
            Event::Aged {
                seat: PlayerId(0),
                card: Some(c("G2")),
                pair: [c("A1"), c("S1")]
            },
            Event::PairCompleted {
                seat: PlayerId(0),
                pair: [c("A1"), c("S1")]
            },
        ]
    );
    let text: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "seat 0 laid G2 to age on its pair A1 S1",
            "seat 0's pair A1 S1 is complete: seat 0 stores one of its cards",
        ]
    );
    assert_eq!(
        Zaagox::redact(game.rules(), &events[0], PlayerId(1)).to_string(),
        "seat 0 laid an ageing card on its pair A1 S1"
    );
    assert_eq!(
        serde_json::to_string(&Zaagox::redact(game.rules(), &events[0], PlayerId(1))).unwrap(),
        r#"{"event":"aged","seat":0,"pair":["A1","S1"]}"#
    );

    events.clear();
    game.play_reporting(Action::Store(c("A1")), &mut events)
        .unwrap();
    let text: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "seat 0 stored A1; S1 and the ageing cards G2 went to the bottom of the pile",
            "seat 1 drew G8",
        ]
    );
    let for_seat_1: Vec<String> = events
        .iter()
        .map(|e| Zaagox::redact(game.rules(), e, PlayerId(1)).to_string())
        .collect();
    assert_eq!(
        for_seat_1,
        [
            "seat 0 stored A1; S1 and 1 ageing card went to the bottom of the pile",
            "seat 1 drew G8",
        ]
    );
    let for_seat_0 = Zaagox::redact(game.rules(), &events[1], PlayerId(0));
    assert_eq!(for_seat_0.to_string(), "seat 1 drew a card");
    assert_eq!(
        serde_json::to_string(&for_seat_0).unwrap(),
        r#"{"event":"drew","seat":1}"#
    );
    assert_eq!(
        serde_json::to_value(&events[0]).unwrap(),
        json!({"event": "stored", "seat": 0, "card": "A1", "other": "S1", "ageing": ["G2"]})
    );
    assert_eq!(
        serde_json::to_value(Zaagox::redact(game.rules(), &events[0], PlayerId(1))).unwrap(),
        json!({"event": "stored", "seat": 0, "card": "A1", "other": "S1", "ageing": 1})
    );
}

/// A seeded game played to its end: the last action's last event is the settlement, the
/// trace's score event; nothing else scores.
#[test]
fn the_game_ends_with_the_settlement() {
    for seed in 0..10 {
        let mut game = Zaagox::new(&Rules::default(), 3, Seed::from(seed)).unwrap();
        let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
        let mut buf = Vec::new();
        let mut scores = Vec::new();
        let mut last = Vec::new();
        while let Some(action) = player.choose(&game, &mut buf) {
            last.clear();
            game.play_reporting(action, &mut last).unwrap();
            scores.extend(last.iter().filter_map(|e| e.score().map(<[i64]>::to_vec)));
        }
        assert_eq!(scores, [game.settlement().to_vec()], "seed {seed}");
        let Some(Event::Ended {
            outcome,
            settlement,
        }) = last.last()
        else {
            panic!("seed {seed}: {last:?}")
        };
        assert_eq!(Some(*outcome), game.outcome());
        assert_eq!(*settlement, game.settlement());
        assert!(
            last.last()
                .unwrap()
                .to_string()
                .starts_with(&game.outcome().unwrap().to_string())
        );
    }
}

/// Seed 0, 2 players, played at random until a seat chooses between End and Ava, then ended:
/// the game and the events of the End.
fn ended() -> (Zaagox, Vec<Event>) {
    let mut game = Zaagox::new(&Rules::default(), 2, Seed::from(0)).unwrap();
    let mut player = cards_core::RandomPlayer::new(Seed::from(0));
    let mut buf = Vec::new();
    while !matches!(game.phase(), zaagox::Phase::Decide { .. }) {
        let action = player.choose(&game, &mut buf).expect("a Decide phase");
        game.play(action).unwrap();
    }
    let mut events = Vec::new();
    game.play_reporting(Action::End, &mut events).unwrap();
    (game, events)
}

#[test]
fn an_end_and_its_sentence() {
    let (game, events) = ended();
    assert_eq!(events.len(), 1);
    let text = events[0].to_string();
    let zaagox::Phase::Over = game.phase() else {
        panic!()
    };
    assert_eq!(game.settlement(), [12, -12]);
    // Who won, with what, how the points are worked out (2 + 1) × 2 × 2 = 12, who pays whom.
    assert_eq!(
        text,
        "seat 0 won with 4 stored cards, worth 12 points (2 for the set, + 1 for 2 shape kinds, \
         × 2 for 3 colour kinds, × 2 for 3 number kinds)\n  \
         seat 1 pays seat 0 12 points\n  \
         points this game: seat 0 +12, seat 1 -12"
    );
    assert!(
        text.starts_with(&game.outcome().unwrap().to_string()),
        "{text}"
    );
}

/// The real-time Da calls report through the same kind of sink; refused ones report nothing.
#[test]
fn real_time_da_calls_report_their_events() {
    let rules = Rules::default();
    // Play on until a Da window opens.
    let mut game = Zaagox::new(&rules, 3, Seed::from(3)).unwrap();
    let mut player = cards_core::RandomPlayer::new(Seed::from(3));
    let mut buf = Vec::new();
    while !matches!(game.phase(), zaagox::Phase::Da { .. }) {
        let action = player.choose(&game, &mut buf).expect("a Da window");
        game.play(action).unwrap();
    }
    let zaagox::Phase::Da { discarder, .. } = game.phase() else {
        unreachable!()
    };
    let discard = game.discard().unwrap();
    // The last eligible seat: when several are, not the one being asked.
    let claimant = game.da_eligible().last().unwrap();
    let card = game
        .hand(claimant)
        .iter()
        .find(|d| d.number() == discard.number())
        .unwrap();
    let mut events = Vec::new();
    let mut refused = game.clone();
    assert!(refused.claim_da(discarder, card, &mut events).is_err());
    assert!(events.is_empty() && refused == game);

    let before = game.clone();
    let mut closed = game.clone();
    let mut closed_events = Vec::new();
    closed.close_da(&mut closed_events).unwrap();
    assert_eq!(closed_events[0], Event::DaClosed);
    assert!(
        matches!(closed_events.last(), Some(Event::Drew { .. })),
        "{closed_events:?}"
    );
    let mut silent = game.clone();
    silent.close_da(&mut NoEvents).unwrap();
    assert_eq!(silent, closed);

    events.clear();
    game.claim_da(claimant, card, &mut events).unwrap();
    assert_eq!(
        events[0],
        Event::DaClaimed {
            seat: claimant,
            card,
            discard
        }
    );
    assert_eq!(
        events[0].to_string(),
        format!("seat {claimant} called Da with {card} and paired it with the discard {discard}")
    );
    // Every view follows a real-time call, whoever was being asked.
    for (after, events) in [(&game, &events), (&closed, &closed_events)] {
        for seat in (0..=3).filter_map(PlayerId::from_index) {
            let mut view = before.view(seat);
            for event in events.iter() {
                Zaagox::observe(&mut view, &Zaagox::redact(&rules, event, seat)).unwrap();
            }
            assert_eq!(view, after.view(seat));
        }
    }
}

#[test]
fn observe_refuses_an_event_that_does_not_fit() {
    let rules = Rules::default();
    let game = Zaagox::new(&rules, 2, Seed::from(5)).unwrap();
    let mut start = Vec::new();
    game.start_events(&mut start);
    let seat = PlayerId(0);
    let view = follow_all(&rules, 2, &start, seat);
    let not_mine = DidoCard::ALL
        .into_iter()
        .find(|&d| !game.hand(seat).contains(d))
        .unwrap();
    for wrong in [
        // A card this seat does not hold.
        Event::Discarded {
            seat,
            card: not_mine,
        },
        // A seat not at the table.
        Event::Drew {
            seat: PlayerId(3),
            card: None,
        },
        // Its own draw hidden.
        Event::Drew { seat, card: None },
        // A second deal.
        start[0].clone(),
        // No discard lies out.
        Event::DiscardBuried { card: not_mine },
        // A pair of two numbers.
        Event::Paired {
            seat: PlayerId(1),
            cards: [c("A1"), c("A2")],
        },
        // Storing from a pair that is not there.
        Event::Stored {
            seat,
            card: c("A1"),
            other: c("S1"),
            ageing: Cards::Shown(vec![]),
        },
    ] {
        let mut followed = view.clone();
        assert!(
            Zaagox::observe(&mut followed, &wrong).is_err(),
            "{wrong} was followed"
        );
        assert_eq!(followed, view, "{wrong} changed the view");
    }
    // A deal on a blank view of another table size.
    let mut other = Zaagox::blank_view(&rules, 3, seat);
    let before = other.clone();
    assert!(Zaagox::observe(&mut other, &start[0]).is_err());
    assert_eq!(other, before);
}

/// `observe` never panics and leaves the view as it was when it refuses: every event of one
/// game followed, out of place, by the views of another game, and a deal of absurd counts.
#[test]
fn observe_survives_events_out_of_place() {
    let rules = Rules::default();
    let mut played = Vec::new();
    let mut game = Zaagox::new(&rules, 3, Seed::from(11)).unwrap();
    game.start_events(&mut played);
    let mut player = cards_core::RandomPlayer::new(Seed::from(11));
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&game, &mut buf) {
        game.play_reporting(action, &mut played).unwrap();
    }
    let (mut refused, mut followed) = (0, 0);
    for players in Rules::PLAYERS {
        let other = Zaagox::new(&rules, players, Seed::from(12)).unwrap();
        for seat in (0..=players).filter_map(PlayerId::from_index) {
            let mut view = other.view(seat);
            for event in &played {
                let before = view.clone();
                match Zaagox::observe(&mut view, &Zaagox::redact(&rules, event, seat)) {
                    Ok(()) => followed += 1,
                    Err(_) => {
                        assert_eq!(view, before, "a refused {event} changed the view");
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(
        refused > 100 && followed > 0,
        "{refused} refused, {followed} followed"
    );
    let absurd: Event = serde_json::from_value(json!({
        "event": "dealt", "hands": [u64::MAX, u64::MAX], "pile": u64::MAX
    }))
    .unwrap();
    let mut blank = Zaagox::blank_view(&rules, 2, PlayerId(2));
    assert!(Zaagox::observe(&mut blank, &absurd).is_err());
    assert_eq!(blank, Zaagox::blank_view(&rules, 2, PlayerId(2)));
    let mut huge = Zaagox::blank_view(&rules, usize::MAX, PlayerId(0));
    assert_eq!(huge.players, Rules::MAX_PLAYERS);
    assert!(Zaagox::observe(&mut huge, &absurd).is_err());
}

/// A settlement from anywhere holding `i64::MIN` (whose negation `i64` has not): the end's
/// sentence is written without overflow (a panic in a debug build) and names the amount.
#[test]
fn an_end_with_the_most_negative_settlement() {
    let (_, events) = ended();
    let mut end = serde_json::to_value(&events[0]).unwrap();
    assert_eq!(end["settlement"], json!([12, -12]));
    end["settlement"] = json!([i64::MAX, i64::MIN]);
    let event: Event = serde_json::from_value(end).unwrap();
    let text = event.to_string();
    assert!(
        text.contains("\n  seat 1 pays seat 0 9223372036854775808 points\n"),
        "{text}"
    );
    assert!(
        text.ends_with("seat 0 +9223372036854775807, seat 1 -9223372036854775808"),
        "{text}"
    );
    let _ = format!("{event:#}");
}

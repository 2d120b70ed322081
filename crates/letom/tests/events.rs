//! The events of a deal and of a match held to the frame's contract
//! (`cards_testkit::events::check`: every seat's view rebuilt from its redacted events, no
//! card it may not know in any of them), and a few worked situations pinned exactly.

use cards_core::{CardSet, DidoCard, Game, GameEvent, PlayerId, Seed};
use cards_testkit::events::{Report, check};
use letom::{Dealing, Event, Hand, Letom, LetomMatch, NagariCause, Outcome, Phase, Rules};

use crate::common::flipped;

/// What `seat` may not know of `deal` (`docs/letom.md`, "What each player may see"): the other
/// seats' hands, less the cards they revealed (shaken and not yet played; a chongtong's four),
/// and the stock, less the Guã the seller showed. A seller knows its own cards went under the
/// stock but not which stock cards they are once play has moved them on; the state does not
/// say which they were, so for the seller only the hands are secret.
fn secret(deal: &Letom, seat: PlayerId) -> CardSet<DidoCard> {
    let n = deal.num_players();
    let mut hidden = Hand::EMPTY;
    for other in PlayerId::all(n).filter(|&p| p != seat) {
        let mut hand = deal.hand(other) - deal.shaken(other);
        let revealed = match deal.outcome() {
            Some(Outcome::Chongtong { winner, .. }) => winner == other,
            Some(Outcome::Nagari {
                cause: NagariCause::DoubleChongtong,
            }) => true,
            _ => false,
        };
        if revealed {
            for number in 0..9 {
                let four = hand.iter().filter(|c| c.number() == number).count() == 4;
                if four {
                    hand = hand.iter().filter(|c| c.number() != number).collect();
                }
            }
        }
        hidden |= hand;
    }
    if deal.seller() != Some(seat) {
        hidden |= deal.stock().into_iter().collect::<Hand>() - deal.shown_guang();
    }
    hidden
}

/// [`secret`] for a match's deal, except right after an action that ended a deal and dealt the
/// next: the check judges every event of the action against the state after it, and the ended
/// deal's events name cards (its floor, its captures) that the new deal may deal into a hidden
/// hand. Until a card of the new deal moves, nothing is held secret (the one-deal check covers
/// the deal's own start events).
fn match_secret(m: &LetomMatch, seat: PlayerId) -> CardSet<DidoCard> {
    let deal = m.deal();
    let n = deal.num_players();
    let players = n - usize::from(deal.rules().sells(n));
    let untouched = PlayerId::all(n).all(|p| deal.captured(p).is_empty())
        && deal.floor().len() == letom::table(players).0;
    if m.deal_number() > 0 && untouched {
        CardSet::EMPTY
    } else {
        secret(deal, seat)
    }
}

fn seeds(n: u64) -> impl Iterator<Item = Seed> {
    (0..n).map(Seed::from)
}

fn selling() -> Rules {
    Rules {
        gwang_selling: true,
        stake: 2,
        ..Rules::default()
    }
}

fn assert_covers(report: &Report, what: &str) {
    assert!(
        report.secrets > 0,
        "{what}: no secret card was ever checked"
    );
    assert!(report.redacted > 0, "{what}: no event was ever redacted");
    assert!(report.refused > 0, "{what}: no illegal action was tried");
}

#[test]
fn deals_report_what_each_seat_may_know() {
    for (name, rules) in [
        ("default", Rules::default()),
        ("selling", selling()),
        ("flipped", flipped()),
    ] {
        for players in Rules::PLAYERS {
            let report = check::<Letom>(&rules, players, seeds(60), secret)
                .unwrap_or_else(|v| panic!("{name}: {v}"));
            assert_covers(&report, name);
        }
    }
}

#[test]
fn matches_report_what_each_seat_may_know() {
    for (name, rules) in [("default", Rules::default()), ("flipped", flipped())] {
        let rules = Rules { deals: 4, ..rules };
        for players in Rules::PLAYERS {
            let report = check::<LetomMatch>(&rules, players, seeds(12), match_secret)
                .unwrap_or_else(|v| panic!("{name}: {v}"));
            assert_covers(&report, name);
        }
    }
}

/// The oracle's trace built from the events alone, as the CLI builds it for any game: a deal
/// event for every [`GameEvent::deal`], a decision for every action, a score event for every
/// [`GameEvent::score`].
fn trace(rules: &Rules, players: usize, seed: u64) -> serde_json::Value {
    let mut state = Letom::new(rules, players, Seed::from(seed)).unwrap();
    let mut out = Vec::new();
    let told = |events: &[Event], out: &mut Vec<serde_json::Value>| {
        for e in events {
            if let Some(deal) = e.deal() {
                out.push(serde_json::json!({ "deal": deal }));
            }
            if let Some(score) = e.score() {
                out.push(serde_json::json!({ "score": score }));
            }
        }
    };
    let mut events = Vec::new();
    state.start_events(&mut events);
    told(&events, &mut out);
    let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
    let (mut buf, mut legal) = (Vec::new(), Vec::new());
    while let Some(action) = player.choose(&state, &mut buf) {
        state.legal_actions(&mut legal);
        let listed: Vec<String> = legal.iter().map(ToString::to_string).collect();
        out.push(serde_json::json!({
            "seat": state.to_act().unwrap().index(),
            "legal": listed,
            "action": action.to_string(),
        }));
        events.clear();
        state.play_reporting(action, &mut events).unwrap();
        told(&events, &mut out);
    }
    serde_json::Value::Array(out)
}

/// The events give exactly the recorded `letom.trace` answers of the CLI's golden file (65
/// deals, five of them ended at the deal): deal forms, decisions and score events.
#[test]
fn the_trace_read_off_the_events_is_the_recorded_one() {
    let golden = include_str!("../../cli/tests/golden/letom_playout.jsonl");
    let mut lines = 0;
    for line in golden.lines() {
        let g: serde_json::Value = serde_json::from_str(line).unwrap();
        let players = g["players"].as_u64().unwrap() as usize;
        let seed = g["seed"].as_u64().unwrap();
        assert_eq!(
            trace(&Rules::default(), players, seed),
            g["events"],
            "{players} players, seed {seed}"
        );
        lines += 1;
    }
    assert_eq!(lines, 65);
}

/// Seed 0 at two players (the golden trace's first deal): seat 0 plays A6 onto P6, flips G4
/// with two floor cards of its number, and takes S4.
#[test]
fn a_capture_and_a_choice_for_the_flip_are_told_in_order() {
    let mut deal = Letom::new(&Rules::default(), 2, Seed::from(0)).unwrap();
    let mut events = Vec::new();
    deal.play_reporting("play A6".parse().unwrap(), &mut events)
        .unwrap();
    let told: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(
        told,
        [
            "seat 0 played A6 onto P6",
            "seat 0 flipped G4",
            "seat 0 took A6 P6",
            "two floor cards match the flipped G4: seat 0 chooses which to take",
        ]
    );
    assert_eq!(
        serde_json::to_string(&events[0]).unwrap(),
        r#"{"event":"played","seat":0,"card":"A6","onto":"P6"}"#
    );
    assert_eq!(
        serde_json::to_string(&events[3]).unwrap(),
        r#"{"event":"take_offered","seat":0,"card":"G4","rewards":0,"last":false,"bombed":false}"#
    );
    events.clear();
    deal.play_reporting("take S4".parse().unwrap(), &mut events)
        .unwrap();
    let told: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(
        told,
        [
            "seat 0 took S4 G4",
            "seat 0's turn is over: it has 0 base points",
            "seat 1 to play",
        ]
    );
}

/// The deal event is the trace's deal form unredacted; for another seat its hands and the
/// stock are sizes, and it is no longer a trace deal.
#[test]
fn the_deal_is_hidden_as_each_seat_may_see_it() {
    let deal = Letom::new(&Rules::default(), 2, Seed::from(0)).unwrap();
    let mut events = Vec::new();
    deal.start_events(&mut events);
    let Event::Dealt(dealing) = &events[0] else {
        panic!("the start begins with the deal: {events:?}");
    };
    let form = r#"{"dealer":0,"hands":[["S3","P8","S0","P0","G3","A6","G2"],["G6","S1","S5","G7","P7","G1","S6"]],"floor":["P5","A4","S4","A2","A5","S8","P6","P2"],"stock":["G4","A0","G0","G5","P1","P3","S7","P4","A1","S2","A3","A8","A7","G8"]}"#;
    assert_eq!(
        serde_json::to_string(events[0].deal().unwrap()).unwrap(),
        form
    );
    assert!(matches!(dealing, Dealing::Table { .. }));
    let seen = Letom::redact(deal.rules(), &events[0], PlayerId(1));
    assert_eq!(
        serde_json::to_string(&seen).unwrap(),
        r#"{"event":"dealt","dealer":0,"hands":[7,["G6","S1","S5","G7","P7","G1","S6"]],"floor":["P5","A4","S4","A2","A5","S8","P6","P2"],"stock":14}"#
    );
    assert_eq!(seen.deal(), None);
    assert_eq!(
        seen.to_string(),
        "seat 0 deals: the floor P5 A4 S4 A2 A5 S8 P6 P2; seat 0 holds 7 cards; \
         seat 1 holds G6 S1 S5 G7 P7 G1 S6; the stock 14 cards"
    );
    // An onlooker sees no hand.
    let onlooker = Letom::redact(deal.rules(), &events[0], PlayerId(2));
    assert!(
        serde_json::to_string(&onlooker)
            .unwrap()
            .contains(r#""hands":[7,7]"#)
    );
}

/// A deal's last action ends it with the score event: each seat's base points, the returns
/// and the settlement's steps.
#[test]
fn the_end_of_a_deal_is_scored() {
    let mut deal = Letom::new(&Rules::default(), 2, Seed::from(0)).unwrap();
    let mut player = cards_core::RandomPlayer::new(Seed::from(0));
    let mut buf = Vec::new();
    let mut events = Vec::new();
    while let Some(action) = player.choose(&deal, &mut buf) {
        events.clear();
        deal.play_reporting(action, &mut events).unwrap();
    }
    let Some(Event::DealEnded(end)) = events.last() else {
        panic!("the last action ends the deal: {events:?}");
    };
    assert_eq!(end.returns, [30, -30]);
    assert_eq!(Some(end.score.as_slice()), events.last().unwrap().score());
    let base: Vec<i64> = PlayerId::all(2)
        .map(|p| i64::from(deal.base_points(p)))
        .collect();
    assert_eq!(end.score, base);
    assert_eq!(end.settlement, deal.settlement_details());
    // The sentence itemises the payment: (13 + 2 Ren) × 2 for the gwang-bak = 30.
    assert_eq!(base, [13, 0]);
    assert_eq!(
        events.last().unwrap().to_string(),
        "seat 0 stopped (Tom) and wins with 13 base points (Guã 4, Hõdan 3, Pie 3, Dan 1, Ÿnkt 2)\n  \
         seat 1 pays seat 0 30 points: (13 base points + 2 for 2 Ren) × 2 (gwang-bak)\n  \
         points this deal: seat 0 +30, seat 1 -30; base points seat 0 13, seat 1 0"
    );
    // The screen at the end tells the same payments, from the view alone.
    for seat in PlayerId::all(2) {
        let screen = deal.view(seat).to_string();
        assert!(
            screen.ends_with(
                "seat 1 pays seat 0 30 points: (13 base points + 2 for 2 Ren) × 2 (gwang-bak)\n\
                 points this deal: seat 0 +30, seat 1 -30"
            ),
            "{screen}"
        );
        assert_eq!(deal.view(seat).deal_end().as_ref(), Some(&**end));
    }
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TomCalled { .. } | Event::Stopped { .. }))
    );
}

/// Gwang-selling with the reshuffle: the seller's cards go under the stock (hidden from the
/// others), and the reshuffled stock is a deal event that no seat sees.
#[test]
fn a_sale_hides_the_sold_cards_and_the_reshuffled_stock() {
    let rules = Rules {
        gwang_selling: true,
        reshuffle_sold: true,
        ..Rules::default()
    };
    let mut deal = Letom::new(&rules, 3, Seed::from(4)).unwrap();
    let Phase::Sale { seat } = deal.phase() else {
        panic!("a sale first");
    };
    let mut events = Vec::new();
    deal.play_reporting(letom::Action::Sell, &mut events)
        .unwrap();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| match e {
            Event::Sold { .. } => "sold",
            Event::UnderStock { .. } => "under",
            Event::Dealt(Dealing::Stock { .. }) => "stock",
            Event::TurnBegins { .. } => "turn",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["sold", "under", "stock", "turn"]);
    let other = PlayerId((seat.index() as u8 + 1) % 3);
    let Event::UnderStock { cards, .. } = Letom::redact(&rules, &events[1], other) else {
        panic!()
    };
    assert_eq!(cards.shown(), None);
    let Event::UnderStock { cards, .. } = Letom::redact(&rules, &events[1], seat) else {
        panic!()
    };
    assert_eq!(cards.len(), 7, "dealt as at a table of two");
    assert!(cards.shown().is_some(), "the seller knows its own cards");
    assert!(events[2].deal().is_some());
    for s in 0..4 {
        assert_eq!(Letom::redact(&rules, &events[2], PlayerId(s)).deal(), None);
    }
}

/// An event that does not fit the view is refused, and the view is left as it was.
#[test]
fn observe_refuses_an_event_that_does_not_fit() {
    let deal = Letom::new(&Rules::default(), 2, Seed::from(0)).unwrap();
    let mut view = Letom::blank_view(deal.rules(), 2, PlayerId(1));
    let mut events = Vec::new();
    deal.start_events(&mut events);
    for e in &events {
        Letom::observe(&mut view, &Letom::redact(deal.rules(), e, PlayerId(1))).unwrap();
    }
    assert_eq!(view, deal.view(PlayerId(1)));
    let before = view.clone();
    // Seat 1 does not hold A6 (seat 0 does), and seat 5 is not at the table.
    let card = "A6".parse().unwrap();
    for wrong in [
        Event::Played {
            seat: PlayerId(1),
            card,
            onto: None,
        },
        Event::TurnBegins { seat: PlayerId(5) },
        Event::DealBegins { number: 1 },
        Event::Captured {
            seat: PlayerId(0),
            cards: Hand::single(card),
        },
    ] {
        assert!(Letom::observe(&mut view, &wrong).is_err(), "{wrong}");
        assert_eq!(view, before, "{wrong}");
    }
    // A match refuses a deal's event that does not fit its deal, too.
    let game = LetomMatch::new(&Rules::default(), 2, Seed::from(0)).unwrap();
    let mut view = LetomMatch::blank_view(game.rules(), 2, PlayerId(0));
    let before = view.clone();
    let wrong = Event::Booked {
        totals: vec![0; 3],
        wins: vec![0; 3],
        nagaris: 0,
        deal: None,
    };
    assert!(LetomMatch::observe(&mut view, &wrong).is_err());
    assert_eq!(view, before);
}

/// Follows `events` from the blank view of every seat and an onlooker, and compares with the
/// game's views; no redacted event names a secret card.
fn rebuilt_from<G: Game<Event = Event>>(
    game: &G,
    events: &[Event],
    secret: impl Fn(&G, PlayerId) -> CardSet<DidoCard>,
) {
    let n = game.num_players();
    for seat in (0..=n).map(|s| PlayerId(s as u8)) {
        let mut view = G::blank_view(game.rules(), n, seat);
        for e in events {
            let seen = G::redact(game.rules(), e, seat);
            let named =
                cards_testkit::events::cards_in::<DidoCard>(&serde_json::to_value(&seen).unwrap());
            assert!(
                (named & secret(game, seat)).is_empty(),
                "{seen} for seat {seat}"
            );
            G::observe(&mut view, &seen).unwrap();
        }
        assert_eq!(view, game.view(seat), "seat {seat}");
    }
}

/// A position set up (not fresh from a deal) is told at once, and its events rebuild every
/// seat's view, at every step of seeded deals and matches.
#[test]
fn a_position_set_up_is_told_at_once() {
    for rules in [selling(), flipped()] {
        for players in Rules::PLAYERS {
            let rules = Rules { deals: 3, ..rules };
            for seed in 0..6u64 {
                let mut deal = Letom::new(&rules, players, Seed::from(seed)).unwrap();
                let mut game = LetomMatch::new(&rules, players, Seed::from(seed)).unwrap();
                let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
                let mut buf = Vec::new();
                loop {
                    let set_up = Letom::from_setup(&rules, deal.setup()).unwrap();
                    let mut events = Vec::new();
                    set_up.start_events(&mut events);
                    assert!(matches!(events[..], [Event::Position(_)]), "{events:?}");
                    rebuilt_from(&set_up, &events, secret);
                    let set_up = LetomMatch::from_setup(&rules, game.setup()).unwrap();
                    events.clear();
                    set_up.start_events(&mut events);
                    rebuilt_from(&set_up, &events, match_secret);
                    let Some(action) = player.choose(&deal, &mut buf) else {
                        break;
                    };
                    deal.play(action).unwrap();
                    if let Some(action) = player.choose(&game, &mut buf) {
                        game.play(action).unwrap();
                    }
                }
            }
        }
    }
}

/// Events of one deal given to the views of others (another seed, another table, a view whose
/// lists were tampered with) are refused or followed, never a panic.
#[test]
fn observe_never_panics_on_events_that_do_not_fit() {
    let rules = flipped();
    let mut events = Vec::new();
    let mut deal = Letom::new(&rules, 4, Seed::from(7)).unwrap();
    deal.start_events(&mut events);
    let mut player = cards_core::RandomPlayer::new(Seed::from(7));
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&deal, &mut buf) {
        deal.play_reporting(action, &mut events).unwrap();
    }
    let mut refused = 0;
    for players in Rules::PLAYERS {
        let other = Letom::new(&rules, players, Seed::from(8)).unwrap();
        let mut tampered = other.view(PlayerId(0));
        tampered.public.pot.clear();
        tampered.public.captured.push(Hand::EMPTY);
        for mut view in [other.view(PlayerId(1)), tampered] {
            for e in &events {
                let before = view.clone();
                if Letom::observe(&mut view, e).is_err() {
                    refused += 1;
                    assert_eq!(view, before);
                }
            }
        }
    }
    assert!(refused > 0);
}

/// Every deal's end, over random deals (gwang-selling with the stake, `go-stop` rules, 2–4
/// players): the payment lines' amounts are what the returns say (each payer's line, the
/// winner's total, the sale), and every seat's screen at the end tells the same settlement as
/// the event, from its view alone.
#[test]
fn every_deal_end_itemises_what_the_returns_say() {
    let amount = |line: &str, after: &str| -> i64 {
        let rest = &line[line.find(after).unwrap() + after.len()..];
        rest.split(' ').next().unwrap().parse().unwrap()
    };
    let mut kinds = [0; 4];
    for rules in [Rules::default(), selling(), Rules::go_stop()] {
        for players in 2..=4 {
            for seed in 0..40u64 {
                let mut deal = Letom::new(&rules, players, Seed::from(seed)).unwrap();
                let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
                let mut buf = Vec::new();
                let mut events = Vec::new();
                deal.start_events(&mut events);
                while let Some(action) = player.choose(&deal, &mut buf) {
                    deal.play_reporting(action, &mut events).unwrap();
                }
                let Some(Event::DealEnded(end)) = events.last() else {
                    panic!("the last event ends the deal");
                };
                let lines = end.lines(false);
                let mut paid = vec![0i64; players];
                for line in &lines {
                    if let Some(w) = line.strip_prefix("독박: seat ") {
                        let payer: usize = w[..1].parse().unwrap();
                        paid[payer] += amount(line, " all ");
                        kinds[0] += 1;
                    } else if line.contains(" pays seat ") {
                        // `seat P pays seat W N points: …`
                        let payer: usize = line[5..6].parse().unwrap();
                        let rest = &line[line.find(" pays seat ").unwrap() + 11..];
                        paid[payer] += rest.split(' ').nth(1).unwrap().parse::<i64>().unwrap();
                        kinds[1] += 1;
                    } else if line.contains(" each pay it ") {
                        kinds[2] += 1;
                    }
                }
                if let Some(sale) = end.sale {
                    for (s, p) in paid.iter_mut().enumerate() {
                        if s != sale.seller.index() {
                            *p += sale.each;
                        }
                    }
                }
                for (s, &p) in paid.iter().enumerate() {
                    if end.returns[s] < 0 {
                        assert_eq!(-end.returns[s], p, "{seed} {players} {lines:?}");
                    }
                }
                if end.outcome.winner().is_none() {
                    kinds[3] += 1;
                }
                assert_eq!(
                    lines.last().unwrap(),
                    &format!(
                        "points this deal: {}; base points {}",
                        (0..players)
                            .map(|s| format!("seat {s} {:+}", end.returns[s]))
                            .collect::<Vec<_>>()
                            .join(", "),
                        (0..players)
                            .map(|s| format!("seat {s} {}", end.score[s]))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                );
                for seat in PlayerId::all(players) {
                    assert_eq!(deal.view(seat).deal_end().as_ref(), Some(&**end));
                }
            }
        }
    }
    // 독박, plain payments, sales and nagaris all came up.
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
}

/// Events from anywhere with the largest deal number: the sentences are written without
/// overflow (a panic in a debug build) and name the deal the number says.
#[test]
fn sentences_of_the_largest_deal_number() {
    let text = |json: serde_json::Value| -> String {
        let event: Event = serde_json::from_value(json).unwrap();
        assert_eq!(format!("{event:#}"), event.to_string());
        event.to_string()
    };
    let begins = text(serde_json::json!({"event": "deal_begins", "number": u32::MAX}));
    assert_eq!(begins, "deal 4294967296 begins");
    let booked = text(serde_json::json!({
        "event": "booked",
        "totals": [3, -3],
        "wins": [1, 0],
        "nagaris": 0,
        "deal": {
            "number": u32::MAX,
            "returns": [3, -3],
            "staked": [0, 0],
            "pot_taken": [0, 0],
            "pot_left": 0
        }
    }));
    assert_eq!(
        booked,
        "match totals: seat 0 +3, seat 1 -3, after deal 4294967296\n  \
         this deal: seat 0 +3, seat 1 -3\n  deals won: seat 0 1, seat 1 0 · nagari deals 0"
    );
}

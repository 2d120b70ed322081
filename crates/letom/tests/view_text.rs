//! The terminal's text of Letom: the views' screens (`Display` of [`View`] and [`MatchView`]),
//! the `{:#}` forms of actions and events, and the game's terms ([`GameEvent::TERMS`]).
//! Nothing hidden may show: every card a screen names is one its view holds, and every card an
//! event's sentence names is one the seat sees once it has observed the event.

use core::cell::RefCell;
use core::fmt::Display;

use cards_core::{CardSet, DidoCard, Game, GameEvent, PlayerId, RandomPlayer, Seed};
use cards_testkit::events::cards_in;
use letom::{Action, Event, Letom, LetomMatch, MatchView, Rules, View};
use serde_json::Value;

use crate::common::flipped;

/// The rule sets the texts are drawn under: the defaults, gwang-selling with a stake, every
/// option flipped.
fn rule_sets() -> [(&'static str, Rules); 3] {
    [
        ("default", Rules::default()),
        (
            "selling",
            Rules {
                gwang_selling: true,
                stake: 2,
                ..Rules::default()
            },
        ),
        ("flipped", flipped()),
    ]
}

/// The cards a text names: every word that parses as a card (words split at whitespace and
/// punctuation, as `cards_in` splits them).
fn named(text: &str) -> CardSet<DidoCard> {
    cards_in(&Value::String(text.to_owned()))
}

/// The cards a value's JSON holds.
fn held(value: &impl serde::Serialize) -> CardSet<DidoCard> {
    cards_in(&serde_json::to_value(value).expect("JSON"))
}

/// `text` with every card word written in the plain notation: the structure `{:#}` must keep.
fn normalised(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| match w.parse::<DidoCard>() {
            Ok(card) => card.to_string(),
            Err(_) => w.to_owned(),
        })
        .collect()
}

/// The screen's form: lines of text, none empty, none over 100 columns, no trailing newline.
fn check_form(text: &str, what: &str) {
    assert!(!text.is_empty(), "{what}: an empty screen");
    assert!(!text.ends_with('\n'), "{what}: a trailing newline:\n{text}");
    for line in text.lines() {
        assert!(!line.trim().is_empty(), "{what}: a blank line:\n{text}");
        assert!(
            line.chars().count() <= 100,
            "{what}: a line over 100 columns:\n{line}"
        );
        assert_eq!(line, line.trim_end(), "{what}: trailing spaces:\n{text}");
    }
}

/// Checks one seat's screen against its view: nothing named that the view does not hold, the
/// whole hand named, the same text under `{:#}` once cards are normalised.
fn check_screen<V: Display + serde::Serialize>(view: &V, hand: &[DidoCard], what: &str) {
    let plain = view.to_string();
    let alt = format!("{view:#}");
    check_form(&plain, what);
    check_form(&alt, what);
    assert_eq!(
        normalised(&plain),
        normalised(&alt),
        "{what}: {{:#}} changed the screen"
    );
    let holds = held(view);
    for text in [&plain, &alt] {
        let leaked = named(text) - holds;
        assert!(
            leaked.is_empty(),
            "{what}: the screen names {leaked}, which the view does not hold:\n{text}"
        );
        for card in hand {
            assert!(
                named(text).contains(*card),
                "{what}: the hand card {card} is not on the screen:\n{text}"
            );
        }
    }
}

/// Plays `state` at random from `seed`, calling `each` with the state before every action and
/// once at the end, and `told` with the events of the start and of every action.
fn walk<G: Game<Action = Action, Event = Event>>(
    mut state: G,
    seed: u64,
    mut each: impl FnMut(&G),
    mut told: impl FnMut(&G, &[Event]),
) {
    let mut events = Vec::new();
    state.start_events(&mut events);
    told(&state, &events);
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0x7e87));
    let mut buf = Vec::new();
    loop {
        each(&state);
        let Some(action) = player.choose(&state, &mut buf) else {
            break;
        };
        events.clear();
        state
            .play_reporting(action, &mut events)
            .expect("a legal action applies");
        told(&state, &events);
    }
}

/// The events' sentences as each seat gets them: every card a redacted event names is one
/// the seat held in its view before the event or holds after observing it (a chongtong's four
/// cards are shown to all by the rules, and the event names them).
fn check_events<G: Game<Action = Action, Event = Event>>(
    rules: &G::Rules,
    players: usize,
    what: &str,
) -> impl FnMut(&G, &[Event])
where
    G::View: serde::Serialize,
{
    let mut views: Vec<G::View> = PlayerId::all(players)
        .map(|p| G::blank_view(rules, players, p))
        .collect();
    // What each view held before the event.
    let mut holds: Vec<CardSet<DidoCard>> = views.iter().map(held).collect();
    let rules = rules.clone();
    let what = what.to_owned();
    move |_, events| {
        for event in events {
            for (s, view) in views.iter_mut().enumerate() {
                let seat = PlayerId(s as u8);
                let told = G::redact(&rules, event, seat);
                G::observe(view, &told).unwrap_or_else(|e| panic!("{what}: {e}"));
                let after = held(view);
                let mut visible = holds[s] | after;
                holds[s] = after;
                if let Event::Chongtong { cards, .. } = told {
                    visible |= cards;
                }
                let plain = told.to_string();
                let alt = format!("{told:#}");
                assert_eq!(normalised(&plain), normalised(&alt), "{what}: {plain}");
                for text in [&plain, &alt] {
                    let leaked = named(text) - visible;
                    assert!(
                        leaked.is_empty(),
                        "{what}: seat {seat} is told {leaked}, which it may not see: {text}"
                    );
                }
            }
        }
    }
}

#[test]
fn deal_screens_and_sentences_show_nothing_hidden() {
    for (name, rules) in rule_sets() {
        for players in Rules::PLAYERS {
            for seed in 0..12 {
                let what = format!("{name}, {players} players, seed {seed}");
                let deal = Letom::new(&rules, players, Seed::from(seed)).unwrap();
                walk(
                    deal,
                    seed,
                    |deal: &Letom| {
                        // Every seat, and an onlooker (a seat not at the table).
                        for p in 0..=players {
                            let view: View = deal.view(PlayerId(p as u8));
                            check_screen(&view, &view.hand, &format!("{what}, seat {p}"));
                        }
                    },
                    check_events::<Letom>(&rules, players, &what),
                );
            }
        }
    }
}

#[test]
fn match_screens_and_sentences_show_nothing_hidden() {
    for (name, rules) in rule_sets() {
        let rules = Rules { deals: 3, ..rules };
        for players in Rules::PLAYERS {
            for seed in 0..2 {
                let what = format!("{name} match, {players} players, seed {seed}");
                let game = LetomMatch::new(&rules, players, Seed::from(seed)).unwrap();
                walk(
                    game,
                    seed,
                    |game: &LetomMatch| {
                        for p in 0..players {
                            let view: MatchView = game.view(PlayerId(p as u8));
                            check_screen(&view, &view.deal.hand, &format!("{what}, seat {p}"));
                        }
                    },
                    check_events::<LetomMatch>(&rules, players, &what),
                );
            }
        }
    }
}

#[test]
fn blank_views_have_a_screen_too() {
    for players in Rules::PLAYERS {
        for p in 0..=players {
            let seat = PlayerId(p as u8);
            let view = Letom::blank_view(&Rules::default(), players, seat);
            check_screen(&view, &[], &format!("blank, {players} players, seat {p}"));
            let view = LetomMatch::blank_view(&Rules::default(), players, seat);
            check_screen(
                &view,
                &[],
                &format!("blank match, {players} players, seat {p}"),
            );
        }
    }
}

#[test]
fn actions_keep_their_notation_under_the_alternate_flag() {
    for index in 0..Action::COUNT {
        let Some(action) = Action::from_index(index) else {
            continue;
        };
        let (plain, alt) = (action.to_string(), format!("{action:#}"));
        assert_eq!(normalised(&plain), normalised(&alt), "{plain}");
        assert_eq!(plain.parse::<Action>(), Ok(action));
    }
}

/// Every text the games of a fixed set of seeds show: each seat's screens and the sentences
/// it is told (and the sentences in full).
fn texts(each: impl FnMut(&str)) {
    let each = RefCell::new(each);
    let each = |text: &str| (each.borrow_mut())(text);
    for (_, rules) in rule_sets() {
        for players in Rules::PLAYERS {
            for seed in 0..40 {
                let deal = Letom::new(&rules, players, Seed::from(seed)).unwrap();
                let mut step = 0;
                walk(
                    deal,
                    seed,
                    |deal: &Letom| {
                        step += 1;
                        if step % 4 == 0 || deal.to_act().is_none() {
                            for p in PlayerId::all(players) {
                                each(&deal.view(p).to_string());
                            }
                        } else if let Some(p) = deal.to_act() {
                            each(&deal.view(p).to_string());
                        }
                    },
                    |_, events| {
                        for event in events {
                            each(&event.to_string());
                        }
                    },
                );
            }
        }
    }
    // Seat 0 or 1 of this two-player deal is dealt all four of a number: a chongtong.
    let deal = Letom::new(&Rules::default(), 2, Seed::from(63)).unwrap();
    assert!(matches!(
        deal.outcome(),
        Some(letom::Outcome::Chongtong { .. })
    ));
    walk(
        deal,
        63,
        |deal: &Letom| each(&deal.view(PlayerId(0)).to_string()),
        |_, events| events.iter().for_each(|e| each(&e.to_string())),
    );
    let rules = Rules {
        deals: 10,
        ..Rules::default()
    };
    for seed in 0..4 {
        let game = LetomMatch::new(&rules, 3, Seed::from(seed)).unwrap();
        walk(
            game,
            seed,
            |game: &LetomMatch| each(&game.view(PlayerId(0)).to_string()),
            |_, events| events.iter().for_each(|e| each(&e.to_string())),
        );
    }
}

#[test]
fn every_term_is_used_distinct_and_explained() {
    let terms = <Event as GameEvent>::TERMS;
    assert!(!terms.is_empty());
    for (i, t) in terms.iter().enumerate() {
        assert!(!t.meaning.trim().is_empty(), "{}: no meaning", t.word);
        assert!(
            t.meaning.ends_with('.'),
            "{}: the meaning ends without a full stop",
            t.word
        );
        assert!(
            t.meaning.chars().next().is_some_and(char::is_uppercase),
            "{}: the meaning is not a sentence",
            t.word
        );
        for u in &terms[i + 1..] {
            assert_ne!(t.word.to_lowercase(), u.word.to_lowercase(), "a word twice");
        }
    }
    let mut used = vec![false; terms.len()];
    texts(|text| {
        for (t, u) in terms.iter().zip(&mut used) {
            if !*u && t.appears_in(text) {
                *u = true;
            }
        }
    });
    let dead: Vec<&str> = terms
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(t, _)| t.word)
        .collect();
    assert!(dead.is_empty(), "terms no text uses: {dead:?}");
}

/// The worked example of `docs/letom.md` ("The screen"): three players, seed 149, seat 0
/// deciding Ren or Tom after twelve actions, with a stuck stack on the floor and seat 2's Ren.
const SCREEN: &str = "\
your call: Ren (go on) or Tom (stop)? · stock 4 cards
your hand: P1
floor: A2 · A3 S3 P3 (stuck stack) · P7 · P8
seat 0 (you): 1 in hand · 4 points (Codan 3, Dan 1)
seat 0 took: Dan G2 G4 G5 G6 · Ÿnkt P2 P4 P6 · pi S5 A6 S6 (pi value 3)
seat 1: 2 in hand · 0 points
seat 1 took: pi A4 S4 (pi value 2)
seat 2 (dealer): 1 in hand · 6 points (Guã 4, Cyñdan 2) · Ren 1 (last at 6 points)
seat 2 took: Guã A0 S0 G0 P0 · Dan G1 G7 G8 · pi A1 S7 A8 (pi value 3)
if you stop (Tom): you win 8 points; seat 1 pays 0, seat 2 pays 8 (독박: seat 2, the last loser to
  call Ren, pays alone)";

/// The worked example's actions.
const ACTIONS: [&str; 12] = [
    "play P0",
    "play G8",
    "play S4 A4",
    "play A1",
    "play G2",
    "play A2",
    "play P7",
    "play G6",
    "play A3",
    "play A8",
    "ren",
    "play P8",
];

#[test]
fn the_worked_example_screen() {
    let rules = Rules::default();
    let mut deal = Letom::new(&rules, 3, Seed::from(149)).unwrap();
    let mut game = LetomMatch::new(&rules, 3, Seed::from(149)).unwrap();
    for action in ACTIONS {
        let action: Action = action.parse().unwrap();
        deal.play(action).unwrap();
        game.play(action).unwrap();
    }
    assert_eq!(deal.to_act(), Some(PlayerId(0)));
    let view = deal.view(PlayerId(0));
    assert_eq!(view.to_string(), SCREEN);
    // Didopoikas cards have no suit symbols: the text for people is the same.
    assert_eq!(format!("{view:#}"), SCREEN);
    // A match's screen: the deal's number first, the match's tallies last.
    let screen = game.view(PlayerId(0)).to_string();
    let expected = format!(
        "deal 1 of 10 · {SCREEN}\n\
         match totals: seat 0 (you) +0, seat 1 +0, seat 2 +0\n\
         deals won: seat 0 (you) 0, seat 1 0, seat 2 0 · nagari deals 0"
    );
    assert_eq!(screen, expected);
}

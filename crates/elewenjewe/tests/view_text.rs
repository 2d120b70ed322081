//! The text a player reads in the terminal: the view's `Display` (the seat's screen), the
//! events' and actions' sentences under `{:#}`, and the game's [`Term`]s. Nothing in the text
//! names a card the seat may not know, its hand is all there, the people's form (`{:#}`, suit
//! symbols) is the plain form with the cards written differently, and every term is used.

use cards_core::{CardSet, Game, GameEvent, PlayerId, RandomPlayer, Seed, StdCard, Term};
use elewenjewe::{Action, Elewenjewe, Event, Leftovers, Rules, View};
use serde_json::Value;

/// The rule sets the properties run over: the presets and the options that add text (Esun
/// piles and penalties, Isiwo's captured cards, leftovers set aside or dealt one each, the
/// last player taking the table, a round limit, the other scoring).
fn rule_sets() -> Vec<Rules> {
    vec![
        Rules::default(),
        Rules::casual(),
        Rules::yoruba(),
        Rules {
            esun: true,
            isiwo: true,
            ..Rules::default()
        },
        Rules {
            esun: true,
            jokers: true,
            yoruba: true,
            esun_penalty: 2,
            leftovers: Leftovers::Unused,
            last_player_takes: true,
            ..Rules::default()
        },
        Rules {
            esun: true,
            leftovers: Leftovers::OneCardHand,
            scoring: elewenjewe::Scoring::MostCards,
            max_rounds: Some(2),
            ..Rules::default()
        },
    ]
}

/// The plain form of a people's text: every `10♥` back to `TH`, every suit symbol back to its
/// letter.
fn normalised(text: &str) -> String {
    let mut out = text.to_owned();
    for (symbol, letter) in [('♣', 'C'), ('♦', 'D'), ('♥', 'H'), ('♠', 'S')] {
        out = out.replace(&format!("10{symbol}"), &format!("T{letter}"));
        out = out.replace(symbol, &letter.to_string());
    }
    out
}

/// Every card a plain text names: each word between spaces and punctuation that reads as a
/// card.
fn named(text: &str) -> CardSet<StdCard> {
    text.split(|c: char| c.is_whitespace() || ",.:;()·".contains(c))
        .filter_map(|word| word.parse::<StdCard>().ok())
        .collect()
}

/// The cards a text names, checked to be the same in both forms: the people's form is the plain
/// form, word for word, once its cards are written in the notation again (its wider cards may
/// wrap a long line elsewhere).
fn named_in(thing: &impl std::fmt::Display) -> CardSet<StdCard> {
    let (plain, people) = (format!("{thing}"), format!("{thing:#}"));
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        words(&normalised(&people)),
        words(&plain),
        "the two forms differ beyond their cards (and where long lines wrap):\n{plain}\n{people}"
    );
    let named = named(&plain);
    if named.iter().any(|c| !c.is_joker()) {
        assert!(
            people.contains(['♣', '♦', '♥', '♠']),
            "no symbol in {people}"
        );
    }
    named
}

/// Every card a JSON value holds (its strings read as cards or as lists of cards).
fn in_json(value: &Value) -> CardSet<StdCard> {
    match value {
        Value::String(s) => named(s),
        Value::Array(items) => items.iter().map(in_json).fold(CardSet::EMPTY, |a, b| a | b),
        Value::Object(map) => map.values().map(in_json).fold(CardSet::EMPTY, |a, b| a | b),
        _ => CardSet::EMPTY,
    }
}

/// What `seat` may not know now: the other hands, the stock and the set-aside leftovers.
fn secret(game: &Elewenjewe, seat: PlayerId) -> CardSet<StdCard> {
    let mut hidden: CardSet<StdCard> = game.stock().iter().copied().collect();
    hidden |= game.set_aside();
    for s in PlayerId::all(game.num_players()).filter(|&s| s != seat) {
        hidden |= game.hand(s);
    }
    hidden
}

/// The view's text of every seat names only cards the view holds and that the seat may know,
/// and all of its hand.
fn check_views(game: &Elewenjewe) {
    for seat in PlayerId::all(game.num_players()) {
        let view = game.view(seat);
        let text = named_in(&view);
        let json = serde_json::to_value(&view).unwrap();
        let held = in_json(&json);
        assert!(
            text.is_subset(held),
            "{view}\nnames {} not in its view",
            text - held
        );
        let hidden = text & secret(game, seat);
        assert!(hidden.is_empty(), "{view}\nnames the hidden {hidden}");
        assert!(
            view.hand.is_subset(text),
            "{view}\nleaves out {}",
            view.hand - text
        );
        for line in view.to_string().lines().chain(format!("{view:#}").lines()) {
            assert!(line.chars().count() <= 100, "a long line: {line}");
            assert!(
                !line.trim().is_empty() && line.trim_end() == line,
                "{view:?}"
            );
        }
    }
}

/// The redacted events of one action, each told to each seat, name no card the seat may not
/// know at that moment: the state after the action (the card played is known once played,
/// a card dealt to the seat once dealt), except for an action that ends a round, which deals
/// the next: its events before the new round's deal are judged by the state before it, less
/// the card played.
fn check_events(
    before: &Elewenjewe,
    after: &Elewenjewe,
    played: Option<StdCard>,
    events: &[Event],
) {
    let new_round = events
        .iter()
        .position(|e| matches!(e, Event::Dealt(elewenjewe::Deal::Round { .. })))
        .filter(|_| played.is_some());
    for seat in PlayerId::all(after.num_players()) {
        let early = secret(before, seat) - played.map_or(CardSet::EMPTY, CardSet::single);
        let late = secret(after, seat);
        for (i, event) in events.iter().enumerate() {
            let redacted = Elewenjewe::redact(after.rules(), event, seat);
            let named = named_in(&redacted);
            let secret = match new_round {
                Some(r) if i < r => early,
                _ => late,
            };
            let hidden = named & secret;
            assert!(
                hidden.is_empty(),
                "seat {seat} is told {redacted}: {hidden} is hidden"
            );
            named_in(event);
        }
    }
}

/// Plays `games` seeded games under every rule set and player count with random legal
/// actions, checking the views after every action and the events of every action.
fn play_all(games: u64, mut each: impl FnMut(&Elewenjewe, Option<(&Action, &[Event])>)) {
    for rules in rule_sets() {
        for players in 2..=5 {
            for seed in (0..games).map(|g| Seed::from(g * 7 + players as u64)) {
                let mut game = Elewenjewe::new(&rules, players, seed).unwrap();
                let mut start = Vec::new();
                game.start_events(&mut start);
                check_events(&game, &game, None, &start);
                each(&game, None);
                let mut player = RandomPlayer::new(seed);
                let (mut buf, mut events) = (Vec::new(), Vec::new());
                while let Some(action) = player.choose(&game, &mut buf) {
                    let before = game.clone();
                    events.clear();
                    game.play_reporting(action, &mut events).unwrap();
                    check_events(&before, &game, Some(action.played()), &events);
                    each(&game, Some((&action, &events)));
                }
            }
        }
    }
}

#[test]
fn the_text_names_nothing_hidden_and_the_whole_hand() {
    play_all(3, |game, action| {
        check_views(game);
        if let Some((action, _)) = action {
            assert_eq!(normalised(&format!("{action:#}")), action.to_string());
            named_in(action);
        }
    });
}

#[test]
fn every_term_is_used_once_at_least_and_explained() {
    let terms = <Event as GameEvent>::TERMS;
    let mut used = vec![false; terms.len()];
    let mut mark = |text: String| {
        for (u, term) in used.iter_mut().zip(terms) {
            *u |= term.appears_in(&text);
        }
    };
    play_all(1, |game, action| {
        for seat in PlayerId::all(game.num_players()) {
            mark(game.view(seat).to_string());
        }
        for event in action.map_or(&[][..], |(_, events)| events) {
            mark(event.to_string());
        }
    });
    let unused: Vec<&str> = terms
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(t, _)| t.word)
        .collect();
    assert!(unused.is_empty(), "terms no text uses: {unused:?}");
    let mut words: Vec<String> = terms.iter().map(|t| t.word.to_lowercase()).collect();
    words.sort();
    words.dedup();
    assert_eq!(words.len(), terms.len(), "a word twice");
    for Term { word, meaning } in terms {
        assert!(!word.is_empty() && word.trim() == *word, "{word:?}");
        assert!(
            meaning.len() > 20 && meaning.ends_with('.'),
            "{word}: {meaning}"
        );
        assert!(!meaning.contains("  "), "{word}: {meaning}");
    }
}

/// A seeded position as its seat reads it.
fn example() -> View {
    let rules = Rules {
        esun: true,
        ..Rules::default()
    };
    let mut game = Elewenjewe::new(&rules, 3, Seed::from(3)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(3));
    let mut buf = Vec::new();
    for _ in 0..64 {
        let action = player.choose(&game, &mut buf).unwrap();
        game.play(action).unwrap();
    }
    game.view(game.to_act().unwrap())
}

/// Seat 0's screen in the second round of a three-seat game with Esun: it holds two aces and
/// a ten (its ten may take the ten of spades; an ace and the 9♦ could make a pile of 10 for
/// it), and seat 2's pile of 7 stands on the table.
#[test]
fn a_worked_example_of_the_screen() {
    let view = example();
    let plain = [
        "round 2 · seat 1 deals · seat 0 (you) to play",
        "your hand: AD AS TD",
        "table: 3C 5H 8H 9D TS JD QD",
        "Esun pile of 7 by seat 2: AH 6C 7D",
        "cards in hand: seat 0 (you) 3, seat 1 3, seat 2 2",
        "cards captured this round: seat 0 (you) 5, seat 1 2, seat 2 3",
        "to deal: 24 cards",
        "score: seat 0 (you) 2, seat 1 0, seat 2 1 · first to 5 wins",
        "scoring: 1 point for each of the layout diamonds taken, 1 for the most cards",
        "rules: Esun (a pile left standing costs its builder 1 point)",
    ];
    assert_eq!(view.to_string(), plain.join("\n"));
    let people = [
        "round 2 · seat 1 deals · seat 0 (you) to play",
        "your hand: A♦ A♠ 10♦",
        "table: 3♣ 5♥ 8♥ 9♦ 10♠ J♦ Q♦",
        "Esun pile of 7 by seat 2: A♥ 6♣ 7♦",
        "cards in hand: seat 0 (you) 3, seat 1 3, seat 2 2",
        "cards captured this round: seat 0 (you) 5, seat 1 2, seat 2 3",
        "to deal: 24 cards",
        "score: seat 0 (you) 2, seat 1 0, seat 2 1 · first to 5 wins",
        "scoring: 1 point for each of the layout diamonds taken, 1 for the most cards",
        "rules: Esun (a pile left standing costs its builder 1 point)",
    ];
    assert_eq!(format!("{view:#}"), people.join("\n"));
    let mut legal = Vec::new();
    Elewenjewe::view_legal_actions(&view, &mut legal);
    let legal: Vec<String> = legal.iter().map(ToString::to_string).collect();
    for action in [
        "capture TD: TS",
        "build AD=10: 9D",
        "build AS=10: 9D",
        "trail AS",
    ] {
        assert!(
            legal.iter().any(|a| a == action),
            "{action} not in {legal:?}"
        );
    }
}

/// The events' sentences under `{:#}`: the same words, the cards for people.
#[test]
fn events_and_actions_write_cards_for_people_under_the_alternate_flag() {
    let cards = |s: &str| -> CardSet<StdCard> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    };
    let pile = elewenjewe::Pile {
        owner: PlayerId(2),
        value: 10,
        cards: cards("AS 9C"),
    };
    let capture = Event::Captured {
        seat: PlayerId(1),
        card: "TD".parse().unwrap(),
        taken: cards("4C 6H"),
        piles: vec![pile],
    };
    assert_eq!(
        capture.to_string(),
        "seat 1 plays TD and captures 4C 6H and seat 2's pile of 10 (9C AS)."
    );
    assert_eq!(
        format!("{capture:#}"),
        "seat 1 plays 10♦ and captures 4♣ 6♥ and seat 2's pile of 10 (9♣ A♠)."
    );
    let released = Event::Released { pile, penalty: 1 };
    assert_eq!(
        format!("{released:#}"),
        "A protected pile still stands, seat 2's pile of 10 (9♣ A♠): its cards lie loose on the \
         table, and seat 2 loses 1 point (the Esun penalty)."
    );
    let build: Action = "build AS=10: 9C".parse().unwrap();
    assert_eq!(format!("{build:#}"), "build A♠=10: 9♣");
    let capture: Action = "capture TD: 4C 6H X1".parse().unwrap();
    assert_eq!(format!("{capture:#}"), "capture 10♦: 4♣ 6♥ X1");
}

/// Once the game is over, the first line says how it ended, as the outcome does.
#[test]
fn the_screen_of_a_finished_game_says_who_won() {
    for seed in (0..6).map(Seed::from) {
        let mut game = Elewenjewe::new(&Rules::default(), 3, seed).unwrap();
        let mut player = RandomPlayer::new(seed);
        let mut buf = Vec::new();
        while let Some(action) = player.choose(&game, &mut buf) {
            game.play(action).unwrap();
        }
        let outcome = game.outcome().unwrap();
        let best = outcome.totals[outcome.winners[0].index()];
        for seat in PlayerId::all(3) {
            let text = game.view(seat).to_string();
            let first = text.lines().next().unwrap();
            let s = if outcome.rounds == 1 { "" } else { "s" };
            let who: Vec<String> = outcome
                .winners
                .iter()
                .map(|&w| {
                    if w == seat {
                        format!("seat {w} (you)")
                    } else {
                        format!("seat {w}")
                    }
                })
                .collect();
            let verb = if who.len() == 1 {
                "wins"
            } else {
                "share the win"
            };
            let want = format!(
                "game over after {} round{s} · {} {verb} with {best} points",
                outcome.rounds,
                who.join(", ")
            );
            assert_eq!(first, want);
            assert!(
                text.contains("cards captured in the last round: "),
                "{text}"
            );
        }
    }
}

/// A view from anywhere with the largest round number and Esun penalty: the screen is
/// written without overflow (a panic in a debug build) and says what the numbers say.
#[test]
fn the_screen_of_extreme_numbers() {
    let mut json = serde_json::to_value(example()).unwrap();
    json["round"] = u32::MAX.into();
    json["rules"]["esun_penalty"] = u32::MAX.into();
    json["penalties"][1] = u8::MAX.into();
    let view: View = serde_json::from_value(json).unwrap();
    let text = view.to_string();
    assert!(
        text.starts_with("round 4294967296 · seat 1 deals · seat 0 (you) to play\n"),
        "{text}"
    );
    let cost = u64::from(u8::MAX) * u64::from(u32::MAX);
    assert!(
        text.contains(&format!("this round (due at its end): seat 1 -{cost}\n")),
        "{text}"
    );
    assert_eq!(normalised(&format!("{view:#}")), normalised(&text));
}

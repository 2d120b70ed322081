//! The seat's screen: the `Display` of every Jass view (nothing hidden in it, the hand all
//! there, a worked example), `{:#}` of actions, events and views (the plain text with cards
//! written for people), and the game's `TERMS`.

use std::collections::BTreeSet;
use std::fmt::Display;

use cards_core::{Game, GameEvent, JassCard, PlayerId, RandomPlayer, Seed};
use jass::{
    Action, Coiffeur, CoiffeurRules, Differenzler, DifferenzlerRules, Event, Rules, Schieber,
    SchieberDeal, Variants,
};

/// Rules with every contract variant enabled (Schieber) and every extra slot (Coiffeur).
fn with_variants() -> Rules {
    Rules {
        variants: Variants {
            slalom: true,
            guschti: true,
            mary: true,
            trio: true,
        },
        coiffeur: CoiffeurRules {
            extras: Variants {
                slalom: true,
                guschti: true,
                mary: true,
                trio: true,
            },
            ..CoiffeurRules::default()
        },
        ..Rules::default()
    }
}

/// Individual Coiffeur, hidden Differenzler predictions.
fn each_alone() -> Rules {
    Rules {
        coiffeur: CoiffeurRules {
            individual: true,
            ..CoiffeurRules::default()
        },
        differenzler: DifferenzlerRules {
            hidden_predictions: true,
            ..DifferenzlerRules::default()
        },
        ..Rules::default()
    }
}

/// The plain form of a text written with `{:#}`: each card `10♥` back to its notation `TH`.
fn plain_of(text: &str) -> String {
    let mut out: Vec<char> = Vec::with_capacity(text.len());
    for c in text.chars() {
        let letter = match c {
            '♣' => 'C',
            '♦' => 'D',
            '♥' => 'H',
            '♠' => 'S',
            other => {
                out.push(other);
                continue;
            }
        };
        if out.ends_with(&['1', '0']) {
            out.truncate(out.len() - 2);
            out.push('T');
        }
        out.push(letter);
    }
    out.into_iter().collect()
}

/// Whitespace runs as one space (wrapping differs between the forms: `10♥` is wider).
fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every card a text names in the plain notation: each token (split at whitespace and
/// punctuation) that is a card's canonical text (`AS`, not the word `as`).
fn cards_in(text: &str) -> Vec<JassCard> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter_map(|t| {
            let card: JassCard = t.parse().ok()?;
            (card.to_string() == t).then_some(card)
        })
        .collect()
}

/// The cards a value's JSON holds, its `rules` left out (a rule such as the forehand card
/// shows no one's card).
fn cards_held(value: &impl serde::Serialize) -> BTreeSet<JassCard> {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.remove("rules");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut json = serde_json::to_value(value).unwrap();
    strip(&mut json);
    cards_in(&json.to_string()).into_iter().collect()
}

/// Both forms of a value.
fn forms(x: &impl Display) -> (String, String) {
    (format!("{x}"), format!("{x:#}"))
}

/// The `{:#}` form is the plain one with the cards written for people.
fn assert_same_structure(plain: &str, alternate: &str) {
    assert!(
        cards_in(alternate).is_empty(),
        "plain cards in {alternate:?}"
    );
    assert_eq!(
        collapsed(&plain_of(alternate)),
        collapsed(plain),
        "{alternate:?} is not {plain:?} with cards for people"
    );
}

/// A screen's shape: a first line, then lines under ~100 columns, no blank or trailing lines.
fn assert_screen_shape(text: &str) {
    assert!(!text.ends_with('\n') && !text.starts_with('\n'), "{text}");
    for line in text.lines() {
        assert!(!line.trim().is_empty(), "a blank line in\n{text}");
        assert!(line.chars().count() <= 100, "a long line in\n{text}");
        assert_eq!(line, line.trim_end(), "trailing spaces in\n{text}");
    }
}

/// A game after random legal moves, with every event of the start and of each move.
struct Played<G: Game> {
    states: Vec<G>,
    events: Vec<G::Event>,
}

/// Plays `seed`'s game to the end (or `cap` moves) at random, keeping every `every`-th state.
fn play<G: Game>(rules: &G::Rules, players: usize, seed: u64, cap: usize) -> Played<G> {
    let mut game = G::new(rules, players, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0x7a55));
    let mut buf = Vec::new();
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut states = vec![game.clone()];
    for _ in 0..cap {
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play_reporting(action, &mut events).unwrap();
        states.push(game.clone());
    }
    Played { states, events }
}

/// Nothing hidden in any seat's screen, the whole hand on it, both forms alike; and nothing
/// hidden in any seat's events.
fn check_game<G>(rules: &G::Rules, players: usize, seed: u64, cap: usize, every: usize)
where
    G: Game<Card = JassCard, Event = Event>,
    G::View: Display,
{
    let played: Played<G> = play(rules, players, seed, cap);
    for (i, state) in played.states.iter().enumerate() {
        if i % every != 0 && i + 1 != played.states.len() {
            continue;
        }
        for seat in PlayerId::all(players) {
            let view = state.view(seat);
            let (plain, alternate) = forms(&view);
            assert_screen_shape(&plain);
            assert_screen_shape(&alternate);
            assert_same_structure(&plain, &alternate);
            let held = cards_held(&view);
            for card in cards_in(&plain) {
                assert!(
                    held.contains(&card),
                    "{card} is not {seat}'s to see:\n{plain}"
                );
            }
            let named: BTreeSet<JassCard> = cards_in(&plain).into_iter().collect();
            let json = serde_json::to_value(&view).unwrap();
            let hand = json
                .get("hand")
                .or_else(|| json.get("deal").and_then(|d| d.get("hand")))
                .unwrap();
            for card in cards_in(&hand.to_string()) {
                assert!(
                    named.contains(&card),
                    "{seat}'s {card} is not shown:\n{plain}"
                );
            }
        }
    }
    for seat in PlayerId::all(players) {
        let mut view = G::blank_view(rules, players, seat);
        let mut before = cards_held(&view);
        for event in &played.events {
            let seen = G::redact(rules, event, seat);
            G::observe(&mut view, &seen).unwrap();
            let after = cards_held(&view);
            let (plain, alternate) = forms(&seen);
            assert_same_structure(&plain, &alternate);
            for card in cards_in(&plain) {
                assert!(
                    before.contains(&card) || after.contains(&card),
                    "{card} in {plain:?} is not {seat}'s to see"
                );
            }
            before = after;
        }
    }
}

#[test]
fn nothing_hidden_in_a_schieber_deal() {
    for (k, rules) in [Rules::default(), with_variants()].iter().enumerate() {
        for seed in 0..8 {
            check_game::<SchieberDeal>(rules, 4, seed * 7 + k as u64, 200, 2);
        }
    }
}

#[test]
fn nothing_hidden_in_a_schieber_game() {
    for (k, rules) in [Rules::default(), with_variants()].iter().enumerate() {
        for seed in 0..3 {
            check_game::<Schieber>(rules, 4, seed * 5 + k as u64, 300, 7);
        }
    }
}

#[test]
fn nothing_hidden_in_coiffeur() {
    for (k, rules) in [Rules::default(), with_variants(), each_alone()]
        .iter()
        .enumerate()
    {
        for seed in 0..2 {
            check_game::<Coiffeur>(rules, 4, seed * 3 + k as u64, 160, 5);
        }
    }
}

#[test]
fn nothing_hidden_in_differenzler() {
    for (k, rules) in [Rules::default(), each_alone()].iter().enumerate() {
        for (seed, players) in [(1, 3), (2, 4), (3, 3), (4, 4)] {
            check_game::<Differenzler>(rules, players, seed * 3 + k as u64, 160, 5);
        }
    }
}

/// Every action's `{:#}` is its notation with cards for people; the notation is unchanged.
#[test]
fn actions_in_both_forms() {
    for index in 0..Action::COUNT {
        let action = Action::from_index(index).unwrap();
        let (plain, alternate) = forms(&action);
        assert_eq!(plain.parse::<Action>().unwrap(), action);
        assert_eq!(plain_of(&alternate), plain);
    }
    let ten: Action = "TH".parse().unwrap();
    assert_eq!(format!("{ten} {ten:#}"), "TH 10♥");
}

/// The plain sentence of an event with cards stays the notation; `{:#}` writes them for
/// people.
#[test]
fn an_event_in_both_forms() {
    let played = Event::Played {
        seat: PlayerId(1),
        card: "TD".parse().unwrap(),
    };
    assert_eq!(
        forms(&played),
        (
            "seat 1 played TD".to_owned(),
            "seat 1 played 10♦".to_owned()
        )
    );
}

/// The texts of the events (redacted for seat 0) and seat 0's screens of a fixed set of games.
fn texts_of_fixed_games() -> Vec<String> {
    fn collect<G>(rules: &G::Rules, players: usize, seeds: &[u64], out: &mut Vec<String>)
    where
        G: Game<Event = Event>,
        G::View: Display,
    {
        for &seed in seeds {
            let played: Played<G> = play(rules, players, seed, 2000);
            for event in &played.events {
                out.push(G::redact(rules, event, PlayerId(0)).to_string());
            }
            for state in &played.states {
                out.push(state.view(PlayerId(0)).to_string());
            }
        }
    }
    let mut out = Vec::new();
    collect::<SchieberDeal>(&with_variants(), 4, &(0..40).collect::<Vec<_>>(), &mut out);
    // Seed 13's deal ends in a Match.
    collect::<SchieberDeal>(&Rules::default(), 4, &[13], &mut out);
    collect::<Schieber>(&Rules::default(), 4, &[1, 2], &mut out);
    collect::<Coiffeur>(&with_variants(), 4, &[1], &mut out);
    collect::<Differenzler>(&Rules::default(), 3, &[1], &mut out);
    out
}

/// Every term is used somewhere, once, and explained in a sentence.
#[test]
fn every_term_is_used_and_explained() {
    let texts = texts_of_fixed_games();
    let mut words = BTreeSet::new();
    for term in Event::TERMS {
        assert!(
            words.insert(term.word.to_lowercase()),
            "{} twice",
            term.word
        );
        assert!(
            !term.meaning.is_empty() && term.meaning.ends_with('.'),
            "{}: {:?}",
            term.word,
            term.meaning
        );
        assert!(
            texts.iter().any(|t| term.appears_in(t)),
            "{} appears in no text",
            term.word
        );
    }
}

/// The worked example of `docs/jass.md`, "The screen": seat 0's screen in the first deal of
/// seed 1's Schieber game after twelve random moves, in both forms.
#[test]
fn a_worked_example() {
    let played: Played<Schieber> = play(&Rules::default(), 4, 1, 12);
    let view = played.states.last().unwrap().view(PlayerId(0));
    let plain = "\
deal 1 · trick 3 of 9 · seat 0 (you) to play
score: 70 for your team, seats 0 and 2; 34 for seats 1 and 3; playing to 2500
table: you are seat 0, your partner seat 2; seat 2 dealt, seat 0 is forehand
contract: trump:D (Diamonds) ×1, named by seat 0 (you)
trick: seat 1 led JC, seat 2 (your partner) 8C, seat 3 AC
last trick: seat 3 led 7H, seat 0 (you) TD, seat 1 AD, seat 2 (your partner) 9H; seat 1 took it
tricks: 0 for your team, seats 0 and 2; 2 for seats 1 and 3
points: 70 for your team, seats 0 and 2 (cards 0, Weis 70); 34 for seats 1 and 3
Weis: seat 2 (your partner) has the best, 70 for your team, seats 0 and 2:
  seat 0 (you) sequence 9S-JS (20), seat 2 (your partner) sequence 9H-QH (50)
hand: KC 7D AH 9S TS JS AS";
    let alternate = "\
deal 1 · trick 3 of 9 · seat 0 (you) to play
score: 70 for your team, seats 0 and 2; 34 for seats 1 and 3; playing to 2500
table: you are seat 0, your partner seat 2; seat 2 dealt, seat 0 is forehand
contract: trump:♦ (Diamonds) ×1, named by seat 0 (you)
trick: seat 1 led J♣, seat 2 (your partner) 8♣, seat 3 A♣
last trick: seat 3 led 7♥, seat 0 (you) 10♦, seat 1 A♦, seat 2 (your partner) 9♥; seat 1 took it
tricks: 0 for your team, seats 0 and 2; 2 for seats 1 and 3
points: 70 for your team, seats 0 and 2 (cards 0, Weis 70); 34 for seats 1 and 3
Weis: seat 2 (your partner) has the best, 70 for your team, seats 0 and 2:
  seat 0 (you) sequence 9♠-J♠ (20), seat 2 (your partner) sequence 9♥-Q♥ (50)
hand: K♣ 7♦ A♥ 9♠ 10♠ J♠ A♠";
    assert_eq!(format!("{view}"), plain);
    assert_eq!(format!("{view:#}"), alternate);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]

    /// Drawn games: a seed and a number of random moves; every seat's screen names only what
    /// its view holds and shows its whole hand.
    #[test]
    fn nothing_hidden_in_drawn_positions(seed in proptest::prelude::any::<u64>(), steps in 0usize..120) {
        let deal: Played<Schieber> = play(&with_variants(), 4, seed, steps);
        let differenzler: Played<Differenzler> = play(&each_alone(), 3, seed, steps);
        for seat in PlayerId::all(4) {
            let view = deal.states.last().unwrap().view(seat);
            let held = cards_held(&view);
            let text = view.to_string();
            proptest::prop_assert!(cards_in(&text).iter().all(|c| held.contains(c)), "{}", text);
            let named: BTreeSet<JassCard> = cards_in(&text).into_iter().collect();
            proptest::prop_assert!(view.deal.hand.iter().all(|c| named.contains(&c)), "{}", text);
        }
        for seat in PlayerId::all(3) {
            let view = differenzler.states.last().unwrap().view(seat);
            let held = cards_held(&view);
            let text = format!("{view:#}");
            let named: BTreeSet<JassCard> = cards_in(&plain_of(&text)).into_iter().collect();
            proptest::prop_assert!(named.iter().all(|c| held.contains(c)), "{}", text);
            proptest::prop_assert!(view.hand.iter().all(|c| named.contains(&c)), "{}", text);
        }
    }
}

/// Coiffeur's screen, with its sheet: seat 3 in seed 4's game after 60 random moves.
#[test]
fn a_coiffeur_example() {
    let played: Played<Coiffeur> = play(&Rules::default(), 4, 4, 60);
    let view = played.states.last().unwrap().view(PlayerId(3));
    let expected = "\
deal 2 of 16 · trick 6 of 9 · seat 0 to play
table: you are seat 3, your partner seat 1; seat 0 dealt
contract: trump:C (Clubs) ×8 in slot joker8 (a Joker), chosen by seat 1 (your partner);
  only the points of your team, seats 1 and 3 count
trick: seat 2 led 9H, seat 3 (you) 8H
last trick: seat 2 led TC, seat 3 (you) 6H, seat 0 QS, seat 1 (your partner) 8C; seat 2 took it
tricks: 3 for seats 0 and 2; 2 for your team, seats 1 and 3
card points: 71 for seats 0 and 2; 29 for your team, seats 1 and 3
sheet:
  slot       ×           seats 0+2           seats 1+3
  trump:D    1                   -                   -
  trump:H    2                   -                   -
  trump:S    3                   -                   -
  trump:C    4                   -                   -
  obenabe    5                   -                   -
  undenufe   6                   -                   -
  joker7     7                   -                   -
  joker8     8          trump:H 96                   -
  total                         96                   0
hand: TH QH KH";
    assert_eq!(view.to_string(), expected);
}

/// Differenzler's screen: seat 2 in seed 4's game of three after 20 random moves.
#[test]
fn a_differenzler_example() {
    let played: Played<Differenzler> = play(&Rules::default(), 3, 4, 20);
    let view = played.states.last().unwrap().view(PlayerId(2));
    let expected = "\
deal 1 of 16 · trick 6 of 12 · seat 2 (you) to play
table: you are seat 2, playing for yourself; seat 2 dealt
trump: Spades, the suit of 9S, the dealer's card shown to all
predictions: 120 for seat 0, 81 for seat 1, 41 for seat 2 (you)
trick: seat 0 led 6S, seat 1 6H
last trick: seat 2 (you) led 8H, seat 0 JH, seat 1 TH; seat 0 took it
tricks: 1 for seat 0, 2 for seat 1, 2 for seat 2 (you)
card points: 12 for seat 0, 32 for seat 1, 32 for seat 2 (you)
penalties before this deal: 0 for seat 0, 0 for seat 1, 0 for seat 2 (you)
hand: QD 7H QH AH 7S TS JS";
    assert_eq!(view.to_string(), expected);
}

/// A view from anywhere with the largest numbers its fields hold: the deal number and hand
/// sizes whose sum overflows. The screen is written without overflow (a panic in a debug
/// build), and following an event fails or succeeds but does not panic either.
#[test]
fn screens_of_extreme_numbers() {
    fn extreme<G>(rules: &G::Rules, players: usize)
    where
        G: Game<Card = JassCard, Event = Event>,
        G::View: Display,
    {
        let played: Played<G> = play(rules, players, 3, 30);
        let view = played.states.last().unwrap().view(PlayerId(0));
        let mut json = serde_json::to_value(&view).unwrap();
        let deal = if json.get("hand_sizes").is_some() {
            &mut json
        } else {
            &mut json["deal"]
        };
        deal["hand_sizes"][0] = serde_json::json!(usize::MAX);
        if json.get("deal_number").is_some() {
            json["deal_number"] = serde_json::json!(u32::MAX);
        }
        let mut view: G::View = serde_json::from_value(json).unwrap();
        let (plain, alternate) = forms(&view);
        assert_same_structure(&plain, &alternate);
        if G::NAME != SchieberDeal::NAME {
            assert!(plain.starts_with("deal 4294967296 "), "{plain}");
        }
        for event in &played.events {
            let _ = G::observe(&mut view, &G::redact(rules, event, PlayerId(0)));
            let _ = forms(&view);
        }
    }
    let rules = Rules::default();
    extreme::<SchieberDeal>(&rules, 4);
    extreme::<Schieber>(&rules, 4);
    extreme::<Coiffeur>(&rules, 4);
    extreme::<Differenzler>(&rules, 3);
    extreme::<Differenzler>(&rules, 4);
}

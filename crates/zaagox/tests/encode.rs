//! The tensors for learning agents (`zaagox::encode`, `docs/zaagox.md` "Tensors for learning
//! agents"): no leak of an unseen card, the documented layout on a worked example, and values
//! in range over random games.

use cards_core::encode::{Knowledge, Shape};
use cards_core::{Card, DidoCard, Encode, Game, Presets, RandomPlayer, Seed};
use cards_testkit::encoding::check_encoding;
use proptest::prelude::*;
use zaagox::encode::*;
use zaagox::{Action, AvaRule, Event, Hand, PlayerId, Rules, Setup, Zaagox};

fn idx(card: &str) -> usize {
    card.parse::<DidoCard>().unwrap().index() as usize
}

fn hand(cards: &str) -> Hand {
    cards
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

/// The default rules, each preset (Zaägox names none) and the literal Ava.
fn rule_sets() -> Vec<(&'static str, Rules)> {
    let mut sets = vec![("default", Rules::default())];
    sets.extend(Rules::presets());
    sets.push((
        "ava-immediate",
        Rules {
            ava: AvaRule::Immediate,
            ..Rules::default()
        },
    ));
    sets
}

/// Seeds per rule set and player count for the leak check (well under a second each at the
/// test profile).
const LEAK_SEEDS: u64 = 100;

/// The leak check. In Zaägox the true deal can show through by rule: the Da polling asks a
/// seat that holds a card of the discard's number (decision 27), so exchanging two unseen cards
/// can change whom it asks, and the seat is told so; `check_encoding` skips such exchanges (the
/// seat's events differ) and holds every other to the same tensors.
#[test]
fn exchanging_unseen_cards_changes_no_tensor() {
    for (name, rules) in rule_sets() {
        for players in Rules::PLAYERS {
            let report = check_encoding::<Zaagox>(&rules, players, 0..LEAK_SEEDS)
                .unwrap_or_else(|e| panic!("{name}, {players} players: {e}"));
            assert!(report.flips > 0, "{name}, {players} players: no exchange");
            assert!(
                report.positions > 0,
                "{name}, {players} players: no position"
            );
        }
    }
}

/// Seat `seat`'s knowledge (three seats) after `actions` from the setup, built from its
/// redacted events.
fn knowledge(game: &mut Zaagox, actions: &[&str], seat: PlayerId) -> Knowledge<Zaagox> {
    let rules = Rules::default();
    let mut events: Vec<Event> = Vec::new();
    game.start_events(&mut events);
    for a in actions {
        game.play_reporting(a.parse::<Action>().unwrap(), &mut events)
            .unwrap();
    }
    let mut k = Knowledge::<Zaagox>::new(&rules, 3, seat);
    for e in &events {
        k.observe(&Zaagox::redact(&rules, e, seat)).unwrap();
    }
    k
}

fn tensors(k: &Knowledge<Zaagox>) -> (Vec<f32>, Vec<f32>) {
    let mut obs = vec![0.0; Zaagox::OBSERVATION.len()];
    let mut info = vec![0.0; Zaagox::INFORMATION_STATE.len()];
    k.observation(&[], &mut obs).unwrap();
    k.information_state(&[], &mut info).unwrap();
    (obs, info)
}

fn sum(values: &[f32]) -> f32 {
    values.iter().sum()
}

/// Three seats dealt by hand, seat 0 first (it drew A6): seat 0 pairs A1 S1; seat 1 discards
/// A2, seat 2 is asked for Da and passes; seat 2 pairs A3 S3; seat 0 (drew G5) ages A5 on its
/// pair, which completes, and stores A1 (S1 then A5 go under the pile); seat 1 draws.
#[test]
fn worked_example_pins_the_documented_layout() {
    let hands = vec![
        hand("A1 S1 A5 G3"),
        hand("G1 A2 S2 P7"),
        hand("A3 S3 G2 P4"),
    ];
    let top = hand("A6 P6 S4 G5");
    let dealt = hands.iter().fold(top, |all, &h| all | h);
    let mut pile: Vec<DidoCard> = ["A6", "P6", "S4", "G5"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    pile.extend((!dealt).iter());
    let setup = Setup::dealt(hands, pile, PlayerId(0));
    let start = Zaagox::from_setup(&Rules::default(), setup).unwrap();

    // The exact lengths.
    assert_eq!(Zaagox::OBSERVATION, Shape::new(508, 72));
    assert_eq!(Zaagox::INFORMATION_STATE, Shape::new(1912, 1116));
    assert_eq!(
        (
            OBSERVATION_PUBLIC,
            OBSERVATION_PRIVATE,
            IS_PUBLIC,
            IS_PRIVATE
        ),
        (508, 72, 1912, 1116)
    );
    // The offsets of the docs' tables.
    assert_eq!(
        (PHASE, ACTOR, DISCARDER, DISCARD, PILE_LEN, TURNS),
        (0, 5, 9, 13, 49, 50)
    );
    assert_eq!(
        (WINNER, AVA_FAILED, EXHAUSTED, SEAT_BLOCKS, SEAT_LEN),
        (51, 55, 59, 60, 112)
    );
    assert_eq!(
        (SEAT_PRESENT, SEAT_HAND_LEN, SEAT_AVA, SEAT_AVA_ORDER),
        (0, 1, 2, 3)
    );
    assert_eq!((SEAT_STORED, SEAT_PAIRS, SEAT_AGEING), (4, 40, 76));
    assert_eq!((HAND, OWN_AGEING), (0, 36));
    assert_eq!(
        (IS_PILE, IS_DRAWN, IS_HISTORY, HORIZON),
        (508, 544, 688, 24)
    );
    assert_eq!(
        (ENTRY_SEAT, ENTRY_KIND, ENTRY_CARDS, ENTRY_LEN),
        (0, 4, 15, 51)
    );
    assert_eq!((IS_OWN_PILE, IS_OWN_DRAWN, IS_OWN_HISTORY), (72, 108, 252));
    let public = OBSERVATION_PUBLIC;
    let slot = |s: usize| SEAT_BLOCKS + s * SEAT_LEN;

    // In the Da polling, as seat 0 sees it: seat 2 (slot 2) asked, seat 1 (slot 1) discarded A2.
    let mut game = start.clone();
    let k = knowledge(&mut game, &["pair A1 S1", "discard A2"], PlayerId(0));
    let (obs, _) = tensors(&k);
    assert_eq!(obs[PHASE + 1], 1.0);
    assert_eq!(sum(&obs[PHASE..PHASE + 5]), 1.0);
    assert_eq!(obs[ACTOR + 2], 1.0);
    assert_eq!(obs[DISCARDER + 1], 1.0);
    assert_eq!(obs[DISCARD + idx("A2")], 1.0);
    assert_eq!(sum(&obs[DISCARD..DISCARD + CARDS]), 1.0);
    // Seat 0's pair A1 S1, no ageing yet; its hand A5 G3 A6 in the private part.
    assert_eq!(obs[slot(0) + SEAT_PAIRS + idx("A1")], 1.0);
    assert_eq!(obs[slot(0) + SEAT_PAIRS + idx("S1")], 1.0);
    assert_eq!(obs[slot(0) + SEAT_AGEING + idx("A1")], 0.0);
    for c in ["A5", "G3", "A6"] {
        assert_eq!(obs[public + HAND + idx(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&obs[public + HAND..public + HAND + CARDS]), 3.0);

    let mut game = start.clone();
    let actions = [
        "pair A1 S1",
        "discard A2",
        "pass",
        "pair A3 S3",
        "age A5 on A1",
        "store A1",
    ];
    let k = knowledge(&mut game, &actions, PlayerId(0));
    let (obs, info) = tensors(&k);
    assert_eq!(obs.len(), 580);
    assert_eq!(info.len(), 3028);

    // The observation's public part: seat 1 (slot 1) to act, 22 cards in the pile, 5 turns.
    assert_eq!(obs[PHASE], 1.0);
    assert_eq!(obs[ACTOR + 1], 1.0);
    assert_eq!(sum(&obs[DISCARD..DISCARD + CARDS]), 0.0);
    assert_eq!(obs[PILE_LEN], 22.0 / 36.0);
    assert_eq!(obs[TURNS], 5.0 / 1000.0);
    assert_eq!(sum(&obs[WINNER..SEAT_BLOCKS]), 0.0);
    // Seat blocks: three seats present, the fourth slot empty.
    for (s, hand_len) in [(0, 3.0), (1, 5.0), (2, 3.0)] {
        assert_eq!(obs[slot(s) + SEAT_PRESENT], 1.0);
        assert_eq!(obs[slot(s) + SEAT_HAND_LEN], hand_len / 36.0);
    }
    assert_eq!(sum(&obs[slot(3)..slot(4)]), 0.0);
    assert_eq!(obs[slot(0) + SEAT_STORED + idx("A1")], 1.0);
    assert_eq!(sum(&obs[slot(0) + SEAT_STORED..slot(0) + SEAT_PAIRS]), 1.0);
    assert_eq!(sum(&obs[slot(0) + SEAT_PAIRS..slot(1)]), 0.0);
    assert_eq!(obs[slot(2) + SEAT_PAIRS + idx("A3")], 1.0);
    assert_eq!(obs[slot(2) + SEAT_PAIRS + idx("S3")], 1.0);
    assert_eq!(sum(&obs[slot(2) + SEAT_AGEING..slot(3)]), 0.0);
    // The private part: the hand G3 A6 G5, no ageing card left.
    for c in ["G3", "A6", "G5"] {
        assert_eq!(obs[public + HAND + idx(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&obs[public + HAND..public + OWN_AGEING]), 3.0);
    assert_eq!(sum(&obs[public + OWN_AGEING..]), 0.0);

    // The information state starts with the observation, part by part.
    assert_eq!(info[..public], obs[..public]);
    assert_eq!(
        info[IS_PUBLIC..IS_PUBLIC + OBSERVATION_PRIVATE],
        obs[public..]
    );
    // The pile: A2 (buried) 20th from the top, S1 (the pair's other card) 21st; seat 0's own
    // ageing card A5 22nd, in the private part only.
    assert_eq!(info[IS_PILE + idx("A2")], 20.0 / 36.0);
    assert_eq!(info[IS_PILE + idx("S1")], 21.0 / 36.0);
    assert_eq!(sum(&info[IS_PILE..IS_DRAWN]), 41.0 / 36.0);
    assert_eq!(info[IS_PUBLIC + IS_OWN_PILE + idx("A5")], 22.0 / 36.0);
    assert_eq!(
        sum(&info[IS_PUBLIC + IS_OWN_PILE..IS_PUBLIC + IS_OWN_DRAWN]),
        22.0 / 36.0
    );
    // No remembered card has been drawn yet.
    assert_eq!(sum(&info[IS_DRAWN..IS_HISTORY]), 0.0);
    // The history, most recent first: 11 moves.
    let entry = |k: usize| IS_HISTORY + k * ENTRY_LEN;
    let kind = |name: &str| KINDS.iter().position(|&k| k == name).unwrap();
    let expected = [
        (1, "drew", ""),
        (0, "stored", "A1 S1"),
        (0, "aged", "A1 S1"),
        (0, "drew", ""),
        (2, "paired", "A3 S3"),
        (2, "drew", ""),
        (2, "passed", ""),
        (2, "da_asked", ""),
        (1, "discarded", "A2"),
        (1, "drew", ""),
        (0, "paired", "A1 S1"),
    ];
    for (k, &(seat, name, cards)) in expected.iter().enumerate() {
        let e = entry(k);
        assert_eq!(info[e + ENTRY_SEAT + seat], 1.0, "move {k}");
        assert_eq!(sum(&info[e + ENTRY_SEAT..e + ENTRY_KIND]), 1.0, "move {k}");
        assert_eq!(info[e + ENTRY_KIND + kind(name)], 1.0, "move {k}");
        let on = cards.split_whitespace().count() as f32;
        assert_eq!(sum(&info[e + ENTRY_CARDS..e + ENTRY_LEN]), on, "move {k}");
        for c in cards.split_whitespace() {
            assert_eq!(info[e + ENTRY_CARDS + idx(c)], 1.0, "move {k}");
        }
    }
    assert_eq!(sum(&info[entry(expected.len())..IS_PUBLIC]), 0.0);
    // What only seat 0 saw in those moves: the G5 it drew (move 3) and the A5 it aged (move 2).
    let own = |k: usize| IS_PUBLIC + IS_OWN_HISTORY + k * CARDS;
    assert_eq!(info[own(3) + idx("G5")], 1.0);
    assert_eq!(info[own(2) + idx("A5")], 1.0);
    assert_eq!(sum(&info[own(0)..]), 2.0);

    // Seat 1 sees the same moves from its own seat (seat 0 is its slot 2, itself slot 0),
    // and of seat 0's private things nothing: privately only its own draws, A0 (move 0) and P6
    // (move 9).
    let k = knowledge(&mut start.clone(), &actions, PlayerId(1));
    let (_, info) = tensors(&k);
    assert_eq!(info[entry(0) + ENTRY_SEAT], 1.0);
    assert_eq!(info[entry(1) + ENTRY_SEAT + 2], 1.0);
    assert_eq!(info[entry(1) + ENTRY_KIND + kind("stored")], 1.0);
    assert_eq!(info[IS_PILE + idx("S1")], 21.0 / 36.0);
    assert_eq!(
        sum(&info[IS_PUBLIC + IS_OWN_PILE..IS_PUBLIC + IS_OWN_HISTORY]),
        0.0
    );
    assert_eq!(info[IS_PUBLIC + IS_OWN_HISTORY + idx("A0")], 1.0);
    assert_eq!(
        info[IS_PUBLIC + IS_OWN_HISTORY + 9 * CARDS + idx("P6")],
        1.0
    );
    assert_eq!(sum(&info[IS_PUBLIC + IS_OWN_HISTORY..]), 2.0);
}

/// An onlooker (a seat not at the table) is encoded as the seat its index names modulo the
/// player count, with nothing in the private part (the property test below holds every seat's
/// public part to its onlooker's).
#[test]
fn an_onlooker_has_an_empty_private_part() {
    let (rules, events) = game_after(5, 3, AvaRule::Continue, 60);
    let mut k = Knowledge::<Zaagox>::new(&rules, 3, PlayerId(3));
    for e in &events {
        k.observe(&Zaagox::redact(&rules, e, PlayerId(3))).unwrap();
    }
    let (obs, info) = tensors(&k);
    assert_eq!(sum(&obs[OBSERVATION_PUBLIC..]), 0.0);
    assert_eq!(sum(&info[IS_PUBLIC..]), 0.0);
    assert!(sum(&info[..IS_PUBLIC]) > 0.0);
    // Its public part is seat 0's.
    let mut seat0 = Knowledge::<Zaagox>::new(&rules, 3, PlayerId(0));
    for e in &events {
        seat0
            .observe(&Zaagox::redact(&rules, e, PlayerId(0)))
            .unwrap();
    }
    let (obs0, info0) = tensors(&seat0);
    assert_eq!(obs[..OBSERVATION_PUBLIC], obs0[..OBSERVATION_PUBLIC]);
    assert_eq!(info[..IS_PUBLIC], info0[..IS_PUBLIC]);
}

/// A random game after `steps` moves, with the events told so far.
fn game_after(seed: u64, players: usize, ava: AvaRule, steps: usize) -> (Rules, Vec<Event>) {
    let rules = Rules {
        ava,
        ..Rules::default()
    };
    let mut game = Zaagox::new(&rules, players, Seed::from(seed)).unwrap();
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0xe4c0de));
    let mut buf = Vec::new();
    for _ in 0..steps {
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play_reporting(action, &mut events).unwrap();
    }
    (rules, events)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn tensors_lie_in_the_unit_range_and_the_hand_is_the_hand(
        seed in any::<u64>(),
        players in 2usize..=4,
        ava in prop_oneof![Just(AvaRule::Continue), Just(AvaRule::Immediate)],
        steps in 0usize..400,
    ) {
        let (rules, events) = game_after(seed, players, ava, steps);
        for seat in PlayerId::all(players) {
            let mut k = Knowledge::<Zaagox>::new(&rules, players, seat);
            for e in &events {
                k.observe(&Zaagox::redact(&rules, e, seat)).unwrap();
            }
            let (obs, info) = tensors(&k);
            for (name, values) in [("observation", &obs), ("information state", &info)] {
                for (i, &x) in values.iter().enumerate() {
                    prop_assert!((0.0..=1.0).contains(&x), "{name}[{i}] = {x}");
                }
            }
            let private = &obs[OBSERVATION_PUBLIC..];
            let ones = private[HAND..OWN_AGEING].iter().filter(|&&x| x == 1.0).count();
            prop_assert_eq!(ones, k.view().hand.len());
            prop_assert_eq!(sum(&private[HAND..OWN_AGEING]), k.view().hand.len() as f32);
            // The own hand, card by card.
            for c in k.view().hand.iter() {
                prop_assert_eq!(private[HAND + c.index() as usize], 1.0);
            }
            // The public part is public: an onlooker, encoded from this seat's place, has the
            // same one.
            let onlooker = PlayerId(u8::try_from(players + seat.index()).unwrap());
            let mut o = Knowledge::<Zaagox>::new(&rules, players, onlooker);
            for e in &events {
                o.observe(&Zaagox::redact(&rules, e, onlooker)).unwrap();
            }
            let (o_obs, o_info) = tensors(&o);
            prop_assert_eq!(&o_obs[..OBSERVATION_PUBLIC], &obs[..OBSERVATION_PUBLIC]);
            prop_assert_eq!(&o_info[..IS_PUBLIC], &info[..IS_PUBLIC]);
        }
    }
}

/// A view from anywhere claiming no players, or `u64::MAX`: the writers neither panic nor
/// overflow (a panic in a debug build), write nothing for a seat that has no slot, and keep
/// every value in range. Over every state of a random game, so every phase is seen.
#[test]
fn a_view_of_no_or_countless_players_writes_no_seat_out_of_place() {
    let rules = Rules::default();
    let mut game = Zaagox::new(&rules, 3, Seed::from(11)).unwrap();
    let mut events: Vec<Event> = Vec::new();
    game.start_events(&mut events);
    let mut player = RandomPlayer::new(Seed::from(11));
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&game, &mut buf) {
        game.play_reporting(action, &mut events).unwrap();
    }
    assert!(matches!(events.last(), Some(Event::Ended { .. })));
    let mut obs = vec![0.0; Zaagox::OBSERVATION.len()];
    let mut info = vec![0.0; Zaagox::INFORMATION_STATE.len()];
    for seat in [PlayerId(0), PlayerId(2)] {
        let mut k = Knowledge::<Zaagox>::new(&rules, 3, seat);
        for e in &events {
            k.observe(&Zaagox::redact(&rules, e, seat)).unwrap();
            for players in [0, u64::MAX] {
                let mut json = serde_json::to_value(k.view()).unwrap();
                json["players"] = players.into();
                let view = serde_json::from_value(json).unwrap();
                cards_core::encode::observation::<Zaagox>(&view, &[], &mut obs).unwrap();
                cards_core::encode::information_state::<Zaagox>(&view, k.recall(), &[], &mut info)
                    .unwrap();
                for x in obs.iter().chain(&info) {
                    assert!((0.0..=1.0).contains(x), "{x}");
                }
                if players == 0 {
                    let seat_slots = [ACTOR, DISCARDER, WINNER, AVA_FAILED]
                        .iter()
                        .flat_map(|&at| at..at + SEATS)
                        .chain((0..SEATS).map(|s| SEAT_BLOCKS + s * SEAT_LEN + SEAT_PRESENT));
                    for at in seat_slots {
                        assert_eq!(obs[at], 0.0, "slot {at}");
                        assert_eq!(info[at], 0.0, "slot {at}");
                    }
                }
            }
        }
    }
}

//! The tensors for learning agents (`elewenjewe::encode`): they leak no unseen card, a worked
//! example pins the documented layout, every value lies in its documented range, and a
//! decision under way through `Stepped` shows in the private part.

use cards_core::{ActionMask, Card as _, Encode, Game, Indexed, Knowledge, Presets as _, StdCard};
use cards_testkit::encoding::check_encoding;
use elewenjewe::encode::{
    BUILT_AT, CAPTURED, CAPTURED_SIZES, CARDS, DEALER, HAND, HAND_SIZES, INFORMATION_PUBLIC, LAST,
    OBSERVATION_PUBLIC, PILES, PLAYED_AT, PLAYED_BY, PRIVATE, ROUND, RULES, SEATED, SEATS,
    STEP_CARD, STEP_KIND, STEP_PICKED, STEP_VALUE, TABLE, TAKEN_AT, TAKEN_BY, TO_ACT, TOTALS,
};
use elewenjewe::{
    Action, Cards, Elewenjewe, Leftovers, PlayerId, Rules, Seed, Setup, Step, Stepped,
};
use proptest::prelude::*;

fn card(s: &str) -> StdCard {
    s.parse().expect("a card")
}

fn cards(s: &str) -> Cards {
    s.split_whitespace().map(card).collect()
}

/// The index of `s` in a card field.
fn at(s: &str) -> usize {
    usize::from(card(s).index())
}

fn sum(t: &[f32], from: usize, len: usize) -> f32 {
    t[from..from + len].iter().sum()
}

/// Every option that changes what a seat sees: piles, jokers, Isiwo, leftovers set aside.
fn everything() -> Rules {
    Rules {
        jokers: true,
        esun: true,
        isiwo: true,
        last_player_takes: true,
        leftovers: Leftovers::Unused,
        ..Rules::default()
    }
}

#[test]
fn the_tensors_leak_no_unseen_card() {
    let mut rules = vec![("default", Rules::default())];
    rules.extend(Rules::presets());
    for (name, rules) in rules {
        for players in Rules::PLAYERS {
            let report = check_encoding::<Elewenjewe>(&rules, players, 0..16)
                .unwrap_or_else(|e| panic!("{name}, {players} players: {e}"));
            assert!(report.flips > 0, "{name}, {players} players: {report:?}");
            assert!(
                report.positions > 0,
                "{name}, {players} players: {report:?}"
            );
        }
    }
    // Piles, Isiwo's captured cards and the set-aside cards too.
    for players in Rules::PLAYERS {
        let report = check_encoding::<Elewenjewe>(&everything(), players, 0..8)
            .unwrap_or_else(|e| panic!("every option, {players} players: {e}"));
        assert!(report.flips > 0 && report.positions > 0, "{report:?}");
    }
}

/// Three seats, seat 2 deals, so seat 0 plays first; nothing left to deal, the rest of the
/// pack in seat 2's captured pile.
fn worked_example() -> Elewenjewe {
    let hands = [
        cards("9S TH 2C AH"),
        cards("4D 7C 8H QS"),
        cards("3S 2S TD JC"),
    ];
    let table = cards("KD QD JD 9D 6C 3D");
    let used = hands.iter().fold(table, |a, &h| a | h);
    let setup = Setup {
        seed: Seed::from(1),
        round: 0,
        records: Vec::new(),
        dealer: PlayerId(2),
        hands: hands.to_vec(),
        table,
        piles: Vec::new(),
        captured: vec![
            Cards::EMPTY,
            Cards::EMPTY,
            Elewenjewe::deck(&Rules::default()) - used,
        ],
        stock: Vec::new(),
        set_aside: Cards::EMPTY,
        joker_plays: vec![0; 3],
        penalties: vec![0; 3],
        last: None,
    };
    Elewenjewe::from_setup(&Rules::default(), setup).expect("a valid position")
}

/// The worked example after `capture 9S: 6C 3D`, `trail 7C`, `trail 3S`, and what `seat`
/// knows of it, from its redacted events alone.
fn after_three_plays(seat: u8) -> (Elewenjewe, Knowledge<Elewenjewe>) {
    let mut game = worked_example();
    let mut events = Vec::new();
    game.start_events(&mut events);
    for action in ["capture 9S: 6C 3D", "trail 7C", "trail 3S"] {
        let action: Action = action.parse().expect("an action");
        game.play_reporting(action, &mut events).expect("legal");
    }
    let rules = Rules::default();
    let mut knowledge = Knowledge::new(&rules, 3, PlayerId(seat));
    for event in &events {
        let event = Elewenjewe::redact(&rules, event, PlayerId(seat));
        knowledge.observe(&event).expect("the seat's events fit");
    }
    (game, knowledge)
}

#[test]
fn the_worked_example_fills_the_documented_slices() {
    assert_eq!(Elewenjewe::OBSERVATION.public, 708);
    assert_eq!(Elewenjewe::OBSERVATION.private, 174);
    assert_eq!(Elewenjewe::OBSERVATION.len(), 882);
    assert_eq!(Elewenjewe::INFORMATION_STATE.public, 1410);
    assert_eq!(Elewenjewe::INFORMATION_STATE.len(), 1584);
    assert_eq!(
        (CARDS, SEATS, OBSERVATION_PUBLIC, PRIVATE),
        (54, 5, 708, 174)
    );
    assert_eq!((at("6C"), at("3D"), at("TH"), at("9S")), (5, 15, 35, 47));

    // Seat 0 to play, halfway through `capture TH: 3S 7C`.
    let (_, seat0) = after_three_plays(0);
    let steps = [
        Step::Capture(card("TH")).index(),
        Step::Pick(card("3S")).index(),
    ];
    let mut obs = vec![0.0; 882];
    seat0.observation(&steps, &mut obs).expect("the shape");
    let p = OBSERVATION_PUBLIC;
    assert_eq!(sum(&obs, SEATED, 5), 3.0);
    assert_eq!(obs[SEATED + 2], 1.0);
    assert_eq!(obs[TO_ACT], 1.0, "seat 0 to act is slot 0, the viewer");
    assert_eq!(sum(&obs, TO_ACT, 5), 1.0);
    assert_eq!(
        obs[DEALER + 2],
        1.0,
        "seat 2 deals: two seats after the viewer"
    );
    assert_eq!(obs[LAST + 2], 1.0, "seat 2 played 3S last");
    assert_eq!(
        &obs[HAND_SIZES..HAND_SIZES + 5],
        [0.75, 0.75, 0.75, 0.0, 0.0]
    );
    assert_eq!(obs[CAPTURED_SIZES], 3.0 / 54.0, "9S 6C 3D");
    assert_eq!(obs[CAPTURED_SIZES + 2], 34.0 / 54.0);
    assert_eq!(sum(&obs, TOTALS, 5), 0.0);
    assert_eq!(obs[ROUND], 0.0);
    // Default rules: leftovers to the table (flag 8), layout and most cards (flag 10).
    assert_eq!(sum(&obs, RULES, 12), 2.0);
    assert_eq!((obs[RULES + 8], obs[RULES + 10]), (1.0, 1.0));
    assert_eq!(sum(&obs, TABLE, 54), 6.0, "KD QD JD 9D 7C 3S");
    assert_eq!((obs[TABLE + at("7C")], obs[TABLE + at("6C")]), (1.0, 0.0));
    assert_eq!(sum(&obs, PILES, 5 * 54), 0.0);
    assert_eq!(sum(&obs, CAPTURED, 5 * 54), 0.0, "no Isiwo");
    // The private part: the hand, then the capture under way.
    assert_eq!(sum(&obs, p + HAND, 54), 3.0);
    for c in ["TH", "2C", "AH"] {
        assert_eq!(obs[p + HAND + at(c)], 1.0, "{c}");
    }
    assert_eq!(&obs[p + STEP_KIND..p + STEP_KIND + 2], [1.0, 0.0]);
    assert_eq!(obs[p + STEP_CARD + at("TH")], 1.0);
    assert_eq!(sum(&obs, p + STEP_CARD, 54), 1.0);
    assert_eq!(sum(&obs, p + STEP_VALUE, 10), 0.0);
    assert_eq!(obs[p + STEP_PICKED + at("3S")], 1.0);
    assert_eq!(sum(&obs, p + STEP_PICKED, 54), 1.0);

    // Seat 1's information state at the decision's start: seat 0 is slot 2, seat 2 slot 1.
    let (_, seat1) = after_three_plays(1);
    let mut info = vec![0.0; 1584];
    seat1.information_state(&[], &mut info).expect("the shape");
    let mut obs1 = vec![0.0; 882];
    seat1.observation(&[], &mut obs1).expect("the shape");
    assert_eq!(info[..OBSERVATION_PUBLIC], obs1[..OBSERVATION_PUBLIC]);
    assert_eq!(obs1[TO_ACT + 2], 1.0);
    let (by, taken) = (
        |slot: usize, c| PLAYED_BY + slot * 54 + at(c),
        |slot: usize, c| TAKEN_BY + slot * 54 + at(c),
    );
    assert_eq!(info[by(2, "9S")], 1.0);
    assert_eq!(info[PLAYED_AT + at("9S")], 1.0 / 54.0);
    assert_eq!(info[by(0, "7C")], 1.0);
    assert_eq!(info[PLAYED_AT + at("7C")], 2.0 / 54.0);
    assert_eq!(info[by(1, "3S")], 1.0);
    assert_eq!(info[PLAYED_AT + at("3S")], 3.0 / 54.0);
    assert_eq!(sum(&info, PLAYED_BY, 5 * 54), 3.0);
    for c in ["9S", "6C", "3D"] {
        assert_eq!(info[taken(2, c)], 1.0, "{c}");
        assert_eq!(info[TAKEN_AT + at(c)], 1.0 / 54.0, "{c}");
    }
    assert_eq!(sum(&info, TAKEN_BY, 5 * 54), 3.0);
    assert_eq!(sum(&info, BUILT_AT, 54), 0.0);
    let private = INFORMATION_PUBLIC;
    assert_eq!(sum(&info, private + HAND, 54), 3.0);
    for c in ["4D", "8H", "QS"] {
        assert_eq!(info[private + HAND + at(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&info, private + STEP_KIND, PRIVATE - STEP_KIND), 0.0);
}

#[test]
fn a_capture_stepped_through_shows_in_the_private_part() {
    let (game, knowledge) = after_three_plays(0);
    let mut position = Stepped::from_game(game);
    let mut mask = ActionMask::new(0);
    let mut steps = Vec::new();
    let mut obs = vec![0.0; 882];
    let mut info = vec![0.0; 1584];
    let (o, i) = (OBSERVATION_PUBLIC, INFORMATION_PUBLIC);
    for (step, picked) in [
        (Step::Capture(card("TH")), 0.0),
        (Step::Pick(card("3S")), 1.0),
        (Step::Pick(card("7C")), 2.0),
    ] {
        position.legal_mask(&mut mask);
        assert!(mask.contains(step.index()), "{step} is offered");
        position.play_index(step.index()).expect("legal");
        steps.push(step.index());
        knowledge.observation(&steps, &mut obs).expect("the shape");
        knowledge
            .information_state(&steps, &mut info)
            .expect("the shape");
        let pending = position.pending().expect("a capture under way");
        for (t, p) in [(&obs, o), (&info, i)] {
            assert_eq!(t[p + STEP_KIND], 1.0);
            assert_eq!(t[p + STEP_CARD + at("TH")], 1.0);
            assert_eq!(sum(t, p + STEP_PICKED, 54), picked);
            for c in pending.picked {
                assert_eq!(t[p + STEP_PICKED + usize::from(c.index())], 1.0, "{c}");
            }
        }
    }
    assert_eq!(obs[o + STEP_PICKED + at("7C")], 1.0);
    position.legal_mask(&mut mask);
    assert!(mask.contains(Step::Finish.index()));
    position.play_index(Step::Finish.index()).expect("legal");
    assert!(position.pending().is_none());
    assert_eq!(
        position.game().captured(PlayerId(0)).len(),
        6,
        "9S 6C 3D, then TH 3S 7C"
    );
}

/// The documented range of every value: `[0, 1]`, the totals `[-1, 1]`.
fn in_range(t: &[f32]) -> Result<(), String> {
    for (i, &x) in t.iter().enumerate() {
        let low = if (TOTALS..TOTALS + SEATS).contains(&i) {
            -1.0
        } else {
            0.0
        };
        if !x.is_finite() || x < low || x > 1.0 {
            return Err(format!("{x} at index {i}"));
        }
    }
    Ok(())
}

/// A tiny generator for the test's own random choices (the game's randomness is its seed).
fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Over random games, every seat at every position and every step of the decision under
    /// way: values in range, the hand slice exactly the hand, the public parts agreeing.
    #[test]
    fn every_value_is_in_range_and_the_hand_is_the_hand(
        seed in any::<u64>(),
        players in 2usize..=5,
        variant in 0usize..4,
    ) {
        let rules = [Rules::default(), Rules::casual(), Rules::yoruba(), everything()][variant];
        let mut game = Elewenjewe::new(&rules, players, Seed::from(seed)).expect("a deal");
        let mut events = Vec::new();
        game.start_events(&mut events);
        let mut seen = 0;
        let mut knowledge: Vec<Knowledge<Elewenjewe>> =
            PlayerId::all(players).map(|s| Knowledge::new(&rules, players, s)).collect();
        let (mut obs, mut info) = (vec![0.0; 882], vec![0.0; 1584]);
        let (mut moves, mut path) = (Vec::new(), Vec::new());
        let mut x = seed | 1;
        for _ in 0..120 {
            for event in &events[seen..] {
                for (s, k) in knowledge.iter_mut().enumerate() {
                    let event = Elewenjewe::redact(&rules, event, PlayerId(s as u8));
                    k.observe(&event).expect("the seat's events fit");
                }
            }
            seen = events.len();
            let Some(to_act) = game.to_act() else { break };
            game.legal_actions(&mut moves);
            let action = moves[(next(&mut x) % moves.len() as u64) as usize];
            <Stepped as Indexed>::action_path(action, &mut path);
            for (s, k) in knowledge.iter().enumerate() {
                // The seat to act at each step of its decision; the others at its start.
                let depth = if s == to_act.index() { path.len() - 1 } else { 0 };
                for taken in 0..=depth {
                    k.observation(&path[..taken], &mut obs).expect("the shape");
                    k.information_state(&path[..taken], &mut info).expect("the shape");
                    in_range(&obs).map_err(|e| TestCaseError::fail(format!("observation: {e}")))?;
                    in_range(&info).map_err(|e| TestCaseError::fail(format!("information: {e}")))?;
                    let hand = k.view().hand.len() as f32;
                    prop_assert_eq!(sum(&obs, OBSERVATION_PUBLIC + HAND, 54), hand);
                    prop_assert_eq!(sum(&info, INFORMATION_PUBLIC + HAND, 54), hand);
                    prop_assert_eq!(k.view().hand_sizes[s] as f32 / 4.0, obs[HAND_SIZES]);
                    prop_assert_eq!(&obs[..OBSERVATION_PUBLIC], &info[..OBSERVATION_PUBLIC]);
                    prop_assert_eq!(&obs[OBSERVATION_PUBLIC..], &info[INFORMATION_PUBLIC..]);
                    let under_way = if taken == 0 { 0.0 } else { 1.0 };
                    let kind = sum(&obs, OBSERVATION_PUBLIC + STEP_KIND, 2);
                    prop_assert_eq!(kind, under_way);
                }
            }
            game.play_reporting(action, &mut events).expect("legal");
        }
    }
}

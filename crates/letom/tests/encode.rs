//! The tensors for learning agents (`letom::encode`): the leak check of cards-testkit for
//! every table and preset, a worked example per game type pinning the layout of
//! `docs/letom.md` ("Tensors for learning agents"), and the ranges over random games.

use cards_core::{Card, DidoCard, Encode, Game, Knowledge, PlayerId, Presets, RandomPlayer, Seed};
use cards_testkit::encoding::check_encoding;
use letom::encode::matches::{
    MATCH_DEAL, MATCH_IN_INFORMATION, MATCH_IN_OBSERVATION, MATCH_NAGARIS, MATCH_TOTALS,
    MATCH_WINS, TOTAL_SCALE,
};
use letom::encode::{
    CARDS, DEALER, DEALT, FLOOR, HAND, HAND_SCALE, HISTORY, PHASE, PLAYERS, SEAT_BLOCKS,
    SEAT_CAPTURED, SEAT_FIRST_DONE, SEAT_HAND_SIZE, SEAT_LEN, SEAT_PRESENT, STOCK, STOCK_SCALE,
    TO_ACT, TURN_ACTOR, TURN_CAPTURED, TURN_FLIPPED, TURN_LEN, TURN_PLAYED, TURNS, UNDER,
};
use letom::{Deal, Letom, LetomMatch, MatchSetup, MatchView, Rules, View};
use proptest::prelude::*;

use crate::common::flipped;

/// The rule sets checked: the default, each preset, and every option away from its default
/// (the stake, the highest score on exhaustion, gwang-selling, …). Under gwang-selling a
/// seller shows every Guã it holds, so an exchange that moves a Guã into its hand changes the
/// view (`shown`, a public fact) and the check skips it.
fn rule_sets() -> Vec<(&'static str, Rules)> {
    let mut sets = vec![("default", Rules::default()), ("flipped", flipped())];
    sets.extend(Rules::presets());
    sets
}

#[test]
fn a_deal_s_tensors_show_no_card_a_seat_has_not_seen() {
    for (name, rules) in rule_sets() {
        for players in Rules::PLAYERS {
            let report = check_encoding::<Letom>(&rules, players, 0..50)
                .unwrap_or_else(|e| panic!("{name}, {players} players: {e}"));
            assert!(report.flips > 0, "{name}, {players} players: {report:?}");
            assert!(
                report.positions > 0,
                "{name}, {players} players: {report:?}"
            );
        }
    }
}

#[test]
fn a_match_s_tensors_show_no_card_a_seat_has_not_seen() {
    for (name, rules) in rule_sets() {
        // Three deals: a deal's start after a booked one is covered, and the test stays short.
        let rules = Rules { deals: 3, ..rules };
        for players in Rules::PLAYERS {
            let report = check_encoding::<LetomMatch>(&rules, players, 0..15)
                .unwrap_or_else(|e| panic!("{name}, {players} players: {e}"));
            assert!(report.flips > 0, "{name}, {players} players: {report:?}");
            assert!(
                report.positions > 0,
                "{name}, {players} players: {report:?}"
            );
        }
    }
}

fn card(s: &str) -> DidoCard {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn idx(s: &str) -> usize {
    usize::from(card(s).index())
}

fn cards(s: &str) -> Vec<DidoCard> {
    s.split_whitespace().map(card).collect()
}

fn sum(t: &[f32], at: usize, len: usize) -> f32 {
    t[at..at + len].iter().sum()
}

/// Two players, seat 0 dealing; the stock begins P8 A8, then every card not named.
fn worked_deal() -> Deal {
    let hands = vec![cards("A1 S2 G3 P4 A5 S6 G7"), cards("P1 A2 S3 G4 P5 A6 S7")];
    let floor = cards("S1 G2 P3 A4 S5 G6 P7 A0");
    let mut stock = cards("P8 A8");
    let placed: Vec<DidoCard> = hands
        .iter()
        .flatten()
        .chain(&floor)
        .chain(&stock)
        .copied()
        .collect();
    stock.extend(DidoCard::ALL.iter().filter(|c| !placed.contains(c)));
    Deal {
        dealer: PlayerId(0),
        hands,
        floor,
        stock,
    }
}

/// The worked example's knowledge of `seat`: seat 0 plays A1 onto S1 and flips P8 (no 8 on
/// the floor), taking A1 S1; seat 1 plays P1 (no 1 left) and flips A8 onto P8, taking both.
fn worked<G: Encode<Action = letom::Action>>(game: G, seat: PlayerId) -> Knowledge<G> {
    let mut game = game;
    let mut events = Vec::new();
    game.start_events(&mut events);
    for action in ["play A1", "play P1"] {
        let action = action.parse().unwrap_or_else(|e| panic!("{action}: {e}"));
        game.play_reporting(action, &mut events)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let rules = game.rules().clone();
    let mut knowledge = Knowledge::<G>::new(&rules, 2, seat);
    for event in &events {
        knowledge
            .observe(&G::redact(&rules, event, seat))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    knowledge
}

fn tensors<G: Encode>(k: &Knowledge<G>) -> (Vec<f32>, Vec<f32>) {
    let mut obs = vec![0.0; G::OBSERVATION.len()];
    let mut info = vec![0.0; G::INFORMATION_STATE.len()];
    k.observation(&[], &mut obs)
        .unwrap_or_else(|e| panic!("{e}"));
    k.information_state(&[], &mut info)
        .unwrap_or_else(|e| panic!("{e}"));
    (obs, info)
}

/// The public part of the worked example, as `docs/letom.md` lays it out, seen by seat 0.
fn assert_worked_public(t: &[f32]) {
    assert_eq!(t[PLAYERS], 1.0, "two players");
    assert_eq!(t[PHASE + 1], 1.0, "a turn");
    assert_eq!(sum(t, PHASE, 5), 1.0);
    assert_eq!(t[TO_ACT], 1.0, "the viewer, seat 0, to play");
    assert_eq!(t[DEALER], 1.0);
    // S1 taken, P8 taken, P1 left on the floor.
    for c in ["G2", "P3", "A4", "S5", "G6", "P7", "A0", "P1"] {
        assert_eq!(t[FLOOR + idx(c)], 1.0, "{c} on the floor");
    }
    assert_eq!(sum(t, FLOOR, CARDS), 8.0);
    assert!((t[STOCK] - 12.0 / STOCK_SCALE).abs() < 1e-6);
    let me = SEAT_BLOCKS;
    let next = SEAT_BLOCKS + SEAT_LEN;
    for block in [me, next] {
        assert_eq!(t[block + SEAT_PRESENT], 1.0);
        assert!((t[block + SEAT_HAND_SIZE] - 6.0 / HAND_SCALE).abs() < 1e-6);
        assert_eq!(t[block + SEAT_FIRST_DONE], 1.0);
        assert_eq!(sum(t, block + SEAT_CAPTURED, CARDS), 2.0);
    }
    assert_eq!(t[me + SEAT_CAPTURED + idx("A1")], 1.0);
    assert_eq!(t[me + SEAT_CAPTURED + idx("S1")], 1.0);
    assert_eq!(t[next + SEAT_CAPTURED + idx("A8")], 1.0);
    assert_eq!(t[next + SEAT_CAPTURED + idx("P8")], 1.0);
    // Slots 2 and 3: no seat.
    assert_eq!(sum(t, SEAT_BLOCKS + 2 * SEAT_LEN, 2 * SEAT_LEN), 0.0);
}

/// The turns of the worked example in the information state, seen by seat 0.
fn assert_worked_history(t: &[f32]) {
    let first = HISTORY;
    assert_eq!(t[first + TURN_ACTOR], 1.0, "seat 0's turn");
    assert_eq!(t[first + TURN_PLAYED + idx("A1")], 1.0);
    assert_eq!(t[first + TURN_FLIPPED + idx("P8")], 1.0);
    assert_eq!(t[first + TURN_CAPTURED + idx("A1")], 1.0);
    assert_eq!(t[first + TURN_CAPTURED + idx("S1")], 1.0);
    assert_eq!(sum(t, first, TURN_LEN), 1.0 + 1.0 + 1.0 + 2.0);
    let second = HISTORY + TURN_LEN;
    assert_eq!(t[second + TURN_ACTOR + 1], 1.0, "the next seat's turn");
    assert_eq!(t[second + TURN_PLAYED + idx("P1")], 1.0);
    assert_eq!(t[second + TURN_FLIPPED + idx("A8")], 1.0);
    assert_eq!(t[second + TURN_CAPTURED + idx("A8")], 1.0);
    assert_eq!(t[second + TURN_CAPTURED + idx("P8")], 1.0);
    assert_eq!(sum(t, second, TURN_LEN), 5.0);
    // Seat 0's turn has begun; nothing else yet.
    let third = HISTORY + 2 * TURN_LEN;
    assert_eq!(t[third + TURN_ACTOR], 1.0);
    assert_eq!(sum(t, third, TURN_LEN), 1.0);
    assert_eq!(sum(t, HISTORY + 3 * TURN_LEN, (TURNS - 3) * TURN_LEN), 0.0);
}

/// Seat 0's hand: 7 dealt, A1 played.
fn assert_worked_private(t: &[f32], dealt: Option<usize>) {
    for c in ["S2", "G3", "P4", "A5", "S6", "G7"] {
        assert_eq!(t[HAND + idx(c)], 1.0, "{c} in hand");
    }
    assert_eq!(sum(t, HAND, CARDS), 6.0);
    if let Some(dealt) = dealt {
        assert_eq!(t[dealt + idx("A1")], 1.0, "A1 was dealt");
        assert_eq!(sum(t, dealt, CARDS), 7.0);
        assert_eq!(sum(t, UNDER, CARDS), 0.0, "no sale");
    }
}

#[test]
fn the_worked_deal_pins_the_documented_layout() {
    let rules = Rules::default();
    let game = Letom::from_deal(&rules, &worked_deal()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Letom::OBSERVATION.public, 484);
    assert_eq!(Letom::OBSERVATION.private, 36);
    assert_eq!(Letom::INFORMATION_STATE.public, 484 + 16 * 167);
    assert_eq!(Letom::INFORMATION_STATE.private, 108);

    let (obs, info) = tensors(&worked(game.clone(), PlayerId(0)));
    let (obs_pub, obs_priv) = obs.split_at(Letom::OBSERVATION.public);
    assert_worked_public(obs_pub);
    assert_worked_private(obs_priv, None);
    let (info_pub, info_priv) = info.split_at(Letom::INFORMATION_STATE.public);
    assert_eq!(
        &info_pub[..HISTORY],
        obs_pub,
        "the observation, then the turns"
    );
    assert_worked_history(info_pub);
    assert_worked_private(info_priv, Some(DEALT));

    // Seat 1 sees seat 0 in slot 1, and its own turn in slot 0.
    let (obs, info) = tensors(&worked(game, PlayerId(1)));
    assert_eq!(obs[TO_ACT + 1], 1.0);
    assert_eq!(obs[DEALER + 1], 1.0);
    assert_eq!(obs[SEAT_BLOCKS + SEAT_CAPTURED + idx("P8")], 1.0);
    assert_eq!(info[HISTORY + TURN_ACTOR + 1], 1.0, "seat 0's turn, slot 1");
    assert_eq!(
        info[HISTORY + TURN_LEN + TURN_ACTOR],
        1.0,
        "its own turn, slot 0"
    );
    let private = &obs[Letom::OBSERVATION.public..];
    for c in ["A2", "S3", "G4", "P5", "A6", "S7"] {
        assert_eq!(private[HAND + idx(c)], 1.0, "{c} in seat 1's hand");
    }
    assert_eq!(sum(private, HAND, CARDS), 6.0);
}

#[test]
fn the_worked_match_adds_its_tallies_after_the_deal() {
    let rules = Rules {
        deals: 4,
        ..Rules::default()
    };
    let deal = Letom::from_deal(&rules, &worked_deal()).unwrap_or_else(|e| panic!("{e}"));
    let setup = MatchSetup {
        seed: Seed::from(7),
        number: 2,
        deal: deal.setup(),
        totals: vec![12, -12],
        wins: vec![1, 0],
        nagaris: 1,
    };
    let game = LetomMatch::from_setup(&rules, setup).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(LetomMatch::OBSERVATION.public, 484 + 10);
    assert_eq!(LetomMatch::OBSERVATION.private, 36);
    assert_eq!(LetomMatch::INFORMATION_STATE.public, 484 + 16 * 167 + 10);
    assert_eq!(LetomMatch::INFORMATION_STATE.private, 108);
    assert_eq!(MATCH_IN_OBSERVATION, 484);
    assert_eq!(MATCH_IN_INFORMATION, 484 + 16 * 167);

    let squash = |t: f32| 0.5 + 0.5 * t / (t.abs() + TOTAL_SCALE);
    for (seat, mine, theirs) in [(0u8, 12.0, -12.0), (1, -12.0, 12.0)] {
        let (obs, info) = tensors(&worked(game.clone(), PlayerId(seat)));
        for (t, at) in [(&obs, MATCH_IN_OBSERVATION), (&info, MATCH_IN_INFORMATION)] {
            assert_eq!(t[at + MATCH_DEAL], 0.5, "deal 2 of 4");
            assert!((t[at + MATCH_TOTALS] - squash(mine)).abs() < 1e-6);
            assert!((t[at + MATCH_TOTALS + 1] - squash(theirs)).abs() < 1e-6);
            let (won, lost) = if seat == 0 { (0.25, 0.0) } else { (0.0, 0.25) };
            assert_eq!(t[at + MATCH_WINS], won);
            assert_eq!(t[at + MATCH_WINS + 1], lost);
            assert_eq!(t[at + MATCH_NAGARIS], 0.25);
        }
        if seat == 0 {
            // The deal's part is the one-deal game's.
            assert_worked_public(&obs);
            assert_worked_history(&info);
            assert_worked_private(&obs[LetomMatch::OBSERVATION.public..], None);
            assert_worked_private(&info[LetomMatch::INFORMATION_STATE.public..], Some(DEALT));
        }
    }
}

/// Plays `moves` random actions (or to the end) from `seed`, following each seat's knowledge,
/// and checks every seat's tensors after each action.
fn check_ranges<G: Encode<Rules = Rules>>(
    rules: &Rules,
    players: usize,
    seed: u64,
    moves: usize,
    hand: impl Fn(&G::View) -> usize,
) {
    let mut game = G::new(rules, players, Seed::from(seed)).unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut knowing: Vec<Knowledge<G>> = PlayerId::all(players)
        .map(|s| Knowledge::new(rules, players, s))
        .collect();
    let (mut player, mut buf) = (RandomPlayer::new(Seed::from(seed)), Vec::new());
    let mut obs = vec![0.0; G::OBSERVATION.len()];
    let mut info = vec![0.0; G::INFORMATION_STATE.len()];
    for step in 0..=moves {
        for (s, k) in knowing.iter_mut().enumerate() {
            let seat = PlayerId(s as u8);
            for event in &events {
                k.observe(&G::redact(rules, event, seat))
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            k.observation(&[], &mut obs)
                .unwrap_or_else(|e| panic!("{e}"));
            k.information_state(&[], &mut info)
                .unwrap_or_else(|e| panic!("{e}"));
            for x in obs.iter().chain(&info) {
                assert!(
                    x.is_finite() && (0.0..=1.0).contains(x),
                    "{x} at step {step}"
                );
            }
            let ones = obs[G::OBSERVATION.public..]
                .iter()
                .filter(|&&x| x == 1.0)
                .count();
            assert_eq!(ones, hand(k.view()), "seat {seat}'s hand at step {step}");
            assert_eq!(
                &info[G::INFORMATION_STATE.public..][..CARDS],
                &obs[G::OBSERVATION.public..],
                "the information state's private part begins with the observation's"
            );
        }
        events.clear();
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play_reporting(action, &mut events)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every value finite and in [0, 1]; the observation's private part is the hand.
    #[test]
    fn tensors_stay_in_range_and_show_the_hand(
        seed in any::<u64>(),
        players in 2usize..=4,
        moves in 0usize..200,
        all_options in any::<bool>(),
    ) {
        let rules = if all_options { flipped() } else { Rules::default() };
        check_ranges::<Letom>(&rules, players, seed, moves, |v: &View| v.hand.len());
        let rules = Rules { deals: 2, ..rules };
        check_ranges::<LetomMatch>(&rules, players, seed, moves, |v: &MatchView| v.deal.hand.len());
    }
}

/// The horizon: no deal begins more turns than the information state keeps.
#[test]
fn no_deal_has_more_turns_than_the_history_keeps() {
    let selling = ("gwang-selling", flipped());
    for (_, rules) in rule_sets().into_iter().chain([selling]) {
        for players in Rules::PLAYERS {
            for seed in 0..200 {
                let mut game =
                    Letom::new(&rules, players, Seed::from(seed)).unwrap_or_else(|e| panic!("{e}"));
                let mut events = Vec::new();
                game.start_events(&mut events);
                let mut player = RandomPlayer::new(Seed::from(seed));
                let mut buf = Vec::new();
                while let Some(action) = player.choose(&game, &mut buf) {
                    game.play_reporting(action, &mut events)
                        .unwrap_or_else(|e| panic!("{e}"));
                }
                let mut k = Knowledge::<Letom>::new(&rules, players, PlayerId(0));
                for event in &events {
                    k.observe(&Letom::redact(&rules, event, PlayerId(0)))
                        .unwrap_or_else(|e| panic!("{e}"));
                }
                assert!(
                    k.recall().turns() <= TURNS,
                    "seed {seed}: {}",
                    k.recall().turns()
                );
            }
        }
    }
}

//! The step-by-step form through the table, and the typed visit of every catalogue line.

use cards_core::{ActionMask, Indexed, Seed, random_playout};
use cards_registry::{Catalogued, GameType, Stepped, TableError, Visitor, catalogue, find};
use serde_json::json;

/// A whole game played by random legal steps: every decision completes into a legal move,
/// events follow, and the record replays to the same state.
fn stepped_game(line: &'static GameType, players: usize, seed: u64) {
    let mut table = line.new_table(&json!({}), players, seed).unwrap();
    let mut draw = seed;
    let mut moves = 0;
    while table.to_act().is_some() {
        let steps = table.legal_steps();
        assert!(!steps.is_empty(), "{line:?}");
        assert!(steps.iter().all(|s| s.id < table.step_space()));
        assert!(steps.windows(2).all(|w| w[0].id < w[1].id), "id order");
        // An id that is not legal now is refused, and changes nothing.
        if let Some(wrong) = (0..table.step_space()).find(|id| steps.iter().all(|s| s.id != *id)) {
            let before = (table.state(), table.steps_taken(), table.event_count());
            assert!(matches!(
                table.play_step(wrong),
                Err(TableError::Refused(_))
            ));
            assert_eq!(
                (table.state(), table.steps_taken(), table.event_count()),
                before
            );
        }
        draw = draw.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let step = &steps[(draw >> 33) as usize % steps.len()];
        let legal = table.legal();
        let events = table.event_count();
        match table.play_step(step.id).unwrap() {
            Stepped::Partial => {
                assert_eq!(table.steps_taken().last(), Some(step));
                assert_eq!(table.event_count(), events, "nothing happens mid-decision");
            }
            Stepped::Played(chosen) => {
                assert_eq!(legal[chosen.index], chosen, "{line:?}");
                assert!(table.steps_taken().is_empty());
                assert!(table.event_count() > events);
                moves += 1;
            }
        }
    }
    assert_eq!(table.record()["actions"].as_array().unwrap().len(), moves);
    let again = line.replay(&table.record().to_string()).unwrap();
    assert_eq!(again.state(), table.state());
    assert!(table.legal_steps().is_empty());
    assert_eq!(table.play_step(0), Err(TableError::Over));
}

/// The ids-only path (`step_mask`, `take_step`) is the step-by-step form without words: the
/// same masks, the same refusals, the same game; and every step's notation and words name it.
fn ids_only_game(line: &'static GameType, players: usize, seed: u64) {
    let mut fast = line.new_table(&json!({}), players, seed).unwrap();
    let mut slow = fast.clone_table();
    let mut mask = ActionMask::default();
    let mut draw = seed;
    while fast.to_act().is_some() {
        fast.step_mask(&mut mask);
        let ids: Vec<usize> = mask.iter().collect();
        let listed: Vec<usize> = slow.legal_steps().iter().map(|s| s.id).collect();
        assert_eq!(ids, listed, "{line:?}");
        assert_eq!(
            fast.step_ids_taken(),
            &slow.steps_taken().iter().map(|s| s.id).collect::<Vec<_>>()[..]
        );
        for &id in &ids {
            let named = fast.step_named(id).unwrap();
            assert_eq!(fast.step_id(&named.notation), Ok(id), "{line:?} {named:?}");
            assert_eq!(fast.step_id(&named.words), Ok(id), "{line:?} {named:?}");
        }
        if let Some(wrong) = (0..fast.step_space()).find(|id| !mask.contains(*id)) {
            let before = (fast.state(), fast.step_ids_taken().to_vec());
            assert!(matches!(fast.take_step(wrong), Err(TableError::Refused(_))));
            assert_eq!((fast.state(), fast.step_ids_taken().to_vec()), before);
        }
        draw = draw.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let id = ids[(draw >> 33) as usize % ids.len()];
        let done = fast.take_step(id).unwrap();
        assert_eq!(
            done,
            matches!(slow.play_step(id).unwrap(), Stepped::Played(_))
        );
        assert_eq!(fast.event_count(), slow.event_count());
    }
    assert_eq!(fast.record(), slow.record());
    assert_eq!(fast.state(), slow.state());
    fast.step_mask(&mut mask);
    assert!(mask.is_empty() && mask.bound() == fast.step_space());
    assert_eq!(fast.take_step(0), Err(TableError::Over));
    assert!(fast.step_named(fast.step_space()).is_none());
    assert!(matches!(
        fast.step_id("no such step"),
        Err(TableError::Notation(_))
    ));
}

#[test]
fn every_type_plays_by_ids_alone() {
    for line in catalogue() {
        let players = *line.players().start().max(&2);
        for seed in [5, 6] {
            ids_only_game(line, players, seed);
        }
    }
}

#[test]
fn every_type_plays_step_by_step() {
    for line in catalogue() {
        let players = *line.players().start().max(&2);
        for seed in [3, 4] {
            stepped_game(line, players, seed);
        }
    }
}

/// A game whose every action is one step lists the same moves as steps; Eléwénjewé splits a
/// capture, and a decision under way starts again on request, or when a whole move is played.
#[test]
fn steps_are_moves_unless_split() {
    let line = find("zaagox", None).unwrap();
    let table = line.new_table(&json!({}), 3, 8).unwrap();
    let moves: Vec<String> = table.legal().into_iter().map(|m| m.notation).collect();
    let steps: Vec<String> = table
        .legal_steps()
        .into_iter()
        .map(|s| s.notation)
        .collect();
    let (mut moves, mut steps) = (moves, steps);
    moves.sort();
    steps.sort();
    assert_eq!(moves, steps);

    let line = find("elewenjewe", None).unwrap();
    for seed in 0..50 {
        let mut table = line.new_table(&json!({}), 2, seed).unwrap();
        let capture = table
            .legal_steps()
            .into_iter()
            .find(|s| s.notation.starts_with("capture"));
        let Some(capture) = capture else { continue };
        let before = table.state();
        assert_eq!(table.play_step(capture.id), Ok(Stepped::Partial));
        assert_eq!(table.steps_taken(), std::slice::from_ref(&capture));
        table.restart_steps();
        assert!(table.steps_taken().is_empty());
        assert_eq!(table.state(), before);
        table.play_step(capture.id).unwrap();
        table.play_index(0).unwrap();
        assert!(
            table.steps_taken().is_empty(),
            "a whole move drops the steps"
        );
        return;
    }
    panic!("no capture to start in 50 deals");
}

/// A visitor runs typed for each line: here the typed random playout, matched against the
/// erased table's.
struct TypedPlayout {
    players: usize,
    seed: u64,
}

impl Visitor for TypedPlayout {
    type Out = (&'static str, usize, usize);

    fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(
        self,
        line: &'static GameType,
    ) -> Self::Out {
        let (_, record) =
            random_playout::<G>(&G::Rules::default(), self.players, Seed::from(self.seed)).unwrap();
        let _ = line;
        (G::NAME, record.actions.len(), P::NUM_ACTIONS)
    }
}

#[test]
fn visits_are_typed_for_every_line() {
    for line in catalogue() {
        let players = *line.players().start().max(&2);
        let (name, actions, space) = line.visit(TypedPlayout { players, seed: 6 });
        assert_eq!(name, line.record());
        let table = line.new_table(&json!({}), players, 6).unwrap();
        assert_eq!(space, table.step_space());
        assert!(actions > 0);
    }
}

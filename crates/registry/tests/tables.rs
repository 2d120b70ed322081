//! Every game type's table against the typed game it erases: the same actions reach the same
//! state, refusals leave the table as it was, records replay, bots play whole games.

use cards_core::{Game, Seed, random_playout};
use cards_registry::{TableError, catalogue, find};
use serde_json::json;

/// Plays the typed random game of `seed` through the erased table of `game`/`variant` by its
/// notation, and checks the table follows it move for move.
fn follows<G: Game>(game: &str, variant: Option<&str>, players: usize, seed: u64) {
    let line = find(game, variant).unwrap();
    assert_eq!(line.record(), G::NAME);
    let rules = G::Rules::default();
    let (end, played) = random_playout::<G>(&rules, players, Seed::from(seed)).unwrap();
    let mut table = line.new_table(&json!({}), players, seed).unwrap();
    for action in &played.actions {
        let legal = table.legal();
        assert_eq!(table.legal_len(), legal.len());
        let text = action.to_string();
        assert!(
            legal.iter().any(|m| m.notation == text),
            "{text} not in {legal:?}"
        );
        table.play(&text).unwrap();
    }
    assert_eq!(table.state(), serde_json::to_value(&end).unwrap());
    assert_eq!(table.to_act(), None);
    assert_eq!(table.settlement(), end.settlement().to_vec());
    assert_eq!(table.returns(), end.returns().to_vec());
    assert_eq!(
        table.outcome().map(|(text, _)| text),
        end.outcome().map(|o| o.to_string())
    );
    assert!(table.legal().is_empty());
    assert_eq!(table.bot_move("random", 1), Err(TableError::Over));
    // The record is the library's, its seed the integer given, and it replays.
    let record = table.record();
    assert_eq!(record["seed"], json!(seed));
    assert_eq!(record["format"], json!(1));
    let again = line.replay(&record.to_string()).unwrap();
    assert_eq!(again.state(), table.state());
    // Every seat sees every event; redacted, never more than everyone sees.
    let all = table.events(None, 0).unwrap();
    for seat in 0..players {
        assert_eq!(table.events(Some(seat), 0).unwrap().len(), all.len());
        table.view(seat).unwrap();
        assert!(!table.view_text(seat).unwrap().is_empty());
    }
    assert!(matches!(table.view(players), Err(TableError::Seat { .. })));
}

#[test]
fn every_type_follows_its_typed_game() {
    for seed in [1, 42] {
        follows::<zaagox::Zaagox>("zaagox", None, 3, seed);
        follows::<jass::Schieber>("jass", Some("schieber"), 4, seed);
        follows::<jass::SchieberDeal>("jass", Some("schieber-deal"), 4, seed);
        follows::<jass::Coiffeur>("jass", Some("coiffeur"), 4, seed);
        follows::<jass::Differenzler>("jass", Some("differenzler"), 3, seed);
        follows::<elewenjewe::Elewenjewe>("elewenjewe", None, 2, seed);
        follows::<letom::Letom>("letom", Some("deal"), 3, seed);
        follows::<letom::LetomMatch>("letom", Some("match"), 2, seed);
    }
}

/// A refused move, by notation or index, changes nothing.
#[test]
fn refusals_leave_the_table_as_it_was() {
    let line = find("jass", Some("schieber-deal")).unwrap();
    let mut table = line.new_table(&json!({}), 4, 5).unwrap();
    let before = (
        table.state(),
        table.events(None, 0).unwrap(),
        table.record(),
    );
    assert!(matches!(table.play("ZZ"), Err(TableError::Notation(_))));
    assert!(matches!(
        table.play("predict:3"),
        Err(TableError::Refused(_))
    ));
    let n = table.legal().len();
    assert_eq!(
        table.play_index(n),
        Err(TableError::Index { index: n, legal: n })
    );
    assert_eq!(
        (
            table.state(),
            table.events(None, 0).unwrap(),
            table.record()
        ),
        before
    );
    assert!(matches!(
        table.bot_move("alphazero", 1),
        Err(TableError::Bot(_))
    ));
    let moved = table.bot_move("ismcts:50", 3).unwrap();
    assert_eq!(table.bot_move("ismcts:50", 3).unwrap(), moved);
    table.play_index(moved.index).unwrap();
}

/// Rules are the game's JSON, refused in its words; a rule out of range refuses the table.
#[test]
fn rules_come_as_json() {
    let line = find("jass", None).unwrap();
    let e = line.new_table(&json!({"wies": 1}), 4, 1).unwrap_err();
    assert!(
        matches!(&e, TableError::Rules(m) if m.contains("unknown field `wies`")),
        "{e}"
    );
    let e = line
        .new_table(&json!({"target": 4_294_967_295u64}), 4, 1)
        .unwrap_err();
    assert!(e.to_string().contains("target must be 1 to 1000000"), "{e}");
    let e = line.new_table(&json!({}), 3, 1).unwrap_err();
    assert!(e.to_string().contains("played by 4 players, not 3"), "{e}");
    let t = line.new_table(&json!({"target": 1000}), 4, 1).unwrap();
    assert_eq!(t.record()["rules"]["target"], json!(1000));
    let e = line.replay("{}").unwrap_err();
    assert!(matches!(e, TableError::Record(_)));
    let e = line.new_table(&json!({"weis": 5}), 4, 1).unwrap_err();
    assert!(e.to_string().contains("expected a JSON object"), "{e}");
}

/// A clone goes its own way.
#[test]
fn clones_are_independent() {
    let line = find("zaagox", None).unwrap();
    let table = line.new_table(&json!({}), 2, 9).unwrap();
    let mut other = table.clone_table();
    other.play_index(0).unwrap();
    assert_ne!(other.state(), table.state());
    assert_eq!(table.record()["actions"], json!([]));
}

/// A front end's rule choices (a preset, JSON, fields by name) make the rules a table takes.
#[test]
fn rule_choices_make_rules() {
    use cards_registry::rules::RuleChoices;
    let line = find("jass", Some("coiffeur")).unwrap();
    let choices = RuleChoices {
        preset: Some("flat".to_owned()),
        json: None,
        set: vec![("coiffeur.individual".to_owned(), "true".to_owned())],
    };
    let rules = line.rules(&choices, 4).unwrap();
    assert_eq!(rules["coiffeur"]["individual"], json!(true));
    assert_eq!(rules["target"], json!(1000));
    line.new_table(&rules, 4, 3).unwrap();
    let fields = line.rule_fields();
    assert!(
        fields
            .iter()
            .any(|f| f.name == "weis.scale" && f.values == "big|small")
    );
    let wrong = RuleChoices {
        set: vec![("weis.scale".to_owned(), "huge".to_owned())],
        ..RuleChoices::default()
    };
    assert_eq!(
        line.rules(&wrong, 4).unwrap_err(),
        "--rule weis.scale=huge: weis.scale takes big|small"
    );
    // A preset made for some seat counts refuses the others (Eléwénjewé's professional is
    // for two, the spec's preset); the same rules chosen field by field seat any count.
    let line = find("elewenjewe", None).unwrap();
    let professional = RuleChoices {
        preset: Some("professional".to_owned()),
        ..RuleChoices::default()
    };
    assert!(line.rules(&professional, 2).is_ok());
    assert_eq!(
        line.rules(&professional, 3).unwrap_err(),
        "the professional preset is for 2 players, not 3"
    );
    let casual = RuleChoices {
        preset: Some("casual".to_owned()),
        ..RuleChoices::default()
    };
    assert!(line.rules(&casual, 5).is_ok());
    assert!(line.rules(&RuleChoices::default(), 3).is_ok());
}

/// A hint comes from a fair bot, its choice first; a sampled world shows the seat what the
/// table shows it, and plays on.
#[test]
fn hints_and_sampled_worlds() {
    for (game, variant, players) in [
        ("zaagox", None, 3),
        ("jass", Some("coiffeur"), 4),
        ("letom", Some("deal"), 3),
        ("elewenjewe", None, 2),
    ] {
        let line = find(game, variant).unwrap();
        let mut table = line.new_table(&json!({}), players, 11).unwrap();
        for _ in 0..5 {
            if table.to_act().is_none() {
                break;
            }
            table.play_index(0).unwrap();
        }
        let Some(seat) = table.to_act() else { continue };
        let hint = table.hint("ismcts:200", 4, 3).unwrap();
        assert!(!hint.is_empty() && hint.len() <= 3, "{hint:?}");
        assert_eq!(hint[0].chosen, table.bot_move("ismcts:200", 4).unwrap());
        let shares: f64 = hint.iter().map(|w| w.share).sum();
        assert!(shares <= 1.0 + 1e-9, "{hint:?}");
        assert!(matches!(table.hint("cheat", 4, 3), Err(TableError::Bot(_))));
        let mut world = table.sample_world(seat, 5).unwrap();
        assert_eq!(
            world.view(seat).unwrap(),
            table.view(seat).unwrap(),
            "{game}"
        );
        assert_eq!(world.legal(), table.legal());
        world.play_index(0).unwrap();
        assert!(matches!(
            table.sample_world(players, 5),
            Err(TableError::Seat { .. })
        ));
    }
}

/// A table starts from an explicit position as well as from a seed: a sampled world's setup,
/// or a record's, sets up the same position; a setup that breaks the rules is refused.
#[test]
fn tables_start_from_explicit_setups() {
    for line in cards_registry::catalogue() {
        let players = *line.players().start().max(&2);
        let mut table = line.new_table(&json!({}), players, 17).unwrap();
        for _ in 0..3 {
            if table.to_act().is_some() {
                table.play_index(0).unwrap();
            }
        }
        let Some(seat) = table.to_act() else { continue };
        let world = table.sample_world(seat, 2).unwrap();
        let setup = world.record()["setup"].clone();
        assert!(setup.is_object(), "{line:?}");
        let again = line.new_table_from_setup(&json!({}), &setup).unwrap();
        assert_eq!(again.state(), world.state(), "{line:?}");
        assert_eq!(again.view(seat).unwrap(), table.view(seat).unwrap());
        assert!(matches!(
            line.new_table_from_setup(&json!({}), &json!({"hands": 3})),
            Err(TableError::Setup(_))
        ));
        assert!(matches!(
            line.new_table_from_setup(&json!({"nonesuch": 1}), &setup),
            Err(TableError::Rules(_))
        ));
    }
}

/// Every string leaf of a JSON value (cards, actions, words).
fn leaves(value: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
    match value {
        serde_json::Value::String(s) => {
            out.insert(s.clone());
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| leaves(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| leaves(v, out)),
        _ => {}
    }
}

/// An onlooker knows nothing a seat does not: every card or word in its events is in every
/// seat's events too, at the deal and a few moves in (by the end of a game most cards have
/// been shown to everyone).
#[test]
fn an_onlooker_sees_only_what_every_seat_sees() {
    for line in cards_registry::catalogue() {
        for moves in [0, 3] {
            onlooker_after(line, moves);
        }
    }
}

fn onlooker_after(line: &'static cards_registry::GameType, moves: usize) {
    {
        let players = *line.players().start().max(&2);
        let mut table = line.new_table(&json!({}), players, 23).unwrap();
        for k in 0..moves {
            if table.to_act().is_some() {
                table.play_index(k % table.legal_len()).unwrap();
            }
        }
        let onlooker = table.onlooker_events(0);
        assert_eq!(onlooker.len(), table.event_count(), "{line:?}");
        let mut seen = std::collections::BTreeSet::new();
        for told in &onlooker {
            leaves(&told.event, &mut seen);
        }
        for seat in 0..players {
            let mut known = std::collections::BTreeSet::new();
            for told in table.events(Some(seat), 0).unwrap() {
                leaves(&told.event, &mut known);
            }
            let extra: Vec<_> = seen.difference(&known).collect();
            assert!(
                extra.is_empty(),
                "{line:?}: the onlooker saw {extra:?}, seat {seat} not"
            );
        }
        let (view, text) = table.onlooker_view();
        assert!(view.is_object() && !text.is_empty(), "{line:?}");
        assert_eq!(table.onlooker_events(table.event_count()), []);
    }
}

/// A seat's tensors through the table: fixed shapes, a wrong buffer refused untouched, the same
/// after a replay of the record and in a copy, and the same in a world sampled for the seat
/// (its history kept there), which does differ from the truth.
#[test]
fn tensors_through_the_table() {
    for line in catalogue() {
        let (obs_shape, info_shape) = line.tensor_shapes();
        let players = *line.players().start().max(&2);
        let mut table = line.new_table(&json!({}), players, 31).unwrap();
        let mut draw = 31_u64;
        let mut worlds_differ = 0;
        let mut mask = cards_core::ActionMask::default();
        for moment in 0..60 {
            if table.to_act().is_none() {
                break;
            }
            for seat in 0..players {
                let mut obs = vec![0.5; obs_shape.len()];
                let mut info = vec![0.5; info_shape.len()];
                table.observation(seat, &mut obs).unwrap();
                table.information_state(seat, &mut info).unwrap();
                assert!(obs.iter().chain(&info).all(|x| x.is_finite()), "{line:?}");
                let mut short = vec![7.0; 3];
                assert!(matches!(
                    table.observation(seat, &mut short),
                    Err(TableError::Shape(_))
                ));
                assert_eq!(short, [7.0; 3], "a refused buffer is left as it was");
                let text = table.information_state_text(seat).unwrap();
                if moment % 10 == 0 {
                    let mut again = line.replay(&table.record().to_string()).unwrap();
                    for &id in table.step_ids_taken() {
                        again.take_step(id).unwrap();
                    }
                    let copy = table.clone_table();
                    let world = table.sample_world(seat, moment).unwrap();
                    worlds_differ += usize::from(world.state() != table.state());
                    for other in [again.as_ref(), copy.as_ref(), world.as_ref()] {
                        let mut o = vec![0.0; obs_shape.len()];
                        let mut i = vec![0.0; info_shape.len()];
                        other.observation(seat, &mut o).unwrap();
                        other.information_state(seat, &mut i).unwrap();
                        assert_eq!(o, obs, "{line:?} seat {seat}");
                        assert_eq!(i, info, "{line:?} seat {seat}");
                        assert_eq!(other.information_state_text(seat).unwrap(), text);
                    }
                }
            }
            assert!(matches!(
                table.observation(players, &mut vec![0.0; obs_shape.len()]),
                Err(TableError::Seat { .. })
            ));
            table.step_mask(&mut mask);
            let ids: Vec<usize> = mask.iter().collect();
            draw = draw.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            table
                .take_step(ids[(draw >> 33) as usize % ids.len()])
                .unwrap();
        }
        assert!(worlds_differ > 0, "{line:?}: no sampled world differed");
    }
}

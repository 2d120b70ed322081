//! The spec's rules, one scenario each, on states built from JSON (which also exercises the
//! validation every deserialized state goes through).

use cards_core::{Card, DidoCard, Game, NoEvents, PlayerId, Seed};
use serde_json::{Value, json};
use zaagox::{
    Action, AvaRule, Exhaustion, NegativeScores, Outcome, Phase, RuleError, Rules, Score, Zaagox,
};

fn c(s: &str) -> DidoCard {
    s.parse().unwrap()
}

fn cards(s: &str) -> Vec<DidoCard> {
    s.split_whitespace().map(c).collect()
}

/// A table: hands, pairs (owner, cards, ageing), stored, the top of the pile (the rest of the deck
/// follows in index order), discard and phase.
struct Table<'a> {
    rules: Rules,
    hands: Vec<&'a str>,
    pairs: Vec<(u8, &'a str, &'a str)>,
    stored: Vec<&'a str>,
    pile_top: &'a str,
    discard: Option<&'a str>,
    phase: Value,
    ava_order: Vec<u8>,
}

impl<'a> Table<'a> {
    fn new(hands: Vec<&'a str>, phase: Value) -> Self {
        let n = hands.len();
        Table {
            rules: Rules::default(),
            hands,
            pairs: vec![],
            stored: vec![""; n],
            pile_top: "",
            discard: None,
            phase,
            ava_order: vec![0; n],
        }
    }

    fn json(&self) -> Value {
        let mut used: Vec<DidoCard> = Vec::new();
        for s in self
            .hands
            .iter()
            .chain(&self.stored)
            .chain([&self.pile_top])
        {
            used.extend(cards(s));
        }
        for (_, p, a) in &self.pairs {
            used.extend(cards(p));
            used.extend(cards(a));
        }
        used.extend(self.discard.map(c));
        let mut pile = cards(self.pile_top);
        pile.extend(DidoCard::ALL.iter().filter(|d| !used.contains(d)));
        json!({
            "players": self.hands.len(),
            "pile": pile,
            "hands": self.hands.iter().map(|h| cards(h)).collect::<Vec<_>>(),
            "pairs": self.pairs.iter().map(|(o, p, a)| json!({"owner": o, "cards": cards(p), "ageing": cards(a)})).collect::<Vec<_>>(),
            "stored": self.stored.iter().map(|h| cards(h)).collect::<Vec<_>>(),
            "discard": self.discard,
            "phase": self.phase,
            "turns": 1,
            "ava": self.ava_order.iter().map(|&o| (o != 0).then_some(o)).collect::<Vec<_>>(),
            "outcome": null,
        })
    }

    /// The game's JSON: the rules and the setup.
    fn state_json(&self) -> Value {
        json!({"rules": self.rules, "setup": self.json()})
    }

    fn build(&self) -> Zaagox {
        serde_json::from_value(self.state_json()).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// A game from a setup's JSON under default rules, through serde.
fn state_from(setup: Value) -> Result<Zaagox, serde_json::Error> {
    serde_json::from_value(json!({"rules": Rules::default(), "setup": setup}))
}

fn act(seat: u8) -> Value {
    json!({"kind": "act", "seat": seat})
}

fn legal(state: &Zaagox) -> Vec<String> {
    let mut out = Vec::new();
    state.legal_actions(&mut out);
    out.iter().map(ToString::to_string).collect()
}

#[test]
fn a_new_game_deals_four_each_and_the_first_seat_draws() {
    for players in 2..=4 {
        let game = Zaagox::new(&Rules::default(), players, Seed::from(1)).unwrap();
        let Phase::Act { seat } = game.phase() else {
            panic!("{:?}", game.phase())
        };
        for s in 0..players {
            let expect = if s == seat.index() { 5 } else { 4 };
            assert_eq!(game.hand(PlayerId(s as u8)).len(), expect);
        }
        assert_eq!(game.pile_len(), 36 - 4 * players - 1);
        assert_eq!(game.turns(), 1);
    }
    let fixed = Rules {
        first_player: zaagox::FirstPlayer::Seat(PlayerId(2)),
        ..Rules::default()
    };
    let game = Zaagox::new(&fixed, 3, Seed::from(1)).unwrap();
    assert_eq!(game.to_act(), Some(PlayerId(2)));
    assert!(Zaagox::new(&fixed, 2, Seed::from(1)).is_err());
    assert!(Zaagox::new(&Rules::default(), 5, Seed::from(1)).is_err());
    assert!(Zaagox::new(&Rules::default(), 1, Seed::from(1)).is_err());
    assert!(
        Zaagox::new(
            &Rules {
                turn_limit: 0,
                ..Rules::default()
            },
            2,
            Seed::from(1)
        )
        .is_err()
    );
}

#[test]
fn legal_actions_after_drawing_are_discards_pairs_and_ages_in_order() {
    let mut t = Table::new(vec!["A1 S1 G1 P5 G7", "A2 S2 G2 P2"], act(0));
    t.pairs = vec![(0, "A3 S3", ""), (1, "A4 S4", "")];
    let game = t.build();
    // Written out: index order is colour-major (A, S, G, P), so G7 comes before P5.
    assert_eq!(
        legal(&game),
        [
            "discard A1",
            "discard S1",
            "discard G1",
            "discard G7",
            "discard P5",
            "pair A1 S1",
            "pair A1 G1",
            "pair S1 G1",
            "age A1 on A3",
            "age S1 on A3",
            "age G1 on A3",
            "age G7 on A3",
            "age P5 on A3",
        ]
    );
}

#[test]
fn discard_opens_da_for_eligible_seats_in_seat_order() {
    // Seat 0 discards A2; seat 1 has no 2 (6 ≡ 2 mod 4 does not count: Da needs the same number);
    // seats 2 and 3 hold a 2.
    let t = Table::new(
        vec![
            "A2 A3 A4 A5 A7",
            "S6 S3 S4 S5",
            "G2 G3 G4 G5",
            "P2 P3 P4 P5",
        ],
        act(0),
    );
    let game = t.build();
    let game = game.apply(Action::Discard(c("A2"))).unwrap();
    assert_eq!(
        game.phase(),
        Phase::Da {
            discarder: PlayerId(0),
            asking: PlayerId(2)
        }
    );
    assert_eq!(legal(&game), ["pass", "da G2"]);
    assert_eq!(
        game.da_eligible().collect::<Vec<_>>(),
        [PlayerId(2), PlayerId(3)]
    );
    let after_pass = game.apply(Action::Pass).unwrap();
    assert_eq!(
        after_pass.phase(),
        Phase::Da {
            discarder: PlayerId(0),
            asking: PlayerId(3)
        }
    );
    // Everyone passes: seat 1 plays next, and the discard went to the bottom of the pile first.
    let next = after_pass.apply(Action::Pass).unwrap();
    assert_eq!(next.phase(), Phase::Act { seat: PlayerId(1) });
    assert_eq!(next.discard(), None);
    assert_eq!(next.pile().last(), Some(c("A2")));
    // A claim makes a pair for the claimant, and the seat after the claimant plays next (seat 1 is skipped).
    let claimed = after_pass.apply(Action::Da(c("P2"))).unwrap();
    assert_eq!(claimed.pairs().len(), 1);
    assert_eq!(claimed.pairs()[0].owner(), PlayerId(3));
    assert_eq!(claimed.pairs()[0].cards(), [c("A2"), c("P2")]);
    assert_eq!(claimed.phase(), Phase::Act { seat: PlayerId(0) });
    // Wrong claims are refused and change nothing.
    assert_eq!(
        game.apply(Action::Da(c("G3"))),
        Err(RuleError::NoMatch {
            card: c("G3"),
            discard: c("A2")
        })
    );
    assert!(matches!(
        game.apply(Action::Da(c("P2"))),
        Err(RuleError::CardNotInHand { .. })
    ));
    assert!(matches!(
        game.apply(Action::End),
        Err(RuleError::WrongPhase { .. })
    ));
}

#[test]
fn real_time_da_lets_any_eligible_seat_claim_first() {
    let t = Table::new(
        vec![
            "A2 A3 A4 A5 A7",
            "S6 S3 S4 S5",
            "G2 G3 G4 G5",
            "P2 P3 P4 P5",
        ],
        act(0),
    );
    let game = t.build().apply(Action::Discard(c("A2"))).unwrap();
    // Seat 3 calls first although seat 2 is being polled.
    let mut claimed = game.clone();
    claimed
        .claim_da(PlayerId(3), c("P2"), &mut NoEvents)
        .unwrap();
    assert_eq!(claimed.pairs()[0].owner(), PlayerId(3));
    assert_eq!(claimed.to_act(), Some(PlayerId(0)));
    let mut refused = game.clone();
    assert_eq!(
        refused.claim_da(PlayerId(0), c("A3"), &mut NoEvents),
        Err(RuleError::NotEligible { seat: PlayerId(0) })
    );
    assert_eq!(
        refused.claim_da(PlayerId(9), c("A3"), &mut NoEvents),
        Err(RuleError::NotEligible { seat: PlayerId(9) })
    );
    assert!(matches!(
        refused.claim_da(PlayerId(1), c("S6"), &mut NoEvents),
        Err(RuleError::NoMatch { .. })
    ));
    assert_eq!(refused, game, "refused claims leave the state as it was");
    let mut closed = game.clone();
    closed.close_da(&mut NoEvents).unwrap();
    assert_eq!(closed.to_act(), Some(PlayerId(1)));
    let before = closed.clone();
    assert!(closed.close_da(&mut NoEvents).is_err());
    assert_eq!(closed, before);
}

#[test]
fn a_discard_nobody_can_claim_passes_the_turn_at_once() {
    let t = Table::new(vec!["A2 A3 A4 A5 A7", "S3 S4 S5 S6"], act(0));
    let game = t.build().apply(Action::Discard(c("A7"))).unwrap();
    assert_eq!(game.phase(), Phase::Act { seat: PlayerId(1) });
}

#[test]
fn ageing_completes_at_the_table_counts_and_returns_cards_in_order() {
    // A 6-pair needs 2 ageing cards; one lies on it already.
    let mut t = Table::new(vec!["A1 A2 A3 A4 A5", "S1 S2 S3 S4"], act(0));
    t.pairs = vec![(0, "A6 S6", "G1")];
    t.pile_top = "P1 P2";
    let game = t.build();
    let game = game
        .apply(Action::Age {
            card: c("A3"),
            onto: c("A6"),
        })
        .unwrap();
    assert_eq!(
        game.phase(),
        Phase::Store {
            seat: PlayerId(0),
            pair: c("A6"),
            next: PlayerId(1)
        }
    );
    assert_eq!(legal(&game), ["store A6", "store S6"]);
    assert!(matches!(
        game.apply(Action::Store(c("G6"))),
        Err(RuleError::NotInPair { .. })
    ));
    let stored = game.apply(Action::Store(c("S6"))).unwrap();
    assert_eq!(
        stored.stored(PlayerId(0)).iter().collect::<Vec<_>>(),
        [c("S6")]
    );
    assert!(stored.pairs().is_empty());
    // The other pair card, then the ageing cards as laid, went to the bottom; seat 1 drew P1.
    let pile: Vec<_> = stored.pile().collect();
    assert_eq!(pile[pile.len() - 3..], [c("A6"), c("G1"), c("A3")]);
    assert!(stored.hand(PlayerId(1)).contains(c("P1")));
    assert_eq!(zaagox::ageing_needed(0), 0);
    assert_eq!(
        (1..=8).map(zaagox::ageing_needed).collect::<Vec<_>>(),
        [1, 2, 3, 4, 1, 2, 3, 4]
    );
}

#[test]
fn a_blank_pair_completes_when_formed() {
    let t = Table::new(vec!["A0 S0 A3 A4 A5", "S1 S2 S3 S4"], act(0));
    let game = t.build().apply(Action::Pair(c("A0"), c("S0"))).unwrap();
    assert_eq!(
        game.phase(),
        Phase::Store {
            seat: PlayerId(0),
            pair: c("A0"),
            next: PlayerId(1)
        }
    );
    // Pair cards must be named lower index first and share a number.
    let base = t.build();
    assert!(matches!(
        base.apply(Action::Pair(c("S0"), c("A0"))),
        Err(RuleError::NotAPair { .. })
    ));
    assert!(matches!(
        base.apply(Action::Pair(c("A3"), c("A4"))),
        Err(RuleError::NotAPair { .. })
    ));
    assert!(matches!(
        base.apply(Action::Age {
            card: c("A3"),
            onto: c("S1")
        }),
        Err(RuleError::NoSuchPair { .. })
    ));
}

fn four_stored_table(rules: Rules) -> Zaagox {
    // Seat 0 holds three stored cards and a 3-pair with two ageing cards: one more completes it.
    let mut t = Table::new(vec!["A1 A2 A3 A4 G1", "S1 S2 S3 S4", "P1 P2 G4 P4"], act(0));
    t.rules = rules;
    t.stored = vec!["S8 A5 G6", "", ""];
    t.pairs = vec![(0, "G3 P3", "S7 P6")];
    t.pile_top = "A7 G7";
    t.build()
}

/// Ages `card` onto the pair `onto`, which completes it, stores `store`, and ends the game.
fn age_store_end(game: Zaagox, card: &str, onto: &str, store: &str) -> Zaagox {
    let game = game
        .apply(Action::Age {
            card: c(card),
            onto: c(onto),
        })
        .unwrap();
    let game = game.apply(Action::Store(c(store))).unwrap();
    game.apply(Action::End).unwrap()
}

/// A won game's winner, score and failed Ava declarer.
fn won(game: &Zaagox) -> (PlayerId, Score, Option<PlayerId>) {
    let Some(Outcome::Won {
        winner,
        score,
        ava_failed,
    }) = game.outcome()
    else {
        panic!("not won: {:?}", game.outcome())
    };
    (winner, score, ava_failed)
}

/// The table above after seat 0 completes its pair and stores P3: four stored cards, deciding.
fn deciding(rules: Rules) -> Zaagox {
    let game = four_stored_table(rules)
        .apply(Action::Age {
            card: c("G1"),
            onto: c("G3"),
        })
        .unwrap();
    game.apply(Action::Store(c("P3"))).unwrap()
}

#[test]
fn four_stored_cards_then_end_wins_and_settles() {
    let game = deciding(Rules::default());
    assert_eq!(
        game.phase(),
        Phase::Decide {
            seat: PlayerId(0),
            next: PlayerId(1)
        }
    );
    assert_eq!(legal(&game), ["end", "ava"]);
    let over = game.apply(Action::End).unwrap();
    // S8 A5 G6 P3 is the spec's 36-point example.
    let (winner, score, ava_failed) = won(&over);
    assert_eq!((winner, score.points, ava_failed), (PlayerId(0), 36, None));
    assert_eq!(over.settlement(), [72, -36, -36]);
    assert_eq!(over.returns(), [72.0, -36.0, -36.0]);
    assert_eq!(over.apply(Action::End), Err(RuleError::GameOver));
    assert_eq!(over.to_act(), None);
}

#[test]
fn ava_immediate_stores_the_drawn_card_and_ends() {
    let rules = Rules {
        ava: AvaRule::Immediate,
        ..Rules::default()
    };
    let over = deciding(rules).apply(Action::Ava).unwrap();
    let (winner, score, _) = won(&over);
    assert_eq!((winner, score.cards), (PlayerId(0), 5));
    assert!(
        over.stored(PlayerId(0)).contains(c("A7")),
        "the top of the pile is the fifth card"
    );
}

#[test]
fn ava_continue_draws_a_card_and_a_failed_declarer_pays_alone() {
    let game = deciding(Rules::default()).apply(Action::Ava).unwrap();
    assert!(game.ava_declared(PlayerId(0)));
    assert!(game.hand(PlayerId(0)).contains(c("A7")));
    assert_eq!(game.to_act(), Some(PlayerId(1)));
    // Build the same situation with seat 1 about to win on 4 cards while seat 0's Ava is open.
    let mut t = Table::new(vec!["A1 A2 A3 A4", "S1 S2 S3 S4 G1", "P1 P2 P3"], act(1));
    t.stored = vec!["S8 A5 G6 P5", "A6 S7 G8", ""];
    t.pairs = vec![(1, "G5 A0", "")];
    t.ava_order = vec![1, 0, 0];
    let err = serde_json::from_value::<Zaagox>(t.state_json()).unwrap_err();
    assert!(err.to_string().contains("not a pair"), "{err}");
    t.pairs = vec![(1, "G7 P7", "S6 P6")];
    let game = age_store_end(t.build(), "G1", "G7", "G7");
    let (winner, score, ava_failed) = won(&game);
    assert_eq!((winner, ava_failed), (PlayerId(1), Some(PlayerId(0))));
    let p = score.points;
    assert_eq!(game.settlement(), [-2 * p, 2 * p, 0]);
}

#[test]
fn a_negative_score_is_paid_by_the_winner_unless_settled_as_zero() {
    let as_zero = Rules {
        negative_scores: NegativeScores::AsZero,
        ..Rules::default()
    };
    // The settlements: seat 0 wins alone; seat 1 wins while seat 0's Ava is open.
    for (rules, alone, ava) in [
        (Rules::default(), [-4, 4], [8, -8, 0]),
        (as_zero, [0, 0], [0, 0, 0]),
    ] {
        // A0 S0 S4 S8 scores -4 (the spec's minimum).
        let mut t = Table::new(vec!["A1 A2 A3 A4 G1", "P1 P2 P3 P4"], act(0));
        t.rules = rules;
        t.stored = vec!["A0 S0 S4", ""];
        t.pairs = vec![(0, "S8 P8", "G2 G3 G4")];
        let game = age_store_end(t.build(), "G1", "S8", "S8");
        assert_eq!(won(&game).1.points, -4);
        assert_eq!(game.settlement(), alone);
        // Against a failed Ava declarer the amount is used as it is too: the declarer alone
        // "pays" -4 × 2, so the winner pays it 8 (the spec's clarification).
        let mut t = Table::new(vec!["A1 A2 A3 A4", "S1 S2 S3 S5 G1", "P1 P2 P3 P4"], act(1));
        t.rules = rules;
        t.stored = vec!["G5 A8 G6 P6", "A0 S0 S4", ""];
        t.pairs = vec![(1, "S8 P8", "G2 G3 G4")];
        t.ava_order = vec![1, 0, 0];
        let game = age_store_end(t.build(), "G1", "S8", "S8");
        let (winner, score, ava_failed) = won(&game);
        assert_eq!((winner, score.points), (PlayerId(1), -4));
        assert_eq!(ava_failed, Some(PlayerId(0)));
        assert_eq!(game.settlement(), ava);
    }
}

#[test]
fn an_empty_pile_exhausts_the_game() {
    // Random 4-player games sometimes run the pile dry; find one and check how it ended.
    let found = (0..2000u64).find_map(|seed| {
        let (game, _) =
            cards_core::random_playout::<Zaagox>(&Rules::default(), 4, Seed::from(seed)).unwrap();
        (game.outcome()
            == Some(Outcome::Exhausted {
                cause: Exhaustion::PileEmpty,
            }))
        .then_some(game)
    });
    let game = found.expect("some random 4-player game exhausts the pile");
    assert_eq!(game.pile_len(), 0);
    assert_eq!(
        game.discard(),
        None,
        "a lying discard would have been drawn"
    );
    assert_eq!(game.settlement(), [0, 0, 0, 0]);
}

#[test]
fn the_turn_limit_exhausts_the_game() {
    let rules = Rules {
        turn_limit: 3,
        ..Rules::default()
    };
    let mut game = Zaagox::new(&rules, 2, Seed::from(5)).unwrap();
    let mut buf = Vec::new();
    while game.to_act().is_some() {
        game.legal_actions(&mut buf);
        game = game.apply(buf[0]).unwrap(); // always discard the lowest card
    }
    assert_eq!(game.turns(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Exhausted {
            cause: Exhaustion::TurnLimit
        })
    );
    assert_eq!(game.settlement(), [0, 0]);
}

#[test]
fn invalid_states_are_refused_when_deserialized() {
    let t = Table::new(vec!["A1 A2 A3 A4 A5", "S1 S2 S3 S4"], act(0));
    let good = t.json();
    assert!(state_from(good.clone()).is_ok());
    let mutate = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        state_from(v).unwrap_err().to_string()
    };
    assert!(mutate(&|v| v["hands"][1] = json!(["S1", "S2", "S3", "A1"])).contains("exactly once"));
    assert!(mutate(&|v| v["pile"].as_array_mut().unwrap().truncate(3)).contains("exactly once"));
    assert!(mutate(&|v| v["players"] = json!(5)).contains("players"));
    assert!(mutate(&|v| v["phase"] = json!({"kind": "act", "seat": 3})).contains("acting seat"));
    assert!(
        mutate(&|v| v["phase"] = json!({"kind": "decide", "seat": 0, "next": 1}))
            .contains("four stored")
    );
    assert!(mutate(&|v| v["phase"] = json!({"kind": "over"})).contains("outcome"));
    assert!(mutate(&|v| v["extra"] = json!(1)).contains("unknown field"));
    assert!(mutate(&|v| v["turns"] = json!(5000)).contains("turns"));
    assert!(mutate(&|v| v["ava"] = json!([255, null])).contains("Ava declaration positions"));
    assert!(
        mutate(&|v| {
            v["phase"] = json!({"kind": "over"});
            v["outcome"] = json!({"result": "exhausted", "cause": "pile_empty"});
        })
        .contains("empty pile")
    );
    assert!(
        mutate(&|v| {
            v["phase"] = json!({"kind": "over"});
            v["outcome"] = json!({"result": "exhausted", "cause": "turn_limit"});
        })
        .contains("turn_limit")
    );
    assert!(mutate(&|v| v["stored"][0] = json!(["S1"])).contains("exactly once"));
}

#[test]
fn actions_round_trip_through_text_and_index() {
    for index in 0..Action::COUNT {
        let action = Action::from_index(index).unwrap();
        assert_eq!(action.index(), index);
        assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
    }
    assert_eq!(Action::from_index(Action::COUNT), None);
    for bad in [
        "",
        "discard",
        "discard Z1",
        "pair A1",
        "age A1 A2",
        "dance",
        "pass now",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    assert_eq!(c("P8").index(), 35);
}

#[test]
fn store_and_decide_phases_name_the_next_seat_after_the_actor() {
    let mut t = Table::new(
        vec!["A1 A2 A3 A4", "S1 S2 S3 S4", "P1 P2 P3"],
        json!({"kind": "decide", "seat": 0, "next": 2}),
    );
    t.stored = vec!["S8 A5 G6 P5", "", ""];
    let err = serde_json::from_value::<Zaagox>(t.state_json()).unwrap_err();
    assert!(err.to_string().contains("the seat after it"), "{err}");
    t.phase = json!({"kind": "decide", "seat": 0, "next": 1});
    assert!(serde_json::from_value::<Zaagox>(t.state_json()).is_ok());
}

#[test]
fn a_view_that_shows_others_ageing_cards_is_refused() {
    let mut t = Table::new(vec!["A1 A2 A3 A4 A5", "S1 S2 S3 S4"], act(0));
    t.pairs = vec![(1, "G6 P6", "G1")];
    let game = t.build();
    let mut view = game.view(PlayerId(0));
    assert_eq!(view.pairs[0].ageing, None);
    let mut rng = cards_core::GameRng::new(Seed::from(1), 0);
    assert!(view.sample_world(&mut rng).is_ok());
    view.pairs[0].ageing = Some(vec![c("G1")]);
    assert!(view.sample_world(&mut rng).is_err());
}

#[test]
fn unreachable_ava_and_turn_states_are_refused() {
    let mut t = Table::new(vec!["A1 A2 A3 A4", "S1 S2 S3 S4 G1", "P1 P2 P3"], act(1));
    t.stored = vec!["S8 A5 G6 P5", "", ""];
    t.ava_order = vec![1, 0, 0];
    assert!(
        serde_json::from_value::<Zaagox>(t.state_json()).is_ok(),
        "a Continue declarer going for five"
    );
    t.rules.ava = AvaRule::Immediate;
    let err = serde_json::from_value::<Zaagox>(t.state_json()).unwrap_err();
    assert!(err.to_string().contains("Immediate"), "{err}");
    t.rules.ava = AvaRule::Continue;
    t.ava_order = vec![0, 0, 0];
    let err = serde_json::from_value::<Zaagox>(t.state_json()).unwrap_err();
    assert!(
        err.to_string().contains("stored cards"),
        "four stored cards without Ava outside Decide: {err}"
    );
    let mut v = Table::new(vec!["A1 A2 A3 A4 A5", "S1 S2 S3 S4"], act(0)).json();
    v["turns"] = json!(0);
    let err = state_from(v).unwrap_err();
    assert!(err.to_string().contains("at least 1"), "{err}");
}

#[test]
fn a_seeded_game_is_its_deal_dealt_by_hand() {
    use cards_core::shuffled_deck;
    use zaagox::{Hand, Setup};
    for players in Rules::PLAYERS {
        for seed in 0..20 {
            let game = Zaagox::new(&Rules::default(), players, Seed::from(seed)).unwrap();
            let deck = shuffled_deck::<DidoCard>(Seed::from(seed));
            let hands: Vec<Hand> = (0..players)
                .map(|s| deck[4 * s..4 * s + 4].iter().copied().collect())
                .collect();
            let first = game.to_act().unwrap();
            let dealt = Setup::dealt(hands, deck[4 * players..].to_vec(), first);
            assert_eq!(game.setup(), dealt, "{players} players, seed {seed}");
            assert_eq!(Zaagox::from_setup(&Rules::default(), dealt).unwrap(), game);
        }
    }
}

#[test]
fn from_setup_names_what_is_wrong() {
    use zaagox::{Setup, SetupError};
    let t = Table::new(vec!["A1 A2 A3 A4 A5", "S1 S2 S3 S4"], act(0));
    let good: Setup = serde_json::from_value(t.json()).unwrap();
    let rules = Rules::default();
    assert!(Zaagox::from_setup(&rules, good.clone()).is_ok());
    let refuse = |f: &dyn Fn(&mut Setup)| {
        let mut s = good.clone();
        f(&mut s);
        Zaagox::from_setup(&rules, s).unwrap_err()
    };
    assert!(matches!(
        refuse(&|s| s.players = 5),
        SetupError::PlayerCount(_)
    ));
    assert!(matches!(
        refuse(&|s| s.hands.push(zaagox::Hand::EMPTY)),
        SetupError::SeatList {
            field: "hands",
            len: 3,
            players: 2
        }
    ));
    assert!(matches!(
        refuse(&|s| {
            s.pile.pop();
        }),
        SetupError::Cards { count: 35, .. }
    ));
    assert!(matches!(
        refuse(&|s| s.phase = Phase::Act { seat: PlayerId(3) }),
        SetupError::SeatNotAtTable {
            seat: PlayerId(3),
            ..
        }
    ));
    assert!(matches!(
        refuse(&|s| s.ava[0] = Some(2)),
        SetupError::AvaPositions(_)
    ));
    assert!(matches!(
        refuse(&|s| s.turns = 5000),
        SetupError::Turns {
            turns: 5000,
            limit: 1000
        }
    ));
    assert!(matches!(
        Zaagox::from_setup(
            &Rules {
                turn_limit: 0,
                ..Rules::default()
            },
            good.clone()
        ),
        Err(SetupError::RuleRange(cards_core::RuleRangeError {
            got: 0,
            ..
        }))
    ));
    assert_eq!(
        refuse(&|s| s.turns = 0),
        SetupError::Phase(zaagox::PhaseError::NoTurnPlayed)
    );
    assert_eq!(
        refuse(&|s| s.discard = s.pile.pop()),
        SetupError::Phase(zaagox::PhaseError::ActWithoutDraw)
    );
    let mut view = Zaagox::from_setup(&rules, good.clone())
        .unwrap()
        .view(PlayerId(0));
    view.hand_sizes[0] += 1;
    let mut rng = cards_core::GameRng::new(Seed::from(3), cards_core::PROBE_STREAM);
    assert_eq!(
        Zaagox::sample_world(&view, &mut rng).unwrap_err(),
        SetupError::View(zaagox::ViewError::HandSize)
    );
    // A setup and the game built from it round-trip.
    let game = Zaagox::from_setup(&rules, good.clone()).unwrap();
    assert_eq!(game.setup(), good);
}

#[test]
fn records_replay_from_a_setup_and_accept_integer_seeds() {
    use cards_core::{GameRecord, random_playout};
    let (end, record) = random_playout::<Zaagox>(&Rules::default(), 3, Seed::from(5)).unwrap();
    let start = Zaagox::new(&Rules::default(), 3, Seed::from(5)).unwrap();
    let mut from_setup = GameRecord::<Zaagox>::from_setup(Rules::default(), start.setup());
    from_setup.actions.clone_from(&record.actions);
    assert_eq!(from_setup.replay().unwrap(), end);
    let mut json = serde_json::to_value(&record).unwrap();
    json["seed"] = json!(5);
    let back: GameRecord<Zaagox> = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, record);
    json["setup"] = serde_json::to_value(start.setup()).unwrap();
    let err = serde_json::from_value::<GameRecord<Zaagox>>(json).unwrap_err();
    assert!(err.to_string().contains("either"), "{err}");
    // A seed given as an integer is written back as that integer, and read so again.
    let mut integer = GameRecord::<Zaagox>::from_integer_seed(Rules::default(), 3, 5);
    integer.actions.clone_from(&record.actions);
    let text = serde_json::to_string(&integer).unwrap();
    assert!(
        text.contains("\"format\":1") && text.contains("\"seed\":5,"),
        "{text}"
    );
    let back: GameRecord<Zaagox> = serde_json::from_str(&text).unwrap();
    assert!(matches!(
        back.start,
        cards_core::Start::Seed {
            integer: Some(5),
            ..
        }
    ));
    assert_eq!(back, record);
    assert_eq!(back.replay().unwrap(), end);
}

#[test]
fn worlds_and_players_take_any_rand_generator() {
    use cards_core::{RandomPlayer, play_randomly};
    use rand::SeedableRng as _;
    use rand::rngs::SmallRng;
    let mut game = Zaagox::new(&Rules::default(), 3, Seed::from(8)).unwrap();
    let mut player = RandomPlayer::from_rng(SmallRng::seed_from_u64(8));
    let mut rng = SmallRng::seed_from_u64(9);
    let mut checked = 0;
    play_randomly(&mut game, &mut player, |state, _| {
        if let Some(seat) = state.to_act() {
            let view = state.view(seat);
            let world = Zaagox::sample_world(&view, &mut rng).unwrap();
            assert_eq!(world.view(seat), view);
            checked += 1;
        }
    });
    assert!(game.is_terminal() && checked > 10, "{checked}");
}

#[test]
fn games_phases_and_views_display_for_people() {
    let mut t = Table::new(vec!["A1 A2 A3 A4 A5", "S1 S2 S3 S4"], act(0));
    t.pairs = vec![(1, "G2 P2", "A6")];
    let game = t.build();
    let text = game.to_string();
    assert!(
        text.starts_with("Zaägox, 2 players, turn 1: seat 0 to discard, pair or age"),
        "{text}"
    );
    assert!(text.contains("seat 0: hand A1 A2 A3 A4 A5"), "{text}");
    assert!(text.contains("pair G2 P2 ageing [A6]"), "{text}");
    let view = game.view(PlayerId(0)).to_string();
    assert!(view.contains("your hand: A1 A2 A3 A4 A5"), "{view}");
    assert!(view.contains("seat 1: 4 cards in hand"), "{view}");
    assert!(
        view.contains("seat 1's pairs: G2 P2 with 1 of 2 ageing"),
        "{view}"
    );
    for hidden in ["S1", "S2", "S3", "S4", "A6"] {
        assert!(!view.contains(hidden), "{hidden} leaks into {view}");
    }
    assert_eq!(
        Phase::Da {
            discarder: PlayerId(0),
            asking: PlayerId(2)
        }
        .to_string(),
        "seat 2 asked for Da (seat 0 discarded)"
    );
    assert_eq!(format!("{:?}", PlayerId(1)), "Seat(1)");
}

/// The returns are the settlement's points (`ReturnsUnit::Points`, one return per point): a
/// mean return is said as points won or paid.
#[test]
fn returns_are_points_one_per_point() {
    for players in 2..=4 {
        for seed in 0..6u64 {
            let mut game = Zaagox::new(&Rules::default(), players, Seed::from(seed)).unwrap();
            let mut player = cards_core::RandomPlayer::new(Seed::from(seed));
            cards_core::play_randomly(&mut game, &mut player, |_, _| {});
            let unit = game.returns_unit();
            assert_eq!(
                unit,
                cards_core::ReturnsUnit::Points {
                    word: "points",
                    per_point: 1.0
                }
            );
            let returns = game.returns();
            for (s, &points) in game.settlement().iter().enumerate() {
                assert_eq!(returns[s], points as f64);
                assert_eq!(
                    unit.say(returns[s]).to_string(),
                    format!("{:+.1} points", points as f64)
                );
            }
        }
    }
}

/// A refused move says why in the player's terms (issue 29), to the player who tried it.
#[test]
fn refusals_say_why_in_the_players_terms() {
    let mut t = Table::new(vec!["A1 S1 G1 P5 G7", "A2 S2 G2 P1"], act(0));
    t.pairs = vec![(0, "A3 S3", ""), (1, "A4 S4", "")];
    let game = t.build();
    let said = |game: &Zaagox, a: &str| {
        let mut copy = game.clone();
        let e = copy.play(a.parse().unwrap()).expect_err("refused");
        assert_eq!(&copy, game, "a refused action changes nothing");
        e.to_string()
    };
    assert_eq!(said(&game, "discard A2"), "A2 is not in your hand");
    assert_eq!(
        said(&game, "pair A1 P5"),
        "A1 and P5 are not a pair: a pair is two cards of the same number, written in the \
         order A, S, G, P (like pair A6 G6)"
    );
    assert_eq!(
        said(&game, "age A1 on A4"),
        "you have no pair that starts with A4: a card ages on one of your own pairs, named by \
         its first card"
    );
    assert_eq!(
        said(&game, "end"),
        "end is not allowed now: it is your turn to discard a card, lay a pair or age a pair"
    );
    // After a discard of a 1, seat 1 (holding P1) is asked whether to call Da.
    let mut da = game.clone();
    da.play("discard G1".parse().unwrap()).unwrap();
    assert!(matches!(da.phase(), Phase::Da { .. }), "{:?}", da.phase());
    assert_eq!(
        said(&da, "discard A2"),
        "discard A2 is not allowed now: you are asked whether to call Da on the discard (da) \
         or pass"
    );
}

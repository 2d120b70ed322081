//! The spec's rules as scenarios on positions built as `Setup`s.

use cards_core::{CardSet, Game, PlayerId, Seed, StdCard};
use elewenjewe::{Action, Cards, Elewenjewe, LAYOUT, Pile, RuleError, Rules, Setup, SetupError};

fn card(s: &str) -> StdCard {
    s.parse().expect("a card")
}

fn cards(s: &str) -> Cards {
    s.split_whitespace().map(card).collect()
}

fn act(s: &str) -> Action {
    s.parse().expect("an action")
}

/// Two seats, seat 0 to act (seat 1 dealt, or seat 0 when seat 1 has played already); nothing left to deal; every other card of the pack
/// lies in seat 1's captured pile.
fn position(rules: &Rules, hands: [&str; 2], table: &str, piles: Vec<Pile>) -> Elewenjewe {
    let hands = [cards(hands[0]), cards(hands[1])];
    let table = cards(table);
    let pack = if rules.jokers {
        Cards::full()
    } else {
        Cards::full() - cards("X1 X2")
    };
    let used = piles
        .iter()
        .fold(hands[0] | hands[1] | table, |a, p| a | p.cards);
    let setup = Setup {
        seed: Seed::from(1),
        round: 0,
        records: Vec::new(),
        dealer: PlayerId(u8::from(hands[0].len() <= hands[1].len())),
        hands: hands.to_vec(),
        table,
        piles,
        captured: vec![Cards::EMPTY, pack - used],
        stock: Vec::new(),
        set_aside: Cards::EMPTY,
        joker_plays: vec![0, 0],
        penalties: vec![0, 0],
        last: None,
    };
    Elewenjewe::from_setup(rules, setup).expect("a valid position")
}

fn legal(game: &Elewenjewe) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

fn captures_of(game: &Elewenjewe, played: &str) -> Vec<Cards> {
    legal(game)
        .into_iter()
        .filter_map(|a| match a {
            Action::Capture { played: p, taken } if p == card(played) => Some(taken),
            _ => None,
        })
        .collect()
}

/// Plays and checks that a refused action leaves the state as it was.
fn refuse(game: &Elewenjewe, action: &str) -> RuleError {
    let mut copy = game.clone();
    let err = copy.play(act(action)).expect_err("refused");
    assert_eq!(&copy, game, "a refused action changed the state");
    err
}

// Spec: "a 9 played onto 6, 3, 3, 7, 9, A, A may take {6,3}, {7,A,A} and {9} together (one 3
// stays), or any sub-collection of those".
#[test]
fn spec_example_nine_onto_six_three_three_seven_nine_ace_ace() {
    let game = position(
        &Rules::default(),
        ["9S 2C", "4H"],
        "6C 3D 3H 7S 9H AC AD",
        vec![],
    );
    let options = captures_of(&game, "9S");
    assert_eq!(options.len(), 11);
    assert!(options.contains(&cards("6C 3D 7S AC AD 9H")));
    let mut after = game.clone();
    after.play(act("capture 9S: 6C 3D 7S AC AD 9H")).unwrap();
    assert_eq!(after.table(), cards("3H"));
    assert_eq!(after.captured(PlayerId(0)), cards("9S 6C 3D 7S AC AD 9H"));
    assert_eq!(after.to_act(), Some(PlayerId(1)));
    // The two 3s cannot both go: {3,3} needs a third value.
    assert!(matches!(
        refuse(&game, "capture 9S: 6C 3D 3H"),
        RuleError::NotACapture { .. }
    ));
    // Cards not on the table.
    assert!(matches!(
        refuse(&game, "capture 9S: 9D"),
        RuleError::NotOnTable { .. }
    ));
    assert!(matches!(
        refuse(&game, "trail 4H"),
        RuleError::NotInHand { .. }
    ));
}

// Spec, Yorùbá rule: "In the seed's example only 6+3 may be taken".
#[test]
fn spec_example_under_the_yoruba_rule() {
    let game = position(
        &Rules::yoruba(),
        ["9S 2C", "4H"],
        "6C 3D 3H 7S 9H AC AD",
        vec![],
    );
    let mut options = captures_of(&game, "9S");
    options.sort_by_key(|c| c.bits());
    assert_eq!(options, [cards("6C 3D"), cards("6C 3H")]);
    assert!(matches!(
        refuse(&game, "capture 9S: 7S AC AD"),
        RuleError::NotACapture { .. }
    ));
    assert!(matches!(
        refuse(&game, "capture 9S: 9H"),
        RuleError::NotACapture { .. }
    ));
    // Groups combine while values stay distinct: 10 onto 6, 4, 7, 3.
    let game = position(&Rules::yoruba(), ["TS 2C", "4H"], "6C 4D 7S 3H", vec![]);
    assert!(captures_of(&game, "TS").contains(&cards("6C 4D 7S 3H")));
}

#[test]
fn trailing_is_always_legal_and_capturing_never_compulsory() {
    let game = position(&Rules::default(), ["9S 2C", "4H"], "9H", vec![]);
    let actions = legal(&game);
    assert!(actions.contains(&act("trail 9S")));
    assert!(actions.contains(&act("capture 9S: 9H")));
    let mut after = game.clone();
    after.play(act("trail 9S")).unwrap();
    assert_eq!(after.table(), cards("9H 9S"));
}

// Spec, face cards: "any non-empty set of them"; Yorùbá: "exactly one card of its rank".
#[test]
fn face_cards_capture_their_own_rank() {
    let game = position(&Rules::default(), ["KS 2C", "4H"], "KH KC QD 5C", vec![]);
    let mut options = captures_of(&game, "KS");
    options.sort_by_key(|c| c.bits());
    assert_eq!(options, [cards("KC"), cards("KH"), cards("KC KH")]);
    assert!(matches!(
        refuse(&game, "capture KS: QD"),
        RuleError::NotACapture { .. }
    ));
    let game = position(&Rules::yoruba(), ["KS 2C", "4H"], "KH KC QD 5C", vec![]);
    assert_eq!(captures_of(&game, "KS").len(), 2);
}

// Spec, jokers: "A played joker may capture every card on the table, protected piles
// included. A joker lying on the table is taken along by the next capture of any kind."
#[test]
fn jokers_played_and_lying() {
    let rules = Rules {
        esun: true,
        ..Rules::casual()
    };
    let pile = Pile {
        owner: PlayerId(1),
        value: 7,
        cards: cards("3C 4C"),
    };
    let game = position(&rules, ["X1 5S", "4H"], "5C 5D X2", vec![pile]);
    assert_eq!(captures_of(&game, "X1"), [cards("5C 5D X2 3C 4C")]);
    assert!(matches!(
        refuse(&game, "capture X1: 5C 5D X2"),
        RuleError::JokerTakesAll { .. }
    ));
    assert_eq!(
        captures_of(&game, "5S"),
        [cards("5C X2"), cards("5D X2"), cards("5C 5D X2")]
    );
    assert!(matches!(
        refuse(&game, "capture 5S: 5C"),
        RuleError::NotACapture { .. }
    ));
    let mut after = game.clone();
    after.play(act("capture X1: 5C 5D X2 3C 4C")).unwrap();
    assert!(after.table().is_empty() && after.piles().is_empty());
    // A joker alone is never a capture; a joker onto an empty table stays there.
    let game = position(&Rules::casual(), ["5S X1", "4H"], "X2 KC", vec![]);
    assert!(captures_of(&game, "5S").is_empty());
    let game = position(&Rules::casual(), ["X1 5S", "4H"], "", vec![]);
    assert!(captures_of(&game, "X1").is_empty());
}

// Spec, Esun: "with a 10 in hand, play an A to a table holding 9, 2, 8, 5, 5 and build
// {9,A}+{2,8}+{5,5}"; "any player may capture it whole with a card of value v (in the same
// play also taking other groups of value v)".
#[test]
fn esun_build_and_capture_whole() {
    let rules = Rules {
        esun: true,
        ..Rules::default()
    };
    let game = position(&rules, ["AS TC", "TD 3H"], "9C 2D 8H 5S 5H 6D 4C", vec![]);
    let mut g = game.clone();
    g.play(act("build AS=10: 9C 2D 8H 5S 5H")).unwrap();
    assert_eq!(g.piles().len(), 1);
    assert_eq!(g.piles()[0].owner, PlayerId(0));
    assert_eq!(g.piles()[0].value, 10);
    assert_eq!(g.table(), cards("6D 4C"));
    // Seat 1 takes the pile whole with its ten, and 6 + 4 with it.
    assert!(matches!(
        refuse(&g, "capture TD: 9C AS"),
        RuleError::PartOfPile { .. }
    ));
    assert!(matches!(
        refuse(&g, "capture 3H: 6D"),
        RuleError::NotACapture { .. }
    ));
    let all = cards("9C 2D 8H 5S 5H AS 6D 4C");
    assert!(captures_of(&g, "TD").contains(&all));
    g.play(act("capture TD: 9C 2D 8H 5S 5H AS 6D 4C")).unwrap();
    assert!(g.piles().is_empty());
    // A value not held after the play, a pile for the wrong value.
    assert!(matches!(
        refuse(&game, "build AS=9: 8H"),
        RuleError::ValueNotHeld { .. }
    ));
    assert!(matches!(
        refuse(&game, "build AS=10: 9C 5S"),
        RuleError::NotABuild { .. }
    ));
    // Under the Yorùbá rule the two fives may not go together.
    let yoruba = Rules {
        esun: true,
        ..Rules::yoruba()
    };
    let game = position(&yoruba, ["AS TC", "TD 3H"], "9C 2D 8H 5S 5H", vec![]);
    assert!(matches!(
        refuse(&game, "build AS=10: 9C 2D 8H 5S 5H"),
        RuleError::NotABuild { .. }
    ));
    assert!(legal(&game).contains(&act("build AS=10: 9C 2D 8H")));
    // Without Esun there is no build.
    let game = position(&Rules::default(), ["AS TC", "TD 3H"], "9C", vec![]);
    assert_eq!(refuse(&game, "build AS=10: 9C"), RuleError::NoEsun);
}

// Spec: a pile not captured before the round's end costs its builder the penalty and its
// cards become loose; then the last player takes the table (option).
#[test]
fn esun_penalty_at_the_rounds_end_then_the_last_player_takes_the_table() {
    let rules = Rules {
        esun: true,
        last_player_takes: true,
        ..Rules::default()
    };
    let pile = Pile {
        owner: PlayerId(0),
        value: 10,
        cards: cards("9C AS"),
    };
    let game = position(&rules, ["2S", "3H"], "QC", vec![pile]);
    let mut g = game.clone();
    g.play(act("trail 2S")).unwrap();
    g.play(act("trail 3H")).unwrap();
    let record = g.records()[0];
    assert_eq!(record.penalties.to_vec(), [1, 0]);
    assert_eq!(record.last, Some(PlayerId(1)));
    // Seat 1 took the loose table (pile cards included) as the last player.
    assert_eq!(record.points.to_vec(), [0, 1 + 4]);
    assert_eq!(g.totals(), [-1, 5]);
}

#[test]
fn a_new_game_deals_the_layout_and_four_cards_each() {
    for players in 2..=5 {
        let game = Elewenjewe::new(&Rules::default(), players, Seed::from(9)).unwrap();
        assert!(LAYOUT.is_subset(game.table()));
        for seat in PlayerId::all(players) {
            assert_eq!(game.hand(seat).len(), 4);
            assert!(game.hand(seat).is_disjoint(LAYOUT));
        }
        let dealt = 4 * players;
        // Five players: two batches of 20 and 8 leftovers, on the table at the last batch.
        let stock = 48 - dealt;
        assert_eq!(game.stock().len(), if stock < dealt { 0 } else { stock });
        assert_eq!(
            game.to_act(),
            Some(PlayerId(((game.dealer().index() + 1) % players) as u8))
        );
    }
}

#[test]
fn setups_are_validated() {
    let game = position(&Rules::default(), ["9S 2C", "4H"], "6C", vec![]);
    let mut setup = game.setup();
    setup.table = cards("6C 9S");
    assert_eq!(
        Elewenjewe::from_setup(&Rules::default(), setup).unwrap_err(),
        SetupError::CardTwice { card: card("9S") }
    );
    let mut setup = game.setup();
    setup.table = Cards::EMPTY;
    assert_eq!(
        Elewenjewe::from_setup(&Rules::default(), setup).unwrap_err(),
        SetupError::CardMissing { card: card("6C") }
    );
    let mut setup = game.setup();
    setup.hands = vec![cards("9S"), cards("2C 4H")];
    assert!(matches!(
        Elewenjewe::from_setup(&Rules::default(), setup),
        Err(SetupError::HandSizes { .. })
    ));
    let mut setup = game.setup();
    setup.piles = vec![Pile {
        owner: PlayerId(0),
        value: 7,
        cards: cards("6C"),
    }];
    setup.table = Cards::EMPTY;
    assert!(matches!(
        Elewenjewe::from_setup(&Rules::default(), setup),
        Err(SetupError::BadPile { .. })
    ));
    let _ = CardSet::<StdCard>::EMPTY;
}

/// A refused move says why in the player's terms (issue 29): the card not in your hand with
/// what you hold, the sums that do not work out, a face card's own rank, the Yorùbá rule, a
/// pile taken whole, Esun off.
#[test]
fn refusals_say_why_in_the_players_terms() {
    let game = position(
        &Rules::default(),
        ["9S 2C", "4H"],
        "6C 3D 3H 7S 9H AC AD",
        vec![],
    );
    let said = |game: &Elewenjewe, action: &str| refuse(game, action).to_string();
    assert_eq!(
        said(&game, "trail 4H"),
        "4H is not in your hand: you hold 2C 9S"
    );
    assert_eq!(
        said(&game, "capture 9S: 6C 3D 3H"),
        "9S cannot capture 6C 3D 3H: the cards taken must make groups that each add up to the value of the card played"
    );
    assert_eq!(
        said(&game, "capture 9S: 9D"),
        "9D cannot be taken: not on the table (a capture takes only cards that lie there)"
    );
    assert_eq!(
        said(&game, "build 9S=2: 6C"),
        "protected piles (Esun) are not played under these rules"
    );
    let faces = position(&Rules::default(), ["KS 2C", "4H"], "QD KD 3H", vec![]);
    assert_eq!(
        said(&faces, "capture KS: QD"),
        "KS cannot capture QD: a face card takes only cards of its own rank"
    );
    let yoruba = position(
        &Rules::yoruba(),
        ["9S 2C", "4H"],
        "6C 3D 3H 7S 9H AC AD",
        vec![],
    );
    assert_eq!(
        said(&yoruba, "capture 9S: 9H"),
        "9S cannot capture 9H: under the Yorùbá rule the cards taken must all have different values, none that of the card played"
    );
    let esun = Rules {
        esun: true,
        ..Rules::default()
    };
    let mut g = position(&esun, ["AS TC", "TD 3H"], "9C 2D 8H 5S 5H 6D 4C", vec![]);
    g.play(act("build AS=10: 9C 2D 8H 5S 5H")).unwrap();
    assert_eq!(
        said(&g, "capture TD: 9C AS"),
        "the protected pile 9C 2D 5H 8H AS 5S is taken whole or not at all: name all its cards"
    );
    assert_eq!(
        said(&g, "capture 3H: 6D"),
        "3H cannot capture 6D: the cards taken must make groups that each add up to the value of the card played"
    );
}

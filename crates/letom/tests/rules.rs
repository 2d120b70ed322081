//! The spec's rules (`letom.md`, with its Clarifications) as scenarios on explicit positions:
//! starts built with `Letom::from_deal`, mid-deal positions with `Game::from_setup`. Each test
//! asserts the exact cards moved and the pi handed over.

use cards_core::{DidoCard, Game, PlayerId, Seed};
use letom::{
    Action, BombMultiplier, Deal, Dokbak, EventCounts, Exhaustion, Hand, Letom, NagariCause,
    Outcome, Phase, RenScoring, RuleError, Rules, Setup,
};

// ----- notation ------------------------------------------------------------------------------

fn card(s: &str) -> DidoCard {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn cards(s: &str) -> Hand {
    s.split_whitespace().map(card).collect()
}

fn list(s: &str) -> Vec<DidoCard> {
    s.split_whitespace().map(card).collect()
}

fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn seat(s: usize) -> PlayerId {
    PlayerId(s as u8)
}

fn turn(s: usize) -> Phase {
    Phase::Turn { seat: seat(s) }
}

fn with_sweep(sweep: bool) -> Rules {
    Rules {
        sweep,
        ..Rules::default()
    }
}

// ----- positions -----------------------------------------------------------------------------

/// Where the cards a position does not name go.
#[derive(Clone, Copy)]
enum Rest {
    /// Into this seat's captured pile.
    Seat(usize),
    /// Onto the floor (for tests that need every captured pile exact).
    Floor,
}

/// A mid-deal position, seat `seat` to start its turn. The stock is `stock` (top first),
/// filled up with unnamed cards (in deck order) to one card per hand card and owed flip; every
/// other unnamed card goes to `rest`.
#[derive(Clone)]
struct Pos {
    dealer: usize,
    seat: usize,
    hands: Vec<&'static str>,
    floor: &'static str,
    stock: &'static str,
    captured: Vec<&'static str>,
    owed: Vec<u8>,
    rest: Rest,
}

impl Pos {
    fn new(
        hands: &[&'static str],
        floor: &'static str,
        stock: &'static str,
        captured: &[&'static str],
    ) -> Pos {
        Pos {
            dealer: 0,
            seat: 0,
            hands: hands.to_vec(),
            floor,
            stock,
            captured: captured.to_vec(),
            owed: vec![0; hands.len()],
            rest: Rest::Seat(0),
        }
    }

    fn rest(mut self, rest: Rest) -> Pos {
        self.rest = rest;
        self
    }

    fn owed(mut self, owed: &[u8]) -> Pos {
        self.owed = owed.to_vec();
        self
    }

    fn acting(mut self, dealer: usize, seat: usize) -> Pos {
        self.dealer = dealer;
        self.seat = seat;
        self
    }

    fn setup(&self) -> Setup {
        let n = self.hands.len();
        let hands: Vec<Vec<DidoCard>> = self.hands.iter().map(|h| list(h)).collect();
        let mut floor = cards(self.floor);
        let mut stock = list(self.stock);
        let mut captured: Vec<Hand> = self.captured.iter().map(|c| cards(c)).collect();
        let mut placed: Hand = hands.iter().flatten().chain(&stock).copied().collect();
        placed = captured.iter().fold(placed | floor, |a, &c| a | c);
        let mut left = (Hand::full() - placed).iter();
        let size = hands.iter().map(Vec::len).sum::<usize>()
            + self.owed.iter().map(|&o| usize::from(o)).sum::<usize>();
        while stock.len() < size {
            stock.push(left.next().expect("enough unnamed cards to fill the stock"));
        }
        let rest: Hand = left.collect();
        match self.rest {
            Rest::Seat(s) => captured[s] |= rest,
            Rest::Floor => floor |= rest,
        }
        Setup {
            dealer: seat(self.dealer),
            phase: turn(self.seat),
            hands,
            floor,
            stock,
            captured,
            owed: self.owed.clone(),
            shaken: vec![Hand::EMPTY; n],
            bombs: Vec::new(),
            ren: Vec::new(),
            ren_base: Vec::new(),
            ren_order: Vec::new(),
            seller: None,
            shown: Hand::EMPTY,
            carry: 1,
            carried_shakes: Vec::new(),
            carried_bombs: Vec::new(),
            pot: Vec::new(),
            stake_taker: None,
            // Mid-deal: everyone has had a first turn (the stake tests say otherwise).
            first_done: PlayerId::all(n).collect(),
            events: EventCounts::default(),
            reshuffle: None,
            outcome: None,
        }
    }

    fn game(&self, rules: &Rules) -> Letom {
        build(rules, self.setup())
    }
}

fn build(rules: &Rules, setup: Setup) -> Letom {
    let game = Letom::from_setup(rules, setup.clone())
        .unwrap_or_else(|e| panic!("a valid position: {e}\n{setup:#?}"));
    check(&game);
    game
}

/// A deal: the stock is `stock_top` followed by every card not named, in deck order.
fn deal(dealer: usize, hands: &[&str], floor: &str, stock_top: &str) -> Deal {
    let hands: Vec<Vec<DidoCard>> = hands.iter().map(|h| list(h)).collect();
    let floor = list(floor);
    let mut stock = list(stock_top);
    let placed: Hand = hands
        .iter()
        .flatten()
        .chain(&floor)
        .chain(&stock)
        .copied()
        .collect();
    stock.extend((Hand::full() - placed).iter());
    Deal {
        dealer: seat(dealer),
        hands,
        floor,
        stock,
    }
}

fn start(rules: &Rules, deal: &Deal) -> Letom {
    let game = Letom::from_deal(rules, deal).unwrap_or_else(|e| panic!("a valid deal: {e}"));
    check(&game);
    game
}

// ----- acting and checking -------------------------------------------------------------------

/// Every card once; while the deal is in play, one stock card per hand card and owed flip.
fn check(g: &Letom) {
    assert!(g.census().is_exactly(Letom::deck(g.rules())), "{g:?}");
    if matches!(
        g.phase(),
        Phase::Turn { .. } | Phase::Take { .. } | Phase::Decide { .. }
    ) {
        let n = g.num_players();
        let hands: usize = PlayerId::all(n).map(|p| g.hand(p).len()).sum();
        let owed: usize = PlayerId::all(n).map(|p| usize::from(g.owed_flips(p))).sum();
        assert_eq!(g.stock_len(), hands + owed, "stock invariant: {g:?}");
    }
    assert_eq!(g.settlement().iter().sum::<i64>(), 0, "zero-sum: {g:?}");
}

fn play(g: &mut Letom, action: &str) {
    g.play(act(action))
        .unwrap_or_else(|e| panic!("{action}: {e}\n{g}"));
    check(g);
}

/// Plays `action` on a copy of `g`.
fn after(g: &Letom, action: &str) -> Letom {
    let mut next = g.clone();
    play(&mut next, action);
    next
}

/// The error `action` is refused with; the state is unchanged.
fn refused(g: &Letom, action: &str) -> RuleError {
    let mut copy = g.clone();
    let err = copy
        .play(act(action))
        .expect_err(&format!("{action} must be refused\n{g}"));
    assert_eq!(&copy, g, "a refused {action} changed the state");
    err
}

fn legal(g: &Letom) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    let mut texts: Vec<String> = out.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

fn is_legal(g: &Letom, action: &str) -> bool {
    legal(g).iter().any(|a| a == action)
}

/// The cards seat `s` captured between `before` and `after`.
fn gained(before: &Letom, after: &Letom, s: usize) -> Hand {
    after.captured(seat(s)) - before.captured(seat(s))
}

/// The cards seat `s` gave away between `before` and `after`.
fn lost(before: &Letom, after: &Letom, s: usize) -> Hand {
    before.captured(seat(s)) - after.captured(seat(s))
}

/// Plays the first legal action for everyone until seat `me` starts a turn or the deal ends.
fn until_turn_of(g: &mut Letom, me: usize) {
    let mut buf = Vec::new();
    while let Some(p) = g.to_act() {
        if p == seat(me) && matches!(g.phase(), Phase::Turn { .. }) {
            return;
        }
        g.legal_actions(&mut buf);
        g.play(buf[0]).unwrap();
        check(g);
    }
}

/// Plays the first legal action until the deal ends; the seats that started a turn, in order.
fn play_out(g: &mut Letom) -> Vec<usize> {
    let mut buf = Vec::new();
    let mut turns = Vec::new();
    while g.to_act().is_some() {
        // A shake keeps the turn: count each turn once.
        if let Phase::Turn { seat } = g.phase()
            && turns.last() != Some(&seat.index())
        {
            turns.push(seat.index());
        }
        g.legal_actions(&mut buf);
        g.play(buf[0]).unwrap();
        check(g);
    }
    turns
}

// ----- matching by number: the hand card -------------------------------------------------------

#[test]
fn a_hand_card_matching_nothing_lies_on_the_floor() {
    let g = Pos::new(&["A1 G5", "A2 G6"], "P3 P6", "G7 A4 S4 G4", &["", ""])
        .rest(Rest::Seat(1))
        .game(&Rules::default());
    assert_eq!(legal(&g), ["play A1", "play G5"]);
    assert!(matches!(
        refused(&g, "play A1 P3"),
        RuleError::BadPairing { .. }
    ));
    let a = after(&g, "play A1");
    assert_eq!(
        a.floor(),
        cards("A1 P3 P6 G7"),
        "the flip G7 matched nothing too"
    );
    assert_eq!(gained(&g, &a, 0), Hand::EMPTY);
    assert_eq!(a.hand(seat(0)), cards("G5"));
    assert_eq!(a.stock(), list("A4 S4 G4"));
    assert_eq!(a.phase(), turn(1));
}

#[test]
fn a_card_with_one_floor_card_of_its_number_pairs_with_it() {
    let g = Pos::new(&["A3 G5", "A2 G6"], "S3 P6 G8", "A6 A4 S4 G4", &["", ""])
        .rest(Rest::Seat(1))
        .game(&Rules::default());
    assert!(is_legal(&g, "play A3") && !is_legal(&g, "play A3 S3"));
    assert!(matches!(
        refused(&g, "play A3 S3"),
        RuleError::BadPairing { .. }
    ));
    let a = after(&g, "play A3");
    // The hand card takes S3; the flipped A6 takes P6.
    assert_eq!(gained(&g, &a, 0), cards("A3 S3 A6 P6"));
    assert_eq!(a.floor(), cards("G8"));
    assert_eq!(lost(&g, &a, 1), Hand::EMPTY);
    assert_eq!(a.phase(), turn(1));
}

#[test]
fn a_hand_card_with_two_floor_cards_names_the_one_it_takes() {
    let g = Pos::new(&["A3 G5", "A2 G6"], "S3 G3 P6", "G7 A4 S4 G4", &["", ""])
        .rest(Rest::Seat(1))
        .game(&Rules::default());
    assert_eq!(legal(&g), ["play A3 G3", "play A3 S3", "play G5"]);
    assert_eq!(
        refused(&g, "play A3"),
        RuleError::MustChoose {
            card: card("A3"),
            floor: cards("S3 G3"),
        }
    );
    assert!(matches!(
        refused(&g, "play A3 P3"),
        RuleError::BadPairing { .. }
    ));
    assert!(matches!(
        refused(&g, "play A3 A4"),
        RuleError::BadPairing { .. }
    ));
    let a = after(&g, "play A3 G3");
    assert_eq!(gained(&g, &a, 0), cards("A3 G3"));
    assert_eq!(a.floor(), cards("S3 P6 G7"));
    let b = after(&g, "play A3 S3");
    assert_eq!(gained(&g, &b, 0), cards("A3 S3"));
    assert_eq!(b.floor(), cards("G3 P6 G7"));
}

#[test]
fn a_hand_card_takes_a_stuck_stack_and_one_pi_from_every_other_player_who_has_one() {
    // Seat 1 has pi, seat 2 none.
    let g = Pos::new(
        &["A3 G5", "A2 G6", "A4 G4"],
        "S3 G3 P3 P6",
        "G7",
        &["", "A5 S5", "G1"],
    )
    .game(&Rules::default());
    assert!(is_legal(&g, "play A3") && !is_legal(&g, "play A3 S3"));
    assert!(matches!(
        refused(&g, "play A3 S3"),
        RuleError::BadPairing { .. }
    ));
    let a = after(&g, "play A3");
    assert_eq!(gained(&g, &a, 0), cards("A3 S3 G3 P3 A5"));
    assert_eq!(lost(&g, &a, 1), cards("A5"));
    assert_eq!(lost(&g, &a, 2), Hand::EMPTY);
    assert_eq!(a.floor(), cards("P6 G7"));
    assert_eq!(a.counts().stacks_taken, 1);
    assert_eq!(a.counts().pi_given, 1);
}

// ----- matching by number: the flipped card ----------------------------------------------------

#[test]
fn a_flip_with_two_floor_cards_asks_which_one_it_takes() {
    let g = Pos::new(&["A2 G5", "A3 G6"], "S7 P7 P6", "G7 A4 S4 G4", &["", ""])
        .rest(Rest::Seat(1))
        .game(&Rules::default());
    let a = after(&g, "play A2");
    assert_eq!(
        a.phase(),
        Phase::Take {
            seat: seat(0),
            flipped: card("G7"),
            rewards: 0,
            last: false,
            bombed: false,
        }
    );
    assert_eq!(a.to_act(), Some(seat(0)));
    assert_eq!(legal(&a), ["take P7", "take S7"]);
    assert!(matches!(
        refused(&a, "take A7"),
        RuleError::BadPairing { .. }
    ));
    assert!(matches!(
        refused(&a, "take P6"),
        RuleError::BadPairing { .. }
    ));
    assert!(matches!(
        refused(&a, "play G5"),
        RuleError::WrongMoment { .. }
    ));
    assert!(matches!(refused(&a, "tom"), RuleError::WrongMoment { .. }));
    let b = after(&a, "take P7");
    assert_eq!(gained(&g, &b, 0), cards("G7 P7"));
    assert_eq!(b.floor(), cards("A2 S7 P6"));
    assert_eq!(b.phase(), turn(1));
    let c = after(&a, "take S7");
    assert_eq!(gained(&g, &c, 0), cards("G7 S7"));
    assert_eq!(c.floor(), cards("A2 P7 P6"));
}

#[test]
fn a_flip_takes_a_stuck_stack_with_one_pi_from_every_other_player_who_has_one() {
    let g = Pos::new(
        &["A2 G5", "A3 G6", "A1 G1"],
        "S4 G4 P4 P6",
        "A4",
        &["", "S5 A5", ""],
    )
    .game(&Rules::default());
    let a = after(&g, "play A2");
    assert_eq!(gained(&g, &a, 0), cards("A4 S4 G4 P4 A5"));
    assert_eq!(lost(&g, &a, 1), cards("A5"));
    assert_eq!(a.floor(), cards("A2 P6"));
    assert_eq!(a.counts().stacks_taken, 1);
}

// ----- stuck stacks ----------------------------------------------------------------------------

#[test]
fn a_stuck_stack_is_made_then_captured_later_with_ppuk() {
    let g = Pos::new(
        &["A4 G5", "P4 G6", "A2 P7"],
        "S4 P6 A8",
        "G4 S7",
        &["S1", "", ""],
    )
    .rest(Rest::Seat(1))
    .game(&Rules::default());
    // Seat 0 pairs A4 with S4 and flips G4: the three stay together, nobody pays.
    let a = after(&g, "play A4");
    assert_eq!(gained(&g, &a, 0), Hand::EMPTY);
    assert_eq!(a.floor(), cards("A4 S4 G4 P6 A8"));
    assert_eq!(lost(&g, &a, 1), Hand::EMPTY, "making a stack pays nothing");
    assert_eq!(a.counts().stacks_made, 1);
    assert_eq!(a.counts().pi_given, 0);
    assert_eq!(a.phase(), turn(1));
    // Seat 1 takes the stack with P4: one pi from seat 0; seat 2 has none.
    assert!(is_legal(&a, "play P4") && !is_legal(&a, "play P4 A4"));
    let b = after(&a, "play P4");
    assert_eq!(gained(&a, &b, 1), cards("A4 S4 G4 P4 S1"));
    assert_eq!(lost(&a, &b, 0), cards("S1"));
    assert_eq!(lost(&a, &b, 2), Hand::EMPTY);
    assert_eq!(b.floor(), cards("P6 A8 S7"));
    assert_eq!(b.counts().stacks_taken, 1);
}

#[test]
fn three_of_a_number_dealt_to_the_floor_are_a_stuck_stack() {
    let d = deal(
        0,
        &["A1 G1 A4 S4 A6 A7 P0", "A3 P1 G4 P4 S6 S7 A0"],
        "S1 S3 G3 P3 A5 G6 S0 A8",
        "G7 P8",
    );
    let g = start(&Rules::default(), &d);
    assert_eq!(g.phase(), turn(0));
    let a = after(&g, "play A1");
    assert_eq!(gained(&g, &a, 0), cards("A1 S1"));
    assert_eq!(a.floor(), cards("S3 G3 P3 A5 G6 S0 G7 A8"));
    assert_eq!(a.phase(), turn(1));
    assert!(is_legal(&a, "play A3") && !is_legal(&a, "play A3 S3"));
    let b = after(&a, "play A3");
    // The stack and A3, P8 with A8, and seat 0's lowest pi (A1 before S1).
    assert_eq!(gained(&a, &b, 1), cards("A3 S3 G3 P3 A8 P8 A1"));
    assert_eq!(lost(&a, &b, 0), cards("A1"));
    assert_eq!(b.floor(), cards("A5 G6 S0 G7"));
    assert_eq!(b.counts().stacks_taken, 1);
}

// ----- jjok, ttadak, sweep ---------------------------------------------------------------------

/// Three seats: seat 0 to act; seat 1 has captured the pi A4 S4, seat 2 the double pi S8 only.
fn three_seats(hand: &'static str, floor: &'static str, flip: &'static str) -> Pos {
    Pos::new(
        &[hand, "G4 P4", "A0 S0"],
        floor,
        flip,
        &["", "S4 A4", "S8 G2"],
    )
}

#[test]
fn jjok_takes_both_and_one_pi_from_each() {
    let g = three_seats("A5 G1", "P6 G7", "S5").game(&Rules::default());
    let a = after(&g, "play A5");
    assert_eq!(gained(&g, &a, 0), cards("A5 S5 A4 S8"));
    assert_eq!(lost(&g, &a, 1), cards("A4"));
    assert_eq!(lost(&g, &a, 2), cards("S8"));
    assert_eq!(a.floor(), cards("P6 G7"));
    assert_eq!(a.counts().jjok, 1);
    assert_eq!(a.counts().sweeps, 0);
}

#[test]
fn ttadak_takes_all_four_and_one_pi_from_each() {
    let g = three_seats("A6 G1", "S6 G6 P1", "P6").game(&Rules::default());
    assert!(matches!(
        refused(&g, "play A6"),
        RuleError::MustChoose { .. }
    ));
    let a = after(&g, "play A6 S6");
    assert_eq!(gained(&g, &a, 0), cards("A6 S6 G6 P6 A4 S8"));
    assert_eq!(lost(&g, &a, 1), cards("A4"));
    assert_eq!(lost(&g, &a, 2), cards("S8"));
    assert_eq!(a.floor(), cards("P1"));
    assert_eq!(a.counts().ttadak, 1);
}

#[test]
fn a_sweep_takes_one_pi_from_each_and_the_option_turns_it_off() {
    let pos = three_seats("A2 G1", "S2 G7", "P7");
    let g = pos.game(&Rules::default());
    let a = after(&g, "play A2");
    assert_eq!(a.floor(), Hand::EMPTY);
    assert_eq!(gained(&g, &a, 0), cards("A2 S2 G7 P7 A4 S8"));
    assert_eq!(lost(&g, &a, 1), cards("A4"));
    assert_eq!(lost(&g, &a, 2), cards("S8"));
    assert_eq!(a.counts().sweeps, 1);

    let g = pos.game(&with_sweep(false));
    let a = after(&g, "play A2");
    assert_eq!(a.floor(), Hand::EMPTY);
    assert_eq!(gained(&g, &a, 0), cards("A2 S2 G7 P7"));
    assert_eq!(lost(&g, &a, 1), Hand::EMPTY);
    assert_eq!(lost(&g, &a, 2), Hand::EMPTY);
    assert_eq!(a.counts().sweeps, 0);
}

#[test]
fn several_events_in_one_turn_each_pay() {
    // (hand, floor, flip, action, cards taken by the play; pi each with the sweep)
    let cases: [(&str, &str, &str, &str, &str); 4] = [
        // Jjok on an empty floor is also a sweep: a sweep counts even when the floor was empty.
        ("A5 G1", "", "S5", "play A5", "A5 S5"),
        ("A6 G1", "S6 G6", "P6", "play A6 S6", "A6 S6 G6 P6"),
        // Ppuk with the hand card, the flip takes the last floor card.
        ("A3 G1", "S3 G3 P3 G7", "P7", "play A3", "A3 S3 G3 P3 G7 P7"),
        // A bomb, and the flip takes the last floor card.
        ("A7 S7 G7", "P7 G8", "A8", "bomb 7", "A7 S7 G7 P7 G8 A8"),
    ];
    for (hand, floor, flip, action, taken) in cases {
        let pos = three_seats(hand, floor, flip);
        // Two events: seat 1 gives A4 then S4; seat 2 gives S8, then has no pi left.
        let g = pos.game(&Rules::default());
        let a = after(&g, action);
        assert_eq!(a.floor(), Hand::EMPTY, "{action}");
        assert_eq!(
            gained(&g, &a, 0),
            cards(taken) | cards("A4 S4 S8"),
            "{action}"
        );
        assert_eq!(lost(&g, &a, 1), cards("A4 S4"), "{action}");
        assert_eq!(lost(&g, &a, 2), cards("S8"), "{action}");
        assert_eq!(a.counts().sweeps, 1, "{action}");
        assert_eq!(a.counts().pi_given, 3, "{action}");
        // Without the sweep, one event: one pi each.
        let g = pos.game(&with_sweep(false));
        let a = after(&g, action);
        assert_eq!(gained(&g, &a, 0), cards(taken) | cards("A4 S8"), "{action}");
        assert_eq!(lost(&g, &a, 1), cards("A4"), "{action}");
        assert_eq!(lost(&g, &a, 2), cards("S8"), "{action}");
    }
}

// ----- the pi choice ---------------------------------------------------------------------------

#[test]
fn the_giver_gives_its_lowest_pi_single_before_the_double() {
    // Jjok and sweep on an empty floor: two pi from each of three players.
    let g = Pos::new(
        &["A5 G1", "P1", "P2", "P3"],
        "",
        "S5",
        &["", "S4 S2 A7 G3", "S3 S8 G2", "G4 P4 A0"],
    )
    .game(&Rules::default());
    let a = after(&g, "play A5");
    // A1…A8 before S1…S7: A7 then S2.
    assert_eq!(lost(&g, &a, 1), cards("A7 S2"));
    // A single pi before the double S8.
    assert_eq!(lost(&g, &a, 2), cards("S3 S8"));
    // No pi: nothing to give.
    assert_eq!(lost(&g, &a, 3), Hand::EMPTY);
    assert_eq!(gained(&g, &a, 0), cards("A5 S5 A7 S2 S3 S8"));
    assert_eq!(a.counts().pi_given, 4);

    // One event: the single S1 goes before the double S8.
    let g = Pos::new(
        &["A5 G1", "P1", "P2", "P3"],
        "G8",
        "S5",
        &["", "S8 S1", "", "G4 P4 A0"],
    )
    .game(&Rules::default());
    let a = after(&g, "play A5");
    assert_eq!(lost(&g, &a, 1), cards("S1"));
}

// ----- the last turn ---------------------------------------------------------------------------

#[test]
fn a_last_turn_makes_no_stuck_stack_and_pays_no_reward() {
    // (seat 0's hand, floor, flip, action, cards taken)
    let cases: [(&str, &str, &str, &str, &str); 5] = [
        // The stack is simply taken.
        ("A4", "S4 P7", "G4", "play A4", "A4 S4 G4"),
        // Jjok, no reward.
        ("A5", "P7", "S5", "play A5", "A5 S5"),
        // Ttadak, no reward.
        ("A6", "S6 G6 P7", "P6", "play A6 S6", "A6 S6 G6 P6"),
        // A stuck stack taken, no reward.
        ("A3", "S3 G3 P3 P7", "G8", "play A3", "A3 S3 G3 P3"),
        // A sweep, no reward.
        ("A2", "S2 G7", "P7", "play A2", "A2 S2 G7 P7"),
    ];
    for (hand, floor, flip, action, taken) in cases {
        let g = Pos::new(&[hand, "G1", "P1"], floor, flip, &["", "A1 S1", "S8"])
            .rest(Rest::Seat(2))
            .game(&Rules::default());
        let a = after(&g, action);
        assert_eq!(gained(&g, &a, 0), cards(taken), "{action}");
        assert_eq!(lost(&g, &a, 1), Hand::EMPTY, "{action}");
        assert_eq!(lost(&g, &a, 2), Hand::EMPTY, "{action}");
        assert_eq!(
            a.counts(),
            EventCounts {
                stacks_taken: u8::from(action == "play A3"),
                ..EventCounts::default()
            },
            "{action}"
        );
        assert_eq!(a.phase(), turn(1), "{action}");
    }

    // The last flip-only turn is a last turn too: the flip takes the stack, no reward.
    let g = Pos::new(&["", "G1", "P1"], "S4 G4 P4 P7", "A4", &["", "A1 S1", "S8"])
        .owed(&[1, 0, 0])
        .rest(Rest::Seat(2))
        .game(&Rules::default());
    assert_eq!(legal(&g), ["flip"]);
    let a = after(&g, "flip");
    assert_eq!(gained(&g, &a, 0), cards("A4 S4 G4 P4"));
    assert_eq!(lost(&g, &a, 1), Hand::EMPTY);
    assert_eq!(a.owed_flips(seat(0)), 0);

    // A flip on a last turn with two floor cards: the choice keeps the turn's `last`.
    let g = Pos::new(&["A2", "G1", "P1"], "S7 P7", "G7", &["", "A1 S1", "S8"])
        .rest(Rest::Seat(2))
        .game(&Rules::default());
    let a = after(&g, "play A2");
    assert!(matches!(a.phase(), Phase::Take { last: true, .. }));
}

#[test]
fn the_last_hand_card_with_a_flip_still_owed_is_not_a_last_turn() {
    let pos = |hand: &'static str, floor, flip| {
        Pos::new(&[hand, "G1 G5", "P1 P5"], floor, flip, &["", "A1 S1", "S8"]).owed(&[1, 0, 0])
    };
    // A stuck stack forms.
    let g = pos("A4", "S4 P7", "G4").game(&Rules::default());
    let a = after(&g, "play A4");
    assert_eq!(gained(&g, &a, 0), Hand::EMPTY);
    assert_eq!(a.floor(), cards("A4 S4 G4 P7"));
    assert_eq!(a.counts().stacks_made, 1);
    // The owed flip is the last turn: flipping is the only action left.
    let mut b = a.clone();
    until_turn_of(&mut b, 0);
    assert_eq!(b.phase(), turn(0));
    assert_eq!(b.hand(seat(0)), Hand::EMPTY);
    assert_eq!(legal(&b), ["flip"]);
    assert!(matches!(
        refused(&b, "play G1"),
        RuleError::NotInHand { .. }
    ));

    // A jjok pays.
    let g = pos("A6", "P7", "S6").game(&Rules::default());
    let a = after(&g, "play A6");
    assert_eq!(gained(&g, &a, 0), cards("A6 S6 A1 S8"));
    assert_eq!(lost(&g, &a, 1), cards("A1"));
    assert_eq!(lost(&g, &a, 2), cards("S8"));
}

// ----- shake -----------------------------------------------------------------------------------

#[test]
fn shakes_once_per_number_several_in_one_turn_and_a_shaken_number_cannot_be_bombed() {
    let g = Pos::new(
        &["A3 S3 G3 A5 S5 G5 A1", "G1 G2 G4 G6 G7 G8 P0"],
        "P3 P5 S1",
        "A8",
        &["", ""],
    )
    .rest(Rest::Seat(1))
    .game(&Rules::default());
    for a in ["shake 3", "shake 5", "bomb 3", "bomb 5", "play A1"] {
        assert!(is_legal(&g, a), "{a}");
    }
    assert!(matches!(
        refused(&g, "shake 1"),
        RuleError::CannotShake { .. }
    ));
    let a = after(&g, "shake 3");
    assert_eq!(a.shaken(seat(0)), cards("A3 S3 G3"));
    assert_eq!(a.phase(), turn(0), "a shake does not end the turn");
    assert_eq!(a.hand(seat(0)), g.hand(seat(0)));
    assert_eq!(a.stock(), g.stock());
    assert_eq!(a.floor(), g.floor());
    assert!(!is_legal(&a, "shake 3") && !is_legal(&a, "bomb 3"));
    assert!(is_legal(&a, "shake 5") && is_legal(&a, "bomb 5"));
    assert!(matches!(
        refused(&a, "shake 3"),
        RuleError::CannotShake { .. }
    ));
    assert!(matches!(
        refused(&a, "bomb 3"),
        RuleError::CannotBomb { .. }
    ));
    // The other seat sees the shake.
    assert_eq!(a.view(seat(1)).public.shaken[0], cards("A3 S3 G3"));
    let b = after(&a, "shake 5");
    assert_eq!(b.shaken(seat(0)), cards("A3 S3 G3 A5 S5 G5"));
    assert!(
        legal(&b)
            .iter()
            .all(|x| !x.starts_with("shake") && !x.starts_with("bomb"))
    );
    assert_eq!(b.multipliers(seat(0)), (2, 0));
    let c = after(&b, "play A1");
    assert_eq!(gained(&b, &c, 0), cards("A1 S1"));
    assert_eq!(c.multipliers(seat(0)), (2, 0));
    assert_eq!(c.phase(), turn(1));
}

#[test]
fn a_shake_is_allowed_before_a_flip_only_turn() {
    let g = Pos::new(&["A3 S3 G3", "G1 G2 G4 G5"], "P5", "P8", &["", ""])
        .owed(&[1, 0])
        .rest(Rest::Seat(1))
        .game(&Rules::default());
    assert!(is_legal(&g, "shake 3") && is_legal(&g, "flip"));
    let a = after(&g, "shake 3");
    let b = after(&a, "flip");
    assert_eq!(b.hand(seat(0)), cards("A3 S3 G3"));
    assert_eq!(b.owed_flips(seat(0)), 0);
    assert_eq!(b.floor(), cards("P5 P8"));
    assert_eq!(b.multipliers(seat(0)), (1, 0));
}

// ----- bomb ------------------------------------------------------------------------------------

#[test]
fn a_bomb_takes_four_and_a_pi_from_each_and_owes_two_flips() {
    let g = Pos::new(
        &["A7 S7 G7 A1", "G1 G2 G4 G5", "P1 P2 P4 P5"],
        "P7 S1 G8",
        "G0",
        &["", "A3 S3", "S8"],
    )
    .game(&Rules::default());
    assert!(is_legal(&g, "bomb 7") && is_legal(&g, "shake 7"));
    assert!(matches!(refused(&g, "flip"), RuleError::NoFlipOwed { .. }));
    assert!(matches!(
        refused(&g, "bomb 1"),
        RuleError::CannotBomb { .. }
    ));
    let a = after(&g, "bomb 7");
    assert_eq!(gained(&g, &a, 0), cards("A7 S7 G7 P7 A3 S8"));
    assert_eq!(lost(&g, &a, 1), cards("A3"));
    assert_eq!(lost(&g, &a, 2), cards("S8"));
    assert_eq!(
        a.floor(),
        cards("S1 G8 G0"),
        "the flipped G0 matched nothing"
    );
    assert_eq!(a.hand(seat(0)), cards("A1"));
    assert_eq!(a.owed_flips(seat(0)), 2);
    assert_eq!(a.multipliers(seat(0)), (0, 1));
    assert_eq!(a.stock_len(), 11);

    // The next turn may be a flip-only turn.
    let mut b = a.clone();
    until_turn_of(&mut b, 0);
    assert!(is_legal(&b, "flip"));
    assert!(legal(&b).iter().any(|a| a.starts_with("play A1")));
    let stock = b.stock();
    play(&mut b, "flip");
    assert_eq!(b.hand(seat(0)), cards("A1"));
    assert_eq!(b.owed_flips(seat(0)), 1);
    assert_eq!(b.stock(), stock[1..].to_vec());
    // The last hand card with a flip owed, then the forced flip.
    until_turn_of(&mut b, 0);
    let a1 = legal(&b)
        .into_iter()
        .find(|a| a.starts_with("play A1"))
        .unwrap();
    play(&mut b, &a1);
    until_turn_of(&mut b, 0);
    assert_eq!(b.hand(seat(0)), Hand::EMPTY);
    assert_eq!(legal(&b), ["flip"]);
    assert!(matches!(
        refused(&b, "play A1"),
        RuleError::NotInHand { .. }
    ));
    assert!(matches!(
        refused(&b, "shake 7"),
        RuleError::CannotShake { .. }
    ));
    play(&mut b, "flip");
    assert_eq!(b.owed_flips(seat(0)), 0);
    play_out(&mut b);
}

#[test]
fn an_empty_hand_forces_the_flip() {
    let g = Pos::new(&["", "G1 G2"], "P5", "", &["", ""])
        .owed(&[2, 0])
        .rest(Rest::Seat(1))
        .game(&Rules::default());
    assert_eq!(legal(&g), ["flip"]);
    assert!(matches!(
        refused(&g, "play G1"),
        RuleError::NotInHand { .. }
    ));
    assert!(matches!(refused(&g, "ren"), RuleError::WrongMoment { .. }));
    let a = after(&g, "flip");
    assert_eq!(a.owed_flips(seat(0)), 1);
    assert_eq!(a.phase(), turn(1));
}

#[test]
fn the_bomb_multiplier_is_the_seeds_three_or_go_stops_two() {
    let mut setup = Pos::new(&["G8", "P8"], "", "", &["G1 G2 G3 G4", "G5 G6 G7"])
        .rest(Rest::Floor)
        .setup();
    setup.phase = Phase::Decide { seat: seat(0) };
    setup.bombs = vec![1, 0];
    for (rules, score) in [(Rules::default(), 12), (Rules::go_stop(), 8)] {
        let mut g = build(&rules, setup.clone());
        assert_eq!(g.multipliers(seat(0)), (0, 1));
        play(&mut g, "tom");
        let s = g.settlement_details().unwrap();
        assert_eq!(s.base.points, 4);
        assert_eq!(s.bomb_multiplier, rules.bomb.factor());
        assert_eq!(s.score, score);
        assert_eq!(g.settlement(), [score, -score]);
    }
    assert_eq!(Rules::go_stop().bomb, BombMultiplier::Double);
}

// ----- chongtong -------------------------------------------------------------------------------

/// Three seats, dealer 0: seat 1 holds all four 2s.
fn chongtong_deal(floor: &str) -> Deal {
    deal(
        0,
        &["A1 S1 G1 A3 S3", "A2 S2 G2 P2 G3", "A4 S4 G4 A5 S5"],
        floor,
        "",
    )
}

#[test]
fn chongtong_at_the_deal_wins_three_from_each_loser() {
    let g = start(&Rules::default(), &chongtong_deal("P1 P3 P4 P5 A6 S6"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Chongtong {
            winner: seat(1),
            number: 2,
        })
    );
    assert_eq!(g.phase(), Phase::Over);
    assert!(legal(&g).is_empty());
    assert_eq!(refused(&g, "play A1"), RuleError::GameOver);
    assert_eq!(g.settlement(), [-3, 6, -3]);
    assert!(g.settlement_details().is_none());

    // 3 × the holder's shake and bomb multipliers × the carry, from each loser.
    let mut setup = g.setup();
    setup.carried_shakes = vec![0, 1, 0];
    setup.carried_bombs = vec![0, 1, 0];
    setup.carry = 2;
    let g = build(&Rules::default(), setup.clone());
    assert_eq!(g.settlement(), [-36, 72, -36]);
    let g = build(&Rules::go_stop(), setup);
    assert_eq!(g.settlement(), [-24, 48, -24]);
}

#[test]
fn four_on_the_floor_is_a_nagari_even_beside_a_chongtong() {
    let g = start(&Rules::default(), &chongtong_deal("P1 P3 A6 S6 G6 P6"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Nagari {
            cause: NagariCause::FloorFour,
        })
    );
    assert_eq!(g.settlement(), [0, 0, 0]);
    assert!(legal(&g).is_empty());
}

#[test]
fn two_chongtong_holders_make_a_nagari() {
    let d = deal(
        0,
        &["A1 S1 G1 P1 S3", "A2 S2 G2 P2 G3", "A4 S4 G4 A5 S5"],
        "P3 P4 P5 A6 S6 G6",
        "",
    );
    let g = start(&Rules::default(), &d);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Nagari {
            cause: NagariCause::DoubleChongtong,
        })
    );
    assert_eq!(g.settlement(), [0, 0, 0]);
}

#[test]
fn chongtong_is_checked_before_the_sale() {
    let rules = Rules {
        gwang_selling: true,
        ..Rules::default()
    };
    // Three seats sell: the table of two (8 floor cards, 7 each).
    let d = deal(
        0,
        &[
            "A1 S1 G1 A3 S3 A6 S6",
            "A2 S2 G2 P2 G3 A7 S7",
            "A4 S4 G4 A5 S5 A8 S8",
        ],
        "P1 P3 P4 P5 G6 P6 G7 P7",
        "",
    );
    let g = start(&rules, &d);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Chongtong {
            winner: seat(1),
            number: 2,
        })
    );
    assert_eq!(g.seller(), None);
    assert_eq!(g.settlement(), [-3, 6, -3]);
}

// ----- Ren and Tom -----------------------------------------------------------------------------

/// Two seats; seat 0 has captured `mine`, seat 1 everything not named.
fn ren_pos(mine: &'static str, hand: &'static str, floor: &'static str, flip: &'static str) -> Pos {
    Pos::new(&[hand, "P8 S8"], floor, flip, &[mine, ""]).rest(Rest::Seat(1))
}

#[test]
fn ren_or_tom_is_not_offered_below_three_points() {
    let g = ren_pos("G1 G2", "A5 G8", "S5", "P6").game(&Rules::default());
    let a = after(&g, "play A5");
    assert_eq!(gained(&g, &a, 0), cards("A5 S5"));
    assert_eq!(a.base_points(seat(0)), 0);
    assert_eq!(a.phase(), turn(1));
}

#[test]
fn ren_or_tom_is_offered_at_three_points() {
    let g = ren_pos("G1 G2", "G3 G8", "A3", "P6").game(&Rules::default());
    let a = after(&g, "play G3");
    assert_eq!(a.base_points(seat(0)), 3, "Hõdan");
    assert_eq!(a.phase(), Phase::Decide { seat: seat(0) });
    assert_eq!(legal(&a), ["ren", "tom"]);
    assert!(matches!(
        refused(&a, "play G8"),
        RuleError::WrongMoment { .. }
    ));
    // Ren: play goes on.
    let r = after(&a, "ren");
    assert_eq!(r.ren_calls(seat(0)), 1);
    assert_eq!(r.phase(), turn(1));
    assert_eq!(r.settlement(), [0, 0]);
    // Tom: seat 0 wins 3.
    let t = after(&a, "tom");
    assert_eq!(t.outcome(), Some(Outcome::Tom { winner: seat(0) }));
    let s = t.settlement_details().unwrap();
    assert_eq!((s.winner, s.base.points, s.score), (0, 3, 3));
    assert_eq!(t.settlement(), [3, -3]);
}

#[test]
fn ren_or_tom_is_judged_after_the_turns_pi_transfers() {
    // Cyñdan (2) and a pi value of 6: jjok and sweep bring 2 pi, Pie 1, 3 points.
    let pos = ren_pos("G7 G8 A1 A2 A3 A4 A5 A6", "G5 P1", "", "P5");
    let g = pos.game(&Rules::default());
    let a = after(&g, "play G5");
    assert_eq!(lost(&g, &a, 1).len(), 2);
    assert_eq!(a.base_points(seat(0)), 3);
    assert_eq!(a.phase(), Phase::Decide { seat: seat(0) });
    // Without the sweep only one pi comes: 2 points, no offer.
    let g = pos.game(&with_sweep(false));
    let a = after(&g, "play G5");
    assert_eq!(a.base_points(seat(0)), 2);
    assert_eq!(a.phase(), turn(1));
}

/// `pos` after seat 0 called one Ren at 3 points.
fn after_one_ren(pos: &Pos) -> Setup {
    let mut setup = pos.setup();
    setup.ren = vec![1, 0];
    setup.ren_base = vec![3, 0];
    setup.ren_order = vec![1, 0];
    setup
}

#[test]
fn after_a_ren_ren_or_tom_is_offered_only_above_its_points() {
    // Still 3 points: no offer.
    let g = build(
        &Rules::default(),
        after_one_ren(&ren_pos("G1 G2 G3", "A5 G8", "S5", "P6")),
    );
    let a = after(&g, "play A5");
    assert_eq!(a.base_points(seat(0)), 3);
    assert_eq!(a.phase(), turn(1));
    // 4 points (Dan): offered again.
    let g = build(
        &Rules::default(),
        after_one_ren(&ren_pos("G1 G2 G3", "G4 G8", "A4", "P6")),
    );
    let a = after(&g, "play G4");
    assert_eq!(a.base_points(seat(0)), 4);
    assert_eq!(a.phase(), Phase::Decide { seat: seat(0) });
    let b = after(&a, "ren");
    assert_eq!(b.ren_calls(seat(0)), 2);
}

#[test]
fn a_last_turn_that_reaches_the_threshold_stops_automatically() {
    let last = |mine, hand, floor, flip| {
        Pos::new(&[hand, "P8"], floor, flip, &[mine, ""]).rest(Rest::Seat(1))
    };
    let g = last("G1 G2", "G3", "A3", "P6").game(&Rules::default());
    let a = after(&g, "play G3");
    assert_eq!(a.outcome(), Some(Outcome::Tom { winner: seat(0) }));
    assert_eq!(a.settlement(), [3, -3]);
    // Above its last Ren: stops, with the Ren counted.
    let g = build(
        &Rules::default(),
        after_one_ren(&last("G1 G2 G3", "G4", "A4", "P6")),
    );
    let a = after(&g, "play G4");
    assert_eq!(a.outcome(), Some(Outcome::Tom { winner: seat(0) }));
    assert_eq!(a.settlement(), [5, -5], "(4 + 1 Ren)");
    // Not above its last Ren: play goes on.
    let g = build(
        &Rules::default(),
        after_one_ren(&last("G1 G2 G3", "A5", "S5", "P6")),
    );
    let a = after(&g, "play A5");
    assert_eq!(a.phase(), turn(1));
}

#[test]
fn ren_adds_one_each_and_doubles_from_the_third() {
    for (ren, rules, score) in [
        (1, Rules::default(), 5),
        (2, Rules::default(), 6),
        (3, Rules::default(), 14),
        (4, Rules::default(), 32),
        (
            3,
            Rules {
                ren: RenScoring::Additive,
                ..Rules::default()
            },
            7,
        ),
    ] {
        let mut setup = Pos::new(&["G8", "P8"], "", "", &["G1 G2 G3 G4", "G5 G6 G7"])
            .rest(Rest::Floor)
            .setup();
        setup.phase = Phase::Decide { seat: seat(0) };
        setup.ren = vec![ren, 0];
        setup.ren_base = vec![3, 0];
        setup.ren_order = vec![ren, 0];
        let g = after(&build(&rules, setup), "tom");
        let s = g.settlement_details().unwrap();
        assert_eq!(s.ren, i64::from(ren));
        assert_eq!(s.ren_bonus, i64::from(ren));
        assert_eq!(s.score, score, "{ren} Ren");
        assert_eq!(g.settlement(), [score, -score]);
    }
}

/// Three seats, seat 0 to decide with 4 points; seat 1 called Ren as the `loser`-th call and
/// seat 0 as the `winner`-th.
fn dokbak(rules: &Rules, loser: u8, winner: u8) -> Letom {
    let mut setup = Pos::new(
        &["G8", "P8", "A8"],
        "",
        "",
        &["G1 G2 G3 G4", "G5 G6 G7", ""],
    )
    .rest(Rest::Floor)
    .setup();
    setup.phase = Phase::Decide { seat: seat(0) };
    setup.ren = vec![1, 1, 0];
    setup.ren_base = vec![3, 3, 0];
    setup.ren_order = vec![winner, loser, 0];
    after(&build(rules, setup), "tom")
}

#[test]
fn dokbak_the_loser_who_called_ren_most_recently_pays_all() {
    // Score 4 + 1 Ren = 5 from each loser; seat 1 called Ren, then the winner did.
    let g = dokbak(&Rules::default(), 1, 2);
    let s = g.settlement_details().unwrap();
    assert_eq!(s.owed, [0, 5, 5]);
    assert_eq!(s.dokbak, Some(1));
    assert_eq!(s.pay, [0, 10, 0]);
    assert_eq!(g.settlement(), [10, -10, 0]);

    let literal = Rules {
        dokbak: Dokbak::LastRenCaller,
        ..Rules::default()
    };
    // The most recent call was the winner's: nobody pays alone.
    let g = dokbak(&literal, 1, 2);
    assert_eq!(g.settlement_details().unwrap().dokbak, None);
    assert_eq!(g.settlement(), [10, -5, -5]);
    // The most recent call was the loser's: it pays alone.
    let g = dokbak(&literal, 2, 1);
    assert_eq!(g.settlement_details().unwrap().dokbak, Some(1));
    assert_eq!(g.settlement(), [10, -10, 0]);
}

/// Two seats, dealer 0, seat 1 to play its last card; seat 0 (4 points) called Ren twice.
fn exhaustion(rules: &Rules, theirs: &'static str, ren: [u8; 2], ren_base: [u8; 2]) -> Letom {
    let mut setup = Pos::new(&["", "A5"], "", "P7", &["G1 G2 G3 G4", theirs])
        .acting(0, 1)
        .rest(Rest::Floor)
        .setup();
    setup.ren = ren.to_vec();
    setup.ren_base = ren_base.to_vec();
    setup.ren_order = ren.to_vec();
    let mut g = build(rules, setup);
    play(&mut g, "play A5");
    g
}

#[test]
fn exhaustion_is_a_nagari_or_the_highest_score_wins() {
    // Seat 1 takes the threes of 5 and 7 from the floor and stays below 3 points.
    let g = exhaustion(&Rules::default(), "P6 S8 A0", [2, 0], [4, 0]);
    assert_eq!(g.base_points(seat(1)), 0);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Nagari {
            cause: NagariCause::Exhausted,
        })
    );
    assert_eq!(g.settlement(), [0, 0]);

    let highest = Rules {
        exhaustion: Exhaustion::HighestScore,
        ..Rules::default()
    };
    let g = exhaustion(&highest, "P6 S8 A0", [2, 0], [4, 0]);
    assert_eq!(g.outcome(), Some(Outcome::HighestScore { winner: seat(0) }));
    let s = g.settlement_details().unwrap();
    // The winner's two Ren are ignored: no bonus.
    assert_eq!((s.ren, s.ren_bonus, s.score), (0, 0, 4));
    assert_eq!(g.settlement(), [4, -4]);

    // A tie at the top (4 points each; seat 1 called Ren at 4, so no automatic stop).
    let g = exhaustion(&highest, "P6 S8 A0 S0 G0 P0", [2, 1], [4, 4]);
    assert_eq!(g.base_points(seat(1)), 4, "{g}");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Nagari {
            cause: NagariCause::Tie,
        })
    );
    assert_eq!(g.settlement(), [0, 0]);
}

// ----- gwang-selling ---------------------------------------------------------------------------

fn selling() -> Rules {
    Rules {
        gwang_selling: true,
        ..Rules::default()
    }
}

#[test]
fn gwang_selling_with_three_players() {
    let d = deal(
        0,
        &[
            "A2 S2 G1 A3 S4 G5 A6",
            "P1 G3 S6 A7 G8 P8 S0",
            "A0 P4 G4 P5 S7 A8 G0",
        ],
        "A1 S1 P2 S3 A4 A5 P6 G7",
        "",
    );
    assert_eq!(d.stock, list("S5 S8 G2 G6 P0 P3 P7"));
    let g = start(&selling(), &d);
    // The dealer is not asked: seat 1 first.
    assert_eq!(g.phase(), Phase::Sale { seat: seat(1) });
    assert_eq!(legal(&g), ["keep", "sell"]);
    assert!(matches!(
        refused(&g, "play A2"),
        RuleError::WrongMoment { .. }
    ));
    let a = after(&g, "keep");
    // The last asked must sell.
    assert_eq!(a.phase(), Phase::Sale { seat: seat(2) });
    assert_eq!(legal(&a), ["sell"]);
    assert_eq!(refused(&a, "keep"), RuleError::MustSell { seat: seat(2) });
    let mut b = after(&a, "sell");
    assert_eq!(b.seller(), Some(seat(2)));
    assert_eq!(b.shown_guang(), cards("A0 G0"));
    assert_eq!(b.hand(seat(2)), Hand::EMPTY);
    // The seller's hand under the stock, in its dealt order.
    assert_eq!(b.stock(), list("S5 S8 G2 G6 P0 P3 P7 A0 P4 G4 P5 S7 A8 G0"));
    assert_eq!(b.phase(), turn(0));
    // The seller sits out; it never gives a pi.
    let turns = play_out(&mut b);
    assert!(
        turns.iter().enumerate().all(|(i, &s)| s == i % 2),
        "{turns:?}"
    );
    assert_eq!(b.captured(seat(2)), Hand::EMPTY);
    // Price: 1 per Guã shown (2), paid by each playing player, in the returns.
    let returns = b.settlement();
    assert_eq!(returns[2], 4);
    let win: Vec<i64> = match b.settlement_details() {
        Some(s) => s.returns.to_vec(),
        None => vec![0, 0],
    };
    assert_eq!(returns[0], win[0] - 2, "{b}");
    assert_eq!(returns[1], win[1] - 2, "{b}");

    // The payment stands in a nagari.
    let mut setup = b.setup();
    setup.outcome = Some(Outcome::Nagari {
        cause: NagariCause::Exhausted,
    });
    let g = build(&selling(), setup);
    assert_eq!(g.settlement(), [-2, -2, 4]);
    // A price of 3.
    let mut setup = g.setup();
    setup.outcome = Some(Outcome::Nagari {
        cause: NagariCause::Tie,
    });
    let g = build(
        &Rules {
            gwang_price: 3,
            ..selling()
        },
        setup,
    );
    assert_eq!(g.settlement(), [-6, -6, 12]);
}

#[test]
fn gwang_selling_with_four_players() {
    let d = deal(
        2,
        &[
            "A0 S0 G0 A1 A2",
            "S1 G1 P1 S2 G2",
            "P2 G3 P3 A4 S4",
            "P4 A5 S5 G5 S6",
        ],
        "A3 S3 G4 P5 A6 S7",
        "",
    );
    assert_eq!(d.stock.len(), 10);
    let g = start(&selling(), &d);
    // Seats asked after the dealer 2: 3, 0, then 1 (who would have to sell).
    assert_eq!(g.phase(), Phase::Sale { seat: seat(3) });
    let a = after(&g, "keep");
    assert_eq!(a.phase(), Phase::Sale { seat: seat(0) });
    assert_eq!(legal(&a), ["keep", "sell"]);
    let k = after(&a, "keep");
    assert_eq!(k.phase(), Phase::Sale { seat: seat(1) });
    assert_eq!(legal(&k), ["sell"]);
    let mut b = after(&a, "sell");
    assert_eq!(b.seller(), Some(seat(0)));
    assert_eq!(b.shown_guang(), cards("A0 S0 G0"));
    assert_eq!(b.phase(), turn(2));
    let mut stock = d.stock.clone();
    stock.extend(list("A0 S0 G0 A1 A2"));
    assert_eq!(b.stock(), stock);
    let turns = play_out(&mut b);
    let expected: Vec<usize> = [2, 3, 1].into_iter().cycle().take(turns.len()).collect();
    assert_eq!(turns, expected);
    assert_eq!(b.settlement()[0], 9, "3 Guã × 1 × 3 players");
}

#[test]
fn gwang_selling_does_nothing_with_two_players() {
    let d = deal(
        0,
        &["A1 A2 A3 A4 A5 A6 A7", "S1 S2 S3 S4 S5 S6 S7"],
        "G1 G2 G3 G4 G5 G6 G7 G8",
        "",
    );
    let g = start(&selling(), &d);
    assert_eq!(g.phase(), turn(0));
    assert_eq!(g.seller(), None);
}

#[test]
fn the_reshuffle_option_reshuffles_the_stock_with_the_same_cards() {
    let plain = Rules {
        first_dealer: Some(PlayerId(0)),
        ..selling()
    };
    let reshuffled = Rules {
        reshuffle_sold: true,
        ..plain
    };
    let (mut tried, mut differs) = (0, 0);
    for seed in 0..20u64 {
        for rules in [plain, reshuffled] {
            let mut g = Letom::new(&rules, 3, Seed::from(seed)).unwrap();
            if g.is_terminal() {
                continue; // a chongtong or four on the floor
            }
            play(&mut g, "keep");
            let mut stock = g.stock();
            stock.extend(g.setup().hands[2].iter().copied());
            play(&mut g, "sell");
            let now = g.stock();
            if rules.reshuffle_sold {
                let set = |v: &[DidoCard]| v.iter().copied().collect::<Hand>();
                assert_eq!(now.len(), stock.len());
                assert_eq!(set(&now), set(&stock));
                tried += 1;
                differs += usize::from(now != stock);
            } else {
                assert_eq!(now, stock);
            }
        }
    }
    assert!(tried > 10);
    assert_eq!(differs, tried, "every sale reshuffles the stock");
}

// ----- table stake -----------------------------------------------------------------------------

fn stake() -> Rules {
    Rules {
        stake: 2,
        ..Rules::default()
    }
}

#[test]
fn the_first_player_with_an_event_on_its_own_first_turn_takes_the_pot() {
    let d = deal(
        0,
        &["A5 G1 P2 A3 S4 G6 A7", "S1 A2 S3 G4 P6 P7 A8"],
        "A1 S2 G3 P4 A6 S7 G8 P0",
        "S5",
    );
    let mut g = start(&stake(), &d);
    assert_eq!(g.pot(), [2, 2]);
    play(&mut g, "play A5");
    assert_eq!(g.counts().jjok, 1);
    assert_eq!(g.stake_taker(), Some(seat(0)));
    assert_eq!(g.stakes().0, [2, 2]);
    assert_eq!(g.stakes().1, [0, 0], "taken at the end");
    play_out(&mut g);
    assert_eq!(g.stakes().0, [2, 2]);
    assert_eq!(g.stakes().1, [4, 0], "whoever wins: {:?}", g.outcome());
    assert_eq!(
        g.settlement().iter().sum::<i64>(),
        0,
        "the stake is outside"
    );
}

#[test]
fn each_stake_event_counts_on_the_first_turn_only() {
    // (hand, floor, flip, action)
    let cases = [
        ("A4 G1 G2", "S4 P7", "G4", "play A4"), // a stuck stack made
        ("A7 S7 G7", "P7 S1", "A8", "bomb 7"),  // a bomb
        ("A6 G1 G2", "S6 G6 P1", "P6", "play A6 S6"), // ttadak
        ("A5 G1 G2", "P1", "S5", "play A5"),    // jjok
        ("A3 G1 G2", "S3 P1", "P8", "play A3"), // nothing
    ];
    for (i, (hand, floor, flip, action)) in cases.into_iter().enumerate() {
        let pos = Pos::new(&[hand, "P2 P3 P4"], floor, flip, &["", ""]).rest(Rest::Seat(1));
        let mut setup = pos.setup();
        setup.pot = vec![2, 2];
        setup.first_done = Vec::new();
        let g = after(&build(&stake(), setup.clone()), action);
        let taker = (i < 4).then_some(seat(0));
        assert_eq!(g.stake_taker(), taker, "{action}");
        // On a later turn: no taker.
        setup.first_done = vec![seat(0)];
        let g = after(&build(&stake(), setup), action);
        assert_eq!(g.stake_taker(), None, "{action} on a later turn");
    }
    // Seat 0's first turn had no event; seat 1's has one: seat 1 takes the pot.
    let pos = Pos::new(&["A3 G1", "A5 G2"], "S3 P1", "P8 S5", &["", ""]).rest(Rest::Seat(1));
    let mut setup = pos.setup();
    setup.pot = vec![2, 2];
    setup.first_done = Vec::new();
    let mut g = build(&stake(), setup);
    play(&mut g, "play A3");
    assert_eq!(g.stake_taker(), None);
    play(&mut g, "play A5");
    assert_eq!(g.counts().jjok, 1);
    assert_eq!(g.stake_taker(), Some(seat(1)));
}

#[test]
fn without_a_first_turn_event_the_winner_takes_the_pot_and_a_nagari_leaves_it() {
    let mut setup = Pos::new(&["G8", "P8"], "", "", &["G1 G2 G3", "G4 G5 G6 G7"])
        .rest(Rest::Floor)
        .setup();
    setup.phase = Phase::Decide { seat: seat(0) };
    setup.pot = vec![4, 2];
    let g = after(&build(&stake(), setup.clone()), "tom");
    assert_eq!(g.stakes().0, [2, 2]);
    assert_eq!(g.stakes().1, [6, 0]);
    assert_eq!(g.settlement(), [3, -3], "the stake is outside the returns");
    // A first-turn taker keeps the pot whoever wins.
    setup.stake_taker = Some(seat(1));
    let g = after(&build(&stake(), setup.clone()), "tom");
    assert_eq!(g.stakes().1, [0, 6]);
    // The first-turn taker took the pot when its event happened: a nagari does not undo it
    // (the spec's "after a nagari it stays in the pot" is read as the case with no taker).
    setup.phase = Phase::Over;
    setup.outcome = Some(Outcome::Nagari {
        cause: NagariCause::Exhausted,
    });
    let g = build(&stake(), setup.clone());
    assert_eq!(g.stakes().1, [0, 6]);
    // Without a taker, a nagari leaves the pot.
    setup.stake_taker = None;
    setup.phase = Phase::Over;
    setup.outcome = Some(Outcome::Nagari {
        cause: NagariCause::Exhausted,
    });
    let g = build(&stake(), setup);
    assert_eq!(g.stakes().0, [2, 2]);
    assert_eq!(g.stakes().1, [0, 0]);
    assert_eq!(g.pot(), [4, 2]);
}

#[test]
fn every_playing_player_stakes_and_a_chongtong_winner_takes_the_pot() {
    let g = start(&stake(), &chongtong_deal("P1 P3 P4 P5 A6 S6"));
    assert_eq!(g.pot(), [2, 2, 2]);
    assert_eq!(g.stakes().0, [2, 2, 2]);
    assert_eq!(g.stakes().1, [0, 6, 0]);
    // A nagari at the deal: staked, and the pot stays.
    let g = start(&stake(), &chongtong_deal("P1 P3 A6 S6 G6 P6"));
    assert_eq!(g.pot(), [2, 2, 2]);
    assert_eq!(g.stakes().1, [0, 0, 0]);
    // The seller does not stake.
    let rules = Rules {
        stake: 2,
        ..selling()
    };
    let d = deal(
        0,
        &[
            "A2 S2 G1 A3 S4 G5 A6",
            "P1 G3 S6 A7 G8 P8 S0",
            "A0 P4 G4 P5 S7 A8 G0",
        ],
        "A1 S1 P2 S3 A4 A5 P6 G7",
        "",
    );
    let mut g = start(&rules, &d);
    assert_eq!(g.pot(), [0, 0, 0], "the stakes are put in after the sale");
    play(&mut g, "sell");
    assert_eq!(g.pot(), [2, 0, 2]);
    assert_eq!(g.stakes().0, [2, 0, 2]);
}

// ----- settlement ------------------------------------------------------------------------------

#[test]
fn the_settlement_applies_each_bak_and_is_zero_sum() {
    // Seat 0: the four Guã (4), 8 pi (Pie 1), 6 Ÿnkt (Ÿnkt 3) = 8 points.
    let mut setup = Pos::new(
        &["G8", "P8", "G7"],
        "",
        "",
        &[
            "A0 S0 G0 P0 A1 A2 A3 A4 A5 A6 A7 A8 P1 P2 P3 P5 P6 P7",
            "S1 S2",
            "G1",
        ],
    )
    .rest(Rest::Floor)
    .setup();
    setup.phase = Phase::Decide { seat: seat(0) };
    let g = after(&build(&Rules::default(), setup.clone()), "tom");
    let s = g.settlement_details().unwrap();
    assert_eq!(s.base.points, 8);
    assert_eq!(s.score, 8);
    // Seat 1: pi-bak (2 pi), gwang-bak, meong-bak; seat 2: no pi (exempt), gwang-bak, meong-bak.
    assert!(s.baks[1].pi && s.baks[1].gwang && s.baks[1].meong);
    assert!(!s.baks[2].pi && s.baks[2].gwang && s.baks[2].meong);
    assert_eq!(s.owed, [0, 64, 32]);
    assert_eq!(s.returns, [96, -64, -32]);
    assert_eq!(g.settlement(), [96, -64, -32]);
    assert_eq!(s.returns.iter().sum::<i64>(), 0);

    // Shakes double, the carry multiplies.
    setup.shaken = vec![Hand::EMPTY, Hand::EMPTY, Hand::EMPTY];
    setup.carried_shakes = vec![1, 0, 0];
    setup.carry = 2;
    let g = after(&build(&Rules::default(), setup.clone()), "tom");
    assert_eq!(g.settlement(), [384, -256, -128]);

    // The bak options: no pi-bak, no meong-bak.
    let rules = Rules {
        pi_bak_max: 0,
        meong_bak_min: 9,
        ..Rules::default()
    };
    let g = after(&build(&rules, setup), "tom");
    assert_eq!(g.settlement(), [128, -64, -64]);
}

// ----- what each player may see ----------------------------------------------------------------

#[test]
fn a_seat_sees_its_own_hand_and_the_public_table_only() {
    let mut setup = Pos::new(
        &["A3 S3 G3 A1", "G1 G2 G4 G5", "P1 P2 P4 P5"],
        "P3 S1",
        "G0",
        &["", "A2 S2", "S8"],
    )
    .setup();
    setup.shaken[0] = cards("A3 S3 G3");
    let g = build(&Rules::default(), setup);
    let view = g.view(seat(1));
    assert_eq!(view.seat, seat(1));
    assert_eq!(view.hand, list("G1 G2 G4 G5"));
    assert_eq!(view.hand_sizes, [4, 4, 4]);
    assert_eq!(view.stock_len, 12);
    assert!(view.public.hands.iter().all(Vec::is_empty));
    assert!(view.public.stock.is_empty());
    assert_eq!(view.public.floor, cards("P3 S1"));
    assert_eq!(view.public.captured[1], cards("A2 S2"));
    assert_eq!(view.public.shaken[0], cards("A3 S3 G3"));
    // A seat not at the table is an onlooker: no hand at all.
    for onlooker in [3, 4, 5] {
        let view = g.view(seat(onlooker));
        assert!(view.hand.is_empty(), "seat {onlooker} sees {:?}", view.hand);
        assert!(
            Letom::sample_world(&view, &mut cards_core::GameRng::new(Seed::from(1), 0)).is_err()
        );
    }
    // A world sampled for seat 1 keeps what it sees, and seat 0's shaken cards in its hand.
    for k in 0..20 {
        let world = Letom::sample_world(
            &g.view(seat(1)),
            &mut cards_core::GameRng::new(Seed::from(k), 0),
        )
        .unwrap();
        assert_eq!(world.view(seat(1)), g.view(seat(1)));
        assert!(cards("A3 S3 G3").is_subset(world.hand(seat(0))));
    }
}

// ----- positions the turn order cannot reach ---------------------------------------------------

#[test]
fn a_setup_whose_turns_do_not_fit_the_turn_order_is_refused() {
    // Seat 0 to play, each seat's hand cards and owed flips: the stock fits the sum, but a
    // seat would run out of turns before the stock does.
    let refused_setups: [(&[&'static str], &[u8]); 3] = [
        (&["A1 A2", ""], &[0, 0]),
        (&["A1", "A2 A3 A4"], &[0, 0]),
        (&["A1 A2 A3", "A4", "A5 A6"], &[0, 0, 0]),
    ];
    for (hands, owed) in refused_setups {
        let setup = Pos::new(hands, "", "", &vec![""; hands.len()])
            .owed(owed)
            .setup();
        assert!(
            Letom::from_setup(&Rules::default(), setup).is_err(),
            "{hands:?} {owed:?}"
        );
    }
    let fitting: [(&[&'static str], &[u8]); 4] = [
        (&["A1", "A2"], &[0, 0]),
        (&["A1 A2", "A3"], &[0, 0]),
        (&["A1", "A2 A3"], &[1, 0]),
        (&["A1 A2", "A3 A4", "A5"], &[0, 0, 0]),
    ];
    for (hands, owed) in fitting {
        let pos = Pos::new(hands, "", "", &vec![""; hands.len()]).owed(owed);
        let mut g = pos.game(&Rules::default());
        play_out(&mut g);
        assert!(g.outcome().is_some());
    }
    // Seat 1 to play after seat 0 (the dealer) had its turn: seat 0 may hold one fewer.
    let pos = Pos::new(&["A1", "A2 A3"], "", "", &["", ""]).acting(0, 1);
    let mut g = pos.game(&Rules::default());
    play_out(&mut g);
    let pos = Pos::new(&["A1 A2", "A3"], "", "", &["", ""]).acting(0, 1);
    assert!(Letom::from_setup(&Rules::default(), pos.setup()).is_err());
    // A choice for the flip on seat 0's last turn: `last` must say so.
    let mut setup = Pos::new(&["", "A2"], "S7 P7", "", &["G7", ""]).setup();
    setup.captured[0].remove(card("G7"));
    for last in [true, false] {
        setup.phase = Phase::Take {
            seat: seat(0),
            flipped: card("G7"),
            rewards: 0,
            last,
            bombed: false,
        };
        let built = Letom::from_setup(&Rules::default(), setup.clone());
        assert_eq!(built.is_ok(), last, "{built:?}");
    }
}

#[test]
fn counters_beyond_any_deal_are_refused_and_the_largest_accepted_never_overflow() {
    for players in Rules::PLAYERS {
        for k in 0..10u64 {
            let g = Letom::new(&Rules::default(), players, Seed::from(k)).unwrap();
            if g.is_terminal() {
                continue;
            }
            // The largest counts accepted: 36 Ren calls and 9 bombs in all (one call per
            // turn, a bomb per number); the event counters saturate.
            let mut setup = g.setup();
            setup.bombs = vec![0; players];
            setup.bombs[0] = 9;
            setup.ren = vec![0; players];
            setup.ren[0] = 36;
            setup.ren_order = vec![0; players];
            setup.ren_order[0] = 36;
            setup.events = EventCounts {
                stacks_made: 255,
                stacks_taken: 255,
                jjok: 255,
                ttadak: 255,
                sweeps: 255,
                pi_given: 255,
            };
            let mut g = build(&Rules::default(), setup.clone());
            play_out(&mut g);
            for (field, value) in [("bombs", 10), ("ren", 37)] {
                let mut bad = setup.clone();
                match field {
                    "bombs" => bad.bombs[0] = value,
                    _ => {
                        bad.ren[0] = value;
                        bad.ren_order[0] = value;
                    }
                }
                assert!(
                    Letom::from_setup(&Rules::default(), bad).is_err(),
                    "{field}"
                );
            }
        }
    }
    // Nobody owes a flip before the sale (it would break the stock invariant after it).
    let g = Letom::new(&selling(), 3, Seed::from(5)).unwrap();
    assert!(matches!(g.phase(), Phase::Sale { .. }));
    let mut setup = g.setup();
    setup.owed = vec![0, 1, 0];
    assert!(Letom::from_setup(&selling(), setup).is_err());
}

#[test]
fn settlement_details_speak_in_table_seats_with_a_seller() {
    let rules = Rules {
        gwang_selling: true,
        ..Rules::default()
    };
    let mut checked = 0;
    let mut out = Vec::new();
    for seed in 0..300u64 {
        let mut game = Letom::new(&rules, 4, Seed::from(seed)).unwrap();
        let mut rng = cards_core::GameRng::new(Seed::from(seed), 5);
        while !game.is_terminal() {
            game.legal_actions(&mut out);
            game.play(out[rng.below(out.len() as u64) as usize])
                .unwrap();
        }
        let (Some(details), Some(seller)) = (game.settlement_details(), game.seller()) else {
            continue;
        };
        let winner = game.outcome().unwrap().winner().unwrap();
        assert_eq!(details.winner, winner.index());
        let s = seller.index();
        assert_eq!(
            (details.owed[s], details.pay[s], details.returns[s]),
            (0, 0, 0)
        );
        let price = i64::from(rules.gwang_price) * game.shown_guang().len() as i64;
        let settlement = game.settlement();
        for p in 0..4 {
            let sale = if p == s { 3 * price } else { -price };
            assert_eq!(
                settlement[p],
                details.returns[p] + sale,
                "seed {seed} seat {p}"
            );
        }
        checked += 1;
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn seeded_deals_refuse_bad_tables() {
    let rules = Rules::default();
    assert!(Deal::seeded(&rules, 5, Seed::from(1), 0, None).is_err());
    assert!(Deal::seeded(&rules, 1, Seed::from(1), 0, None).is_err());
    assert!(Deal::seeded(&rules, 3, Seed::from(1), 0, Some(PlayerId(3))).is_err());
    let deal = Deal::seeded(&rules, 3, Seed::from(1), 0, Some(PlayerId(2))).unwrap();
    assert_eq!(deal.dealer, PlayerId(2));
    assert_eq!(
        deal.hands.iter().map(Vec::len).collect::<Vec<_>>(),
        [5, 5, 5]
    );
}

#[test]
fn a_setup_with_more_than_the_deck_is_refused_not_a_panic() {
    let g = Letom::new(&Rules::default(), 2, Seed::from(3)).unwrap();
    let mut setup = g.setup();
    let extra = setup.stock[0];
    setup.stock.push(extra);
    assert!(matches!(
        Letom::from_setup(&Rules::default(), setup.clone()),
        Err(letom::SetupError::CardTwice { .. })
    ));
    setup.stock.extend(std::iter::repeat_n(extra, 40));
    assert!(Letom::from_setup(&Rules::default(), setup).is_err());
}

#[test]
fn the_reshuffle_seed_comes_from_the_deal_stream_not_the_player_stream() {
    let rules = Rules {
        gwang_selling: true,
        reshuffle_sold: true,
        ..Rules::default()
    };
    for seed in 0..20u64 {
        let g = Letom::new(&rules, 3, Seed::from(seed)).unwrap();
        let Some(reshuffle) = g.setup().reshuffle else {
            continue; // ended at the deal
        };
        let player = cards_core::GameRng::new(Seed::from(seed), cards_core::PLAYER_STREAM).seed();
        assert_ne!(reshuffle, player, "seed {seed}");
        // The deal's own stream, after the deck and the dealer.
        let mut rng = cards_core::GameRng::for_deal(Seed::from(seed), 0);
        let mut deck = cards_core::DidoCard::ALL;
        rng.shuffle(&mut deck);
        rng.below(3);
        assert_eq!(reshuffle, rng.seed(), "seed {seed}");
    }
}

/// A refused move says why in the player's terms (issue 29), to the player who tried it.
#[test]
fn refusals_say_why_in_the_players_terms() {
    // Seat 0 deals and plays first: three 1s in hand, the fourth on the floor; two 5s there.
    let d = deal(
        0,
        &["A1 S1 G1 A5 G8 P8 S3", "A2 S2 G2 A4 S4 G4 A6"],
        "P1 S5 P5 A7 S7 G7 P6 A8",
        "",
    );
    let game = start(&Rules::default(), &d);
    let said = |game: &Letom, a: &str| {
        let mut copy = game.clone();
        let e = copy.play(act(a)).expect_err("refused");
        assert_eq!(&copy, game, "a refused action changes nothing");
        e.to_string()
    };
    assert_eq!(
        said(&game, "play P2"),
        "P2 is not in your hand: you hold A1 A5 S1 S3 G1 G8 P8"
    );
    assert_eq!(
        said(&game, "flip"),
        "you owe no flip-only turn: only a bomb earns two, so play a hand card"
    );
    assert_eq!(
        said(&game, "shake 8"),
        "you cannot shake the 8s: your hand does not hold three of them"
    );
    assert_eq!(
        said(&game, "bomb 3"),
        "you cannot bomb with the 3s: your hand does not hold three of them"
    );
    assert_eq!(
        said(&game, "play A5"),
        "two floor cards match A5 (S5 P5): play it onto one of them (play A5 D)"
    );
    assert_eq!(
        said(&game, "play S3 A8"),
        "S3 cannot pair with A8: name a floor card only when two floor cards match your card \
         (here: play C alone)"
    );
    assert_eq!(
        said(&game, "ren"),
        "ren is not possible now: you may shake, bomb, play a hand card or flip"
    );
    let mut shaken = game.clone();
    shaken.play(act("shake 1")).unwrap();
    assert_eq!(
        said(&shaken, "shake 1"),
        "you cannot shake the 1s: you shook them already"
    );
    assert_eq!(
        said(&shaken, "bomb 1"),
        "you cannot bomb with the 1s: you shook them already"
    );
}

/// A chongtong's end, told: each loser pays 3 times the holder's carried multipliers and the
/// carry, each factor named (what `deal_ended` says and every seat's screen at the end shows).
#[test]
fn a_chongtong_end_names_each_factor() {
    let g = start(&Rules::default(), &chongtong_deal("P1 P3 P4 P5 A6 S6"));
    let mut setup = g.setup();
    setup.carried_shakes = vec![0, 1, 0];
    setup.carried_bombs = vec![0, 1, 0];
    setup.carry = 2;
    let g = build(&Rules::default(), setup);
    let end = g.view(seat(0)).deal_end().unwrap();
    // 3 × 2 (1 shake) × 3 (1 bomb) × 2 (carry) = 36 from each loser.
    assert_eq!(
        end.lines(false),
        [
            "seat 1 was dealt all four 2s (chongtong) and wins",
            "seat 0 pays seat 1 36 points: 3 (chongtong) × 2 (1 shake) × 3 (1 bomb) × 2 (nagari \
             carry)",
            "seat 2 pays seat 1 36 points: 3 (chongtong) × 2 (1 shake) × 3 (1 bomb) × 2 (nagari \
             carry)",
            "points this deal: seat 0 -36, seat 1 +72, seat 2 -36; base points seat 0 0, seat 1 \
             0, seat 2 0",
        ]
    );
    let screen = g.view(seat(2)).to_string();
    assert!(
        screen.contains("\nseat 0 pays seat 1 36 points: 3 (chongtong) × 2 (1 shake)"),
        "{screen}"
    );
}

/// A deal with a Guã sale ends with the sale told beside the win: the seller is paid by each
/// playing seat, and sits outside the payments.
#[test]
fn a_sale_is_told_at_the_end_of_the_deal() {
    let rules = Rules {
        gwang_selling: true,
        ..Rules::default()
    };
    for s in 0..200u64 {
        let mut g = Letom::new(&rules, 3, Seed::from(s)).unwrap();
        let mut player = cards_core::RandomPlayer::new(Seed::from(s));
        cards_core::play_randomly(&mut g, &mut player, |_, _| {});
        let (Some(seller), Some(Outcome::Tom { winner })) = (g.seller(), g.outcome()) else {
            continue;
        };
        if g.shown_guang().is_empty() {
            continue;
        }
        let end = g.view(seller).deal_end().unwrap();
        let lines = end.lines(false);
        let each = g.shown_guang().len();
        let payers: Vec<String> = (0..3)
            .filter(|&p| p != seller.index())
            .map(|p| format!("seat {p}"))
            .collect();
        let sold = format!(
            "seat {seller} sold its Guã {}: {} each pay it {each} point{}",
            g.shown_guang(),
            payers.join(" and "),
            if each == 1 { "" } else { "s" }
        );
        assert!(lines.contains(&sold), "{lines:?}");
        // The seller neither pays nor is paid in the win's lines.
        let named = format!("seat {seller} pays");
        assert!(!lines.iter().any(|l| l.starts_with(&named)), "{lines:?}");
        assert!(lines[0].starts_with(&format!("seat {winner} stopped (Tom)")));
        return;
    }
    panic!("no seed of 200 sold Guã and ended in a Tom");
}

#[test]
fn a_seeded_deal_lays_out_the_specs_table() {
    // The spec's table, written out: players → floor cards, hand cards each, stock.
    for (players, floor, hand, stock) in [(2, 8, 7, 14), (3, 6, 5, 15), (4, 4, 4, 16)] {
        assert_eq!(letom::table(players), (floor, hand));
        for s in 0..20 {
            let deal = Letom::new(&Rules::default(), players, Seed::from(s)).unwrap();
            assert_eq!(deal.floor().len(), floor, "{players} players, seed {s}");
            for p in PlayerId::all(players) {
                assert_eq!(deal.hand(p).len(), hand, "{players} players, seed {s}");
            }
            assert_eq!(deal.stock_len(), stock, "{players} players, seed {s}");
        }
    }
}

//! The stepped half of the action-index design, proved on a toy: Fishing (a Cassino-like game
//! whose capture is any set of table cards summing to the card played) and its stepped indexed
//! position [`Steps`] (play the card, pick table cards one at a time, confirm).
//!
//! - the harness and the fuzz driver accept `Steps` as the indexed position;
//! - every step sequence the mask allows completes a capture, and the captures reachable
//!   through steps are exactly the legal ones (exhaustively, on every position of many games);
//! - broken stepped positions (a mask, a step, a confirm or `in_decision` that lies): the
//!   harness and the fuzz driver catch each of them.

use std::collections::HashSet;

use cards_core::{
    ActionMask, Census, Game, GameRng, IndexError, Indexed, PROBE_STREAM, PerSeat, PlayerId, Rng,
    Seed, StdCard,
};
use cards_testkit::conformance::{Config, Report, Violation, check};
use cards_testkit::fuzz::{self, FuzzGame, Input};

use crate::fishing::{
    self, Action, Cards, Fishing, Pending, RuleError, Rules, Setup, SetupError, Step, Steps, View,
};

fn seeds(n: u64) -> impl Iterator<Item = Seed> {
    (0..n).map(Seed::from)
}

fn card(text: &str) -> StdCard {
    text.parse().expect("a card")
}

fn cards(text: &str) -> Cards {
    text.split_whitespace().map(card).collect()
}

/// The rule sets the tests run under: the smallest, the default, the largest.
fn rule_sets() -> [Rules; 3] {
    [
        Rules {
            hand_size: 1,
            table_size: 0,
        },
        Rules::default(),
        Rules {
            hand_size: Rules::MAX_HAND,
            table_size: Rules::MAX_TABLE,
        },
    ]
}

/// Every state of a random game from `seed` (the random player's choices), start to end.
fn positions(rules: &Rules, players: usize, seed: Seed) -> Vec<Fishing> {
    let mut game = Fishing::new(rules, players, seed).expect("a valid table");
    let mut player = cards_core::RandomPlayer::new(seed);
    let mut buf = Vec::new();
    let mut all = vec![game.clone()];
    while let Some(action) = player.choose(&game, &mut buf) {
        game.play(action).expect("a legal action plays");
        all.push(game.clone());
    }
    all
}

// ---------------------------------------------------------------------------------------------
// (a) The harness over the stepped position.

#[test]
fn steps_conform_at_every_player_count() {
    for rules in rule_sets() {
        for players in Fishing::player_range(&rules) {
            let report = check::<Steps>(&rules, players, seeds(150), Config::default())
                .unwrap_or_else(|v| panic!("{v}"));
            assert_eq!(report.games, 150);
            assert_eq!(report.longest, players * rules.hand_size);
            assert!(
                report.illegal_refused > 0 && report.legal_probed > 0,
                "{report:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// (b) Steps against the rich actions, exhaustively.

/// The mask the steps must have, computed from the rich legal actions alone: at the start,
/// *play c* for every card with a legal capture and *trail c* for every legal trail; during a
/// capture with `played` and `picked`, *pick t* when some legal capture with `played` takes
/// `picked` and `t`, and *confirm* when `picked` is itself a legal capture.
fn reference_mask(legal: &[Action], pending: Option<Pending>) -> ActionMask {
    let mut mask = ActionMask::new(Step::COUNT);
    for &action in legal {
        match (action, pending) {
            (Action::Trail(c), None) => {
                mask.insert(Step::Trail(c).index());
            }
            (Action::Capture { played, .. }, None) => {
                mask.insert(Step::Play(played).index());
            }
            (Action::Capture { played, taken }, Some(p)) if played == p.played => {
                if taken == p.picked {
                    mask.insert(Step::Confirm.index());
                }
                if p.picked.is_subset(taken) {
                    (taken - p.picked).iter().for_each(|t| {
                        mask.insert(Step::Pick(t).index());
                    });
                }
            }
            _ => {}
        }
    }
    mask
}

/// Explores every step sequence from the start of `game`'s decision (each capture under way
/// once) and returns the captures the confirms played. At every position on the way: the mask
/// is the reference mask and not empty; every index outside it (and a few past the bound) is
/// refused as `NotLegal` (`OutOfRange`) with the position unchanged; `game()` is the state
/// before the decision; and each confirm plays exactly the capture picked.
fn explore(game: &Fishing) -> Result<HashSet<Action>, String> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut reached = HashSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![Steps::from_game(game.clone())];
    let mut mask = ActionMask::default();
    while let Some(position) = stack.pop() {
        if !seen.insert(position.pending()) {
            continue;
        }
        if position.game() != game {
            return Err(format!("game() moved mid-decision: {position:?}"));
        }
        position.legal_mask(&mut mask);
        let expected = reference_mask(&legal, position.pending());
        if mask != expected {
            return Err(format!(
                "mask {mask:?}, expected {expected:?} at {:?}",
                position.pending()
            ));
        }
        if mask.is_empty() && !game.is_terminal() {
            return Err(format!("no step offered at {:?}", position.pending()));
        }
        for index in 0..Steps::NUM_ACTIONS + 3 {
            let mut next = position.clone();
            let result = next.play_index(index);
            if !mask.contains(index) {
                let kind_ok = match result {
                    Err(IndexError::OutOfRange { .. }) => index >= Steps::NUM_ACTIONS,
                    Err(IndexError::NotLegal { .. }) => index < Steps::NUM_ACTIONS,
                    _ => false,
                };
                if !kind_ok || next != position {
                    return Err(format!("index {index} refused as {result:?}, or moved"));
                }
                continue;
            }
            result.map_err(|e| format!("step {index} in the mask refused: {e}"))?;
            match (Step::from_index(index), position.pending()) {
                (Some(Step::Confirm), Some(p)) => {
                    let capture = Action::Capture {
                        played: p.played,
                        taken: p.picked,
                    };
                    if game.apply(capture).ok().as_ref() != Some(next.game())
                        || next.pending().is_some()
                    {
                        return Err(format!("confirming {p:?} did not play {capture}"));
                    }
                    reached.insert(capture);
                }
                (Some(Step::Trail(c)), None) => {
                    if game.apply(Action::Trail(c)).ok().as_ref() != Some(next.game()) {
                        return Err(format!("trail step {index} did not play trail {c}"));
                    }
                }
                _ => stack.push(next),
            }
        }
    }
    Ok(reached)
}

#[test]
fn every_step_completes_and_steps_reach_exactly_the_legal_captures() {
    let mut captures = 0;
    for rules in rule_sets() {
        for players in Fishing::player_range(&rules) {
            for seed in seeds(40) {
                for game in positions(&rules, players, seed) {
                    let reached = explore(&game).unwrap_or_else(|e| panic!("{e}\n{game:?}"));
                    let mut legal = Vec::new();
                    game.legal_actions(&mut legal);
                    let rich: HashSet<Action> = legal
                        .into_iter()
                        .filter(|a| matches!(a, Action::Capture { .. }))
                        .collect();
                    assert_eq!(reached, rich, "{game:?}");
                    captures += rich.len();
                }
            }
        }
    }
    assert!(captures > 1000, "only {captures} captures explored");
}

/// A crowded table: 16 small cards and a king to play, hundreds of captures.
fn crowded() -> Fishing {
    let rules = Rules {
        hand_size: 6,
        table_size: 4,
    };
    // 3 seats, 12 cards played (all trailed): 2 cards left in each hand, seat 0 to act.
    let table = cards("AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S");
    let hands = [cards("KC QC"), cards("KD 5C"), cards("5D 5H")];
    let shown = hands.iter().fold(table, |s, &h| s | h);
    let setup = Setup {
        hands: PerSeat::from_slice(&hands).expect("3 seats"),
        table,
        captured: PerSeat::new(3).expect("3 seats"),
        stock: Fishing::deck(&rules) - shown,
    };
    Fishing::from_setup(&rules, setup).expect("a valid position")
}

#[test]
fn a_crowded_table_has_hundreds_of_captures_all_reached_by_steps() {
    let game = crowded();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let rich: HashSet<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Capture { .. }))
        .collect();
    assert!(rich.len() > 300, "{} captures", rich.len());
    assert_eq!(explore(&game).expect("steps behave"), rich);
    // At the start only plays and trails are offered: 2 + 2 of the 163 indices.
    let mut mask = ActionMask::default();
    Steps::from_game(game.clone()).legal_mask(&mut mask);
    let expected = [
        Step::Play(card("QC")),
        Step::Play(card("KC")),
        Step::Trail(card("QC")),
        Step::Trail(card("KC")),
    ];
    let mut expected: Vec<usize> = expected.iter().map(|s| s.index()).collect();
    expected.sort_unstable();
    assert_eq!(mask.iter().collect::<Vec<_>>(), expected);
}

#[test]
fn a_capture_step_by_step() {
    let game = crowded();
    let mut steps = Steps::from_game(game.clone());
    let mut mask = ActionMask::default();
    let play = |steps: &mut Steps, step: Step| steps.play_index(step.index());

    // The king, then 4C 4D 4H: only 1s can complete it (13 = 12 + 1).
    play(&mut steps, Step::Play(card("KC"))).expect("KC has captures");
    for pick in ["4C", "4D", "4H"] {
        play(&mut steps, Step::Pick(card(pick))).expect("can still complete");
    }
    assert_eq!(
        play(&mut steps, Step::Pick(card("2C"))),
        Err(IndexError::NotLegal {
            index: Step::Pick(card("2C")).index()
        }),
        "14 > 13: a pick that cannot complete is refused"
    );
    assert_eq!(
        play(&mut steps, Step::Confirm),
        Err(IndexError::NotLegal {
            index: Step::Confirm.index()
        }),
        "12 is not 13 yet"
    );
    steps.legal_mask(&mut mask);
    let aces = cards("AC AD AH AS").iter().map(|c| Step::Pick(c).index());
    assert_eq!(mask.iter().collect::<Vec<_>>(), aces.collect::<Vec<_>>());
    assert_eq!(
        steps.game(),
        &game,
        "game() is the state before the decision"
    );

    play(&mut steps, Step::Pick(card("AS"))).expect("completes 13");
    steps.legal_mask(&mut mask);
    assert_eq!(
        mask.iter().collect::<Vec<_>>(),
        [Step::Confirm.index()],
        "nothing else fits"
    );
    play(&mut steps, Step::Confirm).expect("a legal capture");
    let capture: Action = "capture KC with 4C 4D 4H AS".parse().expect("parses");
    assert_eq!(steps.game(), &game.apply(capture).expect("legal"));
    assert_eq!(steps.pending(), None);
    assert!(!steps.in_decision());

    // The canonical path: play, the picks in card index order, confirm.
    let mut path = Vec::new();
    Steps::action_path(capture, &mut path);
    let expected = [
        Step::Play(card("KC")),
        Step::Pick(card("4C")),
        Step::Pick(card("4D")),
        Step::Pick(card("4H")),
        Step::Pick(card("AS")),
        Step::Confirm,
    ];
    let expected: Vec<usize> = expected.iter().map(|s| s.index()).collect();
    assert_eq!(path, expected);
    let mut stepped = Steps::from_game(game.clone());
    for (k, &index) in path.iter().enumerate() {
        assert!(!stepped.in_decision() || k > 0);
        stepped.play_index(index).expect("a step of the path");
        assert_eq!(stepped.in_decision(), k + 1 < path.len(), "after step {k}");
    }
    assert_eq!(stepped, steps, "the path plays the capture");
    let trail = Action::Trail(card("KC"));
    Steps::action_path(trail, &mut path);
    assert_eq!(
        path,
        [Step::Trail(card("KC")).index()],
        "a trail is one index"
    );
}

#[test]
fn indices_and_steps_correspond() {
    for index in 0..Step::COUNT {
        let step = Step::from_index(index).expect("in range");
        assert_eq!(step.index(), index);
    }
    assert_eq!(Step::from_index(Step::COUNT), None);
    assert_eq!(Steps::NUM_ACTIONS, 163);
}

// ---------------------------------------------------------------------------------------------
// The toy game's own rules, text and validation.

#[test]
fn actions_read_and_refuse() {
    let action: Action = "capture 7h with 4d 3c".parse().expect("parses");
    assert_eq!(action.to_string(), "capture 7H with 3C 4D");
    assert_eq!(
        serde_json::to_string(&action).expect("text"),
        "\"capture 7H with 3C 4D\""
    );
    assert_eq!("trail TS".parse(), Ok(Action::Trail(card("TS"))));
    for bad in [
        "capture 7H with",
        "capture 7H with 3C 3C",
        "capture 7H 3C",
        "trail",
        "trail 7Z",
        "take 7H",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad:?} parsed");
    }

    let mut game = crowded();
    let before = game.clone();
    let refusals = [
        ("capture KC with 5D", "cannot be taken"),
        ("capture KC with 4C 4D", "sum to 8"),
        ("capture KD with 4C 4D 4H AS", "cannot play KD"),
        ("trail 5D", "cannot play 5D"),
    ];
    for (text, words) in refusals {
        let err = game
            .play(text.parse().expect("parses"))
            .expect_err("refused");
        assert!(err.to_string().contains(words), "{text}: {err}");
        assert_eq!(game, before, "{text} changed the state");
    }
    let empty = Action::Capture {
        played: card("KC"),
        taken: Cards::EMPTY,
    };
    assert!(matches!(game.play(empty), Err(RuleError::WrongSum { .. })));
}

#[test]
fn the_game_settles_the_cards_captured() {
    let rules = Rules {
        hand_size: 1,
        table_size: 2,
    };
    let table = cards("3C 4D");
    let hands = [cards("7H"), cards("9S")];
    let stock = Fishing::deck(&rules) - table - hands[0] - hands[1];
    let setup = Setup {
        hands: PerSeat::from_slice(&hands).expect("2 seats"),
        table,
        captured: PerSeat::new(2).expect("2 seats"),
        stock,
    };
    let mut game = Fishing::from_setup(&rules, setup).expect("valid");
    game.play("capture 7H with 3C 4D".parse().expect("parses"))
        .expect("3 + 4 = 7");
    assert_eq!(game.to_act(), Some(PlayerId(1)));
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert_eq!(legal, [Action::Trail(card("9S"))], "an empty table");
    game.play(legal[0]).expect("legal");
    assert!(game.is_terminal());
    assert_eq!(game.settlement(), [3, -3]);
    let outcome = game.outcome().expect("over").to_string();
    assert_eq!(outcome, "seat 0 wins with 3 cards captured");
}

#[test]
fn from_setup_refuses_broken_positions() {
    let rules = Rules::default();
    let ok = Fishing::new(&rules, 2, Seed::from(1))
        .expect("valid")
        .setup();
    let refuse = |setup: Setup| Fishing::from_setup(&rules, setup).expect_err("refused");
    let held = ok.hands[0].first().expect("a dealt card");

    let mut twice = ok;
    twice.table.insert(held);
    assert_eq!(refuse(twice), SetupError::CardTwice(held));

    let mut missing = ok;
    missing.hands[0].remove(held);
    assert_eq!(refuse(missing), SetupError::CardMissing(held));

    let mut joker = ok;
    joker.stock.insert(StdCard::JOKER_1);
    assert_eq!(refuse(joker), SetupError::NotInPlay(StdCard::JOKER_1));

    let mut out_of_turn = ok; // seat 1 trailed although seat 0 starts
    out_of_turn.hands[1].remove(ok.hands[1].first().expect("a card"));
    out_of_turn.table |= Cards::single(ok.hands[1].first().expect("a card"));
    assert_eq!(refuse(out_of_turn), SetupError::HandLen(PlayerId(0), 4, 3));

    let mut short_table = ok;
    let on_table = ok.table.first().expect("a table card");
    short_table.table.remove(on_table);
    short_table.stock.insert(on_table);
    assert_eq!(refuse(short_table), SetupError::Played(3, 4..=12));

    let mut piles = ok;
    piles.captured = PerSeat::new(3).expect("3 seats");
    assert_eq!(refuse(piles), SetupError::Seats(3, 2));

    let big = Rules {
        hand_size: 7,
        table_size: 0,
    };
    assert_eq!(Fishing::from_setup(&big, ok), Err(SetupError::HandSize(7)));
    let wide = Rules {
        table_size: 5,
        ..rules
    };
    assert_eq!(
        Fishing::from_setup(&wide, ok),
        Err(SetupError::TableSize(5))
    );
    let err = Fishing::new(&rules, 4, Seed::from(1)).expect_err("4 players");
    assert_eq!(
        err.to_string(),
        "fishing is played by 2 to 3 players, not 4"
    );
}

#[test]
fn json_and_views_go_through_validation() {
    let game = Fishing::new(&Rules::default(), 2, Seed::from(3)).expect("valid");
    let json = serde_json::to_string(&game).expect("serializes");
    assert_eq!(
        serde_json::from_str::<Fishing>(&json).ok(),
        Some(game.clone())
    );
    let held = game.setup().hands[0].first().expect("a card").to_string();
    let stolen = json.replacen(&format!("\"{held}\","), "", 1);
    let err = serde_json::from_str::<Fishing>(&stolen).expect_err("refused");
    assert!(err.to_string().contains("missing"), "{err}");

    let mut rng = GameRng::new(Seed::from(3), PROBE_STREAM);
    let mut view: View = game.view(PlayerId(1));
    view.seat = PlayerId(2);
    assert_eq!(
        Fishing::sample_world(&view, &mut rng),
        Err(SetupError::NoSuchSeat(PlayerId(2)))
    );
    let mut view = game.view(PlayerId(1));
    view.table.insert(view.hand.first().expect("a card"));
    assert!(Fishing::sample_world(&view, &mut rng).is_err());
}

// ---------------------------------------------------------------------------------------------
// (c) Broken stepped positions.

/// The bugs a [`MutantSteps`] can carry, one at a time.
mod bug {
    /// No bug: the mutant is the correct stepped position.
    pub const NONE: u8 = 0;
    /// Refusing an index at the start of a decision leaves a mark on the position.
    pub const START_DIRTY: u8 = 1;
    /// Refusing an index during a capture leaves a mark on the position.
    pub const STEP_DIRTY: u8 = 2;
    /// Picks are offered whenever the card fits what is left of the sum, whether or not the
    /// capture can still be completed: a decision can reach a dead end.
    pub const DEAD_END_PICK: u8 = 3;
    /// When some card of the hand has a capture, *play c* is offered for every card of it,
    /// even one with no capture: the start mask is more than the first steps of the paths.
    pub const PLAY_ANY: u8 = 4;
    /// Confirm is offered as soon as a card is picked; the game refuses short captures.
    pub const EARLY_CONFIRM: u8 = 5;
    /// Confirm trails the played card instead of capturing.
    pub const CONFIRM_TRAILS: u8 = 6;
    /// Confirm plays the first legal capture of the played card, not the cards picked.
    pub const CAPTURE_OTHER: u8 = 7;
    /// `in_decision` is never overridden: always `false`, even during a capture.
    pub const FORGETS_DECISION: u8 = 8;
    /// `in_decision` is `false` right after *play c*, `true` only once a card is picked.
    pub const LATE_DECISION: u8 = 9;
}

/// Fishing under another name, so that it can have a broken stepped position of its own (an
/// `Indexed` position fixes its game, and `FuzzGame` fixes the position of a game).
#[derive(Clone, Debug, PartialEq)]
struct Mutant<const BUG: u8>(Fishing);

impl<const BUG: u8> serde::Serialize for Mutant<BUG> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, const BUG: u8> serde::Deserialize<'de> for Mutant<BUG> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Fishing::deserialize(d).map(Mutant)
    }
}

impl<const BUG: u8> Game for Mutant<BUG> {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = fishing::Outcome;
    type Card = StdCard;
    type Error = RuleError;
    type Event = fishing::Event;
    type SetupError = SetupError;
    const NAME: &'static str = "fishing-mutant";

    fn player_range(rules: &Rules) -> core::ops::RangeInclusive<usize> {
        Fishing::player_range(rules)
    }
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        Fishing::new(rules, players, seed).map(Mutant)
    }
    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        Fishing::from_setup(rules, setup).map(Mutant)
    }
    fn setup(&self) -> Setup {
        self.0.setup()
    }
    fn rules(&self) -> &Rules {
        self.0.rules()
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn to_act(&self) -> Option<PlayerId> {
        self.0.to_act()
    }
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        self.0.for_each_legal(f);
    }
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl cards_core::Events<fishing::Event>,
    ) -> Result<(), RuleError> {
        self.0.play_reporting(action, events)
    }
    fn start_events(&self, events: &mut impl cards_core::Events<fishing::Event>) {
        self.0.start_events(events);
    }
    fn redact(rules: &Rules, event: &fishing::Event, seat: PlayerId) -> fishing::Event {
        Fishing::redact(rules, event, seat)
    }
    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> View {
        Fishing::blank_view(rules, players, seat)
    }
    fn observe(view: &mut View, event: &fishing::Event) -> Result<(), cards_core::ObserveError> {
        Fishing::observe(view, event)
    }
    fn outcome(&self) -> Option<fishing::Outcome> {
        self.0.outcome()
    }
    fn settlement(&self) -> PerSeat<i64> {
        self.0.settlement()
    }
    fn view(&self, seat: PlayerId) -> View {
        self.0.view(seat)
    }
    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        Fishing::view_legal_actions(view, out);
    }
    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        Fishing::sample_world(view, rng).map(Mutant)
    }
    fn max_actions(rules: &Rules, players: usize) -> usize {
        Fishing::max_actions(rules, players)
    }
    fn deck(rules: &Rules) -> Cards {
        Fishing::deck(rules)
    }
    fn census(&self) -> Census<StdCard> {
        self.0.census()
    }
}

std::thread_local! {
    /// Captures confirmed through a [`MutantSteps`] on this thread (what the fuzz driver
    /// reaches through steps).
    static CONFIRMED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// The stepped position with the bug `BUG` (see [`bug`]): the correct mask of [`Steps`] with
/// the bug's additions, and its own `play_index` over that mask.
#[derive(Clone, Debug, PartialEq)]
struct MutantSteps<const BUG: u8> {
    game: Mutant<BUG>,
    pending: Option<Pending>,
    /// Marks left by dirty refusals.
    dirt: u8,
}

impl<const BUG: u8> MutantSteps<BUG> {
    fn correct(&self) -> Steps {
        Steps {
            game: self.game.0.clone(),
            pending: self.pending,
        }
    }
}

impl<const BUG: u8> Indexed for MutantSteps<BUG> {
    type Game = Mutant<BUG>;
    const NUM_ACTIONS: usize = Steps::NUM_ACTIONS;
    // A test position: its steps are told by number.
    type Step = usize;

    fn step(index: usize) -> Option<usize> {
        (index < Steps::NUM_ACTIONS).then_some(index)
    }

    fn from_game(game: Mutant<BUG>) -> Self {
        MutantSteps {
            game,
            pending: None,
            dirt: 0,
        }
    }

    fn game(&self) -> &Mutant<BUG> {
        &self.game
    }

    fn legal_mask(&self, mask: &mut ActionMask) {
        self.correct().legal_mask(mask);
        if self.game.is_terminal() {
            return;
        }
        let (hand, table) = (self.game.0.hand_to_act(), self.game.0.table());
        let mut add = |step: Step| {
            mask.insert(step.index());
        };
        match (BUG, self.pending) {
            (bug::DEAD_END_PICK, Some(p)) => {
                let left = u32::from(fishing::value(p.played)) - fishing::sum(p.picked);
                (table - p.picked)
                    .iter()
                    .filter(|&t| u32::from(fishing::value(t)) <= left)
                    .for_each(|t| add(Step::Pick(t)));
            }
            (bug::PLAY_ANY, None)
                if hand.iter().any(|c| self.correct().is_legal(Step::Play(c))) =>
            {
                hand.iter().for_each(|c| add(Step::Play(c)));
            }
            (bug::EARLY_CONFIRM, Some(p)) if !p.picked.is_empty() => add(Step::Confirm),
            _ => {}
        }
    }

    fn play_index(&mut self, index: usize) -> Result<(), IndexError<RuleError>> {
        let bound = Self::NUM_ACTIONS;
        let mut mask = ActionMask::default();
        self.legal_mask(&mut mask);
        let step = Step::from_index(index).filter(|_| mask.contains(index));
        let Some(step) = step else {
            let dirty = match self.pending {
                None => BUG == bug::START_DIRTY,
                Some(_) => BUG == bug::STEP_DIRTY,
            };
            self.dirt += u8::from(dirty);
            return Err(match index < bound {
                true => IndexError::NotLegal { index },
                false => IndexError::OutOfRange { index, bound },
            });
        };
        match (step, self.pending) {
            (Step::Play(played), _) => {
                let picked = Cards::EMPTY;
                self.pending = Some(Pending { played, picked });
            }
            (Step::Pick(t), Some(p)) => {
                let picked = p.picked.with(t);
                self.pending = Some(Pending { picked, ..p });
            }
            (Step::Confirm, Some(Pending { played, picked })) => {
                let mut action = Action::Capture {
                    played,
                    taken: picked,
                };
                if BUG == bug::CONFIRM_TRAILS {
                    action = Action::Trail(played);
                }
                if BUG == bug::CAPTURE_OTHER {
                    let first =
                        |a: &Action| matches!(a, Action::Capture { played: p, .. } if *p == played);
                    let mut legal = Vec::new();
                    self.game.legal_actions(&mut legal);
                    action = legal.into_iter().find(first).unwrap_or(action);
                }
                self.game.play(action).map_err(IndexError::Rule)?;
                self.pending = None;
                CONFIRMED.with(|n| n.set(n.get() + 1));
            }
            (Step::Trail(c), _) => self.game.play(Action::Trail(c)).map_err(IndexError::Rule)?,
            _ => return Err(IndexError::NotLegal { index }),
        }
        Ok(())
    }

    fn action_path(action: Action, out: &mut Vec<usize>) {
        Steps::action_path(action, out);
    }

    fn in_decision(&self) -> bool {
        match BUG {
            bug::FORGETS_DECISION => false,
            bug::LATE_DECISION => self.pending.is_some_and(|p| !p.picked.is_empty()),
            _ => self.correct().in_decision(),
        }
    }
}

fn run<P: Indexed<Game: Game<Rules = Rules>>>() -> Result<Report, Violation> {
    check::<P>(&Rules::default(), 2, seeds(200), Config::default())
}

#[test]
fn the_unmutated_mutant_passes_everything() {
    run::<MutantSteps<{ bug::NONE }>>().unwrap_or_else(|v| panic!("{v}"));
    CONFIRMED.with(|n| n.set(0));
    for data in inputs(300, 200).chain(play_probes(300, 200)) {
        fuzz::game::<Mutant<{ bug::NONE }>>(&data);
    }
    let confirmed = CONFIRMED.with(core::cell::Cell::get);
    assert!(
        confirmed > 100,
        "the driver completed only {confirmed} captures through steps"
    );
}

#[test]
fn the_harness_catches_a_dirty_refusal_at_the_start_of_a_decision() {
    let v = run::<MutantSteps<{ bug::START_DIRTY }>>().expect_err("caught");
    assert!(v.message.contains("changed the position"), "{v}");
}

/// Each bug inside a decision, with what the harness says about it: the random walk of one
/// decision per state (from a step the mask offers to the end of the decision), the path of
/// every legal action compared with `apply`, and the start mask compared with the paths' first
/// steps.
const CAUGHT_INSIDE_A_DECISION: [(u8, &str); 8] = [
    (bug::STEP_DIRTY, "during a decision changed the position"),
    (bug::DEAD_END_PICK, "offers no step"),
    (
        bug::PLAY_ANY,
        "is not the set of first steps of the legal actions' paths",
    ),
    (bug::EARLY_CONFIRM, "of the legal mask refused"),
    (bug::CONFIRM_TRAILS, "plays another action"),
    (bug::CAPTURE_OTHER, "plays another action"),
    (bug::FORGETS_DECISION, "in_decision() is false after step 1"),
    (bug::LATE_DECISION, "in_decision() is false after step 1"),
];

#[test]
fn the_harness_catches_bugs_inside_a_decision() {
    let results = [
        run::<MutantSteps<{ bug::STEP_DIRTY }>>(),
        run::<MutantSteps<{ bug::DEAD_END_PICK }>>(),
        run::<MutantSteps<{ bug::PLAY_ANY }>>(),
        run::<MutantSteps<{ bug::EARLY_CONFIRM }>>(),
        run::<MutantSteps<{ bug::CONFIRM_TRAILS }>>(),
        run::<MutantSteps<{ bug::CAPTURE_OTHER }>>(),
        run::<MutantSteps<{ bug::FORGETS_DECISION }>>(),
        run::<MutantSteps<{ bug::LATE_DECISION }>>(),
    ];
    for ((bug, words), harness) in CAUGHT_INSIDE_A_DECISION.iter().zip(results) {
        let v = harness.expect_err("the harness catches it");
        assert!(v.message.contains(words), "bug {bug}: {v}");
    }
}

/// A confirm that plays another legal capture than the one picked reaches a state that some
/// legal capture reaches: only knowing which action a step path names tells it apart. The
/// harness plays every legal action's path ([`Indexed::action_path`]) and compares the state
/// with `apply`.
#[test]
fn the_harness_catches_a_confirm_that_plays_another_capture() {
    let v = run::<MutantSteps<{ bug::CAPTURE_OTHER }>>().expect_err("caught");
    assert!(v.message.contains("plays another action"), "{v}");
    assert!(v.message.contains("capture"), "the action named: {v}");
}

/// `in_decision` lies: the harness sees it on the path of a capture (false after *play c*),
/// and the decision walk sees a decision end after one step in a state no action reaches.
#[test]
fn the_harness_catches_an_in_decision_that_lies() {
    for v in [
        run::<MutantSteps<{ bug::FORGETS_DECISION }>>().expect_err("caught"),
        run::<MutantSteps<{ bug::LATE_DECISION }>>().expect_err("caught"),
    ] {
        assert!(
            v.message.contains("in_decision() is false after step 1"),
            "{v}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// (d) The fuzz driver over the stepped position.

/// The table from the input: byte 0 picks the rules, then the default reading.
fn fishing_table<G: Game<Rules = Rules>>(input: &mut Input<'_>) -> fuzz::Table<G> {
    let byte = usize::from(input.byte());
    let rules = Rules {
        hand_size: 1 + byte % Rules::MAX_HAND,
        table_size: byte / Rules::MAX_HAND % (Rules::MAX_TABLE + 1),
    };
    fuzz::Table::read(rules, input)
}

/// A near miss: a card of the hand (or any card) with a subset of the table.
fn fishing_action(game: &Fishing, kind: u8, input: &mut Input<'_>) -> Option<Action> {
    let pool = match kind % 4 {
        0 => Fishing::deck(game.rules()),
        _ => game.hand_to_act(),
    };
    let played = pool
        .iter()
        .nth(usize::from(input.byte()) % pool.len().max(1))?;
    let bits = input.u16();
    let taken = game
        .table()
        .iter()
        .enumerate()
        .filter(|&(i, _)| bits >> (i % 16) & 1 == 1)
        .map(|(_, c)| c)
        .collect();
    Some(match kind % 3 {
        0 => Action::Trail(played),
        _ => Action::Capture { played, taken },
    })
}

impl FuzzGame for Fishing {
    type Position = Steps;

    fn table(input: &mut Input<'_>) -> fuzz::Table<Self> {
        fishing_table(input)
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        fishing_action(self, kind, input)
    }

    fn check_transition(&self, action: Action, after: &Self) {
        let seat = self.to_act().expect("someone acted").index();
        let (Action::Capture { played, .. } | Action::Trail(played)) = action;
        assert!(
            !after.setup().hands[seat].contains(played),
            "{action}: still held"
        );
        match action {
            Action::Trail(card) => assert_eq!(after.table(), self.table().with(card)),
            Action::Capture { played, taken } => {
                assert_eq!(after.table(), self.table() - taken);
                let pile = self.setup().captured[seat] | taken.with(played);
                assert_eq!(after.setup().captured[seat], pile);
            }
        }
    }

    fn check_view(&self, seat: PlayerId, view: &View) {
        assert_eq!(view.seat, seat);
        assert_eq!(view.hand, self.setup().hands[seat.index()]);
    }

    fn view_seat(view: &View) -> Option<PlayerId> {
        Some(view.seat)
    }
}

impl<const BUG: u8> FuzzGame for Mutant<BUG> {
    type Position = MutantSteps<BUG>;

    fn table(input: &mut Input<'_>) -> fuzz::Table<Self> {
        fishing_table(input)
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        fishing_action(&self.0, kind, input)
    }
}

/// A fixed stream of pseudo-random inputs (a linear congruential generator's high bytes).
fn inputs(count: usize, len: usize) -> impl Iterator<Item = Vec<u8>> {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    (0..count).map(move |_| {
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 56) as u8
            })
            .collect()
    })
}

/// Inputs that mostly probe indices below 54 (the *play c* steps): uniform indices rarely start
/// a capture (a few of the 165 indices do), so [`inputs`] alone completes few through steps.
fn play_probes(count: usize, len: usize) -> impl Iterator<Item = Vec<u8>> {
    inputs(count, len).map(|mut data| {
        for (i, byte) in data.iter_mut().enumerate().skip(9) {
            match (i - 9) % 3 {
                0 => *byte = 4,
                1 => *byte %= 54,
                _ => *byte = 0,
            }
        }
        data
    })
}

#[test]
fn the_fuzz_driver_passes_the_stepped_position() {
    for data in inputs(150, 200).chain(play_probes(150, 200)) {
        fuzz::game::<Fishing>(&data);
    }
    for data in inputs(100, 40) {
        fuzz::state_json::<Fishing>(&data);
    }
    let game = crowded();
    fuzz::state_json::<Fishing>(&serde_json::to_vec(&game).expect("serializes"));
    fuzz::state_json::<Fishing>(&serde_json::to_vec(&game.view(PlayerId(1))).expect("view"));
    for text in [
        "trail 7H",
        "capture KC with 4C 4D 4H AS",
        "capture X1 with X2",
        "capture 7H with",
    ] {
        fuzz::game_text::<Fishing>(text.as_bytes());
    }
}

#[test]
#[should_panic(expected = "a decision under way offers no step")]
fn the_fuzz_driver_catches_a_dead_end_pick() {
    for data in play_probes(300, 200).chain(inputs(300, 200)) {
        fuzz::game::<Mutant<{ bug::DEAD_END_PICK }>>(&data);
    }
}

#[test]
#[should_panic(expected = "is not the set of first steps of the legal actions' paths")]
fn the_fuzz_driver_catches_a_play_with_no_capture() {
    for data in play_probes(300, 200).chain(inputs(300, 200)) {
        fuzz::game::<Mutant<{ bug::PLAY_ANY }>>(&data);
    }
}

#[test]
#[should_panic(expected = "of the legal mask refused")]
fn the_fuzz_driver_catches_an_early_confirm() {
    for data in play_probes(300, 200).chain(inputs(300, 200)) {
        fuzz::game::<Mutant<{ bug::EARLY_CONFIRM }>>(&data);
    }
}

/// Inside a decision the driver probes an illegal index (refused, the position unchanged), and
/// the decision must end in the state of a legal action the index splits (not a trail).
#[test]
#[should_panic(expected = "during a decision changed the position")]
fn the_fuzz_driver_catches_a_dirty_step_refusal() {
    for data in play_probes(300, 200) {
        fuzz::game::<Mutant<{ bug::STEP_DIRTY }>>(&data);
    }
}

#[test]
#[should_panic(expected = "and apply(capture")]
fn the_fuzz_driver_catches_a_confirm_that_trails() {
    for data in play_probes(300, 200) {
        fuzz::game::<Mutant<{ bug::CONFIRM_TRAILS }>>(&data);
    }
}

#[test]
#[should_panic(expected = "and apply(capture")]
fn the_fuzz_driver_catches_a_confirm_that_plays_another_capture() {
    for data in play_probes(300, 200).chain(inputs(300, 200)) {
        fuzz::game::<Mutant<{ bug::CAPTURE_OTHER }>>(&data);
    }
}

#[test]
#[should_panic(expected = "in_decision() after step 1")]
fn the_fuzz_driver_catches_an_in_decision_that_is_never_true() {
    for data in play_probes(300, 200).chain(inputs(300, 200)) {
        fuzz::game::<Mutant<{ bug::FORGETS_DECISION }>>(&data);
    }
}

#[test]
#[should_panic(expected = "in_decision() after step 1")]
fn the_fuzz_driver_catches_an_in_decision_that_comes_late() {
    for data in play_probes(300, 200).chain(inputs(300, 200)) {
        fuzz::game::<Mutant<{ bug::LATE_DECISION }>>(&data);
    }
}

#[test]
fn fishing_events_rebuild_every_view_and_leak_nothing() {
    let rules = Rules::default();
    for players in Fishing::player_range(&rules) {
        // A seat may not know the other hands and the stock.
        let secret = |game: &Fishing, seat: PlayerId| {
            let setup = game.setup();
            let others = PlayerId::all(players).filter(|&s| s != seat);
            others.fold(setup.stock, |set, s| set | setup.hands[s.index()])
        };
        let seeds = (0..100).map(Seed::from);
        let report = cards_testkit::events::check::<Fishing>(&rules, players, seeds, secret)
            .unwrap_or_else(|v| panic!("{v}"));
        assert!(report.secrets > 0 && report.redacted > 0, "{report:?}");
    }
}

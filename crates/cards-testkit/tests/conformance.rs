//! The conformance harness on a game that is not ours: the High card toy game passes it, and
//! each deliberately broken copy of it ([`Mutant`]) fails it with a message naming the problem.

use cards_core::{
    ActionMask, Census, DirectIndex, Draw, Events, Game, IndexError, Indexed, JassCard,
    ObserveError, PerSeat, PlayerId, Rng, Seed,
};
use cards_testkit::conformance::{Config, Report, Violation, check};

use crate::high_card::{self, Action, Event, HighCard, RuleError, Rules, Setup, SetupError, View};

fn seeds() -> impl Iterator<Item = Seed> {
    (0..200).map(Seed::from)
}

/// Runs the harness over `P` with the default rules and 3 players.
fn run<P: Indexed<Game: Game<Rules = Rules>>>() -> Result<Report, Violation> {
    check::<P>(&Rules::default(), 3, seeds(), Config::default())
}

#[test]
fn high_card_conforms_at_every_player_count() {
    for hand_size in [1, Rules::default().hand_size, Rules::MAX_HAND] {
        let rules = Rules { hand_size };
        for players in HighCard::player_range(&rules) {
            let report = check::<HighCard>(&rules, players, seeds(), Config::default())
                .unwrap_or_else(|v| panic!("{v}"));
            assert_eq!(report.games, 200);
            assert_eq!(report.longest, players * hand_size);
            assert!(
                report.illegal_refused > 0 && report.legal_probed > 0,
                "{report:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The toy game's own validation: the harness only ever feeds it valid positions.

fn start(players: usize) -> Setup {
    HighCard::new(&Rules::default(), players, Seed::from(1))
        .expect("a valid deal")
        .setup()
}

#[test]
fn from_setup_refuses_broken_positions() {
    let rules = Rules::default();
    let refuse = |setup: Setup| HighCard::from_setup(&rules, setup).expect_err("refused");
    let ok = start(3);
    let card = ok.hands[0].first().expect("a dealt card");

    let mut twice = ok;
    twice.stock.insert(card);
    assert_eq!(refuse(twice), SetupError::CardTwice(card));

    let mut missing = ok;
    missing.hands[0].remove(card);
    assert_eq!(refuse(missing), SetupError::CardMissing(card));

    let mut short = ok;
    short.stock.insert(card);
    short.hands[0].remove(card);
    let expected = rules.hand_size;
    assert_eq!(
        refuse(short),
        SetupError::HandLen(PlayerId(0), expected - 1, expected)
    );

    let mut out_of_turn = ok; // seat 1 laid a card although seat 0 leads
    out_of_turn.hands[1].remove(ok.hands[1].first().expect("a card"));
    out_of_turn.table.cards[1] = ok.hands[1].first();
    assert_eq!(refuse(out_of_turn), SetupError::TableOrder(PlayerId(0)));

    let mut seats = ok;
    seats.table.won = PerSeat::new(2).expect("2 seats");
    assert_eq!(refuse(seats), SetupError::Seats(3));

    let mut won = ok;
    won.table.won[2] = 1; // a round won, but no card played
    assert_eq!(refuse(won), SetupError::PlayedCount(0, 3));

    let mut too_many = ok;
    too_many.table.won[2] = 5;
    assert_eq!(refuse(too_many), SetupError::TooManyRounds(5));

    let ten = Rules { hand_size: 10 };
    assert_eq!(
        HighCard::from_setup(&ten, ok),
        Err(SetupError::HandSize(10))
    );
    let err = HighCard::new(&rules, 5, Seed::from(1)).expect_err("5 players");
    assert_eq!(
        err.to_string(),
        "highcard is played by 2 to 4 players, not 5"
    );
}

#[test]
fn json_goes_through_validation() {
    let game = HighCard::new(&Rules::default(), 2, Seed::from(3)).expect("valid");
    let json = serde_json::to_string(&game).expect("serializes");
    assert_eq!(
        serde_json::from_str::<HighCard>(&json).ok(),
        Some(game.clone())
    );
    let card = game.setup().hands[0].first().expect("a card").to_string();
    let stolen = json.replacen(&format!("\"{card}\","), "", 1); // a card vanishes
    let err = serde_json::from_str::<HighCard>(&stolen).expect_err("refused");
    assert!(err.to_string().contains("missing"), "{err}");
}

#[test]
fn actions_read_and_refuse() {
    let action: Action = "play 7h".parse().expect("parses");
    assert_eq!(action.to_string(), "play 7H");
    assert_eq!(serde_json::to_string(&action).expect("text"), "\"play 7H\"");
    assert!("lay 7H".parse::<Action>().is_err() && "play 7X".parse::<Action>().is_err());
    let mut game = HighCard::new(&Rules::default(), 2, Seed::from(3)).expect("valid");
    let theirs = game.setup().hands[1].first().expect("a card");
    let before = game.clone();
    let err = game
        .play(Action::Play(theirs))
        .expect_err("not seat 0's card");
    assert!(
        matches!(
            err,
            RuleError::NotInHand {
                seat: PlayerId(0),
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(game, before);
}

#[test]
fn sample_world_refuses_impossible_views() {
    let game = HighCard::new(&Rules::default(), 3, Seed::from(5)).expect("valid");
    let mut rng = cards_core::GameRng::new(Seed::from(5), cards_core::PROBE_STREAM);
    let mut view = game.view(PlayerId(1));
    view.seat = PlayerId(3);
    assert_eq!(
        HighCard::sample_world(&view, &mut rng),
        Err(SetupError::NoSuchSeat(PlayerId(3)))
    );
    let mut view = game.view(PlayerId(1));
    view.table.played.insert(view.hand.first().expect("a card"));
    assert!(HighCard::sample_world(&view, &mut rng).is_err());
}

// ---------------------------------------------------------------------------------------------
// Mutation tests: each bug must make the harness fail, naming the problem.

/// The bugs a [`Mutant`] can carry, one at a time.
mod bug {
    /// `play` lays the card on the table before noticing the seat does not hold it.
    pub const DIRTY_REFUSAL: u8 = 1;
    /// `apply` (copy-make) forgets to pass the lead to a round's winner.
    pub const APPLY_KEEPS_LEADER: u8 = 2;
    /// The legal mask skips the first legal card.
    pub const MASK_SKIPS_FIRST: u8 = 3;
    /// `play` takes a card of the stock too: an illegal index plays.
    pub const STOCK_PLAYABLE: u8 = 4;
    /// The census forgets the cards of finished rounds.
    pub const CENSUS_FORGETS_PLAYED: u8 = 5;
    /// The settlement pays the rounds won and charges nobody.
    pub const NOT_ZERO_SUM: u8 = 6;
    /// The view also shows the whole position, which `sample_world` deals afresh.
    pub const VIEW_SHOWS_ALL: u8 = 7;
    /// `sample_world` deals a new game instead of dealing around the view.
    pub const SAMPLE_IGNORES_VIEW: u8 = 8;
    /// `view_legal_actions` lists the hand whether or not the seat is to act.
    pub const VIEW_IGNORES_TURN: u8 = 9;
    /// `view_legal_actions` lists the hand in reverse order.
    pub const VIEW_REVERSED: u8 = 10;
    /// Deserialization reads the rounds won in reverse seat order.
    pub const JSON_REVERSES_WON: u8 = 11;
    /// `setup()` writes the rounds won in reverse seat order.
    pub const SETUP_REVERSES_WON: u8 = 12;
    /// A finished game deals again: it never ends.
    pub const DEALS_FOREVER: u8 = 13;
    /// `returns` are non-zero (though zero-sum) before the game is over.
    pub const EARLY_RETURNS: u8 = 14;
    /// `player_range` says 2 to 3, but `new` deals 4.
    pub const RANGE_TOO_SMALL: u8 = 15;
    /// `num_players` forgets the last seat.
    pub const SEAT_SHORT: u8 = 16;
    /// The view shows the whole position and `sample_world` copies it: caught only because
    /// no sampled world ever differs from the true state.
    pub const LEAK_COPIED: u8 = 17;
    /// Redacting an event keeps every hand of the deal.
    pub const EVENT_SHOWS_HANDS: u8 = 18;
    /// A round's winner is not reported: views rebuilt from events fall behind.
    pub const EVENT_FORGETS_WIN: u8 = 19;
    /// Reporting plays the lead to seat 0 after a round, silent play does not.
    pub const REPORTING_DIFFERS: u8 = 20;
}

/// High card with the bug `BUG` (see [`bug`]); everything else delegates to [`HighCard`].
#[derive(Clone, Debug, PartialEq)]
struct Mutant<const BUG: u8>(HighCard);

impl<const BUG: u8> serde::Serialize for Mutant<BUG> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, const BUG: u8> serde::Deserialize<'de> for Mutant<BUG> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut game = HighCard::deserialize(d)?;
        if BUG == bug::JSON_REVERSES_WON {
            game.setup.table.won.reverse();
        }
        Ok(Mutant(game))
    }
}

impl<const BUG: u8> Game for Mutant<BUG> {
    type Rules = Rules;
    type Action = Action;
    /// The real view, and the whole position when the bug shows it.
    type View = (View, Option<Setup>);
    type Setup = Setup;
    type Outcome = high_card::Outcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;
    const NAME: &'static str = "mutant";

    fn player_range(rules: &Rules) -> core::ops::RangeInclusive<usize> {
        match BUG {
            bug::RANGE_TOO_SMALL => 2..=3,
            _ => HighCard::player_range(rules),
        }
    }

    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        HighCard::new(rules, players, seed).map(Mutant)
    }

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        HighCard::from_setup(rules, setup).map(Mutant)
    }

    fn setup(&self) -> Setup {
        let mut setup = self.0.setup();
        if BUG == bug::SETUP_REVERSES_WON {
            setup.table.won.reverse();
        }
        setup
    }

    fn rules(&self) -> &Rules {
        self.0.rules()
    }

    fn num_players(&self) -> usize {
        self.0.num_players() - usize::from(BUG == bug::SEAT_SHORT)
    }

    fn to_act(&self) -> Option<PlayerId> {
        Game::to_act(&self.0)
    }

    fn for_each_legal(&self, f: impl FnMut(Action)) {
        self.0.for_each_legal(f);
    }

    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let Action::Play(card) = action;
        let seat = Game::to_act(&self.0);
        if let (bug::STOCK_PLAYABLE, Some(seat)) = (BUG, seat)
            && self.0.setup.stock.remove(card)
        {
            self.0.setup.hands[seat.index()].insert(card);
        }
        let mut reported = Vec::new();
        let result = self.0.play_reporting(action, &mut reported);
        for event in reported {
            match (BUG, &event) {
                (bug::EVENT_FORGETS_WIN, Event::RoundWon { .. }) => {}
                (bug::REPORTING_DIFFERS, Event::RoundWon { .. }) if events.wanted() => {
                    self.0.setup.table.leader = PlayerId(0);
                    events.emit(|| Event::RoundWon { seat: PlayerId(0) });
                }
                _ => events.emit(|| event),
            }
        }
        match (BUG, &result, seat) {
            (bug::DIRTY_REFUSAL, Err(_), Some(seat)) => {
                self.0.setup.table.cards[seat.index()] = Some(card);
            }
            (bug::DEALS_FOREVER, Ok(()), _) if self.0.is_terminal() => {
                let (rules, players) = (*self.0.rules(), self.0.num_players());
                self.0 = HighCard::new(&rules, players, Seed::from(0)).expect("valid");
            }
            _ => {}
        }
        result
    }

    fn apply(&self, action: Action) -> Result<Self, RuleError> {
        let mut next = self.clone();
        next.play(action)?;
        if BUG == bug::APPLY_KEEPS_LEADER {
            next.0.setup.table.leader = self.0.setup.table.leader;
        }
        Ok(next)
    }

    fn outcome(&self) -> Option<high_card::Outcome> {
        self.0.outcome()
    }

    fn start_events(&self, events: &mut impl Events<Event>) {
        self.0.start_events(events);
    }

    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        match BUG {
            bug::EVENT_SHOWS_HANDS => event.clone(),
            _ => HighCard::redact(rules, event, seat),
        }
    }

    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> Self::View {
        (HighCard::blank_view(rules, players, seat), None)
    }

    fn observe((view, _): &mut Self::View, event: &Event) -> Result<(), ObserveError> {
        HighCard::observe(view, event)
    }

    fn settlement(&self) -> PerSeat<i64> {
        match (BUG, self.0.outcome()) {
            (bug::NOT_ZERO_SUM, Some(outcome)) => outcome.won.map(i64::from),
            _ => self.0.settlement(),
        }
    }

    fn returns(&self) -> PerSeat<f64> {
        let mut returns = self.settlement().map(|v| v as f64);
        if BUG == bug::EARLY_RETURNS && !self.0.is_terminal() {
            returns[0] += 1.0;
            returns[1] -= 1.0;
        }
        returns
    }

    fn view(&self, seat: PlayerId) -> Self::View {
        let leak = matches!(BUG, bug::VIEW_SHOWS_ALL | bug::LEAK_COPIED);
        (self.0.view(seat), leak.then_some(self.0.setup))
    }

    fn view_legal_actions((view, _): &Self::View, out: &mut Vec<Action>) {
        HighCard::view_legal_actions(view, out);
        match BUG {
            bug::VIEW_IGNORES_TURN => {
                out.clear();
                out.extend(view.hand.iter().map(Action::Play));
            }
            bug::VIEW_REVERSED => out.reverse(),
            _ => {}
        }
    }

    fn sample_world<R: Rng + ?Sized>(
        (view, leaked): &Self::View,
        rng: &mut R,
    ) -> Result<Self, SetupError> {
        match (BUG, leaked) {
            (bug::SAMPLE_IGNORES_VIEW, _) => {
                let players = view.table.cards.len();
                HighCard::new(&view.rules, players, Draw::seed(rng)).map(Mutant)
            }
            (bug::LEAK_COPIED, Some(setup)) => {
                HighCard::from_setup(&view.rules, *setup).map(Mutant)
            }
            _ => HighCard::sample_world(view, rng).map(Mutant),
        }
    }

    fn max_actions(rules: &Rules, players: usize) -> usize {
        HighCard::max_actions(rules, players)
    }

    fn census(&self) -> Census<JassCard> {
        if BUG != bug::CENSUS_FORGETS_PLAYED {
            return self.0.census();
        }
        let setup = &self.0.setup;
        let mut census = Census::default();
        setup.hands.iter().for_each(|&hand| census.add(hand));
        census.add(setup.stock);
        census.add_all(setup.table.cards.iter().flatten().copied());
        census
    }
}

impl<const BUG: u8> DirectIndex for Mutant<BUG> {
    const ACTION_COUNT: usize = HighCard::ACTION_COUNT;

    fn action_index(action: Action) -> usize {
        HighCard::action_index(action)
    }

    fn action_from_index(index: usize) -> Option<Action> {
        HighCard::action_from_index(index)
    }

    fn fill_legal_mask(&self, mask: &mut ActionMask) {
        mask.reset(Self::ACTION_COUNT);
        let mut skip = BUG == bug::MASK_SKIPS_FIRST;
        self.for_each_legal(|action| {
            if !std::mem::take(&mut skip) {
                mask.insert(Self::action_index(action));
            }
        });
    }
}

/// Asserts that the harness fails on `P` (a broken game) with a message containing `words`.
fn assert_caught<P: Indexed<Game: Game<Rules = Rules>>>(words: &str) -> Violation {
    let violation = match run::<P>() {
        Ok(report) => panic!("the bug went unnoticed: {report:?}"),
        Err(v) => v,
    };
    assert!(
        violation.message.contains(words),
        "expected {words:?} in: {violation}"
    );
    violation
}

/// Runs the events check over `G` with the default rules and 3 players.
fn run_events<G: Game<Rules = Rules, Card = JassCard, Setup = Setup>>()
-> Result<cards_testkit::events::Report, Violation> {
    // A seat may not know the other hands and the stock.
    let secret = |game: &G, seat: PlayerId| {
        let setup = game.setup();
        let others = PlayerId::all(setup.hands.len()).filter(|&s| s != seat);
        others.fold(setup.stock, |set, s| set | setup.hands[s.index()])
    };
    cards_testkit::events::check::<G>(&Rules::default(), 3, seeds(), secret)
}

#[test]
fn high_card_events_rebuild_every_view_and_leak_nothing() {
    for players in HighCard::player_range(&Rules::default()) {
        let secret = |game: &HighCard, seat: PlayerId| {
            let setup = game.setup();
            let others = PlayerId::all(players).filter(|&s| s != seat);
            others.fold(setup.stock, |set, s| set | setup.hands[s.index()])
        };
        let report =
            cards_testkit::events::check::<HighCard>(&Rules::default(), players, seeds(), secret)
                .unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(report.games, 200);
        assert!(
            report.secrets > 0 && report.redacted > 0 && report.refused > 0,
            "{report:?}"
        );
        assert_eq!(
            report.views,
            report.games * (players + 1) * (report.actions / report.games + 1)
        );
    }
    run_events::<Mutant<0>>().unwrap_or_else(|v| panic!("{v}"));
}

/// Asserts that the events check fails on `G` with a message containing `words`.
fn assert_events_caught<G: Game<Rules = Rules, Card = JassCard, Setup = Setup>>(words: &str) {
    match run_events::<G>() {
        Ok(report) => panic!("the bug went unnoticed: {report:?}"),
        Err(v) => assert!(v.message.contains(words), "expected {words:?} in: {v}"),
    }
}

#[test]
fn events_check_catches_a_redaction_that_shows_hands() {
    assert_events_caught::<Mutant<{ bug::EVENT_SHOWS_HANDS }>>("cards it may not know");
}

#[test]
fn events_check_catches_an_event_left_out() {
    assert_events_caught::<Mutant<{ bug::EVENT_FORGETS_WIN }>>("rebuilt from its events differs");
}

#[test]
fn events_check_catches_reporting_that_plays_otherwise() {
    assert_events_caught::<Mutant<{ bug::REPORTING_DIFFERS }>>("another state than play");
}

#[test]
fn the_unmutated_wrapper_conforms() {
    run::<Mutant<0>>().unwrap_or_else(|v| panic!("{v}"));
}

#[test]
fn catches_play_that_changes_the_state_before_refusing() {
    assert_caught::<Mutant<{ bug::DIRTY_REFUSAL }>>("changed the position");
}

#[test]
fn catches_apply_disagreeing_with_play() {
    assert_caught::<Mutant<{ bug::APPLY_KEEPS_LEADER }>>("play and apply disagree");
}

#[test]
fn catches_a_legal_action_missing_from_the_mask() {
    assert_caught::<Mutant<{ bug::MASK_SKIPS_FIRST }>>("which the legal mask lacks");
}

#[test]
fn catches_an_illegal_index_accepted() {
    assert_caught::<Mutant<{ bug::STOCK_PLAYABLE }>>("is not in the mask but played");
}

#[test]
fn catches_a_card_lost_from_the_census() {
    let v = assert_caught::<Mutant<{ bug::CENSUS_FORGETS_PLAYED }>>("cards not conserved");
    assert_eq!(v.step, 3, "found as soon as the first round is over: {v}");
}

#[test]
fn catches_a_settlement_that_is_not_zero_sum() {
    assert_caught::<Mutant<{ bug::NOT_ZERO_SUM }>>("does not sum to 0");
}

#[test]
fn catches_a_view_that_leaks_what_sample_world_cannot_know() {
    assert_caught::<Mutant<{ bug::VIEW_SHOWS_ALL }>>("shows it a different view");
}

/// A view that shows everything, with a `sample_world` that copies it: every sampled world is
/// the true state, which a game with hidden cards never gives. (Which cards a seat may see is
/// still the game's own test to write: a view that leaks only some of them passes.)
#[test]
fn catches_views_that_give_everything_away() {
    assert_caught::<Mutant<{ bug::LEAK_COPIED }>>("give away every hidden card");
}

#[test]
fn catches_a_sampled_world_inconsistent_with_the_view() {
    assert_caught::<Mutant<{ bug::SAMPLE_IGNORES_VIEW }>>("shows it a different view");
}

#[test]
fn catches_view_legal_actions_out_of_turn() {
    assert_caught::<Mutant<{ bug::VIEW_IGNORES_TURN }>>("is not to act but its view lists");
}

#[test]
fn catches_view_legal_actions_in_another_order() {
    assert_caught::<Mutant<{ bug::VIEW_REVERSED }>>("has other legal actions in its view");
}

#[test]
fn catches_state_json_that_does_not_round_trip() {
    assert_caught::<Mutant<{ bug::JSON_REVERSES_WON }>>("state changed in a JSON round trip");
}

#[test]
fn catches_setup_that_does_not_round_trip() {
    assert_caught::<Mutant<{ bug::SETUP_REVERSES_WON }>>("from_setup(setup()) is a different");
}

#[test]
fn catches_a_game_that_never_ends() {
    assert_caught::<Mutant<{ bug::DEALS_FOREVER }>>("did not end within max_actions = 12");
}

#[test]
fn catches_returns_before_the_end() {
    assert_caught::<Mutant<{ bug::EARLY_RETURNS }>>("before the game is over");
}

#[test]
fn catches_a_wrong_number_of_seats() {
    assert_caught::<Mutant<{ bug::SEAT_SHORT }>>("num_players() = 2 for a new game of 3");
}

#[test]
fn catches_a_player_count_outside_player_range() {
    let rules = Rules::default();
    let four = check::<Mutant<{ bug::RANGE_TOO_SMALL }>>(&rules, 4, seeds(), Config::default());
    let v = four.expect_err("4 players are outside the declared range");
    assert!(v.message.contains("player_range"), "{v}");
}

/// An indexed face whose `play_index` plays the seat's highest card whatever legal index it is
/// given: the mask is right and every probe behaves, but the index does not play its action.
#[derive(Clone, Debug, PartialEq)]
struct HighestIndex(HighCard);

impl Indexed for HighestIndex {
    type Game = HighCard;
    const NUM_ACTIONS: usize = HighCard::ACTION_COUNT;
    // A test position: its steps are told by number.
    type Step = usize;

    fn step(index: usize) -> Option<usize> {
        (index < HighCard::ACTION_COUNT).then_some(index)
    }

    fn from_game(game: HighCard) -> Self {
        HighestIndex(game)
    }

    fn game(&self) -> &HighCard {
        &self.0
    }

    fn legal_mask(&self, mask: &mut ActionMask) {
        self.0.fill_legal_mask(mask);
    }

    fn play_index(&mut self, index: usize) -> Result<(), IndexError<RuleError>> {
        let mut mask = ActionMask::default();
        self.legal_mask(&mut mask);
        match (mask.contains(index), mask.iter().last()) {
            (true, Some(highest)) => self.0.play_index(highest),
            _ => self.0.play_index(index),
        }
    }

    fn action_path(action: Action, out: &mut Vec<usize>) {
        out.clear();
        out.push(HighCard::action_index(action));
    }
}

#[test]
fn catches_an_index_that_plays_another_action() {
    assert_caught::<HighestIndex>("plays another action");
}

// The leak check of the tensors (`encoding::check_encoding`) on the same mutants: High card's
// tensors are the seat's hand and the cards played, and the information state adds every card
// its recall was ever told of in a hand. Honest events tell a seat its own hand only; with
// `EVENT_SHOWS_HANDS` the deal's event tells every hand, which the view drops but the recall
// keeps: the check must catch that.

impl<const BUG: u8> cards_core::Encode for Mutant<BUG> {
    const OBSERVATION: cards_core::Shape = cards_core::Shape::new(36, 36);
    const INFORMATION_STATE: cards_core::Shape = cards_core::Shape::new(36, 36);
    type Recall = cards_core::CardSet<JassCard>;

    fn recall_start(_: &Rules, _: usize, _: PlayerId) -> Self::Recall {
        cards_core::CardSet::EMPTY
    }

    fn recall(recall: &mut Self::Recall, event: &Event) {
        if let Event::Started { deal, .. } = event {
            for hand in &deal.hands {
                recall.extend(hand.shown().unwrap_or_default().iter().copied());
            }
        }
    }

    fn write_observation(
        (view, _): &Self::View,
        _: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    ) {
        use cards_core::Card as _;
        cards_core::encode::set_each(
            public,
            view.table.played.iter().map(|c| usize::from(c.index())),
        );
        cards_core::encode::set_each(private, view.hand.iter().map(|c| usize::from(c.index())));
    }

    fn write_information_state(
        (view, _): &Self::View,
        recall: &Self::Recall,
        _: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    ) {
        use cards_core::Card as _;
        cards_core::encode::set_each(
            public,
            view.table.played.iter().map(|c| usize::from(c.index())),
        );
        cards_core::encode::set_each(private, recall.iter().map(|c| usize::from(c.index())));
    }
}

#[test]
fn the_leak_check_passes_honest_tensors() {
    let report = cards_testkit::encoding::check_encoding::<Mutant<0>>(&Rules::default(), 3, 0..20)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.flips > 0 && report.positions > 0, "{report:?}");
}

#[test]
fn the_leak_check_catches_a_recall_told_every_hand() {
    let error = cards_testkit::encoding::check_encoding::<Mutant<{ bug::EVENT_SHOWS_HANDS }>>(
        &Rules::default(),
        3,
        0..20,
    )
    .expect_err("every hand reached the information state");
    assert!(
        error.contains("information state") && error.contains("exchanged"),
        "{error}"
    );
}

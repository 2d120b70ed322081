//! `impl Game for Zaagox` and its action index: the generic face used by the random player,
//! records, the test kit and the CLI.

use core::ops::RangeInclusive;

use cards_core::{Census, DidoCard, DirectIndex, Game, PerSeat, PlayerId, Rng, Seed};

use crate::{Action, Outcome, RuleError, Rules, Setup, SetupError, View, Zaagox};

impl Game for Zaagox {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Setup = Setup;
    type Outcome = Outcome;
    type Card = DidoCard;
    type Error = RuleError;
    type SetupError = SetupError;

    const NAME: &'static str = "zaagox";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    /// The seeded deal: see `docs/zaagox.md`, "Setup".
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        Zaagox::start(rules, players, seed)
    }

    fn from_setup(rules: &Rules, setup: Setup) -> Result<Self, SetupError> {
        crate::setup::validate(rules, &setup)
    }

    fn setup(&self) -> Setup {
        self.to_setup()
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.current()
    }

    /// Discards (card index order), pairs (by number, then lower and higher card), ages (pairs
    /// oldest first, then hand cards); in the Da window `pass` then claims; stores lower card
    /// first; `end` then `ava`.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        self.each_legal(f);
    }

    fn play(&mut self, action: Action) -> Result<(), RuleError> {
        self.step(action)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn settlement(&self) -> PerSeat<i64> {
        self.settle()
    }

    fn view(&self, player: PlayerId) -> View {
        self.view_of(player)
    }

    fn view_legal_actions(view: &View, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// Each turn is one act, at most `players − 1` Da answers, a store and an End/Ava choice
    /// (saturating: any input gives a bound).
    fn max_actions(rules: &Rules, players: usize) -> usize {
        (rules.turn_limit as usize)
            .saturating_mul(players.saturating_add(2))
            .saturating_add(2)
    }

    fn census(&self) -> Census<DidoCard> {
        self.take_census()
    }
}

impl DirectIndex for Zaagox {
    const ACTION_COUNT: usize = Action::COUNT;

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }
}

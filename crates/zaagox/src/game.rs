//! `impl Game for Zaagox`: the generic face used by the random player, records, the conformance
//! harness and the CLI.

use cards_core::{Census, Game, GameRng, PlayerId, Seed, SetupError};

use crate::{Action, RuleError, Rules, View, Zaagox};

impl Game for Zaagox {
    type Rules = Rules;
    type Action = Action;
    type View = View;
    type Error = RuleError;

    const NAME: &'static str = "zaagox";
    const DECK_SIZE: usize = 36;
    const NUM_ACTIONS: usize = Action::COUNT;
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;

    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        Zaagox::new(rules, players, seed)
    }

    fn rules(&self) -> &Rules {
        Zaagox::rules(self)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_act(&self) -> Option<PlayerId> {
        Zaagox::to_act(self)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        Zaagox::legal_actions(self, out);
    }

    fn apply(&self, action: &Action) -> Result<Self, RuleError> {
        Zaagox::apply(self, *action)
    }

    fn returns(&self) -> Vec<f64> {
        self.settlement().into_iter().map(|r| r as f64).collect()
    }

    fn view(&self, player: PlayerId) -> View {
        Zaagox::view(self, player)
    }

    fn sample_world(view: &View, rng: &mut GameRng) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    fn action_index(action: &Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    /// Each turn is one act, at most `players − 1` Da answers, a store and an End/Ava choice.
    fn max_actions(rules: &Rules, players: usize) -> usize {
        rules.turn_limit as usize * (players + 2) + 2
    }

    fn census(&self) -> Census {
        Zaagox::census(self)
    }
}

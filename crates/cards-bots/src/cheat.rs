//! [`Cheat`]: the same search on the true state, the ceiling of a table.

use cards_core::{ActionStats, Game, GameRng, PLAYER_STREAM, Seed};

use crate::budget::Budget;
use crate::player::Player;
use crate::playout::{Playout, Uniform};
use crate::tree::{SearchConfig, Tree};

/// The perfect-information ceiling: [`Ismcts`](crate::Ismcts)'s tree, grown on copies of the
/// **true state** instead of worlds sampled from a view. It sees every card, so it exists only
/// as an upper bound in tournament tables, never as an opponent a player meets; it is a
/// [`Player`], which is handed the state, and not a [`Bot`](cards_core::Bot), which is not.
#[derive(Clone, Debug)]
pub struct Cheat<G: Game, P = Uniform> {
    budget: Budget,
    config: SearchConfig,
    rng: GameRng,
    tree: Tree<G::Action>,
    hint: Vec<ActionStats<G::Action>>,
    policy: P,
}

impl<G: Game> Cheat<G> {
    /// A cheat with `budget` a decision and uniformly random playouts, drawing from `seed`.
    #[must_use]
    pub fn new(budget: Budget, seed: Seed) -> Self {
        Self::with_policy(budget, seed, Uniform)
    }
}

impl<G: Game, P: Playout<G>> Cheat<G, P> {
    /// A cheat with `budget` a decision whose playouts follow `policy`, drawing from `seed`.
    #[must_use]
    pub fn with_policy(budget: Budget, seed: Seed, policy: P) -> Self {
        Cheat {
            budget,
            config: SearchConfig::default(),
            rng: GameRng::new(seed, PLAYER_STREAM),
            tree: Tree::new(),
            hint: Vec::new(),
            policy,
        }
    }
}

impl<G: Game, P: Playout<G>> Player<G> for Cheat<G, P> {
    fn act(&mut self, state: &G, legal: &[G::Action]) -> Option<G::Action> {
        let seat = state.to_act()?;
        if legal.is_empty() {
            return None;
        }
        self.tree.reset(seat.index(), legal);
        self.tree.decide(
            self.budget,
            &mut self.rng,
            &mut self.policy,
            &self.config,
            |_| Some(state.clone()),
            &mut self.hint,
        )
    }

    fn hint(&self) -> &[ActionStats<G::Action>] {
        &self.hint
    }
}

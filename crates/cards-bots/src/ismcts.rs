//! [`Ismcts`]: single-observer information-set Monte Carlo tree search over any [`Game`].

use cards_core::{ActionStats, Bot, Game, GameRng, PLAYER_STREAM, Seed};

use crate::budget::Budget;
use crate::playout::{Playout, Uniform};
use crate::tree::{SearchConfig, Tree};

/// Single-observer IS-MCTS (SO-ISMCTS): one tree over the deciding seat's information, grown
/// by iterations that each sample a world from the seat's view ([`Game::sample_world`]) and
/// descend the tree through the actions legal in that world.
///
/// - **Availability counts**: a child's exploration term counts the iterations in which its
///   action was legal, not the parent's visits, so an action legal in few worlds is not
///   over-explored.
/// - **A value per seat**: every iteration backs up every seat's return, and each node is
///   chosen for the seat to act there by its own value, so opponents play for themselves and
///   partners (Jass teams, whose returns are equal) for the team.
/// - **Values are scaled** to `0..=1` by the range of returns seen so far in the decision, so
///   one exploration constant serves games scored in units or in hundreds.
/// - **Simulation** plays the world out with a [`Playout`] policy: uniformly random
///   ([`Uniform`], [`Ismcts::new`]) or the game's own ([`GamePolicy`](crate::GamePolicy), what the
///   ladder's `ismcts` uses).
/// - **The choice** is the root's most visited action (ties: the higher value); with a prior
///   ([`Ismcts::with_prior`]) and [`SearchConfig::prior_visits`], the prior's choice counts
///   that many visits more; with [`SearchConfig::paired_z`] and common worlds, the prior's
///   choice unless another root action beats it on the paired worlds by that many standard
///   errors.
/// - **Common worlds** ([`SearchConfig::common_worlds`], off by default): the `k`-th visit of
///   every root action meets the same sampled world and random draws, so the root's actions
///   are compared on the same luck.
/// - **Bounded candidate set**: a node grows at most [`SearchConfig::max_children`] children
///   while one of them is legal, picked uniformly among the untried legal actions; this keeps
///   the search deep in positions with thousands of legal actions (Eléwénjewé captures).
///
/// Opponents' actions are edges of the same tree, as the single-observer variant does: where
/// a game hides an opponent's action, the tree still branches on it (the search then plays as
/// if it would later know it), which is the variant's known cost, not a leak of the state:
/// every world comes from the view.
///
/// Reproducible: the same seed, budget (in iterations) and views give the same choices.
pub struct Ismcts<G: Game, P = Uniform> {
    budget: Budget,
    config: SearchConfig,
    rng: GameRng,
    tree: Tree<G::Action>,
    hint: Vec<ActionStats<G::Action>>,
    policy: P,
    prior: Option<Box<dyn Bot<G>>>,
    /// Scratch: the prior's candidates.
    candidates: Vec<G::Action>,
}

impl<G: Game, P: core::fmt::Debug> core::fmt::Debug for Ismcts<G, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ismcts")
            .field("budget", &self.budget)
            .field("config", &self.config)
            .field("policy", &self.policy)
            .field("prior", &self.prior.is_some())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Ismcts<G> {
    /// A search with `budget` a decision and uniformly random playouts, drawing from `seed`.
    #[must_use]
    pub fn new(budget: Budget, seed: Seed) -> Self {
        Self::with_policy(budget, seed, Uniform)
    }
}

impl<G: Game, P: Playout<G>> Ismcts<G, P> {
    /// A search with `budget` a decision whose playouts follow `policy`, drawing from `seed`.
    #[must_use]
    pub fn with_policy(budget: Budget, seed: Seed, policy: P) -> Self {
        Ismcts {
            budget,
            config: SearchConfig::default(),
            rng: GameRng::new(seed, PLAYER_STREAM),
            tree: Tree::new(),
            hint: Vec::new(),
            policy,
            prior: None,
            candidates: Vec::new(),
        }
    }

    /// The same search with a prior: a bot whose choice (from the same view) is always among
    /// the root's candidates. It matters where a position has more legal actions than
    /// [`SearchConfig::max_children`]: otherwise the candidates are drawn at random. With
    /// [`SearchConfig::prior_candidates`] the root weighs only the prior's best actions
    /// ([`Bot::candidates`]), and with [`SearchConfig::prior_visits`] the prior's choice starts
    /// that many visits ahead in the final count.
    #[must_use]
    pub fn with_prior(mut self, prior: Box<dyn Bot<G>>) -> Self {
        self.prior = Some(prior);
        self
    }

    /// The same search with other knobs.
    #[must_use]
    pub fn with_config(mut self, config: SearchConfig) -> Self {
        self.config = config;
        self
    }

    /// The iterations the last decision ran.
    #[must_use]
    pub fn last_iterations(&self) -> u32 {
        self.tree.iterations()
    }
}

impl<G: Game, P: Playout<G>> Ismcts<G, P> {
    /// [`Bot::choose`] with the worlds drawn by `sample` instead of [`Game::sample_world`]:
    /// what a seat that remembers more than its view plays with (a
    /// [`Memory`](cards_core::Memory)). `sample` must return worlds consistent with `view`
    /// (`None` when it cannot; the first world missing makes the choice `legal[0]`).
    ///
    /// # Panics
    /// When `legal` is empty, as [`Bot::choose`] may (a caller never asks a seat that has
    /// nothing to do).
    pub fn choose_from(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        mut sample: impl FnMut(&mut GameRng) -> Option<G>,
    ) -> G::Action {
        let fallback = legal[0];
        self.hint.clear();
        let Some(first) = sample(&mut self.rng) else {
            return fallback;
        };
        let Some(seat) = first.to_act() else {
            return fallback;
        };
        let mut prior_choice = None;
        self.candidates.clear();
        if let Some(prior) = &mut self.prior {
            let k = self.config.prior_candidates;
            if k > 0 {
                prior.candidates(view, legal, k, &mut self.candidates);
                self.candidates.retain(|a| legal.contains(a));
            }
            prior_choice = Some(match self.candidates.first() {
                Some(&choice) => choice,
                None => prior.choose(view, legal),
            });
        }
        // The root weighs the prior's candidates where it named some, else every legal action.
        let root = if self.candidates.is_empty() {
            legal
        } else {
            &self.candidates
        };
        self.tree.reset(seat.index(), root);
        if let Some(choice) = prior_choice {
            self.tree.seed_root(choice, self.config.prior_visits);
        }
        // With common worlds every world comes from its own numbered generator, the first too.
        let mut first = (!self.config.common_worlds).then_some(first);
        self.tree
            .decide(
                self.budget,
                &mut self.rng,
                &mut self.policy,
                &self.config,
                |rng| first.take().or_else(|| sample(rng)),
                &mut self.hint,
            )
            .unwrap_or(fallback)
    }
}

impl<G: Game, P: Playout<G>> Bot<G> for Ismcts<G, P> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        self.choose_from(view, legal, |rng| G::sample_world(view, rng).ok())
    }

    fn hint(&self) -> &[ActionStats<G::Action>] {
        &self.hint
    }
}

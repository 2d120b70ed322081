//! [`Pimc`]: determinized Monte Carlo over any [`Game`].

use cards_core::{ActionStats, Bot, Game, GameRng, PLAYER_STREAM, Seed};

use crate::budget::Budget;
use crate::playout::{Playout, Uniform, playout};

/// Perfect-information Monte Carlo, flat: sample a world from the view, play every candidate
/// action in it followed by a playout ([`Playout`]), and choose the action with the best
/// mean return for the seat over all worlds. The same worlds serve every action, so their
/// luck cancels in the comparison.
///
/// The budget counts playouts: `n` playouts over `k` candidates are about `n / k` worlds.
/// Where a position has more than [`Pimc::MAX_CANDIDATES`] legal actions, a uniformly drawn
/// subset of that many is weighed (Eléwénjewé captures), so each still gets several worlds.
///
/// Reproducible: the same seed, budget (in iterations) and views give the same choices.
#[derive(Clone, Debug)]
pub struct Pimc<G: Game, P = Uniform> {
    budget: Budget,
    rng: GameRng,
    candidates: Vec<G::Action>,
    buf: Vec<G::Action>,
    hint: Vec<ActionStats<G::Action>>,
    policy: P,
}

impl<G: Game> Pimc<G> {
    /// A PIMC bot with `budget` a decision and uniformly random playouts, drawing from `seed`.
    #[must_use]
    pub fn new(budget: Budget, seed: Seed) -> Self {
        Self::with_policy(budget, seed, Uniform)
    }
}

impl<G: Game, P: Playout<G>> Pimc<G, P> {
    /// The most actions weighed in one decision.
    pub const MAX_CANDIDATES: usize = 64;

    /// A PIMC bot with `budget` a decision whose playouts follow `policy`, drawing from `seed`.
    #[must_use]
    pub fn with_policy(budget: Budget, seed: Seed, policy: P) -> Self {
        Pimc {
            budget,
            rng: GameRng::new(seed, PLAYER_STREAM),
            candidates: Vec::new(),
            buf: Vec::new(),
            hint: Vec::new(),
            policy,
        }
    }
}

impl<G: Game, P: Playout<G>> Bot<G> for Pimc<G, P> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        let fallback = legal[0];
        self.hint.clear();
        self.candidates.clear();
        self.candidates.extend_from_slice(legal);
        if self.candidates.len() > Self::MAX_CANDIDATES {
            self.rng.shuffle(&mut self.candidates);
            self.candidates.truncate(Self::MAX_CANDIDATES);
        }
        self.hint
            .extend(self.candidates.iter().map(|&action| ActionStats {
                action,
                visits: 0,
                value: 0.0,
            }));
        let mut clock = self.budget.clock();
        let mut done = 0;
        'worlds: loop {
            let Ok(world) = G::sample_world(view, &mut self.rng) else {
                break;
            };
            let Some(seat) = world.to_act() else { break };
            for stats in &mut self.hint {
                if !clock.tick(done) {
                    break 'worlds;
                }
                done += 1;
                let mut w = world.clone();
                if w.play(stats.action).is_err() {
                    continue;
                }
                let root = P::CUTS.then_some(&world);
                let value = playout(&mut w, root, &mut self.policy, &mut self.rng, &mut self.buf);
                clock.charge(self.policy.spent());
                stats.visits += 1;
                stats.value += value[seat.index()];
            }
        }
        for s in &mut self.hint {
            s.value /= f64::from(s.visits.max(1));
        }
        // Best mean first; an action never tried goes last.
        self.hint.sort_by(|a, b| {
            (b.visits > 0).cmp(&(a.visits > 0)).then(
                b.value
                    .partial_cmp(&a.value)
                    .unwrap_or(core::cmp::Ordering::Equal),
            )
        });
        self.hint.first().map_or(fallback, |s| s.action)
    }

    fn hint(&self) -> &[ActionStats<G::Action>] {
        &self.hint
    }
}

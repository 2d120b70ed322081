//! [`Solving`]: the game's playout policy, ended by an exact solve where the game offers one.

use core::cell::Cell;

use cards_core::{GameRng, PerSeat, RuleBot};

use crate::playout::Playout;

/// The game's own playout policy ([`GamePolicy`](crate::GamePolicy)), ended by an exact
/// solve: before every playout action (the first comes right after a search's own action in
/// the world) the search may value the world exactly, every hand open
/// ([`RuleBot::exact_value`]), instead of playing on. It does where the world has at most
/// [`Solving::playout`] actions left to the end of what the game solves
/// ([`RuleBot::solve_left`]), and anywhere in a decision that had at most
/// [`Solving::decision`] left. Elsewhere it plays on as the game's policy does, stopped where
/// the game values a playout ([`RuleBot::playout_value`]).
///
/// - In [`Pimc`](crate::Pimc), a decision within [`Solving::decision`] values every candidate
///   action in every sampled world by its exact value (what made GIB strong at bridge); an
///   earlier one plays each world out to [`Solving::playout`] and solves the rest.
/// - In [`Ismcts`](crate::Ismcts), an iteration's playout ends in a solve at its first action
///   within a decision's horizon, or where it reaches the playout's.
/// - **Equal time by construction**: a solve is charged to an iteration budget at the cost the
///   game gives it ([`cards_core::Exact::cost`], in playouts), so `pimc-solve:1000` spends
///   about what `pimc:1000` does on each decision, and stays reproducible.
///
/// A game that solves nothing (`solve_left` is `None`) plays exactly as with
/// [`GamePolicy`](crate::GamePolicy): the same actions from the same seed.
#[derive(Clone, Debug)]
pub struct Solving {
    /// A playout ends in a solve at this many actions left (0: only within a decision's).
    pub playout: usize,
    /// A decision with at most this many actions left solves at once.
    pub decision: usize,
    /// The playouts' time one iteration of the search takes (see [`Solving::per_iteration`]).
    per_iteration: u32,
    /// The solves' cost beyond one iteration each since the search last asked, in playouts,
    /// with what was left of a division by [`Solving::per_iteration`] before.
    spent: Cell<u32>,
}

impl Solving {
    /// Solving from `playout` actions left in every playout, and from `decision` in a decision.
    #[must_use]
    pub fn new(playout: usize, decision: usize) -> Self {
        Solving {
            playout,
            decision,
            per_iteration: 1,
            spent: Cell::new(0),
        }
    }

    /// For a search whose iteration takes the time of `playouts` of the game's playouts
    /// (at least 1; the default is 1, a [`Pimc`](crate::Pimc) iteration): a solve's cost,
    /// which the game gives in playouts, is charged in the search's own iterations, so its
    /// solves take the time of the iterations they replace.
    #[must_use]
    pub fn per_iteration(mut self, playouts: u32) -> Self {
        self.per_iteration = playouts.max(1);
        self
    }

    /// Solving where the game says it pays ([`RuleBot::SOLVE_PLAYOUT`],
    /// [`RuleBot::SOLVE_DECISION`]).
    #[must_use]
    pub fn of<G: RuleBot>() -> Self {
        Solving::new(G::SOLVE_PLAYOUT, G::SOLVE_DECISION)
    }

    /// Whether a playout from `root` solves at `world`.
    #[inline]
    fn solves<G: RuleBot>(&self, world: &G, root: &G) -> bool {
        world.solve_left().is_some_and(|left| {
            left <= self.playout || root.solve_left().is_some_and(|r| r <= self.decision)
        })
    }
}

impl<G: RuleBot> Playout<G> for Solving {
    #[inline]
    fn action(
        &mut self,
        world: &G,
        buf: &mut Vec<G::Action>,
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        world.playout_action(buf, rng)
    }

    const CUTS: bool = true;

    #[inline]
    fn value(&self, world: &G, root: &G) -> Option<PerSeat<f64>> {
        if self.solves(world, root)
            && let Some(exact) = world.exact_value(root)
        {
            // The iteration itself is one; the rest, in playouts, is divided by `spent`.
            let extra = exact.cost.saturating_sub(self.per_iteration);
            self.spent.set(self.spent.get().saturating_add(extra));
            return Some(exact.value);
        }
        world.playout_value(root)
    }

    fn spent(&mut self) -> u32 {
        let spent = self.spent.get();
        self.spent.set(spent % self.per_iteration);
        spent / self.per_iteration
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spent(s: &mut Solving) -> u32 {
        <Solving as Playout<jass::SchieberDeal>>::spent(s)
    }

    #[test]
    fn a_search_of_dearer_iterations_is_charged_in_its_own() {
        let mut pimc = Solving::new(0, 16);
        pimc.spent.set(7);
        assert_eq!(spent(&mut pimc), 7);
        assert_eq!(spent(&mut pimc), 0, "asked again: nothing new");
        let mut ismcts = Solving::new(0, 16).per_iteration(2);
        ismcts.spent.set(7);
        assert_eq!(spent(&mut ismcts), 3);
        // The half playout left over counts with the next solve's.
        ismcts.spent.set(ismcts.spent.get() + 1);
        assert_eq!(spent(&mut ismcts), 1);
        assert_eq!(ismcts.spent.get(), 0);
        assert_eq!(Solving::new(0, 0).per_iteration(0).per_iteration, 1);
    }
}

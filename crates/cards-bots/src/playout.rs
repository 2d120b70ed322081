//! The simulation step of every search: a playout to the end, by a [`Playout`] policy.

use cards_core::{Game, GameRng, PerSeat, RuleBot};

/// How a search plays a sampled world to its end: one action at a time for the seat to act,
/// reading the whole world (every seat plays it open).
pub trait Playout<G: Game>: Clone + core::fmt::Debug + Send {
    /// The action for the seat to act in `world`, or `None` when it is over; a legal one.
    fn action(
        &mut self,
        world: &G,
        buf: &mut Vec<G::Action>,
        rng: &mut GameRng,
    ) -> Option<G::Action>;

    /// Whether [`Playout::value`] may stop a playout early; `false` (the default) plays every
    /// playout to the end, valued by [`Game::returns`], and spares the search its copy of the
    /// decision's world.
    const CUTS: bool = false;

    /// With [`Playout::CUTS`]: the value of a playout that began at `root` (the search's world
    /// at the decision) if it stops at `world`, or `None` to play on.
    fn value(&self, world: &G, root: &G) -> Option<PerSeat<f64>> {
        let _ = (world, root);
        None
    }

    /// The iterations' worth of work, beyond one each, that the playouts since the last call
    /// cost (an exact solve: [`Solving`](crate::Solving)); a search charges them to an
    /// iteration budget, so a costly playout counts as the playouts it took the time of. 0
    /// (the default): every playout counts one.
    fn spent(&mut self) -> u32 {
        0
    }
}

/// Uniformly random playouts, for any game: [`Game::pick_legal`] (a game that knows its legal
/// actions as a mask picks without listing them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uniform;

impl<G: Game> Playout<G> for Uniform {
    #[inline]
    fn action(
        &mut self,
        world: &G,
        buf: &mut Vec<G::Action>,
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        world.pick_legal(buf, |n| rng.index(n))
    }
}

/// The game's own playout policy ([`RuleBot::playout_action`]; uniformly random unless the
/// game gives one), stopped where the game values a playout ([`RuleBot::playout_value`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GamePolicy;

impl<G: RuleBot> Playout<G> for GamePolicy {
    #[inline]
    fn action(
        &mut self,
        world: &G,
        buf: &mut Vec<G::Action>,
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        world.playout_action(buf, rng)
    }

    // Always asked, with no flag on the game to forget: a game that never stops a playout
    // keeps the default `None`, which inlines to nothing, and the optimizer then drops the
    // search's copy of the decision's world as well (docs/performance.md, the search's knobs).
    const CUTS: bool = true;

    #[inline]
    fn value(&self, world: &G, root: &G) -> Option<PerSeat<f64>> {
        world.playout_value(root)
    }
}

/// Plays `world` on with `policy` from `root` (the search's world at the decision, given when
/// the policy cuts playouts) and returns what it is worth to each seat: the policy's value
/// where it stops the playout, else the returns at the end (after [`Game::max_actions`]
/// actions at the latest).
#[inline]
pub(crate) fn playout<G: Game, P: Playout<G>>(
    world: &mut G,
    root: Option<&G>,
    policy: &mut P,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
) -> PerSeat<f64> {
    let limit = G::max_actions(world.rules(), world.num_players());
    for _ in 0..limit {
        if let Some(value) = root.and_then(|root| policy.value(world, root)) {
            return value;
        }
        let Some(action) = policy.action(world, buf, rng) else {
            break;
        };
        // A legal action always plays; if a game ever broke that, end the playout.
        if world.play(action).is_err() {
            break;
        }
    }
    root.and_then(|root| policy.value(world, root))
        .unwrap_or_else(|| world.returns())
}

//! The simulation step of every search: a playout to the end, by a [`Playout`] policy.

use cards_core::{Game, GameRng, RuleBot};

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
/// game gives one).
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
}

/// Plays `world` to its end with `policy`, stopping after [`Game::max_actions`] actions at the
/// latest.
#[inline]
pub(crate) fn playout<G: Game, P: Playout<G>>(
    world: &mut G,
    policy: &mut P,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
) {
    let limit = G::max_actions(world.rules(), world.num_players());
    for _ in 0..limit {
        let Some(action) = policy.action(world, buf, rng) else {
            return;
        };
        // A legal action always plays; if a game ever broke that, end the playout.
        if world.play(action).is_err() {
            return;
        }
    }
}

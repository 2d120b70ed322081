//! The simulation step of every search: a uniformly random playout to the end.

use cards_core::{Draw as _, Game, Rng};

/// Plays `world` to its end with uniformly random legal actions drawn from `rng`, picking
/// through [`Game::pick_legal`] (a game that knows its legal actions as a mask picks without
/// listing them), and stops after [`Game::max_actions`] actions at the latest.
#[inline]
pub(crate) fn random_playout<G: Game, R: Rng>(
    world: &mut G,
    rng: &mut R,
    buf: &mut Vec<G::Action>,
) {
    let limit = G::max_actions(world.rules(), world.num_players());
    for _ in 0..limit {
        let Some(action) = world.pick_legal(buf, |n| rng.index(n)) else {
            return;
        };
        // A legal action always plays; if a game ever broke that, end the playout.
        if world.play(action).is_err() {
            return;
        }
    }
}

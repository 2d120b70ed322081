//! The built-in uniformly random player, and whole random games.

use crate::{Game, GameRecord, GameRng, PLAYER_STREAM, Seed, SetupError};

/// Picks uniformly among the legal actions, from its own generator.
///
/// Seeded from a [`Seed`] on [`PLAYER_STREAM`], so a player and a game may share a seed without
/// sharing random numbers.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: GameRng,
}

impl RandomPlayer {
    /// A player drawing from `seed` on [`PLAYER_STREAM`].
    #[must_use]
    pub fn new(seed: Seed) -> Self {
        RandomPlayer {
            rng: GameRng::new(seed, PLAYER_STREAM),
        }
    }

    /// A uniformly random legal action of `state`, or `None` when the game is over.
    /// `buf` is scratch space, reused to avoid allocating per move.
    pub fn choose<G: Game>(&mut self, state: &G, buf: &mut Vec<G::Action>) -> Option<G::Action> {
        state.legal_actions(buf);
        let i = self.rng.index(buf.len())?;
        Some(buf[i])
    }
}

/// One whole game between uniformly random players: the game from `seed`, the player from the
/// same seed on [`PLAYER_STREAM`]. Returns the final state and its record.
///
/// Stops after [`Game::max_actions`] actions at the latest (a correct game ends before that).
///
/// # Errors
/// [`SetupError`] when the game cannot be set up.
pub fn random_playout<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: Seed,
) -> Result<(G, GameRecord<G>), SetupError> {
    let mut state = G::new(rules, players, seed)?;
    let mut record = GameRecord::<G>::new(rules.clone(), players, seed);
    let mut player = RandomPlayer::new(seed);
    let mut buf = Vec::new();
    let limit = G::max_actions(rules, players);
    while record.actions.len() < limit {
        let Some(action) = player.choose(&state, &mut buf) else {
            break;
        };
        // A legal action always applies; if a game ever broke that, stop rather than panic.
        let Ok(next) = state.apply(&action) else {
            break;
        };
        state = next;
        record.actions.push(action);
    }
    Ok((state, record))
}

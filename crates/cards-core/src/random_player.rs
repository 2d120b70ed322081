//! The built-in uniformly random player, and whole random games.

use crate::{Draw as _, Game, GameRecord, GameRng, PLAYER_STREAM, Rng, Seed};

/// Picks uniformly among the legal actions, from its own generator: by default a [`GameRng`]
/// seeded from a [`Seed`] on [`PLAYER_STREAM`] (so a player and a game may share a seed without
/// sharing random numbers), or any rand generator ([`RandomPlayer::from_rng`]).
#[derive(Clone, Debug)]
pub struct RandomPlayer<R = GameRng> {
    rng: R,
}

impl RandomPlayer {
    /// A player drawing from `seed` on [`PLAYER_STREAM`].
    #[must_use]
    pub fn new(seed: Seed) -> Self {
        RandomPlayer {
            rng: GameRng::new(seed, PLAYER_STREAM),
        }
    }
}

impl<R: Rng> RandomPlayer<R> {
    /// A player drawing from `rng`.
    pub fn from_rng(rng: R) -> Self {
        RandomPlayer { rng }
    }

    pub(crate) fn rng_mut(&mut self) -> &mut R {
        &mut self.rng
    }

    /// A uniformly random legal action of `state`, or `None` when the game is over: with
    /// `n` legal actions, one draw of [`Draw::index`](crate::Draw::index)`(n)` (none when `n`
    /// is 0) picks the action at that position in [`Game::for_each_legal`] order, through
    /// [`Game::pick_legal`]. `buf` is scratch space, reused to avoid allocating per move (a
    /// game that picks from a mask may leave it untouched).
    pub fn choose<G: Game>(&mut self, state: &G, buf: &mut Vec<G::Action>) -> Option<G::Action> {
        let rng = &mut self.rng;
        state.pick_legal(buf, |n| rng.index(n))
    }
}

/// Plays `state` to its end (or to [`Game::max_actions`] actions, whichever comes first) with
/// the random player, in place, calling `on_action` with each action before it is played.
/// Returns the number of actions played.
pub fn play_randomly<G: Game, R: Rng>(
    state: &mut G,
    player: &mut RandomPlayer<R>,
    mut on_action: impl FnMut(&G, G::Action),
) -> usize {
    let mut buf = Vec::new();
    let limit = G::max_actions(state.rules(), state.num_players());
    let mut played = 0;
    while played < limit {
        let Some(action) = player.choose(state, &mut buf) else {
            break;
        };
        on_action(state, action);
        // A legal action always plays; if a game ever broke that, stop rather than panic.
        if state.play(action).is_err() {
            break;
        }
        played += 1;
    }
    played
}

/// One whole game between uniformly random players: the game from `seed`, the player from the
/// same seed on [`PLAYER_STREAM`]. Returns the final state and its record.
///
/// Stops after [`Game::max_actions`] actions at the latest (a correct game ends before that).
///
/// # Errors
/// [`Game::SetupError`] when the game cannot be set up.
pub fn random_playout<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: Seed,
) -> Result<(G, GameRecord<G>), G::SetupError> {
    let mut state = G::new(rules, players, seed)?;
    let mut record = GameRecord::<G>::new(rules.clone(), players, seed);
    play_randomly(&mut state, &mut RandomPlayer::new(seed), |_, a| {
        record.actions.push(a);
    });
    Ok((state, record))
}

//! [`Summary`]: what a game type adds to a run's summary, its statistics and terms.

use super::{Played, Tally};
use crate::{Game, RandomPlayer, Seed, Term, play_randomly};

/// What a game type's summary counts and says, beyond the generic figures (actions,
/// settlement, notable games, timing). Implemented in each game's crate.
pub trait Summary: Game {
    /// What a run counts for this game.
    type Tally: Tally;
    /// What [`Self::watch`] gathers during one game for [`Self::summarize`] (`()` for a game
    /// whose final state says everything).
    type Watch: Default;

    /// The game's terms that its summary uses, explained in the summary's legend (after
    /// [`super::GENERIC_TERMS`]).
    const TERMS: &'static [Term];

    /// What [`Self::score`] is, for the summary's notable games (Zaägox: "winner score").
    const SCORE: &'static str;

    /// What the oracle's `<game>.trace` for a game's seed shows of the summarized game under
    /// default rules, for the summary's hint: `it` (the whole game, the default) or `its first
    /// deal` (a whole Schieber game, whose trace is one deal).
    const TRACED: &'static str = "it";

    /// Called before each action of a summarized game with the state it is applied to, for
    /// what the final state no longer shows (Jass: every deal of a whole game).
    fn watch(watch: &mut Self::Watch, now: &Self, action: Self::Action) {
        let _ = (watch, now, action);
    }

    /// The score of one finished game that the summary reports the lowest and highest of
    /// (with their seeds); `None` when the game has none (Zaägox: nobody won).
    fn score(state: &Self) -> Option<i64>;

    /// What [`Self::Tally`] counts about one finished game: its final state and what
    /// [`Self::watch`] gathered.
    fn summarize(state: &Self, watch: Self::Watch) -> <Self::Tally as Tally>::Summary;

    /// One played game as [`super::Stats`] counts it: its final `state` after `actions`
    /// actions, with what [`Self::watch`] gathered.
    fn played(
        state: &Self,
        actions: usize,
        watch: Self::Watch,
    ) -> Played<<Self::Tally as Tally>::Summary> {
        Played {
            actions,
            finished: state.is_terminal(),
            settlement: state.settlement().to_vec(),
            score: Self::score(state),
            summary: Self::summarize(state, watch),
        }
    }

    /// The game a run plays from `seed`, between uniformly random players (the game and the
    /// player both from `seed`, as [`crate::random_playout`]), watched and summarized.
    ///
    /// # Errors
    /// [`Game::SetupError`] when the game cannot be set up (rules not valid for `players`).
    fn random_game(
        rules: &Self::Rules,
        players: usize,
        seed: Seed,
    ) -> Result<Played<<Self::Tally as Tally>::Summary>, Self::SetupError> {
        let mut state = Self::new(rules, players, seed)?;
        let mut watch = Self::Watch::default();
        let actions = play_randomly(&mut state, &mut RandomPlayer::new(seed), |now, action| {
            Self::watch(&mut watch, now, action);
        });
        Ok(Self::played(&state, actions, watch))
    }

    /// The what-the-game-is part of a report ([`super::About`]): its terms, score and trace.
    #[must_use]
    fn about() -> super::About {
        super::About {
            terms: Self::TERMS,
            score: Self::SCORE,
            traced: Self::TRACED,
        }
    }
}

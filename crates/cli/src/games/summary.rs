//! [`Summary`]: what one game type adds to `cardrules simulate`, its statistics and terms.
//! Everything else a command does with a game is generic over [`cards_core::Game`].

use cards_core::Game;

use crate::simulate::{Tally, Term};

/// What a game type's `simulate` summary counts and says, beyond the generic figures (actions,
/// settlement, notable games, timing).
pub trait Summary: Game {
    /// What `simulate` counts for this game.
    type Tally: Tally;
    /// What [`Self::watch`] gathers during one game for [`Self::summarize`] (`()` for a game
    /// whose final state says everything).
    type Watch: Default;

    /// The game's terms that its summary uses, explained in the summary's legend (after the
    /// generic ones: action, settlement).
    const TERMS: &'static [Term];

    /// What [`Self::score`] is, for the summary's notable games (Zaägox: "winner score").
    const SCORE: &'static str;

    /// What the oracle's `<game>.trace` for a game's seed shows of `simulate`'s game under
    /// default rules, for the summary's hint: `it` (the whole game, the default) or `its first
    /// deal` (a whole Schieber game, whose trace is one deal).
    const TRACED: &'static str = "it";

    /// Called before each action of a `simulate` game with the state it is applied to, for
    /// what the final state no longer shows (Jass: every deal of a whole game).
    fn watch(watch: &mut Self::Watch, now: &Self, action: Self::Action) {
        let _ = (watch, now, action);
    }

    /// The score of one finished game that `simulate` reports the lowest and highest of (with
    /// their seeds); `None` when the game has none (Zaägox: nobody won).
    fn score(state: &Self) -> Option<i64>;

    /// What [`Self::Tally`] counts about one finished random game: its final state and what
    /// [`Self::watch`] gathered.
    fn summarize(state: &Self, watch: Self::Watch) -> <Self::Tally as Tally>::Summary;
}

/// The command line's [`Summary`] of games whose crate declares their summary
/// ([`cards_core::summary::Summary`]), forwarded, while the other games' summaries are still
/// here.
macro_rules! from_crate {
    ($($game:ty),* $(,)?) => {$(
        impl Summary for $game {
            type Tally = <$game as cards_core::summary::Summary>::Tally;
            type Watch = <$game as cards_core::summary::Summary>::Watch;
            const TERMS: &'static [Term] = <$game as cards_core::summary::Summary>::TERMS;
            const SCORE: &'static str = <$game as cards_core::summary::Summary>::SCORE;
            const TRACED: &'static str = <$game as cards_core::summary::Summary>::TRACED;

            fn watch(watch: &mut Self::Watch, now: &Self, action: Self::Action) {
                <$game as cards_core::summary::Summary>::watch(watch, now, action);
            }

            fn score(state: &Self) -> Option<i64> {
                <$game as cards_core::summary::Summary>::score(state)
            }

            fn summarize(state: &Self, watch: Self::Watch) -> <Self::Tally as Tally>::Summary {
                <$game as cards_core::summary::Summary>::summarize(state, watch)
            }
        }
    )*};
}

from_crate!(
    zaagox::Zaagox,
    elewenjewe::Elewenjewe,
    jass::Schieber,
    jass::Coiffeur,
    jass::Differenzler,
    letom::Letom,
    letom::LetomMatch,
);

//! [`Adapter`]: what one game supplies to join the CLI. Everything else (the `playout` and
//! `trace` ops, `simulate`'s engine, `replay`) is written once over [`cards_core::Game`] in
//! [`super::generic`].

use cards_core::{Game, Seed};
use serde::Serialize;

use crate::protocol::{Body, Fields, OracleError};
use crate::replay::Note;
use crate::simulate::{Tally, Term};

/// One of a game's own oracle ops (beyond `playout` and `trace`, which every game has).
#[derive(Debug, Clone, Copy)]
pub struct Op {
    /// The verb: the op is `<game>.<verb>`.
    pub verb: &'static str,
    /// Answers the request's fields (everything but `op`).
    pub answer: fn(Fields) -> Result<Body, OracleError>,
}

/// One event of a `<game>.trace` answer (`docs/oracle.md`, "Traces"); `D` is the game's deal
/// form. Serializes as `{"deal":…}`, `{"seat":k,"legal":[…],"action":"…"}` or
/// `{"score":[…]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Event<D> {
    /// Cards were dealt (or the order of undealt cards changed).
    Deal {
        /// The cards that moved, in the game's deal form.
        deal: D,
    },
    /// A seat chose an action.
    Decision {
        /// The seat that acted.
        seat: u8,
        /// Every legal action at that moment, in action notation.
        legal: Vec<String>,
        /// The action applied, in action notation.
        action: String,
    },
    /// A deal or round ended.
    Score {
        /// One number per seat or team, as the game's trace form says.
        score: Vec<i64>,
    },
}

/// What a game supplies to the oracle and `replay`: its player range comes from
/// [`Game::player_range`] under default rules; the rest is here. [`Simulation`] adds what
/// `simulate` needs.
///
/// A game joins the CLI with one file implementing both traits and one line in
/// [`super::GAMES`]; a game with variants played by different types (Jass, Letom) has an entry
/// of its own that routes to one adapter per type.
pub trait Adapter: Sync + 'static {
    /// The game.
    type Game: Game;
    /// The game's deal form in traces (`docs/oracle.md`, "Traces").
    type Deal: Serialize;

    /// The game's name in the registry: its oracle ops (`<NAME>.playout`), `simulate`'s game
    /// argument and record file names. By default [`Game::NAME`]; it may differ (Jass: the
    /// registry's `jass` plays [`jass::SchieberDeal`], whose records name `schieber-deal`).
    const NAME: &'static str = <Self::Game as Game>::NAME;

    /// The events at the start of the seeded game `start` (`Game::new(default rules,
    /// players, seed)`), before any decision: its first deal.
    ///
    /// # Errors
    /// A message when the deal the adapter derives does not fit `start` (a bug).
    fn start_events(
        start: &Self::Game,
        players: usize,
        seed: Seed,
        out: &mut Vec<Event<Self::Deal>>,
    ) -> Result<(), String>;

    /// The events that `action` brings about, taking `before` to `after`, after its decision
    /// event: the score of a deal that ended, the deal of one that began.
    fn events_after(
        before: &Self::Game,
        action: <Self::Game as Game>::Action,
        after: &Self::Game,
        out: &mut Vec<Event<Self::Deal>>,
    );

    /// The game's own lines of the `replay` report about its final state.
    fn notes(state: &Self::Game) -> Vec<Note> {
        let _ = state;
        Vec::new()
    }
}

/// What a game supplies to `cardrules simulate`.
pub trait Simulation: Adapter {
    /// What `simulate` counts for this game beyond actions, settlement and timing.
    type Tally: Tally;
    /// What [`Self::watch`] gathers during one game for [`Self::summarize`] (`()` for a
    /// game whose final state says everything).
    type Watch: Default;

    /// The game's terms that its `simulate` summary uses, explained in the summary's legend
    /// (after the generic ones: action, settlement).
    const TERMS: &'static [Term];

    /// What [`Self::score`] is, for the summary's notable games (Zaägox: "winner score").
    const SCORE: &'static str;

    /// What the oracle's `<game>.trace` for a game's seed shows of `simulate`'s game under
    /// default rules, for the summary's hint: `it` (the whole game, the default) or
    /// `its first deal` (Jass, whose trace is one deal).
    const TRACED: &'static str = "it";

    /// Called before each action of a `simulate` game with the state it is applied to, for
    /// what the final state no longer shows (Jass: every deal of a whole game).
    fn watch(watch: &mut Self::Watch, now: &Self::Game, action: <Self::Game as Game>::Action) {
        let _ = (watch, now, action);
    }

    /// The score of one finished game that `simulate` reports the lowest and highest of
    /// (with their seeds); `None` when the game has none (Zaägox: nobody won).
    fn score(state: &Self::Game) -> Option<i64>;

    /// What [`Self::Tally`] counts about one finished random game: its final state and what
    /// [`Self::watch`] gathered.
    fn summarize(state: &Self::Game, watch: Self::Watch) -> <Self::Tally as Tally>::Summary;
}

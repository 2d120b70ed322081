//! `cardrules play`: one person plays a game in the terminal against the bots.
//!
//! Everything shown comes from the game's crate, never from here: the screen is the human
//! seat's `View` (its `Display`), built only from the start's and every action's events as
//! redacted for that seat (`Game::redact`, `Game::observe`); what happened is those events'
//! sentences; the game's own words are explained on first use from its `GameEvent::TERMS`, a
//! few at a time, and on demand (`help WORD`); moves are typed as the screen writes them or in
//! the game's notation (`Game::read_action`), or chosen by their number, or by an indexed
//! game's steps (`Indexed::Step`) where one decision has too many options to list (a capture
//! of many cards, chosen card by card). Every line is wrapped to the terminal's width; a
//! single legal move is played for the human, saying so.
//!
//! Moves are read from the input line by line, so a script can play a whole game; the end of
//! the input ends the game cleanly, like `quit`. With `--record` the game's record is written
//! after every action, so an interrupted game replays with `cardrules replay`.
//!
//! Each bot decision is taken by a fresh bot seeded from the game's seed, the seat and the
//! number of actions played, so `undo` and the same moves give the same game. On a terminal
//! the bots are paced (`--pace`) and a line says when one is searching; a script's output has
//! neither, so its transcript is the same on every run.

mod choose;
mod layout;
mod narrate;
mod session;
mod style;

use std::io::{BufRead, Write};
use std::path::PathBuf;

use cards_core::Indexed;
use cards_registry::{Catalogued, Visitor};

pub use layout::detect_width;
pub use style::Style;

use cards_registry::GameType;
use cards_registry::rules::RuleChoices;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Seats.
    pub players: usize,
    /// The human's seat.
    pub seat: usize,
    /// The game's seed.
    pub seed: u64,
    /// Whether the seed was chosen for the player (then the start says how to play it again).
    pub seed_chosen: bool,
    /// The bots of the other seats, as given: one for every other seat, in seat order, or one
    /// for all.
    pub bots: Vec<String>,
    /// The bot that answers `hint`.
    pub hint: String,
    /// Where to write the record.
    pub record: Option<PathBuf>,
    /// Whether an existing regular file at [`Config::record`] may be replaced (`--force`).
    pub force: bool,
    /// The rules to play under.
    pub rules: RuleChoices,
    /// How the text looks.
    pub style: Style,
    /// Whether to write each line read after the prompt (when the input is not a terminal,
    /// which echoes it itself), so a scripted game's transcript shows the moves typed.
    pub echo: bool,
    /// The columns every line is wrapped to (the terminal's width).
    pub width: usize,
    /// Whether the width follows the terminal's as it is resized (measured again for every
    /// text): on a terminal, unless `--width` fixed it.
    pub follow_width: bool,
    /// The pause after each bot's move, so a person can follow them (zero for a script).
    pub pace: std::time::Duration,
    /// The output is a terminal: a line says when a bot is thinking, overwritten when done.
    pub live: bool,
    /// A single legal move waits for the human to type it, instead of being played for them.
    pub ask_forced: bool,
    /// The command that plays this game again (for the start and the end).
    pub command: String,
}

/// Why a game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum TerminalError {
    /// A bot's name is not one of the ladder's.
    #[error("{0}")]
    Bot(#[from] cards_bots::ParseBotError),
    /// `--bots` names the wrong number of bots.
    #[error(
        "--bots names one bot for every other seat ({others} here) or one for all of them, not \
         {given}"
    )]
    BotCount {
        /// Seats the bots play.
        others: usize,
        /// Bots named.
        given: usize,
    },
    /// The bot named for `hint` cheats (it would read the hidden cards).
    #[error("--hint {0}: a hint must come from a fair bot, one that sees only your seat's view")]
    HintCheats(String),
    /// The rules asked for are not valid for the game.
    #[error("bad rules: {0}")]
    Rules(String),
    /// `--seat` is not at the table.
    #[error("--seat {seat}: the game has seats 0 to {} (--players {players})", .players - 1)]
    Seat {
        /// The seat asked for.
        seat: usize,
        /// The number of seats.
        players: usize,
    },
    /// The game cannot be set up.
    #[error("the game cannot be set up: {0}")]
    Setup(String),
    /// A bot chose an action the game refused (a bug in the bot).
    #[error("the bot of seat {seat} chose {action}, which the game refused: {reason}")]
    BotRefused {
        /// The bot's seat.
        seat: usize,
        /// The action.
        action: String,
        /// The game's reason.
        reason: String,
    },
    /// The human's view could not follow an event (a bug in the game's crate).
    #[error("the screen cannot follow the game: {0}")]
    View(String),
    /// The record cannot be written.
    #[error("--record: {0}")]
    Record(#[from] crate::output::OutputError),
    /// The record cannot be written as JSON (a bug in a game's serde).
    #[error("cannot write the record: {0}")]
    RecordJson(#[from] serde_json::Error),
    /// The terminal could not be read or written.
    #[error("cannot read or write the terminal: {0}")]
    Io(#[from] std::io::Error),
}

impl TerminalError {
    /// Whether the arguments were at fault (exit status 2): the bots, the seat or the rules
    /// named, found before the game begins.
    #[must_use]
    pub fn in_arguments(&self) -> bool {
        matches!(
            self,
            TerminalError::Bot(_)
                | TerminalError::BotCount { .. }
                | TerminalError::HintCheats(_)
                | TerminalError::Rules(_)
                | TerminalError::Seat { .. }
                | TerminalError::Setup(_)
        )
    }
}

/// `play`'s game of the game type a catalogue line names, run typed: reads moves from
/// `input` and writes to `out`.
pub struct Run<'a> {
    /// What to play.
    pub config: &'a Config,
    /// Where moves are read.
    pub input: &'a mut dyn BufRead,
    /// Where the game is written.
    pub out: &'a mut dyn Write,
}

impl Visitor for Run<'_> {
    /// A refused move is not an error: it is answered and asked again.
    type Out = Result<(), TerminalError>;

    fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(
        self,
        line: &'static GameType,
    ) -> Self::Out {
        session::Session::<G, P>::start(line, self.config, self.out)?.run(self.input, self.out)
    }
}

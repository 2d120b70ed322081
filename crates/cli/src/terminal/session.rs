//! [`Session`]: one game between the human and the bots, from the deal to the end.

use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::time::Duration;

use cards_bots::BotSpec;
use cards_core::{
    Card as _, DidoCard, GameEvent as _, GameRecord, GameRng, Indexed, PlayerId, RuleBot, Seed,
};

use super::choose::{self, Choice, Picked, reason};
use super::layout::{columns, pad, wrap};
use super::narrate::Narrator;
use super::{Config, Style, TerminalError};
use crate::lines::{Line, read_line};
use cards_registry::{Decider, GameType};

/// At most this many actions are shown in a hint, the chosen one first.
const HINT_SHOWN: usize = 5;
/// The longest line of input read as a move or a command, in bytes: the longest move's text
/// is well under 200.
pub const MAX_INPUT_LINE: usize = 1024;
/// The most bytes of one overlong line skipped before the game stops: input that is not
/// lines of text (`play < /dev/zero`) ends the game instead of being read for ever.
const MAX_SKIP: usize = 1 << 20;

/// What the player's line asked for besides a move.
enum Command {
    /// `help`, or `help WORD`: a word of the game explained.
    Help(Option<String>),
    Hint,
    Undo,
    Back,
    Show,
    Quit,
}

impl Command {
    fn parse(line: &str) -> Option<Command> {
        let line = line.trim();
        if let Some((head, word)) = line.split_once(char::is_whitespace)
            && matches!(head.to_ascii_lowercase().as_str(), "help" | "?")
        {
            return Some(Command::Help(Some(word.trim().to_owned())));
        }
        Some(match line.to_ascii_lowercase().as_str() {
            "help" | "?" => Command::Help(None),
            "hint" => Command::Hint,
            "undo" => Command::Undo,
            "back" => Command::Back,
            "show" | "" => Command::Show,
            "quit" | "exit" => Command::Quit,
            _ => return None,
        })
    }
}

/// A bot's seat: its kind and its name.
type Seat = (BotSpec, String);

/// How a decision ended.
enum Turn {
    /// The human moved (or took a move back): the game goes on.
    Played,
    /// The human quit, or the input ended.
    Stopped(&'static str),
}

/// One game in the terminal: the true state, and the human seat's view built from its events.
pub struct Session<G: RuleBot, P> {
    label: &'static str,
    rules: G::Rules,
    human: PlayerId,
    state: G,
    record: GameRecord<G>,
    /// The seat of each action of the record.
    actors: Vec<PlayerId>,
    /// Whether each action of the record was the human's choice at a prompt (not a bot's, not
    /// a single legal move played for them): what `undo` takes back.
    chosen: Vec<bool>,
    /// The human seat's view, built only from its redacted events.
    view: G::View,
    /// Every event of the game so far, as it happened: each bot made for a decision is told
    /// them as its seat saw them, so one that remembers plays as it would seated from the
    /// start (as in a tournament, and on the page).
    events: Vec<G::Event>,
    /// Each seat's bot and its name (`None` for the human's seat): a fresh player of that
    /// kind decides each move.
    bots: Vec<Option<Seat>>,
    hint: BotSpec,
    seed: Seed,
    /// What happened since the human's last decision, one line per event.
    told: Vec<String>,
    narrator: Narrator,
    style: Style,
    echo: bool,
    /// The columns every line is wrapped to.
    width: usize,
    /// The width is measured again for every text (a resized window).
    follow_width: bool,
    /// The pause after each bot's move.
    pace: Duration,
    /// The output is a terminal: a line that says a bot is thinking, overwritten when done.
    live: bool,
    /// A single legal move waits for the human to type it.
    ask_forced: bool,
    record_path: Option<PathBuf>,
    command: String,
    _position: PhantomData<fn() -> P>,
}

impl<G, P> Session<G, P>
where
    G: RuleBot + 'static,
    G::View: std::fmt::Display,
    P: Indexed<Game = G>,
{
    /// Sets up `config`'s game for `row` and writes its first lines to `out`.
    ///
    /// # Errors
    /// [`TerminalError`] for bad bots, rules or seat, or a game that cannot be set up.
    pub fn start(
        row: &GameType,
        config: &Config,
        out: &mut dyn Write,
    ) -> Result<Self, TerminalError> {
        let players = config.players;
        let rules: G::Rules = config
            .rules
            .rules_for(row.game, players)
            .map_err(TerminalError::Rules)?;
        if config.seat >= players {
            return Err(TerminalError::Seat {
                seat: config.seat,
                players,
            });
        }
        let human = PlayerId::from_index(config.seat).ok_or(TerminalError::Seat {
            seat: config.seat,
            players,
        })?;
        let specs: Vec<BotSpec> = config
            .bots
            .iter()
            .map(|b| b.parse())
            .collect::<Result<_, _>>()?;
        let others = players - 1;
        if specs.len() != others && specs.len() != 1 {
            return Err(TerminalError::BotCount {
                others,
                given: specs.len(),
            });
        }
        let hint: BotSpec = config.hint.parse()?;
        if hint.cheats() {
            return Err(TerminalError::HintCheats(config.hint.clone()));
        }
        let seed = Seed::from(config.seed);
        let state =
            G::new(&rules, players, seed).map_err(|e| TerminalError::Setup(e.to_string()))?;
        if let Some(path) = &config.record {
            crate::output::check_file(path, config.force)?;
        }
        // One bot for all the other seats, or one for each in seat order.
        let mut others = specs.iter();
        let bots = (0..players)
            .map(|k| {
                if k == config.seat {
                    return None;
                }
                let spec = if specs.len() == 1 {
                    specs[0]
                } else {
                    *others.next()?
                };
                Some((spec, spec.to_string()))
            })
            .collect();
        let mut style = config.style;
        style.dido = G::Card::DECK_NAME == DidoCard::DECK_NAME;
        let mut session = Session {
            label: row.label,
            view: G::blank_view(&rules, players, human),
            events: Vec::new(),
            record: GameRecord::from_integer_seed(rules.clone(), players, config.seed),
            rules,
            human,
            state,
            actors: Vec::new(),
            chosen: Vec::new(),
            bots,
            hint,
            seed,
            told: Vec::new(),
            narrator: Narrator::new(G::Event::TERMS),
            style,
            echo: config.echo,
            width: config.width,
            follow_width: config.follow_width,
            pace: config.pace,
            live: config.live,
            ask_forced: config.ask_forced,
            record_path: config.record.clone(),
            command: config.command.clone(),
            _position: PhantomData,
        };
        let mut events = Vec::new();
        session.state.start_events(&mut events);
        for event in &events {
            session.tell(event)?;
        }
        session.events = events;
        session.intro(config, out)?;
        session.write_record()?;
        Ok(session)
    }

    /// The columns to wrap to now: the terminal's as it is, when it follows the terminal.
    fn width(&self) -> usize {
        if self.follow_width {
            super::detect_width(true)
        } else {
            self.width
        }
    }

    /// Writes `text` wrapped to the width, each line painted.
    fn say(&self, out: &mut dyn Write, text: &str) -> Result<(), TerminalError> {
        for line in wrap(text, self.width()) {
            writeln!(out, "{}", self.style.paint(&line))?;
        }
        Ok(())
    }

    fn intro(&self, config: &Config, out: &mut dyn Write) -> Result<(), TerminalError> {
        let seats: Vec<String> = self
            .bots
            .iter()
            .enumerate()
            .filter_map(|(k, bot)| bot.as_ref().map(|(_, name)| format!("seat {k}: {name}")))
            .collect();
        self.say(
            out,
            &format!(
                "{}: you are seat {} of {}; {}. Seed {}{}.",
                self.label,
                self.human.index(),
                self.state.num_players(),
                seats.join(", "),
                config.seed,
                if config.seed_chosen {
                    " (--seed plays this deal again)"
                } else {
                    ""
                }
            ),
        )?;
        if let Some(path) = &self.record_path {
            self.say(
                out,
                &format!(
                    "The record is written to {} as the game goes.",
                    path.display()
                ),
            )?;
        }
        self.say(
            out,
            "Type a move's number or the move as shown; help lists the commands.",
        )?;
        Ok(())
    }

    /// Plays to the end, or until the human quits or the input ends.
    ///
    /// # Errors
    /// [`TerminalError`] when a bot's move is refused, the record cannot be written or the
    /// terminal cannot be read or written.
    pub fn run(
        mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<(), TerminalError> {
        while let Some(seat) = self.state.to_act() {
            if seat != self.human {
                self.bot_turn(seat, out)?;
                continue;
            }
            if !self.ask_forced
                && let Some(action) = self.forced()
            {
                self.play_forced(action, out)?;
                continue;
            }
            if let Turn::Stopped(why) = self.human_turn(input, out)? {
                return self.stop(why, out);
            }
        }
        self.end(out)
    }

    /// One event: observed into the human's view as redacted for that seat, and told.
    fn tell(&mut self, event: &G::Event) -> Result<(), TerminalError> {
        let seen = G::redact(&self.rules, event, self.human);
        G::observe(&mut self.view, &seen).map_err(|e| TerminalError::View(e.to_string()))?;
        self.told.push(self.style.form(&seen));
        Ok(())
    }

    /// Plays `action` for `seat`, tells its events and writes the record; `chosen` when the
    /// human chose it at a prompt.
    fn act(&mut self, seat: PlayerId, action: G::Action, chosen: bool) -> Result<(), G::Error> {
        let mut events = Vec::new();
        self.state.play_reporting(action, &mut events)?;
        self.record.actions.push(action);
        self.actors.push(seat);
        self.chosen.push(chosen);
        for event in &events {
            // The view follows every event of the true game; a failure is a bug in the game.
            if let Err(e) = self.tell(event) {
                self.told
                    .push(format!("(the screen could not follow this: {e})"));
            }
        }
        self.events.append(&mut events);
        Ok(())
    }

    /// The human's only legal move, when there is exactly one.
    fn forced(&self) -> Option<G::Action> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        match legal[..] {
            [only] => Some(only),
            _ => None,
        }
    }

    /// Plays the human's only legal move for them, saying so.
    fn play_forced(&mut self, action: G::Action, out: &mut dyn Write) -> Result<(), TerminalError> {
        self.flush_told(out)?;
        self.say(
            out,
            &format!(
                "only one move: {} (played for you; --ask-forced waits for it)",
                self.style.form(&action)
            ),
        )?;
        self.act(self.human, action, false).map_err(|e| {
            TerminalError::Setup(format!(
                "the only legal move {action} was refused: {}",
                reason(&e)
            ))
        })?;
        self.write_record()
    }

    /// A line saying `who` is thinking, on a terminal, while `search` runs; the line is
    /// cleared when it is done.
    fn thinking<T>(
        &self,
        spec: BotSpec,
        who: &str,
        out: &mut dyn Write,
        search: impl FnOnce() -> T,
    ) -> Result<T, TerminalError> {
        let searches = !matches!(spec, BotSpec::Random | BotSpec::Rules);
        if !(self.live && searches) {
            return Ok(search());
        }
        let line = format!("{who} is thinking…");
        write!(out, "{line}")?;
        out.flush()?;
        let done = search();
        // Overwritten with spaces, not an escape code: plain text on any terminal.
        write!(out, "\r{}\r", " ".repeat(columns(&line)))?;
        Ok(done)
    }

    fn bot_turn(&mut self, seat: PlayerId, out: &mut dyn Write) -> Result<(), TerminalError> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let Some((spec, name)) = self.bots[seat.index()].clone() else {
            return Ok(());
        };
        // A fresh bot for each decision, seeded from the game's seed, the seat and the
        // moment: the same moves are answered the same way, after an undo too.
        let bot_seed = decision_seed(self.seed, Decider::Bot, seat, self.record.actions.len());
        let mut bot = spec.player::<G>(bot_seed, &cards_registry::tuning(G::NAME));
        bot.catch_up(&self.rules, seat, &self.events);
        let who = format!("seat {} ({name})", seat.index());
        let chosen = self.thinking(spec, &who, out, || bot.act(&self.state, &legal))?;
        let Some(action) = chosen else {
            return Err(TerminalError::Setup(format!(
                "seat {} has no legal move, yet the game is not over",
                seat.index()
            )));
        };
        self.act(seat, action, false)
            .map_err(|e| TerminalError::BotRefused {
                seat: seat.index(),
                action: action.to_string(),
                reason: reason(&e),
            })?;
        self.write_record()?;
        self.flush_told(out)?;
        if !self.pace.is_zero() {
            out.flush()?;
            std::thread::sleep(self.pace);
        }
        Ok(())
    }

    /// Writes what happened since the last decision, with the terms it uses explained.
    fn flush_told(&mut self, out: &mut dyn Write) -> Result<(), TerminalError> {
        for line in std::mem::take(&mut self.told) {
            self.say(out, &line)?;
            for explanation in self.narrator.explain(&line) {
                self.say(out, &explanation)?;
            }
        }
        Ok(())
    }

    /// The screen: the human's view, its new terms explained.
    fn screen(&mut self, out: &mut dyn Write) -> Result<(), TerminalError> {
        let head = format!(
            "--- your move, seat {} (after {}) ---",
            self.human.index(),
            actions(self.record.actions.len())
        );
        for line in wrap(&head, self.width()) {
            writeln!(out, "{}", self.style.bold(&line))?;
        }
        let text = self.style.form(&self.view);
        self.say(out, &text)?;
        for explanation in self.narrator.explain(&text) {
            self.say(out, &explanation)?;
        }
        Ok(())
    }

    fn options(&self, choice: &Choice<G, P>, out: &mut dyn Write) -> Result<(), TerminalError> {
        let options = choice.options(self.style);
        if choice.stepped() {
            let taken = choice.taken();
            self.say(
                out,
                &format!(
                    "moves, one step at a time ({} moves in all{}):",
                    choice.count(),
                    if taken.is_empty() {
                        String::new()
                    } else {
                        format!("; so far: {}; back starts again", taken.join(", "))
                    }
                ),
            )?;
        } else if options.len() > choose::LIST_MAX {
            self.say(
                out,
                &format!("moves ({} in all: type a number or a move):", options.len()),
            )?;
        } else {
            writeln!(out, "moves:")?;
        }
        for line in choose::numbered(&options, self.width().saturating_sub(2)) {
            self.say(out, &format!("  {line}"))?;
        }
        Ok(())
    }

    fn human_turn(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<Turn, TerminalError> {
        self.flush_told(out)?;
        self.screen(out)?;
        let mut choice = Choice::<G, P>::new(&self.state);
        self.options(&choice, out)?;
        loop {
            write!(out, "{}", self.style.bold("> "))?;
            out.flush()?;
            let mut raw = Vec::new();
            match read_line(&mut &mut *input, &mut raw, MAX_INPUT_LINE, MAX_SKIP)? {
                None => {
                    writeln!(out)?;
                    return Ok(Turn::Stopped("the input ended"));
                }
                Some(Line::Unending(_)) => {
                    writeln!(out)?;
                    return Ok(Turn::Stopped(
                        "the input is not lines of text: a line ran past 1 MiB",
                    ));
                }
                Some(Line::TooLong(len)) => {
                    writeln!(
                        out,
                        "refused: a line is at most {MAX_INPUT_LINE} bytes, not {len}"
                    )?;
                    continue;
                }
                Some(Line::Text) => {}
            }
            let Ok(line) = String::from_utf8(raw) else {
                writeln!(out, "refused: the line is not text (UTF-8)")?;
                continue;
            };
            if self.echo {
                writeln!(out, "{}", line.trim_end())?;
            }
            match Command::parse(&line) {
                Some(Command::Help(None)) => self.help(out)?,
                Some(Command::Help(Some(word))) => self.help_word(&word, out)?,
                Some(Command::Hint) => self.give_hint(&choice, out)?,
                Some(Command::Undo) => {
                    if self.undo(out)? {
                        return Ok(Turn::Played);
                    }
                }
                Some(Command::Back) => {
                    choice.restart(&self.state);
                    self.options(&choice, out)?;
                }
                Some(Command::Show) => {
                    self.screen(out)?;
                    self.options(&choice, out)?;
                }
                Some(Command::Quit) => return Ok(Turn::Stopped("you quit")),
                None => match choice.pick(&self.state, &line, self.style) {
                    Picked::Action(action) => {
                        if let Err(e) = self.act(self.human, action, true) {
                            self.say(out, &format!("refused: {}", reason(&e)))?;
                            continue;
                        }
                        self.write_record()?;
                        return Ok(Turn::Played);
                    }
                    Picked::Step => self.options(&choice, out)?,
                    Picked::Refused(why) => self.say(out, &format!("refused: {why}"))?,
                    Picked::Unknown(why) => self.say(out, &why)?,
                },
            }
        }
    }

    fn help(&self, out: &mut dyn Write) -> Result<(), TerminalError> {
        let example = {
            let mut legal = Vec::new();
            self.state.legal_actions(&mut legal);
            legal
                .first()
                .map(|a| {
                    let shown = self.style.form(a);
                    let plain = a.to_string();
                    if shown == plain {
                        format!("`{plain}`")
                    } else {
                        format!("`{shown}` or `{plain}`")
                    }
                })
                .unwrap_or_default()
        };
        let commands = format!(
            "commands:\n  \
             a number   play the move with that number\n  \
             a move     as the screen writes it or in the notation (e.g. {example})\n  \
             hint       what {} would play, and how often its search tried each move\n  \
             undo       take back your last move\n  \
             back       start again a move chosen step by step\n  \
             show       show the table and the moves again (an empty line too)\n  \
             help WORD  what a word of the game means\n  \
             quit       stop here{}",
            self.hint,
            if self.record_path.is_some() {
                " (the record keeps what was played)"
            } else {
                ""
            }
        );
        self.say(out, &commands)?;
        let words: Vec<&str> = self.narrator.words().collect();
        if !words.is_empty() {
            self.say(out, &format!("the game's words: {}", words.join(", ")))?;
        }
        Ok(())
    }

    /// `help WORD`: the word explained, or the words there are.
    fn help_word(&mut self, word: &str, out: &mut dyn Write) -> Result<(), TerminalError> {
        if let Some(explanation) = self.narrator.term(word) {
            return self.say(out, &explanation);
        }
        let words: Vec<&str> = self.narrator.words().collect();
        let shown: String = word.chars().take(64).collect();
        self.say(
            out,
            &format!(
                "{shown:?} is not one of the game's words; they are: {}",
                words.join(", ")
            ),
        )
    }

    fn give_hint(&self, choice: &Choice<G, P>, out: &mut dyn Write) -> Result<(), TerminalError> {
        let legal = choice.legal();
        // A fresh bot for every hint, seeded from the game's seed and the moment, so the same
        // game asks the same question the same way.
        let seed = decision_seed(
            self.seed,
            Decider::Hint,
            self.human,
            self.record.actions.len(),
        );
        let mut bot = self
            .hint
            .player::<G>(seed, &cards_registry::tuning(G::NAME));
        bot.catch_up(&self.rules, self.human, &self.events);
        let who = self.hint.to_string();
        let Some(chosen) = self.thinking(self.hint, &who, out, || bot.act(&self.state, legal))?
        else {
            writeln!(out, "there is no move to hint at")?;
            return Ok(());
        };
        // The move as listed: its number (when the moves are listed whole) and its words.
        let named = |action: &G::Action| {
            let number = legal
                .iter()
                .position(|a| a == action)
                .filter(|_| !choice.stepped())
                .map(|i| format!("[{}] ", i + 1))
                .unwrap_or_default();
            format!("{number}{}", self.style.form(action))
        };
        // `would play 9♣`, but `would choose play S3` (no `would play play S3`) and `would
        // choose trump:♣`: a bare card is played, any other move is chosen.
        let verb = if chosen.to_string().parse::<G::Card>().is_ok() {
            "play"
        } else {
            "choose"
        };
        let mut stats = bot.hint().to_vec();
        let total: u64 = stats.iter().map(|s| u64::from(s.visits)).sum();
        if total == 0 {
            return self.say(out, &format!("{who} would {verb} {}", named(&chosen)));
        }
        stats.sort_by_key(|s| std::cmp::Reverse(s.visits));
        let share = |visits: u64| 100.0 * visits as f64 / total as f64;
        self.say(
            out,
            &format!(
                "{who} would {verb} {}; of its {total} tries of a move here:",
                named(&chosen)
            ),
        )?;
        let shown = &stats[..stats.len().min(HINT_SHOWN)];
        let names: Vec<String> = shown.iter().map(|s| named(&s.action)).collect();
        // Padded by the columns a person sees, before any colour.
        let column = names.iter().map(|n| columns(n)).max().unwrap_or(0);
        let unit = self.state.search_unit();
        for (s, name) in shown.iter().zip(&names) {
            self.say(
                out,
                &format!(
                    "  {}  {:5.1} % of the tries, on average {}",
                    pad(name, column),
                    share(u64::from(s.visits)),
                    unit.say(s.value)
                ),
            )?;
        }
        if stats.len() > HINT_SHOWN {
            let rest: u64 = stats[HINT_SHOWN..]
                .iter()
                .map(|s| u64::from(s.visits))
                .sum();
            let others = stats.len() - HINT_SHOWN;
            self.say(
                out,
                &format!(
                    "  {others} other {}: {:.1} % of the tries",
                    if others == 1 { "move" } else { "moves" },
                    share(rest)
                ),
            )?;
        }
        Ok(())
    }

    /// Takes back the human's last choice and everything after it (the moves played for
    /// them included), replaying the record up to it; `false` when the human has not chosen
    /// a move yet.
    fn undo(&mut self, out: &mut dyn Write) -> Result<bool, TerminalError> {
        let Some(last) = self
            .actors
            .iter()
            .zip(&self.chosen)
            .rposition(|(&s, &chosen)| s == self.human && chosen)
        else {
            self.say(out, "nothing to undo: you have not chosen a move yet")?;
            return Ok(false);
        };
        let taken_back = self.record.actions[last];
        let mut record = self.record.clone();
        record.actions.truncate(last);
        let mut state = record
            .start_state()
            .map_err(|e| TerminalError::Setup(e.to_string()))?;
        let mut view = G::blank_view(&self.rules, state.num_players(), self.human);
        let mut events = Vec::new();
        state.start_events(&mut events);
        for &action in &record.actions {
            state
                .play_reporting(action, &mut events)
                .map_err(|e| TerminalError::Setup(format!("the record does not replay: {e}")))?;
        }
        for event in &events {
            G::observe(&mut view, &G::redact(&self.rules, event, self.human))
                .map_err(|e| TerminalError::View(e.to_string()))?;
        }
        self.state = state;
        self.view = view;
        self.events = events;
        self.record = record;
        self.actors.truncate(last);
        self.chosen.truncate(last);
        self.told.clear();
        self.say(
            out,
            &format!(
                "took back your move {} and what followed it (the seed fixes the deal: the \
                 same cards come again, and the bots answer the same moves the same way)",
                self.style.form(&taken_back)
            ),
        )?;
        self.write_record()?;
        Ok(true)
    }

    fn write_record(&self) -> Result<(), TerminalError> {
        let Some(path) = &self.record_path else {
            return Ok(());
        };
        let mut text = serde_json::to_string_pretty(&self.record)?;
        text.push('\n');
        crate::output::write_file(path, text.as_bytes())?;
        Ok(())
    }

    fn stop(mut self, why: &str, out: &mut dyn Write) -> Result<(), TerminalError> {
        self.flush_told(out)?;
        self.say(
            out,
            &format!(
                "{why}: the game stops after {}, unfinished.",
                actions(self.record.actions.len())
            ),
        )?;
        match &self.record_path {
            Some(path) => self.say(
                out,
                &format!(
                    "The record so far is in {0}; cardrules replay {0} shows it.",
                    path.display()
                ),
            )?,
            None => self.say(out, "Nothing was recorded (--record FILE keeps a record).")?,
        }
        Ok(())
    }

    fn end(mut self, out: &mut dyn Write) -> Result<(), TerminalError> {
        self.flush_told(out)?;
        writeln!(out, "{}", self.style.bold("--- the game is over ---"))?;
        let text = self.style.form(&self.view);
        self.say(out, &text)?;
        if let Some(outcome) = self.state.outcome() {
            self.say(out, &format!("outcome: {}", self.style.form(&outcome)))?;
        }
        let settlement: Vec<String> = self
            .state
            .settlement()
            .iter()
            .enumerate()
            .map(|(k, v)| {
                let who = match &self.bots[k] {
                    None => "you".to_owned(),
                    Some((_, name)) => name.clone(),
                };
                format!("seat {k} ({who}) {v:+}")
            })
            .collect();
        self.say(out, &format!("settlement: {}", settlement.join(", ")))?;
        match &self.record_path {
            Some(path) => self.say(
                out,
                &format!(
                    "replay it: cardrules replay {} --seat {}",
                    path.display(),
                    self.human.index()
                ),
            )?,
            None => self.say(
                out,
                &format!(
                    "Not recorded; to replay a game, play it with --record FILE. The same deal \
                     again: {}",
                    self.command
                ),
            )?,
        }
        Ok(())
    }
}

/// The seed of the decision of a bot or of the hint for `seat` after `actions` actions: the
/// registry's `Session` (the page's) draws it ([`cards_registry::decision_seed`]), and its
/// `Table::bot_move` draws once more from the moment, as here: one seed plays the same game in
/// the terminal and on the page.
fn decision_seed(seed: Seed, decider: Decider, seat: PlayerId, actions: usize) -> Seed {
    let drawn = cards_registry::decision_seed(seed, decider, seat.index(), actions);
    GameRng::new(Seed::from(drawn), actions as u64).seed()
}

/// `n actions`, or `1 action`.
fn actions(n: usize) -> String {
    if n == 1 {
        "1 action".to_owned()
    } else {
        format!("{n} actions")
    }
}

//! [`Session`]: one game between the human and the bots, from the deal to the end.

use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::path::PathBuf;

use cards_bots::{BotSpec, Player};
use cards_core::{
    GameEvent as _, GameRecord, GameRng, Indexed, PlayerId, Presets as _, RuleBot, Seed,
};

use super::choose::{self, Choice, Picked};
use super::narrate::Narrator;
use super::{Config, Style, TerminalError};
use crate::lines::{Line, read_line};
use cards_registry::GameType;

/// The stream the bots' seeds are drawn from (seat `k`: this plus `k`), apart from the deal's.
const BOTS: u64 = 1 << 20;
/// The stream of the hint bot's seeds.
const HINTS: u64 = 1 << 21;
/// Lines of options are packed to this width.
const WIDTH: usize = 78;
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
    Help,
    Hint,
    Undo,
    Back,
    Show,
    Quit,
}

impl Command {
    fn parse(line: &str) -> Option<Command> {
        Some(match line.trim().to_ascii_lowercase().as_str() {
            "help" | "?" => Command::Help,
            "hint" => Command::Hint,
            "undo" => Command::Undo,
            "back" => Command::Back,
            "show" | "" => Command::Show,
            "quit" | "exit" => Command::Quit,
            _ => return None,
        })
    }
}

/// A bot's seat: its player and its name.
type Seat<G> = (Box<dyn Player<G>>, String);

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
    /// The human seat's view, built only from its redacted events.
    view: G::View,
    /// Each seat's bot and its name (`None` for the human's seat).
    bots: Vec<Option<Seat<G>>>,
    hint: BotSpec,
    seed: Seed,
    /// What happened since the human's last decision, one line per event.
    told: Vec<String>,
    narrator: Narrator,
    style: Style,
    echo: bool,
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
        let rules: G::Rules = config
            .rules
            .rules(row.game, &G::Rules::presets())
            .map_err(TerminalError::Rules)?;
        let players = config.players;
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
                let bot_seed = GameRng::new(seed, BOTS + k as u64).seed();
                Some((
                    spec.player::<G>(bot_seed, &cards_registry::tuning(G::NAME)),
                    spec.to_string(),
                ))
            })
            .collect();
        let mut session = Session {
            label: row.label,
            view: G::blank_view(&rules, players, human),
            record: GameRecord::from_integer_seed(rules.clone(), players, config.seed),
            rules,
            human,
            state,
            actors: Vec::new(),
            bots,
            hint,
            seed,
            told: Vec::new(),
            narrator: Narrator::new(G::Event::TERMS),
            style: config.style,
            echo: config.echo,
            record_path: config.record.clone(),
            command: config.command.clone(),
            _position: PhantomData,
        };
        let mut events = Vec::new();
        session.state.start_events(&mut events);
        for event in &events {
            session.tell(event)?;
        }
        session.intro(config, out)?;
        session.write_record()?;
        Ok(session)
    }

    fn intro(&self, config: &Config, out: &mut dyn Write) -> Result<(), TerminalError> {
        let seats: Vec<String> = self
            .bots
            .iter()
            .enumerate()
            .filter_map(|(k, bot)| bot.as_ref().map(|(_, name)| format!("seat {k}: {name}")))
            .collect();
        writeln!(
            out,
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
        )?;
        if let Some(path) = &self.record_path {
            writeln!(
                out,
                "The record is written to {} as the game goes.",
                path.display()
            )?;
        }
        writeln!(
            out,
            "Type a move's number or its notation; help lists the commands."
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
                self.bot_turn(seat)?;
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

    /// Plays `action` for `seat`, tells its events and writes the record.
    fn act(&mut self, seat: PlayerId, action: G::Action) -> Result<(), G::Error> {
        let mut events = Vec::new();
        self.state.play_reporting(action, &mut events)?;
        self.record.actions.push(action);
        self.actors.push(seat);
        for event in &events {
            // The view follows every event of the true game; a failure is a bug in the game.
            if let Err(e) = self.tell(event) {
                self.told
                    .push(format!("(the screen could not follow this: {e})"));
            }
        }
        Ok(())
    }

    fn bot_turn(&mut self, seat: PlayerId) -> Result<(), TerminalError> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let Some((bot, _)) = self.bots[seat.index()].as_mut() else {
            return Ok(());
        };
        let Some(action) = bot.act(&self.state, &legal) else {
            return Err(TerminalError::Setup(format!(
                "seat {} has no legal move, yet the game is not over",
                seat.index()
            )));
        };
        self.act(seat, action)
            .map_err(|reason| TerminalError::BotRefused {
                seat: seat.index(),
                action: action.to_string(),
                reason: reason.to_string(),
            })?;
        self.write_record()
    }

    /// Writes what happened since the last decision, with the terms it uses explained.
    fn flush_told(&mut self, out: &mut dyn Write) -> Result<(), TerminalError> {
        for line in std::mem::take(&mut self.told) {
            writeln!(out, "{}", self.style.paint(&line))?;
            for explanation in self.narrator.explain(&line) {
                writeln!(out, "{explanation}")?;
            }
        }
        Ok(())
    }

    /// The screen: the human's view, its new terms explained.
    fn screen(&mut self, out: &mut dyn Write) -> Result<(), TerminalError> {
        writeln!(
            out,
            "{}",
            self.style.bold(&format!(
                "--- your move, seat {} (after {}) ---",
                self.human.index(),
                actions(self.record.actions.len())
            ))
        )?;
        let text = self.style.form(&self.view);
        writeln!(out, "{}", self.style.paint(&text))?;
        for explanation in self.narrator.explain(&text) {
            writeln!(out, "{explanation}")?;
        }
        Ok(())
    }

    fn options(&self, choice: &Choice<G, P>, out: &mut dyn Write) -> Result<(), TerminalError> {
        let options = choice.options(self.style);
        if choice.stepped() {
            let taken = choice.taken();
            writeln!(
                out,
                "moves, one step at a time ({} moves in all{}):",
                choice.count(),
                if taken.is_empty() {
                    String::new()
                } else {
                    format!("; so far: {}; back starts again", taken.join(", "))
                }
            )?;
        } else if options.len() > choose::LIST_MAX {
            writeln!(
                out,
                "moves ({} in all: type a number or a move):",
                options.len()
            )?;
        } else {
            writeln!(out, "moves:")?;
        }
        for line in choose::numbered(&options, WIDTH) {
            writeln!(out, "  {}", self.style.paint(&line))?;
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
                    return Ok(Turn::Stopped("the input is not lines of text"));
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
                Some(Command::Help) => self.help(out)?,
                Some(Command::Hint) => self.give_hint(choice.legal(), out)?,
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
                None => match choice.pick(&self.state, &line) {
                    Picked::Action(action) => {
                        if let Err(e) = self.act(self.human, action) {
                            writeln!(out, "refused: {e}")?;
                            continue;
                        }
                        self.write_record()?;
                        return Ok(Turn::Played);
                    }
                    Picked::Step => self.options(&choice, out)?,
                    Picked::Refused(why) => writeln!(out, "refused: {why}")?,
                    Picked::Unknown(why) => writeln!(out, "{why}")?,
                },
            }
        }
    }

    fn help(&self, out: &mut dyn Write) -> Result<(), TerminalError> {
        let example = {
            let mut legal = Vec::new();
            self.state.legal_actions(&mut legal);
            legal.first().map(ToString::to_string).unwrap_or_default()
        };
        writeln!(
            out,
            "commands:\n  \
             a number   play the move with that number\n  \
             a move     play it in the game's notation (e.g. `{example}`)\n  \
             hint       what {} would play, and how often its search tried each move\n  \
             undo       take back your last move\n  \
             back       start again a move chosen step by step\n  \
             show       show the table and the moves again (an empty line too)\n  \
             quit       stop here{}",
            self.hint,
            if self.record_path.is_some() {
                " (the record keeps what was played)"
            } else {
                ""
            }
        )?;
        Ok(())
    }

    fn give_hint(&self, legal: &[G::Action], out: &mut dyn Write) -> Result<(), TerminalError> {
        // A fresh bot for every hint, seeded from the game's seed and the moment, so the same
        // game asks the same question the same way.
        let seed = GameRng::new(self.seed, HINTS + self.record.actions.len() as u64).seed();
        let mut bot = self
            .hint
            .player::<G>(seed, &cards_registry::tuning(G::NAME));
        let Some(chosen) = bot.act(&self.state, legal) else {
            writeln!(out, "there is no move to hint at")?;
            return Ok(());
        };
        let mut stats = bot.hint().to_vec();
        let total: u64 = stats.iter().map(|s| u64::from(s.visits)).sum();
        if total == 0 {
            writeln!(out, "{} would play {}", self.hint, self.style.form(&chosen))?;
            return Ok(());
        }
        stats.sort_by_key(|s| std::cmp::Reverse(s.visits));
        let share = |visits: u32| 100.0 * f64::from(visits) / total as f64;
        writeln!(
            out,
            "{} would play {}; of its {total} tries of a move here:",
            self.hint,
            self.style.paint(&self.style.form(&chosen))
        )?;
        for s in stats.iter().take(HINT_SHOWN) {
            writeln!(
                out,
                "  {:<16} {:5.1} % of the tries, mean result {:+.2}",
                self.style.paint(&self.style.form(&s.action)),
                share(s.visits),
                s.value
            )?;
        }
        if stats.len() > HINT_SHOWN {
            let rest: u32 = stats[HINT_SHOWN..].iter().map(|s| s.visits).sum();
            writeln!(
                out,
                "  {} other moves: {:.1} % of the tries",
                stats.len() - HINT_SHOWN,
                share(rest)
            )?;
        }
        Ok(())
    }

    /// Takes back the human's last decision and everything after it, replaying the record
    /// up to it; `false` when the human has not moved yet.
    fn undo(&mut self, out: &mut dyn Write) -> Result<bool, TerminalError> {
        let Some(last) = self.actors.iter().rposition(|&s| s == self.human) else {
            writeln!(out, "nothing to undo: you have not moved yet")?;
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
        self.record = record;
        self.actors.truncate(last);
        self.told.clear();
        writeln!(
            out,
            "took back your move {} and what followed it",
            self.style.paint(&self.style.form(&taken_back))
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
        writeln!(
            out,
            "{why}: the game stops after {}, unfinished.",
            actions(self.record.actions.len())
        )?;
        match &self.record_path {
            Some(path) => writeln!(
                out,
                "The record so far is in {0}; cardrules replay {0} shows it.",
                path.display()
            )?,
            None => writeln!(out, "Nothing was recorded (--record FILE keeps a record).")?,
        }
        Ok(())
    }

    fn end(mut self, out: &mut dyn Write) -> Result<(), TerminalError> {
        self.flush_told(out)?;
        writeln!(out, "{}", self.style.bold("--- the game is over ---"))?;
        let text = self.style.form(&self.view);
        writeln!(out, "{}", self.style.paint(&text))?;
        if let Some(outcome) = self.state.outcome() {
            writeln!(
                out,
                "outcome: {}",
                self.style.paint(&self.style.form(&outcome))
            )?;
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
        writeln!(out, "settlement: {}", settlement.join(", "))?;
        match &self.record_path {
            Some(path) => writeln!(
                out,
                "replay it: cardrules replay {} --seat {}",
                path.display(),
                self.human.index()
            )?,
            None => writeln!(
                out,
                "Not recorded; to replay a game, play it with --record FILE. The same deal \
                 again: {}",
                self.command
            )?,
        }
        Ok(())
    }
}

/// `n actions`, or `1 action`.
fn actions(n: usize) -> String {
    if n == 1 {
        "1 action".to_owned()
    } else {
        format!("{n} actions")
    }
}

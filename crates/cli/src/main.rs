//! # cardrules
//!
//! The command line of the cardrules project:
//!
//! - `cardrules oracle` answers the JSON Lines conformance protocol (`docs/oracle.md`) on
//!   stdin/stdout, so other implementations can test themselves against this one;
//! - `cardrules simulate <game>` plays many games between uniformly random players, in
//!   parallel and reproducibly, and summarizes them;
//! - `cardrules replay <record.json>` (or `-` for stdin) replays a saved game record and
//!   reports how it ended; `simulate --record DIR` writes such records;
//! - `cardrules tournament <game>` plays duplicate deals between bots and tells them apart
//!   with intervals, the verdict in words;
//! - `cardrules play <game>` plays a game in the terminal against the bots;
//! - `cardrules rules <game> [WORDS]` prints the game's rules page, sections of it, or its
//!   terms.
//!
//! Exit status: 0 on success, 1 when a command fails (an unreadable record, a record that does
//! not replay, a file that cannot be written), 2 for bad arguments (the rules, bots and seats
//! named included, whichever check finds them). Ctrl-C ends it by the signal, as with no
//! handler (a shell shows 130), after ending the `exec:` players and removing the temporary
//! files of records.
#![forbid(unsafe_code)]

mod lines;
mod oracle;
mod output;
mod parallel;
mod replay;
mod rules;
mod simulate;
mod table;
mod terminal;
mod tournament;

use std::io::{self, IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory as _, FromArgMatches as _, Parser, Subcommand};

/// The largest `--threads` accepted.
const MAX_THREADS: u64 = 1024;

/// Reference rules for card games: play, replay, tournaments, simulations, rules pages and a
/// conformance oracle. (`command` replaces this text with one that lists the registry's games.)
#[derive(Debug, Parser)]
#[command(name = "cardrules", version, propagate_version = true)]
struct Cli {
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Answer conformance requests: one JSON object per line on stdin, one JSON answer per
    /// line on stdout.
    ///
    /// Every request gets exactly one answer line, in order, flushed at once:
    /// `{"ok":true,...}` or `{"ok":false,"error":"..."}`. Bad lines (bad JSON, unknown op or
    /// field, bad cards, empty lines, invalid UTF-8) are answered, never fatal; the oracle
    /// exits 0 at the end of input. See docs/oracle.md.
    Oracle,
    /// Play many games between uniformly random players and summarize them.
    ///
    /// Game i (from 0) is played from Seed::from(SEED + i), the sum wrapping at 2^64, so each
    /// game can be reproduced alone: `--games 1 --seed S --record DIR` writes its record, and
    /// the oracle's playout and trace ops play it. Statistics are identical whatever the
    /// number of threads; only the timing varies.
    ///
    /// The summary explains its terms, gives every rate with what it is a rate of, and ends
    /// with the notable games (lowest and highest score, most actions) and their seeds.
    /// `--json` prints the same as one JSON object (fields described in the CLI's
    /// `simulate` module docs: game, games, players, seed, seeds, player, the game's own
    /// fields, unfinished, actions, settlement, notable, records, timing).
    Simulate(SimulateArgs),
    /// Replay a saved game record (JSON): a transcript of the game (each action and what it
    /// caused, from the game's events), how it ended and its settlement.
    ///
    /// Records come from `cardrules simulate ... --record DIR`; a sample is in
    /// examples/records/. An action the game refuses is counted from 1 ("action 6"); a place in
    /// the JSON that does not read is named as JSON counts, from 0 ("actions[5]").
    Replay(ReplayArgs),
    /// Play duplicate matches between bots and tell them apart with intervals.
    ///
    /// Every deal is played once per seating of each pair of bots (all six seatings for 3
    /// players, sides swapped in a team game, seats rotated otherwise), so the luck of the cards
    /// cancels. Per pair: the margin a deal (what bot A takes from bot B a game) with its 95%
    /// interval and whether it is significant, wins/draws/losses and A's share of decisive
    /// games with its Wilson interval; per bot: the mean settlement a seat and a
    /// Bradley–Terry rating (Elo scale) with intervals. Deal d is fixed by SEED and d, so
    /// the table is identical for any number of threads.
    ///
    /// Bots: random; rules (the game's rule-based bot); pimc[:BUDGET] (determinized Monte
    /// Carlo); ismcts[:BUDGET] (information-set MCTS); cheat[:BUDGET] (the same search on the
    /// true state: a ceiling, not a fair player); pimc-solve[:BUDGET] and
    /// ismcts-solve[:BUDGET] (the same searches ending their playouts in an exact solve where
    /// the game has one: a Schieber deal). BUDGET is iterations (1000, 10k) or time (50ms,
    /// 2s; a time budget is not reproducible); the default is 1000 iterations.
    Tournament(TournamentArgs),
    /// Play a game in the terminal against the bots.
    ///
    /// The screen shows your seat's view only, and what happened since your last move, one
    /// line per event, the game's own words explained the first time they appear (a few at a
    /// time). Choose a move by its number, or type it as the screen writes it (9♣, 10♣,
    /// trump:♣) or in the game's notation (9C, TC, trump:C); a decision with more options
    /// than can be listed (a capture of many cards) is chosen step by step, card by card. A
    /// move that is your only legal one is played for you, saying so (--ask-forced waits).
    /// Commands: help, help WORD (a word of the game explained), hint (what the hint bot would
    /// play: the move's number, its share of the search's tries and how those went, as a
    /// share of wins or in points), undo (take back your last move: the seed fixes the deal,
    /// so the same cards come again), back, show, quit. Moves are read line by line, so a
    /// script can play (`printf '1\n1\n' | cardrules play ...`); the end of the input ends
    /// the game cleanly. Suit symbols, colour and the bots' pace only on a terminal; NO_COLOR
    /// turns colour off.
    Play(PlayArgs),
    /// Print a game's rules page, the sections of it you ask for, or its terms.
    ///
    /// Every rule as this project plays it, and every decision its sources leave open, is
    /// written in the game's rules page (Markdown). `cardrules rules jass` prints it whole;
    /// `cardrules rules jass weis` the sections whose heading has those words, and the
    /// game's terms whose word has them; `cardrules rules jass --terms` the game's own words
    /// with what each means, and `cardrules rules jass --terms weis` only those terms.
    Rules(RulesArgs),
}

/// Arguments of `cardrules rules`.
#[derive(Debug, Args)]
struct RulesArgs {
    /// The game.
    #[arg(value_parser = game_parser(table::every))]
    game: String,
    /// Words of a section's heading or of a term (`weis`, `scoring`, `Stöck`): only those
    /// sections and terms are printed.
    #[arg(value_name = "WORDS")]
    words: Vec<String>,
    /// Print the game's terms, each with what it means (with WORDS, only the terms that have
    /// them, and no section).
    #[arg(long)]
    terms: bool,
    /// The game's variant (its terms may differ).
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

/// Arguments of `cardrules play`.
#[derive(Debug, Args)]
struct PlayArgs {
    /// The game to play.
    #[arg(value_parser = game_parser(table::every))]
    game: String,
    /// Number of players [default: the fewest the game takes].
    #[arg(short, long, value_name = "N", value_parser = whole::<usize>("the number of players", None), allow_negative_numbers = true)]
    players: Option<usize>,
    /// Your seat, from 0.
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = whole::<usize>("a seat", None), allow_negative_numbers = true)]
    seat: usize,
    /// The game's seed, a whole number from 0 to 18446744073709551615 [default: one chosen
    /// from the clock, and told].
    #[arg(short, long, value_name = "S", value_parser = parse_seed, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// The bots of the other seats, comma-separated: one for each other seat in seat order,
    /// or one for all (random, rules, pimc[:BUDGET], ismcts[:BUDGET], pimc-solve[:BUDGET],
    /// ismcts-solve[:BUDGET], or cheat[:BUDGET], the search on the true state: it sees every
    /// card).
    #[arg(
        short,
        long,
        value_name = "BOTS",
        value_delimiter = ',',
        default_value = "rules"
    )]
    bots: Vec<String>,
    /// The bot that answers `hint` (a fair one: not cheat).
    #[arg(long, value_name = "BOT", default_value = "ismcts:1000")]
    hint: String,
    /// Write the game's record (JSON, for `cardrules replay`) to FILE after every move, whole
    /// each time (a new file renamed over the old). FILE must not exist, unless --force.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// With --record: replace FILE if it is a regular file that exists.
    #[arg(long, requires = "record")]
    force: bool,
    /// Plain text even on a terminal: the card notation, no colour.
    #[arg(long)]
    plain: bool,
    /// Pause MS milliseconds after each bot's move, so you can follow them [default: 400 on
    /// a terminal, 0 otherwise].
    #[arg(long, value_name = "MS", value_parser = whole::<u64>("the pace in milliseconds", Some(0..=10_000)), allow_negative_numbers = true)]
    pace: Option<u64>,
    /// Wrap every line to COLUMNS columns [default: the terminal's width: COLUMNS, or its
    /// size as the window is resized; 80 when the output is not a terminal].
    #[arg(long, value_name = "COLUMNS", value_parser = whole::<u16>("the width in columns", Some(30..=1000)), allow_negative_numbers = true)]
    width: Option<u16>,
    /// Wait for you to type a move even when it is your only legal one (by default it is
    /// played for you, with a line saying so).
    #[arg(long)]
    ask_forced: bool,
    /// The game's variant and rules.
    #[command(flatten)]
    choices: ChoiceArgs,
}

/// Arguments of `cardrules tournament`.
#[derive(Debug, Args)]
struct TournamentArgs {
    /// The game to play.
    #[arg(value_parser = game_parser(table::every))]
    game: String,
    /// The bots, comma-separated, at least two (e.g. rules,ismcts:1000). `exec:COMMAND` (or
    /// `LABEL=exec:COMMAND`) seats an outside program, started by `sh -c COMMAND` for each seat
    /// and game, that answers one JSON line per decision (docs/bots.md, "Outside players"; the
    /// command holds no comma).
    #[arg(
        short,
        long,
        value_name = "BOTS",
        value_delimiter = ',',
        required = true
    )]
    bots: Vec<String>,
    /// The longest an `exec:` program may take to answer a decision, in seconds (from 1e-9
    /// to 3600); a late answer is a fault.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_answer_time, allow_negative_numbers = true)]
    answer_time: std::time::Duration,
    /// Number of duplicate deals (1 to 10000000).
    #[arg(short, long, value_name = "N", default_value_t = 100, value_parser = parse_deals, allow_negative_numbers = true)]
    deals: u64,
    /// The run's seed, a whole number from 0 to 18446744073709551615.
    #[arg(short, long, value_name = "S", default_value_t = 0, value_parser = parse_seed, allow_negative_numbers = true)]
    seed: u64,
    /// Number of players [default: the fewest the game takes].
    #[arg(short, long, value_name = "N", value_parser = whole::<usize>("the number of players", None), allow_negative_numbers = true)]
    players: Option<usize>,
    /// Worker threads, 1 to 1024 [default: the number of available cores].
    #[arg(short, long, value_name = "T", value_parser = parse_threads, allow_negative_numbers = true)]
    threads: Option<u64>,
    /// Print one JSON object instead of text (no progress bar).
    #[arg(long)]
    json: bool,
    /// Write every game's record (JSON, for `cardrules replay`) into DIR, created if needed,
    /// as <record>-deal<D>-<A>-vs-<B>-seating<K>.json (<record> the game type's record name; <A>
    /// and <B> the bots' names or labels, with _N, the place in --bots, where two are alike).
    /// DIR is checked before the first deal: it must not hold a file this run writes, unless
    /// --force.
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// With --record: replace the regular files of the same names in DIR.
    #[arg(long, requires = "record")]
    force: bool,
    /// The game's variant and rules (a whole game to a target is compared deal by deal).
    #[command(flatten)]
    choices: ChoiceArgs,
}

/// `--deals`: 1 to [`tournament::MAX_DEALS`], as the registry takes them.
fn parse_deals(text: &str) -> Result<u64, String> {
    let deals = text.trim().parse::<u64>().map_err(|_| {
        format!(
            "the number of deals is a whole number from 1 to {}, not {text:?}",
            tournament::MAX_DEALS
        )
    })?;
    cards_registry::tournament_deals(deals)
}

/// Arguments of `cardrules simulate`.
#[derive(Debug, Args)]
struct SimulateArgs {
    /// The game to play.
    #[arg(value_parser = game_parser(cards_registry::GameType::summarized))]
    game: String,
    /// Number of players (each game's range comes from the registry).
    #[arg(short, long, value_name = "N", help = players_help(), value_parser = whole::<usize>("the number of players", None), allow_negative_numbers = true)]
    players: usize,
    /// Number of games to play (at least 1).
    #[arg(short, long, value_name = "G", value_parser = parse_games, allow_negative_numbers = true)]
    games: u64,
    /// Seed of the first game, a whole number from 0 to 18446744073709551615; game i uses
    /// SEED + i (wrapping at 2^64).
    #[arg(
        short,
        long,
        value_name = "S",
        default_value_t = 0,
        value_parser = parse_seed,
        allow_negative_numbers = true
    )]
    seed: u64,
    /// Worker threads, 1 to 1024 [default: the number of available cores].
    #[arg(
        short,
        long,
        value_name = "T",
        value_parser = parse_threads,
        allow_negative_numbers = true
    )]
    threads: Option<u64>,
    /// Print one JSON object instead of text (no progress bar).
    #[arg(long)]
    json: bool,
    /// Write game records (JSON, for `cardrules replay`) into DIR, created if needed, as
    /// <record>-<players>p-seed<seed>.json (<record> the game type's record name, which
    /// names its variant): the notable games only (lowest and highest score,
    /// most actions), or every game with --record-all. DIR is checked before the first game:
    /// it must not hold a record this run may write, unless --force.
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// With --record: write a record of every game (at most 1000 games).
    #[arg(long, requires = "record")]
    record_all: bool,
    /// With --record: replace the regular files of the same names in DIR.
    #[arg(long, requires = "record")]
    force: bool,
    /// The game's variant and rules.
    #[command(flatten)]
    choices: ChoiceArgs,
}

/// The variant and rules a command plays (`simulate`, `tournament`).
#[derive(Debug, Args)]
struct ChoiceArgs {
    /// The game's variant (`command` lists each game's variants here).
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// Start from one of the game's named rule presets instead of its default rules (each
    /// game's presets are listed below).
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// A JSON object merged into the game's rules, as records write them (fields left out keep
    /// their values), e.g. '{"weis":{"scale":"small"}}'. Applied after --preset, before any
    /// --rule.
    #[arg(long, value_name = "JSON")]
    rules: Option<String>,
    /// Set one field of the game's rules (repeatable, applied in order): NAME is the field in
    /// the rules' JSON, a dotted path into nested fields, `-` for `_` (weis.scale, four-low);
    /// VALUE is JSON or else text (small, true, 1000, null). The game's crate reads the rules
    /// and refuses what it does not take; each game's fields are listed below.
    #[arg(short = 'r', long = "rule", value_name = "NAME=VALUE", value_parser = parse_rule)]
    rule: Vec<(String, String)>,
}

impl ChoiceArgs {
    /// The rules these arguments choose.
    fn rules(&self) -> cards_registry::rules::RuleChoices {
        cards_registry::rules::RuleChoices {
            preset: self.preset.clone(),
            json: self.rules.clone(),
            set: self.rule.clone(),
        }
    }
}

/// `--rule`: `NAME=VALUE`.
fn parse_rule(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_owned(), value.trim().to_owned()))
        }
        _ => Err(format!("a rule is NAME=VALUE, not {text:?}")),
    }
}

/// Arguments of `cardrules replay`.
#[derive(Debug, Args)]
struct ReplayArgs {
    /// The record file, or - to read it from stdin: JSON with the fields game, rules, players,
    /// seed (64 hex digits or a whole number) and actions (or game, rules, setup and actions
    /// for a game from an explicit position).
    record: PathBuf,
    /// Tell the game as this seat saw it: its own cards and what everyone saw, every other
    /// card hidden (the seat's events); without it every card is shown.
    #[arg(long, value_name = "K", value_parser = whole::<u8>("a seat", Some(0..=u8::MAX.into())), allow_negative_numbers = true)]
    seat: Option<u8>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// `--seed`: a whole number from 0 to 2^64 - 1, echoed as typed when it is not one.
fn parse_seed(text: &str) -> Result<u64, String> {
    whole("the seed", Some(0..=u64::MAX))(text)
}

/// `--games`: at least one game.
fn parse_games(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least 1 game must be played, not 0".to_owned()),
        _ => whole("the number of games", Some(1..=u64::MAX))(text),
    }
}

/// `--answer-time`: seconds, as the registry takes them.
fn parse_answer_time(text: &str) -> Result<std::time::Duration, String> {
    let seconds = text.trim().parse::<f64>().map_err(|_| {
        format!("an answer time is a number of seconds, such as 10 or 0.5, not {text:?}")
    })?;
    cards_registry::pipe::Program::answer_time(seconds)
}

/// A whole-number option's parser: `what` in words, in `range` (none: the game checks it),
/// refused in those words rather than the standard library's.
fn whole<T: TryFrom<u64>>(
    what: &'static str,
    range: Option<std::ops::RangeInclusive<u64>>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        text.parse::<u64>()
            .ok()
            .filter(|n| range.as_ref().is_none_or(|range| range.contains(n)))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| match &range {
                Some(range) => format!(
                    "{what} is a whole number from {} to {}, not {text}",
                    range.start(),
                    range.end()
                ),
                None => format!("{what} is a whole number, not {text}"),
            })
    }
}

/// `--threads`: 1 to [`MAX_THREADS`].
fn parse_threads(text: &str) -> Result<u64, String> {
    whole("the number of threads", Some(1..=MAX_THREADS))(text)
}

/// A command's game argument: the table's games, each with its line of help naming the
/// variants the command `plays`.
fn game_parser(plays: table::Plays) -> PossibleValuesParser {
    PossibleValuesParser::new(cards_registry::games().into_iter().map(move |game| {
        PossibleValue::new(game).help(format!(
            "{} ({} players)",
            table::about(game, plays),
            table::counts(&table::players(game), "-")
        ))
    }))
}

/// `--players`' help: each game's player range under default rules.
fn players_help() -> String {
    let ranges: Vec<String> = cards_registry::games()
        .into_iter()
        .map(|game| format!("{game}: {}", table::counts(&table::players(game), " to ")))
        .collect();
    format!("Number of players ({})", ranges.join("; "))
}

/// The command line, with the games and the oracle's ops from the registry in its help.
fn command() -> clap::Command {
    let about = format!(
        "Reference rules for card games: play them in the terminal against bots, replay \
         records, run tournaments between bots, random self-play simulations, the rules \
         pages, and a conformance oracle.\n\n{}",
        table::games_help()
    );
    Cli::command()
        .about(about.clone())
        .long_about(about)
        .mut_subcommand("simulate", |simulate| {
            simulate
                .after_long_help(table::rules_help())
                .mut_arg("variant", |a| {
                    a.help(table::variants_help(cards_registry::GameType::summarized))
                })
        })
        .mut_subcommand("tournament", |tournament| {
            tournament
                .after_long_help(table::rules_help())
                .mut_arg("variant", |a| a.help(table::variants_help(table::every)))
        })
        .mut_subcommand("play", |play| {
            play.after_long_help(table::rules_help())
                .mut_arg("variant", |a| a.help(table::variants_help(table::every)))
        })
        .mut_subcommand("oracle", |oracle| {
            let about = oracle.get_long_about().map(ToString::to_string);
            oracle.long_about(format!(
                "{}\n\nOps: {}.",
                about.unwrap_or_default(),
                cards_registry::oracle::op_list()
            ))
        })
}

/// Parses the command line from `args` (the program name first).
fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut command = command();
    let matches = command.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
}

fn main() -> ExitCode {
    let cli = parse(std::env::args_os()).unwrap_or_else(|e| e.exit());
    on_ctrl_c();
    match cli.command {
        Command::Oracle => oracle(),
        Command::Simulate(args) => simulate(&args),
        Command::Tournament(args) => tournament(&args),
        Command::Play(args) => play(&args),
        Command::Replay(args) => replay(&args),
        Command::Rules(args) => rules(&args),
    }
}

/// Ctrl-C ends the run after ending the `exec:` players and removing the temporary files being
/// written. The players run in process groups of their own, which the terminal's signal does not
/// reach; a record being written would leave its temporary file. (Should the handler not
/// install, Ctrl-C ends this process as the system does: a program that reads its input ends at
/// the end of its input, and a temporary file may stay.)
fn on_ctrl_c() {
    if ctrl_c_ignored() {
        // Started with Ctrl-C ignored (a script's job run with `&`, or after `trap '' INT`):
        // it stays ignored, as whoever started the process meant.
        return;
    }
    let _ = ctrlc::set_handler(|| {
        cards_registry::pipe::stop_every_program();
        // Held to the end: no file is made or finished after this.
        let _files = output::remove_partial_files();
        end_interrupted()
    });
}

/// Whether this process started with SIGINT ignored, where that can be read without unsafe
/// code (Linux's `/proc/self/status`); taken as not elsewhere.
fn ctrl_c_ignored() -> bool {
    #[cfg(target_os = "linux")]
    if let Ok(status) = std::fs::read_to_string("/proc/self/status")
        && let Some(mask) = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))
        && let Ok(mask) = u64::from_str_radix(mask.trim(), 16)
    {
        // Bit n − 1 stands for signal n; SIGINT is 2.
        return mask & 0b10 != 0;
    }
    false
}

/// Ends the process as Ctrl-C does with no handler: by the signal itself on Unix, so that a
/// shell running `cardrules` in a script stops the script too (an exit status of 130 would let
/// it go on to its next command); with status 130 elsewhere.
fn end_interrupted() -> ! {
    #[cfg(unix)]
    // Returns only for a signal it does not know; otherwise the process ends here.
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGINT);
    std::process::exit(130)
}

/// `cardrules rules`.
fn rules(args: &RulesArgs) -> ExitCode {
    let line = table::lookup(&args.game, args.variant.as_deref())
        .unwrap_or_else(|e| usage_error_in("rules", e.to_string()));
    match rules::text(line, &args.words, args.terms) {
        Ok(text) => {
            let mut out = io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => fail(&e),
                _ => ExitCode::SUCCESS,
            }
        }
        Err(e) => fail(&e),
    }
}

/// `cardrules oracle`.
fn oracle() -> ExitCode {
    match oracle::run(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (a closed pipe) or stdin broke: nothing more can be answered.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// `cardrules replay`: the report is written as the game is told.
fn replay(args: &ReplayArgs) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = replay::replay_file(&args.record, args.seat, args.json, &mut out)
        .and_then(|()| out.flush().map_err(replay::ReplayFileError::Output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(replay::ReplayFileError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = out.flush();
            fail(&e)
        }
    }
}

/// `cardrules simulate`.
fn simulate(args: &SimulateArgs) -> ExitCode {
    // clap only accepts the table's games; the variant is looked up there too.
    let line = table::lookup(&args.game, args.choices.variant.as_deref())
        .unwrap_or_else(|e| usage_error(e.to_string()));
    if let Err(m) = players_of(line, Some(args.players)) {
        usage_error(m);
    }
    if !line.summarized() {
        usage_error(simulate::SimulateError::NoSummary(line.label).to_string());
    }
    check_table("simulate", line, &args.choices, args.players);
    if args.record_all && args.games > simulate::MAX_RECORD_ALL {
        usage_error(format!(
            "--record-all writes one file per game: at most {} games, not {} (use --record \
             alone for the notable games)",
            simulate::MAX_RECORD_ALL,
            args.games
        ));
    }
    let threads = threads(args.threads);
    let config = simulate::Config {
        players: args.players,
        games: args.games,
        seed: args.seed,
        threads,
        progress: !args.json
            && args.games >= simulate::PROGRESS_MIN_GAMES
            && io::stderr().is_terminal(),
        record: args.record.clone(),
        record_all: args.record_all,
        force: args.force,
        variant: args.choices.variant.clone(),
        rules: args.choices.rules(),
    };
    match simulate::simulate(line, &config, args.json) {
        Ok(text) => print(&text),
        Err(e) => fail(&e),
    }
}

/// The worker threads for `--threads` (`None`: one for each core).
fn threads(asked: Option<u64>) -> usize {
    match asked {
        // Bounded by MAX_THREADS, so it fits.
        Some(t) => usize::try_from(t).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, usize::from),
    }
}

/// The number of players `asked` for `line` (`None`: the fewest it takes), or why it is not
/// one the game type is played by.
fn players_of(line: &cards_registry::GameType, asked: Option<usize>) -> Result<usize, String> {
    let range = line.players();
    let players = asked.unwrap_or(*range.start());
    if range.contains(&players) {
        Ok(players)
    } else {
        Err(format!(
            "{} is played by {} players, not {players} (--players)",
            line.label,
            table::counts(&range, " to "),
        ))
    }
}

/// Exits with a usage error of `command` (status 2) when the rules `choices` make are not
/// `line`'s, or its game cannot be set up under them for `players`: they are arguments,
/// refused before anything runs.
fn check_table(
    command: &str,
    line: &'static cards_registry::GameType,
    choices: &ChoiceArgs,
    players: usize,
) {
    let rules = line
        .rules(&choices.rules(), players)
        .unwrap_or_else(|e| usage_error_in(command, format!("bad rules: {e}")));
    match line.new_table(&rules, players, 0) {
        // The players were checked first: what the game cannot seat is in the rules.
        Err(cards_registry::TableError::Setup(why)) => {
            usage_error_in(command, format!("bad rules: {why}"))
        }
        Err(e) => usage_error_in(command, e.to_string()),
        Ok(_) => {}
    }
}

/// `cardrules tournament`.
fn tournament(args: &TournamentArgs) -> ExitCode {
    let fail_usage = |m: String| -> ! { usage_error_in("tournament", m) };
    let line = table::competed(&args.game, args.choices.variant.as_deref())
        .unwrap_or_else(|e| fail_usage(e.to_string()));
    let players = players_of(line, args.players).unwrap_or_else(|m| fail_usage(m));
    check_table("tournament", line, &args.choices, players);
    if args.bots.len() < 2 {
        fail_usage(format!(
            "a tournament needs at least two bots (--bots A,B), not {}",
            args.bots.len()
        ));
    }
    let answer_time = args.answer_time;
    for bot in &args.bots {
        if let Err(e) = cards_registry::Entry::from_name(bot, answer_time) {
            fail_usage(e.to_string());
        }
    }
    let threads = threads(args.threads);
    let config = tournament::Config {
        players,
        bots: args.bots.clone(),
        answer_time,
        deals: args.deals,
        seed: args.seed,
        threads,
        progress: !args.json && io::stderr().is_terminal(),
        record: args.record.clone(),
        force: args.force,
        variant: args.choices.variant.clone(),
        rules: args.choices.rules(),
    };
    let run = tournament::tournament(line, &config, args.json);
    // Ctrl-C's handler ends the programs, then the process; the run, which their faults may
    // end first, reports nothing then.
    if cards_registry::pipe::stopped_every_program() {
        end_interrupted();
    }
    match run {
        Ok(text) => print(&text),
        Err(e) => fail(&e),
    }
}

/// `cardrules play`.
fn play(args: &PlayArgs) -> ExitCode {
    let fail_usage = |m: String| -> ! { usage_error_in("play", m) };
    let line = table::lookup(&args.game, args.choices.variant.as_deref())
        .unwrap_or_else(|e| fail_usage(e.to_string()));
    let players = players_of(line, args.players).unwrap_or_else(|m| fail_usage(m));
    if args.seat >= players {
        fail_usage(format!(
            "--seat {}: the seats are 0 to {} (--players {players})",
            args.seat,
            players - 1
        ));
    }
    for bot in args.bots.iter().chain([&args.hint]) {
        if let Err(e) = bot.parse::<cards_bots::BotSpec>() {
            fail_usage(e.to_string());
        }
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() % 1_000_000)
    });
    let terminal_out = io::stdout().is_terminal();
    let style = if args.plain {
        terminal::Style::default()
    } else {
        terminal::Style::detect(terminal_out)
    };
    let config = terminal::Config {
        players,
        seat: args.seat,
        seed,
        seed_chosen: args.seed.is_none(),
        bots: args.bots.clone(),
        hint: args.hint.clone(),
        record: args.record.clone(),
        force: args.force,
        rules: args.choices.rules(),
        style,
        echo: !io::stdin().is_terminal(),
        width: args
            .width
            .map_or_else(|| terminal::detect_width(terminal_out), usize::from),
        pace: std::time::Duration::from_millis(args.pace.unwrap_or(if terminal_out {
            DEFAULT_PACE_MS
        } else {
            0
        })),
        follow_width: terminal_out && args.width.is_none(),
        live: terminal_out,
        ask_forced: args.ask_forced,
        command: play_command(args, players, seed),
    };
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    match line.visit(terminal::Run {
        config: &config,
        input: &mut input,
        out: &mut out,
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(terminal::TerminalError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) if e.in_arguments() => fail_usage(e.to_string()),
        Err(e) => {
            let _ = out.flush();
            fail(&e)
        }
    }
}

/// `play`'s pause after a bot's move on a terminal: long enough to see each move come.
const DEFAULT_PACE_MS: u64 = 400;

/// The command that deals the same game again (the rules options as given).
fn play_command(args: &PlayArgs, players: usize, seed: u64) -> String {
    let mut words = vec!["cardrules play".to_owned(), args.game.clone()];
    if let Some(variant) = &args.choices.variant {
        words.push(format!("--variant {variant}"));
    }
    words.push(format!(
        "--players {players} --seat {} --seed {seed}",
        args.seat
    ));
    words.push(format!("--bots {}", args.bots.join(",")));
    if let Some(preset) = &args.choices.preset {
        words.push(format!("--preset {preset}"));
    }
    if let Some(json) = &args.choices.rules {
        words.push(format!("--rules '{json}'"));
    }
    for (name, value) in &args.choices.rule {
        words.push(format!("--rule {name}={value}"));
    }
    words.join(" ")
}

/// Exits with clap's usage error for `simulate` (status 2).
fn usage_error(message: String) -> ! {
    usage_error_in("simulate", message)
}

/// Exits with clap's usage error for the subcommand `name` (status 2).
fn usage_error_in(name: &str, message: String) -> ! {
    let mut command = command();
    command.build();
    if let Some(sub) = command.find_subcommand_mut(name) {
        sub.error(ErrorKind::ValueValidation, message).exit();
    }
    command.error(ErrorKind::ValueValidation, message).exit()
}

/// Prints `text` and a line end on stdout.
fn print(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// Reports `error` (with its causes) on stderr; exit status 1.
fn fail(error: &dyn std::error::Error) -> ExitCode {
    let mut text = format!("error: {error}");
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(&format!("\n  caused by: {cause_text}"));
        }
        source = cause.source();
    }
    eprintln!("{text}");
    ExitCode::FAILURE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn help_texts_come_from_the_registry() {
        let mut command = command();
        command.build();
        let oracle = command.find_subcommand_mut("oracle").unwrap();
        let help = oracle.render_long_help().to_string();
        assert!(help.contains(&cards_registry::oracle::op_list()), "{help}");
        let simulate = command.find_subcommand_mut("simulate").unwrap();
        let help = simulate.render_long_help().to_string();
        assert!(
            help.contains(&table::variants_help(cards_registry::GameType::summarized)),
            "{help}"
        );
        for game in cards_registry::games() {
            let players = table::counts(&table::players(game), " to ");
            assert!(help.contains(&format!("{game}: {players}")), "{help}");
            assert!(
                help.contains(&table::about(game, cards_registry::GameType::summarized)),
                "{help}"
            );
        }
        // What simulate cannot play, its help does not offer.
        for line in cards_registry::catalogue()
            .iter()
            .filter(|t| !t.summarized())
        {
            let variant = line.variant.unwrap_or_default();
            assert!(!help.contains(&format!(", {variant}")), "{help}");
        }
    }

    #[test]
    fn bad_arguments_are_refused() {
        let games = cards_registry::games();
        let (first, last) = (games[0], games[games.len() - 1]);
        for args in [
            &[
                "cardrules",
                "simulate",
                first,
                "--players",
                "3",
                "--games",
                "0",
            ][..],
            &[
                "cardrules",
                "simulate",
                first,
                "--players",
                "3",
                "--games",
                "5",
                "--threads",
                "0",
            ],
            &[
                "cardrules",
                "simulate",
                "chess",
                "--players",
                "3",
                "--games",
                "5",
            ],
            &["cardrules", "simulate", first, "--games", "5"],
            &[
                "cardrules",
                "simulate",
                first,
                "--players",
                "3",
                "--games",
                "5",
                "--seed",
                "-1",
            ],
        ] {
            assert!(parse(args).is_err(), "{args:?}");
        }
        let cli = parse(["cardrules", "simulate", first, "-p", "2", "-g", "1"]).unwrap();
        assert!(
            matches!(cli.command, Command::Simulate(ref args) if args.game == first && args.players == 2)
        );
        let cli = parse(["cardrules", "simulate", last, "-p", "3", "-g", "1"]).unwrap();
        assert!(matches!(cli.command, Command::Simulate(ref args) if args.game == last));
        let err = parse(["cardrules", "simulate", "tarot", "-p", "3", "-g", "1"]).unwrap_err();
        assert!(
            err.to_string()
                .contains(&format!("[possible values: {}]", games.join(", "))),
            "{err}"
        );
    }
}

//! # cardrules
//!
//! The command line of the cardrules project:
//!
//! - `cardrules oracle` answers the JSON Lines conformance protocol (`docs/oracle.md`) on
//!   stdin/stdout, so other implementations can test themselves against this one;
//! - `cardrules simulate <game>` plays many games between uniformly random players, in
//!   parallel and reproducibly, and summarizes them;
//! - `cardrules replay <record.json>` replays a saved game record and reports how it ended.
//!
//! Exit status: 0 on success, 1 when a command fails (an unreadable record, a record that does
//! not replay), 2 for bad arguments.

mod games;
mod oracle;
mod protocol;
mod replay;
mod simulate;

use std::io::{self, IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory as _, FromArgMatches as _, Parser, Subcommand};

/// The largest `--threads` accepted.
const MAX_THREADS: u64 = 1024;

/// Reference rules for Zaägox, Letom, Jass and Eléwénjewé: conformance oracle, random
/// self-play simulations and record replay.
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
    /// game can be reproduced alone with the oracle's playout op. Statistics are identical
    /// whatever the number of threads; only the timing varies.
    Simulate(SimulateArgs),
    /// Replay a saved game record (JSON) and print how the game ended and its settlement.
    Replay(ReplayArgs),
}

/// Arguments of `cardrules simulate`.
#[derive(Debug, Args)]
struct SimulateArgs {
    /// The game to play.
    #[arg(value_parser = game_parser())]
    game: String,
    /// Number of players (each game's range comes from the registry).
    #[arg(short, long, value_name = "N", help = players_help())]
    players: usize,
    /// Number of games to play (at least 1).
    #[arg(short, long, value_name = "G", value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Seed of the first game; game i uses SEED + i (wrapping at 2^64).
    #[arg(short, long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads [default: the number of available cores].
    #[arg(
        short,
        long,
        value_name = "T",
        value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS)
    )]
    threads: Option<u64>,
    /// Print one JSON object instead of text (no progress bar).
    #[arg(long)]
    json: bool,
}

/// Arguments of `cardrules replay`.
#[derive(Debug, Args)]
struct ReplayArgs {
    /// The record: JSON with the fields game, rules, players, seed and actions (or game,
    /// rules, setup and actions for a game from an explicit position).
    record: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// `simulate`'s game argument: the registry's games, each with its line of help.
fn game_parser() -> PossibleValuesParser {
    PossibleValuesParser::new(games::GAMES.iter().map(|game| {
        let players = game.players();
        PossibleValue::new(game.name()).help(format!(
            "{} ({}-{} players)",
            game.about(),
            players.start(),
            players.end()
        ))
    }))
}

/// `--players`' help: each game's player range under default rules.
fn players_help() -> String {
    let ranges: Vec<String> = games::GAMES
        .iter()
        .map(|game| {
            let players = game.players();
            format!("{}: {} to {}", game.name(), players.start(), players.end())
        })
        .collect();
    format!("Number of players ({})", ranges.join("; "))
}

/// The command line, with the oracle's ops from the registry in its full help.
fn command() -> clap::Command {
    Cli::command().mut_subcommand("oracle", |oracle| {
        let about = oracle.get_long_about().map(ToString::to_string);
        oracle.long_about(format!(
            "{}\n\nOps: {}. Ops of games not implemented yet answer \"not implemented yet\".",
            about.unwrap_or_default(),
            games::op_list()
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
    match cli.command {
        Command::Oracle => oracle(),
        Command::Simulate(args) => simulate(&args),
        Command::Replay(args) => match games::replay_file(&args.record, args.json) {
            Ok(text) => print(&text),
            Err(e) => fail(&e),
        },
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

/// `cardrules simulate`.
fn simulate(args: &SimulateArgs) -> ExitCode {
    let games::Lookup::Game(game) = games::lookup(&args.game) else {
        // clap only accepts the registry's games.
        usage_error(format!(
            "{:?} is not a game this build plays; the games are {}",
            args.game,
            games::game_names()
        ))
    };
    let range = game.players();
    if !range.contains(&args.players) {
        usage_error(format!(
            "{} is played by {} to {} players, not {} (--players)",
            game.name(),
            range.start(),
            range.end(),
            args.players
        ));
    }
    let threads = match args.threads {
        // Bounded by MAX_THREADS, so it fits.
        Some(t) => usize::try_from(t).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let config = simulate::Config {
        players: args.players,
        games: args.games,
        seed: args.seed,
        threads,
        progress: !args.json
            && args.games >= simulate::PROGRESS_MIN_GAMES
            && io::stderr().is_terminal(),
    };
    match game.simulate(&config, args.json) {
        Ok(text) => print(&text),
        Err(e) => fail(&e),
    }
}

/// Exits with clap's usage error for `simulate` (status 2).
fn usage_error(message: String) -> ! {
    let mut command = command();
    command.build();
    if let Some(simulate) = command.find_subcommand_mut("simulate") {
        simulate.error(ErrorKind::ValueValidation, message).exit();
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
        assert!(help.contains(&games::op_list()), "{help}");
        let simulate = command.find_subcommand_mut("simulate").unwrap();
        let help = simulate.render_long_help().to_string();
        assert!(help.contains("zaagox: 2 to 4"), "{help}");
        assert!(
            help.contains("zaagox: Zaägox, the Didopoikas collecting game (2-4 players)"),
            "{help}"
        );
    }

    #[test]
    fn bad_arguments_are_refused() {
        for args in [
            &[
                "cardrules",
                "simulate",
                "zaagox",
                "--players",
                "3",
                "--games",
                "0",
            ][..],
            &[
                "cardrules",
                "simulate",
                "zaagox",
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
            &["cardrules", "simulate", "zaagox", "--games", "5"],
            &[
                "cardrules",
                "simulate",
                "zaagox",
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
        let cli = parse(["cardrules", "simulate", "zaagox", "-p", "2", "-g", "1"]).unwrap();
        assert!(
            matches!(cli.command, Command::Simulate(ref args) if args.game == "zaagox" && args.players == 2)
        );
        let err = parse(["cardrules", "simulate", "letom", "-p", "3", "-g", "1"]).unwrap_err();
        assert!(
            err.to_string().contains("[possible values: zaagox]"),
            "{err}"
        );
    }
}

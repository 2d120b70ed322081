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
mod replay;
mod simulate;

use std::io::{self, IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory as _, Parser, Subcommand, ValueEnum};

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
    /// exits 0 at the end of input. Ops: zaagox.score, zaagox.playout (the other games' ops
    /// answer "not implemented yet" until their rules land). See docs/oracle.md.
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

/// The games `simulate` can play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GameArg {
    /// Zaägox, the Didopoikas collecting game (2-4 players).
    Zaagox,
}

/// Arguments of `cardrules simulate`.
#[derive(Debug, Args)]
struct SimulateArgs {
    /// The game to play.
    game: GameArg,
    /// Number of players (Zaägox: 2 to 4).
    #[arg(short, long, value_name = "N")]
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
    /// The record: JSON with the fields game, rules, players, seed and actions.
    record: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Oracle => oracle(),
        Command::Simulate(args) => simulate(&args),
        Command::Replay(args) => match replay::run(&args.record, args.json) {
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
    let (game, (min, max), play) = match args.game {
        GameArg::Zaagox => ("zaagox", games::zaagox::PLAYERS, games::zaagox::summarize),
    };
    if !(min..=max).contains(&args.players) {
        let message = format!(
            "{game} is played by {min} to {max} players, not {} (--players)",
            args.players
        );
        let mut command = Cli::command();
        command.build();
        if let Some(simulate) = command.find_subcommand_mut("simulate") {
            simulate.error(ErrorKind::ValueValidation, message).exit();
        }
        command.error(ErrorKind::ValueValidation, message).exit();
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
    let (stats, elapsed) = match simulate::run(game, &config, play) {
        Ok(done) => done,
        Err(e) => return fail(&e),
    };
    let report = stats.report(elapsed);
    if args.json {
        match serde_json::to_string(&report) {
            Ok(line) => print(&line),
            Err(e) => fail(&e),
        }
    } else {
        print(&report.to_string())
    }
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
        Cli::command().debug_assert();
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
            assert!(Cli::try_parse_from(args).is_err(), "{args:?}");
        }
        assert!(
            Cli::try_parse_from(["cardrules", "simulate", "zaagox", "-p", "2", "-g", "1"]).is_ok()
        );
    }
}

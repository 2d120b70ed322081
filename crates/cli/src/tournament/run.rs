//! One game type's tournament: bots made from their names, deals in parallel, the table.

use std::fmt::Write as _;
use std::time::Instant;

use cards_bots::BotSpec;
use cards_registry::{Entry, Run, Standings};

use super::{Config, TournamentError};
use crate::output;
use cards_registry::GameType;

/// Deals per chunk: a chunk's results are held before they are folded, and the progress
/// bar's standings are refreshed after each.
const CHUNK: u64 = 64;

/// Runs `config` for the game type `line` and renders the report (text, or JSON with `json`).
///
/// # Errors
/// [`TournamentError`] for a bad bot name, bad rules, a table the game does not seat, a bot
/// whose action the game refuses, or a record that cannot be written.
pub fn tournament(
    line: &'static GameType,
    config: &Config,
    json: bool,
) -> Result<String, TournamentError> {
    let specs: Vec<BotSpec> = config
        .bots
        .iter()
        .filter(|b| !cards_registry::pipe::is_program(b))
        .map(|b| b.parse())
        .collect::<Result<_, _>>()?;
    let rules = line
        .rules(&config.rules, config.players)
        .map_err(TournamentError::Rules)?;
    let entries = config
        .bots
        .iter()
        .map(|b| Entry::from_name(b, config.answer_time))
        .collect::<Result<Vec<_>, _>>()?;
    let t = line.duplicate_with(&rules, config.players, &entries, config.seed)?;
    let pool =
        crate::parallel::pool(config.threads).map_err(|source| TournamentError::Threads {
            threads: config.threads,
            source,
        })?;
    let bar = crate::parallel::bar(
        config.progress,
        config.deals,
        "{wide_bar} {human_pos}/{human_len} deals, eta {eta}\n{msg}",
    );
    let parts = file_parts(&entries);
    let names = RecordNames {
        record: line.record(),
        deals: config.deals,
        games: t
            .pairs()
            .into_iter()
            .flat_map(|(a, b)| {
                let parts = &parts;
                (0..t.seatings().len())
                    .map(move |seating| record_tail(&parts[a], &parts[b], seating))
            })
            .collect(),
    };
    if let Some(dir) = &config.record {
        output::check_dir(dir, &names, config.force)?;
    }
    let start = Instant::now();
    let mut shown = start;
    let mut results = Vec::new();
    let mut records = Vec::new();
    let record = config.record.is_some();
    crate::parallel::in_order(
        &pool,
        config.deals,
        CHUNK,
        &bar,
        |d| t.play_deal(d, record),
        |deal, chunk_end| {
            let deal = deal?;
            if let Some(dir) = &config.record {
                for (game, record) in deal.games.iter().zip(&deal.records) {
                    let tail = record_tail(&parts[game.pair.0], &parts[game.pair.1], game.seating);
                    let path = dir.join(names.name(deal.deal, &tail));
                    // Parsed again, to be written as tournament records always were: pretty,
                    // keys sorted.
                    let record: serde_json::Value = serde_json::from_str(record)?;
                    let mut text = serde_json::to_string_pretty(&record)?;
                    text.push('\n');
                    output::write_file(&path, text.as_bytes())?;
                    records.push(path.display().to_string());
                }
            }
            results.push(deal.games);
            // The running standings read every result so far: refresh them after a chunk,
            // twice a second at most.
            if chunk_end && config.progress && shown.elapsed().as_millis() >= 500 {
                bar.set_message(running(&t.standings(&results)));
                shown = Instant::now();
            }
            Ok::<(), TournamentError>(())
        },
    )?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let standings = t.standings(&results);
    let seatings: Vec<String> = t
        .seatings()
        .iter()
        .map(|s| s.iter().map(|&b| if b == 0 { 'A' } else { 'B' }).collect())
        .collect();
    if json {
        let run = Run {
            seed: config.seed,
            deals: config.deals,
            bots: &config.bots,
            records,
            seconds,
        };
        return Ok(t.report_json(&standings, &run)?);
    }
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Tournament: {} at {} players, {}; {} deal{} from seed {}; every deal played by each \
         pair under the seatings {} (bot A first).",
        line.label,
        config.players,
        config.rules.describe(),
        config.deals,
        if config.deals == 1 { "" } else { "s" },
        config.seed,
        seatings.join(", ")
    );
    for spec in specs.iter().filter(|s| s.cheats()) {
        let _ = writeln!(
            text,
            "{spec} sees every card (the true state): a ceiling, not a fair player."
        );
    }
    let _ = writeln!(
        text,
        "Unit: one seat's settlement of a game, in {}. [lo, hi] is a 95% interval.",
        line.settlement
    );
    let _ = write!(text, "\n{standings}");
    let _ = writeln!(
        text,
        "\nThe margin is what A takes from B a game: half the gap between their mean \
         settlements a seat, averaged over a deal's seatings; its interval is over the deals. \
         Significant: the 95% interval excludes 0."
    );
    let unit = line.settlement.split(':').next().unwrap_or_default();
    let _ = write!(text, "\n{}", verdicts(&standings, config.deals, unit));
    if !records.is_empty() {
        let _ = writeln!(
            text,
            "Records: {} files in {}",
            records.len(),
            config
                .record
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        );
    }
    let _ = write!(
        text,
        "Played in {seconds:.1} s ({:.1} deals/s).",
        config.deals as f64 / seconds.max(1e-9)
    );
    Ok(text)
}

/// Each pair's verdict in words, and a note where a bot's rating and its mean disagree.
fn verdicts(s: &Standings, deals: u64, unit: &str) -> String {
    let mut text = String::from("In words:\n");
    for p in &s.pairs {
        let decisive = p.wins + p.losses;
        let (better, worse, margin, lo, hi, won) = if p.margin.mean >= 0.0 {
            (&p.a, &p.b, p.margin.mean, p.margin.lo, p.margin.hi, p.wins)
        } else {
            (
                &p.b,
                &p.a,
                -p.margin.mean,
                -p.margin.hi,
                -p.margin.lo,
                p.losses,
            )
        };
        let games = format!("won {won} of the {decisive} games that were not drawn");
        if p.significant {
            let _ = writeln!(
                text,
                "  {better} is better than {worse}: it takes {margin:.2} {unit} a game from it (95% \
                 interval {lo:.2} to {hi:.2}), and {games}."
            );
        } else {
            let interval = if lo.is_finite() && hi.is_finite() {
                format!("the 95% interval ({lo:.2} to {hi:.2}) holds 0")
            } else {
                "one deal gives no interval".to_owned()
            };
            let over = if deals == 1 {
                "one deal".to_owned()
            } else {
                format!("{deals} deals")
            };
            let _ = writeln!(
                text,
                "  {better} and {worse} cannot be told apart over {over}: {better} is ahead by \
                 {margin:.2} {unit} a game, but {interval}; {better} {games}. More deals would \
                 tell."
            );
        }
    }
    let disagree: Vec<&str> = (s.bots.iter())
        .filter(|b| b.settlement.mean * b.rating.mean < 0.0)
        .map(|b| b.name.as_str())
        .collect();
    if !disagree.is_empty() {
        let _ = writeln!(
            text,
            "  The mean and the rating disagree for {}: the rating counts games won, drawn and \
             lost, the mean counts what was won, so a bot that loses more games than it wins \
             can still come out ahead when its wins are the larger ones.",
            disagree.join(", ")
        );
    }
    text
}

/// The first pair's running margin, for the progress bar.
fn running(s: &Standings) -> String {
    s.pairs
        .iter()
        .take(3)
        .map(|p| {
            format!(
                "{} vs {}: {:+.2} [{:+.2}, {:+.2}] a deal",
                p.a, p.b, p.margin.mean, p.margin.lo, p.margin.hi
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The record files of a tournament: `<record>-deal<D>-<A>-vs-<B>-seating<K>.json` for its
/// deals and games.
struct RecordNames {
    /// The game type's record name ([`GameType::record`]).
    record: &'static str,
    /// The deals played.
    deals: u64,
    /// Each game of a deal's name after its deal number ([`record_tail`]).
    games: Vec<String>,
}

impl RecordNames {
    fn name(&self, deal: u64, tail: &str) -> String {
        format!("{}-deal{deal}{tail}", self.record)
    }
}

impl output::Planned for RecordNames {
    fn may_write(&self, name: &str) -> bool {
        let Some(rest) = name
            .strip_prefix(self.record)
            .and_then(|r| r.strip_prefix("-deal"))
        else {
            return false;
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        rest[..digits]
            .parse::<u64>()
            .is_ok_and(|deal| deal < self.deals)
            && self.games.iter().any(|tail| *tail == rest[digits..])
    }
}

/// `-<A>-vs-<B>-seating<K>.json`: a game's record name after its deal, `a` and `b` the
/// entrants' [`file_parts`].
fn record_tail(a: &str, b: &str, seating: usize) -> String {
    format!("-{a}-vs-{b}-seating{seating}.json")
}

/// Each entrant's part of the record files' names: its name (its label, if it has one) as a
/// file name allows it ([`file_part`]), and, where two entrants' parts would be alike (the same
/// bot twice, or programs alike in their first 48 characters), `_N` after it, `N` its place in
/// `--bots` from 1. No file part has a `_` of its own, so no two games share a file.
fn file_parts(entries: &[Entry]) -> Vec<String> {
    let plain: Vec<String> = entries.iter().map(|e| file_part(e.name())).collect();
    plain
        .iter()
        .enumerate()
        .map(|(i, part)| {
            if plain.iter().filter(|other| *other == part).count() > 1 {
                format!("{part}_{}", i + 1)
            } else {
                part.clone()
            }
        })
        .collect()
}

/// A name as part of a file name (`ismcts:1000` → `ismcts-1000`; an `exec:` command's first
/// 48 characters), every character but an ASCII letter or digit made `-`.
fn file_part(name: &str) -> String {
    name.trim()
        .chars()
        .take(48)
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

//! One game type's tournament: bots made from their names, deals in parallel, the table.

use std::fmt::Write as _;
use std::time::Instant;

use cards_bots::{BotSpec, Entrant, Standings, Tournament};
use cards_core::{Presets as _, RuleBot, Seed};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use super::{Config, TournamentError};
use crate::output;
use crate::table::Row;

/// Deals per chunk: a chunk's results are held before they are folded, and the progress
/// bar's standings are refreshed after each.
const CHUNK: u64 = 64;

#[derive(Serialize)]
struct Report<'a, R: Serialize> {
    game: &'static str,
    variant: Option<&'static str>,
    rules: &'a R,
    players: usize,
    seed: u64,
    deals: u64,
    bots: &'a [String],
    seatings: Vec<String>,
    standings: &'a Standings,
    records: Vec<String>,
    timing: Timing,
}

#[derive(Serialize)]
struct Timing {
    seconds: f64,
    deals_per_second: f64,
}

/// Runs `config` for the game type `G` of `row` and renders the report (text, or JSON with
/// `json`).
///
/// # Errors
/// [`TournamentError`] for a bad bot name, bad rules, a table the game does not seat, a bot
/// whose action the game refuses, or a record that cannot be written.
pub fn tournament<G: RuleBot + 'static>(
    row: &Row,
    config: &Config,
    json: bool,
) -> Result<String, TournamentError> {
    let specs: Vec<BotSpec> = config
        .bots
        .iter()
        .map(|b| b.parse())
        .collect::<Result<_, _>>()?;
    let rules: G::Rules = config
        .rules
        .rules(row.game, &G::Rules::presets())
        .map_err(TournamentError::Rules)?;
    let tuning = cards_registry::tuning(G::NAME);
    let entrants = specs
        .iter()
        .zip(&config.bots)
        .map(|(&spec, name)| Entrant::<G> {
            name: name.trim().to_owned(),
            make: Box::new(move |seed: Seed| spec.player::<G>(seed, &tuning)),
        })
        .collect();
    let t = Tournament::new(
        rules.clone(),
        config.players,
        entrants,
        Seed::from(config.seed),
    )?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|source| TournamentError::Threads {
            threads: config.threads,
            source,
        })?;
    let bar = if config.progress {
        let bar = ProgressBar::new(config.deals);
        if let Ok(style) = ProgressStyle::with_template(
            "{wide_bar} {human_pos}/{human_len} deals, eta {eta}\n{msg}",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let names = RecordNames {
        record: G::NAME,
        deals: config.deals,
        games: t
            .pairs()
            .into_iter()
            .flat_map(|(a, b)| {
                (0..t.seatings().len())
                    .map(move |seating| record_tail(&config.bots[a], &config.bots[b], seating))
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
    let mut first = 0u64;
    while first < config.deals {
        let end = first.saturating_add(CHUNK).min(config.deals);
        let chunk: Vec<_> = pool.install(|| {
            (first..end)
                .into_par_iter()
                .map(|d| {
                    let r = t.play_deal(d, config.record.is_some());
                    bar.inc(1);
                    r
                })
                .collect()
        });
        for deal in chunk {
            let deal = deal?;
            if let Some(dir) = &config.record {
                for (game, record) in deal.games.iter().zip(&deal.records) {
                    let tail = record_tail(
                        &config.bots[game.pair.0],
                        &config.bots[game.pair.1],
                        game.seating,
                    );
                    let path = dir.join(names.name(deal.deal, &tail));
                    let mut text = serde_json::to_string_pretty(record)?;
                    text.push('\n');
                    output::write_file(&path, text.as_bytes())?;
                    records.push(path.display().to_string());
                }
            }
            results.push(deal.games);
        }
        first = end;
        // The running standings read every result so far: refresh them twice a second at most.
        if config.progress && shown.elapsed().as_millis() >= 500 {
            bar.set_message(running(&t.standings(results.iter().map(Vec::as_slice))));
            shown = Instant::now();
        }
    }
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let standings = t.standings(results.iter().map(Vec::as_slice));
    let seatings: Vec<String> = t
        .seatings()
        .iter()
        .map(|s| s.iter().map(|&b| if b == 0 { 'A' } else { 'B' }).collect())
        .collect();
    if json {
        let report = Report {
            game: row.game,
            variant: row.variant,
            rules: &rules,
            players: config.players,
            seed: config.seed,
            deals: config.deals,
            bots: &config.bots,
            seatings,
            standings: &standings,
            records,
            timing: Timing {
                seconds,
                deals_per_second: config.deals as f64 / seconds.max(1e-9),
            },
        };
        return Ok(serde_json::to_string_pretty(&report)?);
    }
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Tournament: {} at {} players, {}; {} deals from seed {}; every deal played by each \
         pair under the seatings {} (bot A first).",
        row.label,
        config.players,
        config.rules.describe(),
        config.deals,
        config.seed,
        seatings.join(", ")
    );
    for spec in specs.iter().filter(|s| s.cheats()) {
        let _ = writeln!(
            text,
            "{spec} sees every card (the true state): a ceiling, not a fair player."
        );
    }
    let _ = write!(text, "\n{standings}");
    let _ = writeln!(
        text,
        "\nThe margin is what A takes from B a game: half the gap between their mean \
         settlements a seat, averaged over a deal's seatings; its interval is over the deals. \
         Significant: the 95% interval excludes 0."
    );
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
    /// The game type's record name ([`cards_core::Game::NAME`]).
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

/// `-<A>-vs-<B>-seating<K>.json`: a game's record name after its deal.
fn record_tail(a: &str, b: &str, seating: usize) -> String {
    format!(
        "-{}-vs-{}-seating{seating}.json",
        file_part(a),
        file_part(b)
    )
}

/// A bot's name as part of a file name (`ismcts:1000` → `ismcts-1000`).
fn file_part(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

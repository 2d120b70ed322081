//! The text report: the [`Report`] as a person reads it, and the small helpers of every
//! game's summary text.

use serde::Serialize;
use std::fmt;

use super::*;

/// Renders a report: one line of JSON with `json`, else text.
///
/// # Errors
/// [`SimulateError::Write`] when the JSON cannot be written.
pub fn render<D: Serialize + fmt::Display>(
    report: &Report<D>,
    json: bool,
) -> Result<String, SimulateError> {
    if json {
        serde_json::to_string(report).map_err(SimulateError::Write)
    } else {
        Ok(report.to_string())
    }
}

/// A share (0 to 1) as a percentage with two decimals; a non-zero share too small to show is
/// `<0.01%`, one just short of all `>99.99%`. Honours the width and alignment asked for.
#[derive(Debug, Clone, Copy)]
pub struct Percent(pub f64);

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0 * 100.0;
        let text = if p > 0.0 && p < 0.005 {
            "<0.01%".to_owned()
        } else if (99.995..100.0).contains(&p) {
            ">99.99%".to_owned()
        } else {
            format!("{p:.2}%")
        };
        f.pad(&text)
    }
}

/// `1 game`, `2 games`: `count` and the right form of the noun.
#[must_use]
pub fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Writes a histogram's rows: the label in `label_width` columns, the count, the share in
/// `share_width` columns, then the bar (see [`bar`]), each row indented by two spaces.
///
/// # Errors
/// Only the formatter's.
pub fn write_histogram(
    f: &mut fmt::Formatter<'_>,
    rows: &[BucketReport],
    label_width: usize,
    share_width: usize,
) -> fmt::Result {
    let top = rows.iter().map(|b| b.count).max().unwrap_or(0);
    for b in rows {
        let bar = bar(b.count, top);
        let sep = if bar.is_empty() { "" } else { "  " };
        writeln!(
            f,
            "  {:<label_width$}{:>10}  {:>share_width$}{sep}{bar}",
            b.label,
            b.count,
            Percent(b.share)
        )?;
    }
    Ok(())
}

/// Width of the longest histogram bar, in characters.
pub const BAR_WIDTH: u64 = 40;

/// A histogram bar for `count` out of a largest bucket of `top`: `#`s proportional to the
/// count, rounded to the nearest; empty only for 0, `.` for a count too small for one `#`.
#[must_use]
pub fn bar(count: u64, top: u64) -> String {
    if count == 0 || top == 0 {
        return String::new();
    }
    let len =
        (u128::from(count) * u128::from(BAR_WIDTH) * 2 + u128::from(top)) / (2 * u128::from(top));
    if len == 0 {
        ".".to_owned()
    } else {
        "#".repeat(usize::try_from(len).unwrap_or(0))
    }
}

/// A signed mean with two decimals: `+0.36`, `-0.79`, `0.00`.
fn signed(value: f64) -> String {
    if value.abs() < 0.005 {
        "0.00".to_owned()
    } else {
        format!("{value:+.2}")
    }
}

/// A median: whole when it is, else with one decimal (`97`, `97.5`).
fn median(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

impl<D: fmt::Display> fmt::Display for Report<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.seed.wrapping_add(self.games.saturating_sub(1));
        let wraps = last < self.seed;
        let game = match self.variant {
            Some(variant) => format!("{} ({variant})", self.game),
            None => self.game.to_owned(),
        };
        writeln!(
            f,
            "{}: {}, {} players, seeds {} to {} (game i is played from seed {} + i{})",
            game,
            plural(self.games, "game", "games"),
            self.players,
            self.seed,
            last,
            self.seed,
            if wraps { ", wrapping at 2^64" } else { "" }
        )?;
        writeln!(f, "players: {PLAYER}; {}", self.text.rules)?;
        writeln!(f)?;
        writeln!(f, "Terms")?;
        let terms = GENERIC_TERMS.iter().chain(self.text.terms);
        let width = terms
            .clone()
            .map(|t| t.word.chars().count())
            .max()
            .unwrap_or(0);
        for term in terms {
            let lines = wrap(term.meaning, TEXT_WIDTH.saturating_sub(width + 4).max(30));
            for (i, line) in lines.iter().enumerate() {
                let word = if i == 0 { term.word } else { "" };
                writeln!(f, "  {word:<width$}  {line}")?;
            }
        }
        writeln!(f)?;
        write!(f, "{}", self.details)?;
        if self.unfinished > 0 {
            writeln!(
                f,
                "unfinished: {} stopped at the action bound without ending (a rules bug)",
                plural(self.unfinished, "game", "games")
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "{:<18}{:>9}{:>9}{:>7}{:>7}",
            "Length per game", "mean", "median", "min", "max"
        )?;
        let actions = std::iter::once(("actions", &self.actions));
        let others = self.text.lengths.iter().map(|(name, l)| (*name, l));
        for (name, length) in actions.chain(others) {
            writeln!(
                f,
                "  {:<16}{:>9.2}{:>9}{:>7}{:>7}",
                name,
                length.mean,
                median(length.median),
                length.min,
                length.max
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "{:<10}{:>14}{:>16}",
            "Settlement", "mean per game", "total"
        )?;
        for (seat, (mean, total)) in self
            .settlement
            .mean
            .iter()
            .zip(&self.settlement.total)
            .enumerate()
        {
            let total = if *total > 0 {
                format!("+{total}")
            } else {
                total.to_string()
            };
            writeln!(f, "  seat {seat:<3}{:>14}{total:>16}", signed(*mean))?;
        }
        writeln!(f)?;
        let notable = self.notable.labelled();
        if !notable.is_empty() {
            writeln!(f, "Notable games (the first game when several tie)")?;
            let width = notable
                .iter()
                .map(|(l, _)| l.chars().count())
                .max()
                .unwrap_or(0);
            let seed_width = notable
                .iter()
                .map(|(_, g)| g.seed.to_string().len())
                .max()
                .unwrap_or(0)
                .max(4);
            let recorded = notable.iter().any(|(_, g)| g.record.is_some());
            writeln!(
                f,
                "  {:<width$}  {:>7}  {:>seed_width$}  {:>7}{}",
                "",
                "value",
                "seed",
                "actions",
                if recorded { "  record" } else { "" }
            )?;
            for (label, game) in &notable {
                let record = game
                    .record
                    .as_deref()
                    .map(|r| format!("  {r}"))
                    .unwrap_or_default();
                writeln!(
                    f,
                    "  {label:<width$}  {:>7}  {:>seed_width$}  {:>7}{record}",
                    game.value, game.seed, game.actions
                )?;
            }
            let example = notable[0].1;
            match &example.record {
                Some(record) => writeln!(f, "  Replay one: cardrules replay {record}")?,
                None => {
                    let seed = example.seed;
                    writeln!(f, "  To replay one, record it, then replay the record:")?;
                    writeln!(
                        f,
                        "    cardrules simulate {} --players {} --games 1 --seed {seed}{} --record DIR",
                        self.game, self.players, self.text.args
                    )?;
                    writeln!(
                        f,
                        "    cardrules replay DIR/{}",
                        record_file_name(self.text.record, self.players, seed)
                    )?;
                    if let Some(what) = self.text.traced {
                        writeln!(f, "  or follow {what} step by step with the oracle:")?;
                        let variant = self
                            .text
                            .trace_variant
                            .map(|v| format!("\"variant\":\"{v}\","))
                            .unwrap_or_default();
                        writeln!(
                            f,
                            "    echo '{{\"op\":\"{}.trace\",{variant}\"players\":{},\"seed\":{seed}}}' | cardrules oracle",
                            self.game, self.players
                        )?;
                    }
                }
            }
        }
        if self.text.record_dir.is_some() {
            writeln!(
                f,
                "  {} written to {}",
                plural(self.records.len() as u64, "record", "records"),
                self.text.record_dir.as_deref().unwrap_or_default()
            )?;
        }
        writeln!(f)?;
        write!(
            f,
            "time: {:.3} s, {:.0} games/s",
            self.timing.seconds, self.timing.games_per_second
        )?;
        if let Some(unit) = self.text.units
            && let Some(rate) = self.timing.units.get(&format!("{unit}_per_second"))
        {
            write!(f, ", {rate:.0} {unit}/s")?;
        }
        Ok(())
    }
}

/// The width the text report wraps its legend to.
const TEXT_WIDTH: usize = 100;

/// `text` in lines of at most `width` characters, broken at spaces (a longer word gets a
/// line of its own).
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

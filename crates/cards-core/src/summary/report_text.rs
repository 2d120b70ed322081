//! The text report: a [`Report`] as a person reads it.

use std::fmt;

use super::text::{median, signed};
use super::{GENERIC_TERMS, PLAYER, Report, plural, wrap};

/// The width the text report wraps its legend to.
const TEXT_WIDTH: usize = 100;

impl<D: fmt::Display, R> fmt::Display for Report<D, R> {
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
        self.write_lengths(f)?;
        self.write_settlement(f)?;
        self.write_notable(f)?;
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

impl<D, R> Report<D, R> {
    /// The table of lengths per game: actions, then the game's own.
    fn write_lengths(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        writeln!(f)
    }

    /// The settlement by seat, mean and total.
    fn write_settlement(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        writeln!(f)
    }

    /// The notable games, the front end's replay lines and where records went.
    fn write_notable(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
            for line in &self.text.replay {
                writeln!(f, "{line}")?;
            }
        }
        if let Some(dir) = &self.text.record_dir {
            writeln!(
                f,
                "  {} written to {dir}",
                plural(self.records.len() as u64, "record", "records"),
            )?;
        }
        Ok(())
    }
}

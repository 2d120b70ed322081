//! [`Tally`]: what a game counts over a run beyond the generic statistics.

use serde::Serialize;
use std::fmt;

use super::LengthReport;

/// What a game counts over a run beyond the generic statistics, folded in game order.
///
/// Implementations hold integers only (this module's blocks do), so a run's statistics never
/// depend on the order of floating-point additions.
pub trait Tally: Clone + fmt::Debug + PartialEq + Send {
    /// What one finished game contributes (computed on a worker thread).
    type Summary: Send;
    /// The game's part of the report: flattened into the JSON report, and shown as whole
    /// lines (each ending with a line end) in the text report.
    type Report: Serialize + fmt::Display;

    /// Nothing counted yet, for a table of `players`.
    fn new(players: usize) -> Self;

    /// Counts one game.
    fn add(&mut self, summary: &Self::Summary);

    /// The report after `games` games.
    fn report(&self, games: u64) -> Self::Report;

    /// Other lengths per game the game counts (Zaägox: turns), shown beside actions in the
    /// text report's length table. Their JSON is the game's own (in [`Self::Report`]).
    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        Vec::new()
    }

    /// Another unit the game counts (Jass: deals), whose rate per second the timing reports
    /// beside games per second: its name (plural) and how many were counted.
    fn unit(&self) -> Option<(&'static str, u64)> {
        None
    }
}

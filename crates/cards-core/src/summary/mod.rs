//! What a run of many games found, summarized: the figures every game has (actions, the
//! settlement, the notable games with their seeds) and what a game counts of its own.
//!
//! A game declares its summary by implementing [`Summary`]: the terms it uses, what its score
//! is, what it keeps of one finished game and the [`Tally`] that counts those over a run. A
//! tally is built from this module's counting blocks, each of which knows how to add a game,
//! merge another run's count, report itself as JSON and write its text lines:
//! [`Distribution`] (a count per game: its mean, median and extremes), [`Histogram`] (values
//! in labelled buckets), [`Extremes`] (the lowest and highest value), [`Mean`] (a sum over a
//! count), [`Spread`] (a mean with its standard deviation and range), [`SeatCounts`] (a count
//! per seat with its rates) and [`SeatSums`] (a sum per seat with its means). Counts are integers, so a
//! summary never depends on the order games are added in, and two runs' counts merge exactly.
//!
//! A front end plays the games (in any order, on any number of threads), turns each into a
//! [`Played`] with [`Summary::played`], adds them to [`Stats`] in game order and asks for the
//! [`Report`]: serializable (the `--json` report of `cardrules simulate`) and displayable (its
//! text). Nothing here plays a game or touches a file.
//!
//! ```
//! use cards_core::summary::{Distribution, Histogram, Bucket};
//!
//! const SIZES: [Bucket; 2] = [(None, Some(9), "<10"), (Some(10), None, ">=10")];
//! let mut lengths = Distribution::default();
//! let mut sizes = Histogram::new(&SIZES);
//! for value in [4, 12, 30] {
//!     lengths.add(value);
//!     sizes.add(value as i64);
//! }
//! assert_eq!(lengths.median(), 12.0);
//! assert_eq!(sizes.counts(), &[1, 2]);
//! ```

mod distribution;
mod extremes;
mod game;
mod histogram;
mod mean;
mod report;
mod report_text;
mod seat_counts;
mod seat_sums;
mod spread;
mod stats;
mod tally;
mod text;

pub use distribution::{Distribution, LengthReport};
pub use extremes::Extremes;
pub use game::Summary;
pub use histogram::{
    BAR_WIDTH, Bucket, BucketReport, Histogram, bar, bucket_of, bucket_reports, write_histogram,
};
pub use mean::Mean;
pub use report::{
    About, GENERIC_TERMS, NotableReport, PLAYER, Report, RunRules, SEEDS, SettlementReport,
    TextParts, Timing,
};
pub use seat_counts::SeatCounts;
pub use seat_sums::SeatSums;
pub use spread::{Spread, SpreadReport};
pub use stats::{Notable, Played, Stats, rate};
pub use tally::Tally;
pub use text::{Percent, plural, wrap};

pub use crate::Term;

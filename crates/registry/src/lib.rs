//! # cards-registry
//!
//! The games of cardrules behind one erased interface: the [`catalogue()`] of every game type
//! the front ends play (one line each: the game, its variant, what it is, its players, its
//! rules and presets, the name its records carry), and [`Table`], one game in play whatever the
//! game, object-safe, with every refusal a value: its moves whole or step by step, its views
//! and events for a seat, bots by their ladder names, hints and sampled worlds. Beside it:
//! [`Duplicate`], a duplicate-deal tournament played deal by deal; [`oracle`], the
//! conformance protocol answered line by line; and [`GameType::visit`], a front end's own
//! generic code run typed for a line's game type. The layers run one way: `cards-core` ← the
//! games ← `cards-bots` ← this registry ← the front ends (the command line, the Python
//! package and the browser page's engine), so a front end names no game: adding a game to every
//! front end is its crate and one line of the catalogue.
//!
//! ```
//! use cards_registry::{catalogue, find};
//!
//! // A whole Schieber game and one Schieber deal are two lines of the catalogue, told apart.
//! let deal = find("jass", Some("schieber-deal"))?;
//! assert_eq!(deal.record(), "schieber-deal");
//! let mut table = deal.new_table(&serde_json::json!({}), 4, 42)?;
//! while table.to_act().is_some() {
//!     let chosen = table.bot_move("rules", 7)?;
//!     table.play(&chosen.notation)?; // refused in the rule's words, the table unchanged
//! }
//! assert_eq!(table.settlement().iter().sum::<i64>(), 0);
//! // The record replays to the same table.
//! let again = deal.replay(&table.record().to_string())?;
//! assert_eq!(again.state(), table.state());
//! assert!(catalogue().iter().any(|t| t.game == "letom" && t.variant == Some("match")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

pub mod batch;
mod catalogue;
mod duplicate;
mod error;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
pub mod oracle;
pub mod page;
pub mod pipe;
pub mod records;
pub mod rules;
mod session;
mod shard;
mod table;
pub mod words;

pub use batch::{Batch, BatchConfig};
pub use cards_bots::{GameResult, Standings};
pub use catalogue::{GameType, SummaryVisitor, Visitor, by_record, catalogue, find, games, tuning};
pub use duplicate::{Deal, Duplicate, Entry, MAX_DEALS, Outsider, Run, tournament_deals};
pub use error::{LookupError, TableError};
pub use records::Records;
pub use session::{Decider, End, Screen, Session, decision_seed};
pub use shard::{Merged, Part, SelfPlay, Shard, ShardError, merge};
pub use table::{Catalogued, Move, Step, Stepped, Table, Told, Weighed};

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

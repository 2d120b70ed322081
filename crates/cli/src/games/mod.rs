//! Each game's own part of the command line: its oracle ops and what its `simulate` summary
//! counts and says. Everything else is generic ([`crate::play`]) and the table
//! ([`crate::table`]) lists the game types.

pub mod adapter;
pub mod elewenjewe;
pub mod generic;
pub mod jass;
pub mod letom;
pub mod zaagox;

pub use adapter::{Adapter, Op, Simulation};

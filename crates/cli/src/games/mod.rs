//! Each game's own part of the command line: what its `simulate` summary counts and says
//! ([`Summary`]). Everything else is generic ([`crate::play`]) and the table
//! ([`crate::table`]) lists the game types.

pub mod elewenjewe;
pub mod jass;
pub mod letom;
pub mod summary;
pub mod zaagox;

pub use summary::Summary;

//! Each game's own part of the command line: its oracle ops (`games/<game>/ops.rs`). Everything
//! else is generic ([`crate::play`]), each game's `simulate` summary is its crate's
//! ([`cards_core::summary::Summary`]) and the table ([`crate::table`]) lists the game types.

pub mod elewenjewe;
pub mod jass;
pub mod letom;
pub mod zaagox;

/// One of a game's own oracle ops (beyond `playout` and `trace`, which every game has).
#[derive(Debug, Clone, Copy)]
pub struct Op {
    /// The verb: the op is `<game>.<verb>`.
    pub verb: &'static str,
    /// Answers the request's fields (everything but `op`).
    pub answer:
        fn(crate::protocol::Fields) -> Result<crate::protocol::Body, crate::protocol::OracleError>,
}

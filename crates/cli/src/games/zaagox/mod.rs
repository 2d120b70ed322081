//! Zaägox in the CLI: its own oracle op `zaagox.score` ([`ops`]). Everything else the CLI does
//! with Zaägox is generic ([`crate::play`]); its summary is the crate's own
//! ([`zaagox::summary`]).

pub mod ops;

pub use ops::OPS;

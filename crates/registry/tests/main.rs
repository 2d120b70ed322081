//! The registry's integration tests: the catalogue, every game type's table against the
//! typed game it erases, and the ladder's search tuning per game type.

mod batch;
mod catalogue;
mod duplicate;
mod pipe;
mod reading;
mod shards;
mod steps;
mod tables;
mod tuning;

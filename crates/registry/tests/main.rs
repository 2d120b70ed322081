//! The registry's integration tests: the catalogue, and every game type's table against the
//! typed game it erases.

mod catalogue;
mod duplicate;
mod steps;
mod tables;

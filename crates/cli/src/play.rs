//! What every command does with a game type, written once: [`Play`] (the oracle's playout and
//! trace, `replay`, the rules help) and [`Simulate`] (`simulate`), both implemented by
//! [`Of`] for every game type the table lists.

use std::marker::PhantomData;
use std::ops::RangeInclusive;

use cards_core::{Game, Presets, RuleBot};

use crate::oracle::playout;
use crate::protocol::{Body, Fields, OpName, OracleError};
use crate::replay;
use crate::replay::ReplayFileError;
use crate::simulate::{Config, SimulateError};
use crate::table::Row;
use crate::tournament::{self, TournamentError};
use cards_core::summary::Summary;
use cards_registry::rules;

/// One game type as the oracle and `replay` use it (object-safe: the table holds
/// `&dyn Play`).
pub trait Play: Sync {
    /// The `game` its records carry ([`Game::NAME`]).
    fn record(&self) -> &'static str;
    /// Its player counts under default rules.
    fn players(&self) -> RangeInclusive<usize>;
    /// `<game>.playout`: one whole random game (`label` names it in messages).
    ///
    /// # Errors
    /// The request's refusals ([`OracleError`]).
    fn playout(&self, op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError>;
    /// `<game>.trace`: the same game, step by step.
    ///
    /// # Errors
    /// As [`Play::playout`].
    fn trace(&self, op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError>;
    /// `replay` of a record of this type given as JSON text (`seed`: its seed when written
    /// as an integer; `seat`: tell the game as that seat saw it), written to `out`: the text
    /// report, or JSON with `json`.
    ///
    /// # Errors
    /// [`ReplayFileError`] when the record is not valid or does not replay, or `out` fails.
    fn replay(
        &self,
        text: &[u8],
        seed: Option<u64>,
        seat: Option<u8>,
        json: bool,
        out: &mut dyn std::io::Write,
    ) -> Result<(), ReplayFileError>;
    /// Its rules' fields and presets, for the help.
    fn rules_help(&self) -> RulesHelp;
}

/// One game type as `simulate` plays it.
pub trait Simulate: Sync {
    /// Runs `config` for `row` (what the report names) and renders the report.
    ///
    /// # Errors
    /// [`SimulateError`] when the run fails (bad rules included).
    fn simulate(&self, row: &Row, config: &Config, json: bool) -> Result<String, SimulateError>;
}

/// One game type as `tournament` plays it (a game with a rule-based bot).
pub trait Compete: Sync {
    /// Runs the tournament `config` for `row` and renders the report.
    ///
    /// # Errors
    /// [`TournamentError`] when the run fails (bad bots or rules included).
    fn tournament(
        &self,
        row: &Row,
        config: &tournament::Config,
        json: bool,
    ) -> Result<String, TournamentError>;
}

/// The generic face of the game type `G`.
pub struct Of<G>(PhantomData<fn() -> G>);

impl<G> Of<G> {
    /// The value the table points to.
    pub const NEW: Self = Of(PhantomData);
}

impl<G: Game + 'static> Play for Of<G> {
    fn record(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> RangeInclusive<usize> {
        G::player_range(&Default::default())
    }

    fn playout(&self, op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError> {
        playout::playout_op::<G>(op, rest, label)
    }

    fn trace(&self, op: OpName, rest: &Fields, label: &str) -> Result<Body, OracleError> {
        playout::trace_op::<G>(op, rest, label)
    }

    fn replay(
        &self,
        text: &[u8],
        seed: Option<u64>,
        seat: Option<u8>,
        json: bool,
        out: &mut dyn std::io::Write,
    ) -> Result<(), ReplayFileError> {
        replay::replay_to::<G>(text, seed, seat, json, out)
    }

    fn rules_help(&self) -> RulesHelp {
        RulesHelp::of::<G::Rules>()
    }
}

impl<G: Summary> Simulate for Of<G> {
    fn simulate(&self, row: &Row, config: &Config, json: bool) -> Result<String, SimulateError> {
        // The oracle traces a variant other than the game's default by name.
        let traced_default = crate::table::oracle_rows(row.game)
            .next()
            .is_some_and(|first| first.variant == row.variant);
        let trace_variant = row.variant.filter(|_| row.oracle && !traced_default);
        crate::simulate::game::simulate::<G>(row.game, config, row.variant, trace_variant, json)
    }
}

impl<G: RuleBot + 'static> Compete for Of<G> {
    fn tournament(
        &self,
        row: &Row,
        config: &tournament::Config,
        json: bool,
    ) -> Result<String, TournamentError> {
        tournament::tournament::<G>(row, config, json)
    }
}

/// What the help says of one game's rules, read off its crate ([`rules::fields`],
/// [`Presets`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesHelp {
    /// Every field `--rule` sets, with its default and values.
    pub fields: Vec<rules::Field>,
    /// The names `--preset` takes.
    pub presets: Vec<&'static str>,
}

impl RulesHelp {
    /// The help of the rules type `R`.
    #[must_use]
    pub fn of<R: serde::Serialize + serde::de::DeserializeOwned + Default + Presets>() -> Self {
        RulesHelp {
            fields: rules::fields::<R>(),
            presets: R::presets().into_iter().map(|(name, _)| name).collect(),
        }
    }
}

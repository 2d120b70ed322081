//! The registry: one list of games drives the oracle's op table, `simulate`'s game argument,
//! `replay`, and every error or help text that lists names.
//!
//! A game joins with one adapter file (an [`Adapter`], like [`zaagox`] and [`jass`]) and one
//! line in [`GAMES`]; its ops `<game>.playout` and `<game>.trace`, its simulation and its
//! replay are generic ([`generic`]). An entry's name (its ops, `simulate`'s argument) may
//! differ from the name its records carry (Jass: `jass`, whose records are `schieber-deal`
//! deals): `replay` finds the entry by [`Entry::record_names`]. Games whose rules have not
//! landed are listed in [`PLANNED`] with their ops: those ready before the game (its `ready`
//! [`Op`]s, as Jass's card-level ops were) answer, the others answer "not implemented yet".

pub mod adapter;
pub mod elewenjewe;
pub mod generic;
pub mod jass;
pub mod letom;
pub mod zaagox;

use std::ops::RangeInclusive;
use std::path::Path;

use cards_core::{Game, Presets};

pub use adapter::{Adapter, Op, Simulation, Variant};

use crate::protocol::{Body, Fields, MAX_ECHO, OpName, OracleError, and_list, cut};
use crate::replay::{self, ReplayFileError};
use crate::simulate::{Config, SimulateError};

/// The games the CLI plays, in the order they are listed.
pub static GAMES: &[&dyn Entry] = &[
    &zaagox::ZaagoxAdapter,
    &jass::JassEntry,
    &elewenjewe::ElewenjeweAdapter,
    &letom::LetomEntry,
];

/// The games whose rules have not landed yet, with the verbs of their oracle ops
/// (`docs/oracle.md`) and the ops that answer already: none now (Jass's card-level ops,
/// `elewenjewe.captures`, `letom.score` and `letom.settle` answered here before their games
/// landed).
pub static PLANNED: &[Planned] = &[];

/// Verbs every implemented game answers, after its own ops.
const GENERIC_VERBS: [&str; 2] = ["playout", "trace"];

/// A game of the project that the CLI cannot play yet.
///
/// Some of its ops may answer before the game lands (`ready`: ops on single tricks or hands
/// that need no `Game`); the other verbs answer "not implemented yet", naming the ready ones.
/// Making one more op answer is one more entry in `ready`.
#[derive(Debug, Clone, Copy)]
pub struct Planned {
    /// The game's name.
    pub name: &'static str,
    /// The verbs of all its oracle ops, in protocol order.
    pub verbs: &'static [&'static str],
    /// The ops that answer already; each verb is one of `verbs`.
    pub ready: &'static [Op],
}

impl Planned {
    /// The ready op of this verb.
    fn ready_op(&self, verb: &str) -> Option<&'static Op> {
        self.ready.iter().find(|op| op.verb == verb)
    }

    /// The verbs that do not answer yet, in protocol order.
    fn pending(&self) -> impl Iterator<Item = &'static str> {
        let ready = self.ready;
        self.verbs
            .iter()
            .copied()
            .filter(move |&verb| !ready.iter().any(|op| op.verb == verb))
    }

    /// Answers `<game>.<verb>`: a ready op answers, another op of the game is refused as not
    /// implemented yet; `None` when the game has no such op.
    fn answer(&self, verb: &str, op: &str, rest: Fields) -> Option<Result<Body, OracleError>> {
        if let Some(ready) = self.ready_op(verb) {
            return Some((ready.answer)(rest));
        }
        self.verbs.contains(&verb).then(|| {
            Err(OracleError::NotImplemented {
                game: self.name,
                op: cut(op, MAX_ECHO),
                ready: self
                    .ready
                    .iter()
                    .map(|ready| format!("{}.{}", self.name, ready.verb))
                    .collect(),
            })
        })
    }
}

/// A game in the registry, as the commands use it (object-safe; every [`Adapter`] is one).
pub trait Entry: Sync {
    /// The game's name in the registry ([`Adapter::NAME`]): its ops, `simulate`'s argument.
    fn name(&self) -> &'static str;
    /// The `game` of the records it replays (`Game::NAME`; Jass: `schieber-deal`).
    fn record_names(&self) -> &'static [&'static str];
    /// One line about the game.
    fn about(&self) -> &'static str;
    /// The player counts under default rules.
    fn players(&self) -> RangeInclusive<usize>;
    /// The verbs of its oracle ops, in protocol order.
    fn verbs(&self) -> Vec<&'static str>;
    /// Answers `<game>.<verb>`; `None` when the game has no such op.
    fn answer(&self, verb: &str, rest: Fields) -> Option<Result<Body, OracleError>>;
    /// The variants `playout`, `trace` and `simulate --variant` take (the first is the
    /// default); empty for a game without variants.
    fn variants(&self) -> &'static [Variant] {
        &[]
    }
    /// The player counts of `variant` (one of [`Self::variants`]) under default rules.
    fn players_for(&self, variant: &str) -> RangeInclusive<usize> {
        let _ = variant;
        self.players()
    }
    /// The options `simulate --rule` takes, by variant: `(None, options)` for a game without
    /// variants, else one entry per variant that has its own.
    /// What `simulate --help` says of the game's rules: its fields and presets.
    fn rules_help(&self) -> RulesHelp;
    /// `cardrules simulate`: the report as text, or one line of JSON with `json`.
    ///
    /// # Errors
    /// [`SimulateError`] when the run fails (bad rules or variant included).
    fn simulate(&self, config: &Config, json: bool) -> Result<String, SimulateError>;
    /// `cardrules replay` of a record of this game (its `game` field is `record`, one of
    /// [`Self::record_names`]) given as JSON text.
    ///
    /// # Errors
    /// [`ReplayFileError`] when the record is not valid or does not replay.
    ///
    /// `seed` is the record's seed when it was written as an integer, for the report.
    fn replay(
        &self,
        record: &str,
        text: &[u8],
        seed: Option<u64>,
        json: bool,
    ) -> Result<String, ReplayFileError>;
}

/// The verbs of a game with its own ops `ops`: those, then `playout` and `trace`.
#[must_use]
pub fn verbs_of(ops: &[Op]) -> Vec<&'static str> {
    ops.iter().map(|op| op.verb).chain(GENERIC_VERBS).collect()
}

/// Refuses `--variant` for a game without variants.
///
/// # Errors
/// [`SimulateError::Variant`] when `config` names a variant.
pub fn no_variant(game: &str, config: &Config) -> Result<(), SimulateError> {
    match &config.variant {
        Some(variant) => Err(SimulateError::Variant(format!(
            "{game} has no variants, so --variant {variant} does not apply"
        ))),
        None => Ok(()),
    }
}

impl<A: Simulation> Entry for A {
    fn name(&self) -> &'static str {
        A::NAME
    }

    fn record_names(&self) -> &'static [&'static str] {
        // One game type per adapter, so one record name: `Game::NAME`.
        const { &[<A::Game as Game>::NAME] }
    }

    fn about(&self) -> &'static str {
        A::ABOUT
    }

    fn players(&self) -> RangeInclusive<usize> {
        A::Game::player_range(&Default::default())
    }

    fn verbs(&self) -> Vec<&'static str> {
        verbs_of(A::OPS)
    }

    fn answer(&self, verb: &str, rest: Fields) -> Option<Result<Body, OracleError>> {
        if let Some(op) = A::OPS.iter().find(|op| op.verb == verb) {
            return Some((op.answer)(rest));
        }
        match verb {
            "playout" => Some(generic::playout_op::<A>(
                OpName::new(A::NAME, "playout"),
                &rest,
                A::NAME,
            )),
            "trace" => Some(generic::trace_op::<A>(
                OpName::new(A::NAME, "trace"),
                &rest,
                A::NAME,
            )),
            _ => None,
        }
    }

    fn rules_help(&self) -> RulesHelp {
        RulesHelp::of::<<A::Game as Game>::Rules>()
    }

    fn simulate(&self, config: &Config, json: bool) -> Result<String, SimulateError> {
        no_variant(A::NAME, config)?;
        generic::simulate::<A>(config, None, None, json)
    }

    fn replay(
        &self,
        _record: &str,
        text: &[u8],
        seed: Option<u64>,
        json: bool,
    ) -> Result<String, ReplayFileError> {
        generic::replay_rendered::<A>(text, seed, json)
    }
}

/// What a name stands for.
#[derive(Clone, Copy)]
pub enum Lookup {
    /// A game the CLI plays.
    Game(&'static dyn Entry),
    /// A game of the project not implemented yet.
    Planned(&'static Planned),
    /// No game of the project.
    Unknown,
}

impl std::fmt::Debug for Lookup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lookup::Game(entry) => write!(f, "Game({})", entry.name()),
            Lookup::Planned(planned) => write!(f, "Planned({})", planned.name),
            Lookup::Unknown => f.write_str("Unknown"),
        }
    }
}

/// The game called `name`.
#[must_use]
pub fn lookup(name: &str) -> Lookup {
    if let Some(&entry) = GAMES.iter().find(|g| g.name() == name) {
        Lookup::Game(entry)
    } else if let Some(planned) = PLANNED.iter().find(|p| p.name == name) {
        Lookup::Planned(planned)
    } else {
        Lookup::Unknown
    }
}

/// The games this build plays: `zaagox`.
#[must_use]
pub fn playable_names() -> String {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name()).collect();
    and_list(&names)
}

/// The games planned but not implemented yet: `jass, letom and elewenjewe`.
#[must_use]
pub fn planned_names() -> String {
    let names: Vec<&str> = PLANNED.iter().map(|p| p.name).collect();
    and_list(&names)
}

/// What exists, for error texts: `the games are zaagox (jass, letom and elewenjewe are
/// planned, not implemented yet)`.
#[must_use]
pub fn games_sentence() -> String {
    let playable = playable_names();
    let verb = if GAMES.len() == 1 {
        "game is"
    } else {
        "games are"
    };
    match PLANNED.len() {
        0 => format!("the {verb} {playable}"),
        1 => format!(
            "the {verb} {playable} ({} is planned, not implemented yet)",
            planned_names()
        ),
        _ => format!(
            "the {verb} {playable} ({} are planned, not implemented yet)",
            planned_names()
        ),
    }
}

/// A player range as text, with `sep` between its ends: `2 to 4` (`sep` " to "), `2-4`
/// (`sep` "-"), or `4` alone.
#[must_use]
pub fn counts(range: &RangeInclusive<usize>, sep: &str) -> String {
    if range.start() == range.end() {
        range.start().to_string()
    } else {
        format!("{}{sep}{}", range.start(), range.end())
    }
}

/// What exists, for help texts: each playable game with its line and player range, then the
/// planned ones.
#[must_use]
pub fn games_help() -> String {
    let mut text = String::from("Games:");
    for game in GAMES {
        let players = game.players();
        text.push_str(&format!(
            "\n  {}  {} ({} players)",
            game.name(),
            game.about(),
            counts(&players, "-"),
        ));
    }
    if !PLANNED.is_empty() {
        text.push_str(&format!(
            "\nPlanned, not implemented yet: {}.",
            planned_names()
        ));
    }
    text
}

/// What the help says of one game's rules, read off its crate ([`crate::rules::fields`],
/// [`Presets`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesHelp {
    /// Every field `--rule` sets, with its default and values.
    pub fields: Vec<crate::rules::Field>,
    /// The names `--preset` takes.
    pub presets: Vec<&'static str>,
}

impl RulesHelp {
    /// The help of the rules type `R`.
    #[must_use]
    pub fn of<R: serde::Serialize + serde::de::DeserializeOwned + Default + Presets>() -> Self {
        RulesHelp {
            fields: crate::rules::fields::<R>(),
            presets: R::presets().into_iter().map(|(name, _)| name).collect(),
        }
    }
}

/// The rules of every game as `simulate --rule NAME=VALUE` and `--preset` set them, for its
/// long help: read off each crate's rules, so it never disagrees with them.
#[must_use]
pub fn options_help() -> String {
    let mut text = String::from(
        "Rules (--rule NAME=VALUE sets a field: NAME, default, values; --preset NAME starts from a preset):",
    );
    for game in GAMES {
        let help = game.rules_help();
        let presets = if help.presets.is_empty() {
            String::new()
        } else {
            format!(" (presets: {})", help.presets.join(", "))
        };
        text.push_str(&format!("\n  {}{presets}:", game.name()));
        for field in &help.fields {
            text.push_str(&format!(
                "\n    {}={}  (default {})",
                field.name, field.values, field.default
            ));
        }
    }
    text
}

/// Every op of the protocol, by game (implemented games first), in protocol order.
#[must_use]
pub fn ops() -> Vec<String> {
    let implemented = GAMES
        .iter()
        .flat_map(|g| g.verbs().into_iter().map(move |verb| (g.name(), verb)));
    let planned = PLANNED
        .iter()
        .flat_map(|p| p.verbs.iter().map(move |&verb| (p.name, verb)));
    implemented
        .chain(planned)
        .map(|(game, verb)| format!("{game}.{verb}"))
        .collect()
}

/// The ops, comma-separated, for error and help texts.
#[must_use]
pub fn op_list() -> String {
    ops().join(", ")
}

/// The ops that answer "not implemented yet" (of planned games, not ready), in protocol order.
#[must_use]
pub fn pending_ops() -> Vec<String> {
    PLANNED
        .iter()
        .flat_map(|p| p.pending().map(move |verb| format!("{}.{verb}", p.name)))
        .collect()
}

/// Answers the op `op` with its fields (everything but `op`).
///
/// # Errors
/// [`OracleError::UnknownOp`] for an op of no game, [`OracleError::NotImplemented`] for an op
/// of a planned game that is not ready, and each op's own refusals.
pub fn answer(op: &str, rest: Fields) -> Result<Body, OracleError> {
    let unknown = || OracleError::UnknownOp {
        op: cut(op, MAX_ECHO),
        ops: op_list(),
    };
    let Some((game, verb)) = op.split_once('.') else {
        return Err(unknown());
    };
    match lookup(game) {
        Lookup::Game(entry) => entry.answer(verb, rest).unwrap_or_else(|| Err(unknown())),
        Lookup::Planned(planned) => planned
            .answer(verb, op, rest)
            .unwrap_or_else(|| Err(unknown())),
        Lookup::Unknown => Err(unknown()),
    }
}

/// The entry that replays records whose `game` is `record`.
#[must_use]
pub fn lookup_record(record: &str) -> Option<&'static dyn Entry> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.record_names().contains(&record))
}

/// What records this build replays, for error texts: `this build replays records whose game
/// is "zaagox", "schieber", "schieber-deal" or "differenzler"; letom and elewenjewe are
/// planned, not implemented yet`.
#[must_use]
pub fn records_sentence() -> String {
    let names: Vec<String> = GAMES
        .iter()
        .flat_map(|g| g.record_names().iter().map(|r| format!("{r:?}")))
        .collect();
    let head = match names.split_last() {
        None => "this build replays no records".to_owned(),
        Some((last, [])) => format!("this build replays records whose game is {last}"),
        Some((last, rest)) => format!(
            "this build replays records whose game is {} or {last}",
            rest.join(", ")
        ),
    };
    match PLANNED.len() {
        0 => head,
        1 => format!(
            "{head}; {} is planned, not implemented yet",
            planned_names()
        ),
        _ => format!(
            "{head}; {} are planned, not implemented yet",
            planned_names()
        ),
    }
}

/// `cardrules replay`: reads the record at `path` (`-`: stdin), picks its game by the `game`
/// field ([`lookup_record`]) and replays it; returns the text (or JSON, with `json`) to print.
///
/// # Errors
/// [`ReplayFileError`] saying what was wrong with the file or the record.
pub fn replay_file(path: &Path, json: bool) -> Result<String, ReplayFileError> {
    let (text, head) = replay::read(path)?;
    if let Some(entry) = lookup_record(&head.game) {
        return entry.replay(&head.game, &text, head.seed, json);
    }
    match lookup(&head.game) {
        Lookup::Game(entry) => Err(ReplayFileError::RecordName {
            game: entry.name(),
            records: and_list(
                &entry
                    .record_names()
                    .iter()
                    .map(|record| format!("{record:?}"))
                    .collect::<Vec<_>>(),
            ),
        }),
        Lookup::Planned(planned) => Err(ReplayFileError::NotImplemented { game: planned.name }),
        Lookup::Unknown => Err(ReplayFileError::UnknownGame {
            game: cut(&head.game, MAX_ECHO),
            games: records_sentence(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    use ::zaagox::Zaagox;
    use cards_core::{GameRecord, Seed, random_playout};
    use serde_json::Value;

    #[test]
    fn names_are_unique_and_listed() {
        let mut names: Vec<&str> = GAMES
            .iter()
            .map(|g| g.name())
            .chain(PLANNED.iter().map(|p| p.name))
            .collect();
        assert_eq!(playable_names(), "zaagox, jass, elewenjewe and letom");
        assert_eq!(planned_names(), "");
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a", "b"]), "a and b");
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GAMES.len() + PLANNED.len());
        // Record names are unique too, and name no other entry.
        let mut records: Vec<&str> = GAMES
            .iter()
            .flat_map(|g| g.record_names())
            .copied()
            .collect();
        records.sort_unstable();
        records.dedup();
        assert_eq!(
            records.len(),
            GAMES.iter().map(|g| g.record_names().len()).sum::<usize>()
        );
        for record in records {
            let entry = lookup_record(record).unwrap();
            assert!(
                matches!(lookup(record), Lookup::Unknown)
                    || matches!(lookup(record), Lookup::Game(g) if g.name() == entry.name()),
                "{record}"
            );
        }
        assert_eq!(lookup_record("jass").map(|g| g.name()), None);
        assert_eq!(
            lookup_record("schieber-deal").map(|g| g.name()),
            Some("jass")
        );
        assert_eq!(lookup_record("zaagox").map(|g| g.name()), Some("zaagox"));
        for entry in GAMES {
            assert!(!entry.about().is_empty());
            assert!(!entry.players().is_empty());
        }
    }

    /// `docs/oracle.md`, "Ops by deliverable": every op of every game, in its order.
    #[test]
    fn the_op_table_is_the_protocols() {
        assert_eq!(
            ops(),
            [
                "zaagox.score",
                "zaagox.playout",
                "zaagox.trace",
                "jass.legal",
                "jass.trick",
                "jass.weis",
                "jass.deal",
                "jass.playout",
                "jass.trace",
                "elewenjewe.captures",
                "elewenjewe.playout",
                "elewenjewe.trace",
                "letom.score",
                "letom.settle",
                "letom.playout",
                "letom.trace",
            ]
        );
        let mut unique = ops();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ops().len());
    }

    #[test]
    fn every_listed_op_is_answered_by_its_game() {
        let pending = pending_ops();
        for op in ops() {
            let e = answer(&op, Fields::new());
            let (game, verb) = op.split_once('.').unwrap();
            match lookup(game) {
                Lookup::Game(_) => {
                    assert!(matches!(e, Err(OracleError::Fields { .. })), "{op}: {e:?}")
                }
                Lookup::Planned(p) if p.ready_op(verb).is_some() => {
                    assert!(!pending.contains(&op), "{op}");
                    assert!(matches!(e, Err(OracleError::Fields { .. })), "{op}: {e:?}")
                }
                Lookup::Planned(_) => {
                    assert!(pending.contains(&op), "{op}");
                    assert!(
                        matches!(e, Err(OracleError::NotImplemented { .. })),
                        "{op}: {e:?}"
                    )
                }
                Lookup::Unknown => panic!("{op} names no game"),
            }
        }
    }

    /// A planned game's ready ops are among its verbs, in protocol order, each once.
    #[test]
    fn ready_ops_are_listed_verbs_in_order() {
        for planned in PLANNED {
            let positions: Vec<usize> = planned
                .ready
                .iter()
                .map(|op| {
                    planned
                        .verbs
                        .iter()
                        .position(|&verb| verb == op.verb)
                        .unwrap_or_else(|| panic!("{}.{} is not listed", planned.name, op.verb))
                })
                .collect();
            assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
            assert_eq!(
                planned.pending().count() + planned.ready.len(),
                planned.verbs.len()
            );
        }
    }

    /// Every game has landed: Jass's card-level ops and its playout and trace answer, and so
    /// do Letom's; no op answers "not implemented yet".
    #[test]
    fn every_game_is_playable() {
        assert!(pending_ops().is_empty());
        assert!(matches!(lookup("jass"), Lookup::Game(g) if g.name() == "jass"));
        let Lookup::Game(jass) = lookup("jass") else {
            unreachable!()
        };
        assert_eq!(
            jass.record_names(),
            ["schieber", "schieber-deal", "coiffeur", "differenzler"]
        );
        assert_eq!(
            jass.verbs(),
            ["legal", "trick", "weis", "deal", "playout", "trace"]
        );
        assert_eq!(counts(&jass.players(), " to "), "4");
        assert_eq!(counts(&(2..=4), "-"), "2-4");
        let Lookup::Game(letom) = lookup("letom") else {
            panic!("letom is not playable")
        };
        assert_eq!(letom.record_names(), ["letom", "letom-match"]);
        assert_eq!(letom.verbs(), ["score", "settle", "playout", "trace"]);
        assert_eq!(counts(&letom.players(), " to "), "2 to 4");
        let variants: Vec<&str> = letom.variants().iter().map(|v| v.name).collect();
        assert_eq!(variants, ["deal", "match"]);
        assert_eq!(letom.players_for("match"), 2..=4);
        let e = answer("letom.playout", Fields::new()).unwrap_err();
        assert!(matches!(e, OracleError::Fields { .. }), "{e}");
        // The oracle's Letom ops play one deal and take no variant (docs/oracle.md).
        let fields: Fields =
            serde_json::from_str(r#"{"players":3,"seed":1,"variant":"match"}"#).unwrap();
        let e = answer("letom.playout", fields).unwrap_err();
        assert!(e.to_string().contains("variant"), "{e}");
        assert!(games_help().contains("\n  jass  Swiss Jass: Schieber to the target"));
        assert!(games_help().contains("(4 players)"));
        assert!(games_help().contains(
            "\n  letom  Letom, the Didopoikas fishing game after Go-Stop, one deal a game, or \
             matches of several deals (--variant match) (2-4 players)"
        ));
        assert!(!games_help().contains("Planned"));
        assert_eq!(
            games_sentence(),
            "the games are zaagox, jass, elewenjewe and letom"
        );
        assert_eq!(
            records_sentence(),
            "this build replays records whose game is \"zaagox\", \"schieber\", \
             \"schieber-deal\", \"coiffeur\", \"differenzler\", \"elewenjewe\", \"letom\" or \
             \"letom-match\""
        );
    }

    /// A planned game (none is now, but the next one will be): its ready ops answer, its
    /// other ops say it is not implemented yet and name the ready ones; verbs it does not
    /// have are not its ops.
    #[test]
    fn a_planned_game_answers_its_ready_ops_only() {
        fn ready(_rest: Fields) -> Result<Body, OracleError> {
            Err(OracleError::invalid(
                OpName::new("tarot", "score"),
                "ready".to_owned(),
            ))
        }
        let planned = Planned {
            name: "tarot",
            verbs: &["score", "playout", "trace"],
            ready: &[Op {
                verb: "score",
                answer: ready,
            }],
        };
        assert_eq!(planned.pending().collect::<Vec<_>>(), ["playout", "trace"]);
        let e = planned
            .answer("score", "tarot.score", Fields::new())
            .unwrap()
            .unwrap_err();
        assert!(e.to_string().contains("ready"), "{e}");
        let e = planned
            .answer("playout", "tarot.playout", Fields::new())
            .unwrap()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "tarot is not implemented yet: tarot.playout will answer once the tarot rules \
             land (tarot.score answers already)"
        );
        assert!(
            planned
                .answer("deal", "tarot.deal", Fields::new())
                .is_none()
        );
    }

    #[test]
    fn unknown_ops_list_the_registry() {
        for op in [
            "chess.move",
            "zaagox.foo",
            "jass.score",
            "zaagox",
            "",
            ".",
            "zaagox.",
        ] {
            let e = answer(op, Fields::new()).unwrap_err();
            assert!(matches!(e, OracleError::UnknownOp { .. }), "{op}: {e}");
            let text = e.to_string();
            assert!(text.contains(&op_list()), "{text}");
            assert!(text.contains(&format!("{op:?}")), "{text}");
        }
    }

    /// A Jass record (`schieber-deal`) replays to the playout's digest and returns.
    #[test]
    fn replays_a_jass_record() {
        let text =
            generic::record_json::<::jass::SchieberDeal>(&Default::default(), 4, 42).unwrap();
        assert!(text.contains("\"game\": \"schieber-deal\""), "{text}");
        let path = write_temp("jass-4p-seed42.json", text.as_bytes());
        let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
        let (state, actions) = generic::playout::<::jass::SchieberDeal>(4, 42).unwrap();
        assert_eq!(v["game"], "schieber-deal");
        assert_eq!(v["seed_integer"], 42);
        assert_eq!(v["actions"], actions);
        assert_eq!(v["final"], generic::state_digest(&state).unwrap());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        assert_eq!(v["contract"]["pushed"], state.pushed());
        let text = replay_file(&path, false).unwrap();
        assert!(text.starts_with("schieber-deal: 4 players, "), "{text}");
        assert!(text.contains("\ncontract:   "), "{text}");
    }

    /// A Letom record replays to the playout's digest and returns, with the deal's base
    /// points, Ren calls and settlement steps as notes.
    #[test]
    fn replays_a_letom_record() {
        for seed in [3, 42] {
            let text =
                generic::record_json::<::letom::Letom>(&Default::default(), 3, seed).unwrap();
            assert!(text.contains("\"game\": \"letom\""), "{text}");
            let path = write_temp(&format!("letom-3p-seed{seed}.json"), text.as_bytes());
            let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
            let (state, actions) = generic::playout::<::letom::Letom>(3, seed).unwrap();
            assert_eq!(v["game"], "letom");
            assert_eq!(v["actions"], actions);
            assert_eq!(v["final"], generic::state_digest(&state).unwrap());
            assert_eq!(v["returns"], serde_json::json!(state.settlement()));
            let base: Vec<u32> = cards_core::PlayerId::all(3)
                .map(|p| state.base_points(p))
                .collect();
            assert_eq!(v["base_points"], serde_json::json!(base));
            assert_eq!(v["seller"], Value::Null);
            assert_eq!(
                v["settlement_details"].is_null(),
                state.settlement_details().is_none()
            );
            let text = replay_file(&path, false).unwrap();
            assert!(text.starts_with("letom: 3 players, "), "{text}");
            assert!(text.contains("\nbase:       ["), "{text}");
        }
    }

    #[test]
    fn lookup_by_name() {
        assert!(matches!(lookup("zaagox"), Lookup::Game(g) if g.name() == "zaagox"));
        assert!(matches!(lookup("letom"), Lookup::Game(g) if g.name() == "letom"));
        assert!(matches!(lookup("Zaagox"), Lookup::Unknown));
        assert_eq!(format!("{:?}", lookup("zaagox")), "Game(zaagox)");
    }

    fn write_temp(name: &str, contents: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardrules-games-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        path
    }

    fn record(seed: u64) -> GameRecord<Zaagox> {
        random_playout::<Zaagox>(&Default::default(), 3, Seed::from(seed))
            .unwrap()
            .1
    }

    #[test]
    fn replays_a_playout_to_its_digest() {
        let rec = record(11);
        let path = write_temp("good.json", &serde_json::to_vec(&rec).unwrap());
        let out = replay_file(&path, true).unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        let (state, _) = generic::playout::<Zaagox>(3, 11).unwrap();
        assert_eq!(v["final"], generic::state_digest(&state).unwrap());
        assert_eq!(v["actions"], rec.actions.len());
        assert_eq!(v["returns"], serde_json::json!(state.settlement()));
        assert_eq!(v["to_act"], Value::Null);
        assert_eq!(v["seed"], Seed::from(11).to_string());
        assert_eq!(v["outcome"], serde_json::to_value(state.outcome()).unwrap());
        let text = replay_file(&path, false).unwrap();
        assert!(text.starts_with("zaagox: 3 players"), "{text}");
        let outcome = state.outcome().unwrap().to_string();
        assert!(text.contains(&format!("outcome:    {outcome}\n")), "{text}");
        assert!(text.contains("settlement: ["), "{text}");
    }

    #[test]
    fn a_truncated_record_is_not_over() {
        let mut rec = record(12);
        rec.actions.truncate(3);
        let path = write_temp("short.json", &serde_json::to_vec(&rec).unwrap());
        let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
        assert_eq!(v["outcome"], Value::Null);
        assert!(v["to_act"].is_u64());
        assert!(
            replay_file(&path, false)
                .unwrap()
                .contains("ends before the game does")
        );
    }

    /// A record may start from an explicit setup: the middle of a game, replayed to its end.
    #[test]
    fn replays_a_record_that_starts_from_a_setup() {
        let (end, full) = random_playout::<Zaagox>(&Default::default(), 4, Seed::from(21)).unwrap();
        let split = full.actions.len() / 2;
        let mut middle = Zaagox::new(&Default::default(), 4, Seed::from(21)).unwrap();
        for &action in &full.actions[..split] {
            middle.play(action).unwrap();
        }
        let mut rec = GameRecord::<Zaagox>::from_setup(Default::default(), middle.setup());
        rec.actions = full.actions[split..].to_vec();
        let json = serde_json::to_vec(&rec).unwrap();
        assert!(String::from_utf8_lossy(&json).contains("\"setup\""));
        let path = write_temp("setup.json", &json);
        let v: Value = serde_json::from_str(&replay_file(&path, true).unwrap()).unwrap();
        assert_eq!(v["seed"], Value::Null);
        assert_eq!(v["players"], 4);
        assert_eq!(v["actions"], full.actions.len() - split);
        assert_eq!(v["final"], generic::state_digest(&end).unwrap());
        assert_eq!(v["returns"], serde_json::json!(end.settlement()));
        let text = replay_file(&path, false).unwrap();
        assert!(text.starts_with("zaagox: 4 players, "), "{text}");
        assert!(text.contains(" actions, from a setup\n"), "{text}");
        // A setup that breaks the rules does not replay, and says why.
        let mut broken = serde_json::to_value(&rec).unwrap();
        broken["setup"]["players"] = serde_json::json!(3);
        let path = write_temp("broken.json", &serde_json::to_vec(&broken).unwrap());
        let err = replay_file(&path, false).unwrap_err();
        assert!(
            matches!(err, ReplayFileError::Parse(_) | ReplayFileError::Replay(_)),
            "{err}"
        );
    }

    #[test]
    fn typed_errors() {
        let missing = std::env::temp_dir().join("cardrules-no-such-record.json");
        assert!(matches!(
            replay_file(&missing, false),
            Err(ReplayFileError::Read { .. })
        ));
        let bad = write_temp("bad.json", b"{not json");
        assert!(matches!(
            replay_file(&bad, false),
            Err(ReplayFileError::Parse(_))
        ));
        // Letom has landed: a record that is not one is refused as such.
        let letom = write_temp("letom.json", br#"{"game":"letom"}"#);
        let err = replay_file(&letom, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::Parse(_)), "{err}");
        // The registry's name is not the record's: say which it is.
        let jass = write_temp("jass.json", br#"{"game":"jass"}"#);
        let err = replay_file(&jass, false).unwrap_err();
        assert!(
            matches!(err, ReplayFileError::RecordName { game: "jass", .. }),
            "{err}"
        );
        assert!(err.to_string().contains("\"schieber-deal\""), "{err}");
        let chess = write_temp("chess.json", br#"{"game":"chess"}"#);
        let err = replay_file(&chess, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::UnknownGame { .. }), "{err}");
        assert!(err.to_string().contains(&records_sentence()), "{err}");
        assert!(
            err.to_string().ends_with(
                "this build replays records whose game is \"zaagox\", \"schieber\", \
                 \"schieber-deal\", \"coiffeur\", \"differenzler\", \"elewenjewe\", \
                 \"letom\" or \"letom-match\""
            ),
            "{err}"
        );
        let mut rec = serde_json::to_value(record(13)).unwrap();
        rec["players"] = serde_json::json!(9);
        let nine = write_temp("nine.json", &serde_json::to_vec(&rec).unwrap());
        let err = replay_file(&nine, false).unwrap_err();
        assert!(matches!(err, ReplayFileError::Replay(_)), "{err}");
        assert!(err.to_string().contains('9'), "{err}");
        rec["players"] = serde_json::json!(3);
        rec["extra"] = serde_json::json!(1);
        let extra = write_temp("extra.json", &serde_json::to_vec(&rec).unwrap());
        assert!(matches!(
            replay_file(&extra, false),
            Err(ReplayFileError::Parse(_))
        ));
    }

    #[test]
    fn an_illegal_action_is_refused_with_its_number() {
        // Replay the same actions under another seed: some action soon stops being legal.
        let mut rec = record(14);
        let mut refused = None;
        for other in 0..50 {
            rec.start = cards_core::Start::Seed {
                players: 3,
                seed: Seed::from(1000 + other),
            };
            let path = write_temp("swapped.json", &serde_json::to_vec(&rec).unwrap());
            if let Err(e) = replay_file(&path, false) {
                refused = Some(e);
                break;
            }
        }
        let err = refused.expect("some other seed refuses the actions");
        assert!(matches!(err, ReplayFileError::Replay(_)));
        assert!(err.to_string().contains("action"), "{err}");
        assert!(err.to_string().contains("counting from 1"), "{err}");
    }
}

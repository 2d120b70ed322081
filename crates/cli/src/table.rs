//! The one table of what the command line plays: each game by name with its own oracle ops
//! ([`GAMES`]), and each game type it plays under that name ([`ROWS`]: name, variant, record
//! name → the type). Every command looks games up here; every name in a help text or an
//! error comes from here, so they never disagree.
//!
//! A game joins the command line with its rows here, its own oracle ops (if any) and its
//! summary's statistics ([`crate::games`]); the oracle's playout and trace, `simulate`'s
//! engine and `replay` are generic ([`crate::play`]).

use std::ops::RangeInclusive;

use crate::games::{self, Op};
use crate::play::{Compete, Of, Play, Simulate};
use crate::protocol::and_list;
use crate::terminal::{At, Terminal};

/// A game by its name: what the help says of it and its own oracle ops.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The name on the command line, in oracle ops and in record file names (`jass`).
    pub name: &'static str,
    /// One line about the game, for help texts.
    pub about: &'static str,
    /// Its own oracle ops, in protocol order; `playout` and `trace` follow for every game.
    pub ops: &'static [Op],
}

/// What a command plays for a game and variant: one game type.
#[derive(Clone, Copy)]
pub struct Row {
    /// The game's name ([`Entry::name`]).
    pub game: &'static str,
    /// The variant (`coiffeur`); `None` for a game played one way.
    pub variant: Option<&'static str>,
    /// How messages name what it plays (`Coiffeur`).
    pub label: &'static str,
    /// Whether the oracle's `<game>.playout` and `<game>.trace` play it (a game with several
    /// such rows takes their `"variant"`; the first is the default).
    pub oracle: bool,
    /// The game type, for the oracle and `replay` (records name it by [`Play::record`]).
    pub play: &'static dyn Play,
    /// The same type for `simulate`, when `simulate` plays this row (the first such row of
    /// a game is its default).
    pub simulate: Option<&'static dyn Simulate>,
    /// The same type for `tournament`, when it plays this row (the first such row of a game
    /// is its default): a type with a rule-based bot. Jass's Schieber plays one deal (a
    /// duplicate deal is the unit luck cancels over), not the game to the target.
    pub compete: Option<&'static dyn Compete>,
    /// The same type for `play` (a person against the bots), when it plays this row (the
    /// first such row of a game is its default): a type with a rule-based bot, played through
    /// its indexed position (Eléwénjewé's captures card by card).
    pub terminal: Option<&'static dyn Terminal>,
}

impl std::fmt::Debug for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Row")
            .field("game", &self.game)
            .field("variant", &self.variant)
            .field("record", &self.play.record())
            .field("oracle", &self.oracle)
            .field("simulate", &self.simulate.is_some())
            .field("compete", &self.compete.is_some())
            .field("terminal", &self.terminal.is_some())
            .finish()
    }
}

/// The games, in the order they are listed.
pub static GAMES: &[Entry] = &[
    Entry {
        name: "zaagox",
        about: "Zaägox, the Didopoikas collecting game",
        ops: games::zaagox::OPS,
    },
    Entry {
        name: "jass",
        about: "Swiss Jass: Schieber to the target with its contract variants, Coiffeur \
                (--variant coiffeur) and Differenzler (--variant differenzler)",
        ops: games::jass::ops::OPS,
    },
    Entry {
        name: "elewenjewe",
        about: "Eléwénjewé, the Yorùbá fishing game",
        ops: games::elewenjewe::ops::OPS,
    },
    Entry {
        name: "letom",
        about: "Letom, the Didopoikas fishing game after Go-Stop, one deal a game, or matches \
                of several deals (--variant match)",
        ops: games::letom::ops::OPS,
    },
];

/// Every game type the command line plays, by game and variant.
pub static ROWS: &[Row] = &[
    Row {
        game: "zaagox",
        variant: None,
        label: "zaagox",
        oracle: true,
        play: &Of::<::zaagox::Zaagox>::NEW,
        simulate: Some(&Of::<::zaagox::Zaagox>::NEW),
        compete: Some(&Of::<::zaagox::Zaagox>::NEW),
        terminal: Some(&At::<::zaagox::Zaagox>::NEW),
    },
    // `simulate` plays whole Schieber games to the target; the oracle one deal.
    Row {
        game: "jass",
        variant: Some("schieber"),
        label: "Schieber",
        oracle: false,
        play: &Of::<::jass::Schieber>::NEW,
        simulate: Some(&Of::<::jass::Schieber>::NEW),
        compete: None,
        terminal: Some(&At::<::jass::Schieber>::NEW),
    },
    Row {
        game: "jass",
        variant: Some("schieber"),
        label: "Schieber",
        oracle: true,
        play: &Of::<::jass::SchieberDeal>::NEW,
        simulate: None,
        compete: Some(&Of::<::jass::SchieberDeal>::NEW),
        terminal: None,
    },
    Row {
        game: "jass",
        variant: Some("coiffeur"),
        label: "Coiffeur",
        oracle: true,
        play: &Of::<::jass::Coiffeur>::NEW,
        simulate: Some(&Of::<::jass::Coiffeur>::NEW),
        compete: Some(&Of::<::jass::Coiffeur>::NEW),
        terminal: Some(&At::<::jass::Coiffeur>::NEW),
    },
    Row {
        game: "jass",
        variant: Some("differenzler"),
        label: "Differenzler",
        oracle: true,
        play: &Of::<::jass::Differenzler>::NEW,
        simulate: Some(&Of::<::jass::Differenzler>::NEW),
        compete: Some(&Of::<::jass::Differenzler>::NEW),
        terminal: Some(&At::<::jass::Differenzler>::NEW),
    },
    Row {
        game: "elewenjewe",
        variant: None,
        label: "elewenjewe",
        oracle: true,
        play: &Of::<::elewenjewe::Elewenjewe>::NEW,
        simulate: Some(&Of::<::elewenjewe::Elewenjewe>::NEW),
        compete: Some(&Of::<::elewenjewe::Elewenjewe>::NEW),
        terminal: Some(&At::<::elewenjewe::Elewenjewe, ::elewenjewe::Stepped>::NEW),
    },
    Row {
        game: "letom",
        variant: Some("deal"),
        label: "letom",
        oracle: true,
        play: &Of::<::letom::Letom>::NEW,
        simulate: Some(&Of::<::letom::Letom>::NEW),
        compete: Some(&Of::<::letom::Letom>::NEW),
        terminal: Some(&At::<::letom::Letom>::NEW),
    },
    Row {
        game: "letom",
        variant: Some("match"),
        label: "letom --variant match",
        oracle: false,
        play: &Of::<::letom::LetomMatch>::NEW,
        simulate: Some(&Of::<::letom::LetomMatch>::NEW),
        compete: Some(&Of::<::letom::LetomMatch>::NEW),
        terminal: Some(&At::<::letom::LetomMatch>::NEW),
    },
];

/// The game called `name`.
#[must_use]
pub fn game(name: &str) -> Option<&'static Entry> {
    GAMES.iter().find(|g| g.name == name)
}

/// The rows of `game` that the oracle plays, the default first.
pub fn oracle_rows(game: &str) -> impl Iterator<Item = &'static Row> + Clone {
    let game = game.to_owned();
    ROWS.iter().filter(move |r| r.game == game && r.oracle)
}

/// The rows of `game` that `simulate` plays, the default first.
pub fn simulate_rows(game: &str) -> impl Iterator<Item = &'static Row> + Clone {
    let game = game.to_owned();
    ROWS.iter()
        .filter(move |r| r.game == game && r.simulate.is_some())
}

/// The row whose records name `record`.
#[must_use]
pub fn record_row(record: &str) -> Option<&'static Row> {
    ROWS.iter().find(|r| r.play.record() == record)
}

/// Why a lookup found nothing, in words that name what exists.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    /// No game of that name.
    #[error("{name:?} is not a game this build plays; {}", games_sentence())]
    Game {
        /// The name asked for.
        name: String,
    },
    /// A variant the game does not have.
    #[error("{}", variant_message(.game, .variant, .variants))]
    Variant {
        /// The game.
        game: &'static str,
        /// The variant asked for.
        variant: String,
        /// The game's variants (empty: it has none).
        variants: Vec<&'static str>,
    },
}

fn variant_message(game: &str, variant: &str, variants: &[&str]) -> String {
    if variants.is_empty() {
        format!("{game} has no variants, so --variant {variant} does not apply")
    } else {
        format!(
            "the variants of {game} are {}, not {variant:?} (--variant)",
            variants.join(", ")
        )
    }
}

/// The row `simulate` plays for `game` and `variant` (`None`: the default).
///
/// # Errors
/// [`LookupError`] naming the games or the game's variants.
pub fn simulated(game: &str, variant: Option<&str>) -> Result<&'static Row, LookupError> {
    lookup(game, variant, |r| r.simulate.is_some())
}

/// The row `play` plays for `game` and `variant` (`None`: the default).
///
/// # Errors
/// [`LookupError`] naming the games or the game's variants.
pub fn played(game: &str, variant: Option<&str>) -> Result<&'static Row, LookupError> {
    lookup(game, variant, |r| r.terminal.is_some())
}

/// The row `tournament` plays for `game` and `variant` (`None`: the default).
///
/// # Errors
/// [`LookupError`] naming the games or the game's variants.
pub fn competed(game: &str, variant: Option<&str>) -> Result<&'static Row, LookupError> {
    lookup(game, variant, |r| r.compete.is_some())
}

fn lookup(
    game: &str,
    variant: Option<&str>,
    plays: fn(&Row) -> bool,
) -> Result<&'static Row, LookupError> {
    let Some(entry) = self::game(game) else {
        return Err(LookupError::Game {
            name: game.to_owned(),
        });
    };
    let mut rows = ROWS.iter().filter(|r| r.game == entry.name && plays(r));
    let found = match variant {
        None => rows.next(),
        Some(variant) => rows.clone().find(|r| r.variant == Some(variant)),
    };
    found.ok_or_else(|| LookupError::Variant {
        game: entry.name,
        variant: variant.unwrap_or_default().to_owned(),
        variants: rows.filter_map(|r| r.variant).collect(),
    })
}

/// The player counts of a row under default rules, as text: `2 to 4`, or `4`.
#[must_use]
pub fn counts(range: &RangeInclusive<usize>, sep: &str) -> String {
    if range.start() == range.end() {
        range.start().to_string()
    } else {
        format!("{}{sep}{}", range.start(), range.end())
    }
}

/// The player counts of a game under default rules, over what `simulate` plays by default.
#[must_use]
pub fn players(game: &str) -> RangeInclusive<usize> {
    simulate_rows(game)
        .next()
        .or_else(|| oracle_rows(game).next())
        .map_or(0..=0, |row| row.play.players())
}

/// `zaagox, jass, elewenjewe and letom`.
#[must_use]
pub fn names() -> String {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    and_list(&names)
}

/// What exists, for error texts: `the games are zaagox, jass, elewenjewe and letom`.
#[must_use]
pub fn games_sentence() -> String {
    format!("the games are {}", names())
}

/// What exists, for help texts: each game with its line and player range.
#[must_use]
pub fn games_help() -> String {
    let mut text = String::from("Games:");
    for game in GAMES {
        text.push_str(&format!(
            "\n  {}  {} ({} players)",
            game.name,
            game.about,
            counts(&players(game.name), "-"),
        ));
    }
    text
}

/// Every op of the protocol, game by game, in protocol order: a game's own, then `playout`
/// and `trace`.
#[must_use]
pub fn ops() -> Vec<String> {
    GAMES
        .iter()
        .flat_map(|g| {
            g.ops
                .iter()
                .map(|op| op.verb)
                .chain(["playout", "trace"])
                .map(move |verb| format!("{}.{verb}", g.name))
        })
        .collect()
}

/// The ops, comma-separated, for error and help texts.
#[must_use]
pub fn op_list() -> String {
    ops().join(", ")
}

/// What records this build replays, for error texts: `this build replays records whose game
/// is "zaagox", "schieber-deal", … or "letom-match"`.
#[must_use]
pub fn records_sentence() -> String {
    let names: Vec<String> = ROWS
        .iter()
        .map(|r| format!("{:?}", r.play.record()))
        .collect();
    match names.split_last() {
        None => "this build replays no records".to_owned(),
        Some((last, [])) => format!("this build replays records whose game is {last}"),
        Some((last, rest)) => format!(
            "this build replays records whose game is {} or {last}",
            rest.join(", ")
        ),
    }
}

/// The rules of every game as `simulate --rule NAME=VALUE` and `--preset` set them, for its
/// long help: read off each crate's rules, so it never disagrees with them.
#[must_use]
pub fn rules_help() -> String {
    let mut text = String::from(
        "Rules (--rule NAME=VALUE sets a field: NAME, default, values; --preset NAME starts \
         from a preset):",
    );
    for game in GAMES {
        let Some(row) = simulate_rows(game.name).next() else {
            continue;
        };
        let help = row.play.rules_help();
        let presets = if help.presets.is_empty() {
            String::new()
        } else {
            format!(" (presets: {})", help.presets.join(", "))
        };
        text.push_str(&format!("\n  {}{presets}:", game.name));
        for field in &help.fields {
            text.push_str(&format!(
                "\n    {}={}  (default {})",
                field.name, field.values, field.default
            ));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_records_are_unique() {
        let mut names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GAMES.len());
        assert_eq!(self::names(), "zaagox, jass, elewenjewe and letom");
        let mut records: Vec<&str> = ROWS.iter().map(|r| r.play.record()).collect();
        records.sort_unstable();
        records.dedup();
        assert_eq!(records.len(), ROWS.len());
        for row in ROWS {
            assert!(game(row.game).is_some(), "{row:?}");
            assert!(std::ptr::eq(record_row(row.play.record()).unwrap(), row));
        }
        assert_eq!(record_row("schieber-deal").unwrap().game, "jass");
        assert!(record_row("jass").is_none());
        assert!(game("zaagox").is_some() && game("Zaagox").is_none());
        assert_eq!(
            records_sentence(),
            "this build replays records whose game is \"zaagox\", \"schieber\", \
             \"schieber-deal\", \"coiffeur\", \"differenzler\", \"elewenjewe\", \"letom\" or \
             \"letom-match\""
        );
        assert!(games_help().contains(
            "\n  letom  Letom, the Didopoikas fishing game after Go-Stop, one deal a game, or \
             matches of several deals (--variant match) (2-4 players)"
        ));
        assert_eq!(counts(&players("jass"), " to "), "4");
        // Every game is simulated, traced and played in tournaments; the first rows are the
        // defaults.
        for g in GAMES {
            assert!(competed(g.name, None).is_ok(), "{}", g.name);
            assert!(simulate_rows(g.name).next().is_some(), "{}", g.name);
            assert!(oracle_rows(g.name).next().is_some(), "{}", g.name);
            assert!(!g.about.is_empty() && !players(g.name).is_empty());
        }
        // A game with several variants names each once per command.
        for g in GAMES {
            for rows in [
                simulate_rows(g.name).collect::<Vec<_>>(),
                oracle_rows(g.name).collect(),
            ] {
                let mut variants: Vec<_> = rows.iter().map(|r| r.variant).collect();
                let n = variants.len();
                variants.dedup();
                assert_eq!(variants.len(), n, "{}", g.name);
            }
        }
    }

    #[test]
    fn lookups_name_what_exists() {
        assert_eq!(simulated("jass", None).unwrap().play.record(), "schieber");
        assert_eq!(
            simulated("jass", Some("coiffeur")).unwrap().play.record(),
            "coiffeur"
        );
        assert_eq!(
            simulated("letom", Some("match")).unwrap().play.record(),
            "letom-match"
        );
        let e = simulated("bridge", None).unwrap_err().to_string();
        assert!(
            e.contains("the games are zaagox, jass, elewenjewe and letom"),
            "{e}"
        );
        let e = simulated("jass", Some("bridge")).unwrap_err().to_string();
        assert_eq!(
            e,
            "the variants of jass are schieber, coiffeur, differenzler, not \"bridge\" (--variant)"
        );
        let e = simulated("zaagox", Some("x")).unwrap_err().to_string();
        assert_eq!(e, "zaagox has no variants, so --variant x does not apply");
    }
}

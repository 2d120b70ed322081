//! The catalogue: every game type the front ends play, one line each, and the lookups by name,
//! variant and record name.

use core::fmt;
use core::ops::RangeInclusive;

use cards_bots::SearchConfig;
use serde_json::Value;

use crate::error::{LookupError, TableError};
use crate::table::{Of, Table, TypeOf};

/// One game type the front ends play: a game (`jass`), the variant it is played as
/// (`coiffeur`), and the Rust type behind them.
#[derive(Clone, Copy)]
pub struct GameType {
    /// The game's name on every front end (`jass`).
    pub game: &'static str,
    /// The variant (`schieber-deal`), `None` for a game played one way.
    pub variant: Option<&'static str>,
    /// How messages name what it plays (`Coiffeur`, `one Schieber deal`).
    pub label: &'static str,
    /// One line about it, for help texts.
    pub about: &'static str,
    /// How the ladder's `ismcts` searches it ([`cards_bots::BotSpec::player`]): the search's
    /// tuning for this type, measured by playing searches, so it lives here beside the bots
    /// rather than in the game; [`SearchConfig::DEFAULT`] but for Eléwénjewé.
    pub tuning: SearchConfig,
    /// The type behind it.
    of: &'static dyn TypeOf,
}

impl fmt::Debug for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameType")
            .field("game", &self.game)
            .field("variant", &self.variant)
            .field("record", &self.record())
            .finish()
    }
}

impl GameType {
    /// The name its records carry ([`cards_core::Game::NAME`]: `schieber`, `letom-match`).
    #[must_use]
    pub fn record(&self) -> &'static str {
        self.of.record()
    }

    /// Its player counts under its default rules.
    #[must_use]
    pub fn players(&self) -> RangeInclusive<usize> {
        self.of.players()
    }

    /// Its default rules, as JSON (the form records carry).
    #[must_use]
    pub fn default_rules(&self) -> Value {
        self.of.default_rules()
    }

    /// Its named rule presets, with their rules as JSON.
    #[must_use]
    pub fn presets(&self) -> Vec<(&'static str, Value)> {
        self.of.presets()
    }

    /// Every field of its rules a front end sets by name (`weis.scale`), with its default and
    /// the values it takes, read off the game's rules type.
    #[must_use]
    pub fn rule_fields(&self) -> Vec<crate::rules::Field> {
        self.of.rule_fields()
    }

    /// The rules `choices` make (a preset, JSON merged in, fields set by name), as JSON for
    /// [`GameType::new_table`].
    ///
    /// # Errors
    /// A message saying which choice was wrong and why, in the game's own words.
    pub fn rules(&self, choices: &crate::rules::RuleChoices) -> Result<Value, String> {
        self.of.rules(self.game, choices)
    }

    /// A new table of `players` seats under `rules` (the game's rules as JSON, fields left out
    /// keeping their defaults), dealt from `Seed::from(seed)`.
    ///
    /// # Errors
    /// [`TableError::Rules`] for rules the game does not read, [`TableError::Setup`] for a
    /// table it does not seat (players, or a rule's value out of its range).
    pub fn new_table(
        &'static self,
        rules: &Value,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn Table>, TableError> {
        self.of.new_table(self, rules, players, seed)
    }

    /// The table a record (JSON text) leaves: its start, every action of it played.
    ///
    /// # Errors
    /// [`TableError::Record`] when the text is not a record of this type or does not replay.
    pub fn replay(&'static self, text: &str) -> Result<Box<dyn Table>, TableError> {
        self.of.replay(self, text)
    }
}

/// A catalogue line: the game type `$type` as `$game` (and `$variant`): the only place a game
/// is named; the ladder's search tuning after the texts, where it is not the default.
macro_rules! game_type {
    ($type:ty, $game:literal, $variant:expr, $label:literal, $about:literal $(,)?) => {
        game_type!(
            $type,
            $game,
            $variant,
            $label,
            $about,
            SearchConfig::DEFAULT
        )
    };
    ($type:ty, $game:literal, $variant:expr, $label:literal, $about:literal, $tuning:expr $(,)?) => {
        GameType {
            game: $game,
            variant: $variant,
            label: $label,
            about: $about,
            tuning: $tuning,
            of: &Of::<$type>::NEW,
        }
    };
}

/// Eléwénjewé's `ismcts` leans on its rule bot (docs/elewenjewe.md, section Bots): it weighs
/// only the rule bot's best three actions, so its iterations go to the few that matter; the
/// rule bot's choice starts 150 visits ahead (15 % of 1,000 iterations), so the search plays
/// another action only where it can tell that one is better; and the root's actions meet
/// common worlds, since the hidden cards and the stock decide far more of a playout's value
/// than one action does (the spread of two actions' difference falls tenfold).
const ELEWENJEWE_SEARCH: SearchConfig = SearchConfig {
    prior_visits: 150,
    prior_candidates: 3,
    common_worlds: true,
    ..SearchConfig::DEFAULT
};

/// Every game type, in the order the front ends list them; a game's first line is its
/// default.
static CATALOGUE: &[GameType] = &[
    game_type!(
        zaagox::Zaagox,
        "zaagox",
        None,
        "Zaägox",
        "Zaägox, the Didopoikas collecting game",
    ),
    game_type!(
        jass::Schieber,
        "jass",
        Some("schieber"),
        "Schieber",
        "Schieber, deal after deal to the target",
    ),
    game_type!(
        jass::SchieberDeal,
        "jass",
        Some("schieber-deal"),
        "one Schieber deal",
        "one deal of Schieber, the unit a duplicate tournament compares",
    ),
    game_type!(
        jass::Coiffeur,
        "jass",
        Some("coiffeur"),
        "Coiffeur",
        "Coiffeur: every side plays every contract of its score sheet once",
    ),
    game_type!(
        jass::Differenzler,
        "jass",
        Some("differenzler"),
        "Differenzler",
        "Differenzler: predict your card points, the smallest miss wins",
    ),
    game_type!(
        elewenjewe::Elewenjewe,
        "elewenjewe",
        None,
        "Eléwénjewé",
        "Eléwénjewé, the Yorùbá fishing game",
        ELEWENJEWE_SEARCH,
    ),
    game_type!(
        letom::Letom,
        "letom",
        Some("deal"),
        "one Letom deal",
        "one deal of Letom, the Didopoikas fishing game after Go-Stop",
    ),
    game_type!(
        letom::LetomMatch,
        "letom",
        Some("match"),
        "a Letom match",
        "a match of Letom deals, the nagari carry and the pot between them",
    ),
];

/// Every game type, in order.
#[must_use]
pub fn catalogue() -> &'static [GameType] {
    CATALOGUE
}

/// The game type of `game` played as `variant` (`None`: the game's first, its default).
///
/// # Errors
/// [`LookupError`] naming the games, or the game's variants.
pub fn find(game: &str, variant: Option<&str>) -> Result<&'static GameType, LookupError> {
    let mut types = CATALOGUE.iter().filter(|t| t.game == game).peekable();
    if types.peek().is_none() {
        return Err(LookupError::Game {
            name: game.chars().take(64).collect(),
            games: games(),
        });
    }
    let variants: Vec<&'static str> = types.clone().filter_map(|t| t.variant).collect();
    match variant {
        None => types.next(),
        Some(v) => types.find(|t| t.variant == Some(v)),
    }
    .ok_or_else(|| LookupError::Variant {
        game: CATALOGUE
            .iter()
            .find(|t| t.game == game)
            .map_or("", |t| t.game),
        variant: variant.unwrap_or_default().chars().take(64).collect(),
        variants,
    })
}

/// The game type whose records carry `name` ([`GameType::record`]).
#[must_use]
pub fn by_record(name: &str) -> Option<&'static GameType> {
    CATALOGUE.iter().find(|t| t.record() == name)
}

/// The ladder's search tuning ([`GameType::tuning`]) of the game type whose records carry
/// `record`, for a front end that seats bots on a type it holds itself;
/// [`SearchConfig::DEFAULT`] for a type the catalogue does not list.
#[must_use]
pub fn tuning(record: &str) -> SearchConfig {
    by_record(record).map_or(SearchConfig::DEFAULT, |t| t.tuning)
}

/// The games' names, each once, in order.
#[must_use]
pub fn games() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for t in CATALOGUE {
        if !names.contains(&t.game) {
            names.push(t.game);
        }
    }
    names
}

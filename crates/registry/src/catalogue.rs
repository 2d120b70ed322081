//! The catalogue: every game type the front ends play, one line each, and the lookups by name,
//! variant and record name.

use core::fmt;
use core::ops::RangeInclusive;

use serde_json::Value;

use crate::error::{LookupError, TableError};
use cards_bots::SearchConfig;
use cards_core::summary::Summary;
use cards_core::{Game, Indexed};

use crate::table::{Catalogued, Of, Table, TypeOf};

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
    /// Whether the conformance oracle plays it (`docs/oracle.md`), and the name its
    /// `"variant"` field gives it there (a game the oracle plays one way takes no variant).
    pub oracle: Option<&'static str>,
    /// The variant a duplicate-deal tournament plays when asked for this one, when not this
    /// one itself (a whole Schieber game compares deal by deal).
    pub compared_as: Option<&'static str>,
    /// How the ladder's `ismcts` searches it ([`cards_bots::BotSpec::player`]): the search's
    /// tuning for this type, measured by playing searches, so it lives here beside the bots
    /// rather than in the game; [`SearchConfig::DEFAULT`] unless the catalogue line sets one
    /// (Eléwénjewé, Zaägox, Differenzler: `docs/bots.md`).
    pub tuning: SearchConfig,
    /// What one game's settlement counts (the unit of a tournament's means), in a player's
    /// words: the unit's name, a colon, and how it is counted.
    pub settlement: &'static str,
    /// The game's rules page (its crate's `docs/rules.md`), for `rules` and help commands.
    pub page: &'static str,
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

    /// The size of its step ids ([`Table::step_space`]): a learning agent's action space.
    #[must_use]
    pub fn step_space(&self) -> usize {
        self.of.step_space()
    }

    /// The shapes of its observation and information-state tensors ([`Table::observation`],
    /// [`Table::information_state`]), the same for every rule set and player count.
    #[must_use]
    pub fn tensor_shapes(&self) -> (cards_core::Shape, cards_core::Shape) {
        self.of.tensor_shapes()
    }

    /// The rules `choices` make (a preset, JSON merged in, fields set by name) for a table of
    /// `players`, as JSON for [`GameType::new_table`].
    ///
    /// # Errors
    /// A message saying which choice was wrong and why, in the game's own words; a preset made
    /// for other seat counts than `players` (Eléwénjewé's `professional`, for two) is one.
    pub fn rules(
        &self,
        choices: &crate::rules::RuleChoices,
        players: usize,
    ) -> Result<Value, String> {
        self.of.rules(self.game, choices, players)
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

    /// Runs `visitor` typed, for this line's game type, when it has a summary of many games
    /// (what `simulate` reports); `None` when it has none.
    pub fn visit_summarized<V: SummaryVisitor>(&'static self, visitor: V) -> Option<V::Out> {
        dispatch_summarized(self, visitor)
    }

    /// Whether this game type has a summary of many games ([`GameType::visit_summarized`]).
    #[must_use]
    pub fn summarized(&'static self) -> bool {
        self.visit_summarized(Summarized).is_some()
    }

    /// A duplicate-deal tournament of this type between `bots` (ladder names: `rules`,
    /// `ismcts:500`, …; or outside programs, `exec:COMMAND`, with
    /// [`Program::DEFAULT_ANSWER_TIME`](crate::pipe::Program::DEFAULT_ANSWER_TIME) a decision)
    /// at `players` seats under `rules` (JSON, as for
    /// [`GameType::new_table`]), its deals dealt from `seed`.
    ///
    /// # Errors
    /// [`TableError::Rules`] for rules the game does not read, [`TableError::Bot`] for a name
    /// that is not a bot (or `exec:` with no command), [`TableError::Tournament`] for a table the game does not seat or
    /// fewer than two bots.
    pub fn duplicate(
        &'static self,
        rules: &Value,
        players: usize,
        bots: &[String],
        seed: u64,
    ) -> Result<Box<dyn crate::duplicate::Duplicate>, TableError> {
        let entries = bots
            .iter()
            .map(|name| {
                crate::duplicate::Entry::from_name(name, crate::pipe::Program::DEFAULT_ANSWER_TIME)
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.of.duplicate(self, rules, players, &entries, seed)
    }

    /// A duplicate-deal tournament as [`GameType::duplicate`], between `entries`: ladder bots
    /// and players from outside (a Python function, a program over a pipe), each shown only
    /// its seat's view.
    ///
    /// # Errors
    /// As [`GameType::duplicate`].
    pub fn duplicate_with(
        &'static self,
        rules: &Value,
        players: usize,
        entries: &[crate::duplicate::Entry],
        seed: u64,
    ) -> Result<Box<dyn crate::duplicate::Duplicate>, TableError> {
        self.of.duplicate(self, rules, players, entries, seed)
    }

    /// Many tables of this type stepped together ([`crate::batch`]), as `config` sets them up.
    ///
    /// # Errors
    /// [`TableError::Rules`] for rules the game does not read, [`TableError::Setup`] for a
    /// table it does not seat (or no tables), [`TableError::Seat`] for a learner's seat not
    /// at the table, [`TableError::Bot`] for an opponent that is not a ladder bot.
    pub fn batch(
        &'static self,
        config: crate::batch::BatchConfig,
    ) -> Result<Box<dyn crate::batch::Batch>, TableError> {
        self.of.batch(self, config)
    }

    /// Runs `visitor` typed, for this line's game type.
    pub fn visit<V: Visitor>(&'static self, visitor: V) -> V::Out {
        dispatch(self, visitor)
    }

    /// The game's own words with what each means ([`cards_core::GameEvent::TERMS`]), for a
    /// front end's help.
    #[must_use]
    pub fn terms(&'static self) -> &'static [cards_core::Term] {
        self.visit(Terms)
    }

    /// A new table from an explicit position (`setup`: the game's setup JSON, every card
    /// placed and whose turn it is, as [`Table::record`] writes it for a record that starts
    /// from one) under `rules` (JSON, as for [`GameType::new_table`]).
    ///
    /// # Errors
    /// [`TableError::Rules`] for rules the game does not read, [`TableError::Setup`] for a
    /// setup that is not the game's or breaks its rules (the game's own words).
    pub fn new_table_from_setup(
        &'static self,
        rules: &Value,
        setup: &Value,
    ) -> Result<Box<dyn Table>, TableError> {
        self.of.new_table_from_setup(self, rules, setup)
    }

    /// The table a record (JSON text) leaves: its start, every action of it played.
    ///
    /// # Errors
    /// [`TableError::Record`] when the text is not a record of this type or does not replay.
    pub fn replay(&'static self, text: &str) -> Result<Box<dyn Table>, TableError> {
        self.of.replay(self, text)
    }
}

/// A computation generic over the game type, run typed for one catalogue line
/// ([`GameType::visit`]): how a front end runs generic code of its own (a simulation's
/// millions of playouts, a tournament) monomorphized, at the typed game's speed, without
/// naming a game.
pub trait Visitor {
    /// What the computation gives.
    type Out;
    /// Runs it for the game type `G`, played step by step in the form `P` (`G` itself for a
    /// game whose every action is one step), as the catalogue line `line`.
    fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(
        self,
        line: &'static GameType,
    ) -> Self::Out;
}

/// A computation over a game type that has a summary of many games
/// ([`cards_core::summary::Summary`]: what `simulate` reports), run typed for a catalogue line
/// the catalogue marks as summarized ([`GameType::visit_summarized`]).
pub trait SummaryVisitor {
    /// What the computation gives.
    type Out;
    /// Runs it for the game type `G`, as the catalogue line `line`.
    fn visit<G: Catalogued + Summary>(self, line: &'static GameType) -> Self::Out;
}

/// Asks for a game type's terms.
struct Terms;

impl Visitor for Terms {
    type Out = &'static [cards_core::Term];

    fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(
        self,
        _: &'static GameType,
    ) -> Self::Out {
        <G::Event as cards_core::GameEvent>::TERMS
    }
}

/// Asks nothing: whether a line is summarized.
struct Summarized;

impl SummaryVisitor for Summarized {
    type Out = ();

    fn visit<G: Catalogued + Summary>(self, _: &'static GameType) {}
}

/// The catalogue, written once: each line a game type (with its step-by-step form in
/// brackets when it splits decisions, and `: Summary` when it has a summary of many games) and
/// what the front ends call it. It makes the static
/// list and the typed dispatch ([`GameType::visit`]) from the same lines, so they cannot
/// disagree.
macro_rules! catalogue {
    ($($type:ty $([$position:ty])? $(: $summary:ident)? => { $($field:ident: $value:expr),* $(,)? }),* $(,)?) => {
        static CATALOGUE: &[GameType] = &[$(
            GameType {
                $($field: $value,)*
                of: &Of::<$type, catalogue!(@position $type $(, $position)?)>::NEW,
            }
        ),*];

        fn dispatch<V: Visitor>(line: &'static GameType, visitor: V) -> V::Out {
            catalogue!(@dispatch line, visitor; $(($type, catalogue!(@position $type $(, $position)?))),*)
        }

        fn dispatch_summarized<V: SummaryVisitor>(
            line: &'static GameType,
            visitor: V,
        ) -> Option<V::Out> {
            $(
                if line.record() == <$type as Game>::NAME {
                    return catalogue!(@summarized line, visitor, $type $(, $summary)?);
                }
            )*
            None
        }
    };
    (@summarized $line:ident, $visitor:ident, $type:ty) => { None };
    (@summarized $line:ident, $visitor:ident, $type:ty, Summary) => {
        Some($visitor.visit::<$type>($line))
    };
    (@position $type:ty) => { $type };
    (@position $type:ty, $position:ty) => { $position };
    // The last line is what is left: every line is one of them, and no branch can fail.
    (@dispatch $line:ident, $visitor:ident; ($type:ty, $position:ty)) => {
        $visitor.visit::<$type, $position>($line)
    };
    (@dispatch $line:ident, $visitor:ident; ($type:ty, $position:ty), $($rest:tt)+) => {
        if $line.record() == <$type as Game>::NAME {
            $visitor.visit::<$type, $position>($line)
        } else {
            catalogue!(@dispatch $line, $visitor; $($rest)+)
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

/// Differenzler's `ismcts` weighs at a prediction only the rule bot's seven predictions around
/// its estimate, five points apart (`JassBot`'s `candidates`; docs/jass.md, section Bots):
/// over all 158 its tries would spread to a few each and its top predictions be noise. At a
/// card the rule bot names no candidates, so every legal card is weighed. The root's actions
/// meet common worlds: neighbouring predictions differ by a point or two of penalty, far less
/// than one world's luck, so only a paired comparison tells them apart (with it two seeds of
/// the hint share their top predictions; without, they did not).
const DIFFERENZLER_SEARCH: SearchConfig = SearchConfig {
    prior_candidates: 7,
    common_worlds: true,
    ..SearchConfig::DEFAULT
};

catalogue! {
    zaagox::Zaagox: Summary => {
        game: "zaagox",
        variant: None,
        label: "Zaägox",
        about: "Zaägox, the Didopoikas collecting game",
        oracle: Some("zaagox"),
        compared_as: None,
        tuning: SearchConfig { prior_visits: 300, ..SearchConfig::DEFAULT },
        settlement: "points: each loser pays the winner's score",
        page: zaagox::RULES_PAGE,
    },
    jass::Schieber: Summary => {
        game: "jass",
        variant: Some("schieber"),
        label: "Schieber",
        about: "Schieber, deal after deal to the target",
        oracle: None,
        // Luck cancels over a duplicate deal, not over a game to the target.
        compared_as: Some("schieber-deal"),
        tuning: SearchConfig::DEFAULT,
        settlement: "wins: +1 for each seat of the team that wins the game, −1 for the other",
        page: jass::RULES_PAGE,
    },
    jass::SchieberDeal => {
        game: "jass",
        variant: Some("schieber-deal"),
        label: "one Schieber deal",
        about: "one deal of Schieber, the unit a duplicate tournament compares",
        oracle: Some("schieber"),
        compared_as: None,
        tuning: SearchConfig::DEFAULT,
        settlement: "points: the seat's team's multiplied points minus the other team's",
        page: jass::RULES_PAGE,
    },
    jass::Coiffeur: Summary => {
        game: "jass",
        variant: Some("coiffeur"),
        label: "Coiffeur",
        about: "Coiffeur: every side plays every contract of its score sheet once",
        oracle: Some("coiffeur"),
        compared_as: None,
        tuning: SearchConfig::DEFAULT,
        settlement: "wins: in team play +1 for each seat of the winning team, −1 for the other; alone, a sole winner +9 and the others −3",
        page: jass::RULES_PAGE,
    },
    jass::Differenzler: Summary => {
        game: "jass",
        variant: Some("differenzler"),
        label: "Differenzler",
        about: "Differenzler: predict your card points, the smallest miss wins",
        oracle: Some("differenzler"),
        compared_as: None,
        tuning: DIFFERENZLER_SEARCH,
        settlement: "penalty points: all seats' penalties minus the number of seats × the seat's own (the smaller its own penalty, the more a seat scores)",
        page: jass::RULES_PAGE,
    },
    elewenjewe::Elewenjewe [elewenjewe::Stepped]: Summary => {
        game: "elewenjewe",
        variant: None,
        label: "Eléwénjewé",
        about: "Eléwénjewé, the Yorùbá fishing game",
        oracle: Some("elewenjewe"),
        compared_as: None,
        tuning: ELEWENJEWE_SEARCH,
        settlement: "points: a sole winner +60 for each other seat, each loser −60 (tied winners share)",
        page: elewenjewe::RULES_PAGE,
    },
    letom::Letom: Summary => {
        game: "letom",
        variant: Some("deal"),
        label: "one Letom deal",
        about: "one deal of Letom, the Didopoikas fishing game after Go-Stop",
        oracle: Some("deal"),
        compared_as: None,
        tuning: SearchConfig::DEFAULT,
        settlement: "points: what the losers pay the winner at the deal's settlement",
        page: letom::RULES_PAGE,
    },
    letom::LetomMatch: Summary => {
        game: "letom",
        variant: Some("match"),
        label: "a Letom match",
        about: "a match of Letom deals, the nagari carry and the pot between them",
        oracle: None,
        compared_as: None,
        tuning: SearchConfig::DEFAULT,
        settlement: "points: what each seat won or lost over the match",
        page: letom::RULES_PAGE,
    },
}

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

/// The ladder's search tuning ([`GameType::tuning`]) of the game type whose records carry
/// `record`, for a front end that seats bots on a type it holds itself;
/// [`SearchConfig::DEFAULT`] for a type the catalogue does not list.
#[must_use]
pub fn tuning(record: &str) -> SearchConfig {
    by_record(record).map_or(SearchConfig::DEFAULT, |t| t.tuning)
}

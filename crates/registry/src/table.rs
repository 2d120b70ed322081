//! [`Table`]: one game in play behind an object-safe interface, and [`TypeOf`], a game type's
//! face in the catalogue; both implemented once, by [`Of`], for every [`Game`] with a rule bot
//! and a screen.

use core::fmt;
use core::marker::PhantomData;
use core::ops::RangeInclusive;
use core::str::FromStr;

use cards_bots::{BotSpec, Player};
use cards_core::{Game, GameRecord, GameRng, PlayerId, Presets as _, RuleBot, Seed};
use serde::Deserialize as _;
use serde_json::Value;

use crate::catalogue::GameType;
use crate::error::TableError;

/// One legal move: its place in the legal list and its notation (the oracle's action notation,
/// which [`Table::play`] reads back).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Move {
    /// Its place in [`Table::legal`] (the game's documented order).
    pub index: usize,
    /// The action in the game's notation (`9S`, `capture 9S: 6C 3D`).
    pub notation: String,
}

/// What one action did, as one seat (or everyone) saw it: the event as data and as the
/// sentence a player reads.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Told {
    /// The event's JSON (redacted for the seat).
    pub event: Value,
    /// Its sentence.
    pub text: String,
}

/// What a bot weighed for one move: how often its search tried it and how it did.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Weighed {
    /// The move.
    pub chosen: Move,
    /// Its share of the search's visits (0 to 1).
    pub share: f64,
    /// Its mean return for the seat to act.
    pub value: f64,
}

/// One game in play, whatever the game: object-safe, so a front end holds a `Box<dyn Table>`.
/// Every refusal is a value ([`TableError`]) and leaves the table as it was.
pub trait Table: fmt::Debug + Send {
    /// The catalogue line it plays.
    fn game_type(&self) -> &'static GameType;
    /// Its number of seats.
    fn players(&self) -> usize;
    /// The seat to act; `None` once the game is over.
    fn to_act(&self) -> Option<usize>;
    /// The legal moves of the seat to act, in the game's order (empty once over).
    fn legal(&self) -> Vec<Move>;
    /// Plays a move given in the game's notation, returning what it did, told to everyone.
    ///
    /// # Errors
    /// [`TableError::Notation`] for text that is no move of the game, [`TableError::Refused`]
    /// for an illegal one (the rule's own words); the table is unchanged.
    fn play(&mut self, notation: &str) -> Result<Vec<Told>, TableError>;
    /// Plays the legal move at `index` ([`Move::index`]).
    ///
    /// # Errors
    /// [`TableError::Index`] past the legal moves; the table is unchanged.
    fn play_index(&mut self, index: usize) -> Result<Vec<Told>, TableError>;
    /// Every event so far, from the start, as `seat` saw them (`None`: everything shown).
    ///
    /// # Errors
    /// [`TableError::Seat`] for a seat not at the table.
    fn events(&self, seat: Option<usize>) -> Result<Vec<Told>, TableError>;
    /// What `seat` sees now, as data.
    ///
    /// # Errors
    /// [`TableError::Seat`] for a seat not at the table.
    fn view(&self, seat: usize) -> Result<Value, TableError>;
    /// What `seat` sees now, as the screen a player reads.
    ///
    /// # Errors
    /// [`TableError::Seat`] for a seat not at the table.
    fn view_text(&self, seat: usize) -> Result<String, TableError>;
    /// The game's returns so far (its utilities, zero-sum; the final ones once over).
    fn returns(&self) -> Vec<f64>;
    /// The game's integer settlement, one entry per seat.
    fn settlement(&self) -> Vec<i64>;
    /// How it ended, as a sentence and as data; `None` while it goes on.
    fn outcome(&self) -> Option<(String, Value)>;
    /// Its record (the library's `GameRecord` JSON), replayable by [`GameType::replay`].
    fn record(&self) -> Value;
    /// The whole state as JSON (every card: not for a seat's eyes).
    fn state(&self) -> Value;
    /// A copy to explore from.
    fn clone_table(&self) -> Box<dyn Table>;
    /// The move the bot `bot` (a ladder name: `random`, `rules`, `pimc:200`, `ismcts:1000`,
    /// `cheat`) chooses for the seat to act, seeded from `seed`.
    ///
    /// # Errors
    /// [`TableError::Bot`] for a name that is not a bot, [`TableError::Over`] once the game is
    /// over.
    fn bot_move(&self, bot: &str, seed: u64) -> Result<Move, TableError>;
    /// What a fair bot (not `cheat`) would play for the seat to act, seeded from `seed`: its
    /// choice first, then the moves its search weighed most, at most `top` in all.
    ///
    /// # Errors
    /// [`TableError::Bot`] for a name that is not a fair bot, [`TableError::Over`] once the
    /// game is over.
    fn hint(&self, bot: &str, seed: u64, top: usize) -> Result<Vec<Weighed>, TableError>;
    /// A whole game consistent with what `seat` sees (every card it cannot see dealt anew,
    /// seeded from `seed`): the determinization a search plays in. Its record starts from the
    /// world's position.
    ///
    /// # Errors
    /// [`TableError::Seat`] for a seat not at the table, [`TableError::Setup`] when no world
    /// fits the view.
    fn sample_world(&self, seat: usize, seed: u64) -> Result<Box<dyn Table>, TableError>;
}

/// A game type's face in the catalogue: what is asked of the type before there is a table.
pub(crate) trait TypeOf: Sync {
    fn record(&self) -> &'static str;
    fn players(&self) -> RangeInclusive<usize>;
    fn default_rules(&self) -> Value;
    fn presets(&self) -> Vec<(&'static str, Value)>;
    fn rule_fields(&self) -> Vec<crate::rules::Field>;
    fn rules(&self, game: &str, choices: &crate::rules::RuleChoices) -> Result<Value, String>;
    fn new_table(
        &self,
        line: &'static GameType,
        rules: &Value,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn Table>, TableError>;
    fn replay(&self, line: &'static GameType, text: &str) -> Result<Box<dyn Table>, TableError>;
}

/// The game type `G`, erased: the catalogue's face of the type, and (as [`Typed`]) its tables.
pub(crate) struct Of<G>(PhantomData<fn() -> G>);

impl<G> Of<G> {
    /// The value a catalogue line points to.
    pub(crate) const NEW: Self = Of(PhantomData);
}

/// The bounds every catalogued type meets.
pub(crate) trait Catalogued:
    RuleBot<View: fmt::Display, Action: FromStr<Err: fmt::Display>> + 'static
{
}

impl<G> Catalogued for G where
    G: RuleBot<View: fmt::Display, Action: FromStr<Err: fmt::Display>> + 'static
{
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    // Every game's serde writes plain JSON: a failure here is a bug, shown as such.
    serde_json::to_value(value).unwrap_or_else(|e| Value::String(format!("cannot write: {e}")))
}

impl<G: Catalogued> TypeOf for Of<G> {
    fn record(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> RangeInclusive<usize> {
        G::player_range(&G::Rules::default())
    }

    fn default_rules(&self) -> Value {
        json(&G::Rules::default())
    }

    fn presets(&self) -> Vec<(&'static str, Value)> {
        G::Rules::presets()
            .into_iter()
            .map(|(name, rules)| (name, json(&rules)))
            .collect()
    }

    fn rule_fields(&self) -> Vec<crate::rules::Field> {
        crate::rules::fields::<G::Rules>()
    }

    fn rules(&self, game: &str, choices: &crate::rules::RuleChoices) -> Result<Value, String> {
        choices
            .rules::<G::Rules>(game, &G::Rules::presets())
            .map(|rules| json(&rules))
    }

    fn new_table(
        &self,
        line: &'static GameType,
        rules: &Value,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn Table>, TableError> {
        let rules = G::Rules::deserialize(rules)
            .map_err(|e| TableError::Rules(crate::words::user_words(&e.to_string())))?;
        let state = G::new(&rules, players, Seed::from(seed))
            .map_err(|e| TableError::Setup(e.to_string()))?;
        let record = GameRecord::from_integer_seed(rules, players, seed);
        Ok(Box::new(Typed::start(line, state, record)))
    }

    fn replay(&self, line: &'static GameType, text: &str) -> Result<Box<dyn Table>, TableError> {
        let record: GameRecord<G> = serde_json::from_str(text)
            .map_err(|e| TableError::Record(crate::words::user_words(&e.to_string())))?;
        let state = record
            .start_state()
            .map_err(|e| TableError::Record(e.to_string()))?;
        let actions = record.actions.clone();
        let mut start = record;
        start.actions.clear();
        let mut table = Typed::start(line, state, start);
        for (i, action) in actions.into_iter().enumerate() {
            table.act(action).map_err(|e| {
                TableError::Record(format!("action {} ({action}) was refused: {e}", i + 1))
            })?;
        }
        Ok(Box::new(table))
    }
}

/// A table of the game type `G`: the state, its record, and every event so far.
#[derive(Clone)]
pub(crate) struct Typed<G: Game> {
    line: &'static GameType,
    state: G,
    record: GameRecord<G>,
    events: Vec<G::Event>,
}

impl<G: Game> fmt::Debug for Typed<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.line.record())
            .field("actions", &self.record.actions.len())
            .field("to_act", &self.state.to_act())
            .finish_non_exhaustive()
    }
}

impl<G: Catalogued> Typed<G> {
    fn start(line: &'static GameType, state: G, record: GameRecord<G>) -> Self {
        let mut events = Vec::new();
        state.start_events(&mut events);
        Typed {
            line,
            state,
            record,
            events,
        }
    }

    /// Plays `action`, keeping its events; the table unchanged when refused.
    fn act(&mut self, action: G::Action) -> Result<Vec<Told>, TableError> {
        let from = self.events.len();
        if let Err(e) = self.state.play_reporting(action, &mut self.events) {
            self.events.truncate(from);
            return Err(TableError::Refused(e.to_string()));
        }
        self.record.actions.push(action);
        Ok(self.events[from..].iter().map(told).collect())
    }

    fn seat(&self, seat: usize) -> Result<PlayerId, TableError> {
        let players = self.state.num_players();
        if seat < players {
            Ok(PlayerId(seat as u8))
        } else {
            Err(TableError::Seat { seat, players })
        }
    }

    fn legal_actions(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        legal
    }
}

impl<G: Catalogued> Typed<G> {
    /// The bot `bot`'s decision for the seat to act: the player (for its hint), the legal
    /// actions and its choice.
    #[allow(clippy::type_complexity)]
    fn decide(
        &self,
        bot: &str,
        seed: u64,
    ) -> Result<(Box<dyn Player<G>>, Vec<G::Action>, G::Action), TableError> {
        let spec = parse_bot(bot)?;
        let legal = self.legal_actions();
        if legal.is_empty() {
            return Err(TableError::Over);
        }
        // Seeded from the moment too, so one seed asks each position afresh.
        let seed = GameRng::new(Seed::from(seed), self.record.actions.len() as u64).seed();
        let mut player: Box<dyn Player<G>> = spec.player::<G>(seed, &self.line.tuning);
        let action = player.act(&self.state, &legal).ok_or(TableError::Over)?;
        if !legal.contains(&action) {
            return Err(TableError::Refused(format!(
                "the bot chose {action}, which is not legal"
            )));
        }
        Ok((player, legal, action))
    }
}

fn parse_bot(bot: &str) -> Result<BotSpec, TableError> {
    bot.parse()
        .map_err(|e: cards_bots::ParseBotError| TableError::Bot(e.to_string()))
}

/// `action` as a move of the legal list `legal` (which holds it).
fn chosen_move<A: PartialEq + fmt::Display>(legal: &[A], action: A) -> Move {
    Move {
        index: legal
            .iter()
            .position(|a| *a == action)
            .unwrap_or(legal.len()),
        notation: action.to_string(),
    }
}

fn told<E: cards_core::GameEvent>(event: &E) -> Told {
    Told {
        event: json(event),
        text: event.to_string(),
    }
}

impl<G: Catalogued> Table for Typed<G> {
    fn game_type(&self) -> &'static GameType {
        self.line
    }

    fn players(&self) -> usize {
        self.state.num_players()
    }

    fn to_act(&self) -> Option<usize> {
        self.state.to_act().map(PlayerId::index)
    }

    fn legal(&self) -> Vec<Move> {
        self.legal_actions()
            .into_iter()
            .enumerate()
            .map(|(index, action)| Move {
                index,
                notation: action.to_string(),
            })
            .collect()
    }

    fn play(&mut self, notation: &str) -> Result<Vec<Told>, TableError> {
        let action = notation
            .trim()
            .parse::<G::Action>()
            .map_err(|e| TableError::Notation(e.to_string()))?;
        self.act(action)
    }

    fn play_index(&mut self, index: usize) -> Result<Vec<Told>, TableError> {
        let legal = self.legal_actions();
        let Some(&action) = legal.get(index) else {
            return Err(TableError::Index {
                index,
                legal: legal.len(),
            });
        };
        self.act(action)
    }

    fn events(&self, seat: Option<usize>) -> Result<Vec<Told>, TableError> {
        let seat = seat.map(|s| self.seat(s)).transpose()?;
        Ok(self
            .events
            .iter()
            .map(|event| match seat {
                Some(seat) => told(&G::redact(self.state.rules(), event, seat)),
                None => told(event),
            })
            .collect())
    }

    fn view(&self, seat: usize) -> Result<Value, TableError> {
        Ok(json(&self.state.view(self.seat(seat)?)))
    }

    fn view_text(&self, seat: usize) -> Result<String, TableError> {
        Ok(self.state.view(self.seat(seat)?).to_string())
    }

    fn returns(&self) -> Vec<f64> {
        self.state.returns().to_vec()
    }

    fn settlement(&self) -> Vec<i64> {
        self.state.settlement().to_vec()
    }

    fn outcome(&self) -> Option<(String, Value)> {
        self.state
            .outcome()
            .map(|outcome| (outcome.to_string(), json(&outcome)))
    }

    fn record(&self) -> Value {
        json(&self.record)
    }

    fn state(&self) -> Value {
        json(&self.state)
    }

    fn clone_table(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }

    fn bot_move(&self, bot: &str, seed: u64) -> Result<Move, TableError> {
        let (_, legal, chosen) = self.decide(bot, seed)?;
        Ok(chosen_move(&legal, chosen))
    }

    fn hint(&self, bot: &str, seed: u64, top: usize) -> Result<Vec<Weighed>, TableError> {
        if parse_bot(bot)?.cheats() {
            return Err(TableError::Bot(format!(
                "{bot} sees every card: a hint comes from a fair bot"
            )));
        }
        let (player, legal, chosen) = self.decide(bot, seed)?;
        let stats = player.hint();
        let total: u32 = stats.iter().map(|s| s.visits).sum();
        let weighed = |action: G::Action| {
            let stat = stats.iter().find(|s| s.action == action);
            Weighed {
                chosen: chosen_move(&legal, action),
                share: match (stat, total) {
                    (Some(s), 1..) => f64::from(s.visits) / f64::from(total),
                    _ => 0.0,
                },
                value: stat.map_or(0.0, |s| s.value),
            }
        };
        let mut others: Vec<_> = stats.iter().filter(|s| s.action != chosen).collect();
        others.sort_by_key(|s| core::cmp::Reverse(s.visits));
        let mut out = vec![weighed(chosen)];
        out.extend(others.into_iter().map(|s| weighed(s.action)));
        out.truncate(top.max(1));
        Ok(out)
    }

    fn sample_world(&self, seat: usize, seed: u64) -> Result<Box<dyn Table>, TableError> {
        let view = self.state.view(self.seat(seat)?);
        let mut rng = GameRng::new(Seed::from(seed), self.record.actions.len() as u64);
        let world =
            G::sample_world(&view, &mut rng).map_err(|e| TableError::Setup(e.to_string()))?;
        let record = GameRecord::from_setup(world.rules().clone(), world.setup());
        Ok(Box::new(Typed::start(self.line, world, record)))
    }
}

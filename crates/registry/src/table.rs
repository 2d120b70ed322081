//! [`Table`]: one game in play behind an object-safe interface, and [`TypeOf`], a game type's
//! face in the catalogue; both implemented once, by [`Of`], for every [`Game`] with a rule bot
//! and a screen.

use core::fmt;
use core::marker::PhantomData;
use core::ops::RangeInclusive;
use core::str::FromStr;

use cards_bots::{BotSpec, Player};
use cards_core::{
    ActionMask, Encode, Game, GameRecord, GameRng, Indexed, PlayerId, Presets as _, RuleBot, Seed,
    Shape,
};
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
    /// The action as a player reads it (suit symbols for cards: `9♠`).
    pub words: String,
}

/// One step of the step-by-step form ([`Table::legal_steps`]): an id of the game type's fixed
/// id space and its words. A game whose decisions are each small has one step a decision (the
/// whole action); one whose decisions can be too large to list (an Eléwénjewé capture) splits
/// them into steps (the card played, then each card taken).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// Its id, below [`Table::step_space`]: the same step has the same id in every position.
    pub id: usize,
    /// The step in the game's notation.
    pub notation: String,
    /// The step as a player reads it.
    pub words: String,
}

/// What a step did ([`Table::play_step`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stepped {
    /// The decision goes on: more steps follow (the table's state is unchanged so far).
    Partial,
    /// The decision is complete: this move was played.
    Played(Move),
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
    /// Its mean value for the seat to act, on the search's scale: the returns, or a scale of
    /// the game's own for a search that stops its playouts early ([`Weighed::said`]).
    pub value: f64,
    /// The value in the game's words: `wins 62 %`, `+12.5 points`
    /// ([`cards_core::RuleBot::search_unit`]).
    pub said: String,
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
    /// How many legal moves the seat to act has ([`Table::legal`]'s length, without writing
    /// them).
    fn legal_len(&self) -> usize;
    /// Plays a move given in the game's notation, or as a person types it (the forms
    /// [`Table::read_action`] reads: `10♣`, `trump:♣`); what it did: [`Table::events`] from
    /// [`Table::event_count`] before it. A decision under way step by step is dropped.
    ///
    /// # Errors
    /// [`TableError::Notation`] for text that is no move of the game, [`TableError::Refused`]
    /// for an illegal one (the rule's own words); the table is unchanged.
    fn play(&mut self, notation: &str) -> Result<(), TableError>;
    /// The move a person typed: the game's notation, or a form the screen writes (suit
    /// symbols, `10♣`, `trump:♣`), or words the game reads where it asks for them
    /// ([`Game::read_action`]). Its [`Move::index`] is its place in [`Table::legal`], or
    /// [`Table::legal_len`] when it is not legal now ([`Table::play_index`] cannot play it;
    /// [`Table::play`] of its notation says why the rules refuse it).
    ///
    /// # Errors
    /// [`TableError::Notation`] for text that names no move of the game (the game's words on
    /// what it expects).
    fn read_action(&self, text: &str) -> Result<Move, TableError>;
    /// Plays the legal move at `index` ([`Move::index`]), as [`Table::play`] does.
    ///
    /// # Errors
    /// [`TableError::Index`] past the legal moves; the table is unchanged.
    fn play_index(&mut self, index: usize) -> Result<(), TableError>;
    /// The size of the game type's step ids: every [`Step::id`] is below it.
    fn step_space(&self) -> usize;
    /// The legal steps now, in id order: the first steps of the seat's decision, or the next
    /// steps of a decision under way (empty once over).
    fn legal_steps(&self) -> Vec<Step>;
    /// The steps taken so far in the decision under way (empty between decisions).
    fn steps_taken(&self) -> Vec<Step>;
    /// Takes the step `id`: the decision goes on, or it is complete and its move is played.
    ///
    /// # Errors
    /// [`TableError::Refused`] for a step that is not legal now (the rule's words), or steps
    /// that make no legal move (the decision then starts again); [`TableError::Over`] once the
    /// game is over; the table is unchanged.
    fn play_step(&mut self, id: usize) -> Result<Stepped, TableError>;
    /// Drops the decision under way, back to its first step.
    fn restart_steps(&mut self);
    /// Writes the ids of [`Table::legal_steps`] into `mask` (reset to [`Table::step_space`]),
    /// without their words: what a learning agent's loop asks each decision, allocation-free
    /// once `mask` has grown.
    fn step_mask(&self, mask: &mut ActionMask);
    /// Takes the step `id` as [`Table::play_step`] does, without writing the move's words:
    /// `true` when it completed a decision (its move is played), `false` when the decision goes
    /// on.
    ///
    /// # Errors
    /// As [`Table::play_step`]; the table is unchanged.
    fn take_step(&mut self, id: usize) -> Result<bool, TableError>;
    /// The ids of the steps taken so far in the decision under way (empty between decisions).
    fn step_ids_taken(&self) -> &[usize];
    /// The step `id` in notation and in words, legal now or not; `None` past
    /// [`Table::step_space`].
    fn step_named(&self, id: usize) -> Option<Step>;
    /// The id of the step `text` names: a step's notation or words (`9S`, `9♠`, `pick 3D`), or
    /// a move played whole in the game's notation.
    ///
    /// # Errors
    /// [`TableError::Notation`] for text that names no step.
    fn step_id(&self, text: &str) -> Result<usize, TableError>;
    /// The step ids that play the move `notation` from the start of a decision: one id for a
    /// move played whole, the card and then each card taken for a split one.
    ///
    /// # Errors
    /// [`TableError::Notation`] for text that is no move of the game.
    fn move_steps(&self, notation: &str) -> Result<Vec<usize>, TableError>;
    /// How many events there are so far (every seat is told the same number).
    fn event_count(&self) -> usize;
    /// The events from the `from`-th on (0: from the start), as `seat` saw them (`None`:
    /// everything shown).
    ///
    /// # Errors
    /// [`TableError::Seat`] for a seat not at the table.
    fn events(&self, seat: Option<usize>, from: usize) -> Result<Vec<Told>, TableError>;
    /// The events from the `from`-th on as an onlooker saw them: someone not at the table, who
    /// sees only what every seat sees of the others (no hand, no stock).
    fn onlooker_events(&self, from: usize) -> Vec<Told>;
    /// What an onlooker sees now, as data and as the screen a player reads.
    fn onlooker_view(&self) -> (Value, String);
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
    /// Writes the observation tensor of `seat` into `out` (its public part first; shapes in
    /// [`GameType::tensor_shapes`]): what the seat sees now, with the steps it has taken of a
    /// decision under way.
    ///
    /// # Errors
    /// [`TableError::Seat`] for a seat not at the table, [`TableError::Shape`] for an `out` of
    /// the wrong length.
    fn observation(&self, seat: usize, out: &mut [f32]) -> Result<(), TableError>;
    /// Writes the information-state tensor of `seat` into `out`: everything the seat has seen,
    /// in order (for a sampled world, [`Table::sample_world`], the seat's own history).
    ///
    /// # Errors
    /// As [`Table::observation`].
    fn information_state(&self, seat: usize, out: &mut [f32]) -> Result<(), TableError>;
    /// Everything `seat` has been told, in order, as text (its redacted events as JSON lines,
    /// then the steps it has taken of a decision under way): equal for two tables exactly when
    /// the seat cannot tell them apart, a key for search trees and regret tables.
    ///
    /// # Errors
    /// [`TableError::Seat`] for a seat not at the table.
    fn information_state_text(&self, seat: usize) -> Result<String, TableError>;
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
    /// over, [`TableError::Refused`] when the bot chooses a move that is not legal (a bug in
    /// it).
    fn bot_move(&self, bot: &str, seed: u64) -> Result<Move, TableError>;
    /// What a fair bot (not `cheat`) would play for the seat to act, seeded from `seed`: its
    /// choice first, then the moves its search weighed most, at most `top` in all.
    ///
    /// # Errors
    /// [`TableError::Bot`] for a name that is not a fair bot, [`TableError::Over`] once the
    /// game is over.
    fn hint(&self, bot: &str, seed: u64, top: usize) -> Result<Vec<Weighed>, TableError>;
    /// A whole game consistent with what `seat` sees (every card it cannot see dealt anew,
    /// seeded from `seed`): the determinization a search plays in. Its record and its events
    /// start from the world's position; `seat` keeps its own history there (its information
    /// state and its text are the ones it has here), and the steps it has taken of a decision
    /// under way.
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
    fn step_space(&self) -> usize;
    fn tensor_shapes(&self) -> (Shape, Shape);
    fn rules(
        &self,
        game: &str,
        choices: &crate::rules::RuleChoices,
        players: usize,
    ) -> Result<Value, String>;
    fn new_table(
        &self,
        line: &'static GameType,
        rules: &Value,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn Table>, TableError>;
    fn replay(&self, line: &'static GameType, text: &str) -> Result<Box<dyn Table>, TableError>;
    fn batch(
        &self,
        line: &'static GameType,
        config: crate::batch::BatchConfig,
    ) -> Result<Box<dyn crate::batch::Batch>, TableError>;
    fn new_table_from_setup(
        &self,
        line: &'static GameType,
        rules: &Value,
        setup: &Value,
    ) -> Result<Box<dyn Table>, TableError>;
    fn duplicate(
        &self,
        line: &'static GameType,
        rules: &Value,
        players: usize,
        entries: &[crate::duplicate::Entry],
        seed: u64,
    ) -> Result<Box<dyn crate::duplicate::Duplicate>, TableError>;
}

/// The game type `G` with its step-by-step form `P`, erased: the catalogue's face of the type,
/// and (as [`Typed`]) its tables.
pub(crate) struct Of<G, P = G>(PhantomData<fn() -> (G, P)>);

impl<G, P> Of<G, P> {
    /// The value a catalogue line points to.
    pub(crate) const NEW: Self = Of(PhantomData);
}

/// What every catalogued game type offers beyond [`Game`]: a rule bot (so every bot of the
/// ladder plays it), tensors for learning agents, a view that reads as text and actions read
/// back from their notation.
pub trait Catalogued:
    RuleBot<View: fmt::Display, Action: FromStr<Err: fmt::Display>> + Encode + 'static
{
}

impl<G> Catalogued for G where
    G: RuleBot<View: fmt::Display, Action: FromStr<Err: fmt::Display>> + Encode + 'static
{
}

/// The rules of `G` a front end hands in as JSON, refused in JSON words.
fn read_rules<G: Game>(rules: &Value) -> Result<G::Rules, TableError> {
    G::Rules::deserialize(rules)
        .map_err(|e| TableError::Rules(crate::words::user_words(&e.to_string())))
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    // Every game's serde writes plain JSON: a failure here is a bug, shown as such.
    serde_json::to_value(value).unwrap_or_else(|e| Value::String(format!("cannot write: {e}")))
}

impl<G: Catalogued, P: Indexed<Game = G> + Send + 'static> TypeOf for Of<G, P> {
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

    fn step_space(&self) -> usize {
        P::NUM_ACTIONS
    }

    fn tensor_shapes(&self) -> (Shape, Shape) {
        (G::OBSERVATION, G::INFORMATION_STATE)
    }

    fn rules(
        &self,
        game: &str,
        choices: &crate::rules::RuleChoices,
        players: usize,
    ) -> Result<Value, String> {
        choices
            .rules_for::<G::Rules>(game, players)
            .map(|rules| json(&rules))
    }

    fn new_table_from_setup(
        &self,
        line: &'static GameType,
        rules: &Value,
        setup: &Value,
    ) -> Result<Box<dyn Table>, TableError> {
        let rules = read_rules::<G>(rules)?;
        let setup = G::Setup::deserialize(setup)
            .map_err(|e| TableError::Setup(crate::words::user_words(&e.to_string())))?;
        let state = G::from_setup(&rules, setup).map_err(|e| TableError::Setup(e.to_string()))?;
        let record = GameRecord::from_setup(rules, state.setup());
        Ok(Box::new(Typed::<G, P>::start(line, state, record)))
    }

    fn duplicate(
        &self,
        line: &'static GameType,
        rules: &Value,
        players: usize,
        entries: &[crate::duplicate::Entry],
        seed: u64,
    ) -> Result<Box<dyn crate::duplicate::Duplicate>, TableError> {
        let rules = read_rules::<G>(rules)?;
        Ok(Box::new(crate::duplicate::Typed::<G>::new(
            line, rules, players, entries, seed,
        )?))
    }

    fn new_table(
        &self,
        line: &'static GameType,
        rules: &Value,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn Table>, TableError> {
        let rules = read_rules::<G>(rules)?;
        let state = G::new(&rules, players, Seed::from(seed))
            .map_err(|e| TableError::Setup(e.to_string()))?;
        let record = GameRecord::from_integer_seed(rules, players, seed);
        Ok(Box::new(Typed::<G, P>::start(line, state, record)))
    }

    fn batch(
        &self,
        line: &'static GameType,
        config: crate::batch::BatchConfig,
    ) -> Result<Box<dyn crate::batch::Batch>, TableError> {
        Ok(Box::new(crate::batch::Typed::<G, P>::new(line, config)?))
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
        let mut table = Typed::<G, P>::start(line, state, start);
        for (i, action) in actions.into_iter().enumerate() {
            table.act(action).map_err(|e| {
                TableError::Record(format!("action {} ({action}) was refused: {e}", i + 1))
            })?;
        }
        Ok(Box::new(table))
    }
}

/// A table of the game type `G`: the state, its record, every event so far, and the decision
/// under way step by step in the form `P`.
pub(crate) struct Typed<G: Encode, P> {
    line: &'static GameType,
    state: G,
    record: GameRecord<G>,
    events: Vec<G::Event>,
    /// While a decision is taken step by step: the position so far and the steps taken.
    steps: Option<(P, Vec<usize>)>,
    /// The legal actions of the position, once listed (`false`: to list again).
    legal: core::cell::RefCell<(bool, Vec<G::Action>)>,
    /// Each seat's recall, folded from its redacted events up to the count kept beside it
    /// (kept up to date when a tensor is asked for, not at every move).
    recalls: core::cell::RefCell<Vec<(usize, G::Recall)>>,
    /// In a sampled world: the seat whose world it is, its redacted events before the world
    /// began, and how many of the world's own events tell its start (which the seat's history
    /// replaces).
    known: Option<(PlayerId, Vec<G::Event>, usize)>,
}

// Derived `Clone` would ask `G::Event: Clone` through the generics' bounds it adds.
impl<G: Encode, P: Clone> Clone for Typed<G, P> {
    fn clone(&self) -> Self {
        Typed {
            line: self.line,
            state: self.state.clone(),
            record: self.record.clone(),
            events: self.events.clone(),
            steps: self.steps.clone(),
            legal: core::cell::RefCell::new((false, Vec::new())),
            recalls: self.recalls.clone(),
            known: self.known.clone(),
        }
    }
}

impl<G: Encode, P> fmt::Debug for Typed<G, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.line.record())
            .field("actions", &self.record.actions.len())
            .field("to_act", &self.state.to_act())
            .finish_non_exhaustive()
    }
}

impl<G: Catalogued, P: Indexed<Game = G>> Typed<G, P> {
    fn start(line: &'static GameType, state: G, record: GameRecord<G>) -> Self {
        let mut events = Vec::new();
        state.start_events(&mut events);
        Typed {
            line,
            state,
            record,
            events,
            steps: None,
            legal: core::cell::RefCell::new((false, Vec::new())),
            recalls: core::cell::RefCell::new(Vec::new()),
            known: None,
        }
    }

    /// The seat's events before this table's own (a sampled world's seat: its history), and
    /// where its own events begin for it.
    fn history(&self, seat: PlayerId) -> (&[G::Event], usize) {
        match &self.known {
            Some((known, before, start)) if *known == seat => (before, *start),
            _ => (&[], 0),
        }
    }

    /// Runs `f` on `seat`'s recall, brought up to date.
    fn with_recall<T>(&self, seat: PlayerId, f: impl FnOnce(&G::Recall) -> T) -> T {
        let mut recalls = self.recalls.borrow_mut();
        let players = self.state.num_players();
        if recalls.len() != players {
            *recalls = PlayerId::all(players)
                .map(|s| {
                    let mut recall = G::recall_start(self.state.rules(), players, s);
                    let (before, start) = self.history(s);
                    for event in before {
                        G::recall(&mut recall, event);
                    }
                    (start, recall)
                })
                .collect();
        }
        let (seen, recall) = &mut recalls[seat.index()];
        for event in self.events.get(*seen..).unwrap_or_default() {
            G::recall(recall, &G::redact(self.state.rules(), event, seat));
        }
        *seen = self.events.len().max(*seen);
        f(recall)
    }

    /// The steps `seat` has taken of a decision under way (only the seat to act has any).
    fn own_steps(&self, seat: PlayerId) -> &[usize] {
        match &self.steps {
            Some((_, taken)) if self.state.to_act() == Some(seat) => taken,
            _ => &[],
        }
    }

    /// The action `text` names as a person types it ([`Game::read_action`]).
    fn typed(&self, text: &str) -> Result<G::Action, TableError> {
        self.state.read_action(text).ok_or_else(|| {
            // The notation's parser says what the game expects.
            TableError::Notation(
                match cards_core::input::notation(text).parse::<G::Action>() {
                    Err(e) => e.to_string(),
                    Ok(_) => format!(
                        "{:?} names no move of {}",
                        text.chars().take(64).collect::<String>(),
                        self.line.label
                    ),
                },
            )
        })
    }

    /// Plays `action`, keeping its events; the table unchanged when refused.
    fn act(&mut self, action: G::Action) -> Result<(), TableError> {
        let from = self.events.len();
        if let Err(e) = self.state.play_reporting(action, &mut self.events) {
            self.events.truncate(from);
            return Err(TableError::Refused(e.to_string()));
        }
        self.record.actions.push(action);
        self.steps = None;
        self.legal.get_mut().0 = false;
        Ok(())
    }

    /// Takes the step `id` of the decision under way (or a new one): the action it completes,
    /// not played yet, or `None` while the decision goes on.
    fn advance(&mut self, id: usize) -> Result<Option<G::Action>, TableError> {
        if self.state.is_terminal() {
            return Err(TableError::Over);
        }
        let (mut position, mut taken) = match self.steps.take() {
            Some(under_way) => under_way,
            None => (P::from_game(self.state.clone()), Vec::new()),
        };
        if let Err(e) = position.play_index(id) {
            // Refused: the decision under way stays as it was.
            if !taken.is_empty() {
                self.steps = Some((position, taken));
            }
            return Err(TableError::Refused(e.to_string()));
        }
        taken.push(id);
        if position.in_decision() {
            self.steps = Some((position, taken));
            return Ok(None);
        }
        self.decided(&taken, position.game())
            .map(Some)
            .ok_or_else(|| {
                TableError::Refused(
                    "those steps make no legal move; the decision starts again".to_owned(),
                )
            })
    }

    /// The legal steps of `position`, in id order.
    fn step_ids(position: &P) -> Vec<usize> {
        let mut mask = ActionMask::new(P::NUM_ACTIONS);
        position.legal_mask(&mut mask);
        mask.iter().collect()
    }

    /// The legal action a complete decision's steps (`taken`, reaching `reached`) make: the
    /// one whose canonical path they are, or else (steps taken in another order) the one
    /// whose state they reach.
    fn decided(&self, taken: &[usize], reached: &G) -> Option<G::Action> {
        let legal = self.legal_actions();
        let mut path = Vec::new();
        legal
            .iter()
            .copied()
            .find(|&a| {
                P::action_path(a, &mut path);
                path == taken
            })
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|&a| self.state.apply(a).is_ok_and(|next| next == *reached))
            })
    }

    /// A seat not at the table: the games tell it what an onlooker may know.
    fn onlooker(&self) -> PlayerId {
        PlayerId(u8::try_from(self.state.num_players()).unwrap_or(u8::MAX))
    }

    fn seat(&self, seat: usize) -> Result<PlayerId, TableError> {
        let players = self.state.num_players();
        if seat < players {
            Ok(PlayerId(seat as u8))
        } else {
            Err(TableError::Seat { seat, players })
        }
    }

    /// Runs `f` on the position's legal actions, listed once per position.
    fn with_legal<T>(&self, f: impl FnOnce(&[G::Action]) -> T) -> T {
        let mut cache = self.legal.borrow_mut();
        let (listed, actions) = &mut *cache;
        if !*listed {
            self.state.legal_actions(actions);
            *listed = true;
        }
        f(actions)
    }

    fn legal_actions(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        legal
    }
}

impl<G: Catalogued, P: Indexed<Game = G>> Typed<G, P> {
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
        let mut player = self.seated(spec, seed);
        let action = player.act(&self.state, &legal).ok_or(TableError::Over)?;
        if !legal.contains(&action) {
            return Err(TableError::Refused(format!(
                "the bot chose {action}, which is not legal"
            )));
        }
        Ok((player, legal, action))
    }

    /// The bot `spec` seeded with `seed`, for the seat to act. A player that remembers is told
    /// the game so far, as its seat saw it: a fresh bot for each decision then plays as the
    /// same bot seated for the whole game would.
    fn seated(&self, spec: BotSpec, seed: Seed) -> Box<dyn Player<G>> {
        let mut player: Box<dyn Player<G>> = spec.player::<G>(seed, &self.line.tuning);
        if player.observes()
            && let Some(seat) = self.state.to_act()
        {
            // A sampled world's seat: its history, already redacted, then the world's events.
            let (before, start) = self.history(seat);
            for event in before {
                player.observe(event);
            }
            let own = self.events.get(start..).unwrap_or_default();
            player.catch_up(self.state.rules(), seat, own);
        }
        player
    }
}

fn parse_bot(bot: &str) -> Result<BotSpec, TableError> {
    bot.parse()
        .map_err(|e: cards_bots::ParseBotError| TableError::Bot(e.to_string()))
}

/// `action` as a move of the legal list `legal` (which holds it).
fn chosen_move<A: PartialEq + fmt::Display>(legal: &[A], action: A) -> Move {
    let index = legal
        .iter()
        .position(|a| *a == action)
        .unwrap_or(legal.len());
    chosen_at(index, action)
}

fn chosen_at<A: fmt::Display>(index: usize, action: A) -> Move {
    Move {
        index,
        notation: action.to_string(),
        words: format!("{action:#}"),
    }
}

/// The step `id` of the form `P`, in words.
fn step<P: Indexed>(id: usize) -> Option<Step> {
    P::step(id).map(|s| Step {
        id,
        notation: s.to_string(),
        words: format!("{s:#}"),
    })
}

fn told<E: cards_core::GameEvent>(event: &E) -> Told {
    Told {
        event: json(event),
        text: event.to_string(),
    }
}

impl<G: Catalogued, P: Indexed<Game = G> + Send + 'static> Table for Typed<G, P> {
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
            .map(|(index, action)| chosen_at(index, action))
            .collect()
    }

    fn legal_len(&self) -> usize {
        self.with_legal(<[G::Action]>::len)
    }

    fn play(&mut self, notation: &str) -> Result<(), TableError> {
        let action = self.typed(notation)?;
        self.act(action)
    }

    fn read_action(&self, text: &str) -> Result<Move, TableError> {
        let action = self.typed(text)?;
        Ok(self.with_legal(|legal| chosen_move(legal, action)))
    }

    fn play_index(&mut self, index: usize) -> Result<(), TableError> {
        let found = self.with_legal(|legal| legal.get(index).copied().ok_or(legal.len()));
        match found {
            Ok(action) => self.act(action),
            Err(legal) => Err(TableError::Index { index, legal }),
        }
    }

    fn step_space(&self) -> usize {
        P::NUM_ACTIONS
    }

    fn legal_steps(&self) -> Vec<Step> {
        if self.state.is_terminal() {
            return Vec::new();
        }
        let ids = match &self.steps {
            Some((position, _)) => Self::step_ids(position),
            None => Self::step_ids(&P::from_game(self.state.clone())),
        };
        ids.into_iter().filter_map(step::<P>).collect()
    }

    fn steps_taken(&self) -> Vec<Step> {
        self.steps.as_ref().map_or_else(Vec::new, |(_, taken)| {
            taken.iter().copied().filter_map(step::<P>).collect()
        })
    }

    fn play_step(&mut self, id: usize) -> Result<Stepped, TableError> {
        let Some(action) = self.advance(id)? else {
            return Ok(Stepped::Partial);
        };
        let chosen = chosen_move(&self.legal_actions(), action);
        self.act(action)?;
        Ok(Stepped::Played(chosen))
    }

    fn restart_steps(&mut self) {
        self.steps = None;
    }

    fn step_mask(&self, mask: &mut ActionMask) {
        match &self.steps {
            _ if self.state.is_terminal() => mask.reset(P::NUM_ACTIONS),
            Some((position, _)) => position.legal_mask(mask),
            None => P::start_mask(&self.state, mask),
        }
    }

    fn take_step(&mut self, id: usize) -> Result<bool, TableError> {
        if self.steps.is_none()
            && !self.state.is_terminal()
            && let Some(action) = P::whole_action(id)
        {
            return self.act(action).map(|()| true);
        }
        let Some(action) = self.advance(id)? else {
            return Ok(false);
        };
        self.act(action).map(|()| true)
    }

    fn move_steps(&self, notation: &str) -> Result<Vec<usize>, TableError> {
        let action = notation
            .trim()
            .parse::<G::Action>()
            .map_err(|e| TableError::Notation(e.to_string()))?;
        let mut path = Vec::new();
        P::action_path(action, &mut path);
        Ok(path)
    }

    fn step_ids_taken(&self) -> &[usize] {
        self.steps.as_ref().map_or(&[], |(_, taken)| taken)
    }

    fn step_named(&self, id: usize) -> Option<Step> {
        step::<P>(id)
    }

    fn step_id(&self, text: &str) -> Result<usize, TableError> {
        let text = text.trim();
        if let Some(id) = (0..P::NUM_ACTIONS).find(|&id| {
            P::step(id).is_some_and(|s| s.to_string() == text || format!("{s:#}") == text)
        }) {
            return Ok(id);
        }
        // As a person types it (`10♣`), else the notation's own refusal.
        let action = match self.state.read_action(text) {
            Some(action) => action,
            None => text
                .parse::<G::Action>()
                .map_err(|e| TableError::Notation(e.to_string()))?,
        };
        let mut path = Vec::new();
        P::action_path(action, &mut path);
        match path[..] {
            [id] => Ok(id),
            _ => Err(TableError::Notation(format!(
                "{text} is taken step by step here, not as one step"
            ))),
        }
    }

    fn event_count(&self) -> usize {
        self.events.len()
    }

    fn events(&self, seat: Option<usize>, from: usize) -> Result<Vec<Told>, TableError> {
        let seat = seat.map(|s| self.seat(s)).transpose()?;
        Ok(self
            .events
            .iter()
            .skip(from)
            .map(|event| match seat {
                Some(seat) => told(&G::redact(self.state.rules(), event, seat)),
                None => told(event),
            })
            .collect())
    }

    fn onlooker_events(&self, from: usize) -> Vec<Told> {
        let onlooker = self.onlooker();
        self.events
            .iter()
            .skip(from)
            .map(|event| told(&G::redact(self.state.rules(), event, onlooker)))
            .collect()
    }

    fn onlooker_view(&self) -> (Value, String) {
        let view = self.state.view(self.onlooker());
        (json(&view), view.to_string())
    }

    fn view(&self, seat: usize) -> Result<Value, TableError> {
        Ok(json(&self.state.view(self.seat(seat)?)))
    }

    fn view_text(&self, seat: usize) -> Result<String, TableError> {
        Ok(self.state.view(self.seat(seat)?).to_string())
    }

    fn observation(&self, seat: usize, out: &mut [f32]) -> Result<(), TableError> {
        let seat = self.seat(seat)?;
        let view = self.state.view(seat);
        cards_core::encode::observation::<G>(&view, self.own_steps(seat), out)
            .map_err(|e| TableError::Shape(e.to_string()))
    }

    fn information_state(&self, seat: usize, out: &mut [f32]) -> Result<(), TableError> {
        let seat = self.seat(seat)?;
        let view = self.state.view(seat);
        self.with_recall(seat, |recall| {
            cards_core::encode::information_state::<G>(&view, recall, self.own_steps(seat), out)
        })
        .map_err(|e| TableError::Shape(e.to_string()))
    }

    fn information_state_text(&self, seat: usize) -> Result<String, TableError> {
        let seat = self.seat(seat)?;
        let (before, start) = self.history(seat);
        let rules = self.state.rules();
        let mut text = String::new();
        let own = self.events.get(start..).unwrap_or_default();
        for event in before
            .iter()
            .cloned()
            .chain(own.iter().map(|e| G::redact(rules, e, seat)))
        {
            text.push_str(&json(&event).to_string());
            text.push('\n');
        }
        text.push_str(&format!("steps {:?}", self.own_steps(seat)));
        Ok(text)
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
        let unit = self.state.search_unit();
        let weighed = |action: G::Action| {
            let stat = stats.iter().find(|s| s.action == action);
            let value = stat.map_or(0.0, |s| s.value);
            Weighed {
                chosen: chosen_move(&legal, action),
                share: match (stat, total) {
                    (Some(s), 1..) => f64::from(s.visits) / f64::from(total),
                    _ => 0.0,
                },
                value,
                said: unit.say(value).to_string(),
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
        let mut table = Typed::<G, P>::start(self.line, world, record);
        let seat = self.seat(seat)?;
        let (before, start) = self.history(seat);
        let rules = self.state.rules();
        let own = self.events.get(start..).unwrap_or_default();
        let history = before
            .iter()
            .cloned()
            .chain(own.iter().map(|e| G::redact(rules, e, seat)))
            .collect();
        table.known = Some((seat, history, table.events.len()));
        // The steps the seat has taken of a decision under way are its own knowledge too.
        for &id in self.own_steps(seat) {
            table.take_step(id)?;
        }
        Ok(Box::new(table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zaagox::Zaagox;

    /// A fresh bot that remembers, made for one decision, is told the game so far as its seat
    /// saw it: it weighs the moves exactly as a bot seated from the deal and told every event
    /// in turn, redacted for its seat (as a tournament tells it), and not always as one told
    /// nothing (so what it is told is used).
    #[test]
    fn a_fresh_bot_is_told_the_game_so_far() {
        let line = crate::find("zaagox", None).unwrap();
        let rules = zaagox::Rules::default();
        let spec: BotSpec = "ismcts:100".parse().unwrap();
        let mut told_something = 0;
        for seed in 0..3u64 {
            let mut game = Zaagox::new(&rules, 2, Seed::from(seed)).unwrap();
            let record = GameRecord::from_integer_seed(rules, 2, seed);
            let mut table = Typed::<Zaagox, Zaagox>::start(line, game.clone(), record);
            let mut events = Vec::new();
            game.start_events(&mut events);
            let mut rng = GameRng::new(Seed::from(seed), 1);
            let mut legal = Vec::new();
            for turn in 0..90 {
                let Some(seat) = game.to_act() else { break };
                game.legal_actions(&mut legal);
                if turn % 15 == 14 {
                    let bot_seed = Seed::from(seed + 100);
                    let mut fresh = table.seated(spec, bot_seed);
                    let mut seated = spec.player::<Zaagox>(bot_seed, &line.tuning);
                    for event in &events {
                        seated.observe(&Zaagox::redact(&rules, event, seat));
                    }
                    let mut untold = spec.player::<Zaagox>(bot_seed, &line.tuning);
                    let choice = fresh.act(&game, &legal);
                    assert_eq!(choice, seated.act(&game, &legal), "seed {seed} turn {turn}");
                    assert_eq!(fresh.hint(), seated.hint(), "seed {seed} turn {turn}");
                    untold.act(&game, &legal);
                    if untold.hint() != seated.hint() {
                        told_something += 1;
                    }
                }
                let action = legal[rng.below(legal.len() as u64) as usize];
                game.play_reporting(action, &mut events).unwrap();
                table.act(action).unwrap();
            }
        }
        assert!(told_something > 0);
    }
}

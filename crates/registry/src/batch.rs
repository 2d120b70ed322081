//! [`Batch`]: many tables of one game type stepped together, the shape a learning agent's data
//! collection takes. Each table plays the game typed, without the events and record a
//! [`Table`](crate::Table) keeps; the caller's actions are step ids (the game type's action
//! space, [`GameType::step_space`]), and every table writes its seat's tensor, its legal mask,
//! who acts and what the episode paid into the caller's buffers. The batch splits into
//! [`Part`]s of consecutive tables that step alone, so a front end spreads them over its
//! threads; a table's games depend on the batch's seed, the table's number and the episode
//! only, never on the thread count or the split.
//!
//! Seats not listed as learners are played inside the batch by a bot of the ladder, so one
//! step advances each table to a learner's next decision.

use core::fmt;

use cards_bots::{BotSpec, Player, SearchConfig};
use cards_core::{ActionMask, Game, GameRng, Indexed, PlayerId, Seed};
use serde::Deserialize;
use serde_json::Value;

use crate::catalogue::GameType;
use crate::error::TableError;
use crate::table::Catalogued;

/// The most tables one batch holds (a batch split from a larger one numbers its tables on, up
/// to [`MAX_TABLES`]): each table's rows and state take a few kilobytes.
pub const MAX_BATCH: usize = 1 << 20;

/// `current_player` of a table whose episode is over (OpenSpiel's `TERMINAL`).
pub const OVER: i32 = -4;

/// The most tables of one batch, and the most episodes of one table (a table's number and its
/// episode make the stream of its deal, 32 bits each).
pub const MAX_TABLES: u64 = 1 << 32;

/// Which tensor each table writes for its seat ([`Table::observation`](crate::Table::observation)
/// or [`Table::information_state`](crate::Table::information_state)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tensor {
    /// What the seat sees now.
    #[default]
    Observation,
    /// Everything the seat has seen (its view and what it recalls of its redacted events).
    InformationState,
}

/// What a table does once its episode is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Autoreset {
    /// The step after the one that ended it starts the next episode, ignoring that step's
    /// action for the table (Gymnasium 1.0's `NEXT_STEP`).
    #[default]
    NextStep,
    /// It waits, over, until the caller resets it ([`Batch::reset`] with a mask): a step
    /// ignores its action and leaves it as it is (its returns paid once, on the step that
    /// ended it), so the other tables play on.
    Disabled,
}

/// How a batch is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchConfig {
    /// The game's rules as JSON (fields left out keep their defaults).
    pub rules: Value,
    /// Seats at each table.
    pub players: usize,
    /// Tables in the batch.
    pub tables: usize,
    /// The number of the batch's first table: batches split from one (over processes or
    /// machines) give each table the games it would have in the whole.
    pub first_table: u64,
    /// The seed every table's deals come from.
    pub seed: u64,
    /// The seats the caller decides for (empty: every seat); a bot plays the others.
    pub learners: Vec<usize>,
    /// The ladder bots that play the other seats (`random`, `rules`, `ismcts:200`): one name
    /// for every seat, or one per seat (a learner's entry unused).
    pub opponents: Vec<String>,
    /// The tensor written.
    pub tensor: Tensor,
    /// What a table does when its episode ends.
    pub autoreset: Autoreset,
    /// What an action that is not legal does: `None` refuses the whole step (nothing
    /// changes); `Some(r)` ends that table's episode instead, paying `r` to the seat that
    /// chose it and 0 to the others (for checkers that step actions drawn without the mask).
    pub illegal_reward: Option<f32>,
    /// Tables `2k` and `2k + 1` get the same deals, the learners' seats turned one place on
    /// at the odd one (so a learner in a team game plays the other team's cards).
    pub duplicate: bool,
}

impl Default for BatchConfig {
    fn default() -> Self {
        BatchConfig {
            rules: Value::Object(serde_json::Map::new()),
            players: 0,
            tables: 1,
            first_table: 0,
            seed: 0,
            learners: Vec::new(),
            opponents: vec!["random".to_owned()],
            tensor: Tensor::Observation,
            autoreset: Autoreset::NextStep,
            illegal_reward: None,
            duplicate: false,
        }
    }
}

/// The seed of episode `episode` of table `table` of a batch seeded with `seed`: a table's
/// deal is [`GameType::new_table`] (or any front end's new game) with this seed, so any one
/// of a batch's games can be replayed alone.
#[must_use]
pub fn deal_seed(seed: u64, table: u64, episode: u64) -> u64 {
    // A key of the batch's own (a role stream no game draws from), then one stream per table
    // and episode: 2^32 of each.
    let key = GameRng::new(Seed::from(seed), BATCH_STREAM).seed();
    GameRng::new(key, (table << 32) | (episode & 0xFFFF_FFFF)).next_u64()
}

/// The most deals in a row a table skips for ending before a learner decides.
const MAX_SKIPPED: usize = 1000;

/// The role stream a batch's key comes from (below 2^32: no deal's stream).
const BATCH_STREAM: u64 = 3;
/// The role streams of the bots at a table: one per seat from here, drawn from its deal seed.
const BOT_STREAM: u64 = 16;

/// The buffers a batch writes into, each holding every table of the batch (or of a part) in
/// order, row-major: `tensor` `tables × tensor_len`, `mask` `tables × actions` (1: legal),
/// `player`, `terminated`, `truncated` and `episode` one each, `rewards` `tables × players`.
#[derive(Debug)]
pub struct Buffers<'a> {
    /// Each table's tensor for its seat.
    pub tensor: &'a mut [f32],
    /// Each table's legal step ids (all 0 when its episode is over).
    pub mask: &'a mut [i8],
    /// The seat each table waits for, or [`OVER`].
    pub player: &'a mut [i32],
    /// What the step paid each seat: the episode's returns on the step that ended it, else 0.
    pub rewards: &'a mut [f32],
    /// Whether the table's episode is over.
    pub terminated: &'a mut [bool],
    /// Always `false`: every game ends by its own rules, within a bound.
    pub truncated: &'a mut [bool],
    /// The episode each table is in.
    pub episode: &'a mut [u64],
}

impl<'a> Buffers<'a> {
    /// The buffers cut into runs of `size` tables (the last may be shorter), in order, for a
    /// batch whose rows are `dims`.
    fn chunks(self, size: usize, dims: Dims) -> Vec<Buffers<'a>> {
        let size = size.max(1);
        let mut tensor = self.tensor.chunks_mut(size * dims.tensor.max(1));
        let mut mask = self.mask.chunks_mut(size * dims.actions.max(1));
        let mut rewards = self.rewards.chunks_mut(size * dims.players.max(1));
        let mut terminated = self.terminated.chunks_mut(size);
        let mut truncated = self.truncated.chunks_mut(size);
        let mut episode = self.episode.chunks_mut(size);
        self.player
            .chunks_mut(size)
            .map(|player| Buffers {
                tensor: tensor.next().unwrap_or_default(),
                mask: mask.next().unwrap_or_default(),
                player,
                rewards: rewards.next().unwrap_or_default(),
                terminated: terminated.next().unwrap_or_default(),
                truncated: truncated.next().unwrap_or_default(),
                episode: episode.next().unwrap_or_default(),
            })
            .collect()
    }

    fn check(&self, tables: usize, dims: Dims) -> Result<(), TableError> {
        let wrong = |name: &str, got: usize, per: usize| {
            TableError::Shape(format!(
                "{name} holds {got} values; {tables} tables need {}",
                tables * per
            ))
        };
        for (name, got, per) in [
            ("the tensor buffer", self.tensor.len(), dims.tensor),
            ("the mask buffer", self.mask.len(), dims.actions),
            ("the player buffer", self.player.len(), 1),
            ("the rewards buffer", self.rewards.len(), dims.players),
            ("the terminated buffer", self.terminated.len(), 1),
            ("the truncated buffer", self.truncated.len(), 1),
            ("the episode buffer", self.episode.len(), 1),
        ] {
            if got != tables * per {
                return Err(wrong(name, got, per));
            }
        }
        Ok(())
    }
}

/// The row lengths of a batch's buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    /// The tensor's length.
    pub tensor: usize,
    /// The step space (a mask's length).
    pub actions: usize,
    /// Seats at each table (a rewards row's length).
    pub players: usize,
}

/// A batch's parts, each with its share of the buffers ([`Batch::parts`]).
pub type Parts<'b> = Vec<(Box<dyn Part + 'b>, Buffers<'b>)>;

/// Many tables of one game type, stepped together ([`GameType::batch`]).
pub trait Batch: fmt::Debug + Send {
    /// The game type it plays.
    fn game_type(&self) -> &'static GameType;
    /// How it was set up (its seed as last reset).
    fn config(&self) -> &BatchConfig;
    /// The row lengths of its buffers.
    fn dims(&self) -> Dims;
    /// The deal seed of table `table`'s episode under way ([`deal_seed`]: a table dealt from
    /// it is that episode's game), or `None` for a table past the batch or never reset.
    fn deal(&self, table: usize) -> Option<u64>;
    /// The seats the learners hold at table `table`, in order (turned one place on at a
    /// duplicate pair's odd table); empty for a table past the batch.
    fn learner_seats(&self, table: usize) -> Vec<usize>;
    /// Deals every table's episodes from `seed` from now on, counted from 0 again: the next
    /// reset of a table deals its episode 0 under `seed`; a table not reset plays its episode
    /// under way to its end (and [`Batch::deal`] still names its seed). Writes nothing.
    fn reseed(&mut self, seed: u64);
    /// The batch in parts of at most `size` consecutive tables, in order, each to be stepped
    /// alone (on a thread of its own), with `out` cut to match.
    ///
    /// # Errors
    /// [`TableError::Shape`] when a buffer does not hold every table's rows.
    fn parts<'b>(&'b mut self, size: usize, out: Buffers<'b>) -> Result<Parts<'b>, TableError>;
    /// Whether `actions` (one step id per table) may be stepped: every action legal at a
    /// table that waits for one. Nothing changes.
    ///
    /// # Errors
    /// [`TableError::Refused`] naming the first table whose action is not legal (or that was
    /// never reset).
    fn check(&self, actions: &[i64]) -> Result<(), TableError>;

    /// Resets the tables `only` marks (all when `None`) to their next episode, each played to
    /// a learner's decision, and writes every table's rows (rewards 0).
    ///
    /// # Errors
    /// [`TableError::Shape`] for a buffer or `only` of the wrong length; [`TableError::Setup`]
    /// when a table cannot be dealt (a table's episodes are used up).
    fn reset(&mut self, only: Option<&[bool]>, out: Buffers<'_>) -> Result<(), TableError> {
        let tables = self.config().tables;
        if let Some(only) = only
            && only.len() != tables
        {
            return Err(TableError::Shape(format!(
                "the reset mask holds {} values; the batch has {tables} tables",
                only.len()
            )));
        }
        for (mut part, out) in self.parts(tables, out)? {
            let first = part.first();
            part.reset(only.map(|o| &o[first..first + part.len()]), out)?;
        }
        Ok(())
    }

    /// Plays `actions` (one step id per table), then each table's bots up to a learner's
    /// decision or the episode's end, and writes every table's rows. Checks every action
    /// first, so a refused step changes nothing.
    ///
    /// # Errors
    /// As [`Batch::check`], and [`TableError::Shape`] for buffers of the wrong length.
    fn step(&mut self, actions: &[i64], out: Buffers<'_>) -> Result<(), TableError> {
        self.check(actions)?;
        let tables = self.config().tables;
        for (mut part, out) in self.parts(tables, out)? {
            let first = part.first();
            part.step(&actions[first..first + part.len()], out)?;
        }
        Ok(())
    }
}

/// Consecutive tables of a [`Batch`], stepped alone.
pub trait Part: Send {
    /// The number in the batch (from 0) of its first table.
    fn first(&self) -> usize;
    /// How many tables it holds.
    fn len(&self) -> usize;
    /// Whether it holds no table.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// [`Batch::reset`] for its tables (`only`: its own slice of the mask).
    ///
    /// # Errors
    /// As [`Batch::reset`].
    fn reset(&mut self, only: Option<&[bool]>, out: Buffers<'_>) -> Result<(), TableError>;
    /// [`Batch::step`] for its tables, whose actions [`Batch::check`] has passed.
    ///
    /// # Errors
    /// [`TableError::Refused`] for an action not legal (the table unchanged), as
    /// [`Batch::check`] would have said; [`TableError::Bot`] when a bot fails (a bug).
    fn step(&mut self, actions: &[i64], out: Buffers<'_>) -> Result<(), TableError>;
}

/// What every table of a batch shares.
struct Shared<G: Catalogued> {
    line: &'static GameType,
    config: BatchConfig,
    rules: G::Rules,
    /// One bot for every seat, or one per seat.
    opponents: Vec<BotSpec>,
    tuning: SearchConfig,
    /// The learners' seats, one bit each.
    learners: u64,
}

impl<G: Catalogued> Shared<G> {
    /// Whether `seat` is a learner's at table `table` (turned one place on at a duplicate
    /// pair's odd table).
    fn learns(&self, table: u64, seat: usize) -> bool {
        self.learners >> self.home(table, seat) & 1 == 1
    }

    /// The seat `seat` of table `table` is at the even table of its duplicate pair (itself
    /// when deals are not duplicated).
    fn home(&self, table: u64, seat: usize) -> usize {
        let players = self.config.players;
        let turn = usize::from(self.config.duplicate && table % 2 == 1);
        (seat + players - turn) % players
    }
}

/// One table of a batch.
struct Slot<G: Catalogued, P> {
    /// Its number over every batch split from one ([`BatchConfig::first_table`] on).
    table: u64,
    episode: u64,
    next_episode: u64,
    /// The seed its episode under way was dealt from.
    deal_seed: u64,
    /// The game at the start of the decision under way (`None` before the first reset).
    game: Option<G>,
    /// A decision taken step by step: the position so far and the steps taken.
    under_way: Option<(P, Vec<usize>)>,
    /// The bot of each seat a learner does not hold.
    bots: Vec<Option<Box<dyn Player<G>>>>,
    /// Some bot is told the game's events ([`Player::observes`]: a search that remembers).
    observers: bool,
    /// Each seat's recall, when the tensor is the information state.
    recalls: Vec<G::Recall>,
    /// The learner seat that acted last (whose tensor a finished episode shows).
    last_learner: usize,
    /// What the seat that chose an illegal action is paid, when its episode ended on one
    /// ([`BatchConfig::illegal_reward`]).
    forfeit: Option<f32>,
    /// The legal steps written last, which the next step's action is checked against.
    mask: ActionMask,
    /// Scratch, reused move after move.
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    path: Vec<usize>,
}

impl<G: Catalogued, P: Indexed<Game = G>> Slot<G, P> {
    fn new(table: u64) -> Self {
        Slot {
            table,
            episode: 0,
            next_episode: 0,
            deal_seed: 0,
            game: None,
            under_way: None,
            bots: Vec::new(),
            observers: false,
            recalls: Vec::new(),
            last_learner: 0,
            forfeit: None,
            mask: ActionMask::new(P::NUM_ACTIONS),
            legal: Vec::new(),
            events: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Deals its next episode and plays the bots to a learner's decision. An episode that
    /// ends before any learner decides (a Letom deal settled at the deal) teaches nothing and
    /// could pay nothing, so the next one is dealt in its place.
    fn start(&mut self, shared: &Shared<G>) -> Result<(), TableError> {
        for _ in 0..MAX_SKIPPED {
            self.deal(shared)?;
            if !self.over() {
                return Ok(());
            }
        }
        Err(TableError::Setup(format!(
            "table {}: {MAX_SKIPPED} deals in a row ended before any learner decided",
            self.table
        )))
    }

    /// Deals its next episode and plays the bots to a learner's decision or the end.
    fn deal(&mut self, shared: &Shared<G>) -> Result<(), TableError> {
        let episode = self.next_episode;
        if episode >= MAX_TABLES {
            return Err(TableError::Setup(format!(
                "table {} has played its {MAX_TABLES} episodes; reseed the batch",
                self.table
            )));
        }
        let config = &shared.config;
        let deal_table = if config.duplicate {
            self.table & !1
        } else {
            self.table
        };
        let seed = deal_seed(config.seed, deal_table, episode);
        let game = G::new(&shared.rules, config.players, Seed::from(seed))
            .map_err(|e| TableError::Setup(e.to_string()))?;
        self.bots = (0..config.players)
            .map(|seat| {
                if shared.learns(self.table, seat) {
                    return None;
                }
                // The bot of the seat it holds in the pair's even table, seeded by it, so a
                // duplicate pair's bots play alike.
                let home = shared.home(self.table, seat);
                let bot_seed = GameRng::new(Seed::from(seed), BOT_STREAM + home as u64).seed();
                let spec = match &shared.opponents[..] {
                    [one] => one,
                    per_seat => per_seat.get(home)?,
                };
                Some(spec.player::<G>(bot_seed, &shared.tuning))
            })
            .collect();
        self.observers = self.bots.iter().flatten().any(|bot| bot.observes());
        self.recalls.clear();
        self.events.clear();
        if self.observers || config.tensor == Tensor::InformationState {
            game.start_events(&mut self.events);
        }
        self.tell_bots(shared);
        if config.tensor == Tensor::InformationState {
            for seat in PlayerId::all(config.players) {
                let mut recall = G::recall_start(&shared.rules, config.players, seat);
                for event in &self.events {
                    G::recall(&mut recall, &G::redact(&shared.rules, event, seat));
                }
                self.recalls.push(recall);
            }
        }
        self.last_learner = (0..config.players)
            .find(|&s| shared.learns(self.table, s))
            .unwrap_or(0);
        self.episode = episode;
        self.next_episode = episode + 1;
        self.deal_seed = seed;
        self.game = Some(game);
        self.under_way = None;
        self.forfeit = None;
        self.play_bots(shared)
    }

    /// Whether its episode is over (by the rules, or forfeited).
    fn over(&self) -> bool {
        self.forfeit.is_some() || self.game.as_ref().is_some_and(Game::is_terminal)
    }

    /// Whether a move's events are needed: for a recall that holds something (not a game
    /// whose view has its whole history), or for a bot told them.
    fn reports(&self) -> bool {
        self.observers || !self.recalls.is_empty() && size_of::<G::Recall>() != 0
    }

    /// Tells the bots that observe the events just reported, each redacted for its seat.
    fn tell_bots(&mut self, shared: &Shared<G>) {
        if !self.observers {
            return;
        }
        for (seat, bot) in PlayerId::all(self.bots.len()).zip(&mut self.bots) {
            if let Some(bot) = bot {
                bot.catch_up(&shared.rules, seat, &self.events);
            }
        }
    }

    /// Plays `action` (legal) for the seat to act, its events folded into the recalls and
    /// told to the bots that observe.
    fn act(&mut self, shared: &Shared<G>, action: G::Action) -> Result<(), TableError> {
        let reports = self.reports();
        let Some(game) = self.game.as_mut() else {
            return Err(TableError::Over);
        };
        if !reports {
            return game
                .play(action)
                .map_err(|e| TableError::Refused(e.to_string()));
        }
        self.events.clear();
        game.play_reporting(action, &mut self.events)
            .map_err(|e| TableError::Refused(e.to_string()))?;
        for (seat, recall) in PlayerId::all(self.recalls.len()).zip(&mut self.recalls) {
            for event in &self.events {
                G::recall(recall, &G::redact(&shared.rules, event, seat));
            }
        }
        self.tell_bots(shared);
        Ok(())
    }

    /// Plays the bots' seats until a learner is to act or the episode is over.
    fn play_bots(&mut self, shared: &Shared<G>) -> Result<(), TableError> {
        loop {
            let Some(game) = self.game.as_ref() else {
                return Ok(());
            };
            let Some(seat) = game.to_act() else {
                return Ok(());
            };
            let Some(Some(bot)) = self.bots.get_mut(seat.index()) else {
                return Ok(());
            };
            game.legal_actions(&mut self.legal);
            let action = bot
                .act(game, &self.legal)
                .ok_or_else(|| TableError::Bot(format!("the bot of seat {seat} found no move")))?;
            self.act(shared, action)?;
        }
    }

    /// Takes the learner's step `id`, then plays the bots.
    fn step(&mut self, shared: &Shared<G>, id: usize) -> Result<(), TableError> {
        let Some(game) = self.game.as_ref() else {
            return Err(TableError::Over);
        };
        if let Some(seat) = game.to_act() {
            self.last_learner = seat.index();
        }
        if self.under_way.is_none()
            && let Some(action) = P::whole_action(id)
        {
            self.act(shared, action)?;
            return self.play_bots(shared);
        }
        let (mut position, mut taken) = match self.under_way.take() {
            Some(under_way) => under_way,
            None => (P::from_game(game.clone()), Vec::new()),
        };
        if let Err(e) = position.play_index(id) {
            if !taken.is_empty() {
                self.under_way = Some((position, taken));
            }
            return Err(TableError::Refused(e.to_string()));
        }
        taken.push(id);
        if position.in_decision() {
            self.under_way = Some((position, taken));
            return Ok(());
        }
        if !self.reports() {
            // Nobody is told events: the position's game is the state the decision reaches.
            self.game = Some(position.game().clone());
        } else {
            let action = self
                .decided(&taken, position.game())
                .ok_or_else(|| TableError::Refused("those steps make no legal move".to_owned()))?;
            self.act(shared, action)?;
        }
        self.play_bots(shared)
    }

    /// The legal action a complete decision's steps make (as [`crate::Table::play_step`]).
    fn decided(&mut self, taken: &[usize], reached: &G) -> Option<G::Action> {
        let game = self.game.as_ref()?;
        game.legal_actions(&mut self.legal);
        let path = &mut self.path;
        self.legal
            .iter()
            .copied()
            .find(|&a| {
                P::action_path(a, path);
                path.as_slice() == taken
            })
            .or_else(|| {
                self.legal
                    .iter()
                    .copied()
                    .find(|&a| game.apply(a).is_ok_and(|next| next == *reached))
            })
    }

    /// Writes its row of every buffer (index `i` of `out`); `ended` when this call ended its
    /// episode (its returns are paid now).
    fn write(&mut self, i: usize, ended: bool, dims: Dims, out: &mut Buffers<'_>) {
        let tensor = &mut out.tensor[i * dims.tensor..(i + 1) * dims.tensor];
        let mask = &mut out.mask[i * dims.actions..(i + 1) * dims.actions];
        let rewards = &mut out.rewards[i * dims.players..(i + 1) * dims.players];
        out.truncated[i] = false;
        out.episode[i] = self.episode;
        rewards.fill(0.0);
        let Some(game) = self.game.as_ref() else {
            tensor.fill(0.0);
            mask.fill(0);
            out.player[i] = OVER;
            out.terminated[i] = false;
            return;
        };
        let to_act = if self.forfeit.is_some() {
            None
        } else {
            game.to_act()
        };
        let (seat, steps) = match to_act {
            Some(seat) => {
                match &self.under_way {
                    Some((position, _)) => position.legal_mask(&mut self.mask),
                    None => P::start_mask(game, &mut self.mask),
                }
                out.player[i] = i32::from(seat.0);
                out.terminated[i] = false;
                let steps = self.under_way.as_ref().map_or(&[][..], |(_, s)| s);
                (seat, steps)
            }
            None => {
                self.mask.reset(dims.actions);
                out.player[i] = OVER;
                out.terminated[i] = true;
                if ended && let Some(paid) = self.forfeit {
                    rewards[self.last_learner] = paid;
                } else if ended {
                    for (r, v) in rewards.iter_mut().zip(game.returns().iter()) {
                        *r = *v as f32;
                    }
                }
                (PlayerId(self.last_learner as u8), &[][..])
            }
        };
        mask.fill(0);
        for id in self.mask.iter() {
            mask[id] = 1;
        }
        let view = game.view(seat);
        // The buffers were measured against the game type's shapes: these cannot fail.
        let _ = match self.recalls.get(seat.index()) {
            Some(recall) => {
                cards_core::encode::information_state::<G>(&view, recall, steps, tensor)
            }
            None => cards_core::encode::observation::<G>(&view, steps, tensor),
        };
    }

    /// Whether step `action` may be taken here, under the batch's `config`.
    fn check(&self, action: i64, config: &BatchConfig, index: usize) -> Result<(), TableError> {
        if self.game.is_none() {
            return Err(TableError::Refused(
                "the batch was never reset: reset it before stepping".to_owned(),
            ));
        }
        if self.over() {
            // Its action is ignored: it deals its next episode, or waits for a reset.
            return Ok(());
        }
        match usize::try_from(action) {
            Ok(id) if self.mask.contains(id) => Ok(()),
            _ if config.illegal_reward.is_some() => Ok(()),
            _ => Err(TableError::Refused(format!(
                "step {action} is not legal at table {index}; its legal steps are {:?}",
                self.mask.iter().collect::<Vec<_>>()
            ))),
        }
    }
}

/// A batch of the game type `G`, taken step by step in the form `P`.
pub(crate) struct Typed<G: Catalogued, P> {
    shared: Shared<G>,
    slots: Vec<Slot<G, P>>,
}

impl<G: Catalogued, P> fmt::Debug for Typed<G, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batch")
            .field("game", &self.shared.line.record())
            .field("config", &self.shared.config)
            .finish_non_exhaustive()
    }
}

impl<G: Catalogued, P: Indexed<Game = G>> Typed<G, P> {
    pub(crate) fn new(line: &'static GameType, config: BatchConfig) -> Result<Self, TableError> {
        let rules = G::Rules::deserialize(&config.rules)
            .map_err(|e| TableError::Rules(crate::words::user_words(&e.to_string())))?;
        let players = config.players;
        if !G::player_range(&rules).contains(&players) {
            let range = G::player_range(&rules);
            return Err(TableError::Setup(format!(
                "{} is played by {} to {} players, not {players}",
                line.label,
                range.start(),
                range.end()
            )));
        }
        if !(1..=MAX_BATCH).contains(&config.tables) {
            return Err(TableError::Setup(format!(
                "a batch holds 1 to {MAX_BATCH} tables, not {}",
                config.tables
            )));
        }
        let end = config.first_table.checked_add(config.tables as u64);
        if end.is_none_or(|end| end > MAX_TABLES) {
            return Err(TableError::Setup(format!(
                "the tables are numbered below {MAX_TABLES}: {} tables from {} pass that",
                config.tables, config.first_table
            )));
        }
        let mut learners = 0u64;
        for &seat in &config.learners {
            if seat >= players {
                return Err(TableError::Seat { seat, players });
            }
            if learners >> seat & 1 == 1 {
                return Err(TableError::Setup(format!(
                    "the learners name seat {seat} twice: list each seat once"
                )));
            }
            learners |= 1 << seat;
        }
        if learners == 0 {
            learners = (1u64 << players) - 1;
        }
        let opponents = config
            .opponents
            .iter()
            .map(|name| name.parse())
            .collect::<Result<Vec<BotSpec>, _>>()
            .map_err(|e: cards_bots::ParseBotError| TableError::Bot(e.to_string()))?;
        if opponents.is_empty() || opponents.len() != 1 && opponents.len() != players {
            return Err(TableError::Bot(format!(
                "give one opponent for every seat, or one for each of the {players} seats, not {}",
                opponents.len()
            )));
        }
        let mut slots = Vec::new();
        // Refused in words when memory runs short, rather than aborting.
        slots
            .try_reserve_exact(config.tables)
            .map_err(|_| TableError::Setup(format!("no memory for {} tables", config.tables)))?;
        slots.extend((0..config.tables as u64).map(|t| Slot::new(config.first_table + t)));
        Ok(Typed {
            shared: Shared {
                line,
                rules,
                opponents,
                tuning: line.tuning,
                learners,
                config,
            },
            slots,
        })
    }
}

/// Consecutive slots of a typed batch.
struct TypedPart<'a, G: Catalogued, P> {
    shared: &'a Shared<G>,
    first: usize,
    slots: &'a mut [Slot<G, P>],
    dims: Dims,
}

impl<G: Catalogued, P: Indexed<Game = G> + Send> Part for TypedPart<'_, G, P> {
    fn first(&self) -> usize {
        self.first
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    fn reset(&mut self, only: Option<&[bool]>, mut out: Buffers<'_>) -> Result<(), TableError> {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            if only.is_none_or(|o| o.get(i).copied().unwrap_or(false)) {
                slot.start(self.shared)?;
            }
            slot.write(i, false, self.dims, &mut out);
        }
        Ok(())
    }

    fn step(&mut self, actions: &[i64], mut out: Buffers<'_>) -> Result<(), TableError> {
        let config = &self.shared.config;
        for (i, (slot, &action)) in self.slots.iter_mut().zip(actions).enumerate() {
            let ended = if slot.over() {
                if config.autoreset == Autoreset::NextStep {
                    slot.start(self.shared)?;
                }
                false
            } else {
                match (usize::try_from(action), config.illegal_reward) {
                    (Ok(id), _) if slot.mask.contains(id) => slot.step(self.shared, id)?,
                    (_, Some(paid)) => {
                        if let Some(seat) = slot.game.as_ref().and_then(Game::to_act) {
                            slot.last_learner = seat.index();
                        }
                        slot.forfeit = Some(paid);
                    }
                    (_, None) => {
                        return Err(TableError::Refused(format!(
                            "step {action} is not legal at table {}",
                            self.first + i
                        )));
                    }
                }
                slot.over()
            };
            slot.write(i, ended, self.dims, &mut out);
        }
        Ok(())
    }
}

impl<G: Catalogued, P: Indexed<Game = G> + Send + 'static> Batch for Typed<G, P> {
    fn game_type(&self) -> &'static GameType {
        self.shared.line
    }

    fn config(&self) -> &BatchConfig {
        &self.shared.config
    }

    fn dims(&self) -> Dims {
        let (observation, information_state) = (G::OBSERVATION, G::INFORMATION_STATE);
        Dims {
            tensor: match self.shared.config.tensor {
                Tensor::Observation => observation.len(),
                Tensor::InformationState => information_state.len(),
            },
            actions: P::NUM_ACTIONS,
            players: self.shared.config.players,
        }
    }

    fn deal(&self, table: usize) -> Option<u64> {
        let slot = self.slots.get(table)?;
        slot.game.as_ref().map(|_| slot.deal_seed)
    }

    fn learner_seats(&self, table: usize) -> Vec<usize> {
        let Some(slot) = self.slots.get(table) else {
            return Vec::new();
        };
        (0..self.shared.config.players)
            .filter(|&seat| self.shared.learns(slot.table, seat))
            .collect()
    }

    fn reseed(&mut self, seed: u64) {
        self.shared.config.seed = seed;
        for slot in &mut self.slots {
            slot.next_episode = 0;
        }
    }

    fn parts<'b>(&'b mut self, size: usize, out: Buffers<'b>) -> Result<Parts<'b>, TableError> {
        let dims = self.dims();
        out.check(self.slots.len(), dims)?;
        let size = size.max(1);
        let shared = &self.shared;
        Ok(self
            .slots
            .chunks_mut(size)
            .enumerate()
            .zip(out.chunks(size, dims))
            .map(|((k, slots), out)| {
                let part: Box<dyn Part + 'b> = Box::new(TypedPart {
                    shared,
                    first: k * size,
                    slots,
                    dims,
                });
                (part, out)
            })
            .collect())
    }

    fn check(&self, actions: &[i64]) -> Result<(), TableError> {
        if actions.len() != self.slots.len() {
            return Err(TableError::Shape(format!(
                "{} actions for {} tables",
                actions.len(),
                self.slots.len()
            )));
        }
        let config = &self.shared.config;
        for (i, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            slot.check(action, config, i)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use elewenjewe::Elewenjewe;

    /// The game of batch table 0, episode 0, of `seed`, the learner at seat 0 always playing
    /// its first legal action and seat 1 the bot `bot`, told every event as its seat saw it
    /// when `told`: played here move by move, as a tournament seats a bot.
    fn alone(seed: u64, bot: BotSpec, told: bool) -> Elewenjewe {
        let rules = elewenjewe::Rules::default();
        let deal = Seed::from(deal_seed(seed, 0, 0));
        let mut game = Elewenjewe::new(&rules, 2, deal).unwrap();
        let bot_seed = GameRng::new(deal, BOT_STREAM + 1).seed();
        let mut player = bot.player::<Elewenjewe>(bot_seed, &crate::tuning(Elewenjewe::NAME));
        let (mut events, mut legal) = (Vec::new(), Vec::new());
        game.start_events(&mut events);
        while let Some(seat) = game.to_act() {
            if told {
                player.catch_up(&rules, PlayerId(1), &events);
            }
            events.clear();
            game.legal_actions(&mut legal);
            let action = if seat.index() == 0 {
                legal[0]
            } else {
                player.act(&game, &legal).unwrap()
            };
            game.play_reporting(action, &mut events).unwrap();
        }
        game
    }

    /// An opponent that remembers (Eléwénjewé's `ismcts`, which recalls the cards it saw
    /// taken) is told every event of its episode as its seat saw it: the batch plays the game
    /// a bot seated alike and told them plays, and (for some seed) not the one a bot told
    /// nothing plays.
    #[test]
    fn opponents_that_remember_are_told_the_game() {
        let line = crate::find("elewenjewe", None).unwrap();
        let bot: BotSpec = "ismcts:400".parse().unwrap();
        let mut told_something = 0;
        for seed in 0..3 {
            let config = BatchConfig {
                players: 2,
                seed,
                learners: vec![0],
                opponents: vec![bot.to_string()],
                ..BatchConfig::default()
            };
            let mut batch = Typed::<Elewenjewe, elewenjewe::Stepped>::new(line, config).unwrap();
            let (shared, slot) = (&batch.shared, &mut batch.slots[0]);
            slot.start(shared).unwrap();
            while let Some(game) = slot.game.as_ref().filter(|g| !g.is_terminal()) {
                game.legal_actions(&mut slot.legal);
                let first = slot.legal[0];
                slot.act(shared, first).unwrap();
                slot.play_bots(shared).unwrap();
            }
            let played = slot.game.clone().unwrap();
            assert_eq!(played, alone(seed, bot, true), "seed {seed}");
            if played != alone(seed, bot, false) {
                told_something += 1;
            }
        }
        assert!(told_something > 0);
    }
}

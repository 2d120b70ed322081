//! [`Duplicate`]: a duplicate-deal tournament between bots of the ladder, for any game type,
//! behind an object-safe interface. Each deal is played on demand and alone (fixed by the run's
//! seed and its number), so a front end runs deals where it likes (threads, processes, machines)
//! and folds their results in deal order: the standings are then the same however the deals
//! were spread.

use core::fmt;
use std::sync::{Arc, Mutex};

use cards_bots::{BotSpec, Entrant, GameResult, Player, Standings, Tournament};
use cards_core::{Game, PlayerId, Seed};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use std::time::Duration;

use crate::catalogue::GameType;
use crate::error::TableError;
use crate::pipe::Program;
use crate::records::Records;
use crate::table::{Catalogued, Move};

/// The most deals one run plays: a tournament, a shard of one, or a self-play shard (each
/// front end holds a run's results until it ends).
pub const MAX_DEALS: u64 = 10_000_000;

/// `deals` as the length of a tournament, as every front end takes it: 1 to [`MAX_DEALS`].
///
/// # Errors
/// Outside that range, in the user's words:
/// `the number of deals is a whole number from 1 to 10000000, not 0`.
pub fn tournament_deals(deals: u64) -> Result<u64, String> {
    (1..=MAX_DEALS)
        .contains(&deals)
        .then_some(deals)
        .ok_or_else(|| {
            format!("the number of deals is a whole number from 1 to {MAX_DEALS}, not {deals}")
        })
}

/// One deal's games: what each seat of each game got, and (when asked) each game's record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deal {
    /// The deal's number in the run.
    pub deal: u64,
    /// Its games, one per pair of bots and seating.
    pub games: Vec<GameResult>,
    /// Their records (the library's `GameRecord` JSON), in the same order; empty unless asked.
    pub records: Records,
}

/// A player from outside the library at a tournament's table (a Python function, a program
/// over a pipe): it is shown its seat's view and legal moves, as every bot is, never the state.
pub trait Outsider: Send + Sync {
    /// The index into `legal` of the move it plays for `seat`, which sees `view` (the seat's
    /// view as JSON).
    ///
    /// # Errors
    /// Why it could not choose; the tournament stops with [`TableError::Bot`], naming it.
    fn choose(&self, seat: usize, view: &Value, legal: &[Move]) -> Result<usize, String>;
}

/// One entrant of a tournament: a bot of the ladder by name, an outside program, or an
/// outsider under a name.
#[derive(Clone)]
pub enum Entry {
    /// A ladder bot (`rules`, `ismcts:1000`).
    Bot(String),
    /// An outside program over a pipe ([`crate::pipe`]), and the name its results carry
    /// (`exec:COMMAND`).
    Program(String, Program),
    /// A player from outside, and the name its results carry.
    Outsider(String, Arc<dyn Outsider>),
}

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Bot(name) => f.debug_tuple("Bot").field(name).finish(),
            Entry::Program(name, _) => f.debug_tuple("Program").field(name).finish(),
            Entry::Outsider(name, _) => f.debug_tuple("Outsider").field(name).finish(),
        }
    }
}

impl Entry {
    /// The entrant a bot's name gives: `exec:COMMAND` an outside program with `answer_time`
    /// for each decision ([`Program`]), called by its command, or by `LABEL` when written
    /// `LABEL=exec:COMMAND`; any other name a ladder bot.
    ///
    /// # Errors
    /// [`TableError::Bot`] for a name that is neither a ladder bot (saying that a program is
    /// `exec:COMMAND`) nor a program, `exec:` with no command, or an answer time out of range.
    pub fn from_name(name: &str, answer_time: Duration) -> Result<Entry, TableError> {
        match Program::from_name(name, answer_time) {
            None => match name.parse::<BotSpec>() {
                Ok(_) => Ok(Entry::Bot(name.to_owned())),
                Err(e @ cards_bots::ParseBotError::Unknown(_)) => Err(TableError::Bot(format!(
                    "{e}, or an outside program as exec:COMMAND"
                ))),
                Err(e) => Err(TableError::Bot(e.to_string())),
            },
            Some(program) => {
                let label = crate::pipe::parts(name).and_then(|(label, _)| label);
                Ok(Entry::Program(
                    label.unwrap_or(name.trim()).to_owned(),
                    program.map_err(TableError::Bot)?,
                ))
            }
        }
    }

    /// The name its results carry.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Entry::Bot(name) | Entry::Program(name, _) | Entry::Outsider(name, _) => name.trim(),
        }
    }
}

/// An outsider seated as a player of `G`; a failure is kept for the tournament to report
/// (a player can only decline to move).
struct Seated<G> {
    outsider: Arc<dyn Outsider>,
    name: String,
    failure: Arc<Mutex<Option<String>>>,
    marker: core::marker::PhantomData<fn() -> G>,
}

impl<G: Catalogued> Player<G> for Seated<G> {
    fn act(&mut self, state: &G, legal: &[G::Action]) -> Option<G::Action> {
        let seat: PlayerId = state.to_act()?;
        let view = serde_json::to_value(state.view(seat)).unwrap_or(Value::Null);
        let moves: Vec<Move> = legal
            .iter()
            .enumerate()
            .map(|(index, a)| Move {
                index,
                notation: a.to_string(),
                words: format!("{a:#}"),
            })
            .collect();
        let chosen =
            self.outsider
                .choose(seat.index(), &view, &moves)
                .and_then(|i| {
                    legal.get(i).copied().ok_or_else(|| {
                        format!("chose move {i}; there are {} legal moves", legal.len())
                    })
                });
        chosen
            .map_err(|why| {
                if let Ok(mut slot) = self.failure.lock() {
                    slot.get_or_insert(format!("{}: {why}", self.name));
                }
            })
            .ok()
    }
}

/// A tournament between bots of the ladder over duplicate deals of one game type.
pub trait Duplicate: fmt::Debug + Send + Sync {
    /// The game type it plays.
    fn game_type(&self) -> &'static GameType;
    /// The pairs of bots that meet (indices into the bots, A first), in order.
    fn pairs(&self) -> Vec<(usize, usize)>;
    /// The seatings each pair plays every deal under, one letter per seat (`0`: bot A).
    fn seatings(&self) -> &[Vec<u8>];
    /// Plays deal `deal` (each pair under each seating), keeping the records with `record`.
    ///
    /// # Errors
    /// [`TableError::Tournament`] when a bot's action is refused or a game does not end,
    /// [`TableError::Bot`] when an [`Outsider`] fails,
    /// [`TableError::ProgramsStopped`] for a deal with outside programs that ends after
    /// [`stop_every_program`](crate::pipe::stop_every_program), and
    /// [`ShardError::NoMemory`](crate::ShardError::NoMemory) when memory runs short for the
    /// deal's records.
    fn play_deal(&self, deal: u64, record: bool) -> Result<Deal, TableError>;
    /// The standings over the deals played so far, in deal order.
    fn standings(&self, deals: &[Vec<GameResult>]) -> Standings;
    /// The report as pretty JSON: the game type, its rules, the run, the standings, the records
    /// written and the timing (`docs`: the command line's `tournament --json`).
    ///
    /// # Errors
    /// When the JSON cannot be written (a bug in a game's serde).
    fn report_json(&self, standings: &Standings, run: &Run<'_>) -> Result<String, TableError>;
}

/// What a front end adds to a report: the run as it was asked for, what it wrote and how long
/// it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Run<'a> {
    /// The run's seed.
    pub seed: u64,
    /// Deals played.
    pub deals: u64,
    /// The bots' names, as given.
    pub bots: &'a [String],
    /// The record files written.
    pub records: Vec<String>,
    /// Seconds the deals took.
    pub seconds: f64,
}

#[derive(Serialize)]
struct Report<'a, R: Serialize> {
    game: &'static str,
    variant: Option<&'static str>,
    rules: &'a R,
    players: usize,
    seed: u64,
    deals: u64,
    bots: &'a [String],
    seatings: Vec<String>,
    standings: &'a Standings,
    records: &'a [String],
    timing: Timing,
}

#[derive(Serialize)]
struct Timing {
    seconds: f64,
    deals_per_second: f64,
}

/// The tournament of `G` a catalogue line holds.
pub(crate) struct Typed<G: Game> {
    line: &'static GameType,
    rules: G::Rules,
    players: usize,
    tournament: Tournament<G>,
    /// The first failure of an outsider, which stops the deal it happened in.
    failure: Arc<Mutex<Option<String>>>,
    /// Whether an outside program takes a seat.
    programs: bool,
}

impl<G: Game> fmt::Debug for Typed<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Duplicate")
            .field("game", &self.line.record())
            .field("players", &self.players)
            .finish_non_exhaustive()
    }
}

impl<G: Catalogued> Typed<G> {
    /// The tournament of `bots` (ladder names) at `players` seats under `rules`, seeded from
    /// `seed`.
    pub(crate) fn new(
        line: &'static GameType,
        rules: G::Rules,
        players: usize,
        entries: &[Entry],
        seed: u64,
    ) -> Result<Self, TableError> {
        let tuning = line.tuning;
        let failure = Arc::new(Mutex::new(None));
        let entrants = entries
            .iter()
            .map(|entry| {
                let name = entry.name().to_owned();
                let make: Box<cards_bots::MakePlayer<G>> = match entry {
                    Entry::Bot(text) => {
                        let spec: BotSpec =
                            text.parse().map_err(|e: cards_bots::ParseBotError| {
                                TableError::Bot(e.to_string())
                            })?;
                        Box::new(move |seed: Seed| spec.player::<G>(seed, &tuning))
                    }
                    Entry::Program(_, program) => {
                        let program = program.clone();
                        Box::new(move |_: Seed| Box::new(program.seat::<G>()) as Box<dyn Player<G>>)
                    }
                    Entry::Outsider(_, outsider) => {
                        let (outsider, failure, name) =
                            (outsider.clone(), failure.clone(), name.clone());
                        Box::new(move |_: Seed| {
                            Box::new(Seated::<G> {
                                outsider: outsider.clone(),
                                name: name.clone(),
                                failure: failure.clone(),
                                marker: core::marker::PhantomData,
                            }) as Box<dyn Player<G>>
                        })
                    }
                };
                Ok(Entrant::<G> { name, make })
            })
            .collect::<Result<_, TableError>>()?;
        let tournament = Tournament::new(rules.clone(), players, entrants, Seed::from(seed))?;
        Ok(Typed {
            line,
            rules,
            players,
            tournament,
            failure,
            programs: entries.iter().any(|e| matches!(e, Entry::Program(..))),
        })
    }
}

impl<G: Catalogued> Duplicate for Typed<G> {
    fn game_type(&self) -> &'static GameType {
        self.line
    }

    fn pairs(&self) -> Vec<(usize, usize)> {
        self.tournament.pairs()
    }

    fn seatings(&self) -> &[Vec<u8>] {
        self.tournament.seatings()
    }

    fn play_deal(&self, deal: u64, record: bool) -> Result<Deal, TableError> {
        let played = self.tournament.play_deal(deal, record).map_err(|e| {
            match self.failure.lock().ok().and_then(|mut slot| slot.take()) {
                Some(why) => TableError::Bot(why),
                None => TableError::from(e),
            }
        })?;
        // `stop_every_program` marks the stop before it ends the programs, so a deal their
        // ending touched is seen to end after the mark.
        if self.programs && crate::pipe::stopped_every_program() {
            return Err(TableError::ProgramsStopped { deal });
        }
        let mut records = Records::new();
        for record in &played.records {
            records.push(deal, record)?;
        }
        Ok(Deal {
            deal: played.deal,
            games: played.games,
            records,
        })
    }

    fn standings(&self, deals: &[Vec<GameResult>]) -> Standings {
        self.tournament.standings(deals.iter().map(Vec::as_slice))
    }

    fn report_json(&self, standings: &Standings, run: &Run<'_>) -> Result<String, TableError> {
        let report = Report {
            game: self.line.game,
            variant: self.line.variant,
            rules: &self.rules,
            players: self.players,
            seed: run.seed,
            deals: run.deals,
            bots: run.bots,
            seatings: self
                .seatings()
                .iter()
                .map(|s| s.iter().map(|&b| if b == 0 { 'A' } else { 'B' }).collect())
                .collect(),
            standings,
            records: &run.records,
            timing: Timing {
                seconds: run.seconds,
                deals_per_second: run.deals as f64 / run.seconds.max(1e-9),
            },
        };
        serde_json::to_string_pretty(&report).map_err(|e| TableError::Json(e.to_string()))
    }
}

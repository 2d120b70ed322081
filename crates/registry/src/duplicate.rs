//! [`Duplicate`]: a duplicate-deal tournament between bots of the ladder, for any game type,
//! behind an object-safe interface. Each deal is played on demand and alone (fixed by the run's
//! seed and its number), so a front end runs deals where it likes (threads, processes, machines)
//! and folds their results in deal order: the standings are then the same however the deals
//! were spread.

use core::fmt;

use cards_bots::{BotSpec, Entrant, GameResult, Standings, Tournament};
use cards_core::{Game, Seed};
use serde::Serialize;
use serde_json::Value;

use crate::catalogue::GameType;
use crate::error::TableError;
use crate::table::Catalogued;

/// One deal's games: what each seat of each game got, and (when asked) each game's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Deal {
    /// The deal's number in the run.
    pub deal: u64,
    /// Its games, one per pair of bots and seating.
    pub games: Vec<GameResult>,
    /// Their records (the library's `GameRecord` JSON), in the same order; empty unless asked.
    pub records: Vec<Value>,
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
    /// [`TableError::Tournament`] when a bot's action is refused or a game does not end.
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
        bots: &[String],
        seed: u64,
    ) -> Result<Self, TableError> {
        let tuning = line.tuning;
        let entrants = bots
            .iter()
            .map(|name| {
                let spec: BotSpec = name
                    .parse()
                    .map_err(|e: cards_bots::ParseBotError| TableError::Bot(e.to_string()))?;
                Ok(Entrant::<G> {
                    name: name.trim().to_owned(),
                    make: Box::new(move |seed: Seed| spec.player::<G>(seed, &tuning)),
                })
            })
            .collect::<Result<_, TableError>>()?;
        let tournament = Tournament::new(rules.clone(), players, entrants, Seed::from(seed))?;
        Ok(Typed {
            line,
            rules,
            players,
            tournament,
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
        let played = self.tournament.play_deal(deal, record)?;
        let records = played
            .records
            .iter()
            .map(serde_json::to_value)
            .collect::<Result<_, _>>()
            .map_err(|e| TableError::Json(e.to_string()))?;
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

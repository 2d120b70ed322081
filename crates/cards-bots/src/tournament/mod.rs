//! Duplicate tournaments: every deal played under every seating of each pair of bots, so the
//! luck of the cards cancels, with honest intervals on the result.
//!
//! A [`Tournament`] plays deal by deal ([`Tournament::play_deal`]); each deal's result depends
//! only on the tournament's seed and the deal's number, so deals can run on any number of
//! threads in any order and [`Standings::new`] over the results in deal order gives the same
//! table every time.

mod seating;
mod standings;
mod stats;

pub use seating::seatings;
pub use standings::{BotRow, PairRow, Standings};
pub use stats::{Estimate, bradley_terry, mean_ci, wilson};

use cards_core::{Game, GameRecord, GameRng, PlayerId, Seed};

use crate::Player;
use crate::ladder::MakePlayer;

/// Streams of a tournament's seed: deal `d`'s seed comes from stream `DEALS + d`; the bots
/// of a game from streams of the deal's seed above [`BOTS`].
const DEALS: u64 = 1 << 40;
const BOTS: u64 = 1 << 20;

/// Every pair of `k` entrants, `(a, b)` with `a < b`, in order: the round robin of a deal.
pub(crate) fn pairs(k: usize) -> Vec<(usize, usize)> {
    (0..k)
        .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
        .collect()
}

/// `entrants`, each whose name another shares named `NAME #N` (`N` its place from 1), so no
/// two rows of a table look alike.
fn told_apart<G: Game>(mut entrants: Vec<Entrant<G>>) -> Vec<Entrant<G>> {
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    for (i, entrant) in entrants.iter_mut().enumerate() {
        if names.iter().filter(|n| **n == entrant.name).count() > 1 {
            entrant.name = format!("{} #{}", entrant.name, i + 1);
        }
    }
    entrants
}

/// One contestant: its name in the tables and how to make it for a seat.
pub struct Entrant<G: Game> {
    /// The name (a [`BotSpec`](crate::BotSpec)'s text).
    pub name: String,
    /// Makes the player for one seat of one game, from the seed the tournament gives it.
    pub make: Box<MakePlayer<G>>,
}

impl<G: Game> core::fmt::Debug for Entrant<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).finish()
    }
}

/// A duplicate tournament between [`Entrant`]s under one game's rules.
#[derive(Debug)]
pub struct Tournament<G: Game> {
    rules: G::Rules,
    players: usize,
    entrants: Vec<Entrant<G>>,
    seed: Seed,
    seatings: Vec<Vec<u8>>,
}

/// Why a tournament cannot be held, or a game of it could not be played.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TournamentError {
    /// Fewer than two entrants.
    #[error("a tournament needs at least two bots, got {0}")]
    TooFewBots(usize),
    /// The game cannot be set up for these rules and players.
    #[error("the game cannot be set up: {0}")]
    Setup(String),
    /// A bot chose an action the game refused.
    #[error("bot {bot} chose {action} in deal {deal}, which the game refused: {error}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// The action's text.
        action: String,
        /// The deal.
        deal: u64,
        /// The game's reason.
        error: String,
    },
    /// A game did not end within the game's bound on actions.
    #[error("deal {0} did not end within the game's bound on actions")]
    Endless(u64),
    /// A player gave no action when it was to act (and had no fallback).
    #[error("bot {bot} gave no action in deal {deal}")]
    NoAction {
        /// The bot's name.
        bot: String,
        /// The deal.
        deal: u64,
    },
}

/// One game of a deal: which pair of entrants, under which seating, and what each seat got.
/// Integers (and a fault's words) only, so a result sent to another process and back is the
/// same result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameResult {
    /// The two entrants (indices into the tournament's list): bot A, bot B.
    pub pair: (usize, usize),
    /// The seating (index into [`Tournament::seatings`]).
    pub seating: usize,
    /// The settlement per seat.
    pub settlement: Vec<i64>,
    /// The faults of its players ([`Player::take_faults`]), seat by seat; none for the
    /// ladder's bots. Left out of JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<Fault>,
}

/// A decision a player failed to make in a game, made for it by its fallback.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Fault {
    /// The seat whose player failed.
    pub seat: usize,
    /// What went wrong, in the player's words.
    pub why: String,
}

/// Every game of one deal.
#[derive(Clone, Debug, PartialEq)]
pub struct DealResult<G: Game> {
    /// The deal's number.
    pub deal: u64,
    /// Its games, pair by pair, seating by seating.
    pub games: Vec<GameResult>,
    /// Their records, when asked for.
    pub records: Vec<GameRecord<G>>,
}

impl<G: Game> Tournament<G> {
    /// A tournament of `entrants` (round robin over every pair) at `players` seats. Entrants
    /// of one name (the same bot entered twice) are told apart in the tables and errors as
    /// `NAME #N`, `N` their place among the entrants from 1.
    ///
    /// # Errors
    /// [`TournamentError`] when there are fewer than two entrants or the game cannot be set up.
    pub fn new(
        rules: G::Rules,
        players: usize,
        entrants: Vec<Entrant<G>>,
        seed: Seed,
    ) -> Result<Self, TournamentError> {
        if entrants.len() < 2 {
            return Err(TournamentError::TooFewBots(entrants.len()));
        }
        G::new(&rules, players, seed).map_err(|e| TournamentError::Setup(e.to_string()))?;
        Ok(Tournament {
            rules,
            players,
            seatings: seatings(players),
            entrants: told_apart(entrants),
            seed,
        })
    }

    /// The seatings every deal is played under, for each pair ([`seatings`]).
    #[must_use]
    pub fn seatings(&self) -> &[Vec<u8>] {
        &self.seatings
    }

    /// The entrants' names.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.entrants.iter().map(|e| e.name.clone()).collect()
    }

    /// Every pair of entrants, in the order the games of a deal play them.
    #[must_use]
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        pairs(self.entrants.len())
    }

    /// The seed of deal `d`: the same for every pair and seating.
    #[must_use]
    pub fn deal_seed(&self, d: u64) -> Seed {
        GameRng::new(self.seed, DEALS.wrapping_add(d)).seed()
    }

    /// Plays deal `d` for every pair under every seating; with `record`, keeps each game's
    /// record. Depends only on the tournament and `d`.
    ///
    /// # Errors
    /// [`TournamentError`]: [`Illegal`](TournamentError::Illegal) when a bot's action is
    /// refused, [`NoAction`](TournamentError::NoAction) when a bot gives none,
    /// [`Endless`](TournamentError::Endless) when a game does not end within the game's bound,
    /// [`Setup`](TournamentError::Setup) when a game cannot be dealt.
    pub fn play_deal(&self, d: u64, record: bool) -> Result<DealResult<G>, TournamentError> {
        let seed = self.deal_seed(d);
        let mut out = DealResult {
            deal: d,
            games: Vec::new(),
            records: Vec::new(),
        };
        let mut legal = Vec::new();
        for pair in self.pairs() {
            for (si, seating) in self.seatings.iter().enumerate() {
                let mut state = G::new(&self.rules, self.players, seed)
                    .map_err(|e| TournamentError::Setup(e.to_string()))?;
                let who = |seat: usize| if seating[seat] == 0 { pair.0 } else { pair.1 };
                let mut players: Vec<_> = (0..self.players)
                    .map(|seat| {
                        let stream = BOTS + (si * self.players + seat) as u64;
                        (self.entrants[who(seat)].make)(GameRng::new(seed, stream).seed())
                    })
                    .collect();
                let mut rec = GameRecord::<G>::new(self.rules.clone(), self.players, seed);
                let limit = G::max_actions(&self.rules, self.players);
                let mut n = 0;
                // Events are built only for players that observe them, each redacted for
                // its seat before it is handed over.
                let observers: Vec<usize> = (0..self.players)
                    .filter(|&s| players[s].observes())
                    .collect();
                let mut events: Vec<G::Event> = Vec::new();
                if !observers.is_empty() {
                    state.start_events(&mut events);
                }
                let tell = |players: &mut [Box<dyn Player<G>>], events: &mut Vec<G::Event>| {
                    for &s in &observers {
                        players[s].catch_up(&self.rules, PlayerId(s as u8), events);
                    }
                    events.clear();
                };
                tell(&mut players, &mut events);
                while let Some(seat) = state.to_act() {
                    if n == limit {
                        return Err(TournamentError::Endless(d));
                    }
                    state.legal_actions(&mut legal);
                    let Some(action) = players[seat.index()].act(&state, &legal) else {
                        return Err(TournamentError::NoAction {
                            bot: self.entrants[who(seat.index())].name.clone(),
                            deal: d,
                        });
                    };
                    let played = if observers.is_empty() {
                        state.play(action)
                    } else {
                        state.play_reporting(action, &mut events)
                    };
                    played.map_err(|e| TournamentError::Illegal {
                        bot: self.entrants[who(seat.index())].name.clone(),
                        action: action.to_string(),
                        deal: d,
                        error: e.to_string(),
                    })?;
                    tell(&mut players, &mut events);
                    if record {
                        rec.actions.push(action);
                    }
                    n += 1;
                }
                let faults = players
                    .iter_mut()
                    .enumerate()
                    .flat_map(|(seat, p)| {
                        p.take_faults()
                            .into_iter()
                            .map(move |why| Fault { seat, why })
                    })
                    .collect();
                out.games.push(GameResult {
                    pair,
                    seating: si,
                    settlement: PlayerId::all(self.players)
                        .map(|s| state.settlement()[s.index()])
                        .collect(),
                    faults,
                });
                if record {
                    out.records.push(rec);
                }
            }
        }
        Ok(out)
    }

    /// The standings over `results` (in deal order).
    #[must_use]
    pub fn standings<'a>(&self, results: impl IntoIterator<Item = &'a [GameResult]>) -> Standings {
        Standings::new(&self.names(), &self.seatings, results)
    }
}

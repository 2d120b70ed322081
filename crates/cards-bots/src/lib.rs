//! # cards-bots
//!
//! Players for any [`cards_core::Game`], and duplicate tournaments that tell them apart.
//!
//! - **The ladder** ([`BotSpec`]): `random` (the built-in [`RandomPlayer`]), `rules` (the
//!   game's own rule-based bot, [`RuleBot`]), [`Pimc`] (determinized flat Monte Carlo),
//!   [`Ismcts`] (single-observer information-set MCTS) and [`Cheat`] (the same search on the
//!   true state: the ceiling, labelled as such); `pimc-solve` and `ismcts-solve`, the same
//!   searches whose playouts end in the game's exact solve ([`Solving`]).
//! - **Fair by construction**: every bot is a [`cards_core::Bot`], which is handed its seat's
//!   view and legal actions, never the state; a table runs it as a [`Fair`] [`Player`]. Only
//!   [`Cheat`] is a `Player` of its own, which reads the state.
//! - **Generic**: the searches need only the `Game` trait (worlds from
//!   [`Game::sample_world`](cards_core::Game::sample_world), random playouts); what is a
//!   game's own (its rule bot) lives in its crate.
//! - **Reproducible**: a bot draws from its own generator, seeded when it is made, so the same
//!   seed, budget (in iterations) and views give the same choices.
//! - **Tournaments** ([`Tournament`]): every deal played under every seating of each pair
//!   (all seatings for 3 players, team swap for Jass, seat rotation otherwise), paired
//!   margins with 95 % intervals, Wilson intervals on win rates, Bradley–Terry ratings
//!   ([`Standings`]); a deal's result depends only on the seed and its number, so any thread
//!   count gives the same table.
//!
//! ```
//! use cards_bots::{Budget, Entrant, Ismcts, Fair, Tournament};
//! use cards_core::{Bot, Game, RandomPlayer, Seed};
//! use zaagox::{Rules, Zaagox};
//!
//! // A bot of one's own: the last legal action.
//! #[derive(Debug)]
//! struct Last;
//! impl Bot<Zaagox> for Last {
//!     fn choose(&mut self, _view: &zaagox::View, legal: &[zaagox::Action]) -> zaagox::Action {
//!         legal[legal.len() - 1]
//!     }
//! }
//!
//! let entrants = vec![
//!     Entrant::<Zaagox> { name: "last".into(), make: Box::new(|_| Box::new(Fair(Last))) },
//!     Entrant { name: "random".into(), make: Box::new(|s| Box::new(Fair(RandomPlayer::new(s)))) },
//! ];
//! let t = Tournament::new(Rules::default(), 2, entrants, Seed::from(1))?;
//! let deals: Vec<_> = (0..20).map(|d| t.play_deal(d, false)).collect::<Result<_, _>>()?;
//! let table = t.standings(deals.iter().map(|d| d.games.as_slice()));
//! assert_eq!(table.games, 40); // 20 deals × 2 seatings
//! println!("{table}");
//! # Ok::<(), cards_bots::TournamentError>(())
//! ```
#![forbid(unsafe_code)]

mod budget;
mod cheat;
mod ismcts;
mod ladder;
mod pimc;
mod player;
mod playout;
mod remembering;
mod solving;
pub mod tournament;
mod tree;

pub use budget::{Budget, ParseBudgetError};
pub use cards_core::{Bot, RandomPlayer, RuleBot};
pub use cheat::Cheat;
pub use ismcts::Ismcts;
pub use ladder::{BotSpec, MakePlayer, ParseBotError};
pub use pimc::Pimc;
pub use player::{Fair, Player};
pub use playout::{GamePolicy, Playout, Uniform};
pub use remembering::Remembering;
pub use solving::Solving;
pub use tournament::{
    DealResult, Entrant, Fault, GameResult, Standings, Tournament, TournamentError,
};
pub use tree::SearchConfig;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

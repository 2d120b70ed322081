//! An exact open-hand (double-dummy) solver for the card play of a Schieber deal: with every
//! hand known, the card points each team takes from a position on under best play by both
//! teams, and the best cards for the seat to play.
//!
//! Each team maximises its own card points. Since the card points still to be taken (the
//! cards in the hands and on the table, and the last trick's 5) are fixed, that is one team
//! maximising what the other minimises: the solver is an alpha-beta search over single cards
//! with the points of a trick counted when it completes. Weis and Stöck are left out: Weis
//! does not depend on the card play at all, and Stöck (20 points for the trump King and Queen
//! in one hand) only in the moment it is credited, never in its amount. The value is
//! therefore the card points (with the last trick's 5) of the tricks still to complete, the
//! current trick's cards already on the table included.
//!
//! Legal cards, trick winners and points come from the crate's own [`legal_cards`],
//! [`trick_winner`] and [`Mode::points`], so the solver cannot disagree with the game.
//!
//! [`legal_cards`]: crate::legal_cards
//! [`trick_winner`]: crate::trick_winner
//! [`Mode::points`]: crate::Mode::points
//!
//! [`solve`] solves one position, and [`best_card`] finds its value and one best card (no
//! proofs that the other cards are worse); a [`Solver`] keeps its transposition table from one call
//! to the next (bounded in size), and also answers the cheaper questions of a search that
//! calls it many times: the value and one best card ([`Solver::best_card`]), or whether a
//! team reaches a number of points ([`Solver::reaches`]).
//!
//! The crate's `docs/rules.md` ("Open-hand solver") describes the algorithm.

use cards_core::{CardSet, Game, JassCard, PlayerId};

use crate::{Contract, PlayRules, SchieberDeal};

mod bounds;
mod key;
pub mod reference;
mod search;
mod start;
mod table;

use search::{Cards, Search};
use start::{Start, remaining, start};
use table::Table;

/// Seats at a Schieber table.
const SEATS: usize = 4;
/// Tricks in a deal.
const TRICKS: usize = 9;
/// The last trick's bonus, as [`crate::trick_points`] adds it.
const LAST_BONUS: u32 = 5;

/// A card-play position of a Schieber deal, every hand open: what [`solve`] takes.
///
/// `plays` are the cards played so far in this deal, in order from forehand's lead;
/// `hands` are the cards each seat still holds. Together they are the 36 cards, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The cards each seat (0–3) still holds.
    pub hands: [CardSet<JassCard>; SEATS],
    /// The contract the deal is played in (not [`Contract::Trio`]).
    pub contract: Contract,
    /// Who led the first trick.
    pub forehand: PlayerId,
    /// The cards played so far, in order from forehand's lead.
    pub plays: Vec<JassCard>,
    /// The rules of the play of a trick.
    pub rules: PlayRules,
}

impl Position {
    /// The position of a Schieber deal in its card play: its hands, contract, forehand, plays
    /// and play rules.
    ///
    /// # Errors
    /// [`SolveError::NoContract`] before the contract is named, and
    /// [`SolveError::UnsupportedContract`] for a Trio.
    pub fn from_deal(deal: &SchieberDeal) -> Result<Position, SolveError> {
        let contract = deal.contract().ok_or(SolveError::NoContract)?;
        if contract == Contract::Trio {
            return Err(SolveError::UnsupportedContract { contract });
        }
        Ok(Position {
            hands: core::array::from_fn(|s| deal.hand(PlayerId(s as u8))),
            contract,
            forehand: deal.forehand(),
            plays: deal.plays().to_vec(),
            rules: deal.rules().play,
        })
    }
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The seat to play (`None` once every card is played).
    pub to_play: Option<PlayerId>,
    /// The card points (the last trick's 5 included) each team — seats 0 and 2, seats 1 and
    /// 3 — takes from the position on under best play: the tricks still to complete, the
    /// current trick's cards on the table included. Weis and Stöck are not counted.
    pub points: [u32; 2],
    /// The card points each team took in the tricks completed before the position.
    pub taken: [u32; 2],
    /// Every card the seat to play may play that reaches [`Solution::points`] (empty once
    /// every card is played).
    pub best: CardSet<JassCard>,
    /// Positions the search visited (a position at the boundary of the last two tricks
    /// counts once: the plays from it are tried without a search of their own).
    pub nodes: u64,
}

impl Solution {
    /// The solution of a position whose every card is played: nothing left to take.
    pub(crate) fn over(taken: [u32; 2]) -> Solution {
        Solution {
            to_play: None,
            points: [0, 0],
            taken,
            best: CardSet::EMPTY,
            nodes: 0,
        }
    }
}

/// Why a position could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The deal has no contract yet.
    #[error("the deal has no contract yet")]
    NoContract,
    /// A contract whose trick modes the position does not fix (Trio's segments are named
    /// during the play).
    #[error("the solver does not play {contract}: its trick modes are named during the play")]
    UnsupportedContract {
        /// The contract.
        contract: Contract,
    },
    /// Forehand is not a seat of the four.
    #[error("forehand {seat} is not a seat of four")]
    NoSuchSeat {
        /// The seat given.
        seat: PlayerId,
    },
    /// A team other than 0 (seats 0 and 2) or 1 (seats 1 and 3).
    #[error("there are teams 0 (seats 0 and 2) and 1 (seats 1 and 3), not {team}")]
    NoSuchTeam {
        /// The team given.
        team: usize,
    },
    /// A card is held or played twice.
    #[error("{card} is held or played twice")]
    Duplicate {
        /// The card.
        card: JassCard,
    },
    /// The hands and plays are not the whole deck.
    #[error("the hands and plays hold {count} cards, not the 36 of the deck")]
    NotTheDeck {
        /// How many distinct cards they hold.
        count: usize,
    },
    /// A seat holds a number of cards that does not fit the plays.
    #[error("seat {seat} holds {held} cards; after the plays it should hold {expected}")]
    HandSize {
        /// The seat.
        seat: PlayerId,
        /// Cards it holds.
        held: usize,
        /// Cards it should hold.
        expected: usize,
    },
    /// A play broke the rules of the play of a trick.
    #[error("play {index} ({card} by seat {seat}) is not legal: {legal} were")]
    Illegal {
        /// Its index in the plays.
        index: usize,
        /// The card.
        card: JassCard,
        /// Who played it.
        seat: PlayerId,
        /// The cards that seat could legally play.
        legal: CardSet<JassCard>,
    },
}

/// Solves `position` exactly: the card points each team takes from it on under best play,
/// and every best card for the seat to play (see [`Solution`]).
///
/// ```
/// use jass::solve::{Position, solve};
/// use jass::{Action, Contract, Game, Mode, Rules, SchieberDeal, Seed};
///
/// let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(7))?;
/// deal.play(Action::Name(Contract::Mode(Mode::Obenabe)))?;
/// let mut moves = Vec::new();
/// for _ in 0..20 {
///     deal.legal_actions(&mut moves); // the first legal card, 20 times: 4 tricks left
///     deal.play(moves[0])?;
/// }
/// let solution = solve(&Position::from_deal(&deal)?)?;
/// // Every point is taken by someone: what is left and what was taken make 157.
/// let [a, b] = solution.points;
/// assert_eq!(a + b + solution.taken[0] + solution.taken[1], 157);
/// let best = solution.best.first().expect("a card to play");
/// assert!(deal.hand(solution.to_play.unwrap()).contains(best));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`SolveError`] when the position is not one of a Schieber deal: forehand not a seat, a
/// card twice or missing, hand sizes that do not fit the plays, an illegal play, or a Trio.
pub fn solve(position: &Position) -> Result<Solution, SolveError> {
    solve_fresh(position, Want::All)
}

/// The exact value of `position` and **one** best card, as [`Solver::best_card`] gives them,
/// with a fresh table sized by the tricks left as [`solve`]'s: cheaper than [`solve`], which
/// proves every other card of the seat to play as well (what a search valuing many sampled
/// positions needs).
///
/// ```
/// use jass::solve::{Position, best_card, solve};
/// use jass::{Action, Contract, Game, Mode, Rules, SchieberDeal, Seed};
///
/// let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(7))?;
/// deal.play(Action::Name(Contract::Mode(Mode::Obenabe)))?;
/// let mut moves = Vec::new();
/// for _ in 0..20 {
///     deal.legal_actions(&mut moves);
///     deal.play(moves[0])?;
/// }
/// let position = Position::from_deal(&deal)?;
/// let (one, all) = (best_card(&position)?, solve(&position)?);
/// assert_eq!(one.points, all.points);
/// assert!(one.nodes <= all.nodes);
/// assert!(all.best.contains(one.best.first().expect("a card")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`solve`].
pub fn best_card(position: &Position) -> Result<Solution, SolveError> {
    solve_fresh(position, Want::One)
}

/// A fresh solver's answer, its table sized by the tricks left: a small ending does not pay
/// for a large table.
fn solve_fresh(position: &Position, want: Want) -> Result<Solution, SolveError> {
    let state = start(position)?;
    let bits = (2 + 2 * (TRICKS - state.done) as u32).min(Solver::DEFAULT_BITS);
    Solver::with_bits(bits).solve_state(&state, position.contract, want)
}

/// What a call asks of the root.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    /// The value and every best card.
    All,
    /// The value and one best card.
    One,
}

/// A reusable solver: [`solve`] with a transposition table kept between calls, of a size
/// fixed when it is made.
///
/// The table's entries stay valid while the calls are positions of one deal in one contract
/// and play rules, each hand within the hands of the position that started the numbering
/// of the table's keys (a later position of the same deal, or the same position again):
/// such a call starts with what the earlier ones proved. Any other position starts a new
/// numbering and the entries are forgotten (in O(1); the table is wiped every 15th time).
/// Either way the results are exact and the same as [`solve`]'s; only the work differs.
///
/// ```
/// use jass::solve::{Position, Solver};
/// use jass::{Action, Contract, Game, Mode, Rules, SchieberDeal, Seed};
///
/// let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(7))?;
/// deal.play(Action::Name(Contract::Mode(Mode::Obenabe)))?;
/// let mut moves = Vec::new();
/// for _ in 0..20 {
///     deal.legal_actions(&mut moves);
///     deal.play(moves[0])?;
/// }
/// let mut solver = Solver::with_memory(1 << 20); // 1 MiB of table
/// let position = Position::from_deal(&deal)?;
/// let all = solver.solve(&position)?;
/// let one = solver.best_card(&position)?; // the value and one best card: cheaper
/// assert_eq!(one.points, all.points);
/// assert_eq!(one.best.len(), 1);
/// assert!(all.best.contains(one.best.first().unwrap()));
/// // Does the team to play take at least its value? Yes; one point more? No.
/// let team = all.to_play.unwrap().index() % 2;
/// assert!(solver.reaches(&position, team, all.points[team])?);
/// assert!(!solver.reaches(&position, team, all.points[team] + 1)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    table: Table,
    /// The numbering of the cards behind the table's keys, and what it is valid for.
    cards: Option<Cards>,
    /// The positions the last call searched.
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl core::fmt::Debug for Solver {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Solver")
            .field("memory", &self.memory())
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// The default table: 2^20 entries of 8 bytes, 8 MiB.
    const DEFAULT_BITS: u32 = 20;

    /// A solver with the default table of 8 MiB (2^20 entries).
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_bits(Self::DEFAULT_BITS)
    }

    /// A solver whose table takes at most `bytes` (the largest power of two of 8-byte
    /// entries that fits, at least 16 bytes; at most 8 GiB).
    #[must_use]
    pub fn with_memory(bytes: usize) -> Solver {
        let entries = (bytes / size_of::<u64>()).max(2);
        Solver::with_bits(entries.ilog2())
    }

    fn with_bits(bits: u32) -> Solver {
        Solver {
            table: Table::new(bits),
            cards: None,
            nodes: 0,
        }
    }

    /// The bytes its table takes.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.table.bytes()
    }

    /// The positions the last call searched, counted as [`Solution::nodes`] counts them: the
    /// measure of a [`Solver::reaches`] call's work, which returns only its answer. 0 before
    /// the first call, and after a call that was refused or needed no search (the table
    /// already held the answer, or the question answers itself).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves `position` exactly, as [`solve`] does (the same [`Solution`]), starting from
    /// what earlier calls left in the table where it still applies.
    ///
    /// # Errors
    /// As [`solve`].
    pub fn solve(&mut self, position: &Position) -> Result<Solution, SolveError> {
        self.nodes = 0;
        let state = start(position)?;
        self.solve_state(&state, position.contract, Want::All)
    }

    /// The exact value of `position` and **one** best card: [`Solution::best`] holds a single
    /// card (of those [`Solver::solve`] would give), or none once every card is played.
    /// Cheaper than [`Solver::solve`], which proves every other card of the seat to play.
    ///
    /// # Errors
    /// As [`solve`].
    pub fn best_card(&mut self, position: &Position) -> Result<Solution, SolveError> {
        self.nodes = 0;
        let state = start(position)?;
        self.solve_state(&state, position.contract, Want::One)
    }

    /// Whether `team` (0: seats 0 and 2; 1: seats 1 and 3) takes at least `points` card
    /// points from `position` on under best play (what [`Solution::points`] counts): one
    /// null-window search, much cheaper than finding the value.
    ///
    /// # Errors
    /// As [`solve`], and [`SolveError::NoSuchTeam`] for a team other than 0 or 1.
    pub fn reaches(
        &mut self,
        position: &Position,
        team: usize,
        points: u32,
    ) -> Result<bool, SolveError> {
        self.nodes = 0;
        if team > 1 {
            return Err(SolveError::NoSuchTeam { team });
        }
        let state = start(position)?;
        let total = remaining(&state);
        if points == 0 {
            return Ok(true);
        }
        if points > total {
            return Ok(false);
        }
        if state.seat_to_play().is_none() {
            return Ok(false);
        }
        self.renumber(&state, position.contract);
        let mut search = Search::new(
            &state,
            self.cards.as_ref().expect("numbered"),
            &mut self.table,
        );
        // Team 1 takes at least `points` when team 0 takes at most `total - points`.
        let answer = if team == 0 {
            search.reaches(points as i32)
        } else {
            !search.reaches((total - points) as i32 + 1)
        };
        self.nodes = search.nodes;
        Ok(answer)
    }

    /// Keeps the numbering of the cards (and with it the table) when it still names
    /// `state`'s hands, else starts a new one and forgets the table.
    fn renumber(&mut self, state: &Start, contract: Contract) {
        if !self
            .cards
            .as_ref()
            .is_some_and(|cards| cards.covers(state, contract))
        {
            self.cards = Some(Cards::new(state, contract));
            self.table.forget();
        }
    }

    fn solve_state(
        &mut self,
        state: &Start,
        contract: Contract,
        want: Want,
    ) -> Result<Solution, SolveError> {
        let total = remaining(state);
        let Some(seat) = state.seat_to_play() else {
            return Ok(Solution::over(state.taken));
        };
        self.renumber(state, contract);
        let mut search = Search::new(
            state,
            self.cards.as_ref().expect("numbered"),
            &mut self.table,
        );
        let (value, card) = search.value();
        let best = match want {
            Want::One => 1u64 << card,
            Want::All => search.all_best(value, card),
        };
        self.nodes = search.nodes;
        Ok(Solution {
            to_play: Some(PlayerId(seat as u8)),
            points: [value as u32, total - value as u32],
            taken: state.taken,
            best: CardSet::from_bits_truncate(best),
            nodes: search.nodes,
        })
    }
}

/// The lower bounds on each team's points from `position` on that the search prunes with
/// without searching (the sure trumps, and at a trick boundary the leader's quick tricks),
/// for the tests to hold against the exact value. Not a stable API.
///
/// # Errors
/// As [`solve`].
#[doc(hidden)]
pub fn sure_points(position: &Position) -> Result<[u32; 2], SolveError> {
    let state = start(position)?;
    let cards = Cards::new(&state, position.contract);
    let mut table = Table::new(1);
    let search = Search::new(&state, &cards, &mut table);
    let mut sure = search.sure();
    if state.trick_len == 0 && state.done < TRICKS && search.uniform {
        sure[state.leader % 2] += search.quick();
    }
    Ok(sure.map(|p| p as u32))
}

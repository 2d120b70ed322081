//! The action index: every decision as one number below a small fixed bound, with a legal
//! mask, for learning agents (a policy's output layer) and for the test kit's illegal-action
//! probes.
//!
//! # The contract
//! - An [`Indexed`] position has a fixed index space `0..NUM_ACTIONS` (thousands at most).
//! - [`Indexed::legal_mask`] sets exactly the indices that [`Indexed::play_index`] accepts now;
//!   it is empty exactly when the game is over.
//! - `play_index` plays a legal index and refuses any other with an [`IndexError`], leaving the
//!   position exactly as it was.
//! - Where one index names one whole action (Zaägox, Jass, Letom), the game implements
//!   [`DirectIndex`] and is its own indexed position (a blanket impl). Where one decision has
//!   too many options to number (an Eléwénjewé capture: any union of disjoint table groups),
//!   the indexed position is a separate type wrapping the game, which splits the decision into
//!   steps (play the card, pick table cards one at a time, only picks that can still complete
//!   a legal capture offered, confirm); the game's own rich `Action` stays as it is.
//! - Every action has a *path*, [`Indexed::action_path`]: the indices that play it from the
//!   start of a decision (one index for an action played whole, its canonical step sequence for
//!   a split one). At the start of a decision ([`Indexed::from_game`]), for every legal action,
//!   playing its path through `play_index` is accepted step by step (each step in the legal
//!   mask at that moment) and reaches exactly the state [`Game::apply`] reaches with the
//!   action; and the legal mask is exactly the set of the first steps of the legal actions'
//!   paths.
//! - [`Indexed::in_decision`] is `true` exactly while a split decision is under way: after its
//!   first step and before its last. Meanwhile [`Indexed::game`] is still the state before the
//!   decision and the mask is never empty: every step the mask offers leads on to the end of
//!   the decision, in the state of a legal action split into steps (not necessarily along its
//!   canonical path: a stepped position may accept the same choices in another order).

use core::fmt;

use crate::Game;

/// A set of action indices below a bound: a growable bitset the caller keeps and reuses, so
/// filling it allocates nothing after the first use.
///
/// ```
/// use cards_core::ActionMask;
/// let mut mask = ActionMask::new(100);
/// mask.insert(3);
/// mask.insert(64);
/// assert!(mask.contains(64) && !mask.contains(4));
/// assert_eq!(mask.iter().collect::<Vec<_>>(), [3, 64]);
/// assert!(!mask.insert(100)); // out of range: refused
/// ```
#[derive(Clone, PartialEq, Eq, Default)]
pub struct ActionMask {
    words: Vec<u64>,
    len: usize,
}

impl ActionMask {
    /// An empty mask over `0..len`: `len / 8` bytes, as a game's action space gives it.
    ///
    /// # Panics
    /// As `Vec` does when memory for `len` bits cannot be had (a bound no game has).
    #[must_use]
    pub fn new(len: usize) -> Self {
        ActionMask {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// Empties the mask and sets its bound to `len` (reusing its memory).
    pub fn reset(&mut self, len: usize) {
        self.words.clear();
        self.words.resize(len.div_ceil(64), 0);
        self.len = len;
    }

    /// The bound: indices lie in `0..bound()`.
    #[must_use]
    pub fn bound(&self) -> usize {
        self.len
    }

    /// Adds `index`; `true` when it was not in the mask yet, `false` when it was or when it is
    /// not below the bound (then nothing changes).
    pub fn insert(&mut self, index: usize) -> bool {
        if index >= self.len {
            return false;
        }
        let (word, bit) = (index / 64, 1 << (index % 64));
        let new = self.words[word] & bit == 0;
        self.words[word] |= bit;
        new
    }

    /// Whether `index` is in the mask.
    #[must_use]
    pub fn contains(&self, index: usize) -> bool {
        index < self.len && self.words[index / 64] & (1 << (index % 64)) != 0
    }

    /// Number of indices in the mask.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the mask is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The indices in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            core::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(i * 64 + bit)
            })
        })
    }

    /// The mask as 64-bit words, index `i` at bit `i % 64` of word `i / 64` (for copying into
    /// a tensor).
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.words
    }
}

impl fmt::Debug for ActionMask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ActionMask(<{}> ", self.len)?;
        f.debug_set().entries(self.iter()).finish()?;
        f.write_str(")")
    }
}

/// An index was refused by [`Indexed::play_index`]; the position is unchanged.
///
/// For a [`DirectIndex`] game an in-range index that is not legal now is refused with the game's
/// own reason, [`IndexError::Rule`]; [`IndexError::NotLegal`] is for a step that a stepped
/// position refuses before any action of the game is tried.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IndexError<E: std::error::Error + 'static> {
    /// The index is not below the index space's bound.
    #[error("action index {index} is out of range: the index space is 0..{bound}")]
    OutOfRange {
        /// The index given.
        index: usize,
        /// `NUM_ACTIONS`.
        bound: usize,
    },
    /// The index names a step that is not legal now (not in the legal mask).
    #[error("action index {index} is not legal now")]
    NotLegal {
        /// The index given.
        index: usize,
    },
    /// The game refused the action the index names.
    #[error(transparent)]
    Rule(E),
}

/// A position seen through a small fixed action index (see the module docs for the contract).
pub trait Indexed: Clone + PartialEq + fmt::Debug {
    /// The game underneath.
    type Game: Game;

    /// Size of the index space: every index lies below it.
    const NUM_ACTIONS: usize;

    /// The indexed position at the start of `game`'s current decision.
    fn from_game(game: Self::Game) -> Self;

    /// The game state (while [`Indexed::in_decision`]: the state before that decision).
    fn game(&self) -> &Self::Game;

    /// Resets `mask` to the bound [`Indexed::NUM_ACTIONS`] and sets every index
    /// [`Indexed::play_index`] accepts now.
    fn legal_mask(&self, mask: &mut ActionMask);

    /// Plays the step with this index.
    ///
    /// # Errors
    /// [`IndexError`] when the index is out of range or not legal now; the position is then
    /// unchanged.
    fn play_index(&mut self, index: usize) -> Result<(), IndexError<<Self::Game as Game>::Error>>;

    /// Clears `out` and pushes, in order, the indices that play `action` from the start of a
    /// decision: its one index when it is played whole, its canonical step path when the indexed
    /// form splits it. For a legal action the path is not empty, each of its steps is in the
    /// legal mask when it is played, and the last one leaves the position in the state
    /// [`Game::apply`] reaches (see the module docs).
    fn action_path(action: <Self::Game as Game>::Action, out: &mut Vec<usize>);

    /// What an index names, told to a player (`Display`; `{:#}` writes cards for people): the
    /// action itself for a game played whole, a step ("pick 3D") for a split one.
    type Step: fmt::Display;

    /// What the index names, or `None` when it is not below [`Indexed::NUM_ACTIONS`].
    fn step(index: usize) -> Option<Self::Step>;

    /// Whether a split decision is under way: `true` after its first step and before its last,
    /// `false` at the start of a decision (and always, for a position that splits nothing: the
    /// default).
    fn in_decision(&self) -> bool {
        false
    }

    /// Resets `mask` and sets the indices legal at the start of `game`'s current decision:
    /// `from_game(game.clone()).legal_mask(mask)`, which a game played whole does without the
    /// clone.
    fn start_mask(game: &Self::Game, mask: &mut ActionMask) {
        Self::from_game(game.clone()).legal_mask(mask);
    }

    /// The action `index` plays whole at the start of a decision, if it names one (`None` for
    /// the first step of a split decision, or an index out of range): a front end plays it
    /// with [`Game::play`], without the indexed position.
    fn whole_action(index: usize) -> Option<<Self::Game as Game>::Action> {
        let _ = index;
        None
    }
}

/// A game whose every action has one index of its own: it is then its own [`Indexed`]
/// position, with `NUM_ACTIONS = ACTION_COUNT`. (The names differ from [`Indexed`]'s so that
/// importing both traits leaves every call unambiguous.)
pub trait DirectIndex: Game {
    /// Size of the index space: [`Indexed::NUM_ACTIONS`] of the game.
    const ACTION_COUNT: usize;

    /// The stable index of `action`, below [`DirectIndex::ACTION_COUNT`].
    fn action_index(action: Self::Action) -> usize;

    /// The action with this index, or `None` when `index >= ACTION_COUNT`.
    fn action_from_index(index: usize) -> Option<Self::Action>;

    /// Resets `mask` to the bound `ACTION_COUNT` and sets the index of every legal action
    /// (from [`Game::for_each_legal`], allocation-free): what [`Indexed::legal_mask`] does for
    /// the game. Override where a game knows a faster way.
    fn fill_legal_mask(&self, mask: &mut ActionMask) {
        mask.reset(Self::ACTION_COUNT);
        self.for_each_legal(|a| {
            mask.insert(Self::action_index(a));
        });
    }
}

impl<G: DirectIndex> Indexed for G {
    type Game = G;
    const NUM_ACTIONS: usize = G::ACTION_COUNT;

    fn from_game(game: G) -> G {
        game
    }

    fn game(&self) -> &G {
        self
    }

    fn legal_mask(&self, mask: &mut ActionMask) {
        self.fill_legal_mask(mask);
    }

    fn play_index(&mut self, index: usize) -> Result<(), IndexError<G::Error>> {
        let action = G::action_from_index(index).ok_or(IndexError::OutOfRange {
            index,
            bound: G::ACTION_COUNT,
        })?;
        self.play(action).map_err(IndexError::Rule)
    }

    /// One index: `[action_index(action)]`.
    fn action_path(action: G::Action, out: &mut Vec<usize>) {
        out.clear();
        out.push(G::action_index(action));
    }

    type Step = G::Action;

    fn step(index: usize) -> Option<G::Action> {
        G::action_from_index(index)
    }

    fn start_mask(game: &G, mask: &mut ActionMask) {
        game.fill_legal_mask(mask);
    }

    fn whole_action(index: usize) -> Option<G::Action> {
        G::action_from_index(index)
    }
}

//! Checks driven by arbitrary bytes: the bodies of fuzz targets, for any [`Game`].
//!
//! Every check takes any byte string, drives a game (or a parser) with it and **panics** as soon
//! as an invariant fails — the signal a fuzzer looks for. On every input that breaks nothing it
//! returns normally, so a fuzz target is one line and a stable test can replay a fuzzer's corpus
//! through the same function:
//!
//! ```ignore
//! // fuzz/fuzz_targets/my_game.rs (cargo-fuzz, nightly)
//! #![no_main]
//! libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_testkit::fuzz::game::<MyGame>(data));
//! ```
//!
//! - [`game`]: a whole game driven by bytes, with every generic invariant of the [`Game`]
//!   contract checked at every step (and the game's own, through [`FuzzGame`]);
//! - [`state_json`]: states, views, rules and setups deserialized from arbitrary JSON;
//! - [`parse_cards`], [`game_text`] and the building blocks in [`text`]: card, seed and action
//!   notation, card and card-set JSON.
//!
//! A game takes part in [`game`] and [`state_json`] by implementing [`FuzzGame`]; its only
//! required items are the indexed position the driver probes (`type Position = Self` for a
//! [`DirectIndex`](cards_core::DirectIndex) game). Everything else has a default: a table from
//! the input with the default rules, no extra operations, no game-specific checks.
//!
//! The checks are deterministic (all randomness comes from the input), never read the clock or
//! the environment, and stop after a bounded amount of work per input.

use cards_core::{Game, Indexed, PlayerId, Seed};

mod driver;
mod json;
pub mod text;

pub use driver::{DEEP_CHECK_EVERY, MAX_CHECKED_ACTIONS, MAX_STEPS, game};
pub use json::{MAX_CONTINUATION, state_json};
pub use text::{game_text, parse_cards};

/// Reads an input front to back; past its end it yields nothing (or zeros where a value is
/// needed), so every input, however short, drives a whole (possibly short) run.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    rest: &'a [u8],
}

impl<'a> Input<'a> {
    /// An input reading `data` from its first byte.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Self {
        Input { rest: data }
    }

    /// The next byte, or `None` at the end.
    pub fn next_byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.rest.split_first()?;
        self.rest = rest;
        Some(first)
    }

    /// The next byte, or 0 at the end.
    pub fn byte(&mut self) -> u8 {
        self.next_byte().unwrap_or(0)
    }

    /// The next two bytes as a little-endian integer, zero-padded at the end.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// The next eight bytes as a little-endian integer, zero-padded at the end.
    pub fn u64(&mut self) -> u64 {
        let mut bytes = [0u8; 8];
        for b in &mut bytes {
            *b = self.byte();
        }
        u64::from_le_bytes(bytes)
    }

    /// The next `n` bytes (fewer at the end).
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (taken, rest) = self.rest.split_at(n.min(self.rest.len()));
        self.rest = rest;
        taken
    }

    /// Whether every byte has been read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }
}

/// FNV-1a: a fixed, dependency-free 64-bit hash, to derive seeds and choices from whole inputs.
///
/// ```
/// assert_eq!(cards_testkit::fuzz::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_ne!(cards_testkit::fuzz::fnv1a(b"a"), cards_testkit::fuzz::fnv1a(b"b"));
/// ```
#[must_use]
pub fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The table a driven game is played at: what [`FuzzGame::table`] reads from an input.
#[derive(Clone, Debug, PartialEq)]
pub struct Table<G: Game> {
    /// The rules.
    pub rules: G::Rules,
    /// Seats.
    pub players: usize,
    /// The seed of the game (and of the driver's probes and sampled worlds).
    pub seed: Seed,
}

impl<G: Game> Table<G> {
    /// The default table reading: byte 0 picks the player count from
    /// [`Game::player_range`] under `rules`, the next eight bytes the seed.
    pub fn read(rules: G::Rules, input: &mut Input<'_>) -> Self {
        let range = G::player_range(&rules);
        let (low, high) = (*range.start(), *range.end());
        let span = high.saturating_sub(low) + 1;
        let players = low + usize::from(input.byte()) % span;
        Table {
            rules,
            players,
            seed: Seed::from(input.u64()),
        }
    }
}

/// What a game supplies to the byte-driven checks beyond [`Game`]: how it reads its table from
/// an input, its own operations and its own invariants. Every method has a default, so an
/// implementation can be as short as
///
/// ```ignore
/// impl cards_testkit::fuzz::FuzzGame for MyGame {
///     type Position = MyGame; // a DirectIndex game is its own indexed position
/// }
/// ```
///
/// The `check_*` hooks **panic** when something is wrong (with a message saying what); they
/// run in addition to every generic check of [`game`] and [`state_json`], which they need not
/// repeat.
pub trait FuzzGame: Game {
    /// The indexed position the driver probes with arbitrary indices: `Self` for a
    /// [`DirectIndex`](cards_core::DirectIndex) game, else the game's stepped wrapper.
    type Position: Indexed<Game = Self>;

    /// How many game-specific operations [`FuzzGame::extra_op`] knows (say, a real-time claim
    /// that does not wait for its turn). The driver's opcodes are `0..6 + EXTRA_OPS`.
    const EXTRA_OPS: u8 = 0;

    /// The table of a driven game, read from the input's first bytes. It must be a table
    /// [`Game::new`] accepts. The default: the default rules, then [`Table::read`].
    fn table(input: &mut Input<'_>) -> Table<Self> {
        Table::read(Self::Rules::default(), input)
    }

    /// An action the rules might refuse, built from what is on the table so that near misses
    /// (another seat's card, a card of the wrong kind) are tried far more often than uniform
    /// indices would; `kind` is the opcode's argument byte and more bytes may be read. `None`
    /// (the default) lets the driver parse an action from the input's text instead.
    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Self::Action> {
        let _ = (kind, input);
        None
    }

    /// Game-specific operation `op` (below [`FuzzGame::EXTRA_OPS`]) with argument byte `arg`
    /// (more bytes may be read): the state after it, or `None` when it was refused (the state
    /// is then unchanged). It checks its own pre- and postconditions; a state it returns counts
    /// as one action towards [`Game::max_actions`] and goes through every state check.
    fn extra_op(&self, op: u8, arg: u8, input: &mut Input<'_>) -> Option<Self> {
        let _ = (op, arg, input);
        None
    }

    /// Whether listing this state's legal actions would cost more than one input should (a
    /// position with millions of legal actions, which legal play can reach in some games):
    /// [`game`] then ends the run before it, as after [`MAX_STEPS`], and leaves out the state
    /// checks of a sampled world where another seat's hand, dealt anew, would be. The default:
    /// never.
    fn too_many_actions(&self) -> bool {
        false
    }

    /// The game's own invariants of a state (run on every state the checks reach, and on
    /// every sampled world).
    fn check_state(&self) {}

    /// What `action`, applied to `self`, must have done to reach `after`.
    fn check_transition(&self, action: Self::Action, after: &Self) {
        let _ = (action, after);
    }

    /// The game's own invariants of `seat`'s view of `self` (who may see what).
    fn check_view(&self, seat: PlayerId, view: &Self::View) {
        let _ = (seat, view);
    }

    /// Whose view this is, when the view says so. With `None` (the default), a world sampled
    /// from a deserialized view need only show that view to some seat.
    fn view_seat(view: &Self::View) -> Option<PlayerId> {
        let _ = view;
        None
    }

    /// The game's own checks of a finished game (say, that its extra operations are refused);
    /// the driver has already checked that every action index is refused.
    fn check_finished(&self) {}

    /// What [`Game::new`] must have answered for `players` seats under `rules` (which came
    /// from arbitrary JSON): say, `Ok` exactly when the rules validate.
    fn check_new(rules: &Self::Rules, players: usize, result: &Result<Self, Self::SetupError>) {
        let _ = (rules, players, result);
    }
}

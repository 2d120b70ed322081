//! The byte-driven game driver ([`game`]) and the state checks it shares with
//! [`state_json`](super::state_json).

use std::collections::HashSet;

use cards_core::{ActionMask, Game, GameRng, IndexError, Indexed, PROBE_STREAM, PlayerId};

use super::{FuzzGame, Input};

/// Most steps one input drives in [`game`] (two or more bytes each).
pub const MAX_STEPS: usize = 600;
/// [`game`] runs the deep checks (every legal action, serde, setups, views, sampled worlds)
/// every this many steps, and at the end.
pub const DEEP_CHECK_EVERY: usize = 32;
/// The generic opcodes of [`game`]; a game's own follow them.
const GENERIC_OPS: u8 = 6;
/// Longest action text the driver parses from the input (in bytes).
const MAX_ACTION_TEXT: usize = 24;
/// Most steps that complete a split decision after an index probe played its first step.
const MAX_DECISION_STEPS: usize = 64;
/// Most action indices tried against a finished game (spread over the whole index space).
const MAX_FINISHED_PROBES: usize = 4096;
/// Most legal actions whose play and index path a deep check follows: all of them when there
/// are no more, else this many spread over the list from an offset that moves from check to
/// check, so that a position with thousands of legal actions (an Eléwénjewé capture) costs a
/// few dozen while every action of a small list is still checked every time. A step checks
/// its state's lists (see [`game`]) only when it has no more legal actions than this.
pub const MAX_CHECKED_ACTIONS: usize = 32;

/// A game driven by bytes, checked at every step. Panics when an invariant fails.
///
/// [`FuzzGame::table`] reads the table from the first bytes. Then, up to [`MAX_STEPS`] steps,
/// each step reads an opcode byte and an argument byte (and sometimes more); the opcode is
/// taken modulo `6 + G::EXTRA_OPS`:
///
/// - **0–3** play the legal action `arg % n` of the `n` that [`Game::legal_actions`] lists: it
///   must play, and [`Game::play`] (in place) and [`Game::apply`] (copy-make) must agree;
/// - **4** plays any index (`arg` and one more byte, modulo `NUM_ACTIONS + 2`, so a few are out
///   of range; where the position splits some legal action into steps and `arg`'s top bit is
///   set, an index of the legal mask, so that decisions are started often) through
///   [`Indexed::play_index`]: it must play exactly when the legal mask holds it, and when
///   refused leave the position exactly as it was (out-of-range indices as
///   [`IndexError::OutOfRange`]). A decision it starts is completed, while
///   [`Indexed::in_decision`] is true (up to 64 steps), with further input bytes (where `arg`'s
///   bit 6 is set, along the path of a legal action that starts with the index, chosen by the
///   input; else with steps of the mask chosen by the input): at each step under way the mask
///   offers a step, an index from the input outside it is refused with the position unchanged,
///   and `game()` is still the state before the decision. When the decision has ended it must
///   be in the state that applying the legal action whose path ([`Indexed::action_path`]) the
///   steps were reaches (for several steps in another order than a canonical path: the state
///   of some legal action whose path has several steps);
/// - **5** tries [`FuzzGame::plausible_action`], or else an action parsed from up to 24 bytes
///   of input text (its text must round-trip): it must play exactly when listed as legal,
///   `play` and `apply` must agree (on the error too), and a refusal must leave the state as
///   it was;
/// - **6 and up** run [`FuzzGame::extra_op`] `opcode − 6`.
///
/// After every step, on every state: `to_act`, `is_terminal`, the outcome and the legal
/// actions agree (the game is over exactly when there are none); [`Game::census`] covers
/// [`Game::deck`] exactly once; the settlement and returns have one entry per seat, sum to
/// zero and are all zero until the game is over; the game has not taken more than
/// [`Game::max_actions`] actions; and [`FuzzGame::check_state`] passes. After every applied
/// action, [`FuzzGame::check_transition`] passes, and the action's text parses back to it.
///
/// The lists, after every step while a state has at most [`MAX_CHECKED_ACTIONS`] legal
/// actions, else at the next index probe (opcode 4) and deep check: [`Game::for_each_legal`]
/// agrees with [`Game::legal_actions`]; the legal actions are distinct; the position from
/// [`Indexed::from_game`] has no decision under way, every legal action's path is not empty,
/// and the legal mask, under the bound `NUM_ACTIONS`, is exactly the set of the first steps of
/// their paths.
///
/// Every [`DEEP_CHECK_EVERY`] steps (one seat's view each time, in turn) and at the end (every
/// seat's): every legal action (at most [`MAX_CHECKED_ACTIONS`] of them, spread over the list)
/// plays (play = apply, with its transition checks and its text), and so does its path through
/// the index (each step in the mask at that moment, `in_decision()` true after every step but
/// the last and false after it, `game()` unchanged until the last step and then the state
/// `apply` reaches); the state round-trips through JSON;
/// `from_setup(rules, setup())` is the same state, and the setup round-trips through JSON; the
/// view round-trips through JSON, passes
/// [`FuzzGame::check_view`] and lists the seat's legal actions exactly when it is to act
/// ([`Game::view_legal_actions`]); [`Game::sample_world`] gives a world that shows that seat the
/// same view and passes the state checks (unless another seat is to act with a hand dealt too
/// crowded to list, [`FuzzGame::too_many_actions`]) and, when that seat is to act, offers the
/// same legal actions.
/// A finished game refuses every action index and passes [`FuzzGame::check_finished`].
///
/// A run ends at the end of the input, after [`MAX_STEPS`] steps, when the game is over, or
/// before a state the game calls too crowded to list ([`FuzzGame::too_many_actions`]).
///
/// # Panics
/// When any of these properties fails, or when [`Game::new`] refuses the table that
/// [`FuzzGame::table`] read.
pub fn game<G: FuzzGame>(data: &[u8]) {
    let mut input = Input::new(data);
    let table = G::table(&mut input);
    let mut game = G::new(&table.rules, table.players, table.seed).unwrap_or_else(|e| {
        panic!(
            "the table read from the input is refused: {e}\n{:?}, {} players",
            table.rules, table.players
        )
    });
    let mut checker = Checker::<G>::new(GameRng::new(table.seed, PROBE_STREAM));
    let limit = G::max_actions(&table.rules, table.players);
    let ops = GENERIC_OPS.saturating_add(G::EXTRA_OPS);
    let mut actions = 0;
    checker.check_step(&game);

    let mut steps = 0;
    while steps < MAX_STEPS && !game.is_terminal() {
        let Some(op) = input.next_byte() else { break };
        let arg = input.byte();
        let next = match op % ops {
            0..=3 => Some(checker.play_legal(&game, usize::from(arg))),
            4 => {
                if !checker.listed {
                    checker.check_lists(&game);
                }
                let mut index = usize::from(u16::from_le_bytes([arg, input.byte()]));
                if G::Position::NUM_ACTIONS + 2 > usize::from(u16::MAX) {
                    index |= usize::from(input.u16()) << 16;
                }
                let steered = match (checker.splits, arg & 0x80 != 0) {
                    (true, true) => checker.mask.iter().nth(index % checker.mask.len().max(1)),
                    _ => None,
                };
                let index = steered.unwrap_or(index % (G::Position::NUM_ACTIONS + 2));
                checker.probe_index(&game, index, arg & 0x40 != 0, &mut input)
            }
            5 => {
                let action = game
                    .plausible_action(arg, &mut input)
                    .or_else(|| text_action::<G>(input.take(usize::from(arg) % MAX_ACTION_TEXT)));
                action.and_then(|action| checker.try_action(&game, action))
            }
            k => game.extra_op(k - GENERIC_OPS, arg, &mut input),
        };
        if let Some(next) = next {
            if next.too_many_actions() {
                // Too crowded to list: the run ends at the state before it.
                break;
            }
            game = next;
            actions += 1;
            assert!(
                actions <= limit,
                "{actions} actions played, beyond max_actions = {limit}\n{game:?}"
            );
        }
        checker.check_step(&game);
        steps += 1;
        if steps % DEEP_CHECK_EVERY == 0 {
            // One seat's view each time, in turn; every seat's at the end.
            let seat = (steps / DEEP_CHECK_EVERY) % game.num_players();
            checker.check_deep(&game, PlayerId::from_index(seat));
        }
    }
    checker.check_deep(&game, None);
}

/// An action parsed from input text; whatever parses must display as text that parses back.
fn text_action<G: Game>(bytes: &[u8]) -> Option<G::Action> {
    let text = String::from_utf8_lossy(bytes);
    let action = text.parse::<G::Action>().ok()?;
    let shown = action.to_string();
    assert!(
        shown.parse::<G::Action>().ok() == Some(action),
        "action text {text:?} parses as {action:?}, whose text {shown:?} does not parse back"
    );
    Some(action)
}

/// The buffers and the probe generator the checks reuse from state to state.
pub(crate) struct Checker<G: FuzzGame> {
    /// Draws sampled worlds (and finished-game probes) on the probe stream.
    pub(crate) rng: GameRng,
    legal: Vec<G::Action>,
    mask: ActionMask,
    /// Scratch: the first steps of the legal actions' paths, or a mask during a decision.
    other: ActionMask,
    /// Scratch: a legal action's path.
    path: Vec<usize>,
    /// Scratch: the steps a decision took, and the path it follows (if any).
    walked: Vec<usize>,
    guide: Vec<usize>,
    /// Whether the index splits some legal action of the state last checked into steps.
    splits: bool,
    /// Whether `mask` and `splits` are those of the state last checked (see
    /// [`Checker::check_lists`]).
    listed: bool,
}

impl<G: FuzzGame> Checker<G> {
    pub(crate) fn new(rng: GameRng) -> Self {
        Checker {
            rng,
            legal: Vec::new(),
            mask: ActionMask::default(),
            other: ActionMask::default(),
            path: Vec::new(),
            walked: Vec::new(),
            guide: Vec::new(),
            splits: false,
            listed: false,
        }
    }

    /// The legal actions of the state last checked by [`Checker::check_state`].
    pub(crate) fn legal(&self) -> &[G::Action] {
        &self.legal
    }

    /// Every per-state invariant (see [`game`]); leaves the state's legal actions in
    /// [`Checker::legal`] and its legal mask in `self.mask`.
    pub(crate) fn check_state(&mut self, game: &G) {
        self.check_position(game, true);
    }

    /// [`Checker::check_state`] for a state the driver reached by a step. The checks of the
    /// legal list and the action index ([`Checker::check_lists`]) run here when the state has
    /// at most [`MAX_CHECKED_ACTIONS`] legal actions, else at the next deep check or index
    /// probe: with thousands of legal actions they would cost many times the rest of a step.
    fn check_step(&mut self, game: &G) {
        self.check_position(game, false);
    }

    /// The per-state invariants, those of the lists when `lists` or when there are few.
    fn check_position(&mut self, game: &G, lists: bool) {
        let players = game.num_players();
        assert!(
            G::player_range(game.rules()).contains(&players),
            "{players} seats, outside the player range {:?}",
            G::player_range(game.rules())
        );
        game.legal_actions(&mut self.legal);
        let legal = &self.legal;
        let over = game.is_terminal();
        let lists = lists || legal.len() <= MAX_CHECKED_ACTIONS;
        assert_eq!(
            game.to_act().is_none(),
            over,
            "to_act and is_terminal disagree\n{game:?}"
        );
        assert_eq!(
            legal.is_empty(),
            over,
            "the legal actions are empty = {} but the game is over = {over}\n{game:?}",
            legal.is_empty()
        );
        assert_eq!(
            game.outcome().is_some(),
            over,
            "an outcome exactly when the game is over\n{game:?}"
        );
        if let Some(seat) = game.to_act() {
            assert!(
                seat.index() < players,
                "seat {seat} is to act at a table of {players}"
            );
        }
        if lists {
            self.check_lists(game);
        } else {
            self.listed = false;
        }

        let census = game.census();
        let deck = G::deck(game.rules());
        assert!(
            census.is_exactly(deck),
            "cards not conserved: {} card slots covering {}, not the {} cards {deck}\n{game:?}",
            census.count,
            census.cards,
            deck.len()
        );

        let settlement = game.settlement();
        assert_eq!(
            settlement.len(),
            players,
            "settlement {settlement:?} for {players} seats"
        );
        assert_eq!(
            settlement.iter().sum::<i64>(),
            0,
            "settlement {settlement:?} is not zero-sum"
        );
        let returns = game.returns();
        assert_eq!(
            returns.len(),
            players,
            "returns {returns:?} for {players} seats"
        );
        assert!(
            returns.iter().all(|r| r.is_finite()) && returns.iter().sum::<f64>().abs() <= 1e-9,
            "returns {returns:?} are not finite and zero-sum"
        );
        if !over {
            assert!(
                settlement.iter().all(|&v| v == 0) && returns.iter().all(|&r| r == 0.0),
                "settlement {settlement:?} / returns {returns:?} before the game is over"
            );
        }

        game.check_state();
    }

    /// The legal list of the state last given to [`Checker::check_state`] (`game`) and its
    /// action index: [`Game::for_each_legal`] agrees, the actions are distinct, and the legal
    /// mask is exactly the set of the first steps of their paths. Leaves the legal mask in
    /// `self.mask`.
    fn check_lists(&mut self, game: &G) {
        let legal = &self.legal;
        let over = legal.is_empty();
        let mut count = 0;
        game.for_each_legal(|_| count += 1);
        assert_eq!(
            count,
            legal.len(),
            "for_each_legal and legal_actions disagree"
        );
        if legal.len() <= 32 {
            for (i, action) in legal.iter().enumerate() {
                assert!(!legal[..i].contains(action), "{action} is listed twice");
            }
        } else {
            let mut seen = HashSet::with_capacity(legal.len());
            for action in legal {
                assert!(seen.insert(action), "{action} is listed twice");
            }
        }
        // The action index.
        let position = G::Position::from_game(game.clone());
        assert!(
            !position.in_decision(),
            "from_game gives a position with a decision under way\n{position:?}"
        );
        position.legal_mask(&mut self.mask);
        let mask = &self.mask;
        assert_eq!(
            mask.bound(),
            G::Position::NUM_ACTIONS,
            "the legal mask's bound is not NUM_ACTIONS"
        );
        assert_eq!(
            mask.is_empty(),
            over,
            "the legal mask is empty = {} but the game is over = {over}",
            mask.is_empty()
        );
        let firsts = &mut self.other;
        firsts.reset(G::Position::NUM_ACTIONS);
        self.splits = false;
        for &action in legal {
            G::Position::action_path(action, &mut self.path);
            let first = *self
                .path
                .first()
                .unwrap_or_else(|| panic!("legal action {action} has an empty path"));
            assert!(
                mask.contains(first),
                "legal action {action} has the path {:?}, whose first step the legal mask lacks",
                self.path
            );
            firsts.insert(first);
            self.splits |= self.path.len() > 1;
        }
        assert_eq!(
            mask, firsts,
            "the legal mask is not the set of first steps of the legal actions' paths"
        );

        self.listed = true;
    }

    /// Plays the legal action `pick % n` of the state last checked; it must play.
    pub(crate) fn play_legal(&mut self, game: &G, pick: usize) -> G {
        let action = self.legal[pick % self.legal.len()];
        play_checked(game, action)
    }

    /// Tries any action: it plays exactly when listed as legal, `play` and `apply` agree, and
    /// a refusal changes nothing. The state after it, or `None` when refused.
    fn try_action(&mut self, game: &G, action: G::Action) -> Option<G> {
        let listed = self.legal.contains(&action);
        let mut in_place = game.clone();
        let played = in_place.play(action);
        match game.apply(action) {
            Ok(next) => {
                assert!(
                    listed,
                    "{action} plays but is not listed as legal\n{game:?}"
                );
                assert!(played.is_ok(), "apply plays {action} but play refuses it");
                assert_eq!(in_place, next, "play and apply disagree on {action}");
                game.check_transition(action, &next);
                Some(next)
            }
            Err(e) => {
                assert!(!listed, "listed action {action} refused: {e}\n{game:?}");
                assert_eq!(
                    played,
                    Err(e.clone()),
                    "play and apply disagree on {action}"
                );
                assert_eq!(
                    &in_place, game,
                    "a refused {action} ({e}) changed the state"
                );
                assert!(!e.to_string().is_empty(), "an error displays as nothing");
                None
            }
        }
    }

    /// Plays `index` through the action index (see [`game`], opcode 4); a decision it starts is
    /// completed along a legal action's path when `along_path`, else with steps of the mask.
    fn probe_index(
        &mut self,
        game: &G,
        index: usize,
        along_path: bool,
        input: &mut Input<'_>,
    ) -> Option<G> {
        let position = G::Position::from_game(game.clone());
        let mut probe = position.clone();
        let listed = self.mask.contains(index);
        match (listed, probe.play_index(index)) {
            (true, Ok(())) => {}
            (true, Err(e)) => {
                panic!("index {index} is in the legal mask but refused: {e}\n{game:?}")
            }
            (false, Ok(())) => panic!("index {index} is not in the legal mask but plays\n{game:?}"),
            (false, Err(e)) => {
                assert_eq!(
                    probe, position,
                    "refusing index {index} ({e}) changed the position"
                );
                assert_eq!(
                    index >= G::Position::NUM_ACTIONS,
                    matches!(e, IndexError::OutOfRange { .. }),
                    "index {index} refused as {e:?} with NUM_ACTIONS = {}",
                    G::Position::NUM_ACTIONS
                );
                assert!(
                    !e.to_string().is_empty(),
                    "an index error displays as nothing"
                );
                return None;
            }
        }
        let (walked, guide) = (&mut self.walked, &mut self.guide);
        walked.clear();
        walked.push(index);
        guide.clear();
        if along_path && probe.in_decision() {
            // Follow the path of a legal action that starts with `index`, chosen by the input.
            let mut starting = |a: &G::Action| {
                G::Position::action_path(*a, &mut self.path);
                self.path.first() == Some(&index)
            };
            let count = self.legal.iter().filter(|&a| starting(a)).count();
            let pick = usize::from(input.byte()) % count.max(1);
            if let Some(&action) = self.legal.iter().filter(|&a| starting(a)).nth(pick) {
                G::Position::action_path(action, guide);
            }
        }
        // A split decision under way: finish it with the input's choices.
        let mask = &mut self.other;
        while probe.in_decision() && walked.len() < MAX_DECISION_STEPS {
            assert_eq!(
                probe.game(),
                game,
                "game() changed during a decision (in_decision() is still true after the steps \
                 {walked:?})"
            );
            probe.legal_mask(mask);
            let count = mask.len();
            assert!(
                count > 0,
                "a decision under way offers no step after {walked:?}\n{probe:?}"
            );
            // An index from the input outside the mask: refused, the position unchanged.
            let wrong = usize::from(input.u16()) % (G::Position::NUM_ACTIONS + 2);
            if !mask.contains(wrong) {
                let mut refused = probe.clone();
                let e = refused.play_index(wrong).err().unwrap_or_else(|| {
                    panic!("index {wrong} is not in the legal mask but plays\n{probe:?}")
                });
                assert_eq!(
                    refused, probe,
                    "refusing index {wrong} ({e}) during a decision changed the position"
                );
                assert_eq!(
                    wrong >= G::Position::NUM_ACTIONS,
                    matches!(e, IndexError::OutOfRange { .. }),
                    "index {wrong} refused as {e:?} during a decision"
                );
            }
            let pick = match guide.get(walked.len()) {
                Some(&next) => {
                    assert!(
                        mask.contains(next),
                        "step {} of the path {guide:?} is index {next}, which the legal mask \
                         lacks\n{probe:?}",
                        walked.len() + 1
                    );
                    next
                }
                None => mask
                    .iter()
                    .nth(usize::from(input.byte()) % count)
                    .expect("a pick below the count"),
            };
            probe.play_index(pick).unwrap_or_else(|e| {
                panic!("step {pick} of the legal mask refused: {e}\n{probe:?}")
            });
            walked.push(pick);
        }
        if probe.in_decision() {
            // Not finished within the bound: drop it.
            assert_eq!(probe.game(), game, "game() changed during a decision");
            return None;
        }
        let reached = probe.game().clone();
        let mut via = None;
        for &action in &self.legal {
            G::Position::action_path(action, &mut self.path);
            if self.path == *walked {
                via = Some(action);
                break;
            }
        }
        if let Some(action) = via {
            let applied = game
                .apply(action)
                .unwrap_or_else(|e| panic!("legal action {action} refused: {e}\n{game:?}"));
            assert_eq!(
                reached, applied,
                "the path {walked:?} of {action} through play_index and apply({action}) disagree"
            );
        }
        // Steps in another order than a canonical path: the state of some split action.
        let via = via.or_else(|| {
            self.legal.iter().copied().find(|&a| {
                G::Position::action_path(a, &mut self.path);
                walked.len() > 1
                    && self.path.len() > 1
                    && game.apply(a).ok().as_ref() == Some(&reached)
            })
        });
        let action = via.unwrap_or_else(|| {
            panic!(
                "the index steps {walked:?} ended a decision (in_decision() is false) in a state \
                 no legal action split into steps reaches\n{game:?}\n{reached:?}"
            )
        });
        game.check_transition(action, &reached);
        Some(reached)
    }

    /// The expensive invariants of a state (see [`game`]): every legal action, serde, the setup
    /// round trip, and the views of `seat` (every seat when `None`) with their sampled worlds.
    ///
    /// Leaves [`Checker::legal`] and the legal mask as they were (the checks of sampled worlds
    /// use them meanwhile).
    pub(crate) fn check_deep(&mut self, game: &G, seat: Option<PlayerId>) {
        if !self.listed {
            self.check_lists(game);
        }
        let mut legal = core::mem::take(&mut self.legal);
        let (mask, splits) = (self.mask.clone(), self.splits);
        game.legal_actions(&mut legal);
        let position = G::Position::from_game(game.clone());
        let mut start = ActionMask::default();
        position.legal_mask(&mut start);
        let chosen: Vec<G::Action> = spread(&legal, &mut self.rng).copied().collect();
        for action in chosen {
            let applied = play_checked(game, action);
            self.play_path(game, (&position, &start), action, &applied);
        }

        let json = serde_json::to_string(game).expect("a state serializes");
        let back: G = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("a state does not deserialize: {e}\n{json}"));
        assert_eq!(&back, game, "the JSON round trip changed the state\n{json}");

        let setup = game.setup();
        let rebuilt = G::from_setup(game.rules(), setup.clone())
            .unwrap_or_else(|e| panic!("the state's own setup is refused: {e}\n{setup:?}"));
        assert_eq!(&rebuilt, game, "from_setup(setup()) is a different state");
        let json = serde_json::to_string(&setup).expect("a setup serializes");
        let back: G::Setup = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("a setup does not deserialize: {e}\n{json}"));
        assert_eq!(back, setup, "the setup's JSON round trip changed it");

        let seats =
            PlayerId::all(game.num_players()).filter(|&s| seat.is_none_or(|only| only == s));
        for seat in seats {
            self.check_view(game, seat, &legal);
        }

        if game.is_terminal() {
            self.check_finished(game);
        }
        self.legal = legal;
        (self.mask, self.splits, self.listed) = (mask, splits, true);
    }

    /// Plays the path of the legal `action` from `start`, the start of `game`'s decision with
    /// its legal mask: each step in the mask at that moment and accepted, `in_decision()` true
    /// after every step but the last and false after it, `game()` unchanged until then, and
    /// `applied` at the end.
    fn play_path(
        &mut self,
        game: &G,
        start: (&G::Position, &ActionMask),
        action: G::Action,
        applied: &G,
    ) {
        G::Position::action_path(action, &mut self.path);
        let path = &self.path;
        assert!(!path.is_empty(), "legal action {action} has an empty path");
        let mut indexed = start.0.clone();
        for (k, &index) in path.iter().enumerate() {
            let offered = match k {
                0 => start.1.contains(index),
                _ => {
                    indexed.legal_mask(&mut self.other);
                    self.other.contains(index)
                }
            };
            assert!(
                offered,
                "step {} of the path {path:?} of {action} is index {index}, which the legal mask \
                 lacks\n{game:?}",
                k + 1
            );
            indexed.play_index(index).unwrap_or_else(|e| {
                panic!(
                    "step {} of the path {path:?} of {action} is index {index}, which play_index \
                     refuses: {e}\n{game:?}",
                    k + 1
                )
            });
            let last = k + 1 == path.len();
            assert_eq!(
                indexed.in_decision(),
                !last,
                "in_decision() after step {} of the {}-step path {path:?} of {action}",
                k + 1,
                path.len()
            );
            if !last {
                assert_eq!(
                    indexed.game(),
                    game,
                    "game() changed after step {} of the path {path:?} of {action}",
                    k + 1
                );
            }
        }
        assert_eq!(
            indexed.game(),
            applied,
            "the path {path:?} of {action} through play_index and apply({action}) disagree"
        );
    }

    /// One seat's view: JSON, the game's own view checks, and a sampled world that shows it.
    fn check_view(&mut self, game: &G, seat: PlayerId, legal: &[G::Action]) {
        let view = game.view(seat);
        game.check_view(seat, &view);
        let json = serde_json::to_string(&view).expect("a view serializes");
        let back: G::View = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("a view does not deserialize: {e}\n{json}"));
        assert_eq!(back, view, "the view's JSON round trip changed it\n{json}");
        let mut listed = Vec::new();
        G::view_legal_actions(&view, &mut listed);
        if game.to_act() == Some(seat) {
            assert_eq!(
                listed, legal,
                "seat {seat}, which is to act, has other legal actions in its view"
            );
        } else {
            assert!(
                listed.is_empty(),
                "seat {seat} is not to act but its view lists legal actions"
            );
        }
        let world = G::sample_world(&view, &mut self.rng)
            .unwrap_or_else(|e| panic!("a real game's view cannot be sampled: {e}\n{json}"));
        assert_eq!(
            world.view(seat),
            view,
            "the sampled world shows seat {seat} another view"
        );
        if game.to_act() != Some(seat) && world.too_many_actions() {
            // The hand to act is another seat's, dealt anew, and too crowded to list.
            return;
        }
        self.check_state(&world);
        if game.to_act() == Some(seat) {
            assert_eq!(
                self.legal, legal,
                "the sampled world offers seat {seat}, which is to act, other actions"
            );
        }
    }

    /// A finished game refuses every action index and passes the game's own checks.
    fn check_finished(&mut self, game: &G) {
        let position = G::Position::from_game(game.clone());
        let bound = G::Position::NUM_ACTIONS;
        let stride = bound.div_ceil(MAX_FINISHED_PROBES).max(1);
        let offset = self.rng.below(stride as u64) as usize;
        for index in (offset..bound + 1).step_by(stride) {
            let mut probe = position.clone();
            assert!(
                probe.play_index(index).is_err(),
                "index {index} plays in a finished game\n{game:?}"
            );
            assert_eq!(probe, position, "a refused index changed a finished game");
        }
        game.check_finished();
    }
}

/// At most [`MAX_CHECKED_ACTIONS`] of `actions`: all of them when there are no more, else every
/// `⌈len / MAX_CHECKED_ACTIONS⌉`-th from a start drawn from `rng` (drawn only then).
fn spread<'a, A>(actions: &'a [A], rng: &mut GameRng) -> impl Iterator<Item = &'a A> {
    let stride = actions.len().div_ceil(MAX_CHECKED_ACTIONS).max(1);
    let start = match stride {
        1 => 0,
        _ => rng.below(stride as u64) as usize,
    };
    actions.iter().skip(start).step_by(stride)
}

/// A legal action's text must parse back to it.
fn check_text<G: Game>(action: G::Action) {
    let shown = action.to_string();
    assert!(
        shown.parse::<G::Action>().ok() == Some(action),
        "legal action {action:?} displays as {shown:?}, which does not parse back"
    );
}

/// Plays a legal `action`: it must play, in place and copy-make alike, and do what it says.
pub(crate) fn play_checked<G: FuzzGame>(game: &G, action: G::Action) -> G {
    check_text::<G>(action);
    let next = game
        .apply(action)
        .unwrap_or_else(|e| panic!("legal action {action} refused: {e}\n{game:?}"));
    let mut in_place = game.clone();
    in_place
        .play(action)
        .unwrap_or_else(|e| panic!("legal action {action} refused by play: {e}\n{game:?}"));
    assert_eq!(in_place, next, "play and apply disagree on {action}");
    game.check_transition(action, &next);
    next
}

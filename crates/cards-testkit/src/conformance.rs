//! The conformance harness: plays whole games with the built-in [`RandomPlayer`] and checks
//! the [`Game`] contract at every state. Any implementation of [`Game`] (with an [`Indexed`]
//! face, which a [`DirectIndex`](cards_core::DirectIndex) game has for free) can run it.
//!
//! At the start: `players` lies in [`Game::player_range`], and [`Game::new`] refuses the counts
//! just outside it; the new game has the rules and the number of seats it was given.
//!
//! At every state:
//! - `to_act`, `is_terminal` and the legal actions agree; legal actions are distinct, their
//!   text parses back to them, and the settlement and returns are zero before the end;
//! - every legal action plays, and `play` (in place) and `apply` (copy-make) reach the same
//!   state;
//! - the action index: at the start of the decision ([`Indexed::from_game`]) no decision is
//!   under way; for every legal action, its path ([`Indexed::action_path`]) is not empty and
//!   plays through `play_index` step by step, each step in the legal mask at that moment,
//!   [`Indexed::in_decision`] true after every step but the last and false after it, `game()`
//!   unchanged until the last step and then exactly the state [`Game::apply`] reaches; the legal
//!   mask has the bound `NUM_ACTIONS` and is exactly the set of the first steps of the legal
//!   actions' paths; random indices from the whole index space that are not in the mask are
//!   refused and leave the position exactly as it was, and the ones in it play;
//! - one decision is walked through the index with random steps from the mask: while
//!   `in_decision()` is true the mask is never empty, random indices outside it are refused,
//!   leaving the position exactly as it was, and `game()` is still the state before the
//!   decision; it ends (`in_decision()` false) within [`MAX_DECISION_STEPS`] steps, in the state
//!   of the legal action whose path the steps were (or, for several steps in another order than
//!   a canonical path, of some legal action whose path has several steps);
//! - whole actions that were legal earlier in the game but are not now are refused by `play`
//!   and `apply`, leaving the state exactly as it was (for every game, stepped or not);
//! - cards are conserved: [`Game::census`] covers [`Game::deck`] exactly once;
//! - the state survives a JSON round trip and a [`Game::setup`] → [`Game::from_setup`] round
//!   trip;
//! - every seat's view survives JSON and lists the seat's legal actions exactly when it is to
//!   act; a world sampled from it shows that seat the same view, conserves cards and, when that
//!   seat is to act, offers the same legal actions;
//!
//! and at the end: unless [`Config::hidden_information`] is off, some sampled world differed
//! from the true state (else the views give every hidden card away); the game ended within
//! [`Game::max_actions`]; the settlement and returns
//! have one entry per seat and sum to zero; the record survives JSON and replays to the same
//! final state, from its seed and from its setup.

use cards_core::{
    ActionMask, Game, GameRecord, GameRng, Indexed, PROBE_STREAM, PlayerId, RandomPlayer, Seed,
};

/// How thorough a run is.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Random action indices tried against each state.
    pub index_probes: usize,
    /// Check views and sampled worlds every this many states (1 = every state).
    pub view_every: usize,
    /// The game hides something from every seat (all card games here do): then over a whole
    /// game some world sampled from a view must differ from the true state, or the views give
    /// everything away. Turn off for a perfect-information game.
    pub hidden_information: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            index_probes: 4,
            view_every: 1,
            hidden_information: true,
        }
    }
}

/// A broken invariant: which game, where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game} with {players} players, seed {seed}, after {step} actions: {message}")]
pub struct Violation {
    /// Game name.
    pub game: &'static str,
    /// Seats.
    pub players: usize,
    /// Seed of the failing game.
    pub seed: Seed,
    /// Number of actions applied before the failure.
    pub step: usize,
    /// What went wrong.
    pub message: String,
}

/// What a successful run covered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// States checked.
    pub states: usize,
    /// Index probes refused (not legal) and left the position unchanged.
    pub illegal_refused: usize,
    /// Index probes that were legal and played.
    pub legal_probed: usize,
    /// Worlds sampled from views.
    pub worlds: usize,
    /// Sampled worlds that differ from the true state (hidden cards dealt otherwise).
    pub worlds_differing: usize,
    /// Longest game, in actions.
    pub longest: usize,
}

/// Runs [`check_game`] for every seed and sums the reports.
///
/// `P` is the indexed position (for most games the game itself).
///
/// # Errors
/// The first [`Violation`] found.
pub fn check<P: Indexed>(
    rules: &<P::Game as Game>::Rules,
    players: usize,
    seeds: impl IntoIterator<Item = Seed>,
    config: Config,
) -> Result<Report, Violation> {
    let mut total = Report::default();
    for seed in seeds {
        let r = check_game::<P>(rules, players, seed, config)?;
        total.games += r.games;
        total.states += r.states;
        total.illegal_refused += r.illegal_refused;
        total.legal_probed += r.legal_probed;
        total.worlds += r.worlds;
        total.worlds_differing += r.worlds_differing;
        total.longest = total.longest.max(r.longest);
    }
    Ok(total)
}

/// Plays one random game from `seed` and checks every invariant listed in the module docs.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_game<P: Indexed>(
    rules: &<P::Game as Game>::Rules,
    players: usize,
    seed: Seed,
    config: Config,
) -> Result<Report, Violation> {
    let fail = |step: usize, message: String| Violation {
        game: P::Game::NAME,
        players,
        seed,
        step,
        message,
    };
    check_player_range::<P::Game>(rules, players, seed).map_err(|m| fail(0, m))?;
    let mut state =
        P::Game::new(rules, players, seed).map_err(|e| fail(0, format!("setup failed: {e}")))?;
    if state.rules() != rules {
        return Err(fail(
            0,
            "rules() differs from the rules given to new".into(),
        ));
    }
    if state.num_players() != players {
        let message = format!(
            "num_players() = {} for a new game of {players}",
            state.num_players()
        );
        return Err(fail(0, message));
    }
    let start = state.clone();
    let mut record = GameRecord::<P::Game>::new(rules.clone(), players, seed);
    let mut player = RandomPlayer::new(seed);
    // A stream of its own for probes and sampling, so the game played does not depend on them.
    let mut probe_rng = GameRng::new(seed, PROBE_STREAM);
    let mut scratch = Scratch::default();
    let mut report = Report {
        games: 1,
        ..Report::default()
    };
    let limit = P::Game::max_actions(rules, players);
    let mut step = 0;
    loop {
        check_state::<P>(&state, &mut scratch, &mut probe_rng, config, &mut report)
            .map_err(|m| fail(step, m))?;
        if step % config.view_every.max(1) == 0 {
            check_views(&state, &mut scratch, &mut probe_rng, &mut report)
                .map_err(|m| fail(step, m))?;
        }
        let Some(action) = player.choose(&state, &mut scratch.buf) else {
            break;
        };
        if step >= limit {
            return Err(fail(
                step,
                format!("the game did not end within max_actions = {limit}"),
            ));
        }
        state
            .play(action)
            .map_err(|e| fail(step, format!("legal action {action} refused: {e}")))?;
        record.actions.push(action);
        step += 1;
    }
    report.longest = step;
    if config.hidden_information && report.worlds > 0 && report.worlds_differing == 0 {
        return Err(fail(
            step,
            format!(
                "all {} worlds sampled from views equal the true state: the views give away \
                 every hidden card (set Config::hidden_information = false for a \
                 perfect-information game)",
                report.worlds
            ),
        ));
    }
    check_end(&state, players).map_err(|m| fail(step, m))?;
    check_record(&record, &state, &start).map_err(|m| fail(step, m))?;
    Ok(report)
}

/// `players` lies in the player range, and `new` refuses the counts just outside it.
fn check_player_range<G: Game>(rules: &G::Rules, players: usize, seed: Seed) -> Result<(), String> {
    let range = G::player_range(rules);
    let outside = [range.start().checked_sub(1), range.end().checked_add(1)];
    for n in outside.into_iter().flatten().chain(Some(players)) {
        if !range.contains(&n) && G::new(rules, n, seed).is_ok() {
            return Err(format!(
                "new accepts {n} players, outside player_range {range:?}"
            ));
        }
    }
    if !range.contains(&players) {
        return Err(format!(
            "{players} players is outside player_range {range:?}"
        ));
    }
    Ok(())
}

/// Buffers reused from state to state.
struct Scratch<A> {
    buf: Vec<A>,
    legal: Vec<A>,
    index: IndexScratch,
    /// Actions seen legal earlier in the game (at most `POOL` of them): candidates for illegal
    /// whole actions later, whatever the action type.
    pool: Vec<A>,
}

/// How many earlier legal actions the harness keeps to try as illegal ones.
const POOL: usize = 512;

impl<A> Default for Scratch<A> {
    fn default() -> Self {
        Scratch {
            buf: Vec::new(),
            legal: Vec::new(),
            index: IndexScratch::default(),
            pool: Vec::new(),
        }
    }
}

fn check_state<P: Indexed>(
    state: &P::Game,
    scratch: &mut Scratch<<P::Game as Game>::Action>,
    rng: &mut GameRng,
    config: Config,
    report: &mut Report,
) -> Result<(), String> {
    report.states += 1;
    let legal = &mut scratch.legal;
    state.legal_actions(legal);
    match (state.to_act(), legal.is_empty(), state.is_terminal()) {
        (Some(_), false, false) | (None, true, true) => {}
        (to_act, empty, terminal) => {
            return Err(format!(
                "to_act = {to_act:?}, legal actions empty = {empty}, is_terminal = {terminal} disagree"
            ));
        }
    }
    if !state.is_terminal() {
        let (settlement, returns) = (state.settlement(), state.returns());
        if settlement.iter().any(|&r| r != 0) || returns.iter().any(|&r| r != 0.0) {
            return Err(format!(
                "settlement {settlement:?} and returns {returns:?} before the game is over"
            ));
        }
    }
    if !state.is_terminal() && state.outcome().is_some() {
        return Err("an outcome before the game is over".into());
    }
    // `pick_legal` picks exactly the listed action at every position, and nothing beyond.
    for i in 0..=legal.len() + 1 {
        let mut count = None;
        let picked = state.pick_legal(&mut scratch.buf, |n| {
            count = Some(n);
            Some(i)
        });
        if count != Some(legal.len()) || picked != legal.get(i).copied() {
            return Err(format!(
                "pick_legal at position {i} gave {picked:?} with a count of {count:?}; the legal \
                 actions are {legal:?}"
            ));
        }
    }
    let census = state.census();
    let deck = P::Game::deck(state.rules());
    if !census.is_exactly(deck) {
        return Err(format!(
            "cards not conserved: {} card slots covering {}, expected the {} cards {deck}",
            census.count,
            census.cards,
            deck.len()
        ));
    }
    for (i, &action) in legal.iter().enumerate() {
        if legal[..i].contains(&action) {
            return Err(format!("legal action {action} listed twice"));
        }
        let text = action.to_string();
        if text.parse::<<P::Game as Game>::Action>().ok() != Some(action) {
            return Err(format!(
                "legal action {action} does not parse back from its text"
            ));
        }
        let mut played = state.clone();
        played
            .play(action)
            .map_err(|e| format!("legal action {action} refused by play: {e}"))?;
        let applied = state
            .apply(action)
            .map_err(|e| format!("legal action {action} refused by apply: {e}"))?;
        if played != applied {
            return Err(format!("play and apply disagree on {action}"));
        }
    }
    check_index::<P>(state, legal, &mut scratch.index, rng, config, report)?;
    check_illegal_actions(state, legal, &mut scratch.pool, rng, config, report)?;
    let json =
        serde_json::to_string(state).map_err(|e| format!("state does not serialize: {e}"))?;
    let back: P::Game = serde_json::from_str(&json)
        .map_err(|e| format!("state does not deserialize: {e}: {json}"))?;
    if back != *state {
        return Err("state changed in a JSON round trip".into());
    }
    let rebuilt = P::Game::from_setup(state.rules(), state.setup())
        .map_err(|e| format!("the state's own setup is refused: {e}"))?;
    if rebuilt != *state {
        return Err("from_setup(setup()) is a different state".into());
    }
    Ok(())
}

/// Buffers of the action-index checks.
#[derive(Default)]
struct IndexScratch {
    /// The legal mask of the position checked.
    mask: ActionMask,
    /// The first steps of the legal actions' paths.
    firsts: ActionMask,
    /// The mask at a step of a path.
    step: ActionMask,
    /// A legal action's path.
    path: Vec<usize>,
    /// The steps a decision walk took.
    walked: Vec<usize>,
}

/// The action index: every legal action's path against `apply`, the mask against the first
/// steps of the paths, and random probes through `play_index`.
fn check_index<P: Indexed>(
    state: &P::Game,
    legal: &[<P::Game as Game>::Action],
    scratch: &mut IndexScratch,
    rng: &mut GameRng,
    config: Config,
    report: &mut Report,
) -> Result<(), String> {
    let position = P::from_game(state.clone());
    if position.in_decision() {
        return Err("from_game gives a position with a decision under way".into());
    }
    let mask = &mut scratch.mask;
    position.legal_mask(mask);
    if mask.bound() != P::NUM_ACTIONS {
        return Err(format!(
            "the legal mask's bound is {}, not NUM_ACTIONS = {}",
            mask.bound(),
            P::NUM_ACTIONS
        ));
    }
    if mask.is_empty() != state.is_terminal() {
        return Err(format!(
            "the legal mask is empty = {} but the game is over = {}",
            mask.is_empty(),
            state.is_terminal()
        ));
    }
    scratch.firsts.reset(P::NUM_ACTIONS);
    for &action in legal {
        P::action_path(action, &mut scratch.path);
        let path = &scratch.path;
        let Some(&first) = path.first() else {
            return Err(format!("legal action {action} has an empty path"));
        };
        scratch.firsts.insert(first);
        let mut indexed = position.clone();
        for (k, &index) in path.iter().enumerate() {
            let offered = match k {
                0 => mask.contains(index),
                _ => {
                    indexed.legal_mask(&mut scratch.step);
                    scratch.step.contains(index)
                }
            };
            if !offered {
                return Err(format!(
                    "step {} of the path {path:?} of legal action {action} is index {index}, \
                     which the legal mask lacks",
                    k + 1
                ));
            }
            indexed.play_index(index).map_err(|e| {
                format!(
                    "step {} of the path {path:?} of legal action {action} is index {index}, \
                     which play_index refuses: {e}",
                    k + 1
                )
            })?;
            let last = k + 1 == path.len();
            if indexed.in_decision() == last {
                return Err(format!(
                    "in_decision() is {} after step {} of the {}-step path {path:?} of legal \
                     action {action}",
                    last,
                    k + 1,
                    path.len()
                ));
            }
            if !last && indexed.game() != state {
                return Err(format!(
                    "game() changed after step {} of the {}-step path {path:?} of legal action \
                     {action}, before the decision ended",
                    k + 1,
                    path.len()
                ));
            }
        }
        if state.apply(action).ok().as_ref() != Some(indexed.game()) {
            return Err(format!(
                "the path {path:?} of legal action {action} plays another action"
            ));
        }
    }
    if *mask != scratch.firsts {
        return Err(format!(
            "the legal mask {mask:?} is not the set of first steps of the legal actions' \
             paths {:?}",
            scratch.firsts
        ));
    }
    for _ in 0..config.index_probes {
        // Mostly in range; sometimes just past it.
        let index = rng.below(P::NUM_ACTIONS as u64 + 2) as usize;
        let mut probe = position.clone();
        match (mask.contains(index), probe.play_index(index)) {
            (true, Ok(())) => report.legal_probed += 1,
            (true, Err(e)) => return Err(format!("index {index} is in the mask but refused: {e}")),
            (false, Ok(())) => return Err(format!("index {index} is not in the mask but played")),
            (false, Err(_)) if probe != position => {
                return Err(format!("refusing index {index} changed the position"));
            }
            (false, Err(_)) => report.illegal_refused += 1,
        }
    }
    walk_decision::<P>(state, legal, scratch, rng, config, report)
}

/// Most steps one decision may take through the index, when the harness walks one decision
/// per state (see the module docs).
pub const MAX_DECISION_STEPS: usize = 256;

/// One decision of `state` walked through the index with random steps from the mask (the
/// start itself is probed by [`check_index`]). While [`Indexed::in_decision`] is true, the
/// position must offer a step, refuse every other index unchanged and keep `game()` the state
/// before the decision; once it is false the decision has ended, in the state of the legal
/// action whose path the steps were (already compared with `apply` by [`check_index`]), or, for
/// several steps in another order than a canonical path, of some legal action whose path has
/// several steps.
fn walk_decision<P: Indexed>(
    state: &P::Game,
    legal: &[<P::Game as Game>::Action],
    scratch: &mut IndexScratch,
    rng: &mut GameRng,
    config: Config,
    report: &mut Report,
) -> Result<(), String> {
    if state.is_terminal() {
        return Ok(()); // check_index checked the empty mask
    }
    let mut position = P::from_game(state.clone());
    let (mask, walked) = (&mut scratch.mask, &mut scratch.walked);
    walked.clear();
    for step in 0..MAX_DECISION_STEPS {
        position.legal_mask(mask);
        if step > 0 {
            if mask.is_empty() {
                return Err(format!(
                    "a decision under way (after the {step} steps {walked:?}) offers no step: \
                     {position:?}"
                ));
            }
            if mask.bound() != P::NUM_ACTIONS {
                return Err(format!(
                    "during a decision the legal mask's bound is {}, not NUM_ACTIONS = {}",
                    mask.bound(),
                    P::NUM_ACTIONS
                ));
            }
            for _ in 0..config.index_probes {
                let index = rng.below(P::NUM_ACTIONS as u64 + 2) as usize;
                if mask.contains(index) {
                    continue;
                }
                let mut probe = position.clone();
                if probe.play_index(index).is_ok() {
                    return Err(format!(
                        "index {index} is not in the mask but played during a decision"
                    ));
                }
                if probe != position {
                    return Err(format!(
                        "refusing index {index} during a decision changed the position"
                    ));
                }
                report.illegal_refused += 1;
            }
        }
        let pick = rng.below(mask.len() as u64) as usize;
        let index = mask.iter().nth(pick).unwrap_or_default();
        position.play_index(index).map_err(|e| {
            format!("step {index} of the legal mask refused during a decision: {e}")
        })?;
        walked.push(index);
        report.legal_probed += 1;
        if position.in_decision() {
            if position.game() != state {
                return Err(format!(
                    "game() changed during a decision (in_decision() is still true after the \
                     steps {walked:?})"
                ));
            }
            continue;
        }
        // The decision has ended: along a legal action's path (compared with `apply` already)?
        for &action in legal {
            P::action_path(action, &mut scratch.path);
            if scratch.path == *walked {
                return Ok(());
            }
        }
        // Steps in another order than a canonical path: the state of some split action.
        let reached = position.game();
        for &action in legal {
            P::action_path(action, &mut scratch.path);
            if walked.len() > 1
                && scratch.path.len() > 1
                && state.apply(action).ok().as_ref() == Some(reached)
            {
                return Ok(());
            }
        }
        return Err(format!(
            "the {} steps {walked:?} ended a decision (in_decision() is false) in a state that \
             no legal action split into steps reaches",
            step + 1
        ));
    }
    Err(format!(
        "a decision did not end within {MAX_DECISION_STEPS} steps"
    ))
}

/// Whole actions through [`Game::play`]: actions that were legal earlier in the game but are not
/// now are refused, leaving the state exactly as it was.
fn check_illegal_actions<G: Game>(
    state: &G,
    legal: &[G::Action],
    pool: &mut Vec<G::Action>,
    rng: &mut GameRng,
    config: Config,
    report: &mut Report,
) -> Result<(), String> {
    if !pool.is_empty() {
        for _ in 0..config.index_probes {
            let action = pool[rng.below(pool.len() as u64) as usize];
            if legal.contains(&action) {
                continue;
            }
            let mut probe = state.clone();
            if probe.play(action).is_ok() {
                return Err(format!("illegal action {action} was played"));
            }
            if probe != *state {
                return Err(format!("refusing {action} changed the state"));
            }
            if state.apply(action).is_ok() {
                return Err(format!("illegal action {action} was applied"));
            }
            report.illegal_refused += 1;
        }
    }
    for &action in legal {
        if pool.len() < POOL && !pool.contains(&action) {
            pool.push(action);
        } else if pool.len() >= POOL {
            // Keep the pool fresh: replace a random entry.
            let i = rng.below(POOL as u64) as usize;
            pool[i] = action;
        }
    }
    Ok(())
}

fn check_views<G: Game>(
    state: &G,
    scratch: &mut Scratch<G::Action>,
    rng: &mut GameRng,
    report: &mut Report,
) -> Result<(), String> {
    for seat in PlayerId::all(state.num_players()) {
        let view = state.view(seat);
        let json = serde_json::to_string(&view)
            .map_err(|e| format!("view of seat {seat} does not serialize: {e}"))?;
        let back: G::View = serde_json::from_str(&json)
            .map_err(|e| format!("view of seat {seat} does not deserialize: {e}"))?;
        if back != view {
            return Err(format!("view of seat {seat} changed in a JSON round trip"));
        }
        let world = G::sample_world(&view, rng)
            .map_err(|e| format!("sampling a world for seat {seat} failed: {e}"))?;
        report.worlds += 1;
        report.worlds_differing += usize::from(world != *state);
        if world.view(seat) != view {
            return Err(format!(
                "a world sampled from seat {seat}'s view shows it a different view"
            ));
        }
        if !world.census().is_exactly(G::deck(world.rules())) {
            return Err(format!(
                "a world sampled for seat {seat} does not hold the deck once"
            ));
        }
        G::view_legal_actions(&view, &mut scratch.buf);
        if state.to_act() == Some(seat) {
            state.legal_actions(&mut scratch.legal);
            if scratch.legal != scratch.buf {
                return Err(format!(
                    "seat {seat}, which is to act, has other legal actions in its view"
                ));
            }
            world.legal_actions(&mut scratch.buf);
            if scratch.legal != scratch.buf {
                return Err(format!(
                    "a world sampled for seat {seat}, which is to act, offers it other actions"
                ));
            }
        } else if !scratch.buf.is_empty() {
            return Err(format!(
                "seat {seat} is not to act but its view lists legal actions"
            ));
        }
    }
    Ok(())
}

fn check_end<G: Game>(state: &G, players: usize) -> Result<(), String> {
    if state.outcome().is_none() {
        return Err("the game is over without an outcome".into());
    }
    let settlement = state.settlement();
    let returns = state.returns();
    if settlement.len() != players || returns.len() != players {
        return Err(format!(
            "settlement {settlement:?} and returns {returns:?} for {players} players"
        ));
    }
    if settlement.iter().sum::<i64>() != 0 {
        return Err(format!("settlement {settlement:?} does not sum to 0"));
    }
    let sum: f64 = returns.iter().sum();
    if sum.abs() > 1e-9 {
        return Err(format!("returns {returns:?} sum to {sum}, not 0"));
    }
    Ok(())
}

fn check_record<G: Game>(record: &GameRecord<G>, end: &G, start: &G) -> Result<(), String> {
    let json =
        serde_json::to_string(record).map_err(|e| format!("record does not serialize: {e}"))?;
    let back: GameRecord<G> =
        serde_json::from_str(&json).map_err(|e| format!("record does not deserialize: {e}"))?;
    if back != *record {
        return Err("record changed in a JSON round trip".into());
    }
    let replayed = back.replay().map_err(|e| format!("replay failed: {e}"))?;
    if replayed != *end {
        return Err("replay reached a different final state".into());
    }
    let mut from_setup = GameRecord::<G>::from_setup(record.rules.clone(), start.setup());
    from_setup.actions.clone_from(&record.actions);
    let json = serde_json::to_string(&from_setup)
        .map_err(|e| format!("a setup record does not serialize: {e}"))?;
    let back: GameRecord<G> = serde_json::from_str(&json)
        .map_err(|e| format!("a setup record does not deserialize: {e}"))?;
    match back.replay() {
        Ok(replayed) if replayed == *end => Ok(()),
        Ok(_) => Err("the record replayed from its start's setup ends elsewhere".into()),
        Err(e) => Err(format!(
            "the record replayed from its start's setup fails: {e}"
        )),
    }
}
